"""The small-model study (the paper's RQ3, Table 5): a local base model beside its LoRA
fine-tune, scored with the same extractor and verifier on the same test instances.

Pure polars over the ``scores`` table; the DuckDB view ``small_model_study`` computes the same
figures in SQL for users, and ``f1bench finetune`` prints this table.
"""

from __future__ import annotations

from urllib.parse import unquote

import polars as pl

# The paper's Table 5 (Qwen2.5-3B, EN, 2025 test sample), printed beside ours for reference.
PAPER_ROWS = [
    {"system": "paper: Qwen2.5-3B zero-shot", "precision": 0.825, "recall": 0.666, "f1": 0.737},
    {"system": "paper: Qwen2.5-3B + LoRA", "precision": 0.995, "recall": 0.968, "f1": 0.982},
]
TUNED_SUFFIX = "+lora"


def study_table(scores: pl.DataFrame, base: str, tuned: str | None = None) -> pl.DataFrame:
    """Per language: both systems on the (id, lang) pairs both answered with a scored answer —
    answers, P, R, F1, hallucination rate, claims per answer, abstentions, not-ok answers."""
    tuned = tuned or base + TUNED_SUFFIX
    # a table read by partition carries the folder's safe name ("smollm2-135m%2Blora")
    scores = scores.with_columns(pl.col("model").map_elements(unquote, return_dtype=pl.Utf8))
    s = scores.filter(pl.col("model").is_in([base, tuned]) & (pl.col("variant") == "default"))
    if s.is_empty():
        return pl.DataFrame()
    # answers cut at the token budget are scored as written (the paper's setting: 400 new tokens)
    ok = s.filter(pl.col("status").is_in(["ok", "truncated"]) & (pl.col("extraction_status") == "ok"))
    both = ok.group_by("id", "lang").agg(pl.col("model").n_unique().alias("n")).filter(pl.col("n") == 2)
    common = ok.join(both.select("id", "lang"), on=["id", "lang"], how="semi")
    not_ok = s.filter(~pl.col("status").is_in(["ok", "truncated"])).group_by("model", "lang").len().rename(
        {"len": "not_ok"})
    truncated = s.filter(pl.col("status") == "truncated").group_by("model", "lang").len().rename({"len": "truncated"})
    out = common.group_by("model", "lang").agg(
        pl.len().alias("answers"),
        pl.col("precision").mean().alias("precision"),
        pl.col("recall").mean().alias("recall"),
        pl.col("f1").mean().alias("f1"),
        pl.col("hallucination_rate").mean().alias("hallucination"),
        pl.col("n_claims").mean().alias("claims_per_answer"),
        pl.col("abstained").sum().alias("abstentions"),
    ).join(not_ok, on=["model", "lang"], how="left").join(truncated, on=["model", "lang"], how="left").with_columns(
        pl.col("not_ok").fill_null(0), pl.col("truncated").fill_null(0))
    return out.with_columns(pl.when(pl.col("model") == tuned).then(pl.lit("fine-tuned"))
                            .otherwise(pl.lit("zero-shot")).alias("role")).sort("lang", "role", descending=[False, True])
