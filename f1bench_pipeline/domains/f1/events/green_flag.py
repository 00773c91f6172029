"""Per-lap flags: track status, pit in/out laps, and whether a lap is green-flag.

A green-flag lap shows none of the non-green TrackStatus codes, is neither
an in-lap nor an out-lap, and has a lap time.
"""

from __future__ import annotations

import polars as pl

from f1bench_pipeline.domains.f1.events.compounds import normalize_compound
from f1bench_pipeline.domains.f1.settings import RaceRules

RACE_KEYS = ["season", "round", "event"]


def _status_has(codes: tuple[str, ...]) -> pl.Expr:
    ts = pl.col("track_status").fill_null("")
    expr = pl.lit(False)
    for code in codes:
        expr = expr | ts.str.contains(code, literal=True)
    return expr


def green_flag_laps(raw_laps: pl.DataFrame, rules: RaceRules) -> pl.DataFrame:
    """One row per driver × lap with the flags every later rule uses."""
    if raw_laps.is_empty():
        return pl.DataFrame()
    laps = raw_laps.select(
        *RACE_KEYS,
        "driver",
        "team",
        "lap_number",
        "lap_time_s",
        "time_s",
        "lap_start_time_s",
        "position",
        "compound",
        "tyre_life",
        "fresh_tyre",
        pl.col("stint").alias("fastf1_stint"),
        "track_status",
        "pit_in_time_s",
        "pit_out_time_s",
    ).with_columns(normalize_compound("compound"))
    return (
        laps.with_columns(
            pl.col("pit_in_time_s").is_not_null().alias("is_in_lap"),
            pl.col("pit_out_time_s").is_not_null().alias("is_out_lap"),
            _status_has(("2",)).alias("under_yellow"),
            _status_has(rules.safety_car_codes).alias("under_sc"),
            _status_has(rules.virtual_safety_car_codes).alias("under_vsc"),
            _status_has(rules.red_flag_codes).alias("under_red"),
            _status_has(rules.non_green_status_codes).alias("_non_green"),
        )
        .with_columns(
            (
                ~pl.col("_non_green")
                & ~pl.col("is_in_lap")
                & ~pl.col("is_out_lap")
                & pl.col("lap_time_s").is_not_null()
            ).alias("is_green")
        )
        .drop("_non_green")
        .sort([*RACE_KEYS, "driver", "lap_number"])
    )
