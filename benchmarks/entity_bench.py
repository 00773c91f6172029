"""Inserted entities on real answers (issue #44): how many ``entity`` claims f1bench makes (a driver
or team the answer names that the instance's context does not hold), and which names it may miss.

For each answer of ``dev.jsonl`` and ``more.jsonl`` whose id our 2025 instances hold: the entity
claims, by split (an id whose SHA-256 is 0 mod 3 is held out: counts only). ``--list`` prints, for
the tune split only, the entity claims' names and the capitalised words no name token read (the
candidates for a missed name: a first name, a full name's other half, a team principal, a team
variant), with counts — words, never sentences.

Usage:
    python benchmarks/entity_bench.py --warehouse /work/full/warehouse [--list] [--top 80]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import polars as pl  # noqa: E402

from f1bench_pipeline.domains.f1.extract import extract_claims  # noqa: E402
from f1bench_pipeline.domains.f1.extract.document import Document  # noqa: E402
from f1bench_pipeline.domains.f1.extract.tokenizer import tokenize  # noqa: E402
from f1bench_pipeline.domains.f1.extract.tokens import DRIVER, TEAM  # noqa: E402
from f1bench_pipeline.storage.warehouse import read_table  # noqa: E402

DATA = REPO.parent / "shared" / "data" / "paper_generations"
_CAPITALISED = re.compile(r"(?<![\w-])[A-ZÁÉÍÓÚÄÖÜ][a-záéíóúäöüñç]+(?:[- ][A-Z][a-záéíóúäöüñç]+)*")


def held_out(instance_id: str) -> bool:
    return int(hashlib.sha256(instance_id.encode()).hexdigest(), 16) % 3 == 0


def name_spans(text: str, lang: str, entities: dict) -> list[tuple[int, int]]:
    doc = Document(text, lang, entities, None)
    tokenize(doc)
    return [(t.start, t.end) for t in doc.toks if t.kind in (DRIVER, TEAM)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--warehouse", type=Path, required=True)
    ap.add_argument("--list", action="store_true", help="tune split: entity names and unread capitalised words")
    ap.add_argument("--top", type=int, default=80)
    args = ap.parse_args()
    inst = read_table(args.warehouse, "instances", {"season": 2025}).filter(pl.col("variant") == "default")
    ents = {r["id"]: json.loads(r["entities"]) for r in inst.select("id", "entities").unique("id").iter_rows(named=True)}
    for name in ("dev.jsonl", "more.jsonl"):
        counts: dict[str, Counter] = {"tune": Counter(), "heldout": Counter()}
        names, unread = Counter(), Counter()
        for line in (DATA / name).read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            iid, text, lang = row.get("id"), row.get("text"), row.get("lang") or "en"
            if iid not in ents or not isinstance(text, str):
                continue
            split = "heldout" if held_out(iid) else "tune"
            c = counts[split]
            c["answers"] += 1
            found = [x for x in extract_claims(text, lang, ents[iid]) if x.type == "entity"]
            c["entity_claims"] += len(found)
            c["answers_with_entity"] += bool(found)
            if args.list and split == "tune":
                names.update(f"{lang}:{x.slots['name']}" for x in found)
                spans = name_spans(text, lang, ents[iid])
                for m in _CAPITALISED.finditer(text):
                    if not any(a < m.end() and m.start() < b for a, b in spans):
                        unread[m.group(0)] += 1
        for split, c in counts.items():
            print(f"{name} {split}: {c['answers']} answers, {c['entity_claims']} entity claims "
                  f"in {c['answers_with_entity']} answers")
        if args.list:
            print("  entity names (tune):", ", ".join(f"{k} {n}" for k, n in names.most_common(args.top)))
            print("  capitalised words no name token read (tune):",
                  ", ".join(f"{k} {n}" for k, n in unread.most_common(args.top)))


if __name__ == "__main__":
    main()
