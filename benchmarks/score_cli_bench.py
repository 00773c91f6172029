"""``f1bench score FILE`` of a 3,000-line file end to end, in a fresh process (figures only).

The file: the real answers of ``../shared/data/paper_generations/dev.jsonl`` and ``more.jsonl``
whose instances the warehouse has, repeated under renamed models until ``--lines`` (default
3,000) — every line is scored. Each run is a new ``f1bench score`` process (Python start,
imports, the instance index, scoring, bootstrap intervals and the table), as a user runs it.

``--vs-tree DIR`` times another checkout's code (e.g. a worktree at the commit before a change)
with the same interpreter, the two alternating run by run, so the ratio holds when the machine's
speed drifts; the median of the pairwise ratios is printed.

    python benchmarks/score_cli_bench.py --warehouse <2025 build>/warehouse [--lines 3000] [--repeats 5]
        [--vs-tree /tmp/before] [--paper ../shared/data/paper_generations]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

PAPER = REPO.parent / "shared" / "data" / "paper_generations"


def scoreable_file(warehouse: Path, lines: int, out: Path, paper: Path = PAPER) -> int:
    """Write ``lines`` lines whose instances ``warehouse`` has; returns how many distinct answers."""
    from f1bench_pipeline.domains.f1.importer import instance_index, read_jsonl
    from f1bench_pipeline.generation.registry import load_registry

    src = [json.loads(x) for name in ("dev.jsonl", "more.jsonl") for x in (paper / name).read_text("utf-8").splitlines()
           if x.strip()]
    probe = out.with_suffix(".probe.jsonl")
    probe.write_text("".join(json.dumps(r) + "\n" for r in src), encoding="utf-8")
    _rows, report = read_jsonl(probe, instance_index(warehouse), load_registry())
    bad = {n for n, _why in report.errors}
    good = [r for n, r in enumerate(src, 1) if n not in bad]
    if not good:
        raise SystemExit(f"{warehouse}: none of the paper's answers has an instance here (build 2025 first)")
    rows: list[dict] = []
    copy = 0
    while len(rows) < lines:
        rows.extend({**r, "model": f"{r['model']}-copy{copy}" if copy else r["model"]} for r in good[:lines - len(rows)])
        copy += 1
    out.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return len(good)


def run_once(tree: Path, file: Path, data_dir: Path) -> float:
    env = {**os.environ, "F1BENCH_DATA_DIR": str(data_dir), "PYTHONPATH": str(tree),
           "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "f1bench_pipeline.cli", "score", str(file)], cwd=tree, env=env,
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--warehouse", type=Path, required=True)
    ap.add_argument("--lines", type=int, default=3000)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--paper", type=Path, default=PAPER, help="folder of dev.jsonl and more.jsonl")
    ap.add_argument("--vs-tree", type=Path, help="another checkout, timed alternately with this one")
    args = ap.parse_args()
    if not args.paper.exists():
        raise SystemExit(f"{args.paper}: the paper's generations are not here (--paper)")
    with tempfile.TemporaryDirectory() as tmp:
        file = Path(tmp) / "answers.jsonl"
        distinct = scoreable_file(args.warehouse, args.lines, file, args.paper)
        print(f"{args.lines:,} lines ({distinct:,} distinct real answers), warehouse {args.warehouse}")
        data_dir = args.warehouse.parent
        trees = [("this tree", REPO)] + ([("--vs-tree", args.vs_tree)] if args.vs_tree else [])
        for _label, tree in trees:  # warm-up: bytecode, the page cache
            run_once(tree, file, data_dir)
        walls: dict[str, list[float]] = {label: [] for label, _t in trees}
        for _ in range(args.repeats):
            for label, tree in trees:
                walls[label].append(run_once(tree, file, data_dir))
        for label, tree in trees:
            w = walls[label]
            print(f"{label:10} {tree}: best {min(w):.2f} s, median {statistics.median(w):.2f} s ({len(w)} runs)")
        if args.vs_tree:
            ratios = [b / a for a, b in zip(walls["this tree"], walls["--vs-tree"], strict=True)]
            print(f"--vs-tree / this tree, pairwise: median x{statistics.median(ratios):.2f} "
                  f"(min x{min(ratios):.2f}, max x{max(ratios):.2f}); load {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
