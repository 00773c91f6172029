"""Benchmark: the warehouse read locally, from ``memory://`` and over HTTP (figures printed, never asserted).

Reads an existing warehouse (``$F1BENCH_DATA_DIR/warehouse``, default /tmp/full/warehouse;
only read), copies it into ``memory://`` and serves the folder with ``storage/http_share.py``
on 127.0.0.1, then times, best and median of N repetitions:

(a) ``read_table(root, "scores")`` (polars; every file fetched whole);
(b) listing every table's files (``views.listing``; over HTTP one index request per folder);
(c) opening a reader (``storage.reader.reader``: the listing, then every view created — DuckDB reads
    the schema of every file of a view at creation, ``union_by_name``);
(d) queries on that reader: ``SELECT count(*) FROM scores``, the leaderboard (``LEADERBOARD_SQL``);

for the local folder, ``memory://`` (fsspec registered into DuckDB) and ``http://`` (fsspec,
and DuckDB's httpfs extension when it loads). Loopback HTTP: no network latency, so the HTTP
figures are the protocol's and Python's overhead, a lower bound for a real remote store.

Usage: python benchmarks/remote_warehouse_bench.py [--repeats 5] [--season 2025]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

import duckdb  # noqa: E402

from f1bench_pipeline.storage import http_share, views, warehouse  # noqa: E402
from f1bench_pipeline.scoring.report import LEADERBOARD_SQL# noqa: E402
from f1bench_pipeline.storage.reader import reader# noqa: E402


def timed(fn, repeats: int) -> tuple[float, float, object]:
    times, out = [], None
    for _ in range(repeats):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return min(times), statistics.median(times), out


def copy_tables(local: Path, url: str, tables: list[str]) -> int:
    n = 0
    for table in tables:
        for f in warehouse.table_files(local, table):
            part = {}
            for folder in f.relative_to(local / table).parent.parts:
                key, _, value = folder.partition("=")
                part[key] = int(value) if value.lstrip("-").isdigit() else value
            warehouse.write_partition(warehouse.read_table(local, table, part), url, table, part)
            n += 1
    return n


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--season", type=int, default=2025)
    args = ap.parse_args()
    local = Path(os.environ.get("F1BENCH_DATA_DIR", "/tmp/full")) / "warehouse"
    if not views.has_files(local, "scores"):
        print(f"no scores under {local}: build a warehouse first (make demo / make full)")
        return 1
    mem = f"memory://bench-{uuid.uuid4().hex[:8]}/warehouse"
    tables = sorted(p.name for p in local.iterdir() if p.is_dir() and not p.name.startswith("."))
    t0 = time.perf_counter()
    files = copy_tables(local, mem, tables)
    size = sum(f.stat().st_size for t in tables for f in warehouse.table_files(local, t))
    print(f"warehouse {local}: {len(tables)} tables, {files} Parquet files, {size / 1e6:.1f} MB "
          f"(scores: {len(warehouse.table_files(local, 'scores'))} files); "
          f"copied to memory:// in {time.perf_counter() - t0:.2f}s")
    server, http = http_share.serve_in_thread(local)
    roots = [("local folder", local, None), ("memory:// (fsspec)", mem, "fsspec"), ("http:// (fsspec)", http, "fsspec")]
    if views.load_httpfs(duckdb.connect(":memory:")):
        roots.append(("http:// (DuckDB httpfs)", http, "httpfs"))
    else:
        print("DuckDB httpfs extension unavailable here (offline): http:// timed through fsspec only")
    print(f"\n{args.repeats} repetitions each, seconds (best / median):")
    print(f"{'root':26s} {'read_table(scores)':>19s} {'list files':>15s} {'open reader':>15s} "
          f"{'count(*) scores':>15s} {'leaderboard':>15s}")
    baseline = None
    for label, root, how in roots:
        rt = timed(lambda r=root: warehouse.read_table(r, "scores"), args.repeats)
        ls = timed(lambda r=root: [views.has_files(r, t, views.listing(r)) for t in tables], args.repeats)
        op = timed(lambda r=root, h=how: reader(r, h).close(), args.repeats)
        con = reader(root, how)
        cnt = timed(lambda c=con: c.execute("SELECT count(*) FROM scores").fetchone()[0], args.repeats)
        lb = timed(lambda c=con: c.execute(LEADERBOARD_SQL, [args.season, "default"]).fetchall(), args.repeats)
        con.close()
        result = (rt[2].height, cnt[2], sorted(map(repr, lb[2])))
        same = "" if baseline is None else ("  same rows" if result == baseline else "  ROWS DIFFER")
        baseline = baseline or result
        print(f"{label:26s} " + "  ".join(f"{t[0]:6.3f} / {t[1]:6.3f}" for t in (rt, ls, op, cnt, lb)) + same)
    print(f"\n(scores rows: {baseline[0]}; leaderboard rows for {args.season}: {len(baseline[2])})")
    server.shutdown()
    server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
