"""How fast the audit page's leaderboard answers (figures printed, never asserted).

Starts the audit server (``audit/server.py``) on a built warehouse and times, over HTTP as the
page asks: the page's first load (``/api/options``, then ``/api/leaderboard`` of the latest
season), the same leaderboard again, and -- once the background thread has computed every
selector's -- another season and the other prompt variant. Then one scores file rewritten (its
modification time moved, put back afterwards: the warehouse is not changed) and the
leaderboard once more: the cache's refresh.

    F1BENCH_DATA_DIR=/work/full .venv/bin/python benchmarks/audit_bench.py

Default warehouse: $F1BENCH_DATA_DIR/warehouse, else the repo's data/warehouse (`make demo`).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from f1bench_pipeline.audit.server import serve  # noqa: E402
from f1bench_pipeline.settings import get_settings  # noqa: E402


def timed(base: str, path: str) -> tuple[float, dict]:
    t0 = time.perf_counter()
    with urllib.request.urlopen(base + path, timeout=600) as r:
        body = json.loads(r.read())
    return time.perf_counter() - t0, body


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--warehouse", type=Path, default=None)
    args = ap.parse_args()
    wh = Path(args.warehouse or get_settings().warehouse_dir)
    server = serve(wh, port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    print(f"warehouse {wh}, load average {os.getloadavg()[0]:.1f}")
    s, opts = timed(base, "/api/options")
    print(f"/api/options: {s:.2f} s (seasons {opts['seasons']})")
    s, board = timed(base, "/api/leaderboard?variant=default")
    print(f"/api/leaderboard (first, latest season {board['rows'][0]['season'] if board['rows'] else '-'}): {s:.2f} s")
    s, _ = timed(base, "/api/leaderboard?variant=default")
    print(f"/api/leaderboard (again): {s:.3f} s")
    t0 = time.perf_counter()
    other = opts["seasons"][0]
    s, _ = timed(base, f"/api/leaderboard?season={other}&variant=default")
    print(f"/api/leaderboard season {other} (while the selectors are computed): {s:.2f} s")
    while True:  # the background thread: until every selector answers from memory
        times = [timed(base, f"/api/leaderboard?season={y}&variant={v}")[0]
                 for v in opts["variants"] for y in opts["seasons"]]
        if max(times) < 0.5:
            break
        time.sleep(1.0)
    print(f"every season × variant computed {time.perf_counter() - t0:.1f} s after; then each answers in "
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
    server.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
