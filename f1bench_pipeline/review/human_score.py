"""The human score of a reviewed answer: precision, recall and F1 from one reviewer's judgments (pure).

The one definition, used for the judgments of a sheet (``f1bench review import``) and for
the shared claim-level gold (``f1bench review gold``), both stored as ``claim_reviews`` rows:

* **precision** = claims the reviewer calls ``supported`` / claims the reviewer accepts.
  The accepted claims are f1bench's extracted claims with the reviewer's label, less those
  labelled ``not_a_claim``, plus the claims the reviewer added as missed. As in f1bench's
  own precision, ``unverifiable`` counts against it. No accepted claim: undefined (NULL).
* **recall** = oracle facts the reviewer confirms the answer states / the answer's oracle
  facts (one ``fact`` row each, ``human_label`` ``stated`` or ``not_stated``). Defined
  only when every fact row of the answer is judged (a sheet exported before fact rows
  existed gives none: that answer corrects precision only).
* **F1** = 2PR / (P + R); 0 when P or R is 0 or P is undefined (an abstention), as for
  f1bench's F1; undefined when R is.

Only answers marked ``reviewed`` (whole answers: every claim judged, missed claims
added) get a score. ``sampling`` says whether the answer was judged as part of a uniform
random sample of its model × language stratum (``random``, checked at import against the
export's seed: ``review/export.py``) or not (``not_random``: the gold, a hand-picked
sheet, a sheet judged out of order) — the correction in the leaderboard is valid only for
the former.
"""

from __future__ import annotations

import polars as pl

from f1bench_pipeline.review.sheet import ANSWER, CLAIM, FACT, MISSED, NOT_A_CLAIM, STATED, SUPPORTED
from f1bench_pipeline.storage.views import OPTIONAL_INPUT_SCHEMAS

RANDOM, NOT_RANDOM = "random", "not_random"
SAMPLINGS = (RANDOM, NOT_RANDOM)
ANSWER_KEY = ["model", "season", "id", "lang", "variant", "extractor"]
# The review_scores table: one row per reviewer × reviewed answer (season × model partitions).
HUMAN_SCORE_SCHEMA = OPTIONAL_INPUT_SCHEMAS["review_scores"]  # the view reads it too


def human_f1(precision: float | None, recall: float | None) -> float | None:
    """F1 of a human precision and recall, by the rule above."""
    if recall is None:
        return None
    if not precision or not recall:
        return 0.0
    return 2 * precision * recall / (precision + recall)


def human_scores(reviews: pl.DataFrame) -> pl.DataFrame:
    """``HUMAN_SCORE_SCHEMA`` rows for every answer marked reviewed in ``claim_reviews`` rows."""
    if reviews.is_empty():
        return pl.DataFrame(schema=HUMAN_SCORE_SCHEMA)
    r = reviews
    if "sampling" not in r.columns:
        r = r.with_columns(pl.lit(None, pl.Utf8).alias("sampling"))
    keys = ["reviewer", *ANSWER_KEY]
    kind, h = pl.col("row_type"), pl.col("human_label")
    answers = (r.filter((kind == ANSWER) & pl.col("answer_reviewed").fill_null(False))
               .select(*keys, "review_id", "decision_type", pl.col("sampling").fill_null(NOT_RANDOM))
               .unique(subset=keys, keep="last"))
    accepted = kind.is_in([CLAIM, MISSED]) & h.is_not_null() & (h != NOT_A_CLAIM)
    counts = r.group_by(keys).agg(
        accepted.sum().cast(pl.Int64).alias("n_claims_human"),
        (accepted & (h == SUPPORTED)).sum().cast(pl.Int64).alias("n_supported_human"),
        (kind == FACT).sum().cast(pl.Int64).alias("n_facts"),
        ((kind == FACT) & h.is_not_null()).sum().cast(pl.Int64).alias("n_facts_judged"),
        ((kind == FACT) & (h == STATED)).sum().cast(pl.Int64).alias("n_stated"),
    )
    out = answers.join(counts, on=keys, how="left").with_columns(
        pl.when(pl.col("n_claims_human") > 0)
        .then(pl.col("n_supported_human") / pl.col("n_claims_human")).alias("precision_human"),
        pl.when((pl.col("n_facts") > 0) & (pl.col("n_facts_judged") == pl.col("n_facts")))
        .then(pl.col("n_stated") / pl.col("n_facts")).alias("recall_human"),
    )
    p, rc = pl.col("precision_human"), pl.col("recall_human")
    out = out.with_columns(
        pl.when(rc.is_null()).then(None)
        .when(p.is_null() | (p == 0) | (rc == 0)).then(0.0)
        .otherwise(2 * p * rc / (p + rc)).alias("f1_human"))
    return out.select([pl.col(c).cast(t) for c, t in HUMAN_SCORE_SCHEMA.items()]).sort(keys)
