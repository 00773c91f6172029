"""How fast a local open model answers the benchmark on this machine (issue #14).

Measures, on the real weights (default: SmolLM2-135M-Instruct Q4_1, the embedded default):

1. **load** — seconds from starting the server subprocess to a healthy ``/health``, from
   the GGUF itself (cold: an empty checkpoint cache, which this run then fills) and from
   the dequantized safetensors checkpoint (warm); plus the server's own load seconds.
2. **tokens/s** — decoding speed per torch thread count, from a fixed-length generation
   (``min_tokens`` = ``max_tokens``) on a short prompt, as the server measures it.
3. **answers/min** — real English instances of the test sample answered through litellm and
   the engine (concurrency 2, ``max_tokens`` 400, greedy), with the server already loaded.

Figures are printed, not asserted. Instances come from ``--data-dir``'s warehouse when it
has the season, else the embedded sample is built into a temporary folder (~1 min).

    .venv/bin/python benchmarks/local_model_bench.py [--answers 6] [--threads 1,2]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from f1bench_pipeline.generation.registry import LocalModel, System  # noqa: E402
from f1bench_pipeline.localmodel.server import local_server  # noqa: E402
from f1bench_pipeline.localmodel.weights import DEFAULT_BASE_WEIGHTS  # noqa: E402


def post(url: str, body: dict) -> dict:
    req = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=900) as resp:
        return json.loads(resp.read())


def get(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=30) as resp:
        return json.loads(resp.read())


def timed_start(local: LocalModel, models_dir: Path) -> tuple[float, dict]:
    t0 = time.perf_counter()
    with local_server(local, "bench", models_dir=models_dir) as base:
        wall = time.perf_counter() - t0
        stats = get(base.rsplit("/v1", 1)[0] + "/stats")
    return wall, stats["load"]


def instances(data_dir: Path | None, season: int, n: int):
    """The first ``n`` English default-variant instances of the season's test sample."""
    import polars as pl

    from f1bench_pipeline.domains.f1.settings import SAMPLE_CACHE_DIR, SAMPLE_MANIFEST
    from f1bench_pipeline.settings import Settings
    from f1bench_pipeline.storage.warehouse import read_table

    settings = Settings(data_dir=data_dir) if data_dir else None
    if settings is None or read_table(settings.warehouse_dir, "test_sample", {"season": season}).is_empty():
        import dagster as dg

        from f1bench_pipeline.domains.f1.runs import build

        tmp = Path(tempfile.mkdtemp(prefix="f1bench-local-bench-"))  # left for a rerun with --data-dir
        settings = Settings(data_dir=tmp, fastf1_cache=SAMPLE_CACHE_DIR, offline=True, cache_manifest=SAMPLE_MANIFEST)
        print(f"building the embedded sample into {tmp} ...", flush=True)
        t0 = time.perf_counter()
        with dg.DagsterInstance.ephemeral() as inst:
            build(settings=settings, instance=inst, progress=lambda _m: None, with_systems=False, with_other_domains=False)
        print(f"  built in {time.perf_counter() - t0:.0f} s (reuse it: --data-dir {tmp})", flush=True)
    root = settings.warehouse_dir
    ids = read_table(root, "test_sample", {"season": season})["id"].unique().implode()
    rows = read_table(root, "instances", {"season": season}).filter(
        (pl.col("lang") == "en") & (pl.col("variant") == "default") & pl.col("id").is_in(ids))
    return rows.sort("id").head(n)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--weights", default=DEFAULT_BASE_WEIGHTS)
    p.add_argument("--threads", default="1,2", help="torch thread counts to compare for tokens/s")
    p.add_argument("--answer-threads", type=int, default=1, help="threads of the server for answers/min")
    p.add_argument("--answers", type=int, default=6, help="real instances to answer for answers/min")
    p.add_argument("--max-tokens", type=int, default=400)
    p.add_argument("--decode-tokens", type=int, default=96, help="fixed length of the tokens/s generations")
    p.add_argument("--season", type=int, default=2025)
    p.add_argument("--data-dir", type=Path, help="a data dir whose warehouse has the season's instances")
    args = p.parse_args(argv)
    print(f"weights {args.weights}; {os.cpu_count()} CPUs; load average {os.getloadavg()[0]:.2f}", flush=True)

    models_dir = Path(tempfile.mkdtemp(prefix="f1bench-models-"))  # empty: the first start is a cold one
    try:
        return _run(args, models_dir)
    finally:
        shutil.rmtree(models_dir, ignore_errors=True)


def _run(args: argparse.Namespace, models_dir: Path) -> int:
    local = LocalModel(weights=args.weights, threads=args.answer_threads)
    cold, cold_load = timed_start(local, models_dir)
    warm, warm_load = timed_start(local, models_dir)
    print(f"\n1. load (server start to healthy, incl. python + torch import)\n"
          f"   cold, from the GGUF:           {cold:6.1f} s   (server's load {cold_load['seconds']} s, of which "
          f"saving the checkpoint {cold_load.get('save_s', 0)} s)\n"
          f"   warm, from the checkpoint:     {warm:6.1f} s   (server's load {warm_load['seconds']} s)", flush=True)

    print(f"\n2. tokens/s ({args.decode_tokens} new tokens per request, greedy, batch 1)", flush=True)
    msgs = [{"role": "system", "content": "You are a Formula 1 race strategist."},
            {"role": "user", "content": "Explain the undercut and the overcut, with an example of each."}]
    for threads in [int(t) for t in args.threads.split(",") if t.strip()]:
        with local_server(LocalModel(weights=args.weights, threads=threads), "bench", models_dir=models_dir) as base:
            rates = []
            for _ in range(3):
                t0 = time.perf_counter()
                out = post(base + "/chat/completions", {"messages": msgs, "max_tokens": args.decode_tokens,
                                                        "min_tokens": args.decode_tokens, "temperature": 0})
                rates.append(out["usage"]["completion_tokens"] / (time.perf_counter() - t0))
            print(f"   {threads} thread(s): {statistics.median(rates):5.1f} tokens/s "
                  f"(runs: {', '.join(f'{r:.1f}' for r in rates)}; prompt {out['usage']['prompt_tokens']} tokens)",
                  flush=True)

    rows = instances(args.data_dir, args.season, args.answers)
    from f1bench_pipeline.domains import get_domain
    from f1bench_pipeline.generation.cache import DiskCache
    from f1bench_pipeline.generation.engine import run_generations
    from f1bench_pipeline.generation.plan import work_items

    system = System(name="bench", model="openai/bench", local=local, languages=("en",), variants=("default",),
                    params={"temperature": 0.0, "max_tokens": args.max_tokens}, concurrency=2)
    items = work_items(get_domain("f1"), system, rows)
    with tempfile.TemporaryDirectory() as cache_dir, \
            local_server(local, "bench", models_dir=models_dir) as base:
        served = system.model_copy(update={"api_base": base})
        t0 = time.perf_counter()
        records, stats = run_generations(served, items, DiskCache(Path(cache_dir), system.model))
        elapsed = time.perf_counter() - t0
    statuses = {s: sum(r["status"] == s for r in records) for s in sorted({r["status"] for r in records})}
    completion = sum(r["completion_tokens"] or 0 for r in records)
    prompt = sum(r["prompt_tokens"] or 0 for r in records)
    print(f"\n3. answers/min on {len(items)} real EN instances (season {args.season} test sample), max_tokens "
          f"{args.max_tokens}, concurrency 2, {args.answer_threads} thread(s), server loaded\n"
          f"   {60 * len(items) / elapsed:5.2f} answers/min   ({elapsed:.0f} s; statuses {statuses}; "
          f"{prompt / len(items):.0f} prompt and {completion / len(items):.0f} completion tokens per answer; "
          f"{completion / elapsed:.1f} completion tokens/s end to end)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
