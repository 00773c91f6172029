"""Instructions per answer and per claim of the regex extractor, counted by valgrind (figures printed).

Wall-clock and CPU-time rates wander by ±30 % on a machine shared with other jobs; an instruction
count does not. For each tree given (a checkout of f1bench: this one by default, or an older one to
compare with, e.g. a ``git worktree`` of the commit before a change), it runs ``extract_claims`` over
the first N texts of the paper's ``dev.jsonl`` once and twice under ``valgrind --tool=callgrind`` and
takes the difference, so interpreter start-up and imports cancel out; then it counts the claims.

Used for issue #44's speed target, proposed as "instructions per claim read not above 7cd63e9's".

Usage: python benchmarks/instructions_bench.py [--n 300] [TREE ...]     (needs valgrind on PATH)
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEV = REPO.parent / "shared" / "data" / "paper_generations" / "dev.jsonl"


def _texts(n: int) -> list[tuple[str, str]]:
    rows = [json.loads(x) for x in DEV.read_text(encoding="utf-8").splitlines() if x.strip()]
    return [(r["text"], r["lang"]) for r in rows if r.get("text")][:n]


def inner(tree: Path, n: int, rounds: int) -> None:
    """Run in the child: extract ``rounds`` times; print the claims per answer."""
    sys.path.insert(0, str(tree))
    from f1bench_pipeline.domains.f1.extract import extract_claims

    texts = _texts(n)
    claims = 0
    for _ in range(rounds):
        claims = sum(len(extract_claims(t, lang)) for t, lang in texts)
    print(f"claims {claims / len(texts):.3f}")


def _count(tree: Path, n: int, rounds: int) -> tuple[int, float]:
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, __file__,
           "--inner", str(tree), "--n", str(n), "--rounds", str(rounds)]
    out = subprocess.run(cmd, capture_output=True, text=True, cwd=tree, check=True)
    collected = re.search(r"Collected\s*:\s*(\d+)", out.stderr)
    claims = re.search(r"claims ([\d.]+)", out.stdout)
    if not collected or not claims:
        raise SystemExit(f"{tree}: valgrind printed no count ({out.stderr[-300:]!r})")
    return int(collected.group(1)), float(claims.group(1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("trees", nargs="*", type=Path, default=[REPO])
    ap.add_argument("--n", type=int, default=300, help="dev.jsonl texts (default 300)")
    ap.add_argument("--inner", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--rounds", type=int, default=1, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.inner:
        inner(args.inner, args.n, args.rounds)
        return
    if not DEV.exists():
        raise SystemExit(f"no {DEV}: the paper's generations are in ../shared")
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not on PATH (apt-get install valgrind)")
    print(f"{'tree':<40}{'instructions/answer':>20}{'claims/answer':>15}{'instructions/claim':>20}")
    for tree in args.trees:
        once, claims = _count(tree.resolve(), args.n, 1)
        twice, _ = _count(tree.resolve(), args.n, 2)
        per_answer = (twice - once) / args.n
        print(f"{os.fspath(tree):<40}{per_answer / 1e6:19.2f}M{claims:15.2f}{per_answer / claims / 1e6:19.3f}M")


if __name__ == "__main__":
    main()
