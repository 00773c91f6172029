"""Experiment (issue #5): does compiling the scoring modules reach 4,000 generations/s? It does not.

Compiles UNCHANGED copies of scoring modules in a scratch tree (never in this checkout), checks
that every claim and score is byte-identical (``extractor_snapshot.py``), and runs
``scoring_bench.py`` in both trees. Needs a C compiler and the compiler package
(``pip install cython``, or ``pip install mypy`` for mypyc); nothing here is used by f1bench.

Figures recorded 2026-11-30 on the 2-core dev machine (python 3.11.7, Cython 3.3.1, mypy 2.4.1;
``scoring_bench.py --repeats 7``, three interleaved rounds, the machine shared with test runs;
"warm" is ``score_generations`` with a reused index (``Domain.index``), generations/s):

=====================================================  ==============  ===============
variant                                                warm best/med   extraction (a)
=====================================================  ==============  ===============
pure Python                                            1,369 / 1,336   1,956/s
Cython, regex_extractor + lexicon                      1,587 / 1,534   2,234/s
Cython, + verifier, score, metrics                     1,677 / 1,517   2,255/s
mypyc, regex_extractor + lexicon (*)                   1,776 / 1,672   2,821/s
mypyc extractor + lexicon, Cython the other three (*)  1,989 / 1,955   2,836/s
=====================================================  ==============  ===============

(best of the three rounds' best, median of their medians; (a) is ``extract_claims`` alone on
the same 786 generations, best. On a quieter machine earlier the same day pure Python gave
1,513/s warm and the last variant 1,901-1,998/s. Run again in a later session, ``--repeats 5``,
quiet machine: pure 2,051 warm / 2,698 (a), Cython regex_extractor + lexicon 2,314 / 3,225.)

Every variant's snapshot was identical to the pure-Python one. The best is about 1.45x, far from
the 2.9x that 4,000/s needs (250 us per generation). Why compiling cannot get there: the four
regex scans of a text (tokenizer trie, numbers, drivers/teams, sentence ends) alone take ~97 us
per generation inside ``re`` (C already), and verification + recall + tables ~80 us, so all the
rest -- ~500 us of Python today -- would have to fit in ~70 us; the compilers gave 1.1x (Cython,
untyped) and 1.4x (mypyc) on extraction.

(*) mypyc refuses the unchanged modules (13 mypy errors in regex_extractor.py: reused variable
names with another type, ``kinds`` annotated ``dict`` but passed a ``set``); the mypyc figures
come from a copy with five renames/annotation fixes, no logic change. Compiled that way the module
also changes behaviour: mypyc enforces annotations at run time, so ``extract_claims(text, None)``
or ``entities=[...]`` raise TypeError where the pure module returns claims ("never raises"), and
its native classes ignore monkeypatching (``scoring_bench.py`` (d) then shows finalize as 0 us).
Cython needs ``annotation_typing=False``: with annotations typed, ``sentence(kinds: dict)`` gets a
set and every text yields no claim.

Usage:
    python benchmarks/compiled_bench.py                       # Cython, every module of domains/f1/extract
    python benchmarks/compiled_bench.py --modules extract/tokenizer extract/binding verifier score metrics
    python benchmarks/compiled_bench.py --compiler mypyc      # reports mypy's refusal
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PKG = "f1bench_pipeline/scoring"
BENCH_LINES = ("instance generations", "warm (", "total  ")


def run(cmd: list[str], cwd: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, LITELLM_LOCAL_MODEL_COST_MAP="True")
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, check=False)


def scratch_tree(tmp: Path) -> Path:
    """The tracked package (with its package data: Ergast files, SQL) and benchmarks, copied; ../shared linked."""
    tree = tmp / "main"
    for sub in ("f1bench_pipeline", "benchmarks"):
        shutil.copytree(REPO / sub, tree / sub, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.c"))
    if (REPO.parent / "shared").exists():
        (tmp / "shared").symlink_to(REPO.parent / "shared")
    return tree


def compile_modules(tree: Path, compiler: str, modules: list[str]) -> bool:
    files = [f"{PKG}/{m}.py" for m in modules]
    if compiler == "cython":
        cmd = [sys.executable, "-m", "Cython.Build.Cythonize", "-i", "-3", "-j", str(os.cpu_count() or 1),
               "-X", "annotation_typing=False", *files]
    else:
        cmd = [sys.executable, "-m", "mypyc", *files]
    out = run(cmd, tree)
    if out.returncode != 0:
        print(f"{compiler} failed (exit {out.returncode}):\n" + "\n".join((out.stdout + out.stderr).splitlines()[-20:]))
        return False
    probe = "; ".join(f"import f1bench_pipeline.scoring.{m.replace('/', '.')} as x; print(x.__file__)"
                      for m in modules)
    print(run([sys.executable, "-c", probe], tree).stdout.strip())
    return True


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--compiler", choices=("cython", "mypyc"), default="cython")
    extractor = sorted(p.relative_to(REPO / PKG).with_suffix("").as_posix()
                       for p in (REPO / PKG / "extract").rglob("*.py") if p.name != "__init__.py")
    ap.add_argument("--modules", nargs="+", default=extractor, help="modules under scoring/ (default: the extractor)")
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()
    try:
        __import__("Cython" if args.compiler == "cython" else "mypyc")
    except ImportError:
        print(f"{args.compiler} is not installed: pip install {'cython' if args.compiler == 'cython' else 'mypy'}")
        return
    with tempfile.TemporaryDirectory(prefix="f1bench_compiled_") as tmp:
        tree = scratch_tree(Path(tmp))
        print(f"compiling {', '.join(args.modules)} with {args.compiler} in {tree} (a few minutes) ...")
        if not compile_modules(tree, args.compiler, args.modules):
            return
        snap = Path(tmp) / "snap"
        for name, root in (("pure", REPO), ("compiled", tree)):
            run([sys.executable, "benchmarks/extractor_snapshot.py", "--out", str(snap / name)], root)
        cmp = run([sys.executable, "benchmarks/extractor_snapshot.py", "--compare",
                   str(snap / "pure"), str(snap / "compiled")], tree)
        print("snapshot, pure vs compiled:\n" + cmp.stdout.rstrip())
        for name, root in (("pure Python", REPO), (f"compiled ({args.compiler})", tree)):
            out = run([sys.executable, "benchmarks/scoring_bench.py", "--repeats", str(args.repeats)], root)
            print(f"\n{name}:")
            print("\n".join(x for x in out.stdout.splitlines() if any(k in x for k in BENCH_LINES)))


if __name__ == "__main__":
    main()
