"""Classification, championship standings and track-status periods (per season)."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from f1bench_pipeline.domains.f1.ingest.official_results import ErgastCsvOptions, supplement_sprint_points

RACE_KEYS = ["season", "round", "event"]

TRACK_STATUS_NAMES = {
    "1": "green",
    "2": "yellow",
    "4": "safety_car",
    "5": "red_flag",
    "6": "vsc_deployed",
    "7": "vsc_ending",
}


def classification(raw_results: pl.DataFrame, flagged_laps: pl.DataFrame) -> pl.DataFrame:
    """Official result per driver with what timing adds: pit-lane start, lap-1 retirement."""
    if raw_results.is_empty():
        return pl.DataFrame()
    first_lap = flagged_laps.filter(pl.col("lap_number") == 1).select(
        *RACE_KEYS, "driver", pl.col("is_out_lap").alias("pit_lane_start")
    )
    timed = flagged_laps.group_by([*RACE_KEYS, "driver"]).agg(
        pl.col("lap_number").max().alias("timed_laps")
    )
    res = raw_results.join(first_lap, on=[*RACE_KEYS, "driver"], how="left").join(
        timed, on=[*RACE_KEYS, "driver"], how="left"
    )
    classified = pl.col("classified_position").cast(pl.Utf8).str.contains(r"^\d+$").fill_null(False)
    return res.with_columns(
        classified.alias("classified"),
        pl.col("status").fill_null("").str.contains(r"^(Finished|\+\d+ Laps?|Lapped)$").alias("finished"),
        # Grid 0 in official data means a pit-lane start; timing shows an out-lap on lap 1.
        pl.when(pl.col("grid").is_not_null())
        .then(pl.col("grid") == 0)
        .otherwise(pl.col("pit_lane_start").fill_null(False))
        .alias("pit_lane_start"),
        (pl.col("laps_completed").fill_null(pl.col("timed_laps")) <= 1).alias("retired_lap1"),
        pl.when(pl.col("grid") > 0).then(pl.col("grid") - pl.col("position")).alias("positions_gained"),
        (pl.col("points").fill_null(0) > 0).alias("points_finisher"),
    ).sort([*RACE_KEYS, "position"])


def sprint_points(ergast_dir: Path, seasons: list[int], supplement_dir: Path | None = None) -> pl.DataFrame:
    """Sprint points per driver and round (season, round, driver, sprint_points): the CSV dump,
    then the supplement's ``sprint_results_*.csv`` for rounds the dump lacks."""
    opts: ErgastCsvOptions = {"infer_schema_length": 0, "null_values": ["\\N"]}
    d = Path(ergast_dir)
    races = pl.read_csv(d / "races.csv", **opts).select(
        "raceId", pl.col("year").cast(pl.Int64).alias("season"), pl.col("round").cast(pl.Int64)
    )
    drivers = pl.read_csv(d / "drivers.csv", **opts).select("driverId", pl.col("code").alias("driver"))
    sprints = pl.read_csv(d / "sprint_results.csv", **opts)
    dump = (
        sprints.join(races, on="raceId")
        .join(drivers, on="driverId")
        .filter(pl.col("season").is_in(seasons))
        .select("season", "round", "driver", pl.col("points").cast(pl.Float64).alias("sprint_points"))
    )
    extra = supplement_sprint_points(supplement_dir, seasons).join(
        dump.select("season", "round").unique(), on=["season", "round"], how="anti")
    return pl.concat([dump, extra])


def sprint_weekends(raw_sessions: pl.DataFrame) -> pl.DataFrame:
    """(season, round) of the loaded races whose weekend had a sprint (FastF1's event format)."""
    if raw_sessions.is_empty() or "event_format" not in raw_sessions.columns:
        return pl.DataFrame(schema={"season": pl.Int64, "round": pl.Int64})
    return raw_sessions.filter(pl.col("event_format").fill_null("").str.starts_with("sprint")).select(
        pl.col("season").cast(pl.Int64), pl.col("round").cast(pl.Int64)).unique()


def standings(raw_results: pl.DataFrame, sprint: pl.DataFrame,
              sprint_rounds: pl.DataFrame | None = None) -> pl.DataFrame:
    """Drivers' championship after each round: race + sprint points, cumulative, position.

    ``sprint_points_missing`` marks every row of a sprint weekend (``sprint_rounds``) whose
    sprint result no source has: its standings count the Grand Prix only.
    """
    if raw_results.is_empty():
        return pl.DataFrame()
    race = raw_results.select(
        *RACE_KEYS,
        "driver",
        "team",
        pl.col("points").fill_null(0.0).alias("race_points"),
        (pl.col("position") == 1).cast(pl.Int64).alias("win"),
        pl.col("source").alias("results_source"),
    )
    rounds = race.select(*RACE_KEYS, "results_source").unique(subset=RACE_KEYS)
    drivers = race.select("season", "driver").unique()
    # Every driver of the season appears after every round (0 points where absent).
    grid = rounds.join(drivers, on="season")
    table = (
        grid.join(race.drop("results_source"), on=[*RACE_KEYS, "driver"], how="left")
        .join(sprint, on=["season", "round", "driver"], how="left")
        .with_columns(
            pl.col("race_points").fill_null(0.0),
            pl.col("sprint_points").fill_null(0.0),
            pl.col("win").fill_null(0),
        )
        .sort(["season", "driver", "round"])
        .with_columns(
            pl.col("team").forward_fill().backward_fill().over(["season", "driver"]),
            (pl.col("race_points") + pl.col("sprint_points")).alias("round_points"),
        )
        .with_columns(
            pl.col("round_points").cum_sum().over(["season", "driver"]).alias("cumulative_points"),
            pl.col("win").cum_sum().over(["season", "driver"]).alias("wins"),
        )
    )
    # Ties broken by wins (the first countback step of the sporting regulations).
    ranked = table.with_columns(
        (pl.col("cumulative_points") * 1000 + pl.col("wins"))
        .rank(method="min", descending=True)
        .over(["season", "round"])
        .cast(pl.Int64)
        .alias("position")
    )
    with_sprint = sprint.select("season", "round").unique().with_columns(pl.lit(True).alias("_has_sprint"))
    weekends = (sprint_rounds if sprint_rounds is not None else pl.DataFrame(schema={"season": pl.Int64, "round": pl.Int64}))
    weekends = weekends.select(pl.col("season").cast(pl.Int64), pl.col("round").cast(pl.Int64)).unique().with_columns(
        pl.lit(True).alias("_sprint_weekend"))
    ranked = ranked.join(with_sprint, on=["season", "round"], how="left").join(
        weekends, on=["season", "round"], how="left").with_columns(
        (pl.col("_sprint_weekend").fill_null(False) & ~pl.col("_has_sprint").fill_null(False)).alias("sprint_points_missing"),
    ).drop("_has_sprint", "_sprint_weekend")
    return ranked.drop("win").sort(["season", "round", "position", "driver"])


def track_status_periods(raw_track_status: pl.DataFrame, flagged_laps: pl.DataFrame) -> pl.DataFrame:
    """Each track-status period with its start/end session time and the leader's laps."""
    if raw_track_status.is_empty():
        return pl.DataFrame()
    ts = raw_track_status.sort([*RACE_KEYS, "time_s"]).with_columns(
        pl.col("time_s").shift(-1).over(RACE_KEYS).alias("end_time_s"),
        pl.int_range(1, pl.len() + 1).over(RACE_KEYS).alias("period"),
    )
    # The lap the leader was on at a given session time: laps keyed by their end time.
    leader = (
        flagged_laps.group_by([*RACE_KEYS, "lap_number"])
        .agg(pl.col("time_s").min().alias("lap_end_s"))
        .drop_nulls("lap_end_s")
        .sort("lap_end_s")
    )
    max_lap = leader.group_by(RACE_KEYS).agg(pl.col("lap_number").max().alias("max_lap"))

    def lap_at(col: str, name: str) -> pl.DataFrame:
        probe = ts.select(*RACE_KEYS, "period", col).drop_nulls(col).sort(col)
        return probe.join_asof(
            leader, left_on=col, right_on="lap_end_s", by=RACE_KEYS, strategy="forward",
            check_sortedness=False,
        ).select(*RACE_KEYS, "period", pl.col("lap_number").alias(name))

    out = (
        ts.join(lap_at("time_s", "start_lap"), on=[*RACE_KEYS, "period"], how="left")
        .join(lap_at("end_time_s", "end_lap"), on=[*RACE_KEYS, "period"], how="left")
        .join(max_lap, on=RACE_KEYS, how="left")
        .with_columns(
            pl.col("start_lap").fill_null(pl.col("max_lap")),
            pl.col("end_lap").fill_null(pl.col("max_lap")),
            pl.col("status").replace_strict(TRACK_STATUS_NAMES, default="other").alias("kind"),
            (pl.col("end_time_s") - pl.col("time_s")).alias("duration_s"),
        )
    )
    return out.select(
        *RACE_KEYS,
        "period",
        "status",
        "kind",
        "message",
        pl.col("time_s").alias("start_time_s"),
        "end_time_s",
        "duration_s",
        "start_lap",
        "end_lap",
    )
