"""Load one race session through FastF1's own loader and turn it into polars tables.

Offline, FastF1 reads the configured cache (the embedded sample, the shared cache or a
user's own); online it uses its normal HTTP loader (and its own F1 account settings,
``F1_USERNAME``/``F1_PASSWORD``/``FASTF1_AUTH_METHOD``, which we never read or log).
"""

from __future__ import annotations

import logging
import re
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import polars as pl

if TYPE_CHECKING:
    import pandas as pd

from f1bench_pipeline.domains.f1.ingest.cache_manifest import CacheIntegrityError, read_manifest, verify_files

log = logging.getLogger(__name__)

HTTP_CACHE_FILE = "fastf1_http_cache.sqlite"


class RaceLoadError(RuntimeError):
    """FastF1 could not produce usable laps for a race; the message says why."""


@dataclass
class RaceEvent:
    season: int
    round: int
    event: str
    event_date: str
    event_format: str
    country: str = ""
    location: str = ""


@dataclass
class RawRace:
    event: RaceEvent
    laps: pl.DataFrame
    drivers: pl.DataFrame
    track_status: pl.DataFrame
    race_control: pl.DataFrame
    total_laps: int | None
    warnings: list[str] = field(default_factory=list)


def _snake(name: str) -> str:
    name = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name)
    name = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name)
    return name.lower()


def pandas_to_polars(df: pd.DataFrame) -> pl.DataFrame:
    """FastF1 frame → polars with snake_case names and timedeltas as float seconds (`*_s`)."""
    import pandas as pd
    out: dict[str, pl.Series] = {}
    for col in df.columns:
        s = df[col]
        name = _snake(str(col))
        if pd.api.types.is_timedelta64_dtype(s):
            out[f"{name}_s"] = pl.Series(f"{name}_s", s.dt.total_seconds().to_numpy(), dtype=pl.Float64, nan_to_null=True)
        elif pd.api.types.is_datetime64_any_dtype(s):
            out[name] = pl.Series(name, s.to_numpy()).cast(pl.Datetime("us"))
        elif pd.api.types.is_bool_dtype(s):
            out[name] = pl.Series(name, s.to_numpy(), dtype=pl.Boolean)
        elif pd.api.types.is_float_dtype(s) or pd.api.types.is_integer_dtype(s):
            out[name] = pl.Series(name, s.to_numpy(dtype="float64"), dtype=pl.Float64, nan_to_null=True)
        else:
            values = [None if (v is None or (isinstance(v, float) and pd.isna(v))) else str(v) for v in s.tolist()]
            out[name] = pl.Series(name, values, dtype=pl.Utf8)
    return pl.DataFrame(out)


_configured: tuple[str, bool] | None = None


def configure_fastf1(cache_dir: Path, offline: bool) -> None:
    """Point FastF1 at ``cache_dir`` (idempotent per process)."""
    global _configured
    import fastf1

    key = (str(Path(cache_dir).resolve()), offline)
    if _configured == key:
        return
    Path(cache_dir).mkdir(parents=True, exist_ok=True)
    fastf1.set_log_level("ERROR")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        # ignore_version: 2018–2019 files were written by older FastF1 cache versions.
        fastf1.Cache.enable_cache(str(cache_dir), ignore_version=True)
    fastf1.Cache.offline_mode(offline)
    _configured = key


class CacheGuard:
    """Verifies cache files against a SHA-256 manifest before FastF1 may unpickle them."""

    def __init__(self, cache_dir: Path, manifest_path: Path | None):
        self.cache_dir = Path(cache_dir)
        self.manifest = read_manifest(manifest_path) if manifest_path else None

    def check(self, relative: str) -> None:
        if self.manifest is None:
            return
        verify_files(self.cache_dir, self.manifest, relative)

    def check_http_cache(self) -> None:
        if self.manifest is None:
            return
        if HTTP_CACHE_FILE not in self.manifest:
            raise CacheIntegrityError(f"{HTTP_CACHE_FILE} is not in the manifest")
        verify_files(self.cache_dir, self.manifest, HTTP_CACHE_FILE)


def season_schedule(season: int, cache_dir: Path, offline: bool, guard: CacheGuard) -> list[RaceEvent]:
    """The season's race weekends as FastF1 sees them (from the cache when offline)."""
    import fastf1
    import pandas as pd  # with FastF1, never at import: every Dagster process loads this module (~0.7 s)

    guard.check_http_cache()
    configure_fastf1(cache_dir, offline)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        schedule = fastf1.get_event_schedule(season, include_testing=False)
    events = []
    for _, row in schedule.iterrows():
        if int(row["RoundNumber"]) <= 0:
            continue
        events.append(
            RaceEvent(
                season=season,
                round=int(row["RoundNumber"]),
                event=str(row["EventName"]),
                event_date=pd.Timestamp(row["EventDate"]).strftime("%Y-%m-%d"),
                event_format=str(row.get("EventFormat", "")),
                country=str(row.get("Country", "")),
                location=str(row.get("Location", "")),
            )
        )
    return events


def race_cache_dir(cache_dir: Path, event: RaceEvent) -> str | None:
    """Relative folder FastF1 uses for this event, if present in the cache."""
    year_dir = Path(cache_dir) / str(event.season)
    suffix = "_" + event.event.replace(" ", "_")
    if not year_dir.exists():
        return None
    matches = sorted(p for p in year_dir.iterdir() if p.is_dir() and p.name.endswith(suffix))
    return f"{event.season}/{matches[0].name}" if matches else None


def load_race(
    event: RaceEvent,
    cache_dir: Path,
    offline: bool,
    guard: CacheGuard,
) -> RawRace:
    """Load the race session of ``event``. Raises ``RaceLoadError`` with the reason."""
    import fastf1
    import pandas as pd  # with FastF1, never at import: every Dagster process loads this module (~0.7 s)

    label = f"{event.season} {event.event} (round {event.round})"
    rel = race_cache_dir(cache_dir, event)
    if rel is None and offline:
        raise RaceLoadError(f"{label}: not in the FastF1 cache at {cache_dir}")
    if rel is not None:
        try:
            guard.check(rel)
        except CacheIntegrityError as exc:
            raise RaceLoadError(f"{label}: cache integrity check failed: {exc}") from exc
    configure_fastf1(cache_dir, offline)
    captured: list[str] = []
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            session = fastf1.get_session(event.season, event.round, "R")
            session.load(laps=True, telemetry=False, weather=False, messages=True)
            laps = session.laps  # raises DataNotLoadedError when timing failed to load
            results = session.results
            captured = [str(w.message) for w in caught][:20]
    except Exception as exc:  # FastF1 raises many types; all mean "this race is unusable"
        raise RaceLoadError(f"{label}: FastF1 failed to load: {type(exc).__name__}: {exc}") from exc
    if laps is None or len(laps) == 0:
        raise RaceLoadError(f"{label}: FastF1 returned no laps")

    laps_pl = pandas_to_polars(pd.DataFrame(laps))
    drivers_pl = pandas_to_polars(pd.DataFrame(results)) if results is not None else pl.DataFrame()
    try:
        ts = pandas_to_polars(pd.DataFrame(session.track_status))
    except Exception:
        ts = pl.DataFrame()
    try:
        rcm = pandas_to_polars(pd.DataFrame(session.race_control_messages))
    except Exception:
        rcm = pl.DataFrame()
    total_laps = getattr(session, "total_laps", None)
    return RawRace(
        event=event,
        laps=laps_pl,
        drivers=drivers_pl,
        track_status=ts,
        race_control=rcm,
        total_laps=int(total_laps) if total_laps else None,
        warnings=captured,
    )
