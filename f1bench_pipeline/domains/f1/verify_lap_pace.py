"""F1: verification of a lap-level pace claim (``lap_pace``: the time, per-lap difference or pace of one
lap or a short stretch of laps, ``extract/lap_pace.py``).

The contexts state stint summaries only (each stint's laps, average and degradation; the pit laps; a
battle's gap before and after the stops), never a single lap's time: such a claim is unverifiable.
One exception: a time whose laps (``start_lap``-``end_lap``) are exactly a whole stint of its driver
in the context is that stint's average, and is verified as a ``stint_pace`` claim pinned to that
stint (``verify_pace.verify_stint_pace``, with its tolerance).
"""

from __future__ import annotations

from collections.abc import Callable

from f1bench_pipeline.domains.f1.claims import Claim
from f1bench_pipeline.domains.f1.context_index import ContextIndex
from f1bench_pipeline.domains.f1.verify_pace import verify_stint_pace
from f1bench_pipeline.scoring.verdict import UNVERIFIABLE, Verdict

NOT_STATED = "the context states stint averages only, not the pace of a single lap or a stretch of laps"


def _whole_stint(claim: Claim, idx: ContextIndex) -> int | None:
    """The stint of the claim's driver whose laps are exactly the claim's, if any."""
    s = claim.slots
    a, b = s.get("start_lap"), s.get("end_lap")
    if not isinstance(a, int) or not isinstance(b, int):
        return None
    for f in idx.keyed("stint_laps", s["driver"]):
        if f.value.get("start_lap") == a and f.value.get("end_lap") == b:
            return int(f.key["stint"])
    return None


def verify_lap_pace(claim: Claim, idx: ContextIndex) -> Verdict:
    s = claim.slots
    if s.get("seconds") is not None:
        stint = _whole_stint(claim, idx)
        if stint is not None:  # "laps 1-2 avg 80.12s" of a stint run on laps 1-2: that stint's average
            slots = {"driver": s["driver"], "seconds": s["seconds"], "stint": stint}
            if s.get("resolution") is not None:
                slots["resolution"] = s["resolution"]
            return verify_stint_pace(Claim(type="stint_pace", slots=slots, span=claim.span, extractor=claim.extractor,
                                           binding=claim.binding), idx)
    return Verdict(UNVERIFIABLE, NOT_STATED)


VERIFIERS: dict[str, Callable[[Claim, ContextIndex], Verdict]] = {"lap_pace": verify_lap_pace}
