"""Weather oracle facts and their verification tolerances (named configuration).

A record's complete fact set (every ground-truth key fact is at least one fact):

===============  ==================  ==========================================  ============
fact type        key                 value                                       key fact
===============  ==================  ==========================================  ============
temperature      kind (high / low)   value, unit (F as NWS gives it)             temp
sky              —                   condition (normalized category);            sky
                                     alt_values: every other category the NWS
                                     shortForecast names ("… then Partly Cloudy")
wind_speed       —                   min, max, unit (mph)                        wind
wind_direction   —                   direction (16-point compass)                wind
precip_chance    —                   percent                                     precip_prob
===============  ==================  ==========================================  ============

Claims (``extractor``) carry the unit they were stated in; the verifier converts.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from f1bench_pipeline.domains.base import DomainFact
from f1bench_pipeline.domains.weather.records import ForecastRecord, sky_parts

FACT_TYPES = ("temperature", "sky", "wind_speed", "wind_direction", "precip_chance")
# Claim types: the fact types, plus what a forecast text may say that no record states.
CLAIM_TYPES = (*FACT_TYPES, "wind_gust", "other")
MPH_TO_KMH = 1.609344


class WeatherTolerances(BaseModel):
    """How close a claimed value must be to the fact's to be supported. Change here, not in code."""

    temperature_f: float = Field(0.0, description="°F claim vs the °F fact (NWS gives whole degrees)")
    temperature_c: float = Field(0.5, description="°C claim vs the fact converted to °C: a whole-degree "
                                                  "rounding of the exact conversion is within 0.5")
    wind_mph: float = Field(0.0, description="mph claim vs the mph fact")
    wind_kmh: float = Field(1.0, description="km/h claim vs the fact converted to km/h (rounding, 1.6 vs 1.609)")
    wind_direction_deg: float = Field(22.5, description="angular distance on the 16-point compass: "
                                                        "22.5 accepts the adjacent point (SW for SSW)")
    precip_points: float = Field(0.0, description="percentage points")
    # "no chance of rain", "dry", "sin lluvia", "tempo seco" (no number): the NWS names no precipitation
    # in a forecast below a slight chance (15 %; in the sample every sky naming rain has >= 15 % but two
    # compound skies at 10 and 13 %), so a careful reader accepts "no rain" for a chance up to 10 %
    precip_none_max_percent: float = Field(10.0, description="a statement of no / negligible precipitation is "
                                                             "supported when the chance is at most this")
    precip_none_contradicted_from: float = Field(20.0, description="... and contradicted from this chance up "
                                                                   "(NWS 'slight chance'); between the two: unverifiable")


TOLERANCES = WeatherTolerances()


def record_facts(record: ForecastRecord) -> list[DomainFact]:
    """The complete oracle of one forecast period, in a fixed order."""
    g = record.ground_truth
    facts = [DomainFact(type="temperature", key={"kind": g.temp_kind}, value={"value": g.temp, "unit": g.temp_unit})]
    if "sky" in record.key_facts:
        others = [c for c in sky_parts(g.sky_raw) if c != g.sky]
        facts.append(DomainFact(type="sky", value={"condition": g.sky}, alt_values=[{"condition": c} for c in others]))
    if "wind" in record.key_facts:
        if g.wind_max is not None:
            lo = g.wind_min if g.wind_min is not None else g.wind_max
            facts.append(DomainFact(type="wind_speed", value={"min": lo, "max": g.wind_max, "unit": g.wind_unit}))
        if g.wind_dir:
            facts.append(DomainFact(type="wind_direction", value={"direction": g.wind_dir.upper()}))
    if "precip_prob" in record.key_facts and g.precip_prob is not None:
        facts.append(DomainFact(type="precip_chance", value={"percent": g.precip_prob}))
    return facts


def f_to_c(f: float) -> float:
    return (float(f) - 32.0) * 5.0 / 9.0


def to_kmh(speed: float, unit: str) -> float:
    return float(speed) * MPH_TO_KMH if unit == "mph" else float(speed)
