"""Dagster conventions: one instance for `dagster dev` and the CLI, resources configured at run
time, and the LLM extractor in the model-provider pool, chosen by run config.

`dagster dev` itself is never started here (a long-running server that ignores SIGTERM without a
terminal): the tests call the function it opens its instance with
(``dagster._cli.utils.get_possibly_temporary_instance_for_cli``) under the same conditions — no
DAGSTER_HOME, no F1BENCH_DAGSTER_STORAGE, the repo's dagster.yaml in the working directory.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import dagster as dg
import polars as pl
import pytest

from f1bench_pipeline.domains.f1.resources import FastF1Resource, f1_resources
from f1bench_pipeline.domains.f1.settings import F1Settings
from f1bench_pipeline.resources import SystemRegistryResource, WarehouseResource, default_resources
from f1bench_pipeline.domains.f1.settings import SAMPLE_CACHE_DIR, SAMPLE_MANIFEST
from f1bench_pipeline.settings import ERGAST_DIR, REPO_ROOT, get_settings

DAGSTER_YAML = REPO_ROOT / "dagster.yaml"


@pytest.fixture(autouse=True)
def _fresh_settings(monkeypatch):
    """Settings are cached per process: start and end each test with an empty cache (this
    teardown runs before monkeypatch restores the environment, so no test value stays cached)."""
    get_settings.cache_clear()
    yield
    get_settings.cache_clear()


def _unset(monkeypatch, name: str) -> None:
    """Unset ``name`` for this test and remove it afterwards even if code under test sets it."""
    monkeypatch.setenv(name, "x")
    monkeypatch.delenv(name)


@pytest.fixture
def bare_env(monkeypatch, tmp_path):
    """What a user's shell has for a plain `dagster dev`: neither DAGSTER_HOME nor
    F1BENCH_DAGSTER_STORAGE; F1BENCH_DATA_DIR points at a scratch dir so nothing here touches
    the repo's data/dagster_home."""
    _unset(monkeypatch, "DAGSTER_HOME")
    _unset(monkeypatch, "F1BENCH_DAGSTER_STORAGE")
    monkeypatch.setenv("F1BENCH_DATA_DIR", str(tmp_path / "data"))
    get_settings.cache_clear()
    return tmp_path / "data"


def _clean_env(data_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in {"DAGSTER_HOME", "F1BENCH_DAGSTER_STORAGE"}}
    return {**env, "F1BENCH_DATA_DIR": str(data_dir), "LITELLM_LOCAL_MODEL_COST_MAP": "True"}


def _repo_root_copy(tmp_path: Path) -> Path:
    """A working directory holding the repo's dagster.yaml, byte for byte (what `dagster dev`
    reads from the repo root; a copy keeps Dagster's temporary home out of the repo)."""
    cwd = tmp_path / "repo_root"
    cwd.mkdir()
    shutil.copy(DAGSTER_YAML, cwd / "dagster.yaml")
    return cwd


def _dagster_dev_instance():
    """The instance `dagster dev` opens (dagster/_cli/dev.py), in the current directory."""
    from dagster._cli.utils import get_possibly_temporary_instance_for_cli

    return get_possibly_temporary_instance_for_cli("dagster dev")


# --- one instance ---------------------------------------------------------------------------


@dg.asset
def _noop() -> None:
    return None


def test_dagster_yaml_requires_no_environment_variable():
    text = DAGSTER_YAML.read_text()
    assert "env:" not in text and "F1BENCH_DAGSTER_STORAGE" in text  # documented, not required


def test_dagster_dev_without_environment_uses_the_repo_storage(bare_env, tmp_path, monkeypatch):
    from dagster._serdes import deserialize_value, serialize_value

    monkeypatch.chdir(_repo_root_copy(tmp_path))
    with _dagster_dev_instance() as instance:
        storage = bare_env / "dagster_home"
        ref = instance.get_ref()
        assert ref.storage_data.module_name == "f1bench_pipeline.orchestration.instance"  # what dagster.yaml names
        assert (storage / "history" / "runs.db").is_file()
        assert instance.compute_log_manager._base_dir == str(storage)
        assert ref.local_artifact_storage.base_dir == str(storage)
        assert instance.get_concurrency_config().pool_config.default_pool_limit == 1
        # the webserver and the daemon get this ref serialized (--instance-ref): same storage there
        with dg.DagsterInstance.from_ref(deserialize_value(serialize_value(ref))) as child:
            run_id = dg.materialize([_noop], instance=child).run_id
        assert instance.get_run_by_id(run_id) is not None
    assert not list((tmp_path / "repo_root").glob(".tmp_dagster_home_*"))  # Dagster's temporary home is gone…
    with _dagster_dev_instance() as again:  # …the history is not: the next `dagster dev` sees the run
        assert again.get_run_by_id(run_id) is not None


@pytest.mark.slow
def test_cli_runs_are_in_the_history_dagster_dev_opens(bare_env, tmp_path, monkeypatch):
    """A real CLI command (its runner picks the instance: ensure_dagster_home) from another
    directory, then the instance of `dagster dev` and of `make ui` (DAGSTER_HOME = repo root)."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    r = subprocess.run([sys.executable, "-m", "f1bench_pipeline.cli", "derive", "--seasons", "2018"],
                       capture_output=True, text=True, env=_clean_env(bare_env), cwd=elsewhere, timeout=600)
    assert "season 2018: events ok" in r.stdout, r.stdout[-2000:] + r.stderr[-2000:]
    monkeypatch.chdir(_repo_root_copy(tmp_path))
    with _dagster_dev_instance() as instance:
        runs = [(run.job_name, run.tags.get("dagster/partition")) for run in instance.get_runs()]
    assert ("season_events", "2018") in runs
    monkeypatch.setenv("DAGSTER_HOME", str(REPO_ROOT))  # make ui
    with dg.DagsterInstance.get() as instance:
        assert ("season_events", "2018") in [(run.job_name, run.tags.get("dagster/partition")) for run in instance.get_runs()]


def test_ensure_dagster_home_defaults_to_the_repo(bare_env, monkeypatch):
    from f1bench_pipeline.orchestration.instance import ensure_dagster_home

    monkeypatch.setenv("DAGSTER_HOME", "")  # empty counts as unset
    assert ensure_dagster_home() == REPO_ROOT and os.environ["DAGSTER_HOME"] == str(REPO_ROOT)
    assert "F1BENCH_DAGSTER_STORAGE" not in os.environ and (bare_env / "dagster_home").is_dir()


def test_the_storage_variable_still_overrides(bare_env, tmp_path, monkeypatch):
    from f1bench_pipeline.orchestration.instance import storage_dir

    assert storage_dir() == bare_env / "dagster_home"
    monkeypatch.setenv("F1BENCH_DAGSTER_STORAGE", str(tmp_path / "elsewhere"))
    monkeypatch.setenv("DAGSTER_HOME", str(REPO_ROOT))
    with dg.DagsterInstance.get() as instance:
        instance.add_dynamic_partitions("models", ["x"])
    assert (tmp_path / "elsewhere" / "history" / "runs.db").is_file()


# --- resources: configuration at run time ---------------------------------------------------


def _probe(seen: dict):
    @dg.asset
    def probe(warehouse: WarehouseResource, fastf1_source: FastF1Resource) -> None:
        seen.update(warehouse=warehouse.model_dump(), fastf1=fastf1_source.model_dump(),
                    root=str(warehouse.root), label=fastf1_source.source_label)

    return probe


def _resources(settings=None) -> dict:
    """The shared resources and F1's (what the code location binds)."""
    return {**default_resources(settings), **f1_resources(settings)}


@pytest.mark.slow
def test_importing_the_resources_reads_no_setting(tmp_path):
    code = ("from f1bench_pipeline.resources import default_resources\n"
            "from f1bench_pipeline.domains.f1.resources import f1_resources\n"
            "r = {**default_resources(), **f1_resources()}\n"
            "assert r['warehouse'].data_dir is None and r['fastf1_source'].offline is None\n"
            "assert r['network'].offline is None\n"
            "from f1bench_pipeline.settings import SettingsError, get_settings\n"
            "try:\n    get_settings()\nexcept SettingsError as e:\n    print('refused:', e)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env={**os.environ, "F1BENCH_OFFLINE": "ture"})
    assert r.returncode == 0, r.stderr
    assert "refused:" in r.stdout and "F1BENCH_OFFLINE='ture'" in r.stdout


def test_the_code_location_reads_the_environment_when_a_run_starts(monkeypatch, tmp_path):
    from f1bench_pipeline.orchestration.definitions_builder import build_definitions

    resources = build_definitions().resources  # what `dagster dev` loads: nothing resolved yet
    assert resources["warehouse"].data_dir is None and resources["fastf1_source"].cache_dir is None
    monkeypatch.setenv("F1BENCH_DATA_DIR", str(tmp_path / "d"))
    monkeypatch.setenv("F1BENCH_FASTF1_CACHE", str(tmp_path / "cache"))
    get_settings.cache_clear()
    try:
        seen: dict = {}
        assert dg.materialize([_probe(seen)], resources=resources).success
    finally:
        get_settings.cache_clear()
    assert seen["warehouse"] == {"data_dir": str(tmp_path / "d"), "url": ""}
    assert seen["root"] == str(tmp_path / "d" / "warehouse")
    assert seen["fastf1"] == {"cache_dir": str(tmp_path / "cache"), "offline": True, "manifest": "",
                              "ergast_dir": str(ERGAST_DIR), "official_results_dir": str(F1Settings.of(get_settings()).official_results_dir)}


def test_defaults_follow_the_settings():
    seen: dict = {}
    assert dg.materialize([_probe(seen)], resources=_resources()).success
    s = get_settings()
    f1 = F1Settings.of(s)
    assert seen["warehouse"] == {"data_dir": str(s.data_dir), "url": s.warehouse_url}
    assert (seen["fastf1"]["cache_dir"], seen["fastf1"]["manifest"]) == (str(f1.fastf1_cache), str(f1.cache_manifest or ""))
    if not os.environ.get("F1BENCH_FASTF1_CACHE"):
        assert (seen["fastf1"]["cache_dir"], seen["fastf1"]["manifest"]) == (str(SAMPLE_CACHE_DIR), str(SAMPLE_MANIFEST))


def test_fields_bind_to_env_vars_and_run_config(monkeypatch, tmp_path):
    monkeypatch.setenv("MY_F1_DATA", str(tmp_path / "from_env"))
    seen: dict = {}
    resources = {"warehouse": WarehouseResource(data_dir=dg.EnvVar("MY_F1_DATA")), "fastf1_source": FastF1Resource()}
    assert dg.materialize([_probe(seen)], resources=resources).success
    assert seen["warehouse"]["data_dir"] == str(tmp_path / "from_env")
    run_config = {"resources": {
        "warehouse": {"config": {"data_dir": str(tmp_path / "launchpad"), "url": "memory://lp"}},
        "fastf1_source": {"config": {"cache_dir": str(tmp_path / "c")}},
    }}
    assert dg.materialize([_probe(seen)], resources=_resources(), run_config=run_config).success
    assert seen["warehouse"] == {"data_dir": str(tmp_path / "launchpad"), "url": "memory://lp"}
    assert seen["root"] == "memory://lp"
    assert (seen["fastf1"]["cache_dir"], seen["fastf1"]["manifest"]) == (str(tmp_path / "c"), "")  # a given cache is trusted
    run_config = {"resources": {"fastf1_source": {"config": {"offline": False}}}}
    assert dg.materialize([_probe(seen)], resources=_resources(), run_config=run_config).success
    assert seen["label"] == "network" and seen["fastf1"]["manifest"] == ""
    assert seen["fastf1"]["cache_dir"] == str(get_settings().data_dir / "fastf1_cache")  # the F1Settings rule


def test_settings_bound_resources_are_fixed():
    from f1bench_pipeline.settings import Settings

    r = _resources(Settings(data_dir=Path("/x"), warehouse_url="memory://w", offline=False, cache_manifest=None))
    assert r["warehouse"].root == "memory://w" and r["fastf1_source"].source_label == "network"
    assert r["network"].offline is False and r["network"].resolved() is r["network"]
    assert r["fastf1_source"].manifest == "" and r["fastf1_source"].resolved() is r["fastf1_source"]


# --- the LLM extractor: provider pool and run config ----------------------------------------

SEASON, MODEL = 2024, "conventions-test-model"
EXTRACTOR = "loopback-extractor"


def _tiny_warehouse(data_dir: Path) -> None:
    from f1bench_pipeline.domains.f1.instances.facts import facts_to_json, n_stops, pit_lap
    from f1bench_pipeline.storage.warehouse import write_partition

    facts = facts_to_json([n_stops("LEC", 1), pit_lap("LEC", 15)])
    iid = "2024_Italian_Grand_Prix::stint::LEC"
    instances = pl.DataFrame([{"id": iid, "lang": "en", "variant": "default", "facts": facts, "context_facts": facts,
                               "entities": json.dumps({"drivers": ["LEC"], "teams": ["Ferrari"]}),
                               "decision_type": "stint", "kind": "stint"}])
    gens = pl.DataFrame({"id": [iid], "lang": ["en"], "variant": ["default"], "status": ["ok"],
                         "text": ["LEC made one stop, pitting on lap 15."]})
    write_partition(instances, data_dir / "warehouse", "instances", {"season": SEASON})
    write_partition(gens, data_dir / "warehouse", "generations", {"season": SEASON, "model": MODEL})


def _register_extractor(data_dir: Path, api_base: str) -> None:
    (data_dir / "systems.d").mkdir(parents=True, exist_ok=True)
    (data_dir / "systems.d" / "extractor.yaml").write_text(json.dumps({"systems": {EXTRACTOR: {
        "model": "openai/loopback-extractor", "api_base": api_base, "api_key_env": "F1BENCH_TEST_KEY",
        "concurrency": 2, "max_attempts": 2, "backoff_base_s": 0.01, "timeout_s": 5}}}))


def _score(data_dir: Path, llm_extractor: str | None = "<unset>"):
    from f1bench_pipeline.domains.f1.scoring_assets import build_claims_and_scores

    config = {} if llm_extractor == "<unset>" else {"llm_extractor": llm_extractor}
    with dg.DagsterInstance.ephemeral() as instance:
        instance.add_dynamic_partitions("models", [MODEL])
        result = dg.materialize(
            [build_claims_and_scores()], instance=instance, raise_on_error=False,
            resources={"warehouse": WarehouseResource(data_dir=str(data_dir), url=""),
                       "system_registry": SystemRegistryResource(overlays_dir=str(data_dir / "systems.d"))},
            partition_key=dg.MultiPartitionKey({"season": str(SEASON), "model": MODEL}),
            run_config={"ops": {"claims_and_scores": {"config": config}}})
        meta = {}
        if result.success:
            mat = instance.fetch_materializations(dg.AssetKey("scores"), limit=1).records[0].asset_materialization
            meta = {k: v.value for k, v in mat.metadata.items()}
        return result, meta


def _extractors(data_dir: Path) -> list[str]:
    from f1bench_pipeline.storage.warehouse import read_table

    return sorted(read_table(data_dir / "warehouse", "scores", {"season": SEASON, "model": MODEL})["extractor"].unique())


def test_runs_calling_one_provider_are_limited_to_one_at_a_time_by_their_tags(monkeypatch):
    """Every job that answers or extracts with a model tags each system partition's run with the
    provider it calls (a UI launch, a backfill, a sensor and the CLI take the partition's tags);
    dagster.yaml lets one run per value in progress; the offline templates carry no tag."""
    import yaml

    from f1bench_pipeline.orchestration.definitions_builder import build_definitions
    from f1bench_pipeline.domains.weather.partitions import weather_partition_key
    from f1bench_pipeline.domains.f1.partitions import partition_key

    monkeypatch.delenv("F1BENCH_LLM_EXTRACTOR", raising=False)
    defs = build_definitions()

    def tags(job: str, key) -> dict[str, str]:
        return {k: v for k, v in defs.resolve_job_def(job).get_tags_for_partition_key(str(key), None).items()
                if k.startswith("f1bench/")}

    for job in ("generate_and_score", "model_generations", "verifier_guided"):
        assert tags(job, partition_key("gpt-5.4-mini", 2025)) == {"f1bench/provider": "openai"}, job
        assert tags(job, partition_key("template-faithful", 2025)) == {}, job
    assert tags("weather_generate_and_score", weather_partition_key("gpt-5.4-mini", "shared-2025")) == {
        "f1bench/provider": "openai"}
    assert tags("score_only", partition_key("gpt-5.4-mini", 2025)) == {}  # re-scoring calls no system
    monkeypatch.setenv("F1BENCH_LLM_EXTRACTOR", "gpt-5.4-mini")  # ... unless an LLM extracts the claims
    assert tags("score_only", partition_key("template-terse", 2025)) == {"f1bench/extractor_provider": "openai"}
    limits = yaml.safe_load(DAGSTER_YAML.read_text())["concurrency"]["runs"]["tag_concurrency_limits"]
    assert {(lim["key"], lim["limit"], lim["value"]["applyLimitPerUniqueValue"]) for lim in limits} == {
        ("f1bench/provider", 1, True), ("f1bench/extractor_provider", 1, True)}


def test_a_provider_is_the_server_a_system_calls():
    from f1bench_pipeline.orchestration.provider_limits import LOCAL_WEIGHTS, provider_of
    from f1bench_pipeline.generation.registry import load_registry

    registry = load_registry()
    assert provider_of(registry.get("template-noisy")) is None
    assert provider_of(registry.get("gpt-5.4-mini")) == "openai"
    assert provider_of(registry.get("deepseek-v3.2")) == "azure_ai"
    assert provider_of(registry.get("ollama/llama3.1:8b")).startswith("ollama_chat@")  # a local server
    local = next(s for s in registry.systems.values() if s.local is not None)
    assert provider_of(local) == LOCAL_WEIGHTS
    served = registry.get("gpt-5.4-mini").model_copy(update={"api_base": "http://127.0.0.1:8011/v1"})
    assert provider_of(served) == "openai@127.0.0.1:8011"  # a server of its own: its own limit


@pytest.mark.slow
def test_llm_extractor_is_chosen_by_run_config(tmp_path, monkeypatch):
    from f1bench_pipeline_tests.loopback_provider import LoopbackProvider

    monkeypatch.delenv("F1BENCH_LLM_EXTRACTOR", raising=False)
    monkeypatch.setenv("F1BENCH_TEST_KEY", "sk-test")
    data = tmp_path / "data"
    _tiny_warehouse(data)
    with LoopbackProvider(content_fn=lambda body: json.dumps({"claims": []})) as server:
        _register_extractor(data, server.api_base)
        result, meta = _score(data)  # nothing chosen: the regex extractor alone
        assert result.success and _extractors(data) == ["regex"] and "llm_extractor" not in meta
        result, meta = _score(data, EXTRACTOR)  # the run config picks the LLM extractor
        assert result.success and _extractors(data) == ["llm", "regex"]
        assert meta["llm_extractor"] == EXTRACTOR and meta["llm_extractor_version"].startswith("llm-")
        assert server.state.stats()["requests"] >= 1
        monkeypatch.setenv("F1BENCH_LLM_EXTRACTOR", EXTRACTOR)  # the environment stays the default…
        result, meta = _score(data)
        assert result.success and _extractors(data) == ["llm", "regex"] and meta["llm_extractor"] == EXTRACTOR
        result, meta = _score(data, "")  # …and a run can switch it off
        assert result.success and _extractors(data) == ["regex"]
    assert os.environ["F1BENCH_LLM_EXTRACTOR"] == EXTRACTOR  # the run left the environment as it was


def test_an_unknown_llm_extractor_fails_the_run_with_its_name(tmp_path, monkeypatch):
    monkeypatch.delenv("F1BENCH_LLM_EXTRACTOR", raising=False)
    data = tmp_path / "data"
    _tiny_warehouse(data)
    result, _ = _score(data, "no-such-system")
    assert not result.success
    failure = next(e for e in result.all_events if e.is_step_failure)
    assert "no-such-system" in failure.event_specific_data.error.to_string()
