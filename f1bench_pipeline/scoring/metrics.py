"""Per-generation scores and their aggregates (DESIGN §5). Pure functions."""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from f1bench_pipeline.instances.facts import Fact
from f1bench_pipeline.scoring.verifier import CONTRADICTED, SUPPORTED, UNVERIFIABLE, Verdict


@dataclass
class GenerationScore:
    n_claims: int
    n_supported: int
    n_contradicted: int
    n_unverifiable: int
    n_oracle: int
    n_covered: int
    precision: float | None
    strict_precision: float | None
    hallucination_rate: float | None
    recall: float
    f1: float
    abstained: bool
    covered_facts: list[str]
    missed_facts: list[str]


def coverage(verdicts: list[Verdict], oracle: list[Fact]) -> tuple[list[str], list[str]]:
    """Oracle facts matched by a supported claim with the same key (each fact at most once)."""
    oracle_ids = [f.fact_id for f in oracle]
    matched: set[str] = set()
    for v in verdicts:
        if v.label != SUPPORTED:
            continue
        for fid in v.matched:
            if fid in oracle_ids and fid not in matched:
                matched.add(fid)
                break
    covered = [f for f in oracle_ids if f in matched]
    return covered, [f for f in oracle_ids if f not in matched]


def score_generation(verdicts: list[Verdict], oracle: list[Fact]) -> GenerationScore:
    n = len(verdicts)
    sup = sum(v.label == SUPPORTED for v in verdicts)
    con = sum(v.label == CONTRADICTED for v in verdicts)
    unv = sum(v.label == UNVERIFIABLE for v in verdicts)
    covered, missed = coverage(verdicts, oracle)
    precision = sup / n if n else None
    strict = sup / (sup + con) if (sup + con) else None
    recall = len(covered) / len(oracle) if oracle else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision and recall else 0.0
    return GenerationScore(
        n_claims=n, n_supported=sup, n_contradicted=con, n_unverifiable=unv, n_oracle=len(oracle),
        n_covered=len(covered), precision=precision, strict_precision=strict,
        hallucination_rate=con / n if n else None, recall=recall, f1=f1, abstained=n == 0,
        covered_facts=covered, missed_facts=missed,
    )


def aggregate(scores: pl.DataFrame, by: list[str]) -> pl.DataFrame:
    """Macro (mean over generations) and micro (pooled counts) means, with the counts behind them.

    Only ``ok`` generations are scored; others are counted per status. Abstentions (no
    claims) are kept out of the precision means and counted; they score recall 0 and F1 0.
    """
    ok = pl.col("status") == "ok"
    scored = ok & pl.col("n_claims").is_not_null()
    return (
        scores.group_by(by)
        .agg(
            pl.len().alias("n_generations"),
            scored.sum().alias("n_scored"),
            (~ok).sum().alias("n_not_ok"),
            *[(pl.col("status") == s).sum().alias(f"n_{s}") for s in ("content_filtered", "refused", "truncated", "error")],
            (scored & (pl.col("n_claims") == 0)).sum().alias("n_abstentions"),
            pl.col("precision").filter(scored).mean().alias("precision"),
            pl.col("strict_precision").filter(scored).mean().alias("strict_precision"),
            pl.col("hallucination_rate").filter(scored).mean().alias("hallucination_rate"),
            pl.col("recall").filter(scored).mean().alias("recall"),
            pl.col("f1").filter(scored).mean().alias("f1"),
            (pl.col("n_supported").filter(scored).sum() / pl.col("n_claims").filter(scored).sum()).alias("micro_precision"),
            (pl.col("n_contradicted").filter(scored).sum() / pl.col("n_claims").filter(scored).sum()).alias("micro_hallucination"),
            (pl.col("n_covered").filter(scored).sum() / pl.col("n_oracle").filter(scored).sum()).alias("micro_recall"),
            pl.col("n_claims").filter(scored).mean().alias("claims_per_generation"),
        )
        .with_columns(
            (2 * pl.col("micro_precision") * pl.col("micro_recall") / (pl.col("micro_precision") + pl.col("micro_recall")))
            .fill_nan(0.0).alias("micro_f1")
        )
        .sort(by)
    )


def spearman(a: list[float], b: list[float]) -> float | None:
    """Spearman's rho with average ranks for ties (None for fewer than 2 points)."""
    n = len(a)
    if n < 2:
        return None
    # (as floats: a list mixing 1 and 0.8 is one numeric type to a person, two to polars)
    ra = pl.Series(a, dtype=pl.Float64, strict=False).rank("average").to_list()
    rb = pl.Series(b, dtype=pl.Float64, strict=False).rank("average").to_list()
    ma, mb = sum(ra) / n, sum(rb) / n
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    va = sum((x - ma) ** 2 for x in ra) ** 0.5
    vb = sum((y - mb) ** 2 for y in rb) ** 0.5
    return cov / (va * vb) if va and vb else None
