"""Live progress of long runs and the spending cap, against the real loopback OpenAI server.

* a cap stops a run cleanly: the answers are kept and cached, the rest are written with
  status ``budget_exhausted`` (never cached, never scored, counted as not ok);
* the same cap again calls nothing; a higher cap calls exactly the items left (server hits);
* the cap through Dagster (run config) and through the refinement rounds;
* progress lines (done/total, rate, ETA, errors) from the engine, from a Dagster run's log,
  from the CLI on a non-TTY stderr, and a tqdm bar on a terminal;
* the dry-run counts prompt tokens with litellm, uses the system's output budget, and
  labels its estimates.

Everything runs offline; the only HTTP is to 127.0.0.1.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys

import polars as pl
import pytest

from f1bench_pipeline.domains import get_domain
from f1bench_pipeline.generation.cache import BUDGET_EXHAUSTED, DiskCache
from f1bench_pipeline.generation.registry import System, load_registry
from f1bench_pipeline.settings import REPO_ROOT
from f1bench_pipeline_tests.loopback_provider import LoopbackProvider, conversation_hash
from f1bench_pipeline_tests.test_generation import (  # noqa: F401 - fixtures
    SEASON,
    gen_settings,
    loop_system,
    test_key,
    write_registry,
)

F1 = get_domain("f1")  # the domain the generation road runs here

PROGRESS = re.compile(r"(\d+)/(\d+) \(\d+%\), [\d.]+ calls/s, ETA [^,]+, errors (\d+), \$[\d.]+")


def _items(settings, system):
    from f1bench_pipeline.generation.plan import work_items

    return work_items(F1, system, F1.select_instances(settings.warehouse_dir, system, SEASON)[0])


def _conv(item) -> str:
    return conversation_hash({"messages": item.messages})


def _call_cost(system: System, items) -> float:
    """What one loopback answer costs at the system's registry prices (usage: characters / 4)."""
    from f1bench_pipeline_tests.loopback_provider import answer_text

    it = items[0]
    body = {"messages": it.messages}
    prompt = max(1, sum(len(m["content"]) for m in it.messages) // 4)
    completion = max(1, len(answer_text(body)) // 4)
    return prompt * system.input_cost_per_token + completion * system.output_cost_per_token


# --- the spending cap ---------------------------------------------------------------------------


def test_cap_stops_cleanly_then_resumes_only_the_rest(gen_settings, test_key):  # noqa: F811
    from f1bench_pipeline.generation.runner import generate_partition
    from f1bench_pipeline.generation.table import read_generations, summarize
    from f1bench_pipeline.scoring.metrics import aggregate
    from f1bench_pipeline.domains.f1.extract import extract_claims
    from f1bench_pipeline.domains import get_domain
    from f1bench_pipeline.domains.scoring import score_generations
    from f1bench_pipeline.storage.warehouse import read_table

    with LoopbackProvider(latency_s=0.02) as server:
        probe = loop_system(server.api_base, concurrency=4)
        items = _items(gen_settings, probe)
        assert len(items) >= 40
        per_call = _call_cost(probe, items)
        cap = per_call * 12.5  # about a dozen answers
        system = probe.model_copy(update={"max_cost_usd": cap})

        res = generate_partition(F1, gen_settings, system, SEASON)
        df, st = res.frame, res.stats
        # stopped cleanly: one row per item, none lost; the answers made are kept
        assert res.missing == 0 and df.height == len(items) == res.expected
        statuses = dict(df.group_by("status").len().iter_rows())
        assert set(statuses) == {"ok", BUDGET_EXHAUSTED}, statuses
        answered = df.filter(pl.col("status") == "ok")
        stopped = df.filter(pl.col("status") == BUDGET_EXHAUSTED)
        assert 6 <= answered.height <= 13 and stopped.height == len(items) - answered.height
        assert server.state.requests == answered.height == st.calls  # nothing else was called
        assert st.budget_stop is not None and "spending cap" in st.budget_stop
        # within the cap, and the next call would have passed it
        spent = answered["cost_usd"].sum()
        assert spent == pytest.approx(st.spent_usd) and spent <= cap * 1.01
        assert spent + per_call * 0.9 > cap
        # the items not called: no answer, nothing spent, a reason, not in the cache
        assert (stopped["text"] == "").all() and (stopped["cost_usd"] == 0).all() and (stopped["attempts"] == 0).all()
        assert stopped["error"].str.contains("spending cap").all() and not stopped["from_cache"].any()
        cache = DiskCache.for_data_dir(gen_settings.data_dir, system.model)
        by_key = {it.cache_key: it for it in items}
        assert all(cache.has(k) for k in answered["cache_key"])
        assert not any(cache.has(k) for k in stopped["cache_key"])
        summary = summarize(df)
        assert summary["statuses"][BUDGET_EXHAUSTED] == stopped.height
        assert summary["scorable"] == answered.height and summary["cost_unpriced_rows"] == 0
        # never scored, counted as not ok
        gens = read_generations(gen_settings.warehouse_dir, SEASON)
        scores = score_generations(get_domain("f1"), gens, read_table(gen_settings.warehouse_dir, "instances", {"season": SEASON}),
                                   extract_claims, "regex")[1]
        unscored = scores.filter(pl.col("status") == BUDGET_EXHAUSTED)
        assert unscored.height == stopped.height and unscored["precision"].is_null().all()
        board = aggregate(scores, ["model"]).row(0, named=True)
        assert board["n_not_ok"] == stopped.height and board["n_scored"] <= answered.height

        # The same cap again: what is spent already counts (cached answers at their recorded cost): no call.
        before = server.state.requests
        again = generate_partition(F1, gen_settings, system, SEASON)
        assert server.state.requests == before and again.stats.calls == 0
        assert again.frame.filter(pl.col("status") == BUDGET_EXHAUSTED).height == stopped.height

        # A higher cap (this run's override): exactly the items left are called, each once.
        first = dict(server.state.by_conversation)
        resumed = generate_partition(F1, gen_settings, system, SEASON, max_cost_usd=cap * 100)
        asked = {c for c, n in server.state.by_conversation.items() if n != first.get(c, 0)}
        assert asked == {_conv(by_key[k]) for k in stopped["cache_key"]}
        assert all(n == 1 for n in server.state.by_conversation.values())  # nothing asked twice
        assert resumed.stats.cache_hits == answered.height and resumed.stats.budget_stop is None
        assert set(resumed.frame["status"]) == {"ok"} and resumed.frame.height == len(items)


def test_cap_of_an_unpriceable_model_calls_nothing(gen_settings, test_key):  # noqa: F811
    from f1bench_pipeline.generation.runner import generate_partition

    with LoopbackProvider() as server:
        system = loop_system(server.api_base, input_cost_per_token=None, output_cost_per_token=None,
                             model="openai/no-such-model-in-the-cost-map", max_cost_usd=1.0)
        res = generate_partition(F1, gen_settings, system, SEASON)
        assert server.state.requests == 0
        assert set(res.frame["status"]) == {BUDGET_EXHAUSTED}
        assert "cannot be priced" in res.stats.budget_stop
        # without a cap the same system is called (and its cost recorded as unknown)
        free_run = generate_partition(F1, gen_settings, system.model_copy(update={"max_cost_usd": None}), SEASON)
        assert set(free_run.frame["status"]) == {"ok"} and server.state.requests == free_run.frame.height


def test_cap_through_dagster_run_config_with_progress_in_the_run_log(  # noqa: F811
        gen_settings, dagster_instance, test_key, tmp_path, monkeypatch):
    import dagster as dg

    from f1bench_pipeline.domains.f1.generation_runs import materialize_generations

    with LoopbackProvider(latency_s=0.02) as server:
        system = loop_system(server.api_base, name="capped", concurrency=2)
        per_call = _call_cost(system, _items(gen_settings, system))
        monkeypatch.setenv("F1BENCH_SYSTEMS", str(write_registry(tmp_path / "systems.yaml", system)))
        lines: list[str] = []
        ok = materialize_generations(["capped"], SEASON, gen_settings, dagster_instance, progress=lines.append,
                                     registry=load_registry(), max_cost_usd=per_call * 5.5)
        assert ok == {"capped": True}  # a cap is a clean stop, not a failure
        part = pl.read_parquet(gen_settings.warehouse_dir / "generations" / f"season={SEASON}" / "model=capped")
        answered = part.filter(pl.col("status") == "ok")
        assert server.state.requests == answered.height >= 2
        assert answered["cost_usd"].sum() <= per_call * 5.5 * 1.05
    assert "stopped by the spending cap" in lines[0] and f"{BUDGET_EXHAUSTED}=" in lines[0]
    mat = dagster_instance.get_latest_materialization_event(dg.AssetKey("generations"))
    md = mat.asset_materialization.metadata
    assert md["n_budget_exhausted"].value > 0 and md["max_cost_usd"].value == pytest.approx(per_call * 5.5)
    assert "spending cap" in md["budget_stop"].value
    logs = list(dagster_instance.all_logs(mat.run_id))
    info = [e.user_message for e in logs if e.level == 20]
    assert any("capped 2025: " in m and "to answer" in m for m in info)  # the start line
    assert any(PROGRESS.search(m) or "finished" in m for m in info)
    assert any("finished" in m and "budget_exhausted=" in m for m in info)
    assert any(e.level == 30 and "spending cap" in e.user_message for e in logs)  # a warning


def test_refinement_rounds_stop_at_the_cap(sample_tables, tmp_path, test_key):  # noqa: F811
    from f1bench_pipeline.domains.f1.refinement.loop import RefineOptions, refine
    from f1bench_pipeline.domains.f1.extract import extract_claims
    from f1bench_pipeline_tests.test_refinement import partial_fixer

    inst = sample_tables("instances").filter((pl.col("season") == SEASON) & (pl.col("variant") == "default")
                                             & (pl.col("lang") == "en"))
    noisy = sample_tables("generations").filter(
        (pl.col("season") == SEASON) & (pl.col("model") == "template-noisy") & (pl.col("lang") == "en")
        & (pl.col("variant") == "default"))
    lines: list[str] = []
    with LoopbackProvider(content_fn=partial_fixer) as server:
        system = loop_system(server.api_base, name="loop/partial-fixer", concurrency=2)
        gens = noisy.with_columns(pl.lit(system.name).alias("model"))
        cache = DiskCache(tmp_path / "cache", system.model)
        free = refine(system, gens, inst, DiskCache(tmp_path / "free", system.model), extract_claims,
                      RefineOptions(max_rounds=3))
        full_cost = sum(st.cost_usd for st in free.stats)
        calls_uncapped = server.state.requests
        cap = full_cost * 0.4
        res = refine(system, gens, inst, cache, extract_claims, RefineOptions(max_rounds=3),
                     on_progress=lines.append, max_cost_usd=cap)
        capped_calls = server.state.requests - calls_uncapped
    spent = sum(st.cost_usd for st in res.stats)
    assert 0 < spent <= cap * 1.05 and capped_calls < calls_uncapped
    assert any(st.budget_stop for st in res.stats)
    finals = res.rounds.filter(pl.col("final"))
    assert (finals["stop_reason"] == BUDGET_EXHAUSTED).any()
    assert res.rounds.filter(pl.col("status") == BUDGET_EXHAUSTED)["cost_usd"].sum() == 0
    # each round's progress is reported, with its own label
    assert any("round 1" in m and "to answer" in m for m in lines)
    assert any("round" in m and "finished" in m for m in lines)


# --- progress -----------------------------------------------------------------------------------


def _script_errors(bad: set[str]):
    return lambda body, n: "server_error" if conversation_hash(body) in bad else "ok"


def test_progress_lines_report_done_total_rate_eta_errors(gen_settings, test_key):  # noqa: F811
    from f1bench_pipeline.generation.runner import generate_partition

    with LoopbackProvider(latency_s=0.05) as server:
        system = loop_system(server.api_base, concurrency=2, max_attempts=1)
        items = _items(gen_settings, system)[:40]
        bad = {_conv(it) for it in items[:3]}
        server.state.script = _script_errors(bad)
        lines: list[tuple[str, dict]] = []
        system = system.model_copy(update={"max_instances": 40})
        res = generate_partition(F1, gen_settings, system, SEASON, on_progress=lambda m, s: lines.append((m, s)),
                                 progress_every_s=0.25)
    n = res.expected
    texts = [m for m, _ in lines]
    assert texts[0] == f"{system.name} {SEASON}: {n} to answer, 0 from the cache, {n} calls to make"
    periodic = [m for m in texts if PROGRESS.search(m)]
    assert 2 <= len(periodic) <= 4 * n  # throttled: never one line per call
    done = [int(PROGRESS.search(m).group(1)) for m in periodic]
    assert all(int(PROGRESS.search(m).group(2)) == n for m in periodic)
    # during the calls (a tick may also fall after the last call, while the rows are written: n of n)
    assert done == sorted(done) and 0 < done[0] < n and done[-1] <= n
    assert any(int(PROGRESS.search(m).group(3)) > 0 for m in periodic)  # errors so far
    final = texts[-1]
    assert final.startswith(f"{system.name} {SEASON}: finished {n}/{n} in ") and "errors 3" in final
    assert "error=3" in final and "calls/s" in final
    assert lines[-1][1]["errors"] == 3 and lines[-1][1]["calls"] == n


def test_terminal_bar_on_a_tty_and_quiet_for_short_tasks(gen_settings, test_key, monkeypatch):  # noqa: F811
    from f1bench_pipeline.generation.engine import run_generations
    from f1bench_pipeline.generation.progress import terminal

    class FakeTTY(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("F1BENCH_PROGRESS", raising=False)
    with LoopbackProvider(latency_s=0.05) as server:
        system = loop_system(server.api_base, concurrency=2, max_attempts=1)
        items = _items(gen_settings, system)[:60]
        server.state.script = _script_errors({_conv(items[0])})
        tty = FakeTTY()
        with terminal(stream=tty), terminal(stream=tty):  # re-entrant: one sink
            run_generations(system, items, DiskCache(gen_settings.data_dir / "c1", system.model), label="bar test")
        out = tty.getvalue()
        assert "bar test:" in out and "/60" in out and "call/s" in out and "errors 1" in out  # tqdm's bar
        last = out.replace("\r", "\n").strip().splitlines()[-1]
        assert last.startswith("bar test: finished 60/60") and "error=1" in last
        assert out.count("finished") == 1
        # a fully cached rerun is over before the bar's delay: nothing shown
        quiet = FakeTTY()
        with terminal(stream=quiet):
            run_generations(system, items[1:], DiskCache(gen_settings.data_dir / "c1", system.model), label="again")
        assert quiet.getvalue() == ""


def test_cli_progress_on_stderr_and_cap_flag(gen_settings, test_key, tmp_path):  # noqa: F811
    with LoopbackProvider(latency_s=0.05) as server:
        system = loop_system(server.api_base, name="clisys", concurrency=2, max_instances=30)
        per_call = _call_cost(system, _items(gen_settings, system))
        registry = write_registry(tmp_path / "systems.yaml", system)
        env = {**os.environ, "F1BENCH_DATA_DIR": str(gen_settings.data_dir), "F1BENCH_SYSTEMS": str(registry),
               "PYTHONPATH": str(REPO_ROOT), "F1BENCH_PROGRESS": ""}
        cmd = [sys.executable, "-m", "f1bench_pipeline.cli", "generate", "--no-dagster", "--systems", "clisys",
               "--season", str(SEASON), "--yes", "--progress-every", "0.3", "--max-cost-usd", str(per_call * 20.5)]
        out = subprocess.run(cmd, env=env, cwd=REPO_ROOT, capture_output=True, text=True, timeout=300)
        assert out.returncode == 0, out.stderr[-3000:]
    part = pl.read_parquet(gen_settings.warehouse_dir / "generations" / f"season={SEASON}" / "model=clisys")
    answered = part.filter(pl.col("status") == "ok")
    assert server.state.requests == answered.height >= 10 and answered["cost_usd"].sum() <= per_call * 20.5 * 1.05
    assert part.filter(pl.col("status") == BUDGET_EXHAUSTED).height == part.height - answered.height > 0
    stderr = [ln for ln in out.stderr.splitlines() if ln.startswith("clisys 2025: ")]
    assert any(PROGRESS.search(ln) for ln in stderr), out.stderr[-3000:]
    assert any("stopped by the spending cap" in ln for ln in stderr)
    assert stderr[-1].startswith("clisys 2025: finished")
    assert "budget_exhausted=" in out.stdout and "stopped by the spending cap" in out.stdout
    assert "est. cost USD" in out.stdout and "cap USD" in out.stdout  # the confirmation table shows the cap


# --- dry-run ------------------------------------------------------------------------------------


def test_dry_run_counts_tokens_with_litellm_and_uses_the_output_budget(gen_settings, monkeypatch, capsys):
    from f1bench_pipeline.generation.llm import get_litellm
    from f1bench_pipeline.generation.plan import estimate, format_estimates
    from f1bench_pipeline.settings import get_settings

    reasoning = System(name="reasoner", model="openai/gpt-4o-mini",
                       params={"max_completion_tokens": 16000, "reasoning_effort": "low"}, max_cost_usd=2.0)
    items = _items(gen_settings, reasoning)
    cache = DiskCache.for_data_dir(gen_settings.data_dir, reasoning.model)
    est = estimate(reasoning, items, cache, SEASON)
    litellm = get_litellm()
    counted = sum(litellm.token_counter(model=reasoning.model, messages=it.messages) for it in items)
    assert est.prompt_tokens == counted and est.prompt_method == "litellm token_counter"
    assert est.output_budget == 16000 and est.output_budget_source == "max_completion_tokens"
    assert est.completion_tokens == 16000 * len(items)
    p, c = litellm.cost_per_token(model=reasoning.model, prompt_tokens=round(counted / len(items)),
                                  completion_tokens=16000)
    assert est.cost_usd == pytest.approx((p + c) * len(items))
    assert est.typical_output_tokens == 400 and est.cost_typical_usd < est.cost_usd / 10
    assert est.max_cost_usd == 2.0 and est.calls_within_cap is not None
    # without a token budget in params: the model's own maximum output from litellm's model map
    plain = System(name="plain", model="openai/gpt-4o-mini")
    assert estimate(plain, items, cache, SEASON).output_budget == \
        litellm.get_model_info("openai/gpt-4o-mini")["max_output_tokens"]

    table = format_estimates([est], "season")
    assert "prompt tok (est.)" in table and "est. cost USD at max output" in table and "est. cost USD typical" in table
    assert "Columns marked est. are estimates" in table and "litellm token_counter" in table
    assert "reasoner: 16,000 (max_completion_tokens)" in table and "reasoning tokens" in table

    # the command itself
    monkeypatch.setenv("F1BENCH_DATA_DIR", str(gen_settings.data_dir))
    monkeypatch.setenv("F1BENCH_SYSTEMS", str(write_registry(gen_settings.data_dir / "systems.yaml", reasoning)))
    get_settings.cache_clear()
    try:
        from f1bench_pipeline.cli import main

        assert main(["dry-run", "--systems", "reasoner", "--season", str(SEASON), "--max-cost-usd", "0.01"]) == 0
    finally:
        get_settings.cache_clear()
    out = capsys.readouterr().out
    assert "nothing is called" in out and "est. cost USD at max output" in out and "16,000" in out
    fit = re.search(r"0\.01 \(~(\d+) of (\d+) calls fit, est\.\)", out)  # what the cap lets through: an estimate
    assert fit and 0 < int(fit.group(1)) < int(fit.group(2)) == len(items), out
