"""Benchmark of the regex claim extractor (figures printed, never asserted).

(1) gold: claim-level precision / recall per language against the 48 hand-annotated
    answers in ../shared/data/paper_generations/gold_dev (16 per language). A predicted
    claim matches a gold claim of the same type when every key slot the gold claim fills
    is equal (seconds within 0.05, compared as absolute values: the oracle keys gaps by
    size). Reported for the declared types (everything but ``other``) per type and in
    total, and overall (gold ``other`` claims counted as missed).
(2) dev.jsonl (1,171 answers with text): mean claims per answer and share of answers with
    zero claims per language, ours vs the published regex / LLM extractors.
(3) speed: extraction alone over every dev text, one process, texts per second.

Usage: python benchmarks/extractor_bench.py [--verbose] [--lang es]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from f1bench_pipeline.domains.f1.extract import extract_claims  # noqa: E402
from f1bench_pipeline.domains.f1.gold import load_gold as _load_gold  # noqa: E402
from f1bench_pipeline.domains.f1.gold import match_claims  # noqa: E402

SHARED = REPO.parent / "shared" / "data" / "paper_generations"
LANGS = ("en", "es", "pt")

def context_entities(context: str) -> dict:
    drivers = list(dict.fromkeys(re.findall(r"Driver ([A-Z]{3})\b", context or "")))
    return {"drivers": drivers, "teams": []}


def load_gold(lang: str) -> list[tuple[dict, dict]]:
    return _load_gold(SHARED / "gold_dev", lang)


score_item = match_claims


def gold_eval(verbose: bool = False, only_lang: str | None = None) -> dict[str, dict]:
    results: dict[str, dict] = {}
    for lang in LANGS:
        if only_lang and lang != only_lang:
            continue
        per_type = defaultdict(lambda: Counter())
        n_other_gold = 0
        folded = 0
        for g, item in load_gold(lang):
            preds = extract_claims(item["text"], lang, context_entities(item.get("context_text", "")))
            declared = [c for c in g["claims"] if c["type"] != "other"]
            n_other_gold += len(g["claims"]) - len(declared)
            preds = [p for p in preds if p.type != "other"]
            matches, missed, spurious = score_item(declared, preds)
            for gc, _p in matches:
                per_type[gc["type"]]["tp"] += 1
            for gc in missed:
                per_type[gc["type"]]["fn"] += 1
            for p in spurious:
                per_type[p.type]["fp"] += 1
            # the gold folds "First stint (MEDIUM, laps 1-40)" into one stint_laps claim; our
            # separate stint_compound for the same driver+compound is then counted as spurious
            laps_gold = {(gc["slots"].get("driver"), gc["slots"].get("compound")) for gc in declared
                         if gc["type"] == "stint_laps"}
            folded += sum(1 for p in spurious if p.type == "stint_compound" and
                          (p.slots.get("driver"), p.slots.get("compound")) in laps_gold)
            if verbose and (missed or spurious):
                print(f"--- {lang} {g['id']} {g['model']}")
                for gc in missed:
                    print(f"   MISS {gc['type']} {gc['slots']} | {gc['span'][:90]!r}")
                for p in spurious:
                    print(f"   XTRA {p.type} {p.slots} | {p.span.text[:90]!r}")
        tp = sum(c["tp"] for c in per_type.values())
        fp = sum(c["fp"] for c in per_type.values())
        fn = sum(c["fn"] for c in per_type.values())
        results[lang] = {
            "per_type": {k: dict(v) for k, v in sorted(per_type.items())},
            "precision": tp / (tp + fp) if tp + fp else 0.0,
            "recall": tp / (tp + fn) if tp + fn else 0.0,
            "recall_overall": tp / (tp + fn + n_other_gold) if tp + fn + n_other_gold else 0.0,
            "tp": tp, "fp": fp, "fn": fn, "gold_other": n_other_gold, "folded": folded,
            "precision_unfolded": (tp + folded) / (tp + fp) if tp + fp else 0.0,
        }
    return results


def print_gold(results: dict[str, dict]) -> None:
    print("\n(1) Gold claim-level precision / recall (declared types; 'overall' counts gold 'other' as missed)")
    print(f"{'lang':<5}{'P':>7}{'R':>7}{'F1':>7}{'R_all':>8}{'tp':>5}{'fp':>5}{'fn':>5}{'P*':>7}")
    tot = Counter()
    for lang, r in results.items():
        f1 = 2 * r["precision"] * r["recall"] / (r["precision"] + r["recall"]) if r["precision"] + r["recall"] else 0
        print(f"{lang:<5}{r['precision']:7.3f}{r['recall']:7.3f}{f1:7.3f}{r['recall_overall']:8.3f}"
              f"{r['tp']:5d}{r['fp']:5d}{r['fn']:5d}{r['precision_unfolded']:7.3f}")
        tot.update({k: r[k] for k in ("tp", "fp", "fn", "gold_other", "folded")})
    if len(results) > 1:
        p = tot["tp"] / (tot["tp"] + tot["fp"]) if tot["tp"] + tot["fp"] else 0
        rr = tot["tp"] / (tot["tp"] + tot["fn"]) if tot["tp"] + tot["fn"] else 0
        ra = tot["tp"] / (tot["tp"] + tot["fn"] + tot["gold_other"])
        f1 = 2 * p * rr / (p + rr) if p + rr else 0
        pu = (tot["tp"] + tot["folded"]) / (tot["tp"] + tot["fp"]) if tot["tp"] + tot["fp"] else 0
        print(f"{'all':<5}{p:7.3f}{rr:7.3f}{f1:7.3f}{ra:8.3f}{tot['tp']:5d}{tot['fp']:5d}{tot['fn']:5d}{pu:7.3f}")
    print("    P* = precision when a stint_compound the gold folded into its stint_laps claim (same driver and")
    print("         compound) is not counted as spurious; R_all = recall over all gold claims incl. 'other'")
    types = sorted({t for r in results.values() for t in r["per_type"]})
    print("\n    per type  (tp/fp/fn by language)")
    for t in types:
        cells = []
        for lang, r in results.items():
            c = r["per_type"].get(t, {})
            cells.append(f"{lang}: {c.get('tp', 0):3d}/{c.get('fp', 0):3d}/{c.get('fn', 0):3d}")
        print(f"    {t:<17}" + "   ".join(cells))


def dev_rows() -> list[dict]:
    return [json.loads(line) for line in open(SHARED / "dev.jsonl", encoding="utf-8")]


def dev_eval(rows: list[dict]) -> None:
    print("\n(2) dev.jsonl: claims per answer and share of answers with zero claims")
    print(f"{'lang':<5}{'n':>5}{'ours':>8}{'pub_rx':>8}{'pub_llm':>8}{'zero_ours':>11}{'zero_pub_rx':>13}"
          f"{'zero_pub_llm':>14}")
    for lang in LANGS:
        rs = [r for r in rows if r["lang"] == lang and r.get("text")]
        ours = [len(extract_claims(r["text"], lang)) for r in rs]
        pub = [r["published_regex"]["n_claims"] for r in rs]
        llm = [r["published_llm"]["n_claims"] for r in rs]
        n = len(rs)
        print(f"{lang:<5}{n:5d}{sum(ours) / n:8.2f}{sum(pub) / n:8.2f}{sum(llm) / n:8.2f}"
              f"{sum(x == 0 for x in ours) / n:11.3f}{sum(x == 0 for x in pub) / n:13.3f}"
              f"{sum(x == 0 for x in llm) / n:14.3f}")
    types = Counter()
    for r in rows:
        if r.get("text"):
            types.update(c.type for c in extract_claims(r["text"], r["lang"]))
    print("    claim types on dev:", dict(types.most_common()))


def speed(rows: list[dict], repeats: int = 5) -> None:
    texts = [(r["text"], r["lang"]) for r in rows if r.get("text")]
    for t, lang in texts:  # warm the caches (regex compilation per language, driver table)
        extract_claims(t, lang)
    walls: list[float] = []
    best_cpu = float("inf")
    n_claims = 0
    for _ in range(repeats):
        t0, c0 = time.perf_counter(), time.process_time()
        n_claims = 0
        for t, lang in texts:
            n_claims += len(extract_claims(t, lang))
        walls.append(time.perf_counter() - t0)
        best_cpu = min(best_cpu, time.process_time() - c0)
    best_wall, med_wall = min(walls), sorted(walls)[len(walls) // 2]
    chars = sum(len(t) for t, _ in texts)
    print(f"\n(3) speed: {len(texts)} texts ({chars / len(texts):.0f} chars avg), extraction only, one process, "
          f"{repeats} runs:")
    print(f"    wall best {best_wall:.3f}s -> {len(texts) / best_wall:,.0f} texts/s ({chars / best_wall / 1e6:.2f} MB/s), "
          f"median {med_wall:.3f}s -> {len(texts) / med_wall:,.0f} texts/s; cpu best {best_cpu:.3f}s -> "
          f"{len(texts) / best_cpu:,.0f} texts/s; {best_cpu / len(texts) * 1e6:.0f} us/text; {n_claims} claims")
    print("    (the whole scoring path -- extraction, verification, recall -- is timed by benchmarks/scoring_bench.py)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--verbose", action="store_true", help="print every missed / spurious gold claim")
    ap.add_argument("--lang", choices=LANGS)
    ap.add_argument("--no-speed", action="store_true")
    args = ap.parse_args()
    if not SHARED.exists():
        print(f"shared data not found at {SHARED}; nothing to benchmark")
        return
    print_gold(gold_eval(args.verbose, args.lang))
    rows = dev_rows()
    dev_eval(rows)
    if not args.no_speed:
        speed(rows)


if __name__ == "__main__":
    main()
