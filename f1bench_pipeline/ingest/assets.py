"""Raw ingestion assets: one FastF1 race session → raw_* tables (partition: one race)."""


from pathlib import Path

import dagster as dg
import polars as pl

from f1bench_pipeline.dagster_helpers import table_metadata
from f1bench_pipeline.ingest.fastf1_session import RaceLoadError, load_race
from f1bench_pipeline.ingest.race_catalog import RaceSource, find_event
from f1bench_pipeline.ingest.raw_tables import RAW_TABLES, build_raw_tables, session_row
from f1bench_pipeline.partitions import race_from_partition_key, race_partitions
from f1bench_pipeline.resources import FastF1Resource, WarehouseResource

_DESCRIPTIONS = {
    "raw_laps": "Every FastF1 Laps column for every driver × lap; times as float seconds (`*_s`).",
    "raw_results": "Classification from the first source that has it: Ergast CSV, the official-results supplement, "
                   "Jolpica (online), timing order as a last resort (`source`, `source_file` per row).",
    "raw_track_status": "FastF1 track status changes (session time in seconds).",
    "raw_race_control": "Race control messages.",
    "raw_sessions": "One row per race: loaded or skipped, and why.",
}


@dg.multi_asset(
    specs=[
        dg.AssetSpec(name, group_name="ingest", description=_DESCRIPTIONS[name], partitions_def=race_partitions,
                     kinds={"parquet", "fastf1"})
        for name in RAW_TABLES
    ],
    can_subset=False,
)
def raw_race_session(
    context: dg.AssetExecutionContext, fastf1_source: FastF1Resource, warehouse: WarehouseResource
):
    season, round_ = race_from_partition_key(context.partition_key)
    partition = {"season": season, "round": round_}
    source = RaceSource(
        Path(fastf1_source.cache_dir), fastf1_source.offline, Path(fastf1_source.manifest) if fastf1_source.manifest else None
    )
    event = find_event(source, season, round_)
    if event is None:
        context.log.info(f"season {season} has no round {round_}: nothing to ingest")
        for name in RAW_TABLES:
            yield dg.MaterializeResult(asset_key=name, metadata={"status": "not_scheduled"})
        return

    try:
        raw = load_race(event, source.cache_dir, source.offline, source.guard())
        tables = build_raw_tables(raw, Path(fastf1_source.ergast_dir), fastf1_source.source_label,
                                  Path(fastf1_source.official_results_dir) if fastf1_source.official_results_dir else None)
    except RaceLoadError as exc:
        reason = str(exc)
        previous = warehouse.read("raw_sessions", partition)
        already_loaded = not previous.is_empty() and previous["status"][0] == "loaded"
        context.log.warning(f"skipped {event.season} {event.event}: {reason}")
        if already_loaded:
            # Keep what an earlier run loaded; only note the failed reload.
            row = previous.with_columns(pl.lit(f"reload failed: {reason}").alias("reason"))
            warehouse.write(row, "raw_sessions", partition)
        else:
            warehouse.write(session_row(event, "skipped", reason, fastf1_source.source_label), "raw_sessions", partition)
        for name in RAW_TABLES:
            yield dg.MaterializeResult(
                asset_key=name,
                metadata={"status": "kept_previous" if already_loaded else "skipped", "skip_reason": reason,
                          "race": f"{event.season} {event.event}"},
            )
        return

    for name in RAW_TABLES:
        df = tables[name]
        warehouse.write(df, name, partition)
        meta = table_metadata(df.head(20) if name != "raw_sessions" else df)
        meta["dagster/row_count"] = dg.MetadataValue.int(df.height)
        meta.update({"status": "loaded", "race": f"{event.season} {event.event}"})
        if name == "raw_results":
            meta["results_source"] = str(df["source"][0]) if df.height else "none"
            if df.height and df["source"][0] == "timing_order":
                context.log.warning(
                    f"{event.season} {event.event} (round {round_}): no official result yet, classified from "
                    "timing order (disqualifications and penalties unknown); add it to data/official_results")
        yield dg.MaterializeResult(asset_key=name, metadata=meta)
    if raw.warnings:
        context.log.info("FastF1 warnings: " + "; ".join(raw.warnings[:5]))
    warehouse.refresh_views()
