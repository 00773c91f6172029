"""Collect NWS forecasts from api.weather.gov into forecast records (the shape of
``data/weather/noaa_forecasts.jsonl``).

Per location (``data/weather/locations.csv``: name, latitude, longitude):

1. ``GET {base}/points/{lat},{lon}`` (coordinates rounded to 4 decimals, as the API wants;
   more make it redirect) → ``properties.forecast``, the forecast URL of the point's grid.
2. ``GET`` that URL → ``properties.periods``: ``number``, ``name``, ``isDaytime``,
   ``temperature`` (a number, or a ``{unitCode, value}`` quantity), ``temperatureUnit``,
   ``windSpeed`` ("5 to 13 mph"), ``windDirection`` ("SW"), ``probabilityOfPrecipitation``
   (``{unitCode: wmoUnit:percent, value}``; ``null`` → the record states no chance),
   ``shortForecast`` (→ ``sky_raw`` and the normalized ``sky``), ``detailedForecast``
   (→ ``reference``).

Every request sends a ``User-Agent`` naming the application and a contact (the API
rejects requests without one; set ``F1BENCH_NWS_USER_AGENT``) and
``Accept: application/geo+json``. 5xx, 429 and timeouts are retried with backoff
(the NWS API returns transient 500s); a 4xx is final. A failure names the location and
the URL. Each location's records are written to their own file the moment they arrive
(``<out>/<Location>.jsonl``, atomically), so a failure or a kill loses nothing already
collected, and a rerun of the same batch fetches only the locations still missing.
"""

from __future__ import annotations

import csv
import json
import os
import re
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel

from f1bench_pipeline.domains.weather.records import (
    KEY_FACTS,
    ForecastRecord,
    GroundTruth,
    normalize_sky,
)
from f1bench_pipeline.settings import process_setting

DEFAULT_BASE_URL = "https://api.weather.gov"
DEFAULT_USER_AGENT = "f1bench weather collector (https://github.com/f1bench; contact: set F1BENCH_NWS_USER_AGENT)"
_SPEED = re.compile(r"(\d+)(?:\s*to\s*(\d+))?\s*(mph|km/h)", re.IGNORECASE)


class Location(BaseModel):
    name: str
    lat: float
    lon: float


def load_locations(path: Path) -> list[Location]:
    with open(path, encoding="utf-8", newline="") as fh:
        return [Location(name=r["location"], lat=float(r["lat"]), lon=float(r["lon"])) for r in csv.DictReader(fh)]


def location_slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", name).strip("_")


class NWSError(RuntimeError):
    """One request failed for good; names the location, the URL and what the API said."""

    def __init__(self, location: str, url: str, status: int | None, detail: str):
        self.location, self.url, self.status, self.detail = location, url, status, detail
        super().__init__(f"{location}: {url} -> {status if status is not None else 'no response'}: {detail}")


class CollectionError(RuntimeError):
    """Some locations could not be collected (the others were written)."""

    def __init__(self, report: CollectionReport):
        self.report = report
        lines = [str(f) for f in report.failures]
        super().__init__(f"{len(report.failures)} location(s) failed (collected: {len(report.collected)}, "
                         f"already present: {len(report.skipped)}):\n  " + "\n  ".join(lines))


@dataclass
class CollectionReport:
    batch_dir: Path
    collected: list[str] = field(default_factory=list)   # locations fetched by this run
    skipped: list[str] = field(default_factory=list)     # already in the batch folder
    failures: list[NWSError] = field(default_factory=list)
    records: int = 0
    dropped_periods: list[str] = field(default_factory=list)  # periods that could not become a record

    @property
    def ok(self) -> bool:
        return not self.failures


class NWSClient:
    """A small api.weather.gov client (stdlib HTTP)."""

    def __init__(self, base_url: str = DEFAULT_BASE_URL, user_agent: str | None = None, timeout_s: float = 30.0,
                 max_attempts: int = 4, backoff_s: float = 2.0, sleep: Callable[[float], None] = time.sleep):
        self.base_url = base_url.rstrip("/")
        self.user_agent = user_agent or process_setting("nws_user_agent") or DEFAULT_USER_AGENT
        self.timeout_s = timeout_s
        self.max_attempts = max_attempts
        self.backoff_s = backoff_s
        self.sleep = sleep
        self.requests = 0

    def get_json(self, url: str, location: str) -> dict:
        last: tuple[int | None, str] = (None, "")
        for attempt in range(1, self.max_attempts + 1):
            req = urllib.request.Request(url, headers={"User-Agent": self.user_agent,
                                                       "Accept": "application/geo+json"})
            self.requests += 1
            try:
                with urllib.request.urlopen(req, timeout=self.timeout_s) as resp:
                    body = resp.read()
                try:
                    return json.loads(body)
                except json.JSONDecodeError:
                    last = (resp.status, "the response is not JSON")
            except urllib.error.HTTPError as exc:
                detail = _problem_detail(exc)
                if exc.code < 500 and exc.code != 429:
                    raise NWSError(location, url, exc.code, detail) from None
                last = (exc.code, detail)
            except (urllib.error.URLError, TimeoutError, ConnectionError, OSError) as exc:
                last = (None, str(getattr(exc, "reason", exc)))
            if attempt < self.max_attempts:
                self.sleep(self.backoff_s * 2 ** (attempt - 1))
        raise NWSError(location, url, last[0], f"{last[1]} (after {self.max_attempts} attempts)")

    def points_url(self, loc: Location) -> str:
        return f"{self.base_url}/points/{_coord(loc.lat)},{_coord(loc.lon)}"

    def forecast(self, loc: Location) -> tuple[str, list[dict]]:
        """(forecast URL, periods) of one location."""
        point = self.get_json(self.points_url(loc), loc.name)
        url = (point.get("properties") or {}).get("forecast")
        if not url:
            raise NWSError(loc.name, self.points_url(loc), 200, "the point has no forecast URL (outside NWS coverage?)")
        data = self.get_json(url, loc.name)
        periods = (data.get("properties") or {}).get("periods")
        if not isinstance(periods, list):
            raise NWSError(loc.name, url, 200, "the forecast has no periods")
        return url, periods


def _coord(x: float) -> str:
    return f"{round(x, 4):.4f}".rstrip("0").rstrip(".")


def _problem_detail(exc: urllib.error.HTTPError) -> str:
    """The API's problem+json ``title: detail`` (or the HTTP reason)."""
    try:
        body = json.loads(exc.read() or b"{}")
        parts = [str(body.get(k)) for k in ("title", "detail") if body.get(k)]
        return ": ".join(parts) or str(exc.reason)
    except (json.JSONDecodeError, ValueError, OSError):
        return str(exc.reason)


# --- NWS period → record --------------------------------------------------------------------


def _quantity(v):
    return v.get("value") if isinstance(v, dict) else v


def context_text(location: str, period: str, g: GroundTruth) -> str:
    """The data the model sees, in the shared records' exact format."""
    lines = [f"Location: {location}. Period: {period}.", f"Temperature {g.temp_kind}: {_num(g.temp)} {g.temp_unit}",
             f"Sky: {g.sky_raw}"]
    if g.wind_max is not None:
        speed = f"{g.wind_max}" if g.wind_min in (None, g.wind_max) else f"{g.wind_min} to {g.wind_max}"
        lines.append(f"Wind: {speed} {g.wind_unit}" + (f" {g.wind_dir}" if g.wind_dir else ""))
    if g.precip_prob is not None:
        lines.append(f"Chance of precipitation: {g.precip_prob}%")
    return "\n".join(lines)


def _num(x) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def period_record(location: str, p: dict) -> ForecastRecord:
    """One NWS forecast period as a record (raises ValueError naming what is missing)."""
    temp = _quantity(p.get("temperature"))
    if temp is None:
        raise ValueError("no temperature")
    unit = p.get("temperatureUnit") or ("C" if "degC" in str(p.get("temperature") or {}) else "F")
    wind = _SPEED.search(p.get("windSpeed") or "")
    wmin = wmax = None
    wunit = "mph"
    if wind:
        wmin, wmax = int(wind.group(1)), int(wind.group(2) or wind.group(1))
        wunit = "km/h" if wind.group(3).lower() == "km/h" else "mph"
    precip = _quantity(p.get("probabilityOfPrecipitation"))
    sky_raw = (p.get("shortForecast") or "").strip()
    g = GroundTruth(temp=temp, temp_unit=unit, temp_kind="high" if p.get("isDaytime") else "low",
                    wind_min=wmin, wind_max=wmax, wind_unit=wunit, wind_dir=(p.get("windDirection") or None),
                    precip_prob=int(precip) if precip is not None else None, sky=normalize_sky(sky_raw), sky_raw=sky_raw)
    key_facts = [k for k in KEY_FACTS if not (k == "wind" and wmax is None) and not (k == "precip_prob" and precip is None)]
    name = p.get("name") or f"period {p.get('number')}"
    return ForecastRecord(id=f"{location_slug(location)}::{p.get('number')}", location=location, period=name,
                          ground_truth=g, key_facts=key_facts, context_text=context_text(location, name, g),
                          reference=p.get("detailedForecast") or "")


def records_of(location: str, periods: Iterable[dict], dropped: list[str] | None = None) -> list[ForecastRecord]:
    out = []
    for p in periods:
        try:
            out.append(period_record(location, p))
        except ValueError as exc:
            if dropped is not None:
                dropped.append(f"{location} #{p.get('number')}: {str(exc).splitlines()[0]}")
    return out


def _write_atomic(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def collect(locations: list[Location], batch_dir: Path, client: NWSClient | None = None,
            progress: Callable[[str], None] = lambda _m: None, raise_on_failure: bool = True) -> CollectionReport:
    """Collect every location not yet in ``batch_dir``; raises :class:`CollectionError` at the
    end when some failed (after writing every one that did not)."""
    from f1bench_pipeline.domains.weather.records import dump_records

    client = client or NWSClient()
    batch_dir.mkdir(parents=True, exist_ok=True)
    report = CollectionReport(batch_dir)
    for loc in locations:
        path = batch_dir / f"{location_slug(loc.name)}.jsonl"
        if path.exists():
            report.skipped.append(loc.name)
            continue
        try:
            _url, periods = client.forecast(loc)
        except NWSError as exc:
            report.failures.append(exc)
            progress(f"FAILED {exc}")
            continue
        recs = records_of(loc.name, periods, report.dropped_periods)
        _write_atomic(path, dump_records(recs))
        report.collected.append(loc.name)
        report.records += len(recs)
        progress(f"{loc.name}: {len(recs)} periods")
    if report.failures and raise_on_failure:
        raise CollectionError(report)
    return report


def read_batch(batch_dir: Path) -> list[ForecastRecord]:
    """Every record collected in a batch folder (location files in name order)."""
    from f1bench_pipeline.domains.weather.records import load_records

    out: list[ForecastRecord] = []
    for path in sorted(batch_dir.glob("*.jsonl")):
        out.extend(load_records(path))
    return out
