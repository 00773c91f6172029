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

The served text is what these functions return; ``provider`` wraps them in litellm.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

from f1bench_pipeline.domains.f1.instances.facts import Fact, FactType, facts_from_json, pair_key
from f1bench_pipeline.domains.f1.instances.verbalize import sentence

# Bump when a template's wording or noise changes: it is part of the offline systems' cache key.
TEMPLATE_VERSION = 2  # 2: a perturbed stop lap is never the out-lap (the verifier accepts that reading)
NOISE_RATE = 0.4
DRY_COMPOUNDS = ("SOFT", "MEDIUM", "HARD")
KINDS = ("faithful", "noisy", "terse")


def template_answer(kind: str, facts_json: str, lang: str, instance_id: str, entities_json: str = "{}",
                    seed: int = 0) -> str:
    """The answer of ``template-<kind>`` for one instance in ``lang``."""
    facts = facts_from_json(facts_json)
    if not facts:
        return ""
    if kind == "faithful":
        return " ".join(sentence(f, lang) for f in facts)
    if kind == "terse":
        return sentence(facts[0], lang)
    if kind == "noisy":
        drivers = _drivers(entities_json, facts)
        return " ".join(sentence(f, lang) for f in noisy_facts(facts, instance_id, lang, drivers, seed))
    raise ValueError(f"unknown template kind {kind!r} (known: {', '.join(KINDS)})")


def noisy_facts(facts: list[Fact], instance_id: str, lang: str, drivers: list[str], seed: int = 0) -> list[Fact]:
    """``facts`` with ``max(1, round(0.4 n))`` of them perturbed, deterministically."""
    rng = random.Random(int(hashlib.sha256(f"{instance_id}|{lang}|{seed}".encode()).hexdigest()[:16], 16))
    n_wrong = max(1, round(NOISE_RATE * len(facts)))
    chosen = set(rng.sample(range(len(facts)), n_wrong))
    return [perturb(f, rng, drivers) if i in chosen else f for i, f in enumerate(facts)]


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
