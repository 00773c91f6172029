"""Deterministic verification of weather claims against one forecast record's facts.

supported     — a fact of the claim's type (and kind, for temperatures) holds the claimed
                value within ``facts.TOLERANCES`` (units converted: °C ↔ °F, km/h, kt,
                m/s ↔ mph; directions by angle on the 16-point compass; a sky category
                is true when the NWS forecast names it, in any of its parts);
contradicted  — the record states that fact with another value;
unverifiable  — the record states no such fact (a low in a daytime period, gusts,
                a temperature trend, humidity, anything of type ``other``, and a sky
                cover — clear … cloudy — when the forecast names only weather such as
                "Showers And Thunderstorms").

A single speed ("around 15 mph") is true of a forecast range that contains it; a range
must match both ends; "up to N" must match the top of the range. A statement of no
precipitation ("no chance of rain", "dry": ``{"qualitative": "none"}``) is supported by a
chance up to ``precip_none_max_percent``, contradicted from ``precip_none_contradicted_from``,
unverifiable between.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from f1bench_pipeline.domains.base import DomainFact
from f1bench_pipeline.domains.weather.facts import (
    TOLERANCES,
    WeatherTolerances,
    f_to_c,
    to_kmh,
)
from f1bench_pipeline.domains.weather.records import (
    COMPASS,
    SKY_COVER,
    compass_distance_deg,
)
from f1bench_pipeline.scoring.verdict import (
    UNVERIFIABLE,
    Verdict,
    judge,
)

_SPEED_TO_KMH = {"km/h": 1.0, "kt": 1.852, "m/s": 3.6}


class WeatherContext:
    """A record's facts by type."""

    def __init__(self, facts: Iterable[DomainFact]):
        self.by_type: dict[str, list[DomainFact]] = {}
        for f in facts:
            self.by_type.setdefault(f.type, []).append(f)

    def facts(self, t: str) -> list[DomainFact]:
        return self.by_type.get(t, [])


def _judge(candidates: list[DomainFact], matches, what: str) -> Verdict:
    return judge(candidates, matches, what, source="forecast")


def _temp_ok(claim_value: float, claim_unit: str | None, fact: DomainFact, tol: WeatherTolerances) -> bool:
    fv, fu = float(fact.value["value"]), fact.value.get("unit", "F")
    fact_f = fv if fu == "F" else fv * 9 / 5 + 32
    ok_f = abs(claim_value - fact_f) <= tol.temperature_f + 1e-9
    ok_c = abs(claim_value - f_to_c(fact_f)) <= tol.temperature_c + 1e-9
    if claim_unit == "F":
        return ok_f
    if claim_unit == "C":
        return ok_c
    return ok_f or ok_c  # "high near 83": the unit is the reader's guess; either reading counts


def _speed_ok(claimed: float, unit: str, fact_speed: float, fact_unit: str, tol: WeatherTolerances) -> bool:
    if unit == fact_unit == "mph":
        return abs(claimed - fact_speed) <= tol.wind_mph + 1e-9
    claimed_kmh = to_kmh(claimed, "mph") if unit == "mph" else claimed * _SPEED_TO_KMH.get(unit, 1.0)
    return abs(claimed_kmh - to_kmh(fact_speed, fact_unit)) <= tol.wind_kmh + 1e-9


def _in_range(claimed: float, unit: str, lo: float, hi: float, fact_unit: str, tol: WeatherTolerances) -> bool:
    if _speed_ok(claimed, unit, lo, fact_unit, tol) or _speed_ok(claimed, unit, hi, fact_unit, tol):
        return True
    c = to_kmh(claimed, "mph") if unit == "mph" else claimed * _SPEED_TO_KMH.get(unit, 1.0)
    return to_kmh(lo, fact_unit) <= c <= to_kmh(hi, fact_unit)


def _judge_none(facts: list[DomainFact], tol: WeatherTolerances) -> Verdict:
    """"No chance of rain", "dry": true of a small chance, false of a real one, undecided between."""
    lo, hi = tol.precip_none_max_percent, tol.precip_none_contradicted_from
    if facts and all(lo < float(f.value["percent"]) < hi for f in facts):
        return Verdict(UNVERIFIABLE, f"the forecast's chance of precipitation is between {lo:g} % and {hi:g} %: "
                                     "neither 'none' nor a real chance")
    return _judge(facts, lambda f: float(f.value["percent"]) <= lo + 1e-9, "chance of precipitation")


def verify_weather_claim(claim: Any, ctx: WeatherContext, tol: WeatherTolerances = TOLERANCES) -> Verdict:
    t, s = claim.type, claim.slots
    if t == "other":
        return Verdict(UNVERIFIABLE, f"not a fact a forecast record states ({s.get('description', 'other')})")
    if t == "wind_gust":
        return Verdict(UNVERIFIABLE, "the forecast states no wind gusts")
    if t == "temperature":
        if s.get("value") is None:
            return Verdict(UNVERIFIABLE, "claim lacks value")
        kind = s.get("kind")
        if kind in ("trend", "apparent"):
            what = "temperature trend" if kind == "trend" else "apparent temperature"
            return Verdict(UNVERIFIABLE, f"the forecast states no {what}")
        cands = ctx.facts("temperature")
        if kind:
            cands = [f for f in cands if f.key.get("kind") == kind]
        return _judge(cands, lambda f: _temp_ok(float(s["value"]), s.get("unit"), f, tol),
                      f"{kind} temperature" if kind else "temperature")
    if t == "wind_speed":
        unit = s.get("unit") or "mph"

        def m(f: DomainFact) -> bool:
            lo, hi, fu = f.value["min"], f.value["max"], f.value.get("unit", "mph")
            if s.get("value") is not None:
                return _in_range(float(s["value"]), unit, lo, hi, fu, tol)
            if s.get("min") is not None and not _speed_ok(float(s["min"]), unit, lo, fu, tol):
                return False
            return s.get("max") is None or _speed_ok(float(s["max"]), unit, hi, fu, tol)
        if s.get("value") is None and s.get("max") is None:
            return Verdict(UNVERIFIABLE, "claim states no speed")
        return _judge(ctx.facts("wind_speed"), m, "wind speed")
    if t == "wind_direction":
        d = str(s.get("direction") or "").upper()
        if d not in COMPASS:
            return Verdict(UNVERIFIABLE, f"unknown direction {d!r}")
        return _judge(ctx.facts("wind_direction"),
                      lambda f: compass_distance_deg(d, f.value["direction"]) <= tol.wind_direction_deg + 1e-9,
                      "wind direction")
    if t == "precip_chance":
        if s.get("qualitative") == "none":
            return _judge_none(ctx.facts("precip_chance"), tol)
        if s.get("percent") is None:
            return Verdict(UNVERIFIABLE, "claim lacks percent")
        return _judge(ctx.facts("precip_chance"),
                      lambda f: abs(float(s["percent"]) - float(f.value["percent"])) <= tol.precip_points + 1e-9,
                      "chance of precipitation")
    if t == "sky":
        cond = s.get("condition")
        facts = ctx.facts("sky")
        named = {c for f in facts for c in (f.value["condition"], *(a.get("condition") for a in f.alt_values))}
        if cond in SKY_COVER and facts and not named & set(SKY_COVER):
            # "Showers And Thunderstorms" says nothing of the cloud cover: "mostly cloudy" is not checkable
            return Verdict(UNVERIFIABLE, "the forecast states weather but no sky cover")
        return _judge(facts, lambda f: cond == f.value["condition"]
                      or any(cond == alt.get("condition") for alt in f.alt_values), "sky condition")
    return Verdict(UNVERIFIABLE, f"unknown claim type {t}")
