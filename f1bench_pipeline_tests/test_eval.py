"""`f1bench eval MODEL` (#26): one command against a real OpenAI-compatible server on loopback —
recorded as a registry overlay, checked before any call, generated and scored by the Dagster
job the UI runs, the leaderboard on the same answers printed, results.json and samples.jsonl
written."""

from __future__ import annotations

import json
import socket
import subprocess
import sys

import polars as pl

from f1bench_pipeline.settings import REPO_ROOT
from f1bench_pipeline_tests.loopback_provider import LoopbackProvider

SEASON = 2025


def _eval(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "f1bench_pipeline.cli", "eval", *args], env=env, cwd=REPO_ROOT,
                          capture_output=True, text=True, timeout=900)


def _answers_on_the_leaderboard(env: dict[str, str], model: str) -> int:
    """How many answers of ``model`` the leaderboard counts (``f1bench leaderboard``'s instance_set:
    "60 answers (en/es/pt)")."""
    out = subprocess.run([sys.executable, "-m", "f1bench_pipeline.cli", "leaderboard", "--season", str(SEASON),
                          "--format", "json"], env=env, cwd=REPO_ROOT, capture_output=True, text=True, timeout=300)
    row = next(r for r in json.loads(out.stdout)["rows"] if r["model"] == model)
    return int(row["instance_set"].split(" answers", 1)[0])


def _latest_results(data_dir, model: str) -> dict:
    latest = max((data_dir / "results" / model).iterdir())
    return json.loads((latest / "results.json").read_text(encoding="utf-8"))


def test_eval_against_a_loopback_server_prints_the_leaderboard_and_writes_both_files(eval_env):
    data_dir, env = eval_env
    with LoopbackProvider() as server:
        base = server.api_base
        out = _eval(["openai/loop-model", "--api-base", base, "--limit", "20"], env)
        requests = server.state.requests
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    # recorded as a registry overlay: reproducible, listed by `f1bench systems`
    overlay = data_dir / "systems.d" / "loop-model.yaml"
    assert "openai/loop-model" in overlay.read_text(encoding="utf-8")
    listed = subprocess.run([sys.executable, "-m", "f1bench_pipeline.cli", "systems"], env=env, cwd=REPO_ROOT,
                            capture_output=True, text=True, timeout=120)
    assert "loop-model" in listed.stdout and "server on this machine" in listed.stdout
    # the leaderboard beside the templates, on the answers loop-model gave
    assert "every system on the answers loop-model gave" in out.stdout
    table = out.stdout.split("every system on the answers loop-model gave", 1)[1]
    for model in ("loop-model", "template-faithful", "template-terse"):
        assert model in table
    # both files
    runs = list((data_dir / "results" / "loop-model").iterdir())
    assert len(runs) == 1
    doc = json.loads((runs[0] / "results.json").read_text(encoding="utf-8"))
    samples = [json.loads(x) for x in (runs[0] / "samples.jsonl").read_text(encoding="utf-8").splitlines()]
    gens = pl.read_parquet(data_dir / "warehouse" / "generations" / f"season={SEASON}" / "model=loop-model")
    assert gens["id"].n_unique() <= 20 and requests == gens.height == doc["generations"]["rows"]
    assert doc["generations"]["calls"] == gens.height and doc["run_ok"] is True
    assert doc["configuration"]["api_base"] == base and doc["configuration"]["max_instances"] == 20
    assert doc["versions"]["extractor_version"] and doc["season"] == SEASON
    overall = next(r for r in doc["figures"] if r["lang"] == "all")
    assert overall["n_generations"] == gens.filter(pl.col("variant") == "default").height
    assert {"value", "lo", "hi"} <= set(overall["f1"])
    assert {r["model"] for r in doc["comparison"]["default"]} >= {"loop-model", "template-faithful"}
    assert len(samples) == gens.height and all({"text", "claims", "missed_facts", "f1"} <= set(s) for s in samples)
    # the season's figure was drawn again with the new system in it (the asset's metadata, #42)
    assert "precision-recall figure ok" in out.stdout
    assert "audit page: leaderboard computed" in out.stdout  # the page's first view holds it too
    assert "loop-model" in (data_dir / "reports" / f"precision_recall_{SEASON}.svg").read_text(encoding="utf-8")
    # again, on the same server address: everything from the cache, no call
    with LoopbackProvider(port=int(base.rsplit(":", 1)[1].split("/")[0])) as server:
        again = _eval(["openai/loop-model", "--api-base", base, "--limit", "20"], env)
        assert server.state.requests == 0
    assert again.returncode == 0, again.stderr[-2000:]
    # a narrower eval adds to what is there (#42): the leaderboard keeps counting the 20 instances'
    # answers, results.json reports that run's (2 instances) and says how many are kept in all
    counted = _answers_on_the_leaderboard(env, "loop-model")
    assert counted == gens.filter(pl.col("variant") == "default").height
    port = int(base.rsplit(":", 1)[1].split("/")[0])
    with LoopbackProvider(port=port) as server:
        narrow = _eval(["openai/loop-model", "--api-base", base, "--limit", "2"], env)
        assert server.state.requests == 0  # asked before: from the cache
    assert narrow.returncode == 0, narrow.stderr[-2000:]
    assert _answers_on_the_leaderboard(env, "loop-model") == counted
    assert pl.read_parquet(data_dir / "warehouse" / "generations" / f"season={SEASON}" / "model=loop-model").height \
        == gens.height
    doc = _latest_results(data_dir, "loop-model")
    asked = sorted({s["id"] for s in _latest_samples(data_dir)})
    two = gens.filter(pl.col("id").is_in(asked))
    assert len(asked) == 2 and doc["generations"]["rows"] == two.height < gens.height
    assert doc["answers_in_warehouse"] == gens.height and "this run's answers" in doc["covers"]
    # --replace keeps that run's answers only
    with LoopbackProvider(port=port) as server:
        replaced = _eval(["openai/loop-model", "--api-base", base, "--limit", "2", "--replace"], env)
    assert replaced.returncode == 0, replaced.stderr[-2000:]
    assert _answers_on_the_leaderboard(env, "loop-model") == two.filter(pl.col("variant") == "default").height
    assert pl.read_parquet(data_dir / "warehouse" / "generations" / f"season={SEASON}" / "model=loop-model").height \
        == two.height


def _latest_samples(data_dir) -> list[dict]:
    latest = max((data_dir / "results" / "loop-model").iterdir())
    return [json.loads(x) for x in (latest / "samples.jsonl").read_text(encoding="utf-8").splitlines()]


def test_eval_refuses_what_cannot_work_before_any_call(eval_env):
    data_dir, env = eval_env
    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    out = _eval(["openai/nobody-home", "--api-base", f"http://127.0.0.1:{port}/v1", "--limit", "2"], env)
    assert out.returncode == 2 and "nothing answers at" in out.stderr and "Traceback" not in out.stderr, out.stderr
    with LoopbackProvider() as server:
        out = _eval(["openai/keyless", "--api-base", server.api_base, "--api-key-env", "F1BENCH_EVAL_UNSET_KEY"],
                    {k: v for k, v in env.items() if k != "F1BENCH_EVAL_UNSET_KEY"})
        assert server.state.requests == 0
    assert out.returncode == 2 and "F1BENCH_EVAL_UNSET_KEY" in out.stderr.strip().splitlines()[-1]
    out = _eval(["openai/x", "--name", "template-terse"], env)
    assert out.returncode == 2 and "pass --name" in out.stderr
    assert not (data_dir / "systems.d").exists()  # nothing refused is recorded


def test_a_narrower_run_keeps_the_earlier_rows_it_does_not_ask():
    """The generations partition accumulates (runner._keep_earlier): rows not asked again are kept
    and read as not called by this run; a row asked again is this run's."""
    from f1bench_pipeline.generation.runner import _keep_earlier
    from f1bench_pipeline.generation.table import all_calls_failed, to_frame

    def row(i: str, status: str, text: str = "") -> dict:
        return {"id": i, "lang": "en", "variant": "default", "status": status, "text": text, "from_cache": False,
                "source": "litellm", "error": "boom" if status == "error" else None}

    earlier = to_frame([row("a", "ok", "old a"), row("b", "error"), row("c", "ok", "old c")])
    now = to_frame([row("a", "ok", "new a")]).with_columns(pl.lit(True).alias("from_cache"))
    kept = _keep_earlier(now, earlier.with_columns(pl.lit(SEASON).alias("season")))
    assert kept["id"].to_list() == ["a", "b", "c"] and kept["text"].to_list() == ["new a", "", "old c"]
    assert kept["from_cache"].all() and all_calls_failed(kept) is None  # b's error is not this run's
    assert _keep_earlier(now, earlier.head(0)).equals(now)


def test_a_run_that_scores_nothing_quotes_its_first_error(eval_env):
    """Every call refused (a 401): the run fails and the line says why, from the answers' errors
    (not a pointer to a query that does not exist); the rows are kept for a rerun."""
    data_dir, env = eval_env
    with LoopbackProvider(lambda _body, _n: "echo_auth") as server:
        out = _eval(["openai/refused-model", "--api-base", server.api_base, "--limit", "2"], env)
        assert server.state.requests > 0
    assert out.returncode == 1, out.stdout[-2000:] + out.stderr[-2000:]
    last = out.stderr.strip().splitlines()[-1]
    assert last.startswith("f1bench eval: nothing of refused-model could be scored:"), out.stderr[-2000:]
    assert "answers are errors; the first:" in last and "Invalid credentials" in last and "query" not in last
    gens = pl.read_parquet(data_dir / "warehouse" / "generations" / f"season={SEASON}" / "model=refused-model")
    assert set(gens["status"]) == {"error"}
