"""Official classification, grid, status and points: an explicit chain of sources.

A race is classified from the first source that has it (``RESULT_SOURCES``): the CC0 Ergast
CSVs shipped in ``data/ergast``, then the supplement files in ``data/official_results``
(rounds past the dump; layout in that folder's README), then Jolpica through FastF1 when the
network is allowed (FastF1 fills ``session.results``), and only as a last resort the timing
order (laps completed and finish time), which cannot show disqualifications or post-race
penalties. Every row records its ``source`` and ``source_file``.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

import polars as pl

if TYPE_CHECKING:
    from polars._typing import PolarsDataType

SOURCE_ERGAST_CSV = "ergast_csv"
SOURCE_SUPPLEMENT = "official_supplement"
SOURCE_JOLPICA = "jolpica"
SOURCE_TIMING = "timing_order"
# The chain, in the order it is tried; every source but the last is official.
RESULT_SOURCES = (SOURCE_ERGAST_CSV, SOURCE_SUPPLEMENT, SOURCE_JOLPICA, SOURCE_TIMING)
OFFICIAL_SOURCES = frozenset(RESULT_SOURCES[:-1])

# A car that covered less than this share of the winner's laps is not classified
# (FIA Sporting Regulations: 90%, rounded down to whole laps).
CLASSIFICATION_MIN_DISTANCE_SHARE = 0.9

# Points for P1..P10 in a Grand Prix (2010 onward).
RACE_POINTS = [25, 18, 15, 12, 10, 8, 6, 4, 2, 1]

RESULT_COLUMNS: dict[str, PolarsDataType] = {
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
    "source_file": pl.Utf8,
}


class ErgastCsvOptions(TypedDict):
    """``pl.read_csv`` options of the Ergast dump: every column read as text, ``\\N`` as null."""

    infer_schema_length: int
    null_values: list[str]


def _null(s: str | None) -> str | None:
    return None if s in (None, "\\N", "") else s


@lru_cache(maxsize=4)
def _ergast_tables(ergast_dir: str) -> dict[str, pl.DataFrame]:
    d = Path(ergast_dir)
    opts: ErgastCsvOptions = {"infer_schema_length": 0, "null_values": ["\\N"]}
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
            pl.lit(f"ergast/{'sprint_results' if sprint else 'results'}.csv").alias("source_file"),
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
        pl.lit(None, dtype=pl.Utf8).alias("source_file"),
        pl.col("laps_completed").cast(pl.Int64),
    )
    return out.select(list(RESULT_COLUMNS)).cast(RESULT_COLUMNS)  # type: ignore[arg-type]  # polars: cast()'s Mapping key (str | Selector | dtype) is invariant, a str-keyed dict never matches


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
        pl.lit(None, dtype=pl.Utf8).alias("source_file"),
    ).cast(RESULT_COLUMNS)  # type: ignore[arg-type]  # polars: cast()'s Mapping key (str | Selector | dtype) is invariant, a str-keyed dict never matches


def official_results(
    laps: pl.DataFrame,
    drivers: pl.DataFrame,
    ergast_dir: Path,
    season: int,
    round_: int,
    supplement_dir: Path | None = None,
) -> pl.DataFrame:
    """The race's classification from the first source of ``RESULT_SOURCES`` that has it."""
    csv = ergast_race_results(ergast_dir, season, round_)
    if not csv.is_empty():
        return csv.cast(RESULT_COLUMNS)  # type: ignore[arg-type]  # polars: cast()'s Mapping key (str | Selector | dtype) is invariant, a str-keyed dict never matches
    if supplement_dir is not None:
        sup = supplement_race_results(supplement_dir, season, round_, laps, drivers)
        if not sup.is_empty():
            return sup
    online = fastf1_official_results(drivers)
    if online is not None:
        return online
    return timing_order_results(laps, drivers)


def has_official_results(ergast_dir: Path, supplement_dir: Path | None, season: int, round_: int) -> bool:
    """True when an offline official source (Ergast CSV or a supplement file) has the race."""
    if not ergast_race_results(ergast_dir, season, round_).is_empty():
        return True
    return supplement_dir is not None and not _supplement_rows(supplement_dir, "race", season, round_).is_empty()



# ---- the supplement files (data/official_results; layout in its README) -------------------

SUPPLEMENT_COLUMNS = ("season", "round", "event", "driver", "team", "position", "grid", "status", "points")
_SUPPLEMENT_PATTERNS = {"race": "race_results_*.csv", "sprint": "sprint_results_*.csv"}
# Statuses that are never classified, whatever the distance (Ergast's positionText letters).
_UNCLASSIFIED_STATUS = {"disqualified": "D", "excluded": "E", "did not start": "W", "withdrew": "W"}
_FINISHED_STATUS = r"^(Finished|Lapped|\+\d+ Laps?)$"


_SUPPLEMENT_SCHEMA = {"line": pl.UInt32, "season": pl.Int64, "round": pl.Int64, "event": pl.Utf8,
                      "driver": pl.Utf8, "team": pl.Utf8, "position": pl.Int64, "grid": pl.Int64,
                      "status": pl.Utf8, "points": pl.Float64, "source_file": pl.Utf8}


class SupplementError(ValueError):
    """A supplement file that cannot be read as official results (names the file and line)."""


def _parse_supplement(path: Path) -> pl.DataFrame:
    try:
        raw = pl.read_csv(path, infer_schema_length=0)
    except Exception as exc:  # noqa: BLE001 - polars raises several types for a bad CSV
        raise SupplementError(f"{path}: not a readable CSV ({exc})") from exc
    missing = [c for c in SUPPLEMENT_COLUMNS if c not in raw.columns]
    if missing:
        raise SupplementError(f"{path}: missing column(s) {', '.join(missing)} (layout: {path.parent / 'README.md'})")
    raw = raw.with_row_index("line", offset=2)  # line 1 is the header
    ints = {"season": False, "round": False, "position": True, "grid": True}
    for col, nullable in ints.items():
        text = pl.col(col).str.strip_chars()
        bad = raw.filter(
            (text.is_null() | (text == "")) & pl.lit(not nullable)
            | (text.is_not_null() & (text != "") & ~text.str.contains(r"^-?\d+$"))
        )
        if bad.height:
            r = bad.row(0, named=True)
            raise SupplementError(f"{path}, line {r['line']}: {col} must be an integer, got {r[col]!r}")
    pts = raw.filter(pl.col("points").is_not_null() & (pl.col("points") != "")
                     & ~pl.col("points").str.contains(r"^\d+(\.\d+)?$"))
    if pts.height:
        r = pts.row(0, named=True)
        raise SupplementError(f"{path}, line {r['line']}: points must be a number, got {r['points']!r}")
    out = raw.select(
        "line",
        pl.col("season").cast(pl.Int64),
        pl.col("round").cast(pl.Int64),
        "event",
        pl.col("driver").str.strip_chars(),
        "team",
        pl.col("position").str.strip_chars().replace("", None).cast(pl.Int64),
        pl.col("grid").str.strip_chars().replace("", None).cast(pl.Int64),
        pl.col("status").fill_null("").str.strip_chars(),
        pl.col("points").replace("", None).cast(pl.Float64).fill_null(0.0),
        pl.lit(path.name).alias("source_file"),
    )
    dup = out.filter(~pl.struct("season", "round", "driver").is_first_distinct())  # the repeat
    if dup.height:
        r = dup.row(0, named=True)
        raise SupplementError(f"{path}, line {r['line']}: {r['driver']} appears twice in {r['season']} round {r['round']}")
    return out


@lru_cache(maxsize=8)
def _supplement_table(supplement_dir: str, kind: str, _stamp: tuple) -> pl.DataFrame:
    files = sorted(Path(supplement_dir).glob(_SUPPLEMENT_PATTERNS[kind]))
    frames = [_parse_supplement(f) for f in files]
    if not frames:
        return pl.DataFrame(schema=_SUPPLEMENT_SCHEMA)
    table = pl.concat(frames)
    spread = table.group_by("season", "round").agg(pl.col("source_file").unique().sort())
    clash = spread.filter(pl.col("source_file").list.len() > 1)
    if clash.height:
        r = clash.row(0, named=True)
        raise SupplementError(f"{supplement_dir}: {r['season']} round {r['round']} appears in several files "
                              f"({', '.join(r['source_file'])}); keep each race in one file")
    return table


def supplement_table(supplement_dir: Path | None, kind: str) -> pl.DataFrame:
    """Every row of the folder's ``race`` or ``sprint`` files (validated; empty without a folder)."""
    d = Path(supplement_dir) if supplement_dir is not None else None
    if d is None or not d.is_dir():
        return pl.DataFrame(schema=_SUPPLEMENT_SCHEMA)
    # Keyed by the files' names, sizes and times, so an edited or added file is read again.
    stamp = tuple((f.name, f.stat().st_size, f.stat().st_mtime_ns) for f in sorted(d.glob(_SUPPLEMENT_PATTERNS[kind])))
    return _supplement_table(str(d), kind, stamp)


def _supplement_rows(supplement_dir: Path, kind: str, season: int, round_: int) -> pl.DataFrame:
    t = supplement_table(supplement_dir, kind)
    return t.filter((pl.col("season") == season) & (pl.col("round") == round_))


def supplement_race_results(
    supplement_dir: Path, season: int, round_: int, laps: pl.DataFrame, drivers: pl.DataFrame
) -> pl.DataFrame:
    """The race's rows of the supplement files in ``RESULT_COLUMNS``; empty when absent.

    The files hold what the official classification publishes; the rest is derived: laps
    completed from timing, the classified place from the status and the 90% distance rule,
    number and full name from FastF1's driver info.
    """
    rows = _supplement_rows(supplement_dir, "race", season, round_)
    if rows.is_empty():
        return pl.DataFrame(schema=RESULT_COLUMNS)
    timed = (laps.group_by("driver").agg(pl.col("lap_number").max().cast(pl.Int64).alias("laps_completed"))
             if not laps.is_empty() else pl.DataFrame(schema={"driver": pl.Utf8, "laps_completed": pl.Int64}))
    rows = rows.join(timed, on="driver", how="left")
    winner_laps = rows.filter(pl.col("position") == 1)["laps_completed"]
    min_laps = int((winner_laps[0] or 0) * CLASSIFICATION_MIN_DISTANCE_SHARE) if winner_laps.len() else 0
    status = pl.col("status").str.to_lowercase()
    letter = pl.col("status").str.to_lowercase().replace_strict(_UNCLASSIFIED_STATUS, default=None)
    classified_position = (
        pl.when(letter.is_not_null()).then(letter)
        .when(pl.col("position").is_null()).then(pl.lit("R"))
        .when(pl.col("status").str.contains(_FINISHED_STATUS) | (status == "")).then(pl.col("position").cast(pl.Utf8))
        # A retirement is classified when it covered 90% of the winner's laps.
        .when(pl.col("laps_completed").fill_null(0) >= min_laps).then(pl.col("position").cast(pl.Utf8))
        .otherwise(pl.lit("R"))
    )
    # Unplaced drivers go after the placed ones, in file order (Ergast's positionOrder).
    order = rows.with_columns(classified_position.alias("classified_position")).sort(
        pl.col("position").is_null(), "position", "line").with_row_index("order", offset=1)
    info = (drivers.select(pl.col("abbreviation").alias("driver"), "driver_number", "full_name")
            if not drivers.is_empty() else pl.DataFrame(schema={"driver": pl.Utf8, "driver_number": pl.Utf8,
                                                                "full_name": pl.Utf8}))
    return order.join(info, on="driver", how="left").select(
        "driver", "driver_number", "full_name", "team",
        pl.col("order").cast(pl.Int64).alias("position"),
        "classified_position", "grid", "status", "points", "laps_completed",
        pl.lit(SOURCE_SUPPLEMENT).alias("source"), "source_file",
    ).cast(RESULT_COLUMNS).sort("position")  # type: ignore[arg-type]  # polars: cast()'s Mapping key (str | Selector | dtype) is invariant, a str-keyed dict never matches


def supplement_sprint_points(supplement_dir: Path | None, seasons: list[int]) -> pl.DataFrame:
    """Sprint points from ``sprint_results_*.csv`` (season, round, driver, sprint_points)."""
    schema = {"season": pl.Int64, "round": pl.Int64, "driver": pl.Utf8, "sprint_points": pl.Float64}
    return supplement_table(supplement_dir, "sprint").filter(pl.col("season").is_in(seasons)).select(
        "season", "round", "driver", pl.col("points").alias("sprint_points")).cast(schema)  # type: ignore[arg-type]  # polars: cast()'s Mapping key (str | Selector | dtype) is invariant, a str-keyed dict never matches
