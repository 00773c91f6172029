"""The new-race sensor, with Dagster's test utilities, on a copy of the embedded cache."""

from __future__ import annotations

import shutil

import dagster as dg
import pytest

from f1bench_pipeline.orchestration.definitions_builder import build_definitions
from f1bench_pipeline.domains.f1.ingest.sensors import new_race_sensor
from f1bench_pipeline.partitions import race_partition_key
from f1bench_pipeline.resources import default_resources
from f1bench_pipeline.settings import SAMPLE_CACHE_DIR, SAMPLE_MANIFEST, Settings

KNOWN = [(2021, 11), (2021, 12), (2024, 16), (2025, 1), (2025, 24)]


@pytest.fixture()
def world(tmp_path):
    cache = tmp_path / "cache"
    shutil.copytree(SAMPLE_CACHE_DIR, cache)
    settings = Settings(data_dir=tmp_path / "data", fastf1_cache=cache, offline=True, cache_manifest=SAMPLE_MANIFEST,
                        first_season=2021, last_season=2025)
    defs = build_definitions(settings)
    with dg.DagsterInstance.ephemeral() as instance:
        yield settings, defs, instance, cache


def _tick(settings, instance, cursor=None):
    ctx = dg.build_sensor_context(instance=instance, cursor=cursor, resources=default_resources(settings))
    return new_race_sensor(ctx), ctx


def _ingest(defs, instance, season, round_):
    return defs.resolve_job_def("ingest_races").execute_in_process(
        partition_key=race_partition_key(season, round_), instance=instance, raise_on_error=False)


def _keys(result) -> list[str]:
    return sorted(str(r.partition_key) for r in result.run_requests)


def test_one_new_race_then_the_season_then_the_systems(world, monkeypatch):
    settings, defs, instance, _cache = world
    monkeypatch.setattr("f1bench_pipeline.domains.f1.ingest.sensors.get_settings", lambda: settings)
    for season, rnd in KNOWN:
        assert _ingest(defs, instance, season, rnd).success
    # The 2025 Canadian GP (round 10) is in the cache but not ingested: the only new race.
    result, _ = _tick(settings, instance)
    assert [(r.job_name, str(r.partition_key)) for r in result.run_requests] == [("ingest_races", "10|2025")]
    cursor = result.cursor
    # Nothing more until the race is recorded.
    again, _ = _tick(settings, instance, cursor)
    assert isinstance(again, dg.SkipReason)
    assert _ingest(defs, instance, 2025, 10).success
    result, _ = _tick(settings, instance, cursor)
    assert [(r.job_name, str(r.partition_key)) for r in result.run_requests] == [("season_events", "2025")]
    cursor = result.cursor
    assert defs.resolve_job_def("season_events").execute_in_process(partition_key="2025", instance=instance).success
    result, _ = _tick(settings, instance, cursor)
    assert {r.job_name for r in result.run_requests} == {"generate_and_score"}
    assert _keys(result) == ["template-faithful|2025", "template-noisy|2025", "template-terse|2025"]
    assert result.dynamic_partitions_requests[0].partition_keys == ["template-faithful", "template-noisy", "template-terse"]
    # And then it is quiet again: the no-op case.
    done, _ = _tick(settings, instance, result.cursor)
    assert isinstance(done, dg.SkipReason) and "no new races" in str(done.skip_message)


def test_a_race_that_fails_to_load_is_recorded_and_the_season_still_moves_on(world, monkeypatch):
    settings, defs, instance, cache = world
    monkeypatch.setattr("f1bench_pipeline.domains.f1.ingest.sensors.get_settings", lambda: settings)
    for season, rnd in KNOWN:
        assert _ingest(defs, instance, season, rnd).success
    victim = next((cache / "2025").rglob("2025-06-15_Race/timing_app_data.ff1pkl"))
    victim.write_bytes(b"corrupt")
    result, _ = _tick(settings, instance)
    assert _keys(result) == ["10|2025"]
    run = _ingest(defs, instance, 2025, 10)
    assert run.success  # recorded as skipped, not failed
    result, _ = _tick(settings, instance, result.cursor)
    assert [(r.job_name, str(r.partition_key)) for r in result.run_requests] == [("season_events", "2025")]
    from f1bench_pipeline.storage.warehouse import read_table

    row = read_table(settings.warehouse_dir, "raw_sessions", {"season": 2025, "round": 10}).row(0, named=True)
    assert row["status"] == "skipped" and "checksum mismatch" in row["reason"]
    # A skipped race is not requested again on every tick.
    assert isinstance(_tick(settings, instance)[0], dg.SkipReason)


def test_sensor_is_off_by_default():
    assert new_race_sensor.default_status == dg.DefaultSensorStatus.STOPPED
