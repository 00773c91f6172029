"""The build on a persistent instance (a run per season's races, every stage's runs through the
instance's run queue, launched side by side by the Dagster daemon the build starts) writes the
same warehouse as materializing the race partitions one at a time in this process, keeps each
race's skip record, and leaves every race partition materialized in Dagster with its own outcome."""

from __future__ import annotations

from pathlib import Path

import dagster as dg
import polars as pl
import pytest

from f1bench_pipeline.domains.f1.settings import SAMPLE_CACHE_DIR, SAMPLE_MANIFEST, F1Settings
from f1bench_pipeline.settings import Settings

BUILD_HISTORY_COLUMNS = {"raw_sessions": ["loaded_at"]}


# Two of the sample's four seasons keep every case (2018: two consecutive races in one run, one
# of them a recorded skip; 2025: three single-race runs side by side) at half the runs: every run
# through the queue pays its own process start.
SEASONS = (2018, 2025)


pytestmark = pytest.mark.slow


def _settings(root: Path) -> Settings:
    return Settings(data_dir=root, fastf1_cache=SAMPLE_CACHE_DIR, offline=True, cache_manifest=SAMPLE_MANIFEST)


def _races(seasons=SEASONS):
    """The embedded sample's races of ``seasons``."""
    from f1bench_pipeline.domains.f1.ingest.race_catalog import RaceSource, available_races

    settings = _settings(Path("."))
    return available_races(RaceSource(F1Settings.of(settings).fastf1_cache, settings.offline, F1Settings.of(settings).cache_manifest),
                           list(seasons))


@pytest.fixture(scope="module")
def sequential(tmp_path_factory):
    """Every race partition materialized in its own run, then the seasons derived."""
    from f1bench_pipeline.orchestration.definitions_builder import build_definitions
    from f1bench_pipeline.domains.f1.partitions import race_partition_key
    from f1bench_pipeline.domains.f1.runs import derive

    settings = _settings(tmp_path_factory.mktemp("sequential"))
    defs = build_definitions(settings)
    job = defs.resolve_job_def("ingest_races")
    with dg.DagsterInstance.ephemeral() as instance:
        races = _races()
        for ev in races:
            assert job.execute_in_process(partition_key=race_partition_key(ev.season, ev.round), instance=instance,
                                          raise_on_error=False).success, ev
        derive(sorted({ev.season for ev in races}), instance=instance, progress=lambda _m: None, settings=settings,
               defs=defs)
    return settings


@pytest.fixture(scope="module")
def parallel(tmp_path_factory):
    """``domains.f1.runs.build`` (no systems) on a persistent instance: each season's consecutive
    races in one run, then the seasons derived, each stage's runs queued together."""
    from f1bench_pipeline.domains.f1.runs import build

    settings = _settings(tmp_path_factory.mktemp("parallel"))
    messages: list[str] = []
    with dg.DagsterInstance.local_temp(tempdir=str(tmp_path_factory.mktemp("parallel_dagster"))) as instance:
        report = build(list(SEASONS), settings=settings, instance=instance, progress=messages.append,
                       with_systems=False)
        yield {"settings": settings, "instance": instance, "report": report, "messages": messages}


def _tables(root: Path) -> list[str]:
    return sorted(p.name for p in Path(root).iterdir() if p.is_dir() and not p.name.startswith("."))


def _canonical(df: pl.DataFrame, table: str) -> pl.DataFrame:
    df = df.drop([c for c in BUILD_HISTORY_COLUMNS.get(table, []) if c in df.columns])
    df = df.select(sorted(df.columns))
    sortable = [c for c, t in df.schema.items() if not isinstance(t, (pl.List, pl.Struct, pl.Array, pl.Object))]
    return df.sort(sortable, nulls_last=True) if sortable else df


def test_runs_batch_races(parallel):
    from f1bench_pipeline.domains.f1.runs import race_batches

    assert [[(ev.season, ev.round) for ev in b] for b in race_batches(_races(Settings().seasons))] == [
        [(2018, 13), (2018, 14)], [(2021, 11), (2021, 12)], [(2024, 16)], [(2025, 1)], [(2025, 10)], [(2025, 24)]]
    batches = race_batches(_races())
    ingest_runs = parallel["instance"].get_runs(filters=dg.RunsFilter(job_name="ingest_races"))
    assert len(ingest_runs) == len(batches) and all(r.is_success for r in ingest_runs)


def _launched_by_the_queue(run: dg.DagsterRun, queued: int, instance: dg.DagsterInstance) -> bool:
    """A run the daemon launched in its own process (which recorded itself: heal.enter_run_process),
    queued with ``queued`` - 1 others: the pools inside it divided the CPUs among as many runs as
    the queue lets run at once (this instance's default limit: 10)."""
    import os

    from f1bench_pipeline.orchestration.heal import PID, RUN_SHARE, run_record

    limit = instance.get_concurrency_config().run_queue_config.max_concurrent_runs
    record = run_record(instance, run.run_id)  # (not tags: heal.py)
    return record.get(RUN_SHARE) == str(min(queued, limit)) and record.get(PID) not in (None, str(os.getpid()))


def test_seasons_derived_by_queued_runs(parallel):
    """Every season is its own successful ``season_events`` run on the caller's instance, launched
    through the run queue in its own process, and every season partition of the event tables is
    materialized there."""
    instance = parallel["instance"]
    seasons = {str(s) for s in parallel["report"]["seasons"]}
    runs = instance.get_runs(filters=dg.RunsFilter(job_name="season_events"))
    assert sorted(r.tags.get("dagster/partition") for r in runs) == sorted(seasons)
    assert all(r.is_success for r in runs)
    assert all(_launched_by_the_queue(r, len(seasons), instance) for r in runs), [r.tags for r in runs]
    assert sum(m.endswith(" s)") and "events ok" in m for m in parallel["messages"]) == len(seasons)
    for asset in ("green_flag_laps", "pit_stops", "defenses", "instances"):
        assert instance.get_materialized_partitions(dg.AssetKey(asset)) == seasons, asset


def test_same_warehouse_as_one_race_at_a_time(parallel, sequential):
    from f1bench_pipeline.storage.warehouse import read_table

    here, there = parallel["settings"].warehouse_dir, sequential.warehouse_dir
    tables = _tables(here)
    assert tables == _tables(there)
    assert {"raw_laps", "raw_sessions", "green_flag_laps", "pit_stops", "instances"} <= set(tables)
    for table in tables:
        a, b = _canonical(read_table(here, table), table), _canonical(read_table(there, table), table)
        assert a.height == b.height, table
        assert a.schema == b.schema, table
        assert a.equals(b), table


def test_skip_record_kept(parallel):
    from f1bench_pipeline.storage.warehouse import read_table

    sessions = read_table(parallel["settings"].warehouse_dir, "raw_sessions")
    monza = sessions.filter((pl.col("season") == 2018) & (pl.col("round") == 14)).to_dicts()
    assert len(monza) == 1 and monza[0]["status"] == "skipped" and "Italian" in monza[0]["event"]
    assert "FastF1 failed to load" in monza[0]["reason"]
    assert sessions.filter(pl.col("status") == "loaded").height == len(_races()) - 1


def test_every_race_partition_materialized_with_its_own_outcome(parallel):
    from f1bench_pipeline.domains.f1.ingest.raw_tables import RAW_TABLES
    from f1bench_pipeline.domains.f1.partitions import race_partition_key

    instance = parallel["instance"]
    expected = {str(race_partition_key(ev.season, ev.round)) for ev in _races()}
    for name in RAW_TABLES:
        assert instance.get_materialized_partitions(dg.AssetKey(name)) == expected, name
    # one materialization per partition (not one per run plus one per race), each with the race's status
    records = instance.fetch_materializations(dg.AssetKey("raw_sessions"), limit=100).records
    by_partition = {r.partition_key: r.asset_materialization for r in records}
    assert len(records) == len(expected) == len(by_partition)
    assert by_partition["14|2018"].metadata["status"].value == "skipped"
    assert "FastF1 failed to load" in by_partition["14|2018"].metadata["skip_reason"].value
    assert by_partition["13|2018"].metadata["status"].value == "loaded"
    assert by_partition["13|2018"].metadata["dagster/row_count"].value == 1


def test_failing_race_fails_the_run_but_keeps_the_others(tmp_path, monkeypatch):
    """An unexpected error in one race (not a recorded skip) fails the run; the races that did
    load keep their partitions and materializations."""
    from f1bench_pipeline.orchestration.definitions_builder import build_definitions
    from f1bench_pipeline.domains.f1.ingest import assets as ingest_assets
    from f1bench_pipeline.orchestration.execute import Runs
    from f1bench_pipeline.domains.f1.runs import ingest_step, race_batches

    settings = _settings(tmp_path)
    batch = next(b for b in race_batches(_races((2021,))) if b[0].season == 2021)
    monkeypatch.setattr(ingest_assets, "ingest_workers", lambda: 1)  # in-process, so the patch below applies
    real = ingest_assets.load_race_tables

    def flaky(event, *args):
        if event.round == 12:
            raise OSError("disk went away")
        return real(event, *args)

    monkeypatch.setattr(ingest_assets, "load_race_tables", flaky)
    with dg.DagsterInstance.ephemeral() as instance:
        step = ingest_step(batch)
        assert Runs(settings, build_definitions(settings), instance).run_all([step]) == {step.label: False}
        assert instance.get_materialized_partitions(dg.AssetKey("raw_laps")) == {"11|2021"}


def test_offline_systems_run_through_the_queue_with_the_same_output(parallel, sample_build):
    """On a persistent instance the system × season runs are queued together and launched side by
    side by the daemon (up to the queue's limit at once, sharing the CPUs); generations, claims and scores equal the one-after-another build's (``sample_build``,
    an ephemeral instance, in this process), build-history columns aside."""
    from f1bench_pipeline.domains.f1.runs import run_offline_systems
    from f1bench_pipeline.storage.warehouse import read_table

    messages: list[str] = []
    out = run_offline_systems([2025], instance=parallel["instance"],  # one season: three runs side by side
                              progress=messages.append, settings=parallel["settings"])
    assert out and all(out.values()), out
    runs = parallel["instance"].get_runs(filters=dg.RunsFilter(job_name="generate_and_score"))
    assert len(runs) == len(out) and all(r.is_success for r in runs)
    assert all(_launched_by_the_queue(r, len(runs), parallel["instance"]) for r in runs), [r.tags for r in runs]
    history = {"generations": ["created_at", "latency_s", "from_cache"]}
    for table in ("generations", "claims", "scores"):
        here = read_table(parallel["settings"].warehouse_dir, table)
        there = read_table(sample_build["settings"].warehouse_dir, table).filter(pl.col("season") == 2025)
        drop = history.get(table, [])
        a, b = _canonical(here.drop(drop), table), _canonical(there.drop(drop), table)
        assert a.height == b.height > 0, table
        assert a.equals(b), table
