"""The three offline systems on a full build, cold (figures printed, never asserted).

Copies a built warehouse's inputs of generation (every table up to ``instances`` and
``test_sample``; no generations, claims or scores, no call cache) into a scratch data dir,
then times ``run_offline_systems`` over every season found: one ``generate_and_score`` run
per system and season (generations through litellm's custom provider, claims, scores) and
the validation reports, on a fresh persistent Dagster instance — what ``f1bench build`` does
after deriving. Prints wall time, this process's CPU time and the rows written.

    python benchmarks/offline_systems_bench.py --source /tmp/full [--seasons 2023 2025]

``F1BENCH_OFFLINE_WORKERS`` / ``F1BENCH_SCORING_WORKERS`` set the worker processes (1: one process).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

OUTPUTS = ("generations", "claims", "scores")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--source", type=Path, default=Path(os.environ.get("F1BENCH_DATA_DIR") or "/tmp/full"))
    ap.add_argument("--seasons", type=int, nargs="*", default=None)
    args = ap.parse_args()
    source = args.source / "warehouse"
    if not (source / "instances").exists():
        print(f"no instances under {source}: build first (f1bench build --no-systems)")
        return 2
    import dagster as dg
    import polars as pl

    try:  # a commit before the orchestration package (a base for before/after figures)
        from f1bench_pipeline.runner import run_offline_systems  # type: ignore[import-not-found]
    except ImportError:
        from f1bench_pipeline.domains.f1.runs import run_offline_systems
    from f1bench_pipeline.settings import Settings

    with tempfile.TemporaryDirectory(prefix="offline_systems_bench_") as tmp:
        data = Path(tmp) / "data"
        for table in sorted(p for p in source.iterdir() if p.is_dir() and not p.name.startswith(".")):
            if table.name.startswith(("raw_", "weather_", "refinement_")) or table.name in OUTPUTS:
                continue
            shutil.copytree(table, data / "warehouse" / table.name)
        found = sorted(int(p.name.split("=")[1]) for p in (data / "warehouse" / "instances").glob("season=*"))
        seasons = args.seasons or found
        settings = Settings(data_dir=data, offline=True)
        (Path(tmp) / "dagster").mkdir()
        lines: list[str] = []
        with dg.DagsterInstance.local_temp(tempdir=str(Path(tmp) / "dagster")) as instance:
            load0 = os.getloadavg()[0]
            t0, c0 = time.perf_counter(), time.process_time()
            result = run_offline_systems(seasons, instance=instance, progress=lines.append, settings=settings)
            wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        rows = {t: pl.scan_parquet(str(data / "warehouse" / t / "**" / "*.parquet")).select(pl.len()).collect().item()
                for t in OUTPUTS}
        print("\n".join(lines))
        failed = [k for k, ok in result.items() if not ok]
        print(f"offline systems on seasons {seasons[0]}–{seasons[-1]} ({len(result)} runs): {wall:.1f} s wall; "
              f"CPU {cpu:.1f} s here + {children.ru_utime + children.ru_stime:.1f} s in worker processes; "
              f"rows {rows}; load {load0:.1f} → {os.getloadavg()[0]:.1f}; workers "
              f"offline={os.environ.get('F1BENCH_OFFLINE_WORKERS', 'default')} "
              f"scoring={os.environ.get('F1BENCH_SCORING_WORKERS', 'default')}"
              + (f"; FAILED {failed}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
