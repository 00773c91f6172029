"""F1: verification of a fact no context states (``unstated_fact``, ``extract/unstated.py``).

The contexts state each driver's stints (laps, average, degradation), stops (lap, tyres, SC/VSC), the
battle's gap before and after the stops and the finishing positions: never the weather or the track's
conditions, championship points, or the time a stop lost in the pit lane. A statement of one of these
is unverifiable, whatever it says (a human reading the context could not check it either).
"""

from __future__ import annotations

from collections.abc import Callable

from f1bench_pipeline.domains.f1.claims import Claim
from f1bench_pipeline.domains.f1.context_index import ContextIndex
from f1bench_pipeline.scoring.verdict import UNVERIFIABLE, Verdict

NOT_STATED = {
    "weather": "the context states no weather or track conditions (a tyre's compound is no weather report)",
    "points": "the context states finishing positions, not championship points",
    "pit_time": "the context states no time lost or saved in the pits (only the gap before and after the stops)",
    "tyre_age": "the context states each stint's tyre and laps, not whether its set was new or used",
}


def verify_unstated(claim: Claim, idx: ContextIndex) -> Verdict:
    kind = claim.slots.get("kind")
    return Verdict(UNVERIFIABLE, NOT_STATED.get(kind, f"the context states no {kind}") if isinstance(kind, str)
                   else "the context does not state this")


VERIFIERS: dict[str, Callable[[Claim, ContextIndex], Verdict]] = {"unstated_fact": verify_unstated}
