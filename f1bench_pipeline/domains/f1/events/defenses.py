"""On-track defenses: a faster car held up directly behind another.

A pursuer whose race-wide median green-flag lap time (median of its ``is_green`` laps
over the whole race, so tyre phases and traffic average out) is faster than the
defender's runs directly behind it (running position = defender's + 1) within
``defense_max_gap_s`` at the line (0 < time_s(pursuer) − time_s(defender) ≤ max gap, so
both are on the same lap) on consecutive laps. A run of ≥ ``defense_min_sustained_laps``
laps is a sustained defense; a run of ``defense_brief_min_laps``..``defense_brief_max_laps``
laps counts only if it ends in the pass (brief). A lap under the breaking track-status
codes (SC/VSC/red) or an in/out lap of either car breaks a run: bunched cars behind the
safety car or a gap made in the pit lane is not a defense.

The pass is on track: on the lap right after the run the pursuer is ahead, and that lap
is itself clean (no pit lap of either car, no breaking status). The defender is
teammate-protected when its teammate runs ahead of the pursuer at both the run's first
and last lap (the classic wingman job: ALO holding HAM for OCO, Hungary 2021).
"""

from __future__ import annotations

import polars as pl

from f1bench_pipeline.domains.f1.settings import RaceRules

RACE_KEYS = ["season", "round", "event"]
DRIVER_KEYS = [*RACE_KEYS, "driver"]
PAIR_KEYS = [*RACE_KEYS, "defender", "pursuer"]

OUTPUT_COLUMNS = [
    *RACE_KEYS,
    "kind",
    "defender",
    "pursuer",
    "defender_team",
    "pursuer_team",
    "run",
    "start_lap",
    "end_lap",
    "laps_held",
    "defender_median_pace_s",
    "pursuer_median_pace_s",
    "pace_delta_s",
    "mean_gap_s",
    "min_gap_s",
    "ended_in_pass",
    "pass_lap",
    "teammate",
    "teammate_protected",
    "defender_finish_position",
    "pursuer_finish_position",
]


def _breaking(rules: RaceRules) -> pl.Expr:
    """Lap flag for the configured breaking status codes, read from the per-lap flags."""
    codes = set(rules.defense_breaking_status_codes)
    flag_codes = {
        "under_sc": rules.safety_car_codes,
        "under_vsc": rules.virtual_safety_car_codes,
        "under_red": rules.red_flag_codes,
        "under_yellow": ("2",),
    }
    flags = [pl.col(flag) for flag, fc in flag_codes.items() if codes & set(fc)]
    return pl.any_horizontal(flags) if flags else pl.lit(False)


def _lap_table(flagged_laps: pl.DataFrame, rules: RaceRules) -> pl.DataFrame:
    return flagged_laps.select(
        *DRIVER_KEYS,
        "team",
        "lap_number",
        "time_s",
        "position",
        # A lap that cannot be part of (or end) a run: neutralised, or a pit lap.
        (_breaking(rules) | pl.col("is_in_lap") | pl.col("is_out_lap")).alias("blocked"),
    )


def _side(laps: pl.DataFrame, name: str) -> pl.DataFrame:
    """The lap table renamed for one car of a pair (driver column becomes ``name``)."""
    return laps.rename(
        {"driver": name, "team": f"{name}_team", "time_s": f"{name}_time_s",
         "position": f"{name}_position", "blocked": f"{name}_blocked"}
    )


def _green_pace(flagged_laps: pl.DataFrame) -> pl.DataFrame:
    return (
        flagged_laps.filter(pl.col("is_green") & pl.col("lap_time_s").is_not_null())
        .group_by(DRIVER_KEYS)
        .agg(pl.col("lap_time_s").median().alias("median_pace_s"))
    )


def _ahead(pos_a: str, pos_b: str, time_a: str, time_b: str) -> pl.Expr:
    """Car a ahead of car b at the end of the same lap: running position, else line time."""
    return pl.coalesce(pl.col(pos_a) < pl.col(pos_b), pl.col(time_a) < pl.col(time_b))


def defenses(flagged_laps: pl.DataFrame, results: pl.DataFrame, rules: RaceRules) -> pl.DataFrame:
    """One row per defense run of a defender against a faster pursuer.

    ``pace_delta_s`` = defender median − pursuer median (> 0: the pursuer is that much
    faster per lap); ``mean_gap_s``/``min_gap_s`` are the pursuer's gap behind over the
    run. ``teammate`` is the defender's team-mate in the race (null if none);
    ``teammate_protected`` says it ran ahead of the pursuer at the run's start and end.
    ``*_finish_position`` come from the official classification in ``results``.
    """
    if flagged_laps.is_empty():
        return pl.DataFrame()
    laps = _lap_table(flagged_laps, rules)
    pace = _green_pace(flagged_laps)
    defender = _side(laps, "defender")
    pursuer = _side(laps, "pursuer").with_columns((pl.col("pursuer_position") - 1).alias("_ahead_pos"))

    # Every lap on which one car runs directly behind another, with their gap at the line.
    behind = defender.join(
        pursuer,
        left_on=[*RACE_KEYS, "lap_number", "defender_position"],
        right_on=[*RACE_KEYS, "lap_number", "_ahead_pos"],
        how="inner",
    ).with_columns((pl.col("pursuer_time_s") - pl.col("defender_time_s")).alias("gap_s"))
    held = behind.filter(
        (pl.col("gap_s") > 0)
        & (pl.col("gap_s") <= rules.defense_max_gap_s)
        & ~pl.col("defender_blocked")
        & ~pl.col("pursuer_blocked")
    )
    # Only a faster pursuer is being held up.
    held = (
        held.join(pace.rename({"driver": "defender", "median_pace_s": "defender_median_pace_s"}),
                  on=[*RACE_KEYS, "defender"], how="inner")
        .join(pace.rename({"driver": "pursuer", "median_pace_s": "pursuer_median_pace_s"}),
              on=[*RACE_KEYS, "pursuer"], how="inner")
        .filter(pl.col("pursuer_median_pace_s") < pl.col("defender_median_pace_s"))
    )

    # Gaps-and-islands: consecutive held laps of a pair form one run (a missing lap, a
    # blocked lap or a lap out of range leaves a hole in lap_number and starts a new run).
    runs = (
        held.sort([*PAIR_KEYS, "lap_number"])
        .with_columns(
            (pl.col("lap_number") - pl.col("lap_number").shift(1).over(PAIR_KEYS) != 1)
            .fill_null(True)
            .cast(pl.Int64)
            .cum_sum()
            .over(PAIR_KEYS)
            .alias("_island")
        )
        .group_by([*PAIR_KEYS, "_island"])
        .agg(
            pl.col("defender_team").first(),
            pl.col("pursuer_team").first(),
            pl.col("lap_number").min().alias("start_lap"),
            pl.col("lap_number").max().alias("end_lap"),
            pl.len().cast(pl.Int64).alias("laps_held"),
            pl.col("defender_median_pace_s").first(),
            pl.col("pursuer_median_pace_s").first(),
            pl.col("gap_s").mean().alias("mean_gap_s"),
            pl.col("gap_s").min().alias("min_gap_s"),
        )
        .filter(pl.col("laps_held") >= min(rules.defense_brief_min_laps, rules.defense_min_sustained_laps))
        .with_columns((pl.col("end_lap") + 1).alias("_next_lap"))
    )

    # The lap right after the run: did the pursuer get by, cleanly on track?
    nxt = runs.join(
        _side(laps, "defender").drop("defender_team"),
        left_on=[*RACE_KEYS, "defender", "_next_lap"],
        right_on=[*RACE_KEYS, "defender", "lap_number"],
        how="left",
    ).join(
        _side(laps, "pursuer").drop("pursuer_team"),
        left_on=[*RACE_KEYS, "pursuer", "_next_lap"],
        right_on=[*RACE_KEYS, "pursuer", "lap_number"],
        how="left",
    )
    passed = (
        _ahead("pursuer_position", "defender_position", "pursuer_time_s", "defender_time_s")
        & ~pl.col("defender_blocked")
        & ~pl.col("pursuer_blocked")
    ).fill_null(False)
    runs = nxt.with_columns(passed.alias("ended_in_pass")).drop(
        "defender_time_s", "defender_position", "defender_blocked",
        "pursuer_time_s", "pursuer_position", "pursuer_blocked",
    )

    sustained = pl.col("laps_held") >= rules.defense_min_sustained_laps
    brief = (
        pl.col("laps_held").is_between(rules.defense_brief_min_laps, rules.defense_brief_max_laps)
        & pl.col("ended_in_pass")
    )
    runs = runs.with_columns(
        pl.when(sustained).then(pl.lit("sustained")).when(brief).then(pl.lit("brief")).alias("kind")
    ).filter(pl.col("kind").is_not_null())

    runs = _with_teammate(runs, laps)
    runs = _with_finish(runs, results)
    return (
        runs.sort([*PAIR_KEYS, "start_lap"])
        .with_columns(
            pl.int_range(1, pl.len() + 1).over(PAIR_KEYS).cast(pl.Int64).alias("run"),
            pl.when(pl.col("ended_in_pass")).then(pl.col("_next_lap")).alias("pass_lap"),
            (pl.col("defender_median_pace_s") - pl.col("pursuer_median_pace_s")).alias("pace_delta_s"),
        )
        .select(OUTPUT_COLUMNS)
        .sort([*RACE_KEYS, "start_lap", "defender", "pursuer"])
    )


def _with_teammate(runs: pl.DataFrame, laps: pl.DataFrame) -> pl.DataFrame:
    """Add the defender's teammate and whether it ran ahead of the pursuer at both run ends."""
    teams = laps.select(*DRIVER_KEYS, "team").unique()
    mates = (
        teams.join(teams, on=[*RACE_KEYS, "team"], suffix="_mate")
        .filter(pl.col("driver") != pl.col("driver_mate"))
        # One teammate per driver; a third driver in a team would be a data error.
        .group_by(DRIVER_KEYS)
        .agg(pl.col("driver_mate").min().alias("teammate"))
        .rename({"driver": "defender"})
    )
    runs = runs.join(mates, on=[*RACE_KEYS, "defender"], how="left")
    runs = _mate_ahead(runs, laps, "start_lap")
    runs = _mate_ahead(runs, laps, "end_lap")
    return runs.with_columns(
        (pl.col("_mate_ahead_start_lap") & pl.col("_mate_ahead_end_lap")).alias("teammate_protected")
    ).drop("_mate_ahead_start_lap", "_mate_ahead_end_lap")


def _mate_ahead(runs: pl.DataFrame, laps: pl.DataFrame, lap_col: str) -> pl.DataFrame:
    """Flag ``_mate_ahead_<lap_col>``: the teammate is ahead of the pursuer at that lap."""
    state = laps.select(*DRIVER_KEYS, pl.col("lap_number").alias(lap_col), "time_s", "position")
    mate = state.rename({"driver": "teammate", "time_s": "_mt", "position": "_mp"})
    purs = state.rename({"driver": "pursuer", "time_s": "_pt", "position": "_pp"})
    return (
        runs.join(mate, on=[*RACE_KEYS, "teammate", lap_col], how="left")
        .join(purs, on=[*RACE_KEYS, "pursuer", lap_col], how="left")
        # A teammate already retired (no lap) protects nobody.
        .with_columns(_ahead("_mp", "_pp", "_mt", "_pt").fill_null(False).alias(f"_mate_ahead_{lap_col}"))
        .drop("_mt", "_mp", "_pt", "_pp")
    )


def _with_finish(runs: pl.DataFrame, results: pl.DataFrame) -> pl.DataFrame:
    """Official finishing positions of both cars (null when the race has no results)."""
    if results.is_empty():
        return runs.with_columns(
            pl.lit(None, dtype=pl.Int64).alias("defender_finish_position"),
            pl.lit(None, dtype=pl.Int64).alias("pursuer_finish_position"),
        )
    finish = results.select("season", "round", "driver", pl.col("position").cast(pl.Int64))
    return runs.join(
        finish.rename({"driver": "defender", "position": "defender_finish_position"}),
        on=["season", "round", "defender"],
        how="left",
    ).join(
        finish.rename({"driver": "pursuer", "position": "pursuer_finish_position"}),
        on=["season", "round", "pursuer"],
        how="left",
    )
