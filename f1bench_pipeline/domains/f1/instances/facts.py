"""Oracle facts: typed, keyed, with a stable JSON form.

A fact says *what* it is about (``key``) and *what is true* of it (``value``):
``pit_lap(driver=LEC, lap=15)`` has key ``{driver: LEC}`` and value ``{lap: 15}``. A claim
with the same type and key is supported when its value equals one of the facts' values
(numbers within ``tolerance``), contradicted when the context holds that key with other
values only, and unverifiable when the context has no fact with that key.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import ConfigDict, TypeAdapter

from f1bench_pipeline.oracle import DomainFact, domain_facts_to_json


class FactType(StrEnum):
    n_stops = "n_stops"
    pit_lap = "pit_lap"
    compound_change = "compound_change"
    stint_compound = "stint_compound"
    stint_laps = "stint_laps"
    final_position = "final_position"
    battle = "battle"
    battle_outcome = "battle_outcome"
    gain = "gain"
    gap = "gap"
    defense = "defense"
    defense_outcome = "defense_outcome"
    teammate_protected = "teammate_protected"
    winner = "winner"
    race_laps = "race_laps"
    # Stated by the context but no oracle fact (``instances/stated.py``): read from the context's
    # structured form when an answer is scored, never part of recall's key facts.
    stint_pace = "stint_pace"
    stint_degradation = "stint_degradation"
    stop_neutralisation = "stop_neutralisation"
    race_position = "race_position"
    running_order = "running_order"


# Default tolerance on the numeric value slot of each type (absolute units of the slot).
TOLERANCES: dict[FactType, dict[str, float]] = {
    FactType.gain: {"seconds": 0.5},
    FactType.gap: {"seconds": 0.5},
    FactType.defense: {"laps": 1.0},
}

# The new facts of ``instances/stated.py`` are stated with the context's own rounding (a stint's pace
# to 0.01 s, its degradation to 0.001 s/lap): a claim matches within half the last digit of the
# coarser of the two (``verify_pace``), so no fixed tolerance is listed here.


def pair_key(a: str, b: str) -> str:
    """Order-free key for a pair of drivers (a claim may name them either way round)."""
    return "|".join(sorted((a, b)))


class Fact(DomainFact):
    """One checkable F1 fact (``type`` is a :class:`FactType`); ``fact_id`` reads
    ``pit_lap(driver=LEC, lap=15)`` — key slots first, then value slots, each group sorted, so
    the id survives JSON round trips. ``alt_values`` are other values that are also true (e.g.
    the official stop count that includes a red-flag tyre change)."""

    model_config = ConfigDict(frozen=True, use_enum_values=True)

    type: FactType

    @property
    def tolerance(self) -> dict[str, float]:
        return TOLERANCES.get(FactType(self.type), {})


_FACT_LIST = TypeAdapter(list[Fact])


def facts_to_json(facts: list[Fact]) -> str:
    """Stable JSON (sorted keys, fixed order of facts as given)."""
    return domain_facts_to_json(facts)


def facts_from_json(text: str) -> list[Fact]:
    return _FACT_LIST.validate_json(text)


# --- constructors: one per fact type, so builders and tests speak the same language ---


def n_stops(driver: str, n: int, official_n: int | None = None) -> Fact:
    alt = [{"n": official_n}] if official_n is not None and official_n != n else []
    return Fact(type=FactType.n_stops, key={"driver": driver}, value={"n": n}, alt_values=alt)


def pit_lap(driver: str, lap: int) -> Fact:
    return Fact(type=FactType.pit_lap, key={"driver": driver}, value={"lap": lap})


def compound_change(driver: str, lap: int, from_: str, to: str) -> Fact:
    return Fact(type=FactType.compound_change, key={"driver": driver}, value={"from": from_, "to": to, "lap": lap})


def stint_compound(driver: str, stint: int, compound: str) -> Fact:
    return Fact(type=FactType.stint_compound, key={"driver": driver, "stint": stint}, value={"compound": compound})


def stint_laps(driver: str, stint: int, start_lap: int, end_lap: int) -> Fact:
    return Fact(
        type=FactType.stint_laps,
        key={"driver": driver, "stint": stint},
        value={"start_lap": start_lap, "end_lap": end_lap, "n_laps": end_lap - start_lap + 1},
    )


def final_position(driver: str, position: int) -> Fact:
    return Fact(type=FactType.final_position, key={"driver": driver}, value={"position": position})


def battle(kind: str, attacker: str, defender: str) -> Fact:
    return Fact(type=FactType.battle, key={"pair": pair_key(attacker, defender)},
                value={"kind": kind, "attacker": attacker, "defender": defender})


def battle_outcome(attacker: str, defender: str, success: bool) -> Fact:
    return Fact(type=FactType.battle_outcome, key={"pair": pair_key(attacker, defender)}, value={"success": success})


def gain(attacker: str, defender: str, seconds: float) -> Fact:
    return Fact(type=FactType.gain, key={"pair": pair_key(attacker, defender)}, value={"seconds": round(seconds, 3)})


def gap(driver_a: str, driver_b: str, when: str, seconds: float) -> Fact:
    return Fact(type=FactType.gap, key={"driver_a": driver_a, "driver_b": driver_b, "when": when},
                value={"seconds": round(seconds, 3)})


def defense(defender: str, pursuer: str, laps: int) -> Fact:
    return Fact(type=FactType.defense, key={"pair": pair_key(defender, pursuer)},
                value={"defender": defender, "pursuer": pursuer, "laps": laps})


def defense_outcome(defender: str, pursuer: str, passed: bool) -> Fact:
    return Fact(type=FactType.defense_outcome, key={"pair": pair_key(defender, pursuer)}, value={"passed": passed})


def teammate_protected(defender: str, teammate: str | None) -> Fact:
    return Fact(type=FactType.teammate_protected, key={"defender": defender}, value={"teammate": teammate or "none"})


def winner(driver: str) -> Fact:
    return Fact(type=FactType.winner, key={}, value={"driver": driver})


def race_laps(laps: int) -> Fact:
    return Fact(type=FactType.race_laps, key={}, value={"laps": laps})


def stint_pace(driver: str, stint: int, compound: str, seconds: float) -> Fact:
    return Fact(type=FactType.stint_pace, key={"driver": driver, "stint": stint},
                value={"seconds": round(seconds, 3), "compound": compound})


def stint_degradation(driver: str, stint: int, compound: str, s_per_lap: float) -> Fact:
    return Fact(type=FactType.stint_degradation, key={"driver": driver, "stint": stint},
                value={"s_per_lap": round(s_per_lap, 4), "compound": compound})


def stop_neutralisation(driver: str, lap: int, kind: str | None) -> Fact:
    """A pit stop and whether the track was neutralised: ``kind`` "SC", "VSC" or None (green)."""
    return Fact(type=FactType.stop_neutralisation, key={"driver": driver, "lap": lap},
                value={"neutralised": kind is not None, "kind": kind or "none"})


def race_position(driver: str, when: str, position: int, lap: int | None = None) -> Fact:
    """A driver's running position ``when`` "before"/"after" a pit battle's stops (at ``lap``)."""
    value: dict = {"position": position}
    if lap is not None:
        value["lap"] = lap
    return Fact(type=FactType.race_position, key={"driver": driver, "when": when}, value=value)


def running_order(driver_a: str, driver_b: str, when: str, ahead: str) -> Fact:
    """Which of two drivers ran ahead ``when`` "before"/"after" a pit battle's stops."""
    return Fact(type=FactType.running_order, key={"pair": pair_key(driver_a, driver_b), "when": when},
                value={"ahead": ahead})
