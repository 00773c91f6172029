"""Controlled perturbation, in one process: the template systems' answers scored by the scoring path.

For every instance row of the given seasons of a built warehouse (every language and prompt
variant), the answers of ``template-faithful``, ``template-noisy`` and ``template-terse``
(``domains/f1/templates.py``, with the instance's structured context, as the offline provider
renders them) are scored by ``score_generations`` (regex extractor, verifier, recall). Printed per
system: precision, hallucination rate, recall and claims per answer over all claims, and the same
precision over the claims of the types beyond the paper's ontology alone (``claims.py`` after
``other``): faithful must stay at 1.000 with them read, noisy must fall with its perturbed new facts.

The Dagster path (generations through litellm's custom provider) is ``offline_systems_bench.py``;
this one measures the instrument, not the orchestration. Figures are printed, never asserted.

    python benchmarks/perturbation_bench.py --warehouse /work/full/warehouse [--seasons 2025 2024]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import polars as pl  # noqa: E402

from f1bench_pipeline.domains.f1.claims import ClaimType  # noqa: E402
from f1bench_pipeline.domains.f1.extract import extract_claims  # noqa: E402
from f1bench_pipeline.domains import get_domain  # noqa: E402
from f1bench_pipeline.domains.scoring import score_generations  # noqa: E402
from f1bench_pipeline.domains.f1.templates import template_answer  # noqa: E402
from f1bench_pipeline.storage.warehouse import read_table  # noqa: E402

SYSTEMS = ("faithful", "noisy", "terse")
NEW_TYPES = frozenset(ClaimType.__args__[ClaimType.__args__.index("other") + 1:])  # type: ignore[attr-defined]


def answers(instances: pl.DataFrame, kind: str) -> pl.DataFrame:
    rows = []
    for r in instances.iter_rows(named=True):
        text = template_answer(kind, r["facts"], r["lang"], r["id"], r["entities"], 0, r.get("context"))
        rows.append({"id": r["id"], "lang": r["lang"], "variant": r["variant"], "season": r["season"],
                     "model": f"template-{kind}", "status": "ok", "text": text})
    return pl.DataFrame(rows)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--warehouse", type=Path, required=True)
    ap.add_argument("--seasons", nargs="+", type=int, default=[2025])
    args = ap.parse_args()
    print(f"{'season':>6} {'system':<10}{'answers':>8}{'P':>7}{'halluc':>8}{'R':>7}{'claims/ans':>11}"
          f"{'new claims':>11}{'new P':>7}{'new contra':>11}")
    for season in args.seasons:
        instances = read_table(args.warehouse, "instances", {"season": season})
        if instances.is_empty():
            print(f"{season}: no instances in {args.warehouse}")
            continue
        facts = get_domain("f1").index(instances)
        for kind in SYSTEMS:
            gens = answers(instances, kind)
            claims, scores = score_generations(get_domain("f1"), gens, facts, extract_claims)
            ok = scores.filter(pl.col("precision").is_not_null())
            new = claims.filter(pl.col("type").is_in(list(NEW_TYPES)))
            labels = Counter(new["label"].to_list())
            new_p = labels["supported"] / new.height if new.height else float("nan")
            print(f"{season:>6} {kind:<10}{scores.height:8d}{ok['precision'].mean():7.3f}"
                  f"{ok['hallucination_rate'].mean():8.3f}{scores['recall'].mean():7.3f}"
                  f"{claims.height / scores.height:11.2f}{new.height:11d}{new_p:7.3f}{labels['contradicted']:11d}")


if __name__ == "__main__":
    main()
