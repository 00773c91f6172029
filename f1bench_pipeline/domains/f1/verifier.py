"""F1: deterministic verification of claims against an instance's context facts.

supported     — a context fact with the claim's key holds the claimed value (numbers within
                the fact type's tolerance; slots the claim leaves out are not compared);
contradicted  — the context holds that key, but with other values only;
unverifiable  — the context has no fact with that key: drivers or teams it never names,
                fact types it does not state, claims too vague to pin to one fact.

Both extractors feed this one verifier, so their results differ only by what they extract.

Ambiguous wording. Where a claim has more than one reasonable reading, it is supported when
the context supports any of them, and ``Verdict.reading`` names the alternative that did
(``READINGS``; None for the plain reading). An alternative reading never covers an oracle fact
(``matched`` stays empty): the answer did not state that fact, it stated something true.
Each alternative is narrow, and its neighbours stay contradicted (tested):

* ``outcome_time_gained`` — "the undercut/overcut worked" when the attacker gained time on the
  defender but did not get ahead (the context's outcome is "ahead after the stops: no"). The
  gain is the move's purpose, so "it worked" is true of it; "it failed" when the attacker did get
  ahead stays contradicted.
* ``out_lap`` — a stop or tyre change placed on the lap after the context's pit lap ("fitted the
  softs on lap 31" for "Pit lap 30"): the context's stint starts on that lap, the lap the new
  tyres were first raced. Two laps after, or the lap before, stay contradicted.
* ``stint_from_pit_lap`` — a stint said to start on the pit lap itself (laps 30–50 for a stint of
  laps 31–50 after a stop on lap 30), with its length counted the same way.
* ``gap_other_reference`` — a gap whose before/after the text left to the extractor's reading but
  whose size is the context's gap at the other reference lap (before vs after the stops).
* ``gap_change`` — a "gap" whose size is the pair's gain, the change of the gap ("the gap shrank
  by 0.59 s" read as a gap).
* ``compound_total`` — laps on a tyre with no stint named ("ran the intermediates for 41 laps")
  that equal the sum of the driver's stints on that tyre (two or more of them).
* ``bound`` — a gain or gap stated as a bound ("more than 4 seconds", "menos de 1 s"): supported
  when the context's value lies on the stated side (within tolerance); it covers nothing, unless
  the bound is within the tolerance of the value ("by over 7 seconds" for 7.283: the plain reading).
Signs of gaps are ignored throughout (the context states sizes with "behind"/"ahead of").

A reading never rescues a doubtful binding: a claim whose driver the extractor bound only by
proximity (``Claim.binding == NEAR``: the nearest driver was the clause's object or named in an
aside, "ALO undercut STR, stopping on lap 19") gets the plain verdict; its reason says which
reading would have matched. A claim bound to its subject, or whose binding is not recorded (the
LLM extractor), is read as above.
"""

from __future__ import annotations

from typing import Any

from f1bench_pipeline.domains.f1 import (
    verify_gap_trend,
    verify_lap_pace,
    verify_pace,
    verify_race,
    verify_stops,
    verify_unstated,
)
from f1bench_pipeline.domains.f1.claims import CLAIM_SLOTS, NEAR, Claim
from f1bench_pipeline.domains.f1.context_index import _KEY_SLOT, ContextIndex, context_index  # noqa: F401 - re-exported
from f1bench_pipeline.domains.f1.instances.facts import TOLERANCES, Fact, FactType, pair_key
from f1bench_pipeline.scoring.verdict import CONTRADICTED, SUPPORTED, UNVERIFIABLE, Verdict, judge  # noqa: F401 - re-exported

# The named alternative readings a supported claim may rest on (module docstring).
OUTCOME_TIME_GAINED = "outcome_time_gained"
OUT_LAP = "out_lap"
STINT_FROM_PIT_LAP = "stint_from_pit_lap"
GAP_OTHER_REFERENCE = "gap_other_reference"
GAP_CHANGE = "gap_change"
COMPOUND_TOTAL = "compound_total"
BOUND = "bound"
READINGS = (OUTCOME_TIME_GAINED, OUT_LAP, STINT_FROM_PIT_LAP, GAP_OTHER_REFERENCE, GAP_CHANGE, COMPOUND_TOTAL, BOUND)
DRIVER_SLOTS = ("driver", "attacker", "defender", "pursuer", "driver_a", "driver_b", "teammate")
_DRIVER_SLOT_SET = frozenset(DRIVER_SLOTS)
_REQUIRED = {t: required for t, (required, _optional) in CLAIM_SLOTS.items()}
# The verifiers of the claim types beyond the paper's ontology, by type (their own modules).
_STATED_VERIFIERS = {**verify_pace.VERIFIERS, **verify_race.VERIFIERS, **verify_lap_pace.VERIFIERS,
                     **verify_unstated.VERIFIERS}


def _alternative(plain: Verdict, reading: str, why: str, alt_candidates: list, matches, near: bool = False) -> Verdict:
    """``plain`` unless it is a contradiction and some of ``alt_candidates`` satisfies ``matches``
    (the claim read the alternative way): then supported, under ``reading``, covering nothing --
    unless the claim's driver is bound only by proximity (``near``): then ``plain``, its reason
    naming the reading not taken."""
    if plain.label != CONTRADICTED:
        return plain
    hits = [f.fact_id for f in alt_candidates if matches(f)]
    if not hits:
        return plain
    if near:
        return Verdict(plain.label, f"{plain.reason} (read as {why} it would match {hits[0]}, but its driver is "
                       "bound by proximity, not as the subject)", plain.matched, plain.expected, None)
    return Verdict(SUPPORTED, f"matches the context read as {why} ({hits[0]})", [], [], reading)


def _tolerance(f: Fact) -> dict[str, float]:
    """``f.tolerance`` without building the FactType (FactType is a StrEnum: its members hash as
    their values)."""
    return TOLERANCES.get(f.type, {})


def _close(a: Any, b: Any, tol: float) -> bool:
    try:
        return abs(float(a) - float(b)) <= tol + 1e-9
    except (TypeError, ValueError):
        return False


_RAIN = frozenset({"RAIN", "WET", "INTERMEDIATE"})


def _eq(a: Any, b: Any) -> bool:
    if isinstance(a, str) and isinstance(b, str):
        a, b = a.upper(), b.upper()
        if "RAIN" in (a, b):  # "pneus de chuva", "neumáticos de lluvia": either rain tyre
            return a in _RAIN and b in _RAIN
        return a == b
    return a == b


def _pair(claim: Claim, a: str, b: str, idx: ContextIndex, t: FactType) -> list[Fact] | None:
    """Facts of a pair-keyed type for the claim's pair, or the only pair in the context."""
    facts = idx.facts(t)
    x, y = claim.slots.get(a), claim.slots.get(b)
    if x and y:
        if not facts:
            return []
        pair = pair_key(x, y)
        return [f for f in facts if f.key.get("pair") == pair]
    named = x or y
    if named:
        return [f for f in facts if named in f.key.get("pair", "").split("|")]
    pairs = {f.key.get("pair") for f in facts}
    return facts if len(pairs) <= 1 else None  # ambiguous with several battles/defenses


def verify_claim(claim: Claim, idx: ContextIndex) -> Verdict:
    s = claim.slots
    near = getattr(claim, "binding", None) == NEAR  # (a claim of another domain has no binding)
    if claim.type == "entity":
        return Verdict(UNVERIFIABLE, f"names {s.get('name')!r}, who is not in the context")
    if claim.type == "other":
        return Verdict(UNVERIFIABLE, "not a checkable fact type")
    if claim.type == "compound_change" and (s.get("from") is None) != (s.get("to") is None) and s.get("driver"):
        return _partial_change(claim, idx)
    missing = [slot for slot in _REQUIRED[claim.type] if s.get(slot) is None]  # claim.missing_required()
    if missing:
        return Verdict(UNVERIFIABLE, f"claim lacks {', '.join(missing)}")
    if idx.drivers:
        # the first driver slot (in DRIVER_SLOTS order) naming a driver outside the context;
        # the claim's few slots are read rather than all seven names looked up
        unknown = [slot for slot, v in s.items() if slot in _DRIVER_SLOT_SET and isinstance(v, str)
                   and v.upper() not in idx.drivers and v.lower() != "none"]
        if unknown:
            v = s[min(unknown, key=DRIVER_SLOTS.index)]
            return Verdict(UNVERIFIABLE, f"driver {v} is not in the context")

    t = claim.type
    stated = _STATED_VERIFIERS.get(t)
    if stated is not None:
        return stated(claim, idx)
    cands: list[Fact] | None  # None: _pair's "several in the context, the claim does not say which"
    if t == "pit_lap":
        cands = idx.keyed(t, s["driver"])
        plain = judge(cands, lambda f: f.value["lap"] == s["lap"], f"pit stop of {s['driver']}")
        if s.get("ordinal") is not None:  # "his second stop came on lap 30": its place among his stops
            plain = verify_stops.ordinal_verdict(claim, idx, plain)
            cands = verify_stops.counted_stops(claim, idx, cands)  # (its out-lap too: of that stop only)
        return _alternative(plain, OUT_LAP, "the out-lap of the stop", cands, lambda f: f.value["lap"] + 1 == s["lap"],
                            near)
    if t == "compound_change":
        def m_shift(f: Fact, shift: int = 0) -> bool:
            return (_eq(f.value["from"], s["from"]) and _eq(f.value["to"], s["to"])
                    and (s.get("lap") is None or f.value["lap"] + shift == s["lap"]))
        cands = idx.keyed(t, s["driver"])
        plain = judge(cands, m_shift, f"tyre change of {s['driver']}")
        return _unknown_change(claim, idx, _alternative(plain, OUT_LAP, "the out-lap of the stop", cands,
                                                        lambda f: m_shift(f, 1), near))
    if t == "n_stops":
        def m(f: Fact) -> bool:
            return s["n"] == f.value["n"] or any(s["n"] == alt.get("n") for alt in f.alt_values)
        return judge(idx.keyed(t, s["driver"]), m, f"stop count of {s['driver']}")
    if t == "stint_compound":
        cands = idx.keyed(t, s["driver"])
        if s.get("stint") is not None:
            same = [f for f in cands if f.key["stint"] == s["stint"]]
            if cands and not same:
                return Verdict(CONTRADICTED, f"{s['driver']} ran {len(cands)} stints in the context",
                               expected=[f.fact_id for f in cands])
            cands = same
        return judge(cands, lambda f: _eq(f.value["compound"], s["compound"]), f"stints of {s['driver']}")
    if t == "stint_laps":
        cands = idx.keyed(t, s["driver"])
        if s.get("stint") is not None:
            cands = [f for f in cands if f.key["stint"] == s["stint"]]
        comp: set[int] = set()
        if s.get("stint") is None and s.get("compound") is not None:
            comp = {f.key["stint"] for f in idx.facts(FactType.stint_compound)
                    if f.key["driver"] == s["driver"] and _eq(f.value["compound"], s["compound"])}
            cands = [f for f in cands if f.key["stint"] in comp] or cands
        slots = [k for k in ("start_lap", "end_lap", "n_laps") if s.get(k) is not None]
        if not slots:
            return Verdict(UNVERIFIABLE, "claim states no lap numbers")
        plain = judge(cands, lambda f: all(f.value[k] == s[k] for k in slots), f"stint laps of {s['driver']}")
        if comp and plain.label == CONTRADICTED and _laps_of_an_untyred_stint(idx, s, slots):
            # "final stint (laps 33-44) on the MEDIUM" where the context's stint 3 is UNKNOWN: its tyre is not stated
            return Verdict(UNVERIFIABLE, f"the context does not name the tyre of {s['driver']}'s stint with those laps")
        if slots == ["n_laps"] and s.get("stint") is None and s.get("compound") is not None:
            # "ran the intermediates for 41 laps": the laps on that tyre, over all its stints
            runs = [f for f in idx.keyed(t, s["driver"]) if f.key["stint"] in comp]
            total = sum(int(f.value["n_laps"]) for f in runs)
            return _alternative(plain, COMPOUND_TOTAL, "the laps on that tyre over its stints", runs[:1] if
                                len(runs) >= 2 else [], lambda f: total == s["n_laps"], near)
        if "start_lap" not in slots:
            return plain
        stops = {f.value["lap"] for f in idx.keyed("pit_lap", s["driver"])}
        shifted = {"start_lap": -1, "end_lap": 0, "n_laps": 1}  # the stint counted from the pit lap

        def from_pit_lap(f: Fact) -> bool:
            return f.value["start_lap"] - 1 in stops and all(f.value[k] + shifted[k] == s[k] for k in slots)
        return _alternative(plain, STINT_FROM_PIT_LAP, "a stint counted from its pit lap", cands, from_pit_lap, near)
    if t == "final_position":
        return judge(idx.keyed(t, s["driver"]),
                      lambda f: f.value["position"] == s["position"], f"finishing position of {s['driver']}")
    if t == "winner":
        if idx.facts(t):
            return judge(idx.facts(t), lambda f: _eq(f.value["driver"], s["driver"]), "winner")
        # "X won" is "X finished P1": judge it on the finishing positions the context gives.
        positions = idx.facts(FactType.final_position)
        own = [f for f in positions if f.key["driver"] == s["driver"]]
        if own:
            return judge(own, lambda f: f.value["position"] == 1, f"finishing position of {s['driver']}")
        first = [f for f in positions if f.value["position"] == 1]
        return judge(first, lambda f: False, "winner")
    if t == "race_laps":
        return judge(idx.facts(t), lambda f: f.value["laps"] == s["laps"], "race distance")
    if t == "battle":
        if s.get("denied"):  # "the overcut did not happen", "no hubo undercut"
            return verify_stops.denied_battle(claim, idx)
        cands = idx.keyed(t, pair_key(s["attacker"], s["defender"])) if idx.facts(t) else []
        return judge(cands, lambda f: f.value["kind"] == s["kind"] and f.value["attacker"] == s["attacker"]
                      and f.value["defender"] == s["defender"], f"pit battle between {s['attacker']} and {s['defender']}")
    if t == "gain" and s.get("sign_only"):  # "HUL gained time on STR", "the gap shrank": the direction only
        return verify_gap_trend.verify(claim, idx)
    if t in ("battle_outcome", "gain"):
        cands = _pair(claim, "attacker", "defender", idx, FactType(t))
        if cands is None:
            return Verdict(UNVERIFIABLE, "several battles in the context; the claim does not say which")
        if t == "battle_outcome":
            plain = judge(cands, lambda f: f.value["success"] == s["success"], "battle outcome")
            if s["success"] is not True:
                return plain
            pairs = {f.key["pair"] for f in cands}
            gains = [f for f in idx.facts(FactType.gain) if f.key["pair"] in pairs]
            return _alternative(plain, OUTCOME_TIME_GAINED, "time gained (the attacker gained on the defender)",
                                gains, lambda f: float(f.value["seconds"]) > 0, near)
        if s.get("bound"):
            return _bounded(cands, s, "time gained", signed=True, near=near)
        return judge(cands, lambda f: _close(f.value["seconds"], s["seconds"], _tolerance(f)["seconds"]), "time gained")
    if t == "gap":
        cands = idx.facts(t)
        a, b = s.get("driver_a"), s.get("driver_b")
        if a and b:
            cands = [f for f in cands if {f.key["driver_a"], f.key["driver_b"]} == {a, b}]
        pair_gaps = cands
        if s.get("when"):
            cands = [f for f in cands if f.key["when"] == s["when"]] or cands
        size = abs(float(s["seconds"]))
        if s.get("bound"):
            return _bounded(cands, s, "gap", signed=False, near=near)
        plain = judge(cands, lambda f: _close(f.value["seconds"], size, _tolerance(f)["seconds"]), "gap")
        other = [f for f in pair_gaps if f not in cands]
        plain = _alternative(plain, GAP_OTHER_REFERENCE, "the gap at the other reference lap", other,
                             lambda f: _close(f.value["seconds"], size, _tolerance(f)["seconds"]), near)
        pairs = {pair_key(f.key["driver_a"], f.key["driver_b"]) for f in pair_gaps}
        gains = [f for f in idx.facts(FactType.gain) if f.key["pair"] in pairs]
        return _alternative(plain, GAP_CHANGE, "the change of the gap (the gain)", gains,
                            lambda f: _close(f.value["seconds"], size, _tolerance(f)["seconds"]), near)
    if t == "defense":
        cands = idx.keyed(t, pair_key(s["defender"], s["pursuer"])) if idx.facts(t) else []

        def m(f: Fact) -> bool:
            roles = f.value["defender"] == s["defender"] and f.value["pursuer"] == s["pursuer"]
            laps = s.get("laps") is None or _close(f.value["laps"], s["laps"], _tolerance(f)["laps"])
            return roles and laps
        return judge(cands, m, f"defense between {s['defender']} and {s['pursuer']}")
    if t == "defense_outcome":
        cands = _pair(claim, "defender", "pursuer", idx, FactType(t))
        if cands is None:
            return Verdict(UNVERIFIABLE, "several defenses in the context; the claim does not say which")
        return judge(cands, lambda f: f.value["passed"] == s["passed"], "defense outcome")
    if t == "teammate_protected":
        return judge(idx.keyed(t, s["defender"]),
                      lambda f: _eq(f.value["teammate"], s["teammate"]), f"teammate of {s['defender']}")
    return Verdict(UNVERIFIABLE, f"unknown claim type {t}")


def _laps_of_an_untyred_stint(idx: ContextIndex, s: dict[str, Any], slots: list[str]) -> bool:
    """A stint of the driver with exactly the claim's laps whose tyre the context does not state."""
    tyred = {f.key["stint"] for f in idx.facts(FactType.stint_compound) if f.key["driver"] == s["driver"]}
    return any(f.key["stint"] not in tyred and all(f.value[k] == s[k] for k in slots)
               for f in idx.keyed("stint_laps", s["driver"]))


def _bounded(cands: list[Fact], s: dict[str, Any], what: str, signed: bool, near: bool = False) -> Verdict:
    """"gained more than 4 seconds", "less than 1 s behind": supported when the context's value is
    on the stated side of the bound (within the type's tolerance). Supported so, it covers no oracle
    fact: the text bounds the value, it does not state it; a bound within the tolerance of the value
    is read plainly, as the value."""
    claimed = float(s["seconds"]) if signed else abs(float(s["seconds"]))
    # "by over 7 seconds" for 7.283: within the tolerance it states the value, as the plain reading
    close = judge(cands, lambda f: _close(f.value["seconds"] if signed else abs(float(f.value["seconds"])), claimed,
                                          _tolerance(f)["seconds"]), what)
    if close.label == SUPPORTED or near:  # (a bound is a reading: not for a claim bound by proximity)
        return close

    def m(f: Fact) -> bool:
        v = float(f.value["seconds"]) if signed else abs(float(f.value["seconds"]))
        tol = _tolerance(f).get("seconds", 0.0)
        return v >= claimed - tol if s["bound"] == "min" else v <= claimed + tol
    v = judge(cands, m, what)
    if v.label == SUPPORTED:
        v.matched = []
        v.reading = BOUND
        v.reason = f"the context's {what} is {'above' if s['bound'] == 'min' else 'below'} the stated bound"
    return v


def _partial_change(claim: Claim, idx: ContextIndex) -> Verdict:
    """"switched to HARD on lap 26", "pitted from the MEDIUMs": a tyre change whose old (or new)
    compound the text leaves out is checked on what it states (that compound, and the lap when
    given). Supported, it covers no oracle fact: the fact is the whole change, from and to."""
    s = claim.slots
    side = "to" if s.get("to") is not None else "from"
    if idx.drivers and s["driver"].upper() not in idx.drivers:
        return Verdict(UNVERIFIABLE, f"driver {s['driver']} is not in the context")
    cands = idx.keyed("compound_change", s["driver"])
    v = judge(cands, lambda f: _eq(f.value[side], s[side]) and (s.get("lap") is None or f.value["lap"] == s["lap"]),
              f"tyre change of {s['driver']}")
    if v.label == CONTRADICTED and s.get("lap") is not None:
        v = _alternative(v, OUT_LAP, "the out-lap of the stop", cands,
                         lambda f: _eq(f.value[side], s[side]) and f.value["lap"] + 1 == s["lap"],
                         getattr(claim, "binding", None) == NEAR)
    v = _unknown_change(claim, idx, v)
    if v.label == SUPPORTED:
        v.matched = []
        missing = "old" if side == "to" else "new"
        v.reason = f"matches the context on the stated slots (the {missing} compound is not stated)" \
            if v.reading is None else v.reason
    return v


def _unknown_change(claim: Claim, idx: ContextIndex, plain: Verdict) -> Verdict:
    """A tyre change contradicted by the driver's other stops may be the stop whose change the context
    leaves out ("Pit lap 30: MEDIUM->UNKNOWN": a pit lap without a compound_change fact). Such a stop
    is judged on the stints around it (the one ending on its lap, the one starting after it; on the
    out-lap as the plain check is): the stated tyres the context names match -> supported, covering
    nothing (the change is no oracle fact); a stated tyre it leaves UNKNOWN -> unverifiable."""
    if plain.label != CONTRADICTED:
        return plain
    s = claim.slots
    d = s["driver"]
    changed = {f.value["lap"] for f in idx.keyed("compound_change", d)}
    stops = [f.value["lap"] for f in idx.keyed("pit_lap", d) if f.value["lap"] not in changed]
    if s.get("lap") is not None:  # (the out-lap is a reading: not for a claim bound by proximity)
        near = getattr(claim, "binding", None) == NEAR
        stops = [lap for lap in stops if s["lap"] == lap or s["lap"] == lap + 1 and not near]
    if not stops:
        return plain
    compound = {f.key["stint"]: f.value["compound"] for f in idx.keyed("stint_compound", d)}
    stints = idx.keyed("stint_laps", d)
    unknown = False
    for lap in stops:
        around = {"from": next((f.key["stint"] for f in stints if f.value["end_lap"] == lap), None),
                  "to": next((f.key["stint"] for f in stints if f.value["start_lap"] == lap + 1), None)}
        named = {side: compound.get(k) for side, k in around.items()}  # None: the context's UNKNOWN
        stated = [side for side in ("from", "to") if s.get(side) is not None]
        if any(named[side] is not None and not _eq(named[side], s[side]) for side in stated):
            continue
        if all(named[side] is not None for side in stated):
            return Verdict(SUPPORTED, f"matches the stints around {d}'s stop on lap {lap}, whose change the "
                           "context leaves unknown", [], [], OUT_LAP if s.get("lap") == lap + 1 else None)
        unknown = True
    if unknown:
        return Verdict(UNVERIFIABLE, f"the context leaves the tyre of {d}'s stop unknown")
    return plain


def verify(claims: list[Claim], context_facts: list[Fact], entities: dict | None = None) -> list[Verdict]:
    idx = ContextIndex(context_facts, entities)
    return [verify_claim(c, idx) for c in claims]
