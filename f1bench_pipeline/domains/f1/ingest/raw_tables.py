"""Turn a loaded race into the raw_* tables (pure; no Dagster)."""

from __future__ import annotations

from datetime import datetime, UTC
from pathlib import Path

import polars as pl

from f1bench_pipeline.domains.f1.ingest.fastf1_session import RaceEvent, RawRace
from f1bench_pipeline.domains.f1.ingest.official_results import official_results
from f1bench_pipeline.package_data import OFFICIAL_RESULTS_DIR

RAW_TABLES = ("raw_laps", "raw_results", "raw_track_status", "raw_race_control", "raw_sessions")

_INT_LAP_COLUMNS = ("lap_number", "stint", "tyre_life", "position")

SESSION_SCHEMA = {
    "event": pl.Utf8,
    "event_date": pl.Utf8,
    "event_format": pl.Utf8,
    "status": pl.Utf8,  # loaded | skipped
    "reason": pl.Utf8,
    "n_laps": pl.Int64,
    "n_drivers": pl.Int64,
    "total_laps": pl.Int64,
    "results_source": pl.Utf8,
    "cache_source": pl.Utf8,
    "loaded_at": pl.Utf8,
}


def _race_keys(df: pl.DataFrame, event: RaceEvent) -> pl.DataFrame:
    return df.with_columns(
        pl.lit(event.season, dtype=pl.Int64).alias("season"),
        pl.lit(event.round, dtype=pl.Int64).alias("round"),
        pl.lit(event.event).alias("event"),
    ).select("season", "round", "event", pl.exclude("season", "round", "event"))


def session_row(
    event: RaceEvent,
    status: str,
    reason: str | None,
    cache_source: str,
    n_laps: int = 0,
    n_drivers: int = 0,
    total_laps: int | None = None,
    results_source: str | None = None,
) -> pl.DataFrame:
    row = pl.DataFrame(
        [
            {
                "event": event.event,
                "event_date": event.event_date,
                "event_format": event.event_format,
                "status": status,
                "reason": reason,
                "n_laps": n_laps,
                "n_drivers": n_drivers,
                "total_laps": total_laps,
                "results_source": results_source,
                "cache_source": cache_source,
                "loaded_at": datetime.now(UTC).isoformat(timespec="seconds"),
            }
        ],
        schema=SESSION_SCHEMA,
    )
    return _race_keys(row.drop("event"), event)


def build_raw_tables(raw: RawRace, ergast_dir: Path, cache_source: str,
                     supplement_dir: Path | None = OFFICIAL_RESULTS_DIR) -> dict[str, pl.DataFrame]:
    ev = raw.event
    laps = raw.laps.with_columns(
        [pl.col(c).cast(pl.Int64) for c in _INT_LAP_COLUMNS if c in raw.laps.columns]
    ).sort(["driver", "lap_number"])
    results = official_results(laps, raw.drivers, ergast_dir, ev.season, ev.round, supplement_dir)
    # Names and team colours from FastF1's driver info complete the official rows.
    if not raw.drivers.is_empty():
        extra = raw.drivers.select(
            pl.col("abbreviation").alias("driver"),
            pl.col("team_color"),
            pl.col("first_name"),
            pl.col("last_name"),
        )
        results = results.join(extra, on="driver", how="left")
    track_status = raw.track_status if not raw.track_status.is_empty() else pl.DataFrame(
        schema={"time_s": pl.Float64, "status": pl.Utf8, "message": pl.Utf8}
    )
    race_control = raw.race_control
    if race_control.is_empty():
        race_control = pl.DataFrame(
            schema={"time": pl.Datetime("us"), "category": pl.Utf8, "message": pl.Utf8, "status": pl.Utf8,
                    "flag": pl.Utf8, "scope": pl.Utf8, "sector": pl.Float64, "racing_number": pl.Utf8, "lap": pl.Float64}
        )
    for col in ("sector", "lap"):
        if col in race_control.columns:
            race_control = race_control.with_columns(pl.col(col).cast(pl.Float64))
    sessions = session_row(
        ev,
        "loaded",
        None,
        cache_source,
        n_laps=laps.height,
        n_drivers=laps["driver"].n_unique(),
        total_laps=raw.total_laps,
        results_source=results["source"][0] if results.height else None,
    )
    return {
        "raw_laps": _race_keys(laps, ev),
        "raw_results": _race_keys(results, ev),
        "raw_track_status": _race_keys(track_status, ev),
        "raw_race_control": _race_keys(race_control, ev),
        "raw_sessions": sessions,
    }
