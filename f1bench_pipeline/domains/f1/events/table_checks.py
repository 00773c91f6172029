"""Invariants of the event tables as plain functions (used by Dagster asset checks and tests)."""

from __future__ import annotations

import polars as pl

from f1bench_pipeline.domains.f1.events.compounds import KNOWN_COMPOUNDS

TABLE_KEYS: dict[str, list[str]] = {
    "green_flag_laps": ["season", "round", "driver", "lap_number"],
    "stints": ["season", "round", "driver", "stint"],
    "pit_stops": ["season", "round", "driver", "lap"],
    "red_flag_tyre_changes": ["season", "round", "driver", "lap"],
    "pit_battles": ["season", "round", "attacker", "defender", "attacker_pit_lap"],
    "defenses": ["season", "round", "defender", "pursuer", "start_lap"],
    "standings": ["season", "round", "driver"],
    "classification": ["season", "round", "driver"],
    "track_status_periods": ["season", "round", "period"],
}


def duplicate_keys(df: pl.DataFrame, keys: list[str]) -> pl.DataFrame:
    if df.is_empty():
        return df
    return df.group_by(keys).len().filter(pl.col("len") > 1)


def pit_laps_outside_race(pit_stops: pl.DataFrame, laps: pl.DataFrame) -> pl.DataFrame:
    """Stops whose lap is < 1 or beyond the race's last lap."""
    if pit_stops.is_empty():
        return pit_stops
    distance = laps.group_by("season", "round").agg(pl.col("lap_number").max().alias("race_laps"))
    return pit_stops.join(distance, on=["season", "round"], how="left").filter(
        (pl.col("lap") < 1) | (pl.col("lap") > pl.col("race_laps")) | pl.col("race_laps").is_null()
    )


def unknown_compounds(stints: pl.DataFrame) -> pl.DataFrame:
    if stints.is_empty():
        return stints
    return stints.filter(~pl.col("compound").is_in(list(KNOWN_COMPOUNDS)))


def finishers_without_stint(classification: pl.DataFrame, stints: pl.DataFrame) -> pl.DataFrame:
    if classification.is_empty():
        return classification
    finishers = classification.filter(pl.col("classified"))
    if stints.is_empty():
        return finishers
    return finishers.join(stints.select("season", "round", "driver").unique(), on=["season", "round", "driver"], how="anti")


def timing_order_races(classification: pl.DataFrame) -> pl.DataFrame:
    """(season, round, event) of every race classified from timing order (no official result)."""
    if classification.is_empty() or "source" not in classification.columns:
        return pl.DataFrame(schema={"season": pl.Int64, "round": pl.Int64, "event": pl.Utf8})
    return (classification.filter(pl.col("source") == "timing_order")
            .select("season", "round", "event").unique().sort("season", "round"))


def sprints_without_results(standings: pl.DataFrame) -> pl.DataFrame:
    """(season, round, event) of sprint weekends whose sprint result no source has."""
    if standings.is_empty() or "sprint_points_missing" not in standings.columns:
        return pl.DataFrame(schema={"season": pl.Int64, "round": pl.Int64, "event": pl.Utf8})
    return (standings.filter(pl.col("sprint_points_missing"))
            .select("season", "round", "event").unique().sort("season", "round"))


def race_names(races: pl.DataFrame) -> list[str]:
    return [f"{s} round {r} ({e})" for s, r, e in races.select("season", "round", "event").iter_rows()]
