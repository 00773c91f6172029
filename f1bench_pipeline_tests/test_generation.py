"""The generation stage (issue #4): offline systems, the call engine against a real
OpenAI-compatible HTTP server on loopback, a killed run resumed, secrets, dry-run, import.

Everything runs offline; the only HTTP is to 127.0.0.1.
"""

from __future__ import annotations

import hashlib
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
from hypothesis import given
from hypothesis import strategies as st

from f1bench_pipeline.generation.cache import DiskCache
from f1bench_pipeline.generation.classify import (
    adapt_params,
    classify_response,
    retry_after_seconds,
    status_of_error_text,
)
from f1bench_pipeline.generation.names import key_folder, model_key, safe_name, unsafe_name
from f1bench_pipeline.generation.registry import DEFAULT_REGISTRY, System, load_registry
from f1bench_pipeline.generation.sanitize import sanitize
from f1bench_pipeline.settings import REPO_ROOT, Settings
from f1bench_pipeline_tests.loopback_provider import LoopbackProvider, conversation_hash
from f1bench_pipeline.domains import get_domain

F1 = get_domain("f1")  # the domain the generation road runs here

SEASON = 2025
DEV_JSONL = REPO_ROOT.parent / "shared" / "data" / "paper_generations" / "dev.jsonl"
SECRET = "sk-test-SECRET123-do-not-store"


# --- pure pieces ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["template-faithful", "ollama/llama3.1:8b", "a|b,c", "100%", ".hidden", "ünï/çødé"])
def test_safe_name_examples(name):
    s = safe_name(name)
    assert unsafe_name(s) == name
    assert "/" not in s and ":" not in s and "|" not in s and not s.startswith(".")


@given(st.text(min_size=1, max_size=40))
def test_safe_name_round_trip(name):
    s = safe_name(name)
    assert unsafe_name(s) == name
    assert all(c.isascii() and (c.isalnum() or c in "%._~-") for c in s)


@pytest.mark.parametrize("name,key", [("template-faithful", "template-faithful"), ("ollama/llama3.1:8b", "ollama/llama3.1:8b"),
                                      ("ünï/çødé", "ünï/çødé"), ("a|b,c", "a%7Cb%2Cc"), ("100%", "100%25"),
                                      (" x", "%20x")])
def test_model_keys_read_as_the_name(name, key):
    """The Dagster key is the name where a key can carry it; else the folder name (reversible either way)."""
    assert model_key(name) == key and unsafe_name(model_key(name)) == name
    assert key_folder(model_key(name)) == safe_name(name) == key_folder(safe_name(name))  # new and old keys


@given(st.text(min_size=1, max_size=40))
def test_model_key_round_trip(name):
    assert unsafe_name(model_key(name)) == name and key_folder(model_key(name)) == safe_name(name)
    assert "|" not in model_key(name) and "," not in model_key(name)


def test_registry_file_is_valid():
    reg = load_registry(DEFAULT_REGISTRY)
    offline = {s.name for s in reg.offline_systems()}
    assert offline == {"template-faithful", "template-noisy", "template-terse"}
    assert reg.get("ollama%2Fllama3.1%3A8b").name == "ollama/llama3.1:8b"  # safe form resolves too
    assert reg.by_alias("DeepSeek-V3.2").name == "deepseek-v3.2"
    assert reg.get("gpt-5.4-mini").params.get("max_completion_tokens") and "temperature" not in reg.get("gpt-5.4-mini").params


def test_classification_and_parameter_translation():
    assert classify_response("text", "stop") == "ok"
    assert classify_response("", "stop") == "refused"
    assert classify_response("partial", "length") == "truncated"
    assert classify_response("", "content_filter") == "content_filtered"
    assert classify_response("I can't", "stop", refusal="I can't help") == "refused"
    assert retry_after_seconds({"retry-after-ms": "250", "retry-after": "3"}) == 0.25
    assert retry_after_seconds({"retry-after": "3"}) == 3.0
    assert 9 <= retry_after_seconds({"retry-after": "Wed, 21 Oct 2015 07:28:10 GMT"},
                                    now=1445412480.0) <= 11
    rejected = Exception("Unsupported parameter: 'max_tokens' is not supported with this model. "
                         "Use 'max_completion_tokens' instead.")
    assert adapt_params({"max_tokens": 9, "temperature": 0}, rejected) == (
        {"max_completion_tokens": 9, "temperature": 0}, "max_tokens->max_completion_tokens")
    assert adapt_params({"temperature": 0, "top_p": 1}, Exception("Unsupported value: 'temperature' does not "
                                                                   "support 0 with this model")) == (
        {"top_p": 1}, "dropped temperature")
    assert status_of_error_text("Error code: 400 - {'finish_reason': 'content_filter', 'content_filter_results': "
                                "{'error': {'code': 'content_filter'}}}") == "content_filtered"
    assert status_of_error_text("Error code: 429 - {'error': {'code': 'RateLimitReached'}}") == "error"


def test_sanitize_masks_keys(monkeypatch):
    monkeypatch.setenv("SOME_PROVIDER_API_KEY", "plain-secret-value-42")
    text = ("401 Authorization: Bearer sk-abc123def456ghi789 x-api-key: abcdEFGH1234 "
            "url?key=AIzaSyA1234567890abcdefghijkl&x=1 and plain-secret-value-42 leaked")
    out = sanitize(text)
    for leaked in ("sk-abc123def456ghi789", "abcdEFGH1234", "AIzaSyA1234567890abcdefghijkl", "plain-secret-value-42"):
        assert leaked not in out
    assert "401" in out and "***" in out


def test_litellm_not_imported_by_cli_or_assets():
    code = ("import sys; import f1bench_pipeline.cli, f1bench_pipeline.domains.f1.generation_assets, "
            "f1bench_pipeline.domains.f1.generation_commands, f1bench_pipeline.generation.preflight, "
            "f1bench_pipeline.domains.f1.importer, f1bench_pipeline.generation.plan; "
            "print('litellm' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO_ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"


def test_systems_and_dry_run_load_no_dagster(tmp_path):
    """`f1bench systems` and `f1bench dry-run` start in a fraction of Dagster's import (seconds)."""
    code = ("import sys; from f1bench_pipeline.cli import main\n"
            "codes = [main(['systems']), main(['dry-run', '--systems', 'template-faithful'])]\n"
            "print('RESULT', codes, 'dagster' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO_ROOT, timeout=120,
                         env={"F1BENCH_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert "RESULT [0, 0] False" in out.stdout, out.stdout[-2000:] + out.stderr[-2000:]


def test_commands_that_run_nothing_load_no_dagster(tmp_path):
    """`f1bench summary`, and `f1bench eval MODEL` that a check refuses (here: no season built), answer
    before Dagster's import (seconds): a second eval queued behind a first reaches the queue that much
    sooner too."""
    code = ("import sys; from f1bench_pipeline.cli import main\n"
            "print('RESULT', main(['summary']), main(['eval', 'openai/gpt-4o-mini']), 'dagster' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO_ROOT, timeout=120,
                         env={"F1BENCH_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert "RESULT 0 2 False" in out.stdout, out.stdout[-2000:] + out.stderr[-2000:]
    assert "not built" in out.stderr, out.stderr[-2000:]


# --- fixtures on the sample -------------------------------------------------------------------


@pytest.fixture()
def gen_settings(sample_build, tmp_path) -> Settings:
    """A fresh data dir holding the sample's instances and test sample (own cache, own generations)."""
    src = sample_build["settings"].warehouse_dir
    for table in ("instances", "test_sample"):
        shutil.copytree(src / table, tmp_path / "warehouse" / table)
    return sample_build["settings"].model_copy(update={"data_dir": tmp_path})


def loop_system(api_base: str, **kw) -> System:
    base = dict(name="loop/test-model:v1", model="openai/loop-test-model", api_base=api_base,
                api_key_env="F1BENCH_TEST_KEY", params={"temperature": 0.0, "max_tokens": 64},
                instances="full", languages=("en",), variants=("default",), concurrency=16, timeout_s=0.6,
                max_attempts=3, backoff_base_s=0.01, backoff_max_s=0.05, input_cost_per_token=1e-6,
                output_cost_per_token=2e-6)
    base.update(kw)
    return System(**base)


def write_registry(path: Path, system: System) -> Path:
    entry = system.model_dump(exclude={"name"}, exclude_defaults=True)
    entry = {k: list(v) if isinstance(v, tuple) else v for k, v in entry.items()}
    path.write_text(json.dumps({"systems": {system.name: entry}}), encoding="utf-8")  # JSON is YAML
    return path


@pytest.fixture()
def test_key(monkeypatch):
    monkeypatch.setenv("F1BENCH_TEST_KEY", SECRET)
    return SECRET


# --- offline systems through Dagster ----------------------------------------------------------


def test_template_texts_on_sample(sample_tables):
    from f1bench_pipeline.domains.f1.templates import noisy_facts, template_answer
    from f1bench_pipeline.domains.f1.instances.facts import facts_from_json
    from f1bench_pipeline.domains.f1.instances.verbalize import sentence, verbalize

    rows = sample_tables("instances").filter((pl.col("season") == SEASON) & (pl.col("variant") == "default"))
    n_facts = n_wrong = 0
    for r in rows.iter_rows(named=True):
        facts = facts_from_json(r["facts"])
        args = (r["facts"], r["lang"], r["id"], r["entities"])
        assert template_answer("faithful", *args) == verbalize(facts, r["lang"])
        assert template_answer("terse", *args) == sentence(facts[0], r["lang"])
        noisy = template_answer("noisy", *args)
        assert noisy == template_answer("noisy", *args)  # deterministic
        drivers = json.loads(r["entities"])["drivers"]
        perturbed = noisy_facts(facts, r["id"], r["lang"], drivers)
        wrong = sum(a.stable_dict() != b.stable_dict() for a, b in zip(facts, perturbed, strict=True))
        assert 1 <= wrong <= len(facts)
        n_facts, n_wrong = n_facts + len(facts), n_wrong + wrong
        assert noisy != template_answer("faithful", *args)
    assert 0.30 <= n_wrong / n_facts <= 0.50, n_wrong / n_facts
    es = rows.filter(pl.col("lang") == "es").row(0, named=True)
    assert "vuelta" in template_answer("faithful", es["facts"], "es", es["id"], es["entities"]) or \
        "posición" in template_answer("faithful", es["facts"], "es", es["id"], es["entities"])


def test_offline_systems_materialize_through_dagster(gen_settings, dagster_instance, monkeypatch):
    from f1bench_pipeline.domains.f1.generation_runs import generate_offline
    from f1bench_pipeline.domains.f1.partitions import partition_key
    from f1bench_pipeline.generation.table import read_generations

    monkeypatch.delenv("F1BENCH_SYSTEMS", raising=False)
    assert str(partition_key("template-noisy", SEASON)) == "template-noisy|2025"
    assert str(partition_key("ollama/llama3.1:8b", SEASON)) == "ollama/llama3.1:8b|2025"  # as it reads in the UI
    result = generate_offline(gen_settings, dagster_instance, progress=lambda _m: None)
    assert result == {"template-faithful": True, "template-noisy": True, "template-terse": True}
    assert {"template-faithful", "template-noisy", "template-terse"} <= set(dagster_instance.get_dynamic_partitions("models"))
    inst = pl.read_parquet(gen_settings.warehouse_dir / "instances" / f"season={SEASON}" / "part-0.parquet")
    gens = read_generations(gen_settings.warehouse_dir, SEASON)
    for name in ("template-faithful", "template-noisy", "template-terse"):
        g = gens.filter(pl.col("model") == name)
        assert g.height == inst.height  # every id × lang × variant, none lost
        assert g.select("id", "lang", "variant").unique().height == g.height
        assert set(g["status"]) == {"ok"} and g["cost_usd"].sum() == 0 and set(g["source"]) == {"litellm"}
    faithful = gens.filter(pl.col("model") == "template-faithful").sort("id", "lang", "variant")
    joined = faithful.join(inst, on=["id", "lang", "variant"])
    from f1bench_pipeline.domains.f1.instances.facts import facts_from_json
    from f1bench_pipeline.domains.f1.instances.verbalize import verbalize

    from f1bench_pipeline.domains.f1.templates import answer_sentences, rendered_stated_facts

    # the oracle's sentences with what the context states beyond it (issue #44)
    assert all(t == " ".join(answer_sentences(o, o, rendered_stated_facts(c), lang))
               for t, o, lang, c in ((t, facts_from_json(f), lang, c) for t, f, lang, c in
                                     joined.select("text", "facts", "lang", "context").iter_rows()))
    assert all(t.startswith(verbalize(facts_from_json(f), lang).split(". ")[0])
               for t, f, lang in joined.select("text", "facts", "lang").iter_rows())
    # The asset's checks ran and passed; its metadata counts every status, tokens and cost.
    import dagster as dg

    mat = dagster_instance.get_latest_materialization_event(dg.AssetKey("generations"))
    md = mat.asset_materialization.metadata
    assert md["statuses"].value == {"ok": inst.height, "truncated": 0, "content_filtered": 0, "refused": 0, "error": 0}
    assert md["cost_usd_partition"].value == 0 and md["calls"].value == inst.height
    checks = dagster_instance.get_records_for_run(
        mat.run_id, of_type=dg.DagsterEventType.ASSET_CHECK_EVALUATION).records
    evaluations = {r.event_log_entry.dagster_event.event_specific_data.check_name:
                   r.event_log_entry.dagster_event.event_specific_data.passed for r in checks}
    assert evaluations == {"complete": True, "no_errors": True}
    # Rerun: everything from the cache.
    generate_offline(gen_settings, dagster_instance, progress=lambda _m: None)
    again = read_generations(gen_settings.warehouse_dir, SEASON)
    assert again["from_cache"].all()
    assert again.sort("model", "id", "lang", "variant")["text"].to_list() == \
        gens.sort("model", "id", "lang", "variant")["text"].to_list()


# --- the engine against a real HTTP server ----------------------------------------------------


_BUCKET_SALT = [0]  # chosen per run so the sampled instances hit every fault (the data decides the hashes)


def bucket(body: dict) -> int:
    digest = hashlib.sha256(f"{_BUCKET_SALT[0]}:{conversation_hash(body)}".encode()).hexdigest()
    return int(digest, 16) % 20


# bucket → (behaviour for attempt n, expected status)
def fault_script(body: dict, n: int) -> str:
    b = bucket(body)
    plan = {
        0: ["rate_limit"], 1: ["server_error", "server_error"], 2: ["slow"], 3: ["content_filter"] * 9,
        4: ["length"] * 9, 5: ["empty"] * 9, 6: ["malformed"], 7: ["server_error"] * 9, 8: ["filter_400"] * 9,
        9: ["rate_limit_slow"],
    }.get(b, [])
    return plan[n] if n < len(plan) else "ok"


EXPECTED = {3: "content_filtered", 4: "truncated", 5: "refused", 7: "error", 8: "content_filtered"}


def test_faults_nothing_lost_nothing_repeated(gen_settings, test_key):
    from f1bench_pipeline.generation.plan import work_items
    from f1bench_pipeline.generation.runner import generate_partition

    with LoopbackProvider(fault_script, slow_s=30.0) as server:
        system = loop_system(server.api_base)
        items = work_items(F1, system, F1.select_instances(gen_settings.warehouse_dir, system, SEASON)[0])
        for salt in range(200):
            _BUCKET_SALT[0] = salt
            buckets = {it.id: bucket({"messages": it.messages}) for it in items}
            if set(range(10)) <= set(buckets.values()):
                break
        assert set(range(10)) <= set(buckets.values()), "sample too small to hit every fault"
        res = generate_partition(F1, gen_settings, system, SEASON)
        df = res.frame
        assert df.height == len(items) == res.expected
        assert df["id"].n_unique() == df.height
        got = dict(df.select("id", "status").iter_rows())
        for id_, b in buckets.items():
            assert got[id_] == EXPECTED.get(b, "ok"), (id_, b, got[id_])
        errors = df.filter(pl.col("status") == "error")
        assert (errors["attempts"] == system.max_attempts).all()
        assert errors["error"].str.contains("HTTP 500").all()
        retried = df.filter(pl.col("id").is_in([i for i, b in buckets.items() if b in (0, 2, 6, 9)]))
        assert (retried["status"] == "ok").all() and (retried["attempts"] == 2).all()
        assert df.filter(pl.col("id").is_in([i for i, b in buckets.items() if b == 1]))["attempts"].to_list() == \
            [3] * sum(b == 1 for b in buckets.values())
        truncated = df.filter(pl.col("status") == "truncated")
        assert (truncated["text"].str.len_chars() > 0).all()  # the partial text is kept
        ok = df.filter(pl.col("status") == "ok")
        assert (ok["cost_usd"] > 0).all() and (ok["prompt_tokens"] > 0).all()
        # Retry-After: 1 (whole seconds) was honoured.
        for it in items:
            if buckets[it.id] == 9:
                times = server.state.times[conversation_hash({"messages": it.messages})]
                assert times[1] - times[0] >= 0.95
        stats = server.state.stats()
        assert stats["answered_twice"] == 0

        # Rerun: only the errors are asked again; every answer comes from the cache.
        before = dict(server.state.by_conversation)
        res2 = generate_partition(F1, gen_settings, system, SEASON)
        after = server.state.by_conversation
        asked_again = {c for c in after if after[c] != before.get(c, 0)}
        error_convs = {conversation_hash({"messages": it.messages}) for it in items if buckets[it.id] == 7}
        extra = {c: (int(c, 16) % 20, before.get(c), after[c]) for c in asked_again - error_convs}
        assert asked_again == error_convs, extra
        assert server.state.stats()["answered_twice"] == 0
        assert res2.frame.height == len(items)
        assert res2.stats.cache_hits == len(items) - len(error_convs)


def test_rejected_max_tokens_is_translated(gen_settings, test_key):
    from f1bench_pipeline.generation.runner import generate_partition

    with LoopbackProvider(reject_max_tokens=True) as server:
        system = loop_system(server.api_base, concurrency=4)
        res = generate_partition(F1, gen_settings, system, SEASON)
        assert set(res.frame["status"]) == {"ok"}
        assert res.stats.adaptations == ["max_tokens->max_completion_tokens"]
        # The rejection is learned once: at most one wasted request per worker in flight.
        assert server.state.stats()["behaviours"]["reject_max_tokens"] <= system.concurrency
        assert server.state.requests <= res.expected + system.concurrency


# --- secrets ----------------------------------------------------------------------------------


def secret_script(body: dict, n: int) -> str:
    b = bucket(body)
    return {0: "echo_auth", 1: "echo_auth", 2: "server_error", 3: "filter_400"}.get(b, "ok")


def test_no_secret_in_parquet_cache_logs_or_metadata(gen_settings, dagster_instance, test_key, tmp_path,
                                                     monkeypatch, caplog, capfd):
    import dagster as dg

    from f1bench_pipeline.domains.f1.generation_runs import materialize_generations

    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    caplog.set_level("DEBUG")
    with LoopbackProvider(secret_script) as server:
        system = loop_system(server.api_base, name="leaky")
        monkeypatch.setenv("F1BENCH_SYSTEMS", str(write_registry(tmp_path / "systems.yaml", system)))
        logs: list[str] = []
        ok = materialize_generations(["leaky"], SEASON, gen_settings, dagster_instance, progress=logs.append,
                                     registry=load_registry())
        assert ok == {"leaky": True}
        assert any(h.startswith(f"Bearer {SECRET}") for h in server.state.auth_headers)  # the key was sent
    df = pl.read_parquet(gen_settings.warehouse_dir / "generations" / f"season={SEASON}" / "model=leaky" / "part-0.parquet")
    auth_errors = df.filter(pl.col("error").str.contains("AuthenticationError"))
    assert auth_errors.height > 0 and auth_errors["error"].str.contains(r"Bearer \*\*\*").all()
    haystacks = {"parquet": b"".join(p.read_bytes() for p in gen_settings.warehouse_dir.rglob("*.parquet")),
                 "cache": b"".join(p.read_bytes() for p in (gen_settings.data_dir / "generation_cache").rglob("*.json"))
                 if (gen_settings.data_dir / "generation_cache").exists() else b""}
    records = dagster_instance.get_records_for_run(
        run_id=dagster_instance.get_runs(limit=1)[0].run_id).records
    haystacks["dagster events"] = "\n".join(
        json.dumps(str(r.event_log_entry)) + str(r.event_log_entry.user_message) for r in records).encode()
    mat = dagster_instance.get_latest_materialization_event(dg.AssetKey("generations"))
    haystacks["metadata"] = repr(mat.asset_materialization.metadata).encode()
    haystacks["logs"] = ("\n".join(logs) + caplog.text + "".join(capfd.readouterr())).encode()
    for where, blob in haystacks.items():
        assert SECRET.encode() not in blob, f"secret leaked into {where}"
        assert b"SECRET123" not in blob, f"secret leaked into {where}"


def test_one_run_per_partition(gen_settings, test_key):
    from f1bench_pipeline.generation.runner import PartitionBusy, _partition_lock, generate_partition

    system = loop_system("http://127.0.0.1:9/v1")  # never called: the lock is taken first
    with _partition_lock(DiskCache.for_data_dir(gen_settings.data_dir, system.model).dir, F1, SEASON):
        with pytest.raises(PartitionBusy):
            generate_partition(F1, gen_settings, system, SEASON)


# --- a killed run resumes ---------------------------------------------------------------------


def test_killed_process_resumes_without_repeating(gen_settings, test_key, tmp_path):
    from f1bench_pipeline.generation.plan import work_items
    from f1bench_pipeline.generation.runner import generate_partition

    with LoopbackProvider(latency_s=0.05) as server:
        system = loop_system(server.api_base, name="killme", concurrency=4)
        registry = write_registry(tmp_path / "systems.yaml", system)
        env = {**os.environ, "F1BENCH_DATA_DIR": str(gen_settings.data_dir), "F1BENCH_SYSTEMS": str(registry),
               "PYTHONPATH": str(REPO_ROOT)}
        cmd = [sys.executable, "-m", "f1bench_pipeline.cli", "generate", "--no-dagster", "--systems", "killme",
               "--season", str(SEASON), "--yes"]
        proc = subprocess.Popen(cmd, env=env, cwd=REPO_ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 90
        while server.state.requests < 40 and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.02)
        assert proc.poll() is None, f"generation ended before it was killed: {proc.stderr.read().decode()[-2000:]}"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        assert not (gen_settings.warehouse_dir / "generations").exists()  # killed before writing Parquet

        cache = DiskCache.for_data_dir(gen_settings.data_dir, system.model)
        items = work_items(F1, system, F1.select_instances(gen_settings.warehouse_dir, system, SEASON)[0])
        cached_before = {conversation_hash({"messages": it.messages}) for it in items if cache.has(it.cache_key)}
        assert len(cached_before) >= 30  # written as each answer returned
        requests_at_kill = server.state.requests

        res = generate_partition(F1, gen_settings, system, SEASON)
        assert res.frame.height == len(items) and set(res.frame["status"]) == {"ok"}
        assert res.stats.cache_hits == len(cached_before)
        counts = server.state.by_conversation
        assert all(counts[c] == 1 for c in cached_before)  # nothing answered before the kill is asked again
        # Only the calls in flight at the kill (≤ concurrency) are made twice.
        assert server.state.requests <= len(items) + system.concurrency
        assert server.state.requests - requests_at_kill == len(items) - len(cached_before)


# --- dry run and import -----------------------------------------------------------------------


def test_dry_run_counts_only_uncached_calls(gen_settings, test_key):
    from f1bench_pipeline.generation.plan import estimate, format_estimates, work_items
    from f1bench_pipeline.generation.runner import generate_partition

    with LoopbackProvider() as server:
        system = loop_system(server.api_base)
        items = work_items(F1, system, F1.select_instances(gen_settings.warehouse_dir, system, SEASON)[0])
        cache = DiskCache.for_data_dir(gen_settings.data_dir, system.model)
        before = estimate(system, items, cache, SEASON)
        assert before.calls == len(items) and before.cost_usd and before.cost_usd > 0
        assert server.state.requests == 0  # a dry run calls nothing
        generate_partition(F1, gen_settings, system, SEASON)
        after = estimate(system, items, cache, SEASON)
        assert after.calls == 0 and after.cached == len(items) and after.cost_usd == 0
    paid = System(name="g", model="openai/gpt-4o-mini")
    rows = F1.select_instances(gen_settings.warehouse_dir, paid, SEASON)[0]
    priced = estimate(paid, work_items(F1, paid, rows), DiskCache.for_data_dir(gen_settings.data_dir, paid.model), SEASON)
    assert priced.cost_usd and priced.cost_usd > 0 and priced.note == "litellm cost map"
    table = format_estimates([before, after, priced], "season")
    assert "TOTAL" in table and "est. cost USD" in table


def test_import_reports_bad_lines(gen_settings, tmp_path):
    from f1bench_pipeline.domains.f1.importer import ImportFailed, import_jsonl
    from f1bench_pipeline.generation.table import read_generations

    inst = pl.read_parquet(gen_settings.warehouse_dir / "instances" / f"season={SEASON}" / "part-0.parquet")
    good = inst["id"][0]
    lines = [
        {"id": good, "model": "DeepSeek-V3.2", "lang": "en", "text": "An answer."},
        "{not json",
        {"id": good, "model": "DeepSeek-V3.2", "lang": "es", "error": "Error code: 400 - {'finish_reason': "
                                                                      "'content_filter'}"},
        {"id": "2025_Nowhere_Grand_Prix::stint::XXX", "model": "DeepSeek-V3.2", "lang": "en", "text": "x"},
        {"id": good, "model": "DeepSeek-V3.2", "lang": "en", "text": "Again."},
        {"id": good, "model": "DeepSeek-V3.2", "lang": "fr", "text": "Une réponse."},
        {"id": good, "model": "my-own-model", "lang": "pt", "variant": "cover_all",
         "error": "Error code: 429 - rate limited, key sk-live-abcdef1234567890"},
        {"model": "x", "lang": "en", "text": "no id"},
    ]
    path = tmp_path / "gens.jsonl"
    path.write_text("\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    with pytest.raises(ImportFailed):
        import_jsonl(path, gen_settings.warehouse_dir, strict=True)
    assert not (gen_settings.warehouse_dir / "generations").exists()
    report = import_jsonl(path, gen_settings.warehouse_dir)
    assert report.imported == 3
    bad = dict(report.errors)
    assert sorted(bad) == [2, 4, 5, 6, 8]
    assert "malformed JSON" in bad[2] and "unknown instance id" in bad[4] and "duplicate of line 1" in bad[5]
    assert "unknown lang" in bad[6] and "id" in bad[8]
    gens = read_generations(gen_settings.warehouse_dir, SEASON)
    st = dict(gens.select(pl.concat_str("model", "lang", separator="/"), "status").iter_rows())
    assert st == {"deepseek-v3.2/en": "ok", "deepseek-v3.2/es": "content_filtered", "my-own-model/pt": "error"}
    assert "sk-live" not in "".join(gens["error"].drop_nulls().to_list())
    assert set(gens["source"]) == {"import"}


def test_generation_keeps_imported_rows(gen_settings, test_key, tmp_path):
    from f1bench_pipeline.domains.f1.importer import import_jsonl
    from f1bench_pipeline.generation.plan import work_items
    from f1bench_pipeline.generation.runner import generate_partition

    with LoopbackProvider() as server:
        system = loop_system(server.api_base)
        items = work_items(F1, system, F1.select_instances(gen_settings.warehouse_dir, system, SEASON)[0])
        a, b = items[0], items[1]
        failing = conversation_hash({"messages": a.messages})
        server.state.script = lambda body, n: "server_error" if conversation_hash(body) == failing else "ok"
        path = tmp_path / "mine.jsonl"
        path.write_text("".join(json.dumps({"id": it.id, "model": system.name, "lang": "en", "text": f"imported {k}"})
                                + "\n" for k, it in enumerate((a, b))), encoding="utf-8")
        assert import_jsonl(path, gen_settings.warehouse_dir).imported == 2
        res = generate_partition(F1, gen_settings, system, SEASON)
    df = res.frame
    assert res.missing == 0 and df.height == len(items) == df.select("id", "lang", "variant").unique().height
    row = {r["id"]: r for r in df.iter_rows(named=True)}
    assert (row[a.id]["source"], row[a.id]["status"], row[a.id]["text"]) == ("import", "ok", "imported 0")
    assert row[b.id]["source"] == "litellm" and row[b.id]["text"].startswith("Loopback answer")


def test_import_dev_jsonl_as_is(gen_settings):
    if not DEV_JSONL.exists():
        pytest.skip(f"{DEV_JSONL} not found (only dev machines and CI have ../shared)")
    from f1bench_pipeline.domains.f1.importer import import_jsonl
    from f1bench_pipeline.generation.table import read_generations

    report = import_jsonl(DEV_JSONL, gen_settings.warehouse_dir)
    assert report.lines == 1242
    assert report.imported + report.skipped == 1242
    assert report.imported > 0
    # The sample holds 3 of the season's races: every other id is reported by line, not dropped silently.
    assert all(msg.startswith("unknown instance id") for _n, msg in report.errors)
    assert report.model_map == {"DeepSeek-V3.2": "deepseek-v3.2", "gpt-5.4-mini": "gpt-5.4-mini"}
    gens = read_generations(gen_settings.warehouse_dir, SEASON)
    assert gens.height == report.imported
    statuses = set(gens["status"])
    assert {"ok", "content_filtered", "error"} <= statuses
    raw = [json.loads(line) for line in DEV_JSONL.read_text(encoding="utf-8").splitlines()]
    ours = set(gens["id"])
    failed_in_file = {(report.model_map[d["model"]], d["id"], d["lang"]) for d in raw
                      if d.get("error") and d["id"] in ours}
    not_ok = set(gens.filter(pl.col("status") != "ok").select("model", "id", "lang").iter_rows())
    assert not_ok == failed_in_file  # every provider failure kept, with its status; none scored as text
    assert gens.filter(pl.col("status") == "error")["error"].str.contains("429|max_tokens").all()


# --- imports are scored (#42): the score_only job, the leaderboard rows, rerun of an imported system ----------


def test_imported_systems_are_those_with_answers_and_no_registry_entry(tmp_path):
    from f1bench_pipeline.domains.f1.importer import imported_systems, stored_systems
    from f1bench_pipeline.generation.table import GENERATION_SCHEMA, TABLE
    from f1bench_pipeline.storage.warehouse import write_partition

    empty = pl.DataFrame(schema=GENERATION_SCHEMA)
    for season, name in [(2024, "my-lab/answers:v1"), (2025, "my-lab/answers:v1"), (2025, "template-terse"),
                         (2025, "ollama/llama3.1:8b"), (2021, ".hidden model")]:
        write_partition(empty, tmp_path, TABLE, {"season": season, "model": safe_name(name)})
    reg = load_registry(DEFAULT_REGISTRY)
    assert stored_systems(tmp_path) == {".hidden model": [2021], "my-lab/answers:v1": [2024, 2025],
                                        "ollama/llama3.1:8b": [2025], "template-terse": [2025]}
    assert imported_systems(tmp_path, reg) == {".hidden model": [2021], "my-lab/answers:v1": [2024, 2025]}
    assert imported_systems(tmp_path / "nowhere", reg) == {}


def _f1bench(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "f1bench_pipeline.cli", *args], env=env, cwd=REPO_ROOT,
                          capture_output=True, text=True, timeout=900)


def _board(env: dict[str, str]) -> dict[str, dict]:
    out = _f1bench(["leaderboard", "--format", "json"], env)
    assert out.returncode == 0, out.stderr[-2000:]
    return {r["model"]: r for r in json.loads(out.stdout)["rows"]}


def test_import_generations_scores_the_dev_answers_and_the_leaderboard_lists_them(eval_env, tmp_path):
    if not DEV_JSONL.exists():
        pytest.skip(f"{DEV_JSONL} not found (only dev machines and CI have ../shared)")
    from f1bench_pipeline.scoring.printout import figure_text

    data_dir, env = eval_env
    out = _f1bench(["import-generations", str(DEV_JSONL)], env)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    assert "score_only" not in out.stderr and "Traceback" not in out.stderr
    printed = out.stdout.split("Leaderboard — season 2025, default prompt", 1)[1]
    board = _board(env)
    assert {"deepseek-v3.2", "gpt-5.4-mini", "template-faithful"} <= set(board)
    for model in ("deepseek-v3.2", "gpt-5.4-mini"):
        row = board[model]
        gens = pl.read_parquet(data_dir / "warehouse" / "generations" / f"season={SEASON}" / f"model={model}")
        # every ok answer of the sample's races scored; the provider failures counted, not scored
        assert row["n_scored"] == gens.filter(pl.col("status") == "ok").height > 0
        assert row["n_not_ok"] == gens.filter(pl.col("status") != "ok").height
        assert 0 < row["precision"] < 1 and 0 < row["recall"] < 1
        line = next(x for x in printed.splitlines() if f" {model} " in f" {x} ")
        assert figure_text(row, "f1") in line and figure_text(row, "precision") in line
        scores = pl.read_parquet(data_dir / "warehouse" / "scores" / f"season={SEASON}" / f"model={model}")
        assert scores.height == gens.height  # the score_only job scored every imported row
    # An imported system (a name the registry does not know), imported without scoring: the next
    # command is printed, the leaderboard does not list it until `rerun --score-only` scores it.
    mine = "my-lab/answers:v1"
    lines = [json.loads(x) for x in DEV_JSONL.read_text(encoding="utf-8").splitlines()]
    path = tmp_path / "mine.jsonl"
    path.write_text("".join(json.dumps({**x, "model": mine}) + "\n" for x in lines if x["model"] == "gpt-5.4-mini"),
                    encoding="utf-8")
    imp = _f1bench(["import-generations", str(path), "--no-score"], env)
    assert imp.returncode == 0, imp.stdout[-3000:] + imp.stderr[-3000:]
    assert f"f1bench rerun {mine} --season {SEASON} --score-only" in imp.stdout
    assert mine not in _board(env)
    wrong = _f1bench(["rerun", "nobody", "--score-only"], env)
    assert wrong.returncode == 2 and "Traceback" not in wrong.stderr and len(wrong.stderr.strip().splitlines()) == 1
    assert "template-faithful" in wrong.stderr and f"{mine} (imported)" in wrong.stderr
    again = _f1bench(["rerun", mine], env)  # its answers cannot be generated: said, with the command that works
    assert again.returncode == 2 and "--score-only" in again.stderr
    rerun = _f1bench(["rerun", mine, "--score-only"], env)
    assert rerun.returncode == 0, rerun.stdout[-3000:] + rerun.stderr[-3000:]
    board = _board(env)
    # the same texts as gpt-5.4-mini's, scored the same
    for col in ("n_scored", "n_not_ok", "precision", "recall", "f1"):
        assert board[mine][col] == pytest.approx(board["gpt-5.4-mini"][col]), col
    # --no-dagster: imported, not recorded, not scored, and the output says so and what to run
    nd = _f1bench(["import-generations", str(path), "--no-dagster"], env)
    assert nd.returncode == 0 and "not scored: --no-dagster" in nd.stdout
    assert f"f1bench rerun {mine} --season {SEASON} --score-only" in nd.stdout


def test_importing_a_missing_file_is_one_line(tmp_path, capsys):
    """A path that is no file: one line naming it, exit 2, nothing written (not a traceback)."""
    from f1bench_pipeline.cli import main

    missing = tmp_path / "answers.jsonl"
    assert main(["import-generations", str(missing)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and str(missing) in err and "no such file" in err, err
