"""F1: verification of stops under a safety car, positions around the stops and at the finish, the lap difference between two stops, laps to go, against the facts the context states (``instances/stated.py``)."""

from __future__ import annotations

from collections.abc import Callable

from f1bench_pipeline.domains.f1.claims import Claim
from f1bench_pipeline.domains.f1.context_index import ContextIndex
from f1bench_pipeline.scoring.verdict import UNVERIFIABLE, Verdict


def _not_read_yet(claim: Claim, idx: ContextIndex) -> Verdict:
    return Verdict(UNVERIFIABLE, f"{claim.type} is not verified yet")


VERIFIERS: dict[str, Callable[[Claim, ContextIndex], Verdict]] = {t: _not_read_yet for t in ('stop_neutralisation', 'relative_position', 'position_change', 'pit_lap_difference', 'laps_to_go')}
