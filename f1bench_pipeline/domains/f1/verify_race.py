"""F1: verification of stops under a safety car, positions around the stops and at the finish, the lap
difference between two stops, laps to go, against the facts the context states (``instances/stated.py``)
and its pit laps, finishing positions and race distance.

None of these claims covers an oracle fact (``Verdict.matched`` stays empty when supported): a lap
difference or laps to go is computed from pit laps the answer does not state, a finishing order from
places it does not state, and the stated facts are no oracle facts (recall stays the paper's).

* ``stop_neutralisation``: a stop (of a driver and/or on a lap) made under SC/VSC or not. A claim
  naming a kind ("under the Safety Car") is judged on the neutralisation only: the published contexts
  said "under SC/VSC" for either, and answers use "safety car" for both, so a claim naming SC where
  the context says VSC (or the reverse) is supported, its reason naming the context's kind (precision
  first: a loose name for a true neutralisation is no false statement of the race). Race-level "no
  safety car" (no driver, no lap) is contradicted only by a neutralised stop in the context; else
  unverifiable (the context lists the drivers' stops, not the whole race's neutralisations). A claim
  of a driver's stop with no lap is supported by any of his stops, else unverifiable (which stop?).
* ``relative_position``: driver_a ahead of / behind driver_b before or after the stops, on the
  context's running order of the battle (its gap's sign), else the two drivers' positions; at the
  finish (``when`` "final") on their finishing positions.
* ``position_change``: a driver gained (or lost) a place on a rival through the stops: the running
  order before vs after (``at`` "finish": before the stops vs the finishing order; one who finished
  behind gained no place by the finish, whatever the order before). ``denied`` ("did not gain a position") is supported when no such swap
  happened. Without a rival, the battle's other driver (the only battle naming the driver).
* ``pit_lap_difference``: driver_a stopped ``laps`` laps after driver_b (negative: before); with
  ``sign_only`` only the direction is claimed ("GAS pitted first"). Any pair of the two drivers'
  stops with that difference and direction supports it (the battle's stops among them); none is a
  contradiction only when the rival was named (``rival_named``), else unverifiable.
* ``laps_to_go``: race laps minus a pit lap (of the driver, when named), within
  ``LAPS_TO_GO_TOLERANCE`` (the two counting conventions).
"""

from __future__ import annotations

from collections.abc import Callable

from f1bench_pipeline.domains.f1 import verify_stops
from f1bench_pipeline.domains.f1.claims import Claim
from f1bench_pipeline.domains.f1.context_index import ContextIndex
from f1bench_pipeline.domains.f1.instances.facts import pair_key
from f1bench_pipeline.scoring.verdict import CONTRADICTED, SUPPORTED, UNVERIFIABLE, Verdict

# "with 16 laps to go" after a stop on lap 28 of 44: 44 - 28 = 16 counts the laps after the pit lap,
# 17 counts the pit lap too; both conventions are in use, so a claim within one lap of R - lap is right.
LAPS_TO_GO_TOLERANCE = 1


def _supported(reason: str) -> Verdict:
    return Verdict(SUPPORTED, reason, [])  # covers no oracle fact (module docstring)


def _neutralisation(claim: Claim, idx: ContextIndex) -> Verdict:
    s = claim.slots
    driver, lap, kind = s.get("driver"), s.get("lap"), s.get("kind")
    facts = idx.keyed("stop_neutralisation", driver) if driver else idx.facts("stop_neutralisation")
    if lap is not None:
        facts = [f for f in facts if f.key["lap"] == lap]
    if driver is None and lap is None:
        if s["neutralised"]:
            return Verdict(UNVERIFIABLE, "a neutralisation of no stated stop")
        hit = [f for f in facts if f.value["neutralised"]]
        if hit:
            return Verdict(CONTRADICTED, f"{hit[0].key['driver']} stopped on lap {hit[0].key['lap']} under "
                           f"{hit[0].value['kind']}", expected=[f.fact_id for f in hit])
        return Verdict(UNVERIFIABLE, "the context lists the drivers' stops, not the race's neutralisations")
    if not facts:
        return Verdict(UNVERIFIABLE, "the context states no such stop")
    hits = [f for f in facts if f.value["neutralised"] == s["neutralised"]]
    if not hits and lap is None:  # "his late stops were under SC/VSC": which of his stops is not pinned
        return Verdict(UNVERIFIABLE, f"no stop of {driver} fits, and the claim names no lap")
    if not hits:
        return Verdict(CONTRADICTED, "the context states the stop " + ("under " + facts[0].value["kind"]
                       if facts[0].value["neutralised"] else "under green flag"), expected=[f.fact_id for f in facts])
    named = kind if kind in ("SC", "VSC") else None
    if named and s["neutralised"] and all(f.value["kind"] != named for f in hits):
        return _supported(f"neutralised as stated (the context says {hits[0].value['kind']}, the claim {named})")
    return _supported("matches the context")


def _order_facts(idx: ContextIndex, a: str, b: str, when: str) -> list:
    """The facts that order a and b ``when`` (before/after the stops, final): the running order,
    else the two drivers' positions (also the correction a refinement round offers)."""
    if when != "final":
        order = [f for f in idx.keyed("running_order", pair_key(a, b)) if f.key["when"] == when]
        if order:
            return order[:1]
        return [f for d in (a, b) for f in idx.keyed("race_position", d) if f.key["when"] == when]
    return [f for d in (a, b) for f in idx.keyed("final_position", d)]


def _order(idx: ContextIndex, a: str, b: str, when: str) -> str | None:
    """Which of a, b ran ahead ``when``; None when the context does not say."""
    facts = _order_facts(idx, a, b, when)
    if facts and facts[0].type == "running_order":
        return str(facts[0].value["ahead"])
    pos = {f.key["driver"]: f.value["position"] for f in facts}
    if a in pos and b in pos and pos[a] != pos[b]:
        return a if pos[a] < pos[b] else b
    return None


def _relative(claim: Claim, idx: ContextIndex) -> Verdict:
    s = claim.slots
    a, b, when = s["driver_a"], s["driver_b"], s["when"]
    if a == b:
        return Verdict(UNVERIFIABLE, "one driver on both sides")
    lap = s.get("stop_lap")
    window = _window(idx) if when == "after" and isinstance(lap, int) and not isinstance(lap, bool) else None
    if window is not None and not window[0] <= lap <= window[1]:  # type: ignore[operator]
        return Verdict(UNVERIFIABLE, f"the context orders the pair around the battle's stops (laps {window[0]}-"
                                     f"{window[1]}), not after a stop on lap {lap}")
    ahead = _order(idx, a, b, when)
    if ahead is None:
        return Verdict(UNVERIFIABLE, f"the context does not order {a} and {b} {when}")
    if (ahead == a) == bool(s["ahead"]):
        return _supported(f"{ahead} ahead {when}")
    return Verdict(CONTRADICTED, f"the context has {ahead} ahead {when}",
                   expected=[f.fact_id for f in _order_facts(idx, a, b, when)])


def _window(idx: ContextIndex) -> tuple[int, int] | None:
    """The laps the battle's order before and after its stops is taken at (the positions' laps), if stated; else
    the battle's own stops when the running order carries them (a context stating the order by the gap's sign)."""
    laps = {f.key["when"]: f.value.get("lap") for f in idx.facts("race_position")}
    lo, hi = laps.get("before"), laps.get("after")
    if isinstance(lo, int) and isinstance(hi, int):
        return (lo, hi)
    stops = next((f.value["stops"] for f in idx.facts("running_order") if f.value.get("stops")), None)
    return (int(stops[0]), int(stops[1])) if stops else None


def _rival(idx: ContextIndex, d: str) -> str | None:
    pairs = {f.key["pair"] for f in idx.facts("running_order") if d in f.key["pair"].split("|")}
    if len(pairs) != 1:
        return None
    x, y = next(iter(pairs)).split("|")
    return y if x == d else x


def _change(claim: Claim, idx: ContextIndex) -> Verdict:
    s = claim.slots
    d = s["driver"]
    rival = s.get("rival") or _rival(idx, d)
    if rival is None or rival == d:
        return Verdict(UNVERIFIABLE, f"no rival of {d} whose running order the context states")
    late = "final" if s.get("at") == "finish" else "after"  # (by the finish: the finishing order)
    before, after = _order(idx, d, rival, "before"), _order(idx, d, rival, late)
    if before is None and after is not None and late == "final" and after == rival and s["gained"]:
        # no place gained by the finish by one who finished behind, whatever the order before the stops
        if s.get("denied"):
            return _supported(f"{rival} ahead at the finish")
        return Verdict(CONTRADICTED, f"the context has {rival} ahead at the finish",
                       expected=[f.fact_id for f in _order_facts(idx, d, rival, late)])
    if before is None or after is None:
        return Verdict(UNVERIFIABLE, f"the context does not order {d} and {rival} before the stops and {late}")
    swap = before != after
    happened = swap and (after == d) == bool(s["gained"])
    if happened != bool(s.get("denied")):
        return _supported(f"{before} ahead before the stops, {after} {late}")
    return Verdict(CONTRADICTED, f"the context has {before} ahead before the stops and {after} {late}",
                   expected=[f.fact_id for w in ("before", late) for f in _order_facts(idx, d, rival, w)])


def _laps(idx: ContextIndex, d: str) -> list[int]:
    return [int(f.value["lap"]) for f in idx.keyed("pit_lap", d)]


def _pit_difference(claim: Claim, idx: ContextIndex) -> Verdict:
    s = claim.slots
    a, b, n = s["driver_a"], s["driver_b"], int(s["laps"])
    la, lb = _laps(idx, a), _laps(idx, b)
    if a == b or not la or not lb:
        return Verdict(UNVERIFIABLE, f"the context states no stops of both {a} and {b}")
    pinned = verify_stops.pinned_difference(claim, idx)  # "STR's stop was much earlier at lap 51"
    if pinned is not None:
        return pinned
    sign_only = bool(s.get("sign_only"))

    def fits(x: int, y: int) -> bool:
        return (x - y) * n > 0 if sign_only else x - y == n
    if any(fits(x, y) for x in la for y in lb):
        return _supported(f"stops of {a} {sorted(la)} and {b} {sorted(lb)}")
    if not s.get("rival_named", True):
        return Verdict(UNVERIFIABLE, f"no stops of {a} and {b} fit, and {b} was not named beside the difference")
    return Verdict(CONTRADICTED, f"no stops of {a} {sorted(la)} and {b} {sorted(lb)} fit",
                   expected=[f.fact_id for d in (a, b) for f in idx.keyed("pit_lap", d)])


def _laps_to_go(claim: Claim, idx: ContextIndex) -> Verdict:
    s = claim.slots
    race = [int(f.value["laps"]) for f in idx.facts("race_laps")]
    if not race:
        return Verdict(UNVERIFIABLE, "the context states no race distance")
    d = s.get("driver")
    stops = _laps(idx, d) if d else [int(f.value["lap"]) for f in idx.facts("pit_lap")]
    if not stops:
        return Verdict(UNVERIFIABLE, "the context states no such stop")
    left = [race[0] - lap for lap in stops]
    if any(abs(x - int(s["laps"])) <= LAPS_TO_GO_TOLERANCE for x in left):
        return _supported(f"race of {race[0]} laps, stops {sorted(stops)}")
    if d is None:
        return Verdict(UNVERIFIABLE, "no stop fits, and the claim names no driver")
    return Verdict(CONTRADICTED, f"race of {race[0]} laps, stops of {d} {sorted(stops)}",
                   expected=[f.fact_id for f in idx.keyed("pit_lap", d)])


VERIFIERS: dict[str, Callable[[Claim, ContextIndex], Verdict]] = {
    "stop_neutralisation": _neutralisation, "relative_position": _relative, "position_change": _change,
    "pit_lap_difference": _pit_difference, "laps_to_go": _laps_to_go,
}
