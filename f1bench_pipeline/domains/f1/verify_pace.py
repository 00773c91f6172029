"""F1: verification of a stint's average pace and degradation, and comparisons of them between stints or drivers, against the facts the context states (``instances/stated.py``)."""

from __future__ import annotations

from collections.abc import Callable

from f1bench_pipeline.domains.f1.claims import Claim
from f1bench_pipeline.domains.f1.context_index import ContextIndex
from f1bench_pipeline.scoring.verdict import UNVERIFIABLE, Verdict


def _not_read_yet(claim: Claim, idx: ContextIndex) -> Verdict:
    return Verdict(UNVERIFIABLE, f"{claim.type} is not verified yet")


VERIFIERS: dict[str, Callable[[Claim, ContextIndex], Verdict]] = {t: _not_read_yet for t in ('stint_pace', 'stint_degradation', 'pace_comparison')}
