"""Season-level event tables: thin assets that read raw Parquet, call the rules, write Parquet.

The thresholds come from the ``race_rules`` resource (``RaceRulesResource``: the F1BENCH_RULES*
settings, or one run's launchpad config), and every table's metadata records them.
"""


from pathlib import Path
from typing import TypedDict

import dagster as dg
import polars as pl

from f1bench_pipeline.orchestration.asset_metadata import image_md, rules_metadata, table_metadata
from f1bench_pipeline.orchestration.automation import follows_upstream
from f1bench_pipeline.domains.f1.events import defenses as defense_rules
from f1bench_pipeline.domains.f1.events import pit_battles as battle_rules
from f1bench_pipeline.domains.f1.events.crosscheck import official_stop_agreement
from f1bench_pipeline.domains.f1.events.green_flag import green_flag_laps as flag_laps
from f1bench_pipeline.domains.f1.events.results import classification as classify
from f1bench_pipeline.domains.f1.events.results import sprint_points, sprint_weekends
from f1bench_pipeline.domains.f1.events.results import standings as championship
from f1bench_pipeline.domains.f1.events.results import track_status_periods as status_periods
from f1bench_pipeline.domains.f1.events.stints import official_pit_stops, pit_stops_and_red_flag_changes, tyre_stints
from f1bench_pipeline.domains.f1.partitions import season_partitions
from f1bench_pipeline.plots import pit_stops_per_race_png
from f1bench_pipeline.domains.f1.resources import FastF1Resource, RaceRulesResource
from f1bench_pipeline.resources import WarehouseResource
from f1bench_pipeline.domains.f1.settings import RaceRules

GROUP = "events"


def _season(context: dg.AssetExecutionContext) -> int:
    return int(context.partition_key)


def _loaded_raw(warehouse: WarehouseResource, table: str, season: int) -> pl.DataFrame:
    """Raw rows of the season's races that loaded (skipped races contribute nothing)."""
    df = warehouse.read(table, {"season": season})
    sessions = warehouse.read("raw_sessions", {"season": season})
    if df.is_empty() or sessions.is_empty():
        return pl.DataFrame()
    loaded = sessions.filter(pl.col("status") == "loaded").select("season", "round")
    return df.join(loaded, on=["season", "round"], how="semi")


def _write(context, warehouse: WarehouseResource, rules: RaceRules, df: pl.DataFrame, table: str,
           preview: list[str] | None = None):
    season = _season(context)
    warehouse.write(df, table, {"season": season})
    warehouse.refresh_views()
    meta = table_metadata(df, preview)
    if not df.is_empty() and "round" in df.columns:
        meta["races"] = dg.MetadataValue.int(df.select("round").n_unique())
    meta.update(rules_metadata(rules))  # the rules this build ran with
    return dg.MaterializeResult(metadata=meta)


class _SeasonAsset(TypedDict):
    """The keyword arguments every season table's ``dg.asset`` / ``dg.AssetSpec`` shares."""

    partitions_def: dg.PartitionsDefinition
    group_name: str
    kinds: set[str]
    automation_condition: dg.AutomationCondition


# (automation: a season's tables follow its newly ingested races -- orchestration/automation.py)
_season_asset = _SeasonAsset(partitions_def=season_partitions, group_name=GROUP, kinds={"parquet", "polars"},
                             automation_condition=follows_upstream())


@dg.asset(deps=["raw_laps", "raw_sessions"], **_season_asset)
def green_flag_laps(context: dg.AssetExecutionContext, warehouse: WarehouseResource,
                    race_rules: RaceRulesResource) -> dg.MaterializeResult:
    """Every lap with its track-status flags, in/out-lap flags and the green-flag verdict."""
    season = _season(context)
    rules = race_rules.rules
    laps = flag_laps(_loaded_raw(warehouse, "raw_laps", season), rules)
    result = _write(context, warehouse, rules, laps, "green_flag_laps",
                    ["round", "driver", "lap_number", "lap_time_s", "compound", "track_status", "is_green"])
    sessions = warehouse.read("raw_sessions", {"season": season})
    skipped = sessions.filter(pl.col("status") == "skipped") if not sessions.is_empty() else sessions
    result.metadata["races_loaded"] = dg.MetadataValue.int(sessions.height - skipped.height)
    result.metadata["races_skipped"] = dg.MetadataValue.int(skipped.height)
    if skipped.height:
        result.metadata["skipped_races"] = dg.MetadataValue.md(
            "\n".join(f"- round {r['round']} {r['event']}: {r['reason']}" for r in skipped.iter_rows(named=True))
        )
    return result


@dg.asset(deps=[green_flag_laps], **_season_asset)
def stints(context: dg.AssetExecutionContext, warehouse: WarehouseResource,
           race_rules: RaceRulesResource) -> dg.MaterializeResult:
    """Driver × tyre set: compound, laps, green laps, pace and degradation (s/lap)."""
    laps = warehouse.read("green_flag_laps", {"season": _season(context)})
    rules = race_rules.rules
    df = tyre_stints(laps, rules)
    return _write(context, warehouse, rules, df, "stints",
                  ["event", "driver", "stint", "compound", "start_lap", "end_lap", "green_laps", "degradation_s_per_lap"])


@dg.multi_asset(
    specs=[
        dg.AssetSpec("pit_stops", deps=["stints", "green_flag_laps"], description="Racing pit stops (in-lap of a tyre change), SC/VSC flags, official duration.", **_season_asset),
        dg.AssetSpec("red_flag_tyre_changes", deps=["stints", "green_flag_laps"], description="Tyre changes made while the race was suspended: not pit stops.", **_season_asset),
    ],
)
def pit_stops(context: dg.AssetExecutionContext, warehouse: WarehouseResource, fastf1_source: FastF1Resource,
              race_rules: RaceRulesResource):
    season = _season(context)
    rules = race_rules.rules
    laps = warehouse.read("green_flag_laps", {"season": season})
    st = warehouse.read("stints", {"season": season})
    official = official_pit_stops(fastf1_source.ergast_path)
    official = official.filter(pl.col("season") == season)
    stops, red = pit_stops_and_red_flag_changes(st, laps, official)
    agreement = official_stop_agreement(stops, red, laps, official)
    for table, df, cols in (
        ("pit_stops", stops, ["event", "driver", "stop_number", "lap", "from_compound", "to_compound", "under_sc", "stop_duration_s"]),
        ("red_flag_tyre_changes", red, ["event", "driver", "lap", "from_compound", "to_compound"]),
    ):
        warehouse.write(df, table, {"season": season})
        meta = table_metadata(df, cols)
        meta.update(rules_metadata(rules))
        if table == "pit_stops":
            meta["stops_per_race"] = image_md(pit_stops_per_race_png(df), "pit stops per race")
            meta["official_timing_crosscheck"] = dg.MetadataValue.json(agreement)
        yield dg.MaterializeResult(asset_key=table, metadata=meta)
    warehouse.refresh_views()


@dg.asset(deps=["pit_stops", green_flag_laps], **_season_asset)
def pit_battles(context: dg.AssetExecutionContext, warehouse: WarehouseResource,
                race_rules: RaceRulesResource) -> dg.MaterializeResult:
    """Undercuts and overcuts between cars close on track around their stops."""
    season = _season(context)
    laps = warehouse.read("green_flag_laps", {"season": season})
    stops = warehouse.read("pit_stops", {"season": season})
    rules = race_rules.rules
    df = battle_rules.pit_battles(laps, stops, rules)
    result = _write(context, warehouse, rules, df, "pit_battles",
                    ["event", "kind", "attacker", "defender", "attacker_pit_lap", "defender_pit_lap", "time_gained_s"])
    if not df.is_empty():
        counts = dict(df.group_by("kind").len().iter_rows())
        result.metadata.update({"undercuts": counts.get("undercut", 0), "overcuts": counts.get("overcut", 0)})
    return result


@dg.asset(deps=[green_flag_laps, "raw_results"], **_season_asset)
def defenses(context: dg.AssetExecutionContext, warehouse: WarehouseResource,
             race_rules: RaceRulesResource) -> dg.MaterializeResult:
    """On-track defenses: a faster car held within reach behind, sustained or brief."""
    season = _season(context)
    laps = warehouse.read("green_flag_laps", {"season": season})
    results = _loaded_raw(warehouse, "raw_results", season)
    rules = race_rules.rules
    df = defense_rules.defenses(laps, results, rules)
    return _write(context, warehouse, rules, df, "defenses",
                  ["event", "defender", "pursuer", "start_lap", "end_lap", "laps_held", "kind", "teammate"])


@dg.asset(deps=["raw_results", green_flag_laps], **_season_asset)
def classification(context: dg.AssetExecutionContext, warehouse: WarehouseResource,
                   race_rules: RaceRulesResource) -> dg.MaterializeResult:
    """Official result per driver plus pit-lane start and lap-1 retirement flags."""
    season = _season(context)
    df = classify(_loaded_raw(warehouse, "raw_results", season), warehouse.read("green_flag_laps", {"season": season}))
    return _write(context, warehouse, race_rules.rules, df, "classification",
                  ["event", "position", "driver", "team", "grid", "status", "points", "source"])


@dg.asset(deps=["raw_results"], **_season_asset)
def standings(context: dg.AssetExecutionContext, warehouse: WarehouseResource, fastf1_source: FastF1Resource,
              race_rules: RaceRulesResource) -> dg.MaterializeResult:
    """Drivers' championship after each round (race + sprint points)."""
    season = _season(context)
    sprint = sprint_points(fastf1_source.ergast_path, [season],
                           Path(fastf1_source.official_results_dir) if fastf1_source.official_results_dir else None)
    weekends = sprint_weekends(warehouse.read("raw_sessions", {"season": season}))
    df = championship(_loaded_raw(warehouse, "raw_results", season), sprint, weekends)
    if not df.is_empty() and df["sprint_points_missing"].any():
        missing = sorted(set(df.filter(pl.col("sprint_points_missing")).select("round", "event").iter_rows()))
        context.log.warning(f"season {season}: no sprint result for " + ", ".join(f"round {r} ({e})" for r, e in missing)
                            + "; their standings count the Grand Prix only (add sprint_results_*.csv to data/official_results)")
    return _write(context, warehouse, race_rules.rules, df, "standings",
                  ["round", "position", "driver", "round_points", "cumulative_points"])


@dg.asset(deps=["raw_track_status", green_flag_laps], **_season_asset)
def track_status_periods(context: dg.AssetExecutionContext, warehouse: WarehouseResource,
                         race_rules: RaceRulesResource) -> dg.MaterializeResult:
    """Green / yellow / SC / VSC / red periods with the leader's laps they cover."""
    season = _season(context)
    df = status_periods(_loaded_raw(warehouse, "raw_track_status", season), warehouse.read("green_flag_laps", {"season": season}))
    return _write(context, warehouse, race_rules.rules, df, "track_status_periods",
                  ["event", "period", "kind", "start_lap", "end_lap", "duration_s"])
