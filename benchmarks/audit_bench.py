"""How fast the audit page's leaderboard answers (figures printed, never asserted).

Starts the audit server (``audit/server.py``) on a built warehouse and times, over HTTP as the
page asks: the page's first load (``/api/options``, then ``/api/leaderboard`` of the latest
season), the same leaderboard again, and -- once the background thread has computed every
selector's -- another season and the other prompt variant. Then one scores file rewritten (its
modification time moved, put back afterwards: the warehouse is not changed) and the
leaderboard once more: the cache's refresh. Last, a restarted server on the same answers folder.
First, what a request paid before the cache (the leaderboard computed as it was, no server).

    F1BENCH_DATA_DIR=/work/full .venv/bin/python benchmarks/audit_bench.py

Default warehouse: $F1BENCH_DATA_DIR/warehouse, else the repo's data/warehouse (`make demo`).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from f1bench_pipeline.audit import api  # noqa: E402
from f1bench_pipeline.audit.first_view import store_first_view  # noqa: E402
from f1bench_pipeline.audit.server import serve  # noqa: E402
from f1bench_pipeline.settings import get_settings  # noqa: E402


def timed(base: str, path: str) -> tuple[float, dict]:
    t0 = time.perf_counter()
    with urllib.request.urlopen(base + path, timeout=600) as r:
        body = json.loads(r.read())
    return time.perf_counter() - t0, body


def until_all_in_memory(base: str, opts: dict) -> list[float]:
    """Ask every season × variant until each answers from memory (the background thread's work)."""
    while True:
        times = [timed(base, f"/api/leaderboard?season={y}&variant={v}")[0]
                 for v in opts["variants"] for y in opts["seasons"]]
        if max(times) < 0.5:
            return times
        time.sleep(1.0)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--warehouse", type=Path, default=None)
    args = ap.parse_args()
    wh = Path(args.warehouse or get_settings().warehouse_dir)
    print(f"warehouse {wh}, load average {os.getloadavg()[0]:.1f}")
    t0 = time.perf_counter()  # before: what every request paid (the latest season through a subquery, no cache)
    api._leaderboard(api.Warehouse(wh), None, "default")
    print(f"before (no cache, the latest season as a subquery): {time.perf_counter() - t0:.2f} s")
    answers = Path(tempfile.mkdtemp(prefix="audit-answers-"))
    server = serve(wh, port=0, answers_dir=answers)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    s, opts = timed(base, "/api/options")
    print(f"/api/options: {s:.2f} s (seasons {opts['seasons']})")
    s, board = timed(base, "/api/leaderboard?variant=default")
    print(f"/api/leaderboard, first, right after start-up (latest season "
          f"{board['rows'][0]['season'] if board['rows'] else '-'}): {s:.2f} s")
    s, _ = timed(base, "/api/leaderboard?variant=default")
    print(f"/api/leaderboard again: {s:.3f} s")
    t0 = time.perf_counter()
    times = until_all_in_memory(base, opts)
    print(f"every season × variant in memory {time.perf_counter() - t0:.1f} s later; each then answers in "
          f"{min(times):.3f}–{max(times):.3f} s ({len(times)} selectors)")
    part = next((wh / "scores").glob("*/*/*.parquet"))
    before = part.stat()
    os.utime(part, ns=(before.st_atime_ns, before.st_mtime_ns + 1_000_000_000))
    try:
        s, _ = timed(base, "/api/leaderboard?variant=default")
        print(f"/api/leaderboard after a scores file was rewritten (recomputed): {s:.2f} s")
        s, _ = timed(base, "/api/leaderboard?variant=default")
        print(f"/api/leaderboard again: {s:.3f} s")
    finally:
        os.utime(part, ns=(before.st_atime_ns, before.st_mtime_ns))
    until_all_in_memory(base, opts)  # (the thread's work done before this server stops)
    server.shutdown()
    fresh = Path(tempfile.mkdtemp(prefix="audit-answers-"))
    took = store_first_view(wh, fresh)  # what `f1bench build` adds once its scores are written
    print(f"f1bench build's step 'audit page: leaderboard computed': {took:.2f} s")
    shutil.rmtree(fresh)
    server = serve(wh, port=0, answers_dir=answers)  # a restarted server (or one after a build): answers on disk
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    s, _ = timed(base, "/api/leaderboard?variant=default")
    print(f"restarted server (or the first after a build), first /api/leaderboard (from disk): {s:.3f} s")
    until_all_in_memory(base, opts)
    server.shutdown()
    shutil.rmtree(answers)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
