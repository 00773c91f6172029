"""The new-race sensor, with Dagster's test utilities, on a copy of the embedded cache."""

from __future__ import annotations

import shutil

import dagster as dg
import pytest

from f1bench_pipeline.orchestration.definitions_builder import build_definitions
from f1bench_pipeline.domains.f1.ingest.sensors import new_race_sensor
from f1bench_pipeline.domains.f1.partitions import race_partition_key
from f1bench_pipeline.domains.f1.resources import f1_resources
from f1bench_pipeline.resources import default_resources
from f1bench_pipeline.domains.f1.settings import SAMPLE_CACHE_DIR, SAMPLE_MANIFEST
from f1bench_pipeline.settings import Settings

KNOWN = [(2021, 11), (2021, 12), (2024, 16), (2025, 1), (2025, 24)]


pytestmark = pytest.mark.slow


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
    ctx = dg.build_sensor_context(instance=instance, cursor=cursor, resources={**default_resources(settings), **f1_resources(settings)})
    return new_race_sensor(ctx), ctx


def _ingest(defs, instance, season, round_):
    return defs.resolve_job_def("ingest_races").execute_in_process(
        partition_key=race_partition_key(season, round_), instance=instance, raise_on_error=False)


def _keys(result) -> list[str]:
    return sorted(str(r.partition_key) for r in result.run_requests)


def _requested(result) -> dict[str, list[str]]:
    """asset -> the partitions (or "*" unpartitioned) the automation tick requested."""
    out: dict[str, list[str]] = {}
    for r in result.results:
        if r.true_subset.size:
            keys = r.true_subset.expensively_compute_partition_keys() if r.true_subset.is_partitioned else {"*"}
            out[r.key.to_user_string()] = sorted(str(k) for k in keys)
    return out


def _materialize(defs, instance, assets: list[str], partition: str | None) -> None:
    assert defs.resolve_implicit_global_asset_job_def().get_subset(
        asset_selection={dg.AssetKey(a) for a in assets}).execute_in_process(
        instance=instance, partition_key=partition).success


def test_one_new_race_then_the_season_then_the_systems_through_automation(world, monkeypatch):
    """The sensor requests the new race's ingest; Dagster's automation (the assets' conditions) then
    asks for that season's events and instances, then the test sample and the auto_update systems'
    generations, claims and scores of that season only -- never a paid system's --, then that season's
    precision–recall figure, and then nothing."""
    settings, defs, instance, _cache = world
    monkeypatch.setattr("f1bench_pipeline.domains.f1.ingest.sensors.get_settings", lambda: settings)
    from f1bench_pipeline.generation.registry import load_registry
    from f1bench_pipeline.orchestration.automation import auto_update_systems
    from f1bench_pipeline.orchestration.partitions import MODEL_PARTITIONS_NAME

    systems = [s.safe_name for s in load_registry().systems.values()]
    auto = auto_update_systems()
    assert auto and set(auto) < set(systems)  # the templates, not the paid systems
    instance.add_dynamic_partitions(MODEL_PARTITIONS_NAME, systems)
    for season, rnd in KNOWN:
        assert _ingest(defs, instance, season, rnd).success
    tick = dg.evaluate_automation_conditions(defs=defs, instance=instance)
    assert tick.total_requested == 0  # what was there before automation started is the CLI's to build
    # The 2025 Canadian GP (round 10) is in the cache but not ingested: the only new race.
    result, _ = _tick(settings, instance)
    assert [(r.job_name, str(r.partition_key)) for r in result.run_requests] == [("ingest_races", "10|2025")]
    again, _ = _tick(settings, instance, result.cursor)
    assert isinstance(again, dg.SkipReason)  # requested once, not on every tick
    assert _ingest(defs, instance, 2025, 10).success
    # the season's tables follow, for 2025 alone; nothing of the systems until instances are written
    tick = dg.evaluate_automation_conditions(defs=defs, instance=instance, cursor=tick.cursor)
    season_tables = _requested(tick)
    assert "instances" in season_tables and "green_flag_laps" in season_tables
    assert {tuple(v) for v in season_tables.values()} == {("2025",)}
    assert not {"generations", "claims", "scores", "test_sample"} & set(season_tables)
    _materialize(defs, instance, list(season_tables), "2025")
    # then the test sample and the auto_update systems' answers, claims and scores of 2025
    tick = dg.evaluate_automation_conditions(defs=defs, instance=instance, cursor=tick.cursor)
    asked = _requested(tick)
    expected = sorted(f"{m}|2025" for m in auto)
    assert asked["generations"] == asked["claims"] == asked["scores"] == expected
    assert asked["test_sample"] == ["*"]
    # the same run shapes a UI user sees: one run per season × system, its three assets together
    for key in expected:
        _materialize(defs, instance, ["generations", "claims", "scores"], key)
    _materialize(defs, instance, ["test_sample", "finetune_export"], None)
    # the test sample changed: no season's answers are asked again; the season's scores changed: its
    # precision–recall figure is drawn again, for 2025 alone
    tick = dg.evaluate_automation_conditions(defs=defs, instance=instance, cursor=tick.cursor)
    assert _requested(tick) == {"precision_recall_plot": ["2025"]}
    _materialize(defs, instance, ["precision_recall_plot"], "2025")
    # nothing else is left
    tick = dg.evaluate_automation_conditions(defs=defs, instance=instance, cursor=tick.cursor)
    assert tick.total_requested == 0, _requested(tick)
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
    from f1bench_pipeline.storage.warehouse import read_table

    row = read_table(settings.warehouse_dir, "raw_sessions", {"season": 2025, "round": 10}).row(0, named=True)
    assert row["status"] == "skipped" and "checksum mismatch" in row["reason"]
    # A skipped race is not requested again on every tick.
    assert isinstance(_tick(settings, instance)[0], dg.SkipReason)


def test_sensor_and_automation_are_off_by_default():
    from f1bench_pipeline.orchestration.automation import new_race_automation

    assert new_race_sensor.default_status == dg.DefaultSensorStatus.STOPPED
    assert new_race_automation.default_status == dg.DefaultSensorStatus.STOPPED
