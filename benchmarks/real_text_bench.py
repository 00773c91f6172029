"""The instrument on real answers no one labelled: contradicted claims, claims per answer, by model.

Reads a JSONL of real answers (``../shared/data/paper_generations/more.jsonl`` by default: the two
dev models' cover-all answers and a 3B open model's answers before and after fine-tuning; or
``dev.jsonl``), extracts and verifies every answer whose id our 2025 instances hold, and prints
per model and language: answers, claims per answer, contradicted and unverifiable claims.

**The held-out part.** ``more.jsonl`` is split by question: an id whose SHA-256 is 0 mod 3 is
held out (about a third of the questions, for every model). Tuning looks at the ``tune`` part
only (``--split tune --list`` prints every contradicted claim with its sentence, to classify by
hand); the ``heldout`` part is measured, counts only, before and after a change
(``--split heldout``; ``--list`` is refused there so its sentences are not read while tuning).

Figures are printed, never asserted. Usage:
    python benchmarks/real_text_bench.py --warehouse /tmp/full/warehouse [--file F] [--split tune|heldout|all]
        [--list] [--json]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import polars as pl  # noqa: E402

from f1bench_pipeline.domains.f1.extract import extract_claims  # noqa: E402
from f1bench_pipeline.domains.f1.verifier import verify_claim  # noqa: E402
from f1bench_pipeline.scoring.score import InstanceFacts  # noqa: E402
from f1bench_pipeline.storage.warehouse import read_table  # noqa: E402

MORE = REPO.parent / "shared" / "data" / "paper_generations" / "more.jsonl"


def held_out(instance_id: str) -> bool:
    """A third of the questions, the same for every model, fixed before any tuning."""
    return int(hashlib.sha256(instance_id.encode()).hexdigest(), 16) % 3 == 0


def _sentence(text: str, start: int, end: int) -> str:
    a = max(text.rfind("\n", 0, start), text.rfind(". ", 0, start) + 1, 0)
    b = [i for i in (text.find("\n", end), text.find(". ", end)) if i >= 0]
    return text[a:min(b) if b else len(text)].strip()


def evaluate(warehouse: Path, path: Path, split: str, listing: bool) -> dict:
    instances = read_table(warehouse, "instances", {"season": 2025})
    if instances.is_empty():
        raise SystemExit(f"no 2025 instances in {warehouse}: build the 2025 season first")
    index = InstanceFacts(instances.filter(pl.col("variant") == "default"))
    out: dict[str, Counter] = {}
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        row = json.loads(line)
        iid, text = row.get("id"), row.get("text")
        if not isinstance(text, str) or not text.strip():
            continue
        if split != "all" and path.name == "more.jsonl" and held_out(iid) != (split == "heldout"):
            continue
        key = f"{row.get('model')}|{row.get('lang')}"
        c = out.setdefault(key, Counter())
        if iid not in index:
            c["missing"] += 1
            continue
        _oracle, idx, entities = index.get(iid)
        lang = row.get("lang") or "en"
        claims = extract_claims(text, lang, entities)
        c["answers"] += 1
        c["claims"] += len(claims)
        for cl in claims:
            v = verify_claim(cl, idx)
            c[v.label] += 1
            if v.label == "contradicted" and listing:
                span = cl.span.text if cl.span else ""
                sent = _sentence(text, cl.span.start, cl.span.end) if cl.span else ""
                print(f"[{key} line {n}] {iid}\n    {cl.type} {cl.slots} | {span!r}\n    {v.reason}\n"
                      f"    > {sent[:300]!r}")
    return dict(sorted(out.items()))


def report(results: dict) -> None:
    print(f"{'model|lang':<28}{'answers':>8}{'claims/ans':>11}{'contra':>8}{'unverif':>8}{'C share':>9}")
    tot: Counter = Counter()
    for key, c in results.items():
        tot.update(c)
        _row(key, c)
    _row("all", tot)


def _row(key: str, c: Counter) -> None:
    cpa = c["claims"] / c["answers"] if c["answers"] else 0.0
    share = c["contradicted"] / c["claims"] if c["claims"] else 0.0
    print(f"{key[:28]:<28}{c['answers']:8d}{cpa:11.2f}{c['contradicted']:8d}{c['unverifiable']:8d}{share:9.2%}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--warehouse", type=Path, default=REPO / "data" / "warehouse")
    ap.add_argument("--file", type=Path, default=MORE)
    ap.add_argument("--split", choices=("tune", "heldout", "all"), default="tune")
    ap.add_argument("--list", action="store_true", help="print every contradicted claim (not on the held-out part)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.list and args.split != "tune" and args.file.name == "more.jsonl":
        raise SystemExit("--list reads the sentences: only on --split tune of more.jsonl")
    results = evaluate(args.warehouse, args.file, args.split, args.list)
    report(results)
    if args.json:
        print(json.dumps({k: dict(v) for k, v in results.items()}, indent=1))


if __name__ == "__main__":
    main()
