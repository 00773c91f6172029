"""What the Dagster UI shows a user: partition keys as the systems read (no percent-encoding), a
few run tags of ours (what a user filters on), and partitions only for systems that can run here
(not the shipped registry's paid examples nobody has a key for)."""

from __future__ import annotations

import dagster as dg
import pytest

from f1bench_pipeline.orchestration.partitions import MODEL_PARTITIONS_NAME

#: the shipped registry's examples that need a key from the environment (litellm's standard variables)
PAID = {"gpt-5.4-mini": "OPENAI_API_KEY", "claude-sonnet-4.5": "ANTHROPIC_API_KEY", "grok-4": "XAI_API_KEY",
        "deepseek-v3.2": "AZURE_AI_API_KEY"}


def _ours(run: dg.DagsterRun) -> list[str]:
    return sorted(t for t in run.tags if not t.startswith("dagster/"))


def test_the_sample_builds_ui_has_readable_keys_and_few_tags(sample_build, dagster_instance):
    keys = dagster_instance.get_dynamic_partitions(MODEL_PARTITIONS_NAME)
    assert keys and not [k for k in keys if "%" in k], keys
    materialized = {asset: dagster_instance.get_materialized_partitions(dg.AssetKey(asset))
                    for asset in ("generations", "claims", "scores", "instances", "raw_laps")}
    assert all(materialized.values()), materialized
    assert not [p for parts in materialized.values() for p in parts if "%" in p]
    runs = dagster_instance.get_runs()
    assert runs and all(len(_ours(r)) <= 4 for r in runs), {r.job_name: _ours(r) for r in runs if len(_ours(r)) > 4}
    assert not [t for r in runs for t in _ours(r) if t.split("/")[-1] in ("pid", "boot", "host", "queued_by")]


def test_only_systems_that_can_run_here_become_partitions(monkeypatch, tmp_path, request):
    """The registry as `f1bench register-systems` and the sensor register it: the templates, local
    weights and servers on this machine, as their names read; a paid system once its key is set
    (launchable from the UI), and an overlay's system. An instance's old percent-encoded key is
    migrated to the readable one."""
    from f1bench_pipeline.generation.registry import load_registry
    from f1bench_pipeline.orchestration.dynamic_partitions import (
        register_model_partitions,
        unused_model_keys,
    )

    from f1bench_pipeline.settings import get_settings

    for env in PAID.values():
        monkeypatch.delenv(env, raising=False)
    monkeypatch.setenv("F1BENCH_DATA_DIR", str(tmp_path / "data"))  # a warehouse without generations
    get_settings.cache_clear()
    request.addfinalizer(get_settings.cache_clear)
    overlay = tmp_path / "systems.d"
    overlay.mkdir()
    (overlay / "mine.yaml").write_text("systems:\n  lab/my-model:v2:\n    model: openai/my-model\n"
                                       "    api_base: http://127.0.0.1:9/v1\n", encoding="utf-8")
    registry = load_registry(overlay_folder=overlay)
    with dg.DagsterInstance.ephemeral() as instance:
        instance.add_dynamic_partitions(MODEL_PARTITIONS_NAME, ["ollama%2Fllama3.1%3A8b", "gpt-5.4-mini"])
        register_model_partitions(instance, registry=registry)
        keys = set(instance.get_dynamic_partitions(MODEL_PARTITIONS_NAME))
        assert {"template-faithful", "smollm2-135m", "ollama/llama3.1:8b", "lab/my-model:v2"} <= keys
        assert "ollama%2Fllama3.1%3A8b" not in keys and not [k for k in keys if "%" in k]
        assert not (set(PAID) - {"gpt-5.4-mini"}) & keys  # no key, never run: not a partition
        # the paid example an older f1bench registered, never run: the sensor removes it
        assert unused_model_keys(instance, registry, keys - {"gpt-5.4-mini"}) == ["gpt-5.4-mini"]
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-not-a-key")
        assert register_model_partitions(instance, registry=registry) == ["claude-sonnet-4.5"]
        # a system named to a command is its partition whatever the environment (the run says what is missing)
        assert register_model_partitions(instance, ["grok-4"], registry) == ["grok-4"]


@pytest.mark.parametrize("old,name", [("ollama%2Fllama3.1%3A8b", "ollama/llama3.1:8b"), ("template-noisy", "template-noisy")])
def test_old_keys_still_run_on_their_folders(old, name):
    from f1bench_pipeline.generation.names import safe_name
    from f1bench_pipeline.domains.f1.partitions import partition_key, season_model_from_partition_key

    assert season_model_from_partition_key(f"{old}|2025") == (2025, safe_name(name))
    assert season_model_from_partition_key(partition_key(name, 2025)) == (2025, safe_name(name))
    assert "%" not in str(partition_key(name, 2025))
