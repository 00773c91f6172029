"""Generation engine throughput against a loopback OpenAI-compatible server (figures only).

The server (``f1bench_pipeline_tests.loopback_provider``, its own process) answers every
request after a fixed latency (default 100 ms). At concurrency C the ideal is C / latency
requests per second (32 / 0.1 s = 320/s). Measured, each on fresh conversations:

1. engine     — ``generation.engine.run_generations``: the real path of a paid run
                (litellm.acompletion, retries/classification, accounting, one cache file
                written per answer), N calls at concurrency C;
2. litellm    — bare ``litellm.acompletion`` calls behind a semaphore (no cache, no
                bookkeeping): the ceiling litellm itself reaches on this machine;
3. transport  — raw aiohttp POSTs: the ceiling of server + loopback network;
4. cached     — the engine's fully cached rerun of (1): no calls, so its time per item is
                the cost of the cache and bookkeeping per call.

The model string is ``openai/gpt-4o-mini`` pointed at the loopback ``api_base`` so litellm
prices every answer as it would in a paid run.

    .venv/bin/python benchmarks/generation_bench.py [--calls 640] [--concurrency 32] [--latency 0.1]

With ``--offline-season SEASON`` it instead times the three offline systems
(``f1bench/template-*``, through litellm's custom provider) cold on one season of a built
warehouse (``--source``, default ``$F1BENCH_DATA_DIR`` or /tmp/full; only read: its
``instances`` and ``test_sample`` of that season are copied to a scratch data dir, so the
source's generations and call cache are never touched):

    .venv/bin/python benchmarks/generation_bench.py --offline-season 2023 [--workers 1|2]

``--workers`` sets ``F1BENCH_OFFLINE_WORKERS`` (the engine's process count for offline
systems; 1 = the one-process path) so both paths are timed in the same session.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

MODEL = "openai/gpt-4o-mini"


def start_server(latency: float) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "f1bench_pipeline_tests.loopback_provider", "--latency", str(latency),
         "--max-seconds", "900"],
        cwd=REPO, stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(REPO)})
    line = proc.stdout.readline() if proc.stdout else ""
    if not line.startswith("PORT "):
        proc.kill()
        raise RuntimeError(f"loopback server did not start: {line!r}")
    return proc, f"http://127.0.0.1:{int(line.split()[1])}/v1"


def messages(tag: str, i: int) -> list[dict[str, str]]:
    return [{"role": "system", "content": "You are a Formula 1 strategy analyst."},
            {"role": "user", "content": f"[{tag} {i}] Explain LEC's tyre strategy in this race. " + "Data. " * 40}]


def bench_engine(api_base: str, n: int, conc: int, cache_dir: Path, tag: str) -> dict:
    from f1bench_pipeline.generation.cache import DiskCache, cache_key
    from f1bench_pipeline.generation.engine import WorkItem, run_generations
    from f1bench_pipeline.generation.registry import System

    system = System(name="bench", model=MODEL, api_base=api_base, params={"temperature": 0.0, "max_tokens": 256},
                    concurrency=conc, timeout_s=30, max_attempts=3)
    os.environ.setdefault("OPENAI_API_KEY", "sk-loopback-not-a-real-key")
    items = []
    for i in range(n):
        msgs = messages(tag, i)
        items.append(WorkItem(id=f"{tag}-{i}", lang="en", variant="default", messages=msgs,
                              cache_key=cache_key(system.model, system.params, msgs)))
    cache = DiskCache(cache_dir, system.model)
    c0, t0 = time.process_time(), time.perf_counter()
    records, stats = run_generations(system, items, cache)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    assert stats.calls == n and all(r["status"] == "ok" for r in records), stats.as_dict()
    c1, t1 = time.process_time(), time.perf_counter()
    again, stats2 = run_generations(system, items, cache)
    cached_wall, cached_cpu = time.perf_counter() - t1, time.process_time() - c1
    assert stats2.cache_hits == n and len(again) == n
    return {"wall": wall, "cpu": cpu, "cached_wall": cached_wall, "cached_cpu": cached_cpu, "n": n,
            "cost": stats.cost_usd}


async def _bare_litellm(api_base: str, n: int, conc: int, tag: str) -> tuple[float, float]:
    from f1bench_pipeline.generation.llm import get_litellm

    litellm = get_litellm()
    sem = asyncio.Semaphore(conc)

    async def one(i: int) -> None:
        async with sem:
            await litellm.acompletion(model=MODEL, messages=messages(tag, i), api_base=api_base,
                                      api_key="sk-loopback-not-a-real-key", timeout=30, num_retries=0,
                                      max_retries=0, temperature=0.0, max_tokens=256)

    c0, t0 = time.process_time(), time.perf_counter()
    await asyncio.gather(*(one(i) for i in range(n)))
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    await litellm.close_litellm_async_clients()
    return wall, cpu


async def _transport(api_base: str, n: int, conc: int, tag: str) -> tuple[float, float]:
    import aiohttp

    sem = asyncio.Semaphore(conc)
    async with aiohttp.ClientSession() as session:
        async def one(i: int) -> None:
            async with sem:
                async with session.post(f"{api_base}/chat/completions",
                                        json={"model": "m", "messages": messages(tag, i)}) as r:
                    await r.json()

        c0, t0 = time.process_time(), time.perf_counter()
        await asyncio.gather(*(one(i) for i in range(n)))
        return time.perf_counter() - t0, time.process_time() - c0


def bench_offline(season: int, source: Path, systems: list[str] | None) -> int:
    """The offline systems, cold, on one season copied from ``source``'s warehouse."""
    import shutil

    from f1bench_pipeline.domains import get_domain
    from f1bench_pipeline.generation.registry import load_registry
    from f1bench_pipeline.generation.runner import generate_partition
    from f1bench_pipeline.settings import get_settings

    src = source / "warehouse"
    with tempfile.TemporaryDirectory(prefix="f1bench-offline-genbench-") as tmp:
        data = Path(tmp)
        for table in ("instances", "test_sample"):
            part = src / table / f"season={season}"
            if part.exists():
                shutil.copytree(part, data / "warehouse" / table / f"season={season}")
        os.environ["F1BENCH_DATA_DIR"] = str(data)
        get_settings.cache_clear() if hasattr(get_settings, "cache_clear") else None
        settings = get_settings()
        assert Path(settings.data_dir) == data, settings.data_dir
        reg = load_registry(data_dir=data)
        names = systems or [s.name for s in reg.offline_systems()]
        total_n = 0
        t_all = time.perf_counter()
        cpu_all = time.process_time()
        for name in names:
            t = time.perf_counter()
            res = generate_partition(get_domain("f1"), settings, name, season, registry=reg, progress_every_s=3600)
            wall = time.perf_counter() - t
            total_n += res.frame.height
            print(f"{name:<20} {res.frame.height:6d} answers  {wall:7.2f} s  {res.frame.height / wall:7.1f} answers/s  "
                  f"statuses {dict(res.stats.statuses)}  calls {res.stats.calls}", flush=True)
        wall = time.perf_counter() - t_all
        parent_cpu = time.process_time() - cpu_all
        import resource

        from f1bench_pipeline.generation import offline

        offline._POOL.drop(wait=True)  # the workers' CPU is counted once they are reaped
        ru = resource.getrusage(resource.RUSAGE_CHILDREN)
        child_cpu = ru.ru_utime + ru.ru_stime
        print(f"offline systems, season {season}, cold: {total_n} answers in {wall:.2f} s = {total_n / wall:.1f} "
              f"answers/s (workers={os.environ.get('F1BENCH_OFFLINE_WORKERS', 'default')}, {os.cpu_count()} CPUs, "
              f"load {os.getloadavg()[0]:.2f}; CPU: this process {parent_cpu:.1f} s, worker processes {child_cpu:.1f} s)")
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--calls", type=int, default=640)
    p.add_argument("--concurrency", type=int, default=32)
    p.add_argument("--latency", type=float, default=0.1)
    p.add_argument("--offline-season", type=int, default=None)
    p.add_argument("--source", type=Path, default=Path(os.environ.get("F1BENCH_DATA_DIR") or "/tmp/full"))
    p.add_argument("--systems", nargs="*", default=None)
    p.add_argument("--workers", type=int, default=None)
    args = p.parse_args(argv)
    if args.workers is not None:
        os.environ["F1BENCH_OFFLINE_WORKERS"] = str(args.workers)
    if args.offline_season is not None:
        return bench_offline(args.offline_season, args.source, args.systems)
    n, conc, lat = args.calls, args.concurrency, args.latency
    ideal = conc / lat

    server, api_base = start_server(lat)
    try:
        t = time.perf_counter()
        from f1bench_pipeline.generation.llm import get_litellm

        get_litellm()
        import_s = time.perf_counter() - t
        with tempfile.TemporaryDirectory(prefix="f1bench-genbench-") as tmp:
            bench_engine(api_base, 64, conc, Path(tmp) / "warm", "warmup")  # connections, lazy imports
            eng = bench_engine(api_base, n, conc, Path(tmp) / "cache", "engine")
        bare_wall, bare_cpu = asyncio.run(_bare_litellm(api_base, n, conc, "bare"))
        tr_wall, tr_cpu = asyncio.run(_transport(api_base, n, conc, "transport"))
    finally:
        server.terminate()
        server.wait(timeout=10)

    def row(name: str, wall: float, cpu: float) -> str:
        rate = n / wall
        return (f"{name:<34} {rate:8.1f} req/s  {100 * rate / ideal:5.1f}% of ideal  "
                f"client CPU {1000 * cpu / n:5.2f} ms/call")

    print(f"generation engine benchmark: {n} calls, concurrency {conc}, server latency {lat * 1000:.0f} ms "
          f"(ideal {ideal:.0f} req/s); {os.cpu_count()} CPUs; litellm import {import_s:.1f} s")
    print(row("engine (litellm + cache + books)", eng["wall"], eng["cpu"]))
    print(row("bare litellm.acompletion", bare_wall, bare_cpu))
    print(row("transport only (aiohttp)", tr_wall, tr_cpu))
    print(f"engine vs bare litellm: {100 * bare_wall / eng['wall']:.0f}% of litellm's own throughput; "
          f"engine CPU overhead {1000 * (eng['cpu'] - bare_cpu) / n:+.2f} ms/call")
    print(f"cache + bookkeeping per call (fully cached rerun of {n}): "
          f"{1e6 * eng['cached_wall'] / n:.0f} µs wall, {1e6 * eng['cached_cpu'] / n:.0f} µs CPU")
    # One event loop serves C calls whose answers arrive together: each waits, on average, for
    # the client CPU of (C+1)/2 of them, so X ≈ C / (latency + (C+1)/2 · cpu_per_call).
    c = eng["cpu"] / n
    need = 2 * (lat / 0.8 - lat) / (conc + 1)
    print(f"model: C / (latency + (C+1)/2 · client CPU) = {conc / (lat + (conc + 1) / 2 * c):.0f} req/s predicted; "
          f"80% of ideal needs ≤ {1000 * need:.1f} ms client CPU per call in one event loop")
    return 0


if __name__ == "__main__":
    sys.exit(main())
