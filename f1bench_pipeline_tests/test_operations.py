"""Operating the benchmark: one model rerun alone, read-only named queries."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _files(root: Path, table: str) -> dict[str, int]:
    return {str(p.relative_to(root)): p.stat().st_mtime_ns for p in (root / table).rglob("*.parquet")}


@pytest.mark.parametrize("model,via", [("template-noisy", "dagster"), ("template-terse", "f1bench rerun")])
def test_rerunning_one_model_touches_no_other_models_parquet(sample_build, model, via):
    settings = sample_build["settings"]
    root = settings.warehouse_dir
    before = {t: _files(root, t) for t in ("generations", "claims", "scores")}
    env = {**os.environ, "DAGSTER_HOME": str(REPO), "F1BENCH_DATA_DIR": str(settings.data_dir),
           "F1BENCH_DAGSTER_STORAGE": str(settings.data_dir / "dagster_home"), "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    reg = subprocess.run([sys.executable, "-m", "f1bench_pipeline.cli", "register-systems"], capture_output=True,
                         text=True, env=env, cwd=REPO)
    assert reg.returncode == 0, reg.stderr[-2000:]
    # `make rerun MODEL=m SEASON=2025` runs `f1bench rerun m --season 2025`; Dagster's own CLI does the same
    cmd = ([str(Path(sys.executable).parent / "dagster"), "asset", "materialize", "-m", "f1bench_pipeline.definitions",
            "--select", "generations,claims,scores", "--partition", f"{model}|2025"] if via == "dagster" else
           [sys.executable, "-m", "f1bench_pipeline.cli", "rerun", model, "--season", "2025"])
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=REPO, timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    for table, files in before.items():
        after = _files(root, table)
        changed = {k for k in files if after.get(k) != files[k]}
        assert changed == {k for k in files if f"model={model}" in k and "season=2025" in k}, (table, changed)


def test_named_queries_run_and_cannot_write(sample_build, tmp_path, monkeypatch):
    from f1bench_pipeline.storage import queries

    s = sample_build["settings"]
    cols, rows = queries.run("ranking_inversion", s.warehouse_dir, s.duckdb_path)
    assert "rank_by_precision" in cols and rows
    cols, rows = queries.run("skipped_races", s.warehouse_dir, s.duckdb_path)
    assert rows[0][2] == "Italian Grand Prix"
    cols, rows = queries.run("worst_hallucinations", s.warehouse_dir, s.duckdb_path)
    assert rows and all(r[cols.index("model")] == "template-noisy" for r in rows)
    from f1bench_pipeline.storage.views import has_files

    for name in queries.available():
        if (name.startswith("weather_") and not has_files(s.warehouse_dir, "weather_scores")) or (
                name == "instrument_error" and not has_files(s.warehouse_dir, "claim_reviews")):
            with pytest.raises(queries.QueryError, match="build it first"):  # built apart / needs imported reviews
                queries.run(name, s.warehouse_dir, s.duckdb_path)
            continue
        queries.run(name, s.warehouse_dir, s.duckdb_path)  # every named query runs on the demo warehouse
    evil = tmp_path / "evil.sql"
    evil.write_text(f"COPY (SELECT 1 AS x) TO '{tmp_path / 'x.parquet'}'")
    monkeypatch.setattr(queries, "QUERIES_DIR", tmp_path)
    with pytest.raises(queries.QueryError, match="single SELECT"):
        queries.run("evil", s.warehouse_dir, s.duckdb_path)
    assert not (tmp_path / "x.parquet").exists()


def test_the_cli_runs_through_the_configured_executor(sample_build, monkeypatch, tmp_path, request):
    """F1BENCH_EXECUTOR=multiprocess: the CLI's run (Runs.run) executes through that executor, one
    process per step; unset, in one process, as a launched run of the code location does (its
    default executor: in-process). Celery without a broker is a settings error naming the variable."""
    import dagster as dg

    from f1bench_pipeline.orchestration.execute import Runs
    from f1bench_pipeline.orchestration.executors import executor_for
    from f1bench_pipeline.orchestration.heal import PID, run_record
    from f1bench_pipeline.settings import SettingsError, get_settings

    settings = sample_build["settings"]
    monkeypatch.setenv("F1BENCH_DATA_DIR", str(settings.data_dir))
    monkeypatch.setenv("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    monkeypatch.setenv("F1BENCH_EXECUTOR", "multiprocess")
    # definitions.py sets it when absent; set here (to its value) so monkeypatch undoes it after
    monkeypatch.setenv("F1BENCH_LITELLM_QUIET", os.environ.get("F1BENCH_LITELLM_QUIET", "1"))
    # the code location as a fresh process loads it (this one may hold it, and the settings, from
    # before); put back as it was afterwards, so later tests see the code location they expect
    saved = sys.modules.pop("f1bench_pipeline.definitions", None)
    get_settings.cache_clear()

    def restore() -> None:
        sys.modules.pop("f1bench_pipeline.definitions", None)
        if saved is not None:
            sys.modules["f1bench_pipeline.definitions"] = saved
        get_settings.cache_clear()

    request.addfinalizer(restore)
    assert executor_for(settings) is dg.in_process_executor
    assert executor_for(settings.model_copy(update={"executor": "multiprocess"})) is dg.multiprocess_executor
    with pytest.raises(SettingsError, match="F1BENCH_CELERY_BROKER"):
        executor_for(settings.model_copy(update={"executor": "celery"}))
    from f1bench_pipeline.orchestration.dynamic_partitions import register_model_partitions
    from f1bench_pipeline.domains.f1.partitions import partition_key

    # a two-step job (generations, then claims and scores) of one template system: each step's
    # process pays the imports (~4 s), so a short job keeps the multiprocess run short
    key = partition_key("template-terse", 2025)
    with dg.instance_for_test(temp_dir=str(tmp_path)) as instance:
        register_model_partitions(instance, ["template-terse"])
        for executor, one_per_step in (("multiprocess", True), ("in_process", False)):
            runs = Runs.open(settings.model_copy(update={"executor": executor}), instance=instance,
                             progress=lambda _m: None)
            result = runs.run("generate_and_score", key)
            assert result.success
            run = instance.get_run_by_id(result.run_id)
            assert run.tags["dagster/partition/model"] == "template-terse" and run.tags["dagster/partition/season"] == "2025"
            pids = [e.pid for e in result.all_events if e.is_step_start]
            assert len(pids) == 2, executor
            # the run is launched by the daemon in a process of its own (the queue's path), which
            # runs both steps itself on the in-process executor (and tags the run with its pid)
            if one_per_step:
                assert len(set(pids)) == 2 and os.getpid() not in pids
            else:
                assert set(pids) == {int(run_record(instance, run.run_id)[PID])} and os.getpid() not in pids
    # the code location as it loads by default (UI, backfills): every job on the in-process executor
    monkeypatch.delenv("F1BENCH_EXECUTOR")
    from f1bench_pipeline.orchestration.definitions_builder import build_definitions

    assert build_definitions().resolve_job_def("season_events").executor_def is dg.in_process_executor


def test_a_second_build_with_nothing_changed_launches_no_run(sample_build, sample_settings, dagster_instance):
    """Incremental by default (#27): every run of the build is left out when its assets are fresh
    in Dagster's eyes. (The session's instance is shared with tests that rerun or rescore some
    partitions: a first build brings those up to date, the second must launch nothing.)"""
    from f1bench_pipeline.domains.f1.runs import build

    build(settings=sample_settings, instance=dagster_instance, progress=lambda _m: None, with_other_domains=False)
    before = dagster_instance.get_runs_count()
    lines: list[str] = []
    report = build(settings=sample_settings, instance=dagster_instance, progress=lines.append, with_other_domains=False)
    assert dagster_instance.get_runs_count() == before, lines
    assert report["races"] == sample_build["races"]
    assert any("races up to date" in x for x in lines) and any("events up to date" in x for x in lines)
    assert sum("generations and scores up to date" in x for x in lines) == 3 * len(report["seasons"])
    assert not any(x.endswith(("ok", "FAILED")) or " ok (" in x for x in lines), lines
