"""The instrument's own error, measured against human judgments (pure polars over ``claim_reviews``).

Per reviewer, season, prompt variant, extractor, model and language (and ``lang = 'all'``
pooled), one row per metric with its count ``k`` over ``n``, the ``rate`` k / n and a 95%
Wilson score interval (``ci_low``, ``ci_high``; z = 1.959964). Letters: L is our label,
H the human's.

=============================  ==============================================  ===================================
metric                         k                                               n
=============================  ==============================================  ===================================
agreement                      judged claims with H = L                        judged claims
false_contradiction            L contradicted, H supported or not_a_claim      L contradicted
false_contradiction_of_all     (same k)                                        judged claims
false_unverifiable             L unverifiable, H supported or not_a_claim      L unverifiable
false_unverifiable_of_all      (same k)                                        judged claims
missed_contradiction           H contradicted, L not contradicted              H contradicted (extracted claims)
not_a_claim                    H not_a_claim                                   judged claims
missed_claim                   claims the reviewer added                       real claims: extracted with H ≠
                                                                               not_a_claim, plus added
missed_declared_claim          the same, of a declared type (not ``other``)    the same, of a declared type
precision_ours                 L supported                                     extracted claims
precision_human                H supported (extracted and added)               real claims (as for missed_claim)
=============================  ==============================================  ===================================

The last four count only answers marked ``reviewed`` (whole answers); the others every
judged claim. ``missed_declared_claim`` leaves out ``other`` claims (comparisons, averages,
SC mentions): the verifier never supports them, so an extractor that skips them loses
nothing in precision, and on the shared gold they are most of what it misses. The two precisions are micro-averages over the same reviewed answers, ours
beside the human's: their gap is the instrument's bias on precision.

Caveat on the intervals: Wilson treats claims as independent draws, but claims of one
answer are correlated (one answer with many false contradictions moves the rate), so the
intervals are somewhat too narrow for claim-level rates; ``n_answers`` says how many
answers they rest on. The same figures are the ``instrument_error`` view
(``sql/views/81__instrument_error.sql``); a test checks the two agree.
"""

from __future__ import annotations

import math

import polars as pl

from f1bench_pipeline.review.sheet import ANSWER, CLAIM, CONTRADICTED, MISSED, NOT_A_CLAIM, SUPPORTED, UNVERIFIABLE

Z95 = 1.959964
GROUP = ["reviewer", "season", "variant", "extractor", "model", "lang"]
METRICS = ("agreement", "false_contradiction", "false_contradiction_of_all", "false_unverifiable",
           "false_unverifiable_of_all", "missed_contradiction", "not_a_claim", "missed_claim", "missed_declared_claim",
           "precision_ours", "precision_human")
OUTPUT_COLUMNS = [*GROUP, "metric", "k", "n", "rate", "ci_low", "ci_high", "n_answers", "n_reviewed_answers",
                  "n_judged_claims", "n_missed_claims"]


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float] | None:
    """The Wilson score interval of k successes in n trials; None when n is 0."""
    if n <= 0:
        return None
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def _wilson_exprs(z: float = Z95) -> list[pl.Expr]:
    k, n = pl.col("k").cast(pl.Float64), pl.col("n").cast(pl.Float64)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * (p * (1 - p) / n + z * z / (4 * n * n)).sqrt() / denom
    ok = pl.col("n") > 0
    return [pl.when(ok).then(p).alias("rate"),
            pl.when(ok).then(pl.max_horizontal(centre - half, pl.lit(0.0))).alias("ci_low"),
            pl.when(ok).then(pl.min_horizontal(centre + half, pl.lit(1.0))).alias("ci_high")]


def _counts(reviews: pl.DataFrame) -> pl.DataFrame:
    L, H, kind = pl.col("label"), pl.col("human_label"), pl.col("row_type")
    claim, missed, reviewed = kind == CLAIM, kind == MISSED, pl.col("answer_reviewed").fill_null(False)
    wrong = H.is_in([SUPPORTED, NOT_A_CLAIM])

    def count(cond: pl.Expr) -> pl.Expr:
        return cond.fill_null(False).sum().cast(pl.Int64)

    return reviews.group_by(GROUP).agg(
        count(kind == ANSWER).alias("n_answers"),
        count((kind == ANSWER) & reviewed).alias("n_reviewed_answers"),
        count(claim).alias("n_judged_claims"),
        count(missed).alias("n_missed_claims"),
        count(claim & (H == L)).alias("agree"),
        count(claim & (L == CONTRADICTED)).alias("ours_contradicted"),
        count(claim & (L == CONTRADICTED) & wrong).alias("false_contradicted"),
        count(claim & (L == UNVERIFIABLE)).alias("ours_unverifiable"),
        count(claim & (L == UNVERIFIABLE) & wrong).alias("false_unverifiable"),
        count(claim & (H == CONTRADICTED)).alias("human_contradicted"),
        count(claim & (H == CONTRADICTED) & (L != CONTRADICTED)).alias("missed_contradicted"),
        count(claim & (H == NOT_A_CLAIM)).alias("not_a_claim"),
        count(claim & reviewed).alias("r_claims"),
        count(claim & reviewed & (H != NOT_A_CLAIM)).alias("r_real"),
        count(claim & reviewed & (L == SUPPORTED)).alias("r_ours_supported"),
        count((claim | missed) & reviewed & (H == SUPPORTED)).alias("r_human_supported"),
        count(missed & reviewed).alias("r_missed"),
        count(claim & reviewed & (H != NOT_A_CLAIM) & (pl.col("type") != "other")).alias("r_real_declared"),
        count(missed & reviewed & (pl.col("type") != "other")).alias("r_missed_declared"),
    )


# metric → (k, n) over the counts above
_DEFINITIONS: dict[str, tuple[pl.Expr, pl.Expr]] = {
    "agreement": (pl.col("agree"), pl.col("n_judged_claims")),
    "false_contradiction": (pl.col("false_contradicted"), pl.col("ours_contradicted")),
    "false_contradiction_of_all": (pl.col("false_contradicted"), pl.col("n_judged_claims")),
    "false_unverifiable": (pl.col("false_unverifiable"), pl.col("ours_unverifiable")),
    "false_unverifiable_of_all": (pl.col("false_unverifiable"), pl.col("n_judged_claims")),
    "missed_contradiction": (pl.col("missed_contradicted"), pl.col("human_contradicted")),
    "not_a_claim": (pl.col("not_a_claim"), pl.col("n_judged_claims")),
    "missed_claim": (pl.col("r_missed"), pl.col("r_real") + pl.col("r_missed")),
    "missed_declared_claim": (pl.col("r_missed_declared"), pl.col("r_real_declared") + pl.col("r_missed_declared")),
    "precision_ours": (pl.col("r_ours_supported"), pl.col("r_claims")),
    "precision_human": (pl.col("r_human_supported"), pl.col("r_real") + pl.col("r_missed")),
}


def instrument_error(reviews: pl.DataFrame, z: float = Z95) -> pl.DataFrame:
    """The long table above (``OUTPUT_COLUMNS``), sorted by its group, then metric order."""
    if reviews.is_empty():
        return pl.DataFrame(schema={c: (pl.Int64 if c in ("season", "k", "n") or c.startswith("n_") else
                                        pl.Float64 if c in ("rate", "ci_low", "ci_high") else pl.Utf8)
                                    for c in OUTPUT_COLUMNS})
    both = pl.concat([reviews, reviews.with_columns(pl.lit("all").alias("lang"))], how="vertical_relaxed")
    counts = _counts(both)
    shared = [*GROUP, "n_answers", "n_reviewed_answers", "n_judged_claims", "n_missed_claims"]
    long = pl.concat([counts.select(*shared, pl.lit(name).alias("metric"), k.alias("k"), n.alias("n"))
                      for name, (k, n) in _DEFINITIONS.items()])
    order = {m: i for i, m in enumerate(METRICS)}
    return (long.with_columns(_wilson_exprs(z))
            .with_columns(pl.col("metric").replace_strict(order, return_dtype=pl.Int64).alias("_order"),
                          (pl.col("lang") == "all").alias("_all"))
            .sort([*GROUP[:-1], "_all", "lang", "_order"]).drop("_order", "_all")
            .select(OUTPUT_COLUMNS))
