"""How long the leaderboard's bootstrap takes (figures printed, never asserted).

Times the views over a built warehouse — the leaderboard with and without intervals, the
paired differences and the inversion's significance — for the test season and for every
season, at the configured replicates (F1BENCH_BOOTSTRAP_REPLICATES, default 1000).

    .venv/bin/python benchmarks/intervals_bench.py [--warehouse DIR]

Default warehouse: $F1BENCH_DATA_DIR/warehouse, else the repo's data/warehouse (`make demo`).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from f1bench_pipeline.settings import get_settings  # noqa: E402
from f1bench_pipeline.storage.reader import reader# noqa: E402

QUERIES = [
    ("leaderboard, point estimates", "SELECT * FROM leaderboard_points{where}"),
    ("leaderboard with 95% intervals", "SELECT * FROM leaderboard{where}"),
    ("paired differences of every two systems", "SELECT * FROM system_pair_differences{where}"),
    ("ranking_inversion_significance", "SELECT * FROM ranking_inversion_significance{where}"),
]


def best_of(con, sql: str, runs: int) -> tuple[float, int]:
    times, n = [], 0
    for _ in range(runs):
        t0 = time.perf_counter()
        n = len(con.execute(sql).fetchall())
        times.append(time.perf_counter() - t0)
    return min(times), n


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--warehouse", default=None)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    root = Path(args.warehouse or (Path(os.environ["F1BENCH_DATA_DIR"]) / "warehouse" if os.environ.get("F1BENCH_DATA_DIR")
                                   else REPO / "data" / "warehouse"))
    if not (root / "scores").exists():
        print(f"no scores under {root}: build first (make demo / make full)")
        sys.exit(2)
    s = get_settings()
    con = reader(root)
    n_rows, n_systems, seasons = con.execute(
        "SELECT count(*), count(DISTINCT model), string_agg(DISTINCT season::VARCHAR, ',' ORDER BY season::VARCHAR) FROM leaderboard_generations").fetchone()
    test_rows = con.execute("SELECT count(*) FROM leaderboard_generations WHERE season = ?", [s.test_season]).fetchone()[0]
    print(f"warehouse: {root}\n{n_rows:,} scored rows ({test_rows:,} in {s.test_season}), {n_systems} systems, "
          f"seasons {seasons}; {s.bootstrap_replicates} replicates; cores: {os.cpu_count()}; best of {args.runs}")
    for label, where in ((f"season {s.test_season}", f" WHERE season = {s.test_season}"), ("every season", "")):
        for name, sql in QUERIES:
            secs, rows = best_of(con, sql.format(where=where), args.runs)
            print(f"  {label:>12} · {name:<42} {secs:6.2f} s  ({rows} rows)")


if __name__ == "__main__":
    main()
