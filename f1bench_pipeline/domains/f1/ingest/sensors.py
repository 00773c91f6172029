"""The new-race sensor: requests the ingest of each finished race not yet in the warehouse.

Every tick it compares the races the configured source can provide (the cache offline,
FastF1's schedule of completed races online) with those recorded in ``raw_sessions`` and
requests one ``ingest_races`` run per new race. What follows -- the season's event tables and
instances, the test sample, then generations, claims and scores of every registry system with
``auto_update: true`` -- is declared on those assets as automation conditions and launched by
``new_race_automation`` (orchestration/automation.py), so the UI shows why each ran. The
cursor holds the races requested and not yet recorded, so each is requested once.

Off by default (``make demo`` never starts it); turn it on in the UI under Automation, with
``new_race_automation``.
"""

import json
from pathlib import Path

import dagster as dg
import polars as pl

from f1bench_pipeline.domains.f1.ingest.official_results import has_official_results
from f1bench_pipeline.domains.f1.ingest.race_catalog import RaceSource, completed_races, races_to_ingest
from f1bench_pipeline.domains.f1.partitions import race_partition_key
from f1bench_pipeline.domains.f1.resources import FastF1Resource
from f1bench_pipeline.resources import WarehouseResource
from f1bench_pipeline.settings import get_settings

INGEST_JOB = "ingest_races"


def _ingested(warehouse: WarehouseResource, seasons: list[int]) -> set[tuple[int, int]]:
    sessions = warehouse.read("raw_sessions")
    if sessions.is_empty():
        return set()
    return {(int(s), int(r)) for s, r in sessions.filter(pl.col("season").is_in(seasons)).select("season", "round").iter_rows()}


@dg.sensor(
    minimum_interval_seconds=15 * 60,
    default_status=dg.DefaultSensorStatus.STOPPED,
    description="Finds completed races not yet ingested and requests their ingest; new_race_automation brings the "
                "rest of the season up to date (the assets' automation conditions).",
)
def new_race_sensor(context: dg.SensorEvaluationContext, fastf1_source: FastF1Resource,
                    warehouse: WarehouseResource) -> dg.SensorResult | dg.SkipReason:
    settings = get_settings()
    ingested = _ingested(warehouse, settings.seasons)
    # requested on an earlier tick and not recorded yet (loaded or skipped): not requested again
    requested = {tuple(r) for r in (json.loads(context.cursor) if context.cursor else {}).get("requested", [])} - ingested
    source = RaceSource(fastf1_source.cache_path, fastf1_source.offline,  # type: ignore[arg-type]  # resolved: a bool
                        Path(fastf1_source.manifest) if fastf1_source.manifest else None)
    requests: list[dg.RunRequest] = []
    new = [ev for ev in races_to_ingest(completed_races(source, settings.seasons), ingested)
           if (ev.season, ev.round) not in requested]
    supplement = Path(fastf1_source.official_results_dir) if fastf1_source.official_results_dir else None
    for ev in new:
        official = has_official_results(fastf1_source.ergast_path, supplement, ev.season, ev.round)
        tags = {"f1bench/trigger": "new_race",
                "f1bench/official_results": "available" if official else ("online" if not fastf1_source.offline else "missing")}
        requests.append(dg.RunRequest(
            job_name=INGEST_JOB, partition_key=race_partition_key(ev.season, ev.round),
            run_key=f"ingest-{ev.season}-{ev.round:02d}", tags=tags))
        requested.add((ev.season, ev.round))
        context.log.info(f"new race: {ev.season} {ev.event} (round {ev.round})")
        if not official:
            where = ("Jolpica will be asked through FastF1" if not fastf1_source.offline
                     else "it will be classified from timing order")
            context.log.warning(
                f"{ev.season} {ev.event} (round {ev.round}) has no official result in data/ergast or "
                f"{supplement or 'the official-results supplement'} yet: {where}. Add its classification "
                "(data/official_results/README.md) and re-ingest the race.")
    cursor = json.dumps({"requested": sorted(list(r) for r in requested)})
    if not requests:
        return dg.SkipReason("no new races" if not requested else
                             f"waiting on the ingest of {len(requested)} requested race(s)")
    return dg.SensorResult(run_requests=requests, cursor=cursor)
