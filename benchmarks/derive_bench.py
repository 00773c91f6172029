"""Season derivation through Dagster (figures printed, never asserted).

Copies the raw_* tables of a built warehouse into a fresh data dir, then times
``derive`` (``domains/f1/runs.py``) over every season found: one ``season_events`` run per season (events and
instances) plus the ``benchmark_sets`` run, on a fresh persistent Dagster instance — as
``f1bench build`` derives after its ingest: the seasons' runs through the instance's run queue,
side by side up to its limit (a commit before the run queue: ``F1BENCH_DERIVE_WORKERS``
worker processes, ``--workers``).

Usage: python benchmarks/derive_bench.py --warehouse /tmp/full/warehouse [--workers 1|2]
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--warehouse", type=Path, default=Path("/tmp/full/warehouse"))
    ap.add_argument("--workers", type=int, default=None, help="F1BENCH_DERIVE_WORKERS for this run (commits before the run queue)")
    args = ap.parse_args()
    if args.workers is not None:
        os.environ["F1BENCH_DERIVE_WORKERS"] = str(args.workers)
    raw = sorted(p for p in args.warehouse.glob("raw_*") if p.is_dir())
    if not raw:
        print(f"no raw_* tables under {args.warehouse}: build first (f1bench build --no-systems)")
        return 2
    import dagster as dg

    try:  # a commit before the orchestration package (a base for before/after figures)
        from f1bench_pipeline.runner import derive  # type: ignore[import-not-found]
    except ImportError:
        from f1bench_pipeline.domains.f1.runs import derive
    from f1bench_pipeline.settings import Settings

    with tempfile.TemporaryDirectory(prefix="derive_bench_") as tmp:
        data = Path(tmp) / "data"
        for table in raw:
            shutil.copytree(table, data / "warehouse" / table.name)
        seasons = sorted(int(p.name.split("=")[1]) for p in (data / "warehouse" / "raw_sessions").glob("season=*"))
        settings = Settings(data_dir=data, offline=True)
        lines: list[str] = []
        (Path(tmp) / "dagster").mkdir()
        with dg.DagsterInstance.local_temp(tempdir=str(Path(tmp) / "dagster")) as instance:
            t0, c0 = time.perf_counter(), time.process_time()
            derive(seasons, instance=instance, progress=lines.append, settings=settings)
            wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        failed = [m for m in lines if "FAILED" in m]
        print("\n".join(lines))
        print(f"derive {len(seasons)} seasons ({seasons[0]}–{seasons[-1]}), "
              f"(F1BENCH_DERIVE_WORKERS={os.environ.get('F1BENCH_DERIVE_WORKERS', 'unset')}): "
              f"{wall:.1f} s wall, {cpu:.1f} s CPU in this process, load {os.getloadavg()[0]:.1f}"
              + (f"; {len(failed)} FAILED" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
