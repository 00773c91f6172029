"""Registry conventions a user writes in systems.yaml: ``auto_update`` (the new-race sensor
generates and scores such a system for a season with new races) and litellm's own
conventions — ``api_key: os.environ/NAME``, its parameter mapping with ``drop_params`` per
call, and no change to litellm's process-wide settings.

Every model call goes to a real OpenAI-compatible server on 127.0.0.1
(``loopback_provider``); the sensor is evaluated by Dagster itself.
"""

from __future__ import annotations

import hashlib
import json
import logging
import shutil
import textwrap

import dagster as dg
import polars as pl
import pytest

from f1bench_pipeline.generation.cache import DiskCache, cache_key
from f1bench_pipeline.generation.names import model_key
from f1bench_pipeline.generation.registry import MissingSecretError, System, load_registry
from f1bench_pipeline.settings import Settings
from f1bench_pipeline_tests.loopback_provider import LoopbackProvider, conversation_hash

SEASON = 2025
KEY_VAR = "F1BENCH_LOOP_PROVIDER_VAR"  # deliberately not secret-looking: the engine must mask it itself
SECRET = "loopref-Zq9w8e7r6t5y4u3i-private"
SECRET_PART = b"Zq9w8e7r6t5y4u3i"


def _write(path, text: str):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


# --- auto_update ------------------------------------------------------------------------------

REGISTRY_WITH_AUTO_UPDATE = """\
    defaults:
      params: {temperature: 0.0, max_tokens: 256}
    systems:
      template-faithful:           # offline: follows new races unless told otherwise
        model: f1bench/template-faithful
      template-noisy:
        model: f1bench/template-noisy
        auto_update: false
      vendor/auto-model:           # a paid system that asks for it
        model: openai/gpt-5-mini
        api_key: os.environ/F1BENCH_LOOP_PROVIDER_VAR
        auto_update: true
      paid-manual:                 # a paid system that does not
        model: anthropic/claude-sonnet-4-5
"""


def test_auto_update_is_a_registry_field(tmp_path):
    path = _write(tmp_path / "systems.yaml", REGISTRY_WITH_AUTO_UPDATE)
    _write(tmp_path / "data" / "systems.d" / "extra.yaml", """\
        systems:
          overlay-auto:
            model: openai/overlay-model
            auto_update: true
    """)
    reg = load_registry(path, data_dir=tmp_path / "data")
    flags = {name: s.auto_update for name, s in reg.systems.items()}
    assert flags == {"template-faithful": True, "template-noisy": False, "vendor/auto-model": True,
                     "paid-manual": False, "overlay-auto": True}
    # Built directly, the defaults are the same: offline templates on, everything else off.
    assert System(name="t", model="f1bench/template-terse").auto_update is True
    assert System(name="p", model="openai/x").auto_update is False
    assert System(name="p", model="openai/x", auto_update=True).auto_update is True


def test_automation_answers_new_instances_with_the_auto_update_systems_only(tmp_path, monkeypatch, request):
    """The registry's auto_update flag (systems.yaml and an overlay in <data_dir>/systems.d, read at
    each evaluation) is what Dagster's automation condition on generations/claims/scores asks:
    after a season's instances change, the auto_update systems' partitions of that season, neither
    the paid system without it nor the template that turned it off."""
    from f1bench_pipeline.orchestration.automation import follows_upstream_for_auto_update_systems
    from f1bench_pipeline.orchestration.partitions import MODEL_PARTITIONS_NAME
    from f1bench_pipeline.domains.f1.partitions import season_model_partitions, season_partitions
    from f1bench_pipeline.settings import get_settings

    data_dir = tmp_path / "data"
    monkeypatch.setenv("F1BENCH_DATA_DIR", str(data_dir))
    get_settings.cache_clear()  # the condition reads the registry of the settings' data dir
    request.addfinalizer(get_settings.cache_clear)
    monkeypatch.setenv("F1BENCH_SYSTEMS", str(_write(tmp_path / "systems.yaml", REGISTRY_WITH_AUTO_UPDATE)))
    _write(data_dir / "systems.d" / "extra.yaml", """\
        systems:
          overlay-auto:
            model: openai/overlay-model
            auto_update: true
    """)

    @dg.asset(name="instances", partitions_def=season_partitions)
    def instances_() -> None:
        return None

    @dg.asset(name="generations", deps=["instances"], partitions_def=season_model_partitions,
              automation_condition=follows_upstream_for_auto_update_systems())
    def generations_() -> None:
        return None

    names = [model_key(s.name) for s in load_registry().systems.values()]
    with dg.DagsterInstance.ephemeral() as instance:
        instance.add_dynamic_partitions(MODEL_PARTITIONS_NAME, names)
        tick = dg.evaluate_automation_conditions(defs=[instances_, generations_], instance=instance)
        assert tick.total_requested == 0
        assert dg.materialize([instances_], instance=instance, partition_key=str(SEASON)).success
        tick = dg.evaluate_automation_conditions(defs=[instances_, generations_], instance=instance, cursor=tick.cursor)
        asked = sorted(str(k) for k in tick.get_requested_partitions(dg.AssetKey("generations")))
        assert asked == sorted(f"{m}|{SEASON}" for m in ("template-faithful", "vendor/auto-model", "overlay-auto"))
        tick = dg.evaluate_automation_conditions(defs=[instances_, generations_], instance=instance, cursor=tick.cursor)
        assert tick.total_requested == 0  # asked once
        # an entry edited since counts at the next evaluation: the overlay's system turned off
        _write(data_dir / "systems.d" / "extra.yaml", """\
            systems:
              overlay-auto:
                model: openai/overlay-model
                auto_update: false
        """)
        assert dg.materialize([instances_], instance=instance, partition_key=str(SEASON)).success
        tick = dg.evaluate_automation_conditions(defs=[instances_, generations_], instance=instance, cursor=tick.cursor)
        asked = sorted(str(k) for k in tick.get_requested_partitions(dg.AssetKey("generations")))
        assert asked == sorted(f"{m}|{SEASON}" for m in ("template-faithful", "vendor/auto-model"))


# --- api_key: os.environ/NAME ------------------------------------------------------------------


def test_api_key_takes_only_a_reference():
    with pytest.raises(ValueError) as err:
        System(name="leaky", model="openai/x", api_key="sk-pasted-literal-key-123456")
    assert "os.environ/" in str(err.value) and "sk-pasted-literal-key-123456" not in str(err.value)
    with pytest.raises(ValueError) as err:
        System(name="leaky", model="openai/x", api_key_env="sk-pasted-literal-key-123456")
    assert "sk-pasted-literal-key-123456" not in str(err.value)
    with pytest.raises(ValueError, match="not both"):
        System(name="two", model="openai/x", api_key="os.environ/A_KEY", api_key_env="B_KEY")
    s = System(name="ref", model="openai/x", api_key=f"os.environ/{KEY_VAR}")
    assert s.key_env == KEY_VAR


@pytest.mark.slow
def test_missing_key_variable_is_a_clear_error(tmp_path, monkeypatch):
    from f1bench_pipeline.generation.engine import WorkItem, run_generations

    monkeypatch.delenv(KEY_VAR, raising=False)
    system = System(name="needs-key", model="openai/loop-model", api_base="http://127.0.0.1:9/v1",
                    api_key=f"os.environ/{KEY_VAR}")
    with pytest.raises(MissingSecretError, match=f"'needs-key'.*{KEY_VAR}"):
        system.connection_kwargs()
    with LoopbackProvider() as server:
        system = system.model_copy(update={"api_base": server.api_base})
        messages = [{"role": "user", "content": "hello"}]
        item = WorkItem("i1", "en", "default", messages, cache_key(system.model, system.params, messages))
        with pytest.raises(MissingSecretError, match=KEY_VAR):
            run_generations(system, [item], DiskCache(tmp_path / "cache", system.model))
        assert server.state.requests == 0  # no call without the key (and none with OPENAI_API_KEY instead)


@pytest.fixture()
def gen_settings(sample_build, tmp_path) -> Settings:
    """A fresh data dir holding the sample's instances and test sample."""
    src = sample_build["settings"].warehouse_dir
    for table in ("instances", "test_sample"):
        shutil.copytree(src / table, tmp_path / "warehouse" / table)
    return sample_build["settings"].model_copy(update={"data_dir": tmp_path})


def _echo_some(body: dict, n: int) -> str:
    """A badly behaved provider: the first attempt of some conversations echoes the key back."""
    first = int(hashlib.sha256(conversation_hash(body).encode()).hexdigest(), 16) % 4 == 0
    return "echo_auth" if first and n == 0 else "ok"


def test_api_key_reference_reaches_the_provider_and_nothing_else(gen_settings, dagster_instance, tmp_path,
                                                                 monkeypatch, caplog, capfd):
    from f1bench_pipeline.domains.f1.generation_runs import materialize_generations

    monkeypatch.setenv(KEY_VAR, SECRET)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    caplog.set_level(logging.DEBUG)
    with LoopbackProvider(_echo_some) as server:
        path = _write(tmp_path / "systems.yaml", f"""\
            systems:
              ref-key:
                model: openai/loop-test-model
                api_base: {server.api_base}
                api_key: os.environ/{KEY_VAR}
                params: {{temperature: 0.0, max_tokens: 64}}
                instances: full
                languages: [en]
                variants: [default]
                concurrency: 8
                max_attempts: 2
                backoff_base_s: 0.01
                input_cost_per_token: 0.000001
                output_cost_per_token: 0.000002
        """)
        monkeypatch.setenv("F1BENCH_SYSTEMS", str(path))
        registry = load_registry()
        assert registry.get("ref-key").api_key == f"os.environ/{KEY_VAR}"  # the reference, not the key
        logs: list[str] = []
        ok = materialize_generations(["ref-key"], SEASON, gen_settings, dagster_instance, progress=logs.append,
                                     registry=registry)
        assert ok == {"ref-key": True}
        assert server.state.auth_headers == {f"Bearer {SECRET}"}  # resolved from the environment, sent as is
        assert server.state.behaviours["echo_auth"] > 0
    df = pl.read_parquet(gen_settings.warehouse_dir / "generations" / f"season={SEASON}" / "model=ref-key"
                         / "part-0.parquet")
    assert df.height > 0 and df["status"].is_in(["ok", "error"]).all()
    assert df.filter(pl.col("status") == "error")["error"].str.contains("AuthenticationError").all()
    import dagster as _dg

    records = dagster_instance.get_records_for_run(run_id=dagster_instance.get_runs(limit=1)[0].run_id).records
    mat = dagster_instance.get_latest_materialization_event(_dg.AssetKey("generations"))
    haystacks = {
        "parquet": b"".join(p.read_bytes() for p in gen_settings.warehouse_dir.rglob("*.parquet")),
        "cache": b"".join(p.read_bytes() for p in (gen_settings.data_dir / "generation_cache").rglob("*")
                          if p.is_file()),
        "dagster events": "\n".join(json.dumps(str(r.event_log_entry)) + str(r.event_log_entry.user_message)
                                    for r in records).encode(),
        "metadata": repr(mat.asset_materialization.metadata).encode(),
        "logs": ("\n".join(logs) + caplog.text + "".join(capfd.readouterr())).encode(),
    }
    for where, blob in haystacks.items():
        assert SECRET.encode() not in blob and SECRET_PART not in blob, f"the key leaked into {where}"


# --- litellm's parameter mapping, per call ----------------------------------------------------


def _items(system: System, n: int = 3) -> list:
    from f1bench_pipeline.generation.engine import WorkItem

    out = []
    for i in range(n):
        messages = [{"role": "user", "content": f"Explain decision {i}."}]
        out.append(WorkItem(f"i{i}", "en", "default", messages, cache_key(system.model, system.params, messages)))
    return out


def test_unsupported_parameter_is_dropped_by_litellms_mapping(tmp_path, monkeypatch):
    from f1bench_pipeline.generation.engine import run_generations

    monkeypatch.setenv(KEY_VAR, SECRET)
    bodies: list[dict] = []

    def record(body: dict, _n: int) -> str:
        bodies.append(body)
        return "ok"

    with LoopbackProvider(record) as server:
        # litellm maps gpt-5-mini without top_p, and its token budget as max_completion_tokens.
        system = System(name="mapped", model="openai/gpt-5-mini", api_base=server.api_base,
                        api_key=f"os.environ/{KEY_VAR}", params={"top_p": 0.5, "max_tokens": 64, "seed": 7},
                        concurrency=2, backoff_base_s=0.01)
        records, stats = run_generations(system, _items(system), DiskCache(tmp_path / "cache", system.model))
    assert [r["status"] for r in records] == ["ok"] * 3
    assert len(bodies) == 3  # dropped before sending: no rejected call, no second attempt
    for body in bodies:
        assert "top_p" not in body and body["max_completion_tokens"] == 64 and body["seed"] == 7
        assert not {"drop_params", "turn_off_message_logging", "num_retries", "api_key"} & set(body)
    assert stats.adaptations == ["litellm drops top_p (not supported by openai/gpt-5-mini)"]
    assert all("litellm drops top_p (not supported by openai/gpt-5-mini)" in r["adaptations"] for r in records)


class _StructuredRejection(Exception):
    """What litellm raises for an OpenAI-style 400: the body's param/code kept as attributes."""

    def __init__(self, param: str, message: str = "Request rejected by the model server."):
        super().__init__(message)
        self.status_code, self.param, self.code = 400, param, "unsupported_parameter"
        self.body = {"message": message, "param": param, "code": "unsupported_parameter"}


def test_a_rejected_parameter_is_read_from_the_error_structure_and_litellms_mapping():
    from f1bench_pipeline.generation.classify import adapt_params, classify_exception

    # The message names nothing: the structured `param` decides (no text matching).
    assert classify_exception(_StructuredRejection("logit_bias")).adapt_params
    assert adapt_params({"logit_bias": {"1": 2}, "max_tokens": 5}, _StructuredRejection("logit_bias")) == (
        {"max_tokens": 5}, "dropped logit_bias")
    # max_tokens is renamed only where litellm maps max_completion_tokens for the model ...
    assert adapt_params({"max_tokens": 5}, _StructuredRejection("max_tokens"),
                        supported=["max_tokens", "max_completion_tokens"]) == (
        {"max_completion_tokens": 5}, "max_tokens->max_completion_tokens")
    # ... and dropped where it does not.
    assert adapt_params({"max_tokens": 5}, _StructuredRejection("max_tokens"), supported=["max_tokens"]) == (
        {}, "dropped max_tokens")


_GLOBALS = {"drop_params": False, "suppress_debug_info": False, "num_retries": None,
            "turn_off_message_logging": False, "set_verbose": False, "modify_params": False}
_CALLBACK_LISTS = ("callbacks", "success_callback", "failure_callback", "input_callback",
                   "_async_success_callback", "_async_failure_callback")


def test_litellms_global_settings_are_left_alone(tmp_path, monkeypatch):
    import litellm

    from f1bench_pipeline.generation import llm
    from f1bench_pipeline.generation.engine import run_generations

    # litellm as a process that never met f1bench has it: its defaults, and f1bench not yet set up.
    monkeypatch.setattr(llm, "_LITELLM", None)
    for name, value in _GLOBALS.items():
        monkeypatch.setattr(litellm, name, value)
    monkeypatch.delattr(litellm, "telemetry", raising=False)
    callbacks = {name: list(getattr(litellm, name)) for name in _CALLBACK_LISTS}
    monkeypatch.setenv(KEY_VAR, SECRET)

    with LoopbackProvider(lambda body, n: "server_error" if n == 0 else "ok") as server:
        system = System(name="plain", model="openai/loop-test-model", api_base=server.api_base,
                        api_key=f"os.environ/{KEY_VAR}", params={"max_tokens": 32}, max_attempts=3,
                        backoff_base_s=0.01, backoff_max_s=0.02)
        records, stats = run_generations(system, _items(system, 2), DiskCache(tmp_path / "cache", system.model))
    assert [r["status"] for r in records] == ["ok", "ok"] and stats.retries == 2  # a failure went through too
    assert llm._LITELLM is litellm  # f1bench did set itself up during the run
    assert {name: getattr(litellm, name) for name in _GLOBALS} == _GLOBALS
    assert not hasattr(litellm, "telemetry")
    assert {name: list(getattr(litellm, name)) for name in _CALLBACK_LISTS} == callbacks
    # Each call carries what f1bench needs instead.
    assert llm.call_options(system) == {"num_retries": 0, "max_retries": 0, "turn_off_message_logging": True,
                                        "drop_params": True}
