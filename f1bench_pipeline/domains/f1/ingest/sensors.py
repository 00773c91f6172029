"""The new-race sensor: brings a season up to date when races arrive.

Every tick it compares the races the configured source can provide (the cache offline,
FastF1's schedule of completed races online) with those recorded in ``raw_sessions``.
For new races it requests one ingest run each; once a season's new races are all
recorded (loaded or skipped), it requests the season's event-and-instance run; once that
has written the season's instances, it requests a ``generate_and_score`` run (partition
``season × model``) for every registry system with ``auto_update: true`` — the offline
templates unless their entry says ``auto_update: false``, and any other system whose
entry says ``auto_update: true`` (see ``generation.registry``). The registry is read at
that tick (``$F1BENCH_SYSTEMS`` or ``systems.yaml``, plus ``<data_dir>/systems.d/``), so an
entry edited since the sensor started counts. Progress lives in the cursor, so each stage
is requested once.

Off by default (``make demo`` never starts it); turn it on in the UI under
Automation → ``new_race_sensor``.
"""

import json
import time
from pathlib import Path

import dagster as dg
import polars as pl

from f1bench_pipeline.domains.f1.ingest.official_results import has_official_results
from f1bench_pipeline.domains.f1.ingest.race_catalog import RaceSource, completed_races, races_to_ingest
from f1bench_pipeline.partitions import MODEL_PARTITIONS_NAME, race_partition_key
from f1bench_pipeline.resources import FastF1Resource, WarehouseResource
from f1bench_pipeline.settings import get_settings
from f1bench_pipeline.storage.warehouse import partition_modified

INGEST_JOB = "ingest_races"
SEASON_JOB = "season_events"
SCORE_JOB = "generate_and_score"


def _ingested(warehouse: WarehouseResource, seasons: list[int]) -> set[tuple[int, int]]:
    sessions = warehouse.read("raw_sessions")
    if sessions.is_empty():
        return set()
    return {(int(s), int(r)) for s, r in sessions.filter(pl.col("season").is_in(seasons)).select("season", "round").iter_rows()}


def _instances_written_after(warehouse: WarehouseResource, season: int, since: float) -> bool:
    written = partition_modified(warehouse.root, "instances", {"season": season})
    return written is not None and written >= since


def auto_update_systems(data_dir: Path | None = None) -> list[str]:
    """The ``model`` partition keys of the registry systems marked ``auto_update`` (overlays of
    ``data_dir``, default the settings', included)."""
    from f1bench_pipeline.generation.registry import load_registry

    reg = load_registry(data_dir=data_dir)
    return [s.safe_name for s in reg.systems.values() if s.auto_update]


@dg.sensor(
    minimum_interval_seconds=15 * 60,
    default_status=dg.DefaultSensorStatus.STOPPED,
    description="Finds completed races not yet ingested and brings their season up to date, stage by stage.",
)
def new_race_sensor(context: dg.SensorEvaluationContext, fastf1_source: FastF1Resource,
                    warehouse: WarehouseResource) -> dg.SensorResult | dg.SkipReason:
    settings = get_settings()
    state = json.loads(context.cursor) if context.cursor else {"pending": {}}
    pending: dict[str, dict] = state["pending"]
    source = RaceSource(fastf1_source.cache_path, fastf1_source.offline,  # type: ignore[arg-type]  # resolved: a bool
                        Path(fastf1_source.manifest) if fastf1_source.manifest else None)
    seasons = settings.seasons
    requests: list[dg.RunRequest] = []
    partitions_to_add: set[str] = set()

    ingested = _ingested(warehouse, seasons)
    in_flight = {tuple(r) for p in pending.values() for r in p.get("races", [])}
    new = [ev for ev in races_to_ingest(completed_races(source, seasons), ingested) if (ev.season, ev.round) not in in_flight]
    supplement = Path(fastf1_source.official_results_dir) if fastf1_source.official_results_dir else None
    for ev in new:
        official = has_official_results(fastf1_source.ergast_path, supplement, ev.season, ev.round)
        tags = {"f1bench/trigger": "new_race",
                "f1bench/official_results": "available" if official else ("online" if not fastf1_source.offline else "missing")}
        requests.append(dg.RunRequest(
            job_name=INGEST_JOB, partition_key=race_partition_key(ev.season, ev.round),
            run_key=f"ingest-{ev.season}-{ev.round:02d}", tags=tags))
        p = pending.setdefault(str(ev.season), {"races": [], "stage": "raw"})
        p["races"].append([ev.season, ev.round])
        p["stage"] = "raw"
        context.log.info(f"new race: {ev.season} {ev.event} (round {ev.round})")
        if not official:
            where = ("Jolpica will be asked through FastF1" if not fastf1_source.offline
                     else "it will be classified from timing order")
            context.log.warning(
                f"{ev.season} {ev.event} (round {ev.round}) has no official result in data/ergast or "
                f"{supplement or 'the official-results supplement'} yet: {where}. Add its classification "
                "(data/official_results/README.md) and re-ingest the race.")

    now = time.time()
    for season_key, p in list(pending.items()):
        season = int(season_key)
        races = {tuple(r) for r in p["races"]}
        tag = "-".join(f"{r:02d}" for _s, r in sorted(races))
        if p["stage"] == "raw" and races <= ingested:
            requests.append(dg.RunRequest(job_name=SEASON_JOB, partition_key=season_key,
                                          run_key=f"season-{season}-{tag}", tags={"f1bench/trigger": "new_race"}))
            p.update(stage="events", requested_at=now)
        elif p["stage"] == "events" and _instances_written_after(warehouse, season, p["requested_at"]):
            for system in auto_update_systems(settings.data_dir):
                partitions_to_add.add(system)
                requests.append(dg.RunRequest(
                    job_name=SCORE_JOB,
                    partition_key=dg.MultiPartitionKey({"season": season_key, "model": system}),
                    run_key=f"score-{season}-{system}-{tag}", tags={"f1bench/trigger": "new_race"}))
            del pending[season_key]

    cursor = json.dumps({"pending": pending}, sort_keys=True)
    if not requests:
        return dg.SkipReason("no new races" if not pending else f"waiting on seasons {sorted(pending)}")
    dynamic = [dg.AddDynamicPartitionsRequest(MODEL_PARTITIONS_NAME, sorted(partitions_to_add))] if partitions_to_add else []
    return dg.SensorResult(run_requests=requests, cursor=cursor, dynamic_partitions_requests=dynamic)
