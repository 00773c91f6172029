"""F1: verification of #44's second-pass readings of stops and moves, against the context's stops and battles.

* A stop counted by its ordinal (``pit_lap`` with ``ordinal``: "his second stop came on lap 30"): the
  driver's stops in lap order; ordinal k is the k-th, -1 the last. Checked only when the context lists
  all of the driver's stops (its ``n_stops`` fact equals the stops it lists, and names no other count:
  a red-flag tyre change that official timing counts as a stop makes the count ambiguous). A battle's
  context in f1bench lists both drivers' stops; a race summary lists the battle stops only (no
  ``n_stops``): there the ordinal is not checked and the plain pit_lap verdict stands.
* A denied move (``battle`` with ``denied``: "the overcut did not happen", "no hubo undercut", "there
  was no overcut between GAS and ALB"): contradicted when the context states that move (kind, attacker
  and defender; with ``either_way`` either driver as attacker) and it worked (the gain's sign, as the
  guide reads a move's outcome); when the stated move did not work the denial is read as its failure
  (as the guide reads "LEC did not overcut ALB": battle_outcome false) and is supported; when the
  context states another move of the pair, supported; else unverifiable.
* A stop difference pinned to stated laps (``pit_lap_difference`` with ``lap_a``/``lap_b``: "BOR's stop
  was lap 49, while STR's was much earlier at lap 51"): the sign of lap_a - lap_b when both are stops
  of their drivers in the context, else the plain check (``verify_race``).
"""

from __future__ import annotations

from f1bench_pipeline.domains.f1.claims import Claim
from f1bench_pipeline.domains.f1.context_index import ContextIndex
from f1bench_pipeline.domains.f1.instances.facts import pair_key
from f1bench_pipeline.scoring.verdict import CONTRADICTED, SUPPORTED, UNVERIFIABLE, Verdict


def _all_stops(idx: ContextIndex, d: str) -> list | None:
    """The driver's pit_lap facts in lap order when the context lists all of his stops, else None."""
    counts = idx.keyed("n_stops", d)
    stops = sorted(idx.keyed("pit_lap", d), key=lambda f: int(f.value["lap"]))
    if len(counts) != 1 or counts[0].alt_values or int(counts[0].value["n"]) != len(stops):
        return None
    return stops


def _nth(k: int) -> str:
    return "last" if k == -1 else {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th")


def ordinal_verdict(claim: Claim, idx: ContextIndex, plain: Verdict) -> Verdict:
    """``plain`` (the pit_lap verdict) unless the claim's ordinal can be checked: a stop of the driver on
    that lap that is not the k-th of his stops is a contradiction."""
    s = claim.slots
    k = s.get("ordinal")
    if not isinstance(k, int) or plain.label != SUPPORTED or plain.reading is not None:
        return plain
    stops = _all_stops(idx, s["driver"])
    if stops is None:
        return plain  # the context does not list all of his stops: the ordinal is not checkable
    if k == -1 or 1 <= k <= len(stops):
        want = stops[-1] if k == -1 else stops[k - 1]
        if int(want.value["lap"]) == int(s["lap"]):
            return Verdict(SUPPORTED, f"{plain.reason}, the {_nth(k)} of {len(stops)} stops", plain.matched)
        return Verdict(CONTRADICTED, f"lap {s['lap']} is not the {_nth(k)} stop of {s['driver']}: that was lap "
                       f"{want.value['lap']} (stops {[int(f.value['lap']) for f in stops]})", expected=[want.fact_id])
    return Verdict(CONTRADICTED, f"{s['driver']} made {len(stops)} stops, not a {_nth(k)}",
                   expected=[f.fact_id for f in stops])


def counted_stops(claim: Claim, idx: ContextIndex, cands: list) -> list:
    """The stops a counted stop may be (``cands`` when the ordinal is not checkable): the k-th only."""
    k = claim.slots.get("ordinal")
    if not isinstance(k, int):
        return cands
    stops = _all_stops(idx, claim.slots["driver"])
    if stops is None:
        return cands
    if k == -1 or 1 <= k <= len(stops):
        return [stops[-1] if k == -1 else stops[k - 1]]
    return []


def denied_battle(claim: Claim, idx: ContextIndex) -> Verdict:
    s = claim.slots
    a, d, kind = s["attacker"], s["defender"], s["kind"]
    facts = idx.keyed("battle", pair_key(a, d)) if idx.facts("battle") else []
    if not facts:
        return Verdict(UNVERIFIABLE, f"the context states no pit battle between {a} and {d}")
    same = [f for f in facts if f.value["kind"] == kind and
            (s.get("either_way") or (f.value["attacker"], f.value["defender"]) == (a, d))]
    if not same:
        return Verdict(SUPPORTED, f"the context's battle of {a} and {d} is another move", [])
    worked = [f for f in idx.facts("battle_outcome") if f.key.get("pair") == same[0].key["pair"]]
    if worked and worked[0].value["success"]:
        return Verdict(CONTRADICTED, f"the context states the {kind} by {same[0].value['attacker']} on "
                       f"{same[0].value['defender']}, and it worked", expected=[same[0].fact_id, worked[0].fact_id])
    if worked:
        return Verdict(SUPPORTED, f"the context's {kind} did not work: denied in effect", [])
    return Verdict(UNVERIFIABLE, f"the context states the {kind} but not its outcome")


def pinned_difference(claim: Claim, idx: ContextIndex) -> Verdict | None:
    """The verdict of a lap difference pinned to stated laps, or None (not pinned, or a lap is no stop)."""
    s = claim.slots
    la, lb = s.get("lap_a"), s.get("lap_b")
    if la is None or lb is None:
        return None
    a, b = s["driver_a"], s["driver_b"]
    fa = [f for f in idx.keyed("pit_lap", a) if int(f.value["lap"]) == int(la)]
    fb = [f for f in idx.keyed("pit_lap", b) if int(f.value["lap"]) == int(lb)]
    if not fa or not fb or la == lb:
        return None
    if (int(la) - int(lb)) * int(s["laps"]) > 0:
        return Verdict(SUPPORTED, f"{a}'s stop on lap {la}, {b}'s on lap {lb}", [])
    return Verdict(CONTRADICTED, f"{a}'s stop on lap {la} came {'after' if la > lb else 'before'} {b}'s on lap {lb}",
                   expected=[fa[0].fact_id, fb[0].fact_id])
