"""F1: verification of a stint's average pace and degradation, and comparisons of them between stints or drivers, against the facts the context states (``instances/stated.py``).

Tolerances (each the context's own rounding, ``instances/context.py``):

* ``PACE_STEP_S``: the context states a stint's average lap time to 0.01 s ("avg 77.73s");
  ``DEG_STEP_S_PER_LAP``: its degradation to 0.001 s/lap ("deg +0.421s/lap"). A claimed value
  matches when it lies within half the last digit of the coarser of claim and context
  (``_tolerance``): "77.73s" must equal the stated 77.73, "~77.7s" (``resolution`` 0.1) matches
  77.65-77.75. The value is compared with the context's value *as stated* (rounded to its step).
* A degradation value written without a sign ("degradation of 0.05 s/lap") is compared by size
  (the sign was not stated); a signed one ("+0.05", "-0.249s/vuelta") by value.
* A degradation stated only by its sign class: positive / negative (the stated value's sign;
  a value stated as ±0.000 decides neither), or "close to zero" ("near-zero", "casi nula", "quase
  nula", "próxima de zero"): supported within ``NEAR_ZERO_S_PER_LAP`` (0.02 s/lap: under 0.1 s of
  drift over a five-lap run, below the lap-to-lap noise of a race lap), contradicted beyond
  ``CLEARLY_NONZERO_S_PER_LAP`` (0.05 s/lap: a second over twenty laps), unverifiable in between.
* A comparison is verified by the sign of the difference of the two stated values; values equal
  as stated decide nothing (unverifiable). When a side may mean several stints (a compound the driver
  ran twice), it is supported only if it holds for every pair, contradicted only when each side is
  one stint. Side b names only another driver: it is side a's stint or compound ("TSU's HARD average
  was faster than GAS's"). A stated difference ("1.9 s per lap faster") must lie
  within half its own last digit plus one context step (each side is rounded by half a step).

Which stint: a claim's stint is *pinned* by its index ("the final stint": the driver's last), or by
its compound (the driver's stints on it; none: those whose compound the timing data does not know). A
value matching a stint of the driver other than the pinned one is contradicted; unpinned, any stint
of the driver that matches supports it; pinned on a stint the context states no value of, it is
unverifiable. A value matching nothing of its driver is
contradicted only when the extractor bound the driver to the clause's subject (``Claim.binding``
``SUBJECT``; the LLM extractor records no binding and is read as bound), else unverifiable: the
value may be another driver's. A superlative ("his fastest stint") is verified over the driver's
own stints (scope "driver"); one over the race (scope "race") only when the context holds the
stints of ``RACE_FIELD_MIN`` drivers or more, which no instance does: unverifiable.

A stint's length (``metric`` "length", ``extract/stint_length.py``) is compared the same way, on the
context's laps of each stint (``LAP_STEP``: whole laps; a stated difference in laps must be exact), its
tyre read from the stint's ``stint_compound`` fact. A length superlative whose tyre the driver ran more
than once ("his MEDIUM stint was his longest") is said of the one the text names by its laps: it holds
when one of them is the longest (``_longest_of``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from f1bench_pipeline.domains.f1.claims import SUBJECT, Claim
from f1bench_pipeline.domains.f1.context_index import ContextIndex
from f1bench_pipeline.domains.f1.events.compounds import UNKNOWN
from f1bench_pipeline.domains.f1.instances.facts import Fact
from f1bench_pipeline.scoring.verdict import CONTRADICTED, SUPPORTED, UNVERIFIABLE, Verdict

PACE_STEP_S = 0.01  # the context's "avg 77.73s"
DEG_STEP_S_PER_LAP = 0.001  # the context's "deg +0.421s/lap"
NEAR_ZERO_S_PER_LAP = 0.02  # "close to zero" holds within this
CLEARLY_NONZERO_S_PER_LAP = 0.05  # "close to zero" is false beyond this
RACE_FIELD_MIN = 18  # drivers whose stints a context must hold for a superlative over the race
LAP_STEP = 1  # the context's "(19 laps)": a stint's length in whole laps; a stated difference in laps is checked exactly
_EPS = 1e-9  # float noise
_DIGITS = {PACE_STEP_S: 2, DEG_STEP_S_PER_LAP: 3, LAP_STEP: 0}

# metric -> (fact type, value slot, the context's step)
_METRICS: dict[str, tuple[str, str, float]] = {"pace": ("stint_pace", "seconds", PACE_STEP_S),
                                               "degradation": ("stint_degradation", "s_per_lap", DEG_STEP_S_PER_LAP),
                                               "length": ("stint_laps", "n_laps", LAP_STEP)}  # (stint_length.py)


def _stated(f: Fact, slot: str, step: float) -> float:
    """The fact's value as the context text states it: formatted to its step's digits, as
    ``instances/context.py`` writes it (91.395 is stated "91.39", 0.0025 "+0.003")."""
    return float(f"{float(f.value[slot]):.{_DIGITS[step]}f}")


def _tolerance(resolution: Any, step: float) -> float:
    """Half the last digit of the coarser of claim (``resolution``) and context (``step``)."""
    res = resolution if isinstance(resolution, (int, float)) and not isinstance(resolution, bool) else step
    return max(float(res), step) / 2 + _EPS


def _bound(claim: Claim) -> bool:
    """The claim's driver is certain: bound to the clause's subject, or read by an extractor that
    records no binding (the LLM's)."""
    return claim.binding == SUBJECT or (claim.binding is None and claim.extractor != "regex")


def _pinned(facts: list[Fact], stint: Any, compound: Any, tyres: dict[Any, str] | None = None) -> list[Fact] | None:
    """The driver's stints the claim names (by index, else by compound); None: it names none. ``tyres``:
    each stint's compound, for facts that do not hold it (a stint's laps; a stint absent: its tyre unknown)."""
    if isinstance(stint, int) and not isinstance(stint, bool):
        if stint == -1 and facts:  # "the final stint": the driver's last
            last = max(f.key.get("stint", 0) for f in facts)
            return [f for f in facts if f.key.get("stint") == last]
        return [f for f in facts if f.key.get("stint") == stint]
    if isinstance(compound, str) and compound:
        def tyre(f: Fact) -> str:
            return str(f.value.get("compound", "") if tyres is None else tyres.get(f.key.get("stint"), UNKNOWN)).upper()
        exact = [f for f in facts if tyre(f) == compound.upper()]
        # (else a stint of a tyre the timing data does not know may be it)
        return exact or [f for f in facts if tyre(f) == UNKNOWN]
    return None


def _judge_stint(claim: Claim, facts: list[Fact], ok: Callable[[Fact], bool | None], what: str,
                 others_facts: Callable[[], list[Fact]] | None = None) -> Verdict:
    """supported / contradicted / unverifiable of a claim about one stint of a driver, given
    ``ok(fact)``: True (the claim holds of that stint), False (it does not), None (undecided).
    ``others_facts``: the other drivers' facts of the type (made only when needed); a value matching one of them and
    nothing of its own driver is unverifiable (the value may be bound to the wrong driver)."""
    s = claim.slots
    d = s["driver"]
    if not facts:
        return Verdict(UNVERIFIABLE, f"the context states no {what} of {d}")
    pinned = _pinned(facts, s.get("stint"), s.get("compound"))
    looked = facts if pinned is None else pinned
    results = [(f, ok(f)) for f in looked]
    hits = [f.fact_id for f, r in results if r]
    if hits:
        return Verdict(SUPPORTED, "matches the context", hits)
    if any(r is None for _f, r in results):
        return Verdict(UNVERIFIABLE, f"the context's {what} of {d} is too close to decide the claim")
    if pinned is not None and not pinned:  # ("his first stint" of a stint the context states no value of)
        return Verdict(UNVERIFIABLE, f"the context states no {what} of that stint of {d}")
    others = [f for f in facts if pinned is not None and f not in pinned and ok(f)]
    expected = [f.fact_id for f in looked or facts]
    if others and s.get("stint") is None and all(str(f.value.get("compound", "")).upper() == UNKNOWN for f in others):
        return Verdict(UNVERIFIABLE, f"matches a stint of {d} whose tyre the context does not know ({others[0].fact_id})")
    if others:  # the driver's value, placed on another stint than the one the claim names
        return Verdict(CONTRADICTED, f"the context states it for another stint ({others[0].fact_id})", expected=expected)
    theirs = [f.fact_id for f in others_facts() if ok(f)] if others_facts is not None else []
    if theirs:  # another driver's value: the extractor may have bound the value to the wrong driver
        return Verdict(UNVERIFIABLE, f"matches no {what} of {d} but another driver's ({theirs[0]})")
    if _bound(claim):
        return Verdict(CONTRADICTED, f"the context states {expected[0]}" + (" (and others)" if len(expected) > 1 else ""),
                       expected=expected)
    return Verdict(UNVERIFIABLE, f"matches no {what} of {d}, whose claim was bound by proximity (maybe another driver's)")


def verify_stint_pace(claim: Claim, idx: ContextIndex) -> Verdict:
    s = claim.slots
    v, tol = float(s["seconds"]), _tolerance(s.get("resolution"), PACE_STEP_S)
    return _judge_stint(claim, idx.keyed("stint_pace", s["driver"]),
                        lambda f: abs(_stated(f, "seconds", PACE_STEP_S) - v) <= tol, "stint pace",
                        lambda: _others(idx, "stint_pace", s["driver"]))


def _others(idx: ContextIndex, ftype: str, driver: str) -> list[Fact]:
    return [f for f in idx.facts(ftype) if f.key.get("driver") != driver]


def _sign_ok(value: float, sign: int) -> bool | None:
    """Does a stated degradation ``value`` have the claimed sign class (+1, -1, 0 "close to zero")?"""
    if sign == 0:
        if abs(value) <= NEAR_ZERO_S_PER_LAP + _EPS:
            return True
        return False if abs(value) > CLEARLY_NONZERO_S_PER_LAP else None
    if abs(value) < DEG_STEP_S_PER_LAP / 2:
        return None  # stated as ±0.000: neither sign
    return (value > 0) == (sign > 0)


def verify_stint_degradation(claim: Claim, idx: ContextIndex) -> Verdict:
    s = claim.slots
    facts = idx.keyed("stint_degradation", s["driver"])
    sign = s.get("sign")
    if s.get("s_per_lap") is not None:
        v, tol = float(s["s_per_lap"]), _tolerance(s.get("resolution"), DEG_STEP_S_PER_LAP)
        def others() -> list[Fact]:
            return _others(idx, "stint_degradation", s["driver"])

        if sign is None:  # written without a sign: compared by size
            return _judge_stint(claim, facts, lambda f: abs(abs(_stated(f, "s_per_lap", DEG_STEP_S_PER_LAP)) - abs(v)) <= tol,
                                "stint degradation", others)
        return _judge_stint(claim, facts, lambda f: abs(_stated(f, "s_per_lap", DEG_STEP_S_PER_LAP) - v) <= tol,
                            "stint degradation", others)
    if sign not in (-1, 0, 1):
        return Verdict(UNVERIFIABLE, "claim states neither a degradation value nor its sign")
    return _judge_stint(claim, facts, lambda f: _sign_ok(_stated(f, "s_per_lap", DEG_STEP_S_PER_LAP), int(sign)),
                        "stint degradation")


def _side(idx: ContextIndex, ftype: str, driver: Any, stint: Any, compound: Any) -> list[Fact]:
    if not isinstance(driver, str):
        return []
    facts = idx.keyed(ftype, driver)
    tyres = {f.key.get("stint"): str(f.value.get("compound")) for f in idx.keyed("stint_compound", driver)} \
        if ftype == "stint_laps" else None  # (a stint's laps fact holds no tyre)
    pinned = _pinned(facts, stint, compound, tyres)
    return facts if pinned is None else pinned


def verify_pace_comparison(claim: Claim, idx: ContextIndex) -> Verdict:
    s = claim.slots
    metric = _METRICS.get(s["metric"])
    if metric is None or s["relation"] not in ("lower", "higher"):
        return Verdict(UNVERIFIABLE, f"no such comparison: {s['metric']} {s['relation']}")
    ftype, slot, step = metric
    lower = s["relation"] == "lower"
    stint_a, compound_a = s.get("stint_a"), s.get("compound_a")
    a_all = _side(idx, ftype, s.get("driver_a"), stint_a, compound_a)
    value_a = s.get("value_a")
    if stint_a is None and compound_a is None and isinstance(value_a, (int, float)) and not isinstance(value_a, bool):
        a_all = _valued(a_all, slot, step, float(value_a), s.get("resolution_a"))  # side a named by its value only
        if not a_all:
            return Verdict(UNVERIFIABLE, f"no {s['metric']} of side a's driver is stated {value_a}")
    scope = s.get("scope")
    if scope is None and a_all:
        return _versus(claim, idx, a_all, stint_a, compound_a)
    a = a_all
    if scope == "driver" and s["metric"] == "length" and len(a) > 1:
        return _longest_of(idx, s, a)
    if len(a) != 1:
        return Verdict(UNVERIFIABLE, f"the compared {s['metric']} of side a is not one stint of the context")
    va = _stated(a[0], slot, step)
    if scope is not None:  # a superlative: side a against every other stint of its scope
        if scope == "driver":
            rest = [f for f in idx.keyed(ftype, s["driver_a"]) if f is not a[0]]
        else:
            drivers = {f.key.get("driver") for f in idx.facts(ftype)}
            if len(drivers) < RACE_FIELD_MIN:
                return Verdict(UNVERIFIABLE, f"the context holds the stints of {len(drivers)} drivers, not the whole race")
            rest = [f for f in idx.facts(ftype) if f is not a[0]]
        if not rest:
            return Verdict(UNVERIFIABLE, "the context holds no other stint to compare with")
        values = [_stated(f, slot, step) for f in rest]
        beaten = [f.fact_id for f, v in zip(rest, values) if (v < va - _EPS if lower else v > va + _EPS)]
        if beaten:
            return Verdict(CONTRADICTED, f"the context states {beaten[0]}", expected=[a[0].fact_id, *beaten])
        if any(abs(v - va) < _EPS for v in values):
            return Verdict(UNVERIFIABLE, "another stint's value is stated equal")
        return Verdict(SUPPORTED, "matches the context", [a[0].fact_id])
    return Verdict(UNVERIFIABLE, f"the context states no {s['metric']} of side a")


def _longest_of(idx: ContextIndex, s: dict[str, Any], a: list[Fact]) -> Verdict:
    """"His MEDIUM stint was his longest" where he ran several: it is said of the one the text names by its
    laps ("25 laps on the opening Medium"), so it holds when one of them is his longest (shortest)."""
    rest = idx.keyed("stint_laps", s["driver_a"])
    laps = {f.fact_id: _stated(f, "n_laps", LAP_STEP) for f in rest}
    best = (min if s["relation"] == "lower" else max)(laps.values())
    top = [f for f in rest if laps[f.fact_id] == best]
    if len(top) > 1:
        return Verdict(UNVERIFIABLE, "two stints are stated equally long")
    if any(f is top[0] for f in a):
        return Verdict(SUPPORTED, "matches the context", [top[0].fact_id])
    return Verdict(CONTRADICTED, f"the context states {top[0].fact_id}", expected=[f.fact_id for f in (*a, top[0])])


def _versus(claim: Claim, idx: ContextIndex, a: list[Fact], stint_a: Any, compound_a: Any) -> Verdict:
    """Side a against side b: decided when the relation holds for every pair of stints the sides may
    mean (supported), or fails for the one pair they name (contradicted)."""
    s = claim.slots
    ftype, slot, step = _METRICS[s["metric"]]
    lower = s["relation"] == "lower"
    db = s.get("driver_b") or s.get("driver_a")
    same_driver = db == s.get("driver_a")
    stint_b, compound_b = s.get("stint_b"), s.get("compound_b")
    value_b = s.get("value_b")
    if stint_b is None and compound_b is None and isinstance(value_b, (int, float)) and not isinstance(value_b, bool):
        b = _by_value(idx, ftype, slot, step, db, a, float(value_b), s.get("resolution_b"))
    else:
        if stint_b is None and compound_b is None:
            if same_driver:
                return Verdict(UNVERIFIABLE, "the stint compared with is not named")
            stint_b, compound_b = stint_a, compound_a  # "TSU's HARD average was faster than GAS's"
        b = [f for f in _side(idx, ftype, db, stint_b, compound_b) if all(f is not x for x in a)]
    if not b:
        return Verdict(UNVERIFIABLE, f"the context states no {s['metric']} of the stint compared with")
    pairs = [(fa, fb, _stated(fa, slot, step), _stated(fb, slot, step)) for fa in a for fb in b]
    holds = [(va < vb - _EPS) if lower else (va > vb + _EPS) for _fa, _fb, va, vb in pairs]
    if len(pairs) > 1:  # several stints could be meant: only a relation true of all of them is decided
        if all(holds):
            return Verdict(SUPPORTED, "holds for every stint the claim may mean", [f.fact_id for f in a])
        return Verdict(UNVERIFIABLE, "the claim's stints are not one stint of the context on each side")
    fa, fb, va, vb = pairs[0]
    ids = [fa.fact_id, fb.fact_id]
    if abs(va - vb) < _EPS:
        return Verdict(UNVERIFIABLE, "the two values are stated equal")
    if not holds[0]:
        return Verdict(CONTRADICTED, f"the context states {ids[0]} and {ids[1]}", expected=ids)
    laps = s.get("laps")  # a difference in laps ("4 laps fewer"): whole laps, as the context states them
    if s["metric"] == "length" and isinstance(laps, int) and not isinstance(laps, bool) and abs(va - vb) != abs(laps):
        return Verdict(CONTRADICTED, f"the lengths of {ids[0]} and {ids[1]} differ by {abs(va - vb):.0f} laps", expected=ids)
    diff = s.get("difference")
    if isinstance(diff, (int, float)) and not isinstance(diff, bool):
        res = s.get("resolution")
        tol = (float(res) if isinstance(res, (int, float)) else step) / 2 + step + _EPS  # the claim's half digit plus one step (both sides rounded)
        if abs(abs(va - vb) - abs(float(diff))) > tol:
            return Verdict(CONTRADICTED, f"the difference of {ids[0]} and {ids[1]} is {abs(va - vb):.3f}", expected=ids)
    return Verdict(SUPPORTED, "matches the context", ids)


def _valued(facts: list[Fact], slot: str, step: float, value: float, res: Any) -> list[Fact]:
    """The stints of ``facts`` whose stated value is ``value``, within half its last digit (a degradation
    written without a sign: by size), as for side b."""
    tol = _tolerance(res, step)
    return [f for f in facts if abs((v := _stated(f, slot, step)) - value) <= tol or
            (slot == "s_per_lap" and value >= 0 and abs(abs(v) - value) <= tol)]


def _by_value(idx: ContextIndex, ftype: str, slot: str, step: float, driver: Any, a: list[Fact], value: float,
              res: Any) -> list[Fact]:
    """Side b named by its value ("faster on average (97.48s vs. 99.15s)"): the driver's other stints whose
    stated value it is, within half its last digit (a degradation written without a sign: by size); else
    another driver's ("SAI's second stint average was faster (89.62s vs. 90.09s)": HAD's)."""
    tol = _tolerance(res, step)

    def named(f: Fact) -> bool:
        v = _stated(f, slot, step)
        return all(f is not x for x in a) and (abs(v - value) <= tol or
                                               (slot == "s_per_lap" and value >= 0 and abs(abs(v) - value) <= tol))
    own = [f for f in idx.keyed(ftype, driver) if named(f)] if isinstance(driver, str) else []
    return own or [f for f in idx.facts(ftype) if named(f)]


VERIFIERS: dict[str, Callable[[Claim, ContextIndex], Verdict]] = {
    "stint_pace": verify_stint_pace, "stint_degradation": verify_stint_degradation,
    "pace_comparison": verify_pace_comparison,
}
