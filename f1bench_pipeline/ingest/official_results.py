"""Official classification, grid, status and points.

Sources, in order: Jolpica/Ergast through FastF1 when online (FastF1 fills
``session.results``), the CC0 Ergast CSVs shipped in ``data/ergast`` when offline,
and finally the timing order (positions from laps completed and finish time) for
rounds the dump does not cover. The ``source`` column records which one was used.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import polars as pl

SOURCE_JOLPICA = "jolpica"
SOURCE_ERGAST_CSV = "ergast_csv"
SOURCE_TIMING = "timing_order"

# Points for P1..P10 in a Grand Prix (2010 onward).
RACE_POINTS = [25, 18, 15, 12, 10, 8, 6, 4, 2, 1]

RESULT_COLUMNS = {
    "driver": pl.Utf8,
    "driver_number": pl.Utf8,
    "full_name": pl.Utf8,
    "team": pl.Utf8,
    "position": pl.Int64,
    "classified_position": pl.Utf8,
    "grid": pl.Int64,
    "status": pl.Utf8,
    "points": pl.Float64,
    "laps_completed": pl.Int64,
    "source": pl.Utf8,
}


def _null(s: str | None) -> str | None:
    return None if s in (None, "\\N", "") else s


@lru_cache(maxsize=4)
def _ergast_tables(ergast_dir: str) -> dict[str, pl.DataFrame]:
    d = Path(ergast_dir)
    opts = dict(infer_schema_length=0, null_values=["\\N"])
    return {
        name: pl.read_csv(d / f"{name}.csv", **opts)
        for name in ("races", "results", "sprint_results", "drivers", "constructors", "status")
    }


def ergast_race_results(
    ergast_dir: Path, season: int, round_: int, sprint: bool = False
) -> pl.DataFrame:
    """Official results of one race (or its sprint) from the CSV dump; empty if absent."""
    t = _ergast_tables(str(ergast_dir))
    race = t["races"].filter(
        (pl.col("year").cast(pl.Int64) == season) & (pl.col("round").cast(pl.Int64) == round_)
    )
    if race.is_empty():
        return pl.DataFrame(schema=RESULT_COLUMNS)
    race_id = race["raceId"][0]
    res = t["sprint_results" if sprint else "results"].filter(pl.col("raceId") == race_id)
    if res.is_empty():
        return pl.DataFrame(schema=RESULT_COLUMNS)
    drivers = t["drivers"].select("driverId", "code", "forename", "surname")
    teams = t["constructors"].select("constructorId", pl.col("name").alias("team"))
    status = t["status"].select("statusId", "status")
    return (
        res.join(drivers, on="driverId", how="left")
        .join(teams, on="constructorId", how="left")
        .join(status, on="statusId", how="left")
        .select(
            pl.col("code").alias("driver"),
            pl.col("number").alias("driver_number"),
            (pl.col("forename") + " " + pl.col("surname")).alias("full_name"),
            "team",
            pl.col("positionOrder").cast(pl.Int64).alias("position"),
            pl.col("positionText").alias("classified_position"),
            pl.col("grid").cast(pl.Int64).alias("grid"),
            "status",
            pl.col("points").cast(pl.Float64).alias("points"),
            pl.col("laps").cast(pl.Int64).alias("laps_completed"),
            pl.lit(SOURCE_ERGAST_CSV).alias("source"),
        )
        .sort("position")
    )


def timing_order_results(laps: pl.DataFrame, drivers: pl.DataFrame) -> pl.DataFrame:
    """Classification from timing alone: most laps first, then earliest finish.

    A driver whose last lap ended before the winner crossed the line is taken as
    retired (FastF1 timing has no status); points follow the standard top-10 scale.
    """
    last = (
        laps.group_by("driver")
        .agg(
            pl.col("lap_number").max().alias("laps_completed"),
            pl.col("time_s").max().alias("finish_time_s"),
        )
        .sort(["laps_completed", "finish_time_s"], descending=[True, False], nulls_last=True)
        .with_row_index("idx")
        .with_columns((pl.col("idx") + 1).cast(pl.Int64).alias("position"))
    )
    winner_time = last["finish_time_s"][0] if last.height else None
    leader_laps = last["laps_completed"][0] if last.height else None
    finished = (
        pl.col("finish_time_s") >= (winner_time if winner_time is not None else 0.0)
    ) | (pl.col("laps_completed") == leader_laps)
    lapped = (leader_laps - pl.col("laps_completed")) if leader_laps is not None else pl.lit(0)
    points_expr = pl.when(finished & (pl.col("position") <= len(RACE_POINTS))).then(
        pl.col("position").map_elements(lambda p: float(RACE_POINTS[p - 1]), return_dtype=pl.Float64)
    ).otherwise(0.0)
    info = drivers.select(
        pl.col("abbreviation").alias("driver"),
        "driver_number",
        "full_name",
        pl.col("team_name").alias("team"),
        pl.col("grid_position").alias("grid_f"),
    ) if not drivers.is_empty() else pl.DataFrame(schema={"driver": pl.Utf8, "driver_number": pl.Utf8, "full_name": pl.Utf8, "team": pl.Utf8, "grid_f": pl.Float64})
    out = last.join(info, on="driver", how="left").with_columns(
        pl.when(finished & (lapped == 0)).then(pl.lit("Finished"))
        .when(finished).then(pl.format("+{} Lap{}", lapped, pl.when(lapped == 1).then(pl.lit("")).otherwise(pl.lit("s"))))
        .otherwise(pl.lit("Retired")).alias("status"),
        pl.when(finished).then(pl.col("position").cast(pl.Utf8)).otherwise(pl.lit("R")).alias("classified_position"),
        points_expr.alias("points"),
        pl.col("grid_f").cast(pl.Int64).alias("grid"),
        pl.lit(SOURCE_TIMING).alias("source"),
        pl.col("laps_completed").cast(pl.Int64),
    )
    return out.select(list(RESULT_COLUMNS)).cast(RESULT_COLUMNS)


def fastf1_official_results(drivers: pl.DataFrame) -> pl.DataFrame | None:
    """Results FastF1 fetched from Jolpica (online); None when it had none (offline)."""
    if drivers.is_empty() or drivers["points"].is_null().all() or drivers["position"].is_null().all():
        return None
    return drivers.select(
        pl.col("abbreviation").alias("driver"),
        "driver_number",
        "full_name",
        pl.col("team_name").alias("team"),
        pl.col("position").cast(pl.Int64),
        "classified_position",
        pl.col("grid_position").cast(pl.Int64).alias("grid"),
        "status",
        pl.col("points").cast(pl.Float64),
        pl.col("laps").cast(pl.Int64).alias("laps_completed"),
        pl.lit(SOURCE_JOLPICA).alias("source"),
    ).cast(RESULT_COLUMNS)


def official_results(
    laps: pl.DataFrame, drivers: pl.DataFrame, ergast_dir: Path, season: int, round_: int
) -> pl.DataFrame:
    online = fastf1_official_results(drivers)
    if online is not None:
        return online
    csv = ergast_race_results(ergast_dir, season, round_)
    if not csv.is_empty():
        return csv.cast(RESULT_COLUMNS)
    return timing_order_results(laps, drivers)
