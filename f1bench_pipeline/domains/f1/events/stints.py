"""Tyre stints, pit stops and red-flag tyre changes.

FastF1's ``Stint`` opens a new stint on every pit-lane pass. A pass that keeps the same
set (same compound, tyre life running on: a drive-through, a lap-1 pit-lane pass) is
merged into the stint it continues. A change made while the race is suspended (in-lap
under a red flag) is a red-flag change, not a pit stop. A new set of the same compound
is a stop.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl

from f1bench_pipeline.domains.f1.ingest.official_results import ErgastCsvOptions
from f1bench_pipeline.domains.f1.settings import RaceRules

RACE_KEYS = ["season", "round", "event"]
DRIVER_KEYS = [*RACE_KEYS, "driver"]


def _fastf1_stint_blocks(laps: pl.DataFrame) -> pl.DataFrame:
    """Aggregate laps per FastF1 stint; laps without a stint number join the previous one."""
    laps = laps.sort([*DRIVER_KEYS, "lap_number"]).with_columns(
        pl.col("fastf1_stint").forward_fill().backward_fill().over(DRIVER_KEYS).fill_null(1)
    )
    return (
        laps.group_by([*DRIVER_KEYS, "fastf1_stint"])
        .agg(
            pl.col("team").drop_nulls().first(),
            pl.col("compound").filter(pl.col("compound") != "UNKNOWN").first().fill_null("UNKNOWN"),
            pl.col("lap_number").min().alias("start_lap"),
            pl.col("lap_number").max().alias("end_lap"),
            pl.col("tyre_life").drop_nulls().first().alias("tyre_life_start"),
            pl.col("tyre_life").drop_nulls().last().alias("tyre_life_end"),
            pl.col("fresh_tyre").first().alias("fresh_tyre_start"),
            pl.col("under_red").last().alias("ends_under_red"),
            pl.col("under_sc").last().alias("ends_under_sc"),
            pl.col("under_vsc").last().alias("ends_under_vsc"),
            pl.col("pit_in_time_s").last().alias("pit_in_time_s"),
        )
        .sort([*DRIVER_KEYS, "start_lap"])
    )


def tyre_stints(flagged_laps: pl.DataFrame, rules: RaceRules) -> pl.DataFrame:
    """One row per driver × tyre set actually run (merged pit-lane passes)."""
    if flagged_laps.is_empty():
        return pl.DataFrame()
    blocks = _fastf1_stint_blocks(flagged_laps)
    prev = lambda c: pl.col(c).shift(1).over(DRIVER_KEYS)  # noqa: E731
    blocks = blocks.with_columns(
        (
            (pl.col("compound") == prev("compound"))
            & (pl.col("compound") != "UNKNOWN")
            & (pl.col("tyre_life_start") == prev("tyre_life_end") + 1)
        )
        .fill_null(False)
        .alias("same_set_as_previous")
    ).with_columns(
        (~pl.col("same_set_as_previous")).cast(pl.Int64).cum_sum().over(DRIVER_KEYS).alias("stint")
    )
    stints = (
        blocks.group_by([*DRIVER_KEYS, "stint"])
        .agg(
            pl.col("team").first(),
            pl.col("compound").first(),
            pl.col("start_lap").min(),
            pl.col("end_lap").max(),
            pl.col("tyre_life_start").first(),
            pl.col("tyre_life_end").last(),
            pl.col("fresh_tyre_start").first(),
            pl.col("ends_under_red").last(),
            pl.col("ends_under_sc").last(),
            pl.col("ends_under_vsc").last(),
            pl.col("pit_in_time_s").last(),
            pl.len().alias("fastf1_stints"),
        )
        .with_columns((pl.col("end_lap") - pl.col("start_lap") + 1).alias("n_laps"))
    )
    pace = _green_pace(flagged_laps, stints, rules)
    stints = stints.join(pace, on=[*DRIVER_KEYS, "stint"], how="left").with_columns(
        pl.col("green_laps").fill_null(0)
    )
    last_stint = pl.col("stint") == pl.col("stint").max().over(DRIVER_KEYS)
    return stints.with_columns(
        pl.when(last_stint)
        .then(pl.lit("race_end"))
        .when(pl.col("ends_under_red"))
        .then(pl.lit("red_flag_change"))
        .otherwise(pl.lit("pit_stop"))
        .alias("ended_by")
    ).select(
        *DRIVER_KEYS,
        "team",
        "stint",
        "compound",
        "start_lap",
        "end_lap",
        "n_laps",
        "tyre_life_start",
        "tyre_life_end",
        "fresh_tyre_start",
        "green_laps",
        "avg_green_pace_s",
        "median_green_pace_s",
        "degradation_s_per_lap",
        "ended_by",
        "fastf1_stints",
        "ends_under_sc",
        "ends_under_vsc",
        "pit_in_time_s",
    ).sort([*DRIVER_KEYS, "stint"])


def _green_pace(flagged_laps: pl.DataFrame, stints: pl.DataFrame, rules: RaceRules) -> pl.DataFrame:
    """Green-lap count, mean/median pace and degradation slope (s per lap of tyre age)."""
    ranges = stints.select(*DRIVER_KEYS, "stint", "start_lap", "end_lap")
    green = (
        flagged_laps.filter(pl.col("is_green"))
        .select(*DRIVER_KEYS, "lap_number", "lap_time_s", "tyre_life")
        .join(ranges, on=DRIVER_KEYS, how="inner")
        .filter(pl.col("lap_number").is_between(pl.col("start_lap"), pl.col("end_lap")))
    )
    x = pl.col("tyre_life").cast(pl.Float64)
    y = pl.col("lap_time_s")
    slope = pl.cov(x, y) / x.var()
    return green.group_by([*DRIVER_KEYS, "stint"]).agg(
        pl.len().cast(pl.Int64).alias("green_laps"),
        y.mean().alias("avg_green_pace_s"),
        y.median().alias("median_green_pace_s"),
        pl.when(pl.len() >= rules.min_green_laps_for_degradation)
        .then(slope)
        .otherwise(None)
        .alias("degradation_s_per_lap"),
    )


def official_pit_stops(ergast_dir: Path) -> pl.DataFrame:
    """Ergast pit_stops.csv keyed by season, round, driver code and lap."""
    opts: ErgastCsvOptions = {"infer_schema_length": 0, "null_values": ["\\N"]}
    races = pl.read_csv(Path(ergast_dir) / "races.csv", **opts).select(
        "raceId", pl.col("year").cast(pl.Int64).alias("season"), pl.col("round").cast(pl.Int64)
    )
    drivers = pl.read_csv(Path(ergast_dir) / "drivers.csv", **opts).select("driverId", pl.col("code").alias("driver"))
    stops = pl.read_csv(Path(ergast_dir) / "pit_stops.csv", **opts)
    return stops.join(races, on="raceId").join(drivers, on="driverId").select(
        "season",
        "round",
        "driver",
        pl.col("stop").cast(pl.Int64).alias("official_stop"),
        pl.col("lap").cast(pl.Int64).alias("lap"),
        pl.col("duration").cast(pl.Float64, strict=False).alias("stop_duration_s"),
    )


def pit_stops_and_red_flag_changes(
    stints: pl.DataFrame, flagged_laps: pl.DataFrame, official: pl.DataFrame | None
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Stint transitions split into racing pit stops and red-flag tyre changes."""
    if stints.is_empty():
        return pl.DataFrame(), pl.DataFrame()
    nxt = lambda c: pl.col(c).shift(-1).over(DRIVER_KEYS)  # noqa: E731
    transitions = stints.sort([*DRIVER_KEYS, "stint"]).with_columns(
        nxt("compound").alias("to_compound"),
        nxt("tyre_life_start").alias("to_tyre_life"),
        nxt("fresh_tyre_start").alias("to_fresh_tyre"),
        nxt("start_lap").alias("out_lap"),
    ).filter(pl.col("ended_by") != "race_end")
    out_times = flagged_laps.select(
        *DRIVER_KEYS, pl.col("lap_number").alias("out_lap"), "pit_out_time_s"
    )
    transitions = transitions.join(out_times, on=[*DRIVER_KEYS, "out_lap"], how="left").with_columns(
        (pl.col("pit_out_time_s") - pl.col("pit_in_time_s")).alias("pit_lane_time_s")
    )
    base = transitions.select(
        *DRIVER_KEYS,
        "team",
        pl.col("end_lap").alias("lap"),
        pl.col("compound").alias("from_compound"),
        "to_compound",
        "to_tyre_life",
        "to_fresh_tyre",
        pl.col("ends_under_sc").alias("under_sc"),
        pl.col("ends_under_vsc").alias("under_vsc"),
        "pit_lane_time_s",
        "ended_by",
    )
    stops = base.filter(pl.col("ended_by") == "pit_stop").drop("ended_by")
    stops = stops.with_columns(
        pl.int_range(1, pl.len() + 1).over(DRIVER_KEYS).cast(pl.Int64).alias("stop_number")
    )
    if official is not None and not official.is_empty():
        stops = stops.join(
            official.select("season", "round", "driver", "lap", "stop_duration_s"),
            on=["season", "round", "driver", "lap"],
            how="left",
        )
    else:
        stops = stops.with_columns(pl.lit(None, dtype=pl.Float64).alias("stop_duration_s"))
    red = base.filter(pl.col("ended_by") == "red_flag_change").drop("ended_by", "under_sc", "under_vsc")
    cols = [*DRIVER_KEYS, "team", "stop_number", "lap", "from_compound", "to_compound", "to_tyre_life",
            "to_fresh_tyre", "under_sc", "under_vsc", "pit_lane_time_s", "stop_duration_s"]
    return stops.select(cols).sort([*DRIVER_KEYS, "lap"]), red.sort([*DRIVER_KEYS, "lap"])
