"""f1bench as an Inspect AI task (#26): `inspect eval` of the task with Inspect's own `mockllm`
provider and with its OpenAI provider against the loopback server, f1bench's scorer in the log,
and `f1bench import-inspect LOG` bringing the answers into `generations` with their context
checked. Inspect itself runs (a subprocess, its CLI); nothing of ours is mocked."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest

from f1bench_pipeline.settings import REPO_ROOT
from f1bench_pipeline_tests.loopback_provider import LoopbackProvider

pytest.importorskip("inspect_ai", reason="Inspect AI is not installed (the [inspect] extra; make test installs it)")

SEASON = 2025
TASK = "f1bench_pipeline/f1bench"  # the installed package's task (entry point inspect_ai in pyproject.toml)


@pytest.fixture()
def inspect_env(eval_env):
    """The sample's instances in a data dir of their own (``eval_env``), Inspect's logs in it."""
    data_dir, env = eval_env
    env = {**env, "INSPECT_LOG_DIR": str(data_dir / "logs"), "NO_COLOR": "1"}
    env.pop("TIKTOKEN_CACHE_DIR", None)
    return data_dir, env


def _inspect(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    # Not from the repo root (there `f1bench_pipeline/f1bench` reads as a path into the checkout) and
    # without PYTHONPATH (Inspect names a task by its installed package: the checkout's egg-info on
    # the path would hide the editable install's record).
    env = {k: v for k, v in env.items() if k != "PYTHONPATH"}
    return subprocess.run([sys.executable, "-m", "inspect_ai", "eval", TASK, "--display", "plain", *args],
                          env=env, cwd=env["F1BENCH_DATA_DIR"], capture_output=True, text=True, timeout=600)


def _f1bench(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "f1bench_pipeline.cli", *args], env=env, cwd=REPO_ROOT,
                          capture_output=True, text=True, timeout=600)


def _log(data_dir: Path):
    from inspect_ai.log import read_eval_log

    logs = sorted((data_dir / "logs").glob("*.eval"))
    assert len(logs) == 1, logs
    return logs[0], read_eval_log(str(logs[0]))


def test_inspect_eval_with_mockllm_runs_offline_and_its_log_imports(inspect_env):
    data_dir, env = inspect_env
    run = _inspect(["--model", "mockllm/model", "-T", "langs=en,es", "-T", "limit=4"], env)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    path, log = _log(data_dir)
    assert log.status == "success"
    # the samples are the test sample's first 4 ids in two languages, asked with the instances' own messages
    inst = pl.read_parquet(data_dir / "warehouse" / "instances" / f"season={SEASON}" / "**" / "*.parquet")
    ids = {str(s.id) for s in log.samples}
    assert len(ids) == 8 and {i.split("|")[1] for i in ids} == {"en", "es"}
    first = log.samples[0]
    iid, lang, variant = str(first.id).split("|")
    row = inst.filter((pl.col("id") == iid) & (pl.col("lang") == lang) & (pl.col("variant") == variant)).row(0, named=True)
    assert [m.text for m in first.input] == [row["system_prompt"], row["user_message"]]
    # mockllm's answer states nothing: no claim, precision unscored (NaN), recall 0, as the leaderboard counts it
    value = first.scores["f1bench_scorer"].value
    assert math.isnan(value["precision"]) and value["recall"] == 0.0
    by_measure = {s.name: s for s in log.results.scores}
    assert by_measure["precision"].unscored_samples == 8 and by_measure["recall"].metrics["mean"].value == 0.0
    # the log's answers into generations, each with the context it was given checked, then scored
    # (the score_only Dagster job) and its leaderboard row printed
    imp = _f1bench(["import-inspect", str(path), "--model", "mock-model"], env)
    assert imp.returncode == 0, imp.stdout[-2000:] + imp.stderr[-2000:]
    assert "context_mismatch" not in imp.stdout and "carry no context_sha256" not in imp.stdout
    gens = pl.read_parquet(data_dir / "warehouse" / "generations" / f"season={SEASON}" / "model=mock-model")
    assert gens.height == 8 and set(gens["status"]) == {"ok"} and set(gens["source"]) == {"import"}
    assert gens["context_sha256"].is_in(inst["context_sha256"].implode()).all()
    assert set(gens["text"]) == {"Default output from mockllm/model"}
    printed = imp.stdout.split("Leaderboard — season 2025, default prompt", 1)[1]
    board = _f1bench(["leaderboard", "--format", "json"], env)
    assert board.returncode == 0, board.stderr[-2000:]
    rows = {r["model"]: r for r in json.loads(board.stdout)["rows"]}
    # as Inspect scored them: no claim, so 8 answers scored as abstentions (precision unscored), recall 0; last
    mock = rows["mock-model"]
    assert (mock["n_scored"], mock["n_abstentions"], mock["recall"]) == (8, 8, 0.0) and mock["precision"] is None
    assert "template-faithful" in rows and f"{len(rows)}/{len(rows)}" in next(
        x for x in printed.splitlines() if " mock-model " in x)
    # rescoring an imported system (no registry entry) by its name
    again = _f1bench(["rerun", "mock-model", "--score-only"], env)
    assert again.returncode == 0, again.stdout[-2000:] + again.stderr[-2000:]
    # the language measured (language.py): four words are too few to tell, unknown rather than wrong
    assert "lang_detected" in gens.columns and gens["lang_detected"].is_null().all()


def _echo_context(body: dict) -> str:
    """A model that restates the race data it was given (everything before the question)."""
    user = str(body["messages"][-1]["content"])
    return user.rsplit("\n\n", 1)[0]


def test_inspect_scores_agree_with_f1bench_score_on_the_same_answers(inspect_env, tmp_path):
    data_dir, env = inspect_env
    with LoopbackProvider(content_fn=_echo_context) as server:
        # Inspect's provider for any OpenAI-compatible server (vLLM, a proxy): chat completions at
        # LOOPBACK_BASE_URL with LOOPBACK_API_KEY
        run = _inspect(["--model", "openai-api/loopback/loop-model", "-T", "langs=en,pt", "-T", "limit=6"],
                       {**env, "LOOPBACK_BASE_URL": server.api_base, "LOOPBACK_API_KEY": "loopback"})
        asked = server.state.requests
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    path, log = _log(data_dir)
    assert log.status == "success", log.error
    assert asked == len(log.samples) == 12
    by_sample = {str(s.id): s.scores["f1bench_scorer"].value for s in log.samples}
    assert any(v["recall"] > 0 for v in by_sample.values()), "restating the context covers oracle facts"
    # the same answers through `f1bench score`: the import file import-inspect writes, scored by the CLI
    imp = _f1bench(["import-inspect", str(path), "--model", "loop-model", "--dry-run"], env)
    assert imp.returncode == 0, imp.stdout[-2000:] + imp.stderr[-2000:]
    jsonl = data_dir / "imports" / "inspect" / f"{path.stem}.jsonl"
    samples = tmp_path / "samples.jsonl"
    scored = _f1bench(["score", str(jsonl), "--samples", str(samples), "--strict"], env)
    assert scored.returncode == 0, scored.stdout[-2000:] + scored.stderr[-2000:]
    rows = [json.loads(x) for x in samples.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 12
    for r in rows:
        v = by_sample["|".join((r["id"], r["lang"], r["variant"]))]
        assert v["recall"] == pytest.approx(r["recall"]) and v["f1"] == pytest.approx(r["f1"])
        assert (math.isnan(v["precision"]) if r["precision"] is None else v["precision"] == pytest.approx(r["precision"]))
    # the means Inspect reports are the per-sample means
    by_measure = {s.name: s for s in log.results.scores}
    recalls = [v["recall"] for v in by_sample.values()]
    assert by_measure["recall"].metrics["mean"].value == pytest.approx(sum(recalls) / len(recalls))


def test_import_inspect_names_a_file_that_is_not_a_log(inspect_env):
    data_dir, env = inspect_env
    bad = data_dir / "not-a-log.eval"
    bad.write_text("hello", encoding="utf-8")
    out = _f1bench(["import-inspect", str(bad)], env)
    assert out.returncode == 2 and "not-a-log.eval: not an Inspect log" in out.stderr
    assert "Traceback" not in out.stderr and len(out.stderr.strip().splitlines()) <= 2
