"""Validation of the instrument itself (pure functions over score tables).

* Controlled perturbation: the faithful template must score precision 1.000 and
  hallucination 0 on every instance; the noisy template is penalized roughly in
  proportion to its injected errors; the terse template has the highest precision and the
  lowest F1 — the abstention blind spot.
* Extractor agreement: system-level Spearman and instance-level Pearson, per language.
* Published generations: our counts and scores beside the published extractors'.
"""

from __future__ import annotations

from typing import Any

import polars as pl

from f1bench_pipeline.scoring.metrics import aggregate, spearman

TEMPLATE_FAITHFUL, TEMPLATE_NOISY, TEMPLATE_TERSE = "template-faithful", "template-noisy", "template-terse"


def _scored(scores: pl.DataFrame) -> pl.DataFrame:
    return scores.filter((pl.col("status") == "ok") & (pl.col("extraction_status") == "ok"))


def perturbation_report(scores: pl.DataFrame) -> dict[str, Any]:
    """Checks and figures of the controlled-perturbation validation."""
    s = _scored(scores)
    table = aggregate(s, ["model"]) if s.height else pl.DataFrame()
    by_model = {r["model"]: r for r in table.iter_rows(named=True)} if s.height else {}
    faithful = s.filter(pl.col("model") == TEMPLATE_FAITHFUL)
    bad = faithful.filter((pl.col("precision") < 1.0) | (pl.col("n_contradicted") > 0) | pl.col("precision").is_null())
    report: dict[str, Any] = {
        "table": table,
        "faithful_generations": faithful.height,
        "faithful_not_perfect": bad.height,
        "faithful_examples": bad.select("id", "lang", "variant", "precision", "n_contradicted", "n_unverifiable").head(10).to_dicts(),
        "checks": {},
    }
    if by_model.get(TEMPLATE_FAITHFUL):
        report["checks"]["faithful_precision_exactly_1"] = bad.height == 0 and faithful.height > 0
    present = [m for m in (TEMPLATE_FAITHFUL, TEMPLATE_NOISY, TEMPLATE_TERSE) if m in by_model]
    if len(present) == 3:
        p = {m: by_model[m]["precision"] for m in present}
        f = {m: by_model[m]["f1"] for m in present}
        report["checks"]["noisy_penalized"] = p[TEMPLATE_NOISY] < p[TEMPLATE_FAITHFUL]
        report["checks"]["terse_highest_precision"] = p[TEMPLATE_TERSE] >= max(p.values()) - 1e-12
        report["checks"]["terse_lowest_f1"] = f[TEMPLATE_TERSE] <= min(f.values()) + 1e-12
    return report


def extractor_agreement(a: pl.DataFrame, b: pl.DataFrame, name_a: str = "regex", name_b: str = "llm") -> pl.DataFrame:
    """Per language: instance-level Pearson (claims per generation, precision) and system-level
    Spearman (mean precision, mean F1) between two extractors scoring the same generations."""
    keys = ["model", "id", "lang", "variant"]
    cols = ["n_claims", "precision", "f1"]
    j = _scored(a).select(*keys, *cols).join(_scored(b).select(*keys, *cols), on=keys, suffix=f"_{name_b}")
    rows = []
    for (lang,), g in j.group_by(["lang"], maintain_order=True):
        sys_a = g.group_by("model").agg(pl.col("precision").mean(), pl.col("f1").mean())
        sys_b = g.group_by("model").agg(pl.col(f"precision_{name_b}").mean(), pl.col(f"f1_{name_b}").mean())
        sysj = sys_a.join(sys_b, on="model")
        both = g.drop_nulls(["precision", f"precision_{name_b}"])
        rows.append({
            "lang": lang, "generations": g.height, "systems": sysj.height,
            "pearson_claims": g.select(pl.corr("n_claims", f"n_claims_{name_b}")).item() if g.height > 2 else None,
            "pearson_precision": both.select(pl.corr("precision", f"precision_{name_b}")).item() if both.height > 2 else None,
            "spearman_system_precision": spearman(sysj["precision"].to_list(), sysj[f"precision_{name_b}"].to_list()),
            "spearman_system_f1": spearman(sysj["f1"].to_list(), sysj[f"f1_{name_b}"].to_list()),
        })
    return pl.DataFrame(rows) if rows else pl.DataFrame()


def published_comparison(scores: pl.DataFrame, published: pl.DataFrame) -> pl.DataFrame:
    """Our claims per answer, precision, recall, F1 per model and language beside the
    published regex and LLM extractors' claim counts (``published`` has model, id, lang,
    published_regex_claims, published_llm_claims)."""
    s = _scored(scores).join(published, on=["model", "id", "lang"], how="left")
    return (
        s.group_by("model", "lang")
        .agg(
            pl.len().alias("answers_scored"),
            pl.col("n_claims").mean().alias("claims_per_answer"),
            pl.col("published_regex_claims").mean().alias("published_regex_claims_per_answer"),
            pl.col("published_llm_claims").mean().alias("published_llm_claims_per_answer"),
            (pl.col("n_claims") == 0).mean().alias("zero_claim_share"),
            (pl.col("published_regex_claims") == 0).mean().alias("published_regex_zero_claim_share"),
            pl.col("precision").mean().alias("precision"),
            pl.col("recall").mean().alias("recall"),
            pl.col("f1").mean().alias("f1"),
        )
        .sort("model", "lang")
    )


def claim_count_agreement(scores: pl.DataFrame, published: pl.DataFrame) -> pl.DataFrame:
    """Per language: instance-level Pearson between our regex claim counts and the published
    LLM extractor's, and system-level Spearman of mean claims per answer."""
    s = _scored(scores).join(published, on=["model", "id", "lang"], how="inner").drop_nulls("published_llm_claims")
    rows = []
    for (lang,), g in s.group_by(["lang"], maintain_order=True):
        sys = g.group_by("model").agg(pl.col("n_claims").mean(), pl.col("published_llm_claims").mean(),
                                      pl.col("published_regex_claims").mean())
        rows.append({
            "lang": lang, "answers": g.height,
            "pearson_ours_vs_published_llm": g.select(pl.corr("n_claims", "published_llm_claims")).item() if g.height > 2 else None,
            "pearson_published_regex_vs_llm": g.select(pl.corr("published_regex_claims", "published_llm_claims")).item() if g.height > 2 else None,
            "spearman_systems_ours_vs_published_llm": spearman(sys["n_claims"].to_list(), sys["published_llm_claims"].to_list()),
        })
    return pl.DataFrame(rows).sort("lang") if rows else pl.DataFrame()
