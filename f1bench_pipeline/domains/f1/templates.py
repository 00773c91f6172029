"""The offline systems' answers, written from the instance's oracle facts (pure functions).

* ``template-faithful`` states every oracle fact correctly, in the instance's language
  (``instances.verbalize``: one natural sentence per fact).
* ``template-noisy`` is the same text with about 40% of the facts perturbed —
  ``max(1, round(0.4 · n))`` of the ``n`` facts, chosen and perturbed by a RNG seeded
  with (instance id, language, system seed), so a rerun writes the same text and the
  two prompt variants of an instance carry the same errors. A perturbation is what a
  model gets wrong: a lap ±1..3, another compound, a position ±1..3, another driver of
  the context, a time off by 1.5..4 s (beyond the ±0.5 s tolerance), the outcome flipped.
* ``template-terse`` states one true fact (the first): the abstainer that precision
  alone would rank first.

Given the instance's structured context (``context_json``, the ``context`` column), the faithful
and noisy answers go on, after the oracle facts, with the facts the context states beyond the
oracle (``instances/stated.py``, rendered by ``instances/verbalize_stated.py``): each stint's
pace and degradation (ending the oracle's sentence of that stint's compound), the stops under
SC/VSC and the battle's green ones (ending the oracle's pit-lap sentence), the running order
before and after a battle's stops. The noisy template perturbs them too: 40% of the oracle facts
are drawn first exactly as before (the oracle facts of a noisy answer are version 2's), then
``max(1, round(0.4 · m))`` of the ``m`` rendered stated facts from the same RNG — so the error
rate of the paper's types stays what earlier figures measured, and the new types get 40% too. A
stated perturbation: a pace moved by 0.4..1.5 s (its tolerance is 0.005 s) and never onto another
stint's pace, a degradation's sign flipped (a near-flat one to 0.05..0.15 s/lap of the other sign), a
stop's SC/VSC ↔ green, the running order swapped.

The served text is what these functions return; ``provider`` wraps them in litellm.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from typing import Any

from f1bench_pipeline.domains.f1.instances.facts import Fact, FactType, facts_from_json, pair_key
from f1bench_pipeline.domains.f1.instances.stated import stated_facts
from f1bench_pipeline.domains.f1.instances.verbalize import sentence
from f1bench_pipeline.domains.f1.instances.verbalize_stated import (
    RENDERED,
    stated_sentences,
    stint_tail,
    stints_of,
    stop_tail,
)

# Bump when a template's wording or noise changes: it is part of the offline systems' cache key.
# 2: a perturbed stop lap is never the out-lap (the verifier accepts that reading)
# 3: the context's stated facts follow the oracle's (issue #44), perturbed in the noisy answer
TEMPLATE_VERSION = 3
NOISE_RATE = 0.4
DRY_COMPOUNDS = ("SOFT", "MEDIUM", "HARD")
KINDS = ("faithful", "noisy", "terse")


def template_answer(kind: str, facts_json: str, lang: str, instance_id: str, entities_json: str = "{}",
                    seed: int = 0, context_json: str | None = None) -> str:
    """The answer of ``template-<kind>`` for one instance in ``lang`` (``context_json``: the
    instance's structured context, whose stated facts follow the oracle's; None: oracle only)."""
    facts = facts_from_json(facts_json)
    if not facts:
        return ""
    stated = rendered_stated_facts(context_json)
    if kind == "faithful":
        return " ".join(answer_sentences(facts, facts, stated, lang))
    if kind == "terse":
        return sentence(facts[0], lang)
    if kind == "noisy":
        drivers = _drivers(entities_json, facts)
        wrong, wrong_stated = noisy_answer_facts(facts, stated, instance_id, lang, drivers, seed)
        return " ".join(answer_sentences(wrong, facts, wrong_stated, lang))
    raise ValueError(f"unknown template kind {kind!r} (known: {', '.join(KINDS)})")


def rendered_stated_facts(context_json: str | dict | None) -> list[Fact]:
    """The stated facts a template answer renders: every stint's pace and degradation, every
    stop under SC/VSC and the green stops of the pit battle, the battle's running order."""
    if not context_json:
        return []
    ctx = json.loads(context_json) if isinstance(context_json, str) else context_json
    b = ctx.get("battle") or {}
    battle_stops = {(b.get("attacker"), b.get("attacker_pit_lap")), (b.get("defender"), b.get("defender_pit_lap"))}
    out = []
    for f in stated_facts(ctx):
        if FactType(f.type) not in RENDERED:
            continue
        if f.type == FactType.stop_neutralisation and not f.value["neutralised"] \
                and (f.key["driver"], f.key["lap"]) not in battle_stops:
            continue
        out.append(f)
    return out


def _rng(instance_id: str, lang: str, seed: int) -> random.Random:
    return random.Random(int(hashlib.sha256(f"{instance_id}|{lang}|{seed}".encode()).hexdigest()[:16], 16))


def noisy_facts(facts: list[Fact], instance_id: str, lang: str, drivers: list[str], seed: int = 0,
                rng: random.Random | None = None) -> list[Fact]:
    """``facts`` with ``max(1, round(0.4 n))`` of them perturbed, deterministically."""
    rng = rng or _rng(instance_id, lang, seed)
    n_wrong = max(1, round(NOISE_RATE * len(facts)))
    chosen = set(rng.sample(range(len(facts)), n_wrong))
    return [perturb(f, rng, drivers) if i in chosen else f for i, f in enumerate(facts)]


def noisy_answer_facts(facts: list[Fact], stated: list[Fact], instance_id: str, lang: str, drivers: list[str],
                       seed: int = 0) -> tuple[list[Fact], list[Fact]]:
    """The noisy answer's oracle facts (drawn first: the same as ``noisy_facts``) and its stated
    facts, ``max(1, round(0.4 m))`` of the ``m`` perturbed, from the same RNG."""
    rng = _rng(instance_id, lang, seed)
    wrong = noisy_facts(facts, instance_id, lang, drivers, seed, rng=rng)
    if not stated:
        return wrong, []
    chosen = set(rng.sample(range(len(stated)), max(1, round(NOISE_RATE * len(stated)))))
    paces = [float(f.value["seconds"]) for f in stated if f.type == FactType.stint_pace]
    return wrong, [perturb_stated(f, rng, paces) if i in chosen else f for i, f in enumerate(stated)]


def _drivers(entities_json: str, facts: list[Fact]) -> list[str]:
    try:
        drivers = list(json.loads(entities_json or "{}").get("drivers") or [])
    except (json.JSONDecodeError, AttributeError):
        drivers = []
    for f in facts:  # drivers named by the facts are in the context too
        for slots in (f.key, f.value):
            for k in ("driver", "attacker", "defender", "pursuer", "driver_a", "driver_b"):
                if isinstance(slots.get(k), str) and slots[k] not in drivers:
                    drivers.append(slots[k])
    return sorted(set(drivers))


def _shift(rng: random.Random, x: int, lo: int = 1, hi: int | None = None, deltas: tuple[int, ...] = (-3, -2, -1, 1, 2, 3)
           ) -> int:
    """``x`` moved by 1..3 laps/places in either direction, staying in [lo, hi]."""
    options = [x + d for d in deltas if x + d >= lo and (hi is None or x + d <= hi)]
    return rng.choice(options) if options else x + 1


# A stop placed one lap late is the out-lap, a reading the verifier accepts (verifier.OUT_LAP):
# the noisy template's stop-lap errors are the others.
_STOP_LAP_ERRORS = (-3, -2, -1, 2, 3)


def _other(rng: random.Random, pool: list[str] | tuple[str, ...], *exclude: str) -> str | None:
    options = [p for p in pool if p not in exclude]
    return rng.choice(options) if options else None


def _seconds(rng: random.Random, x: float) -> float:
    delta = rng.uniform(1.5, 4.0)
    return round(x + delta if rng.random() < 0.5 or x - delta < 0 else x - delta, 1)


def perturb(f: Fact, rng: random.Random, drivers: list[str]) -> Fact:
    """One plausible error in ``f`` (the value changes; the key stays unless a driver is swapped)."""
    t = FactType(f.type)
    k: dict[str, Any] = dict(f.key)
    v: dict[str, Any] = dict(f.value)
    if t == FactType.n_stops:
        v["n"] = v["n"] + 1 if v["n"] <= 1 or rng.random() < 0.5 else v["n"] - 1
    elif t == FactType.pit_lap:
        v["lap"] = _shift(rng, v["lap"], lo=2, deltas=_STOP_LAP_ERRORS)
    elif t == FactType.compound_change:
        if rng.random() < 0.5:
            v["to"] = _other(rng, DRY_COMPOUNDS, v["to"], v["from"]) or _other(rng, DRY_COMPOUNDS, v["to"])
        else:
            v["lap"] = _shift(rng, v["lap"], lo=2, deltas=_STOP_LAP_ERRORS)
    elif t == FactType.stint_compound:
        v["compound"] = _other(rng, DRY_COMPOUNDS, v["compound"])
    elif t == FactType.stint_laps:
        end = _shift(rng, v["end_lap"], lo=v["start_lap"] + 1)
        v.update(end_lap=end, n_laps=end - v["start_lap"] + 1)
    elif t == FactType.final_position:
        v["position"] = _shift(rng, v["position"], lo=1, hi=20)
    elif t == FactType.battle:
        other = _other(rng, drivers, v["attacker"], v["defender"])
        if other and rng.random() < 0.6:
            v["defender"] = other
            k["pair"] = pair_key(v["attacker"], other)
        else:
            v["kind"] = "overcut" if v["kind"] == "undercut" else "undercut"
    elif t == FactType.battle_outcome:
        v["success"] = not v["success"]
    elif t in (FactType.gain, FactType.gap):
        v["seconds"] = _seconds(rng, float(v["seconds"]))
    elif t == FactType.defense:
        other = _other(rng, drivers, v["defender"], v["pursuer"])
        if other and rng.random() < 0.5:
            v["pursuer"] = other
            k["pair"] = pair_key(v["defender"], other)
        else:
            v["laps"] = _shift(rng, v["laps"], lo=1) if v["laps"] > 4 else v["laps"] + rng.choice((2, 3))
    elif t == FactType.defense_outcome:
        v["passed"] = not v["passed"]
    elif t == FactType.teammate_protected:
        mate = _other(rng, drivers, k["defender"], v["teammate"])
        if v["teammate"] == "none":
            v["teammate"] = mate or "none"
        else:
            v["teammate"] = mate if mate and rng.random() < 0.5 else "none"
    elif t == FactType.winner:
        v["driver"] = _other(rng, drivers, v["driver"]) or v["driver"]
    elif t == FactType.race_laps:
        v["laps"] = _shift(rng, v["laps"], lo=1)
    return f.model_copy(update={"key": k, "value": v, "alt_values": []})


# A stated pace is matched within half its last printed digit (0.005 s, verify_pace): the noisy
# template moves it far beyond, and never within this margin of another stint's pace (a claim the
# verifier could match to that stint).
_PACE_SHIFT = (0.4, 1.5)
_PACE_CLEAR = 0.05
_FLAT_DEG = 0.02  # s/lap: a degradation this close to 0 is pushed, not sign-flipped
_DEG_PUSH = (0.05, 0.15)


def perturb_stated(f: Fact, rng: random.Random, paces: list[float] | None = None) -> Fact:
    """One plausible error in a stated fact (its value changes, its key stays)."""
    t = FactType(f.type)
    v: dict[str, Any] = dict(f.value)
    if t == FactType.stint_pace:
        x = float(v["seconds"])
        for _ in range(20):
            y = round(x + rng.choice((-1, 1)) * rng.uniform(*_PACE_SHIFT), 2)
            if all(abs(y - p) > _PACE_CLEAR for p in paces or [x]):
                break
        v["seconds"] = y
    elif t == FactType.stint_degradation:
        x = float(v["s_per_lap"])
        v["s_per_lap"] = round(-x if abs(x) >= _FLAT_DEG else -math.copysign(rng.uniform(*_DEG_PUSH), x), 3)
    elif t == FactType.stop_neutralisation:
        kind = "none" if v["neutralised"] else rng.choice(("SC", "SC", "VSC"))
        v.update(neutralised=kind != "none", kind=kind)
    elif t == FactType.running_order:
        a, b = f.key["pair"].split("|")
        v["ahead"] = b if v["ahead"] == a else a
    elif t == FactType.race_position:
        v["position"] = _shift(rng, int(v["position"]), lo=1, hi=20)
    return f.model_copy(update={"value": v, "alt_values": []})


def answer_sentences(told: list[Fact], true: list[Fact], stated: list[Fact], lang: str) -> list[str]:
    """The oracle's sentences (``told``: as the answer states them; ``true``: the oracle, the same
    order) with the stated facts (as the answer states them) woven in: a stint's pace and
    degradation end the sentence of its compound, a stop's neutralisation the sentence of its pit
    lap — the driver and the stint or lap are stated once, as the oracle states them. A stated fact
    whose oracle sentence the answer lacks gets a sentence of its own, after them; one whose stint
    tyre or stop lap the answer gets wrong (the noisy template) is left out, so the answer never
    states the true value beside its error and each error stays one claim's error."""
    stints, stops = stints_of(stated), {(f.key["driver"], f.key["lap"]): str(f.value["kind"])
                                         for f in stated if f.type == FactType.stop_neutralisation}
    used: set[tuple[str, object]] = set()
    out = []
    for f, g in zip(told, true, strict=True):
        text = sentence(f, lang)
        key = (f.key.get("driver"), f.key.get("stint") if f.type == FactType.stint_compound else f.value.get("lap"))
        if f != g and g.type in (FactType.stint_compound, FactType.pit_lap):
            # the answer gets this stint's tyre or this stop's lap wrong: a sentence of its own for
            # the stated fact would restate the true one beside the error (and cover it for recall)
            true_key = (g.key.get("driver"), g.key.get("stint") if g.type == FactType.stint_compound else g.value.get("lap"))
            used.add(("stint" if g.type == FactType.stint_compound else "stop", true_key))
        if f == g and f.type == FactType.stint_compound and key in stints and ("stint", key) not in used:
            text = text[:-1] + stint_tail(stints[key].get("avg"), stints[key].get("deg"), lang)
            used.add(("stint", key))
        elif f == g and f.type == FactType.pit_lap and key in stops and ("stop", key) not in used:
            text = text[:-1] + stop_tail(stops[key], lang)
            used.add(("stop", key))
        out.append(text)
    rest = [f for f in stated if not (
        (f.type in (FactType.stint_pace, FactType.stint_degradation) and ("stint", (f.key["driver"], int(f.key["stint"])))
         in used)
        or (f.type == FactType.stop_neutralisation and ("stop", (f.key["driver"], f.key["lap"])) in used))]
    return out + stated_sentences(rest, lang)
