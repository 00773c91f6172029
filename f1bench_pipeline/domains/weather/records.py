"""NWS forecast records: the shape of ``data/weather/noaa_forecasts.jsonl`` (and of what
the api.weather.gov collector writes), validated by pydantic.

One record is one forecast period of one location::

    {"id": "New_York::1", "domain": "weather", "location": "New York", "period": "Today",
     "ground_truth": {"temp": 83, "temp_unit": "F", "temp_kind": "high", "wind_min": 15,
                      "wind_max": 15, "wind_dir": "NW", "precip_prob": 6,
                      "sky": "mostly_clear", "sky_raw": "Mostly Sunny"},
     "key_facts": ["temp", "sky", "wind", "precip_prob"],
     "context_text": "Location: New York. Period: Today.\\nTemperature high: 83 F\\n...",
     "reference": "Mostly sunny. High near 83, ..."}   # the NWS detailedForecast

``sky`` is ``sky_raw`` (the NWS shortForecast) normalized to one category by
:func:`normalize_sky`; the rule reproduces every one of the 490 shared records.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

SKY_CATEGORIES = ("clear", "mostly_clear", "partly_cloudy", "cloudy", "fog", "rain", "snow", "thunderstorms")
SKY_COVER = ("clear", "mostly_clear", "partly_cloudy", "cloudy")   # how much cloud
SKY_WEATHER = ("fog", "rain", "snow", "thunderstorms")             # what falls or hangs
KEY_FACTS = ("temp", "sky", "wind", "precip_prob")
# 16-point compass, clockwise from north; degrees = index * 22.5.
COMPASS = ("N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW")


class GroundTruth(BaseModel):
    model_config = ConfigDict(extra="forbid")

    temp: int | float
    temp_unit: Literal["F", "C"] = "F"
    temp_kind: Literal["high", "low"]
    wind_min: int | None = None
    wind_max: int | None = None
    wind_unit: Literal["mph", "km/h"] = "mph"
    wind_dir: str | None = None
    precip_prob: int | None = None
    sky: str
    sky_raw: str


class ForecastRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    domain: Literal["weather"] = "weather"
    location: str
    period: str
    ground_truth: GroundTruth
    key_facts: list[str] = Field(default_factory=lambda: list(KEY_FACTS))
    context_text: str
    reference: str = ""


def load_records(path: Path) -> list[ForecastRecord]:
    """Every line of a JSONL file as a validated record (errors name the line)."""
    out = []
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                out.append(ForecastRecord.model_validate_json(line))
            except ValueError as exc:
                raise ValueError(f"{path}:{n}: not a forecast record: {exc}") from None
    return out


def record_dict(r: ForecastRecord) -> dict:
    """The record as the shared JSONL writes it (``wind_unit`` only when not mph)."""
    d = r.model_dump()
    if d["ground_truth"].get("wind_unit") == "mph":
        del d["ground_truth"]["wind_unit"]
    return d


def dump_records(records: list[ForecastRecord]) -> str:
    return "".join(json.dumps(record_dict(r), ensure_ascii=False) + "\n" for r in records)


# --- sky conditions ---------------------------------------------------------------------------

_WEATHER_RULES: tuple[tuple[str, str], ...] = (
    # weather named in one part of a shortForecast: every one counts ("Showers And Thunderstorms"
    # states showers and thunderstorms)
    (r"thunder|t-storm", "thunderstorms"),
    (r"snow|flurr|sleet|blizzard|wintry|freezing", "snow"),
    (r"fog|haze|smoke|mist", "fog"),
    (r"rain|shower|drizzle", "rain"),
)
_COVER_RULES: tuple[tuple[str, str], ...] = (
    # sky cover of a part without weather: the first rule that matches
    (r"mostly (?:sunny|clear)", "mostly_clear"),
    (r"partly (?:sunny|cloudy)", "partly_cloudy"),
    (r"cloudy|overcast", "cloudy"),
    (r"sunny|clear|fair", "clear"),
)
_PRIORITY = ("thunderstorms", "snow", "fog", "rain")


def sky_parts(sky_raw: str) -> list[str]:
    """Categories a shortForecast names, in order ("A then B": A's, then B's)."""
    out: list[str] = []
    for part in re.split(r"\bthen\b", sky_raw, flags=re.IGNORECASE):
        low = part.lower()
        found = [cat for pattern, cat in _WEATHER_RULES if re.search(pattern, low)]
        if not found:
            found = next(([cat] for pattern, cat in _COVER_RULES if re.search(pattern, low)), [])
        out.extend(c for c in found if c not in out)
    return out


def normalize_sky(sky_raw: str) -> str:
    """One category for a shortForecast: weather (thunderstorms > snow > fog > rain) beats
    sky cover; otherwise the first part's cover. A text it does not know raises (no guess)."""
    parts = sky_parts(sky_raw)
    for cat in _PRIORITY:
        if cat in parts:
            return cat
    if parts:
        return parts[0]
    raise ValueError(f"unknown NWS sky condition {sky_raw!r}")


def compass_index(direction: str) -> int:
    return COMPASS.index(direction.upper())


def compass_distance_deg(a: str, b: str) -> float:
    d = abs(compass_index(a) - compass_index(b)) % 16
    return min(d, 16 - d) * 22.5
