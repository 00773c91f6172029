"""Importer throughput on a file of mostly unknown ids, and ``f1bench score`` end to end (figures only).

1. ``domains.f1.importer.read_jsonl`` on a generated file (``--lines``, default 20,000; ``--unknown``
   of them, default 90%, with ids the warehouse does not have) against the warehouse's instance
   index (``$F1BENCH_DATA_DIR/warehouse``, default /tmp/full: a full build has ~39k keys; only
   read). An unknown id is reported as "unknown instance id" or "no instance ... in lang/variant",
   which needs to know whether the id exists at all: today a set of the known ids built once;
   before, a scan of the whole index per unknown line (``any(k[0] == id for k in index)``), which
   is reconstructed here from the current source for the "before" figure (on ``--old-lines``
   lines, default 4,000: its time per line does not depend on how many lines follow). Both give
   the same report.
2. ``f1bench score ../shared/data/paper_generations/dev.jsonl`` end to end (a fresh process:
   imports, the instance index, import, scoring, bootstrap intervals, the table), best and
   median of ``--repeats`` runs.

    F1BENCH_DATA_DIR=/tmp/full .venv/bin/python benchmarks/importer_bench.py [--lines 20000] [--repeats 3]
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

DEV = REPO.parent / "shared" / "data" / "paper_generations" / "dev.jsonl"


def data_dir() -> Path:
    return Path(os.environ.get("F1BENCH_DATA_DIR") or "/tmp/full")


def write_file(path: Path, index: dict, n: int, unknown: float, seed: int = 0) -> int:
    """``n`` lines: ``unknown`` of them with ids not in the index (half of those an existing id's
    prefix with a suffix, so the strings are alike), the rest existing keys. Returns the number of
    unknown lines."""
    rng = random.Random(seed)
    keys = list(index)
    n_unknown = 0
    with open(path, "w", encoding="utf-8") as fh:
        for i in range(n):
            iid, lang, variant = rng.choice(keys)
            if rng.random() < unknown:
                iid = f"{iid}#{i}" if i % 2 else f"1999_Nowhere_Grand_Prix::undercut::X{i:05d}"
                n_unknown += 1
            fh.write(json.dumps({"id": iid, "model": f"bench-model-{i}", "lang": lang, "variant": variant,
                                 "text": "HAM pitted on lap 3 and finished second."}) + "\n")
    return n_unknown


def quadratic_read_jsonl():
    """``read_jsonl`` as it was before the fix: every unknown line scans the whole index."""
    from f1bench_pipeline.domains.f1 import importer

    src = textwrap.dedent(inspect.getsource(importer.read_jsonl))
    new = ('known_id = obj["id"] in known_ids', 'known_id = any(k[0] == obj["id"] for k in index)')
    if new[0] not in src:
        raise RuntimeError("read_jsonl changed: cannot reconstruct the quadratic version")
    src = src.replace(*new).replace("def read_jsonl(", "def read_jsonl_quadratic(")
    ns = dict(vars(importer))
    exec(compile(src, "<quadratic read_jsonl>", "exec"), ns)  # noqa: S102 - our own source, one edit
    return ns["read_jsonl_quadratic"]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--lines", type=int, default=20_000)
    p.add_argument("--unknown", type=float, default=0.9)
    p.add_argument("--old-lines", type=int, default=4_000)
    p.add_argument("--repeats", type=int, default=3)
    args = p.parse_args(argv)

    from f1bench_pipeline.domains.f1.importer import _instance_index, read_jsonl
    from f1bench_pipeline.generation.registry import load_registry

    root = data_dir() / "warehouse"
    if not (root / "instances").exists():
        print(f"no warehouse at {root}: build one (make full) or set F1BENCH_DATA_DIR")
        return 1
    t = time.perf_counter()
    index = _instance_index(root)
    print(f"instance index of {root}: {len(index):,} keys ({time.perf_counter() - t:.2f} s to read); "
          f"{os.cpu_count()} CPUs; load {os.getloadavg()[0]:.2f}")
    registry = load_registry(data_dir=data_dir())
    old = quadratic_read_jsonl()
    with tempfile.TemporaryDirectory(prefix="f1bench-importer-bench-") as tmp:
        big, small = Path(tmp) / "big.jsonl", Path(tmp) / "small.jsonl"
        n_unknown = write_file(big, index, args.lines, args.unknown)
        write_file(small, index, args.old_lines, args.unknown)
        best = float("inf")
        for _ in range(args.repeats):
            t = time.perf_counter()
            _rows, report = read_jsonl(big, index, registry)
            best = min(best, time.perf_counter() - t)
        print(f"read_jsonl (set of known ids):   {args.lines:6,} lines ({n_unknown:,} unknown)  best {best:7.3f} s "
              f"-> {args.lines / best:10,.0f} lines/s  ({report.imported:,} imported, {len(report.errors):,} errors)")
        t = time.perf_counter()
        _rows, rep_new = read_jsonl(small, index, registry)
        t_new = time.perf_counter() - t
        t = time.perf_counter()
        _rows, rep_old = old(small, index, registry)
        t_old = time.perf_counter() - t
        assert rep_old.errors == rep_new.errors and rep_old.imported == rep_new.imported
        print(f"before the fix (index scan/line): {args.old_lines:6,} lines  {t_old:7.3f} s "
              f"-> {args.old_lines / t_old:10,.0f} lines/s  (fixed, same file: {t_new:.3f} s, "
              f"x{t_old / t_new:,.0f}; same report); at that rate {args.lines:,} lines take "
              f"~{args.lines * t_old / args.old_lines:,.0f} s")

    if DEV.exists():
        exe = REPO / ".venv" / "bin" / "f1bench"
        cmd = [str(exe), "score", str(DEV)] if exe.exists() else [sys.executable, "-m", "f1bench_pipeline.cli",
                                                                   "score", str(DEV)]
        env = {**os.environ, "F1BENCH_DATA_DIR": str(data_dir())}
        walls = []
        for _ in range(args.repeats):
            t = time.perf_counter()
            subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            walls.append(time.perf_counter() - t)
        print(f"f1bench score {DEV.name} end to end: best {min(walls):.2f} s, median {statistics.median(walls):.2f} s "
              f"({args.repeats} runs; load {os.getloadavg()[0]:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
