"""Draw the held-out answers for the `other`-claims gold and write their items (how
benchmarks/gold/items_other_heldout_en.json was made; see README.md).

Pool: ``more.jsonl`` answers of DeepSeek-V3.2 and gpt-5.4-mini (both are cover-all answers) on the
**held-out** questions (``real_text_bench.held_out``), whose id our 2025 instances hold, that are not
already in a cover-all gold file (same id, model and variant), and whose context is likely the one the
model saw (``draw_cover_all.eligible``). The set measures the `other` claims (pace, degradation,
positions, stops under SC/VSC, lap differences), so an answer is preferred by a cheap rule on its text,
not by reading it: per model and question kind (``QUOTA``: undercut/overcut/stint, roughly their share
of the held-out questions), the answers are ranked by how many of the ``SIGNALS`` patterns their text
matches, ties broken by a seeded shuffle (``random.Random("4401|<model>|<kind>")``), and the first ones
are taken. Items carry our instance's
context, ground truth built from it, the cover-all prompt and GUIDE.md's key facts, like
``draw_cover_all.py``.

A later draw (``--seed`` other than the first draw's 4401) also leaves out every (id, model, variant)
of the first draw's items file (``items_other_heldout_en.json``), and any ``--exclude`` file.

Usage: python benchmarks/gold/draw_other_heldout.py --warehouse /work/full/warehouse
           # the first draw: seed 4401, QUOTA, items_other_heldout_en.json
       python benchmarks/gold/draw_other_heldout.py --warehouse /work/full/warehouse --seed 4402 \
           --quota undercut=2,overcut=1,stint=1 --out benchmarks/gold/items_other_heldout2_en.json
           # the second draw (README.md, "Second held-out `other` gold")
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import polars as pl  # noqa: E402

import real_text_bench as rb  # noqa: E402
from draw_cover_all import eligible, ground_truth, key_facts  # noqa: E402
from f1bench_pipeline.storage.warehouse import read_table  # noqa: E402

OUT = Path(__file__).resolve().parent
MODELS = ("DeepSeek-V3.2", "gpt-5.4-mini")
QUOTA = (("undercut", 4), ("overcut", 2), ("stint", 2))  # per model, the first draw
QUOTA2 = (("undercut", 2), ("overcut", 1), ("stint", 1))  # per model, the second draw (seed 4402)
SEED = 4401  # the first draw's
FIRST = OUT / "items_other_heldout_en.json"  # the first draw's items: left out of every later draw
SIGNALS = (  # what the set measures; answers matching more of them are preferred
    re.compile(r"s/lap|degradation", re.I),
    re.compile(r"\bposition|\bP\d{1,2}\b", re.I),
    re.compile(r"safety car|\bV?SC\b", re.I),
    re.compile(r"\d+ laps? (earlier|later|before|after|longer|shorter)|\blaps? (earlier|later)\b", re.I),
    re.compile(r"faster|slower|quicker", re.I),
)

def signals(text: str) -> int:
    return sum(bool(p.search(text)) for p in SIGNALS)


def _keys(path: Path) -> set[tuple[str, str, str]]:
    return {(i["id"], i["model"], i.get("variant", "cover_all")) for i in json.loads(path.read_text(encoding="utf-8"))}


def labelled(extra: tuple[Path, ...] = ()) -> set[tuple[str, str, str]]:
    """(id, model, variant) of every answer already in a cover-all gold file, and in ``extra`` items files."""
    out = set()
    for path in sorted(OUT.glob("*cover_all*.json")):
        out |= _keys(path)
    for path in extra:
        out |= _keys(path)
    return out


def quota(spec: str) -> tuple[tuple[str, int], ...]:
    """``undercut=2,overcut=1,stint=1`` -> per-model quota (kinds in the order given)."""
    out = []
    for part in spec.split(","):
        kind, _, n = part.partition("=")
        if kind.strip() not in ("undercut", "overcut", "stint") or not n.strip().isdigit():
            raise argparse.ArgumentTypeError(f"bad quota part {part!r} (want e.g. undercut=2,overcut=1,stint=1)")
        out.append((kind.strip(), int(n)))
    return tuple(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--warehouse", type=Path, required=True)
    ap.add_argument("--seed", type=int, default=SEED, help=f"draw seed (default {SEED}, the first draw's)")
    ap.add_argument("--quota", type=quota, default=QUOTA,
                    help="per-model quota, e.g. undercut=2,overcut=1,stint=1 (default: the first draw's 4,2,2)")
    ap.add_argument("--out", type=Path, default=FIRST, help=f"items file to write (default {FIRST.name})")
    ap.add_argument("--exclude", type=Path, action="append", default=[],
                    help="items file whose answers are left out too (repeatable)")
    args = ap.parse_args()
    # a later draw never takes an answer of the first one
    extra = tuple(args.exclude) + ((FIRST,) if args.seed != SEED else ())
    inst = read_table(args.warehouse, "instances", {"season": 2025}).filter(pl.col("lang") == "en")
    rows = {(r["id"], r["variant"]): r for r in inst.iter_rows(named=True)}
    entries = rb.pit_entries(args.warehouse)
    done = labelled(extra)
    answers = [json.loads(line) for line in rb.MORE.read_text(encoding="utf-8").splitlines() if line.strip()]
    answers = [a for a in answers if a["model"] in MODELS and rb.held_out(a["id"]) and (a["id"], "default") in rows
               and (a["id"], a["model"], a["variant"]) not in done and eligible(json.loads(rows[(a["id"], "default")]["context"]), entries)]
    items = []
    for model in MODELS:
        mine = {a["id"]: a for a in answers if a["model"] == model}
        for kind, n in args.quota:
            pool = sorted(i for i in mine if i.split("::")[1] == kind)
            rng = random.Random(f"{args.seed}|{model}|{kind}")
            tie = {i: rng.random() for i in pool}
            for iid in sorted(pool, key=lambda i: (-signals(mine[i]["text"]), tie[i]))[:n]:
                a = mine[iid]
                dflt, var = rows[(iid, "default")], rows[(iid, a["variant"])]
                items.append({"id": iid, "model": model, "lang": "en", "variant": a["variant"],
                              "decision_type": dflt["decision_type"], "context_text": dflt["context_text"],
                              "ground_truth": ground_truth(json.loads(dflt["context"])), "prompt": var["prompt"],
                              "key_facts": key_facts(json.loads(dflt["facts"])), "text": a["text"]})
    path = args.out
    path.write_text(json.dumps(items, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{path.name}: {len(items)} items")


if __name__ == "__main__":
    main()
