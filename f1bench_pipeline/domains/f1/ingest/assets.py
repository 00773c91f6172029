"""Raw ingestion assets: one FastF1 race session → raw_* tables (partition: one race).

A run may cover many race partitions (``BackfillPolicy.single_run``: a UI backfill, or
``f1bench build`` with one run per season's consecutive rounds, ``domains.f1.runs``): the races of the run load in a pool of
worker processes (``F1BENCH_INGEST_WORKERS``, default 2), each race still written to its
own Parquet partition with its own ``raw_sessions`` row (loaded or skipped, and why).
"""


import multiprocessing
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

import dagster as dg
import polars as pl

from f1bench_pipeline.orchestration.asset_metadata import table_metadata
from f1bench_pipeline.domains.f1.ingest.fastf1_session import RaceEvent, RaceLoadError, load_race, season_schedule
from f1bench_pipeline.domains.f1.ingest.race_catalog import RaceSource
from f1bench_pipeline.domains.f1.ingest.raw_tables import RAW_TABLES, build_raw_tables, session_row
from f1bench_pipeline.domains.f1.partitions import race_from_partition_key, race_partitions
from f1bench_pipeline.domains.f1.resources import FastF1Resource
from f1bench_pipeline.resources import WarehouseResource
from f1bench_pipeline.workers import worker_count

_DESCRIPTIONS = {
    "raw_laps": "Every FastF1 Laps column for every driver × lap; times as float seconds (`*_s`).",
    "raw_results": "Classification from the first source that has it: Ergast CSV, the official-results supplement, "
                   "Jolpica (online), timing order as a last resort (`source`, `source_file` per row).",
    "raw_track_status": "FastF1 track status changes (session time in seconds).",
    "raw_race_control": "Race control messages.",
    "raw_sessions": "One row per race: loaded or skipped, and why.",
}

# the process pool's start method: forkserver (a single-threaded server with the loader already
# imported forks each worker: cheap, and never forks this process's Dagster and polars threads)
_PRELOAD = ["f1bench_pipeline.domains.f1.ingest.fastf1_session", "f1bench_pipeline.domains.f1.ingest.raw_tables"]


INGEST_WORKERS_ENV = "F1BENCH_INGEST_WORKERS"  # loader processes of a multi-race run (1: this process only)


def ingest_workers() -> int:
    """Worker processes loading a multi-race run: ``$F1BENCH_INGEST_WORKERS``, else 2 (1 on one CPU)."""
    return worker_count(INGEST_WORKERS_ENV, cap=2)


def _pool(workers: int) -> ProcessPoolExecutor:
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(_PRELOAD)
    return ProcessPoolExecutor(max_workers=workers, mp_context=ctx)


def load_race_tables(event: RaceEvent, cache_dir: Path, offline: bool, manifest: Path | None, ergast_dir: Path,
                     source_label: str, official_dir: Path | None):
    """One race's raw tables, or why it cannot load: ``(tables, None, warnings)`` or
    ``(None, reason, [])``. Pure (no warehouse, no Dagster): runs in a worker process."""
    source = RaceSource(cache_dir, offline, manifest)
    try:
        raw = load_race(event, source.cache_dir, source.offline, source.guard())
        tables = build_raw_tables(raw, ergast_dir, source_label, official_dir)
    except RaceLoadError as exc:
        return None, str(exc), []
    return tables, None, list(raw.warnings[:5])


def _record(context, warehouse: WarehouseResource, source_label: str, event: RaceEvent, tables, reason: str | None,
            warnings: list[str]) -> dict[str, dict]:
    """Write one race's outcome to its partitions; its per-table metadata."""
    partition = {"season": event.season, "round": event.round}
    race = f"{event.season} {event.event}"
    if tables is None:
        previous = warehouse.read("raw_sessions", partition)
        already_loaded = not previous.is_empty() and previous["status"][0] == "loaded"
        context.log.warning(f"skipped {race}: {reason}")
        if already_loaded:
            # Keep what an earlier run loaded; only note the failed reload.
            row = previous.with_columns(pl.lit(f"reload failed: {reason}").alias("reason"))
            warehouse.write(row, "raw_sessions", partition)
        else:
            warehouse.write(session_row(event, "skipped", reason, source_label), "raw_sessions", partition)
        meta: dict[str, Any] = {"status": "kept_previous" if already_loaded else "skipped", "skip_reason": reason,
                                "race": race}
        return {name: dict(meta) for name in RAW_TABLES}

    out = {}
    for name in RAW_TABLES:
        df = tables[name]
        warehouse.write(df, name, partition)
        meta = table_metadata(df.head(20) if name != "raw_sessions" else df)
        meta["dagster/row_count"] = dg.MetadataValue.int(df.height)
        meta.update({"status": "loaded", "race": race})
        if name == "raw_results":
            meta["results_source"] = str(df["source"][0]) if df.height else "none"
            if df.height and df["source"][0] == "timing_order":
                context.log.warning(
                    f"{race} (round {event.round}): no official result yet, classified from "
                    "timing order (disqualifications and penalties unknown); add it to data/official_results")
        out[name] = meta
    if warnings:
        context.log.info(f"{race}: FastF1 warnings: " + "; ".join(warnings))
    return out


@dg.multi_asset(
    specs=[
        dg.AssetSpec(name, group_name="ingest", description=_DESCRIPTIONS[name], partitions_def=race_partitions,
                     kinds={"parquet", "fastf1"},
                     # a multi-race run records each partition's materialization itself (below)
                     skippable=True)
        for name in RAW_TABLES
    ],
    can_subset=False,
    backfill_policy=dg.BackfillPolicy.single_run(),
)
def raw_race_session(
    context: dg.AssetExecutionContext, fastf1_source: FastF1Resource, warehouse: WarehouseResource
):
    source = RaceSource(
        fastf1_source.cache_path, fastf1_source.offline, Path(fastf1_source.manifest) if fastf1_source.manifest else None  # type: ignore[arg-type]  # resolved: a bool
    )
    load_args = (source.cache_dir, source.offline, source.manifest, fastf1_source.ergast_path,
                 fastf1_source.source_label,
                 Path(fastf1_source.official_results_dir) if fastf1_source.official_results_dir else None)
    keys = list(context.partition_keys)
    schedules: dict[int, dict[int, RaceEvent]] = {}
    events: dict[str, RaceEvent] = {}
    metadata: dict[str, dict[str, dict]] = {}  # partition key → table → metadata
    for key in keys:
        season, round_ = race_from_partition_key(key)
        if season not in schedules:
            schedules[season] = {ev.round: ev for ev in season_schedule(season, source.cache_dir, source.offline,
                                                                         source.guard())}
        event = schedules[season].get(round_)
        if event is None:
            context.log.info(f"season {season} has no round {round_}: nothing to ingest")
            metadata[key] = {name: {"status": "not_scheduled"} for name in RAW_TABLES}
        else:
            events[key] = event

    failed: dict[str, str] = {}
    workers = min(ingest_workers(), len(events))
    if workers <= 1:  # one race (a single-partition run), or one worker: in this process
        for key, event in events.items():
            try:
                result = load_race_tables(event, *load_args)
            except Exception as exc:  # noqa: BLE001 - one race of many: reported below, the others still land
                if len(events) == 1:
                    raise
                failed[key] = f"{type(exc).__name__}: {exc}"
                continue
            metadata[key] = _record(context, warehouse, fastf1_source.source_label, event, *result)
    else:
        with _pool(workers) as pool:
            pending = {pool.submit(load_race_tables, event, *load_args): key for key, event in events.items()}
            while pending:
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    key = pending.pop(future)
                    try:
                        result = future.result()
                    except Exception as exc:  # noqa: BLE001 - reported below, the other races still land
                        failed[key] = f"{type(exc).__name__}: {exc}"
                        continue
                    metadata[key] = _record(context, warehouse, fastf1_source.source_label, events[key], *result)
    warehouse.refresh_views()

    if len(keys) == 1 and not failed:
        for name, meta in metadata[keys[0]].items():
            yield dg.MaterializeResult(asset_key=name, metadata=meta)
        return
    # Many races: one materialization per race partition, each with its own outcome (status, skip
    # reason, rows) rather than one shared by the run's range.
    for key in keys:
        if key in metadata:
            for name, meta in metadata[key].items():
                context.log_event(dg.AssetMaterialization(asset_key=name, partition=str(key), metadata=meta))
    if failed:
        raise RuntimeError("races that failed to load: " + "; ".join(f"{k}: {v}" for k, v in sorted(failed.items())))
