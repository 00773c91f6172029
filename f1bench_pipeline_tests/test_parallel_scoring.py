"""Both cores: scoring and offline generation in worker processes give exactly the rows of the
one-process path (domains.scoring.score_generations_parallel, engine's offline worker pool)."""

from __future__ import annotations

import shutil

import polars as pl
import pytest
from polars.testing import assert_frame_equal

from f1bench_pipeline.domains import get_domain

F1 = get_domain("f1")  # the domain the generation road runs here


def _generations(instances: pl.DataFrame) -> pl.DataFrame:
    """Template answers of every kind on the sample's instances, plus rows the scorer skips or
    scores without extraction (an unknown id, an error, an empty answer)."""
    from f1bench_pipeline.domains import get_domain

    f1 = get_domain("f1")
    rows = []
    for kind in ("faithful", "noisy", "terse"):
        for r in instances.head(600).iter_rows(named=True):
            rows.append({"model": f"template-{kind}", "id": r["id"], "lang": r["lang"], "variant": r["variant"],
                         "status": "ok", "text": f1.template_answer(kind, r["facts"], r["lang"], r["id"], r["entities"])})
    first = instances.row(0, named=True)
    rows.insert(700, {"model": "broken", "id": first["id"], "lang": first["lang"], "variant": first["variant"],
                      "status": "error", "text": ""})
    rows.insert(1200, {"model": "broken", "id": "not-an-instance", "lang": "en", "variant": "default",
                       "status": "ok", "text": "HAM pitted on lap 3."})
    rows.append({"model": "silent", "id": first["id"], "lang": first["lang"], "variant": first["variant"],
                 "status": "ok", "text": ""})
    return pl.DataFrame(rows)


def test_parallel_scoring_equals_serial(sample_tables):
    from f1bench_pipeline.domains import get_domain
    from f1bench_pipeline.domains.f1.extract import extract_claims
    from f1bench_pipeline.domains.scoring import score_generations, score_generations_parallel

    f1 = get_domain("f1")
    instances = sample_tables("instances")
    gens = _generations(instances)
    assert gens.height > 1500
    versions = {"extractor_version": "x1", "verifier_version": "v1"}
    claims_s, scores_s = score_generations(f1, gens, instances, None, "regex", **versions)
    assert claims_s.height > 1000 and scores_s.height == gens.height - 1
    # the domain's own extractor (a worker finds it by the domain's name) and one passed by name
    for index, extractor in ((instances, None), (f1.index(instances), extract_claims)):
        claims_p, scores_p = score_generations_parallel(f1, gens, index, extractor, "regex", workers=2, min_rows=200,
                                                        **versions)
        assert_frame_equal(claims_p, claims_s)
        assert_frame_equal(scores_p, scores_s)


def test_parallel_scoring_stays_in_process_when_it_must(sample_tables, monkeypatch):
    from f1bench_pipeline.domains import get_domain
    from f1bench_pipeline.domains import scoring as domain_scoring
    from f1bench_pipeline.domains.f1.extract import extract_claims
    from f1bench_pipeline.scoring import score

    f1 = get_domain("f1")

    instances = sample_tables("instances")
    gens = _generations(instances).head(300)

    def no_pool(_workers):
        raise AssertionError("no worker pool expected")

    monkeypatch.setattr(score, "_scoring_pool", no_pool)
    want = domain_scoring.score_generations(f1, gens, instances, extract_claims, "regex")
    # below the threshold, one worker, an extractor a worker could not import
    for kw, extractor in (({"workers": 2}, extract_claims), ({"workers": 1, "min_rows": 10}, extract_claims),
                          ({"workers": 2, "min_rows": 10}, lambda t, lang, e: extract_claims(t, lang, e))):
        got = domain_scoring.score_generations_parallel(f1, gens, instances, extractor, "regex", **kw)
        assert_frame_equal(got[0], want[0])
        assert_frame_equal(got[1], want[1])
    assert score.PARALLEL_MIN_ROWS == 2000


@pytest.fixture()
def two_data_dirs(sample_build, tmp_path) -> tuple:
    src = sample_build["settings"].warehouse_dir
    out = []
    for name in ("one", "two"):
        for table in ("instances", "test_sample"):
            shutil.copytree(src / table, tmp_path / name / "warehouse" / table)
        out.append(sample_build["settings"].model_copy(update={"data_dir": tmp_path / name}))
    return tuple(out)


def test_offline_generation_in_worker_processes_equals_one_process(two_data_dirs, monkeypatch):
    from f1bench_pipeline.generation import offline
    from f1bench_pipeline.generation.cache import DiskCache
    from f1bench_pipeline.generation.registry import load_registry
    from f1bench_pipeline.generation.runner import generate_partition

    one, two = two_data_dirs
    reg = load_registry(data_dir=one.data_dir)
    system = reg.get("template-noisy")
    season = 2025  # the sample's test season (as test_generation.py)
    monkeypatch.setattr(offline, "OFFLINE_PARALLEL_MIN", 1)
    monkeypatch.setattr(offline, "OFFLINE_CHUNK", 37)
    monkeypatch.setenv(offline.OFFLINE_WORKERS_ENV, "1")
    calls = []
    real = offline.answer_in_processes

    async def spy(caller, items, pending, n, answered):
        calls.append(len(pending))
        return await real(caller, items, pending, n, answered)

    monkeypatch.setattr(offline, "answer_in_processes", spy)
    a = generate_partition(F1, one, system, season, registry=reg)
    assert calls == []
    monkeypatch.setenv(offline.OFFLINE_WORKERS_ENV, "2")
    b = generate_partition(F1, two, system, season, registry=reg)
    assert calls == [b.expected] and b.expected > 37
    volatile = ["created_at", "latency_s"]
    assert_frame_equal(a.frame.drop(volatile), b.frame.drop(volatile))
    assert a.stats.statuses == b.stats.statuses and b.stats.calls == b.expected and b.stats.cache_hits == 0
    assert {k: v for k, v in a.stats.as_dict().items() if k not in ("elapsed_s", "calls_per_s")} == \
        {k: v for k, v in b.stats.as_dict().items() if k not in ("elapsed_s", "calls_per_s")}
    cache_a = DiskCache.for_data_dir(one.data_dir, system.model)
    cache_b = DiskCache.for_data_dir(two.data_dir, system.model)
    assert len(cache_a) == len(cache_b) == b.expected
    for key in b.frame["cache_key"].to_list()[:50]:
        ra, rb = cache_a.get(key), cache_b.get(key)
        for rec in (ra, rb):
            for k in volatile:
                rec.pop(k)
        assert ra == rb
    # a rerun is answered from the cache written by the workers, with no call
    c = generate_partition(F1, two, system, season, registry=reg)
    assert c.stats.cache_hits == c.expected and c.stats.calls == 0
    assert_frame_equal(c.frame.drop(*volatile, "from_cache"), b.frame.drop(*volatile, "from_cache"))


class _BrokenPool:
    """Stands for a pool whose workers cannot start (e.g. an unguarded script under spawn)."""

    def submit(self, *_a, **_k):
        from concurrent.futures.process import BrokenProcessPool

        raise BrokenProcessPool("no worker could start")

    def shutdown(self, *_a, **_k):
        pass


def test_broken_scoring_pool_falls_back_to_one_process(sample_tables, monkeypatch):
    from f1bench_pipeline.domains import get_domain
    from f1bench_pipeline.domains import scoring as domain_scoring
    from f1bench_pipeline.domains.f1.extract import extract_claims
    from f1bench_pipeline.scoring import score

    f1 = get_domain("f1")

    instances = sample_tables("instances")
    gens = _generations(instances).head(400)
    monkeypatch.setattr(score, "_scoring_pool", lambda _workers: _BrokenPool())
    want = domain_scoring.score_generations(f1, gens, instances, extract_claims, "regex")
    got = domain_scoring.score_generations_parallel(f1, gens, instances, extract_claims, "regex", workers=2, min_rows=10)
    assert_frame_equal(got[0], want[0])
    assert_frame_equal(got[1], want[1])


def test_broken_offline_pool_answers_in_process(gen_dir, monkeypatch):
    from f1bench_pipeline.generation import offline
    from f1bench_pipeline.generation.registry import load_registry
    from f1bench_pipeline.generation.runner import generate_partition

    reg = load_registry(data_dir=gen_dir.data_dir)
    monkeypatch.setattr(offline, "OFFLINE_PARALLEL_MIN", 1)
    monkeypatch.setenv(offline.OFFLINE_WORKERS_ENV, "2")
    monkeypatch.setattr(offline, "_offline_pool", lambda _n: _BrokenPool())
    res = generate_partition(F1, gen_dir, reg.get("template-terse"), 2025, registry=reg)
    assert res.stats.calls == res.expected > 0 and set(res.stats.statuses) == {"ok"} and res.missing == 0


@pytest.fixture()
def gen_dir(sample_build, tmp_path):
    src = sample_build["settings"].warehouse_dir
    for table in ("instances", "test_sample"):
        shutil.copytree(src / table, tmp_path / "warehouse" / table)
    return sample_build["settings"].model_copy(update={"data_dir": tmp_path})


def test_a_process_that_kept_a_pool_still_exits():
    """A run's process is a multiprocessing child of Dagster's code server: it ends through
    multiprocessing's exit function, which joins its children and never shuts a pool down. A
    kept pool is shut down then, so the process exits rather than waiting for its idle workers
    (before, every UI-launched run that scored or answered in workers stayed alive for ever) --
    also when the workers ignore SIGTERM, inherited from whatever started the run's process."""
    import multiprocessing
    import signal
    import time

    from f1bench_pipeline_tests.kept_pool_child import use_a_kept_pool

    child = multiprocessing.get_context("spawn").Process(target=use_a_kept_pool)
    started = time.monotonic()
    # as somewhere in the full suite: the child and its worker inherit an ignored SIGTERM
    ignored = signal.signal(signal.SIGTERM, signal.SIG_IGN)
    try:
        child.start()
    finally:
        signal.signal(signal.SIGTERM, ignored)
    child.join(timeout=180)  # its start and its worker's start are slow on a loaded machine, not its exit
    alive = child.is_alive()
    if alive:
        child.kill()
        child.join()
    assert not alive, f"the child still ran {time.monotonic() - started:.0f} s after it started"
    assert child.exitcode == 0, f"the child failed (exit code {child.exitcode}; its stderr is above)"
