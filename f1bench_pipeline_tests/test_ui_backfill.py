"""A backfill launched as the UI launches one, carried out by Dagster's own daemon, writes the
warehouse `f1bench build` writes (#27: one path for the UI and the CLI).

The launch is the GraphQL mutation the UI's "Materialize" dialog sends (``launchPartitionBackfill``,
assets with their partitions), executed by Dagster's GraphQL schema on the code location
workspace.yaml names, as the webserver executes it; the daemon (started as a CLI command starts
it: run_queue.py) plans the asset backfill, queues its runs and launches them. One backfill of the
embedded sample's 2025 races and of the season's event tables and instances: the daemon runs the
races first, then the season once they are in."""

from __future__ import annotations

import time

import polars as pl
import pytest
from polars.testing import assert_frame_equal

from f1bench_pipeline.domains.f1.settings import SAMPLE_CACHE_DIR, SAMPLE_MANIFEST, F1Settings
from f1bench_pipeline.settings import Settings

SEASON = 2025
BACKFILL_TIMEOUT_SECONDS = 900  # the backfill daemon looks every 30 s; three looks do it


def _race_keys(settings: Settings) -> list[str]:
    from f1bench_pipeline.domains.f1.ingest.race_catalog import RaceSource, available_races
    from f1bench_pipeline.domains.f1.partitions import race_partition_key

    f1 = F1Settings.of(settings)
    source = RaceSource(f1.fastf1_cache, settings.offline, f1.cache_manifest)
    return [str(race_partition_key(ev.season, ev.round)) for ev in available_races(source, [SEASON])]


def _asset_keys(defs, job: str) -> list[list[str]]:
    return sorted(k.path for k in defs.resolve_job_def(job).asset_layer.executable_asset_keys)


def test_a_ui_backfill_writes_what_the_build_writes(tmp_path, sample_build):
    import dagster as dg
    from dagster._core.execution.backfill import BulkActionStatus
    from dagster_graphql.client.query import LAUNCH_PARTITION_BACKFILL_MUTATION
    from dagster_graphql.test.utils import execute_dagster_graphql

    from f1bench_pipeline.orchestration.definitions_builder import build_definitions
    from f1bench_pipeline.orchestration.run_queue import RunQueue
    from f1bench_pipeline.settings import settings_env
    from f1bench_pipeline.storage.warehouse import read_table

    settings = Settings(data_dir=tmp_path / "data", fastf1_cache=SAMPLE_CACHE_DIR, offline=True,
                        cache_manifest=SAMPLE_MANIFEST)
    defs = build_definitions(settings)
    races = _race_keys(settings)
    assert len(races) == 3, races
    by_asset = [{"assetKey": {"path": key}, "partitions": {"ranges": [{"start": r, "end": r} for r in races]}}
                for key in _asset_keys(defs, "ingest_races")]
    by_asset += [{"assetKey": {"path": key}, "partitions": {"range": {"start": str(SEASON), "end": str(SEASON)}}}
                 for key in _asset_keys(defs, "season_events")]
    (tmp_path / "dagster").mkdir()
    with dg.DagsterInstance.local_temp(tempdir=str(tmp_path / "dagster")) as instance, \
            RunQueue(instance, settings_env(settings), settings.data_dir / "logs") as queue:
        launched = execute_dagster_graphql(queue.workspace, LAUNCH_PARTITION_BACKFILL_MUTATION,
                                           {"backfillParams": {"partitionsByAssets": by_asset,
                                                               "title": f"{SEASON} from the UI"}})
        answer = launched.data["launchPartitionBackfill"]
        assert answer["__typename"] == "LaunchBackfillSuccess", answer
        backfill_id = answer["backfillId"]
        deadline = time.monotonic() + BACKFILL_TIMEOUT_SECONDS
        while time.monotonic() < deadline:
            backfill = instance.get_backfill(backfill_id)
            if backfill.status != BulkActionStatus.REQUESTED:
                break
            time.sleep(1.0)
        runs = instance.get_runs(filters=dg.RunsFilter(tags={"dagster/backfill": backfill_id}))
        assert backfill.status == BulkActionStatus.COMPLETED_SUCCESS, \
            (backfill.status, [(r.job_name, r.status, r.tags.get("dagster/partition")) for r in runs])
        # the daemon ran them, each in its own process (not this one), and every partition is in
        assert runs and all(r.is_success for r in runs)
        for key in _asset_keys(defs, "ingest_races"):
            assert instance.get_materialized_partitions(dg.AssetKey(key)) == set(races), key
        for key in _asset_keys(defs, "season_events"):
            assert instance.get_materialized_partitions(dg.AssetKey(key)) == {str(SEASON)}, key

    ref = sample_build["settings"].warehouse_dir  # `f1bench build`'s (domains.f1.runs.build)
    for table in ("raw_laps", "raw_results", "green_flag_laps", "pit_stops", "stints", "defenses", "instances"):
        got = read_table(settings.warehouse_dir, table, {"season": SEASON})
        want = read_table(ref, table, {"season": SEASON})
        assert got.height == want.height > 0, table
        keys = [c for c, t in got.schema.items() if not isinstance(t, (pl.List, pl.Struct, pl.Array, pl.Object))]
        assert_frame_equal(got.sort(keys), want.select(got.columns).sort(keys), check_dtypes=False)


pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning:dagster_graphql")
