"""The ``generations`` table: one row per instance × language × prompt variant × system.

Stored at ``warehouse/generations/season=<season>/model=<safe system name>/part-0.parquet``
(``names.safe_name``; DuckDB and polars hive readers decode it back to the system name).

Columns in the file (``season`` and ``model`` live in the folder names):

================= =============================================================
id, lang, variant  the instance answered (join key to ``instances``)
decision_type      copied from the instance, for summaries
system             registry name of the system (raw, undecoded)
model_string       the litellm model string called ('' for imports without one)
text               the answer ('' when there is none)
status             ok | truncated | content_filtered | refused | error | budget_exhausted
                   (not called: the spending cap stopped the run first; see engine)
finish_reason      as the provider said (null for imports and errors)
prompt_tokens, completion_tokens, reasoning_tokens   provider usage (null if unknown)
cost_usd           litellm's cost (0 for offline systems; null if not priced)
latency_s          wall time of the successful attempt
cache_key          SHA-256 of (model, params, messages[, oracle]): the cache file's name
error              sanitized provider message (errors, content filters, refusals)
attempts           requests made for this answer (retries and parameter fixes included)
adaptations        parameter translations applied, e.g. ``max_tokens->max_completion_tokens``
created_at         when the answer was received (UTC)
source             'litellm' (called through litellm) or 'import' (JSONL import)
from_cache         answered from the cache by the run that wrote the partition
lang_detected      the language the answer is written in (language.py; null: too short to
                   tell, or no answer). Filled when the row is written; a table written
                   before the column existed gets it when it is next written or scored
================= =============================================================

Only ``ok`` and ``truncated`` rows carry an answer to score; every summary counts the
other statuses beside the means, which exclude them. ``budget_exhausted``
rows carry no answer and are never scored; like ``error`` rows they are called by the
next run (once the cap allows it).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import polars as pl

from f1bench_pipeline import language
from f1bench_pipeline.generation.cache import BUDGET_EXHAUSTED
from f1bench_pipeline.generation.classify import STATUSES
from f1bench_pipeline.generation.names import unsafe_name
from f1bench_pipeline.storage.warehouse import read_table

if TYPE_CHECKING:
    from polars._typing import PolarsDataType

TABLE = "generations"
GENERATION_SCHEMA: dict[str, PolarsDataType] = {
    "id": pl.Utf8, "lang": pl.Utf8, "variant": pl.Utf8, "decision_type": pl.Utf8, "system": pl.Utf8,
    "model_string": pl.Utf8, "text": pl.Utf8, "status": pl.Utf8, "finish_reason": pl.Utf8,
    "prompt_tokens": pl.Int64, "completion_tokens": pl.Int64, "reasoning_tokens": pl.Int64,
    "cost_usd": pl.Float64, "latency_s": pl.Float64, "cache_key": pl.Utf8, "error": pl.Utf8,
    "attempts": pl.Int64, "adaptations": pl.Utf8, "created_at": pl.Datetime("ms", "UTC"), "source": pl.Utf8,
    "from_cache": pl.Boolean,
    # what the answer was given (provenance.py): the messages sent and the facts of that instance row
    "context_sha256": pl.Utf8, "facts_sha256": pl.Utf8,
    "lang_detected": pl.Utf8,  # language.detect of the text: the language measured, beside the one asked
}
GRAIN = ["id", "lang", "variant"]


def to_frame(rows: list[dict[str, Any]]) -> pl.DataFrame:
    """Rows (dicts with the schema's keys; ``created_at`` as ISO text) → typed frame."""
    clean = []
    for r in rows:
        d = {k: r.get(k) for k in GENERATION_SCHEMA}
        if isinstance(d["adaptations"], list):
            d["adaptations"] = ",".join(d["adaptations"]) or None
        d["text"] = d["text"] or ""
        clean.append(d)
    schema = {**GENERATION_SCHEMA, "created_at": pl.Utf8}
    df = pl.DataFrame(clean, schema=schema, orient="row")
    df = df.with_columns(pl.col("created_at").str.to_datetime(time_unit="ms", time_zone="UTC", strict=False))
    return language.with_detected(df)


def summarize(df: pl.DataFrame) -> dict[str, Any]:
    """Counts per status (every provider status, zeros included; ``budget_exhausted`` when
    there are any), tokens and cost."""
    counts = dict.fromkeys(STATUSES, 0)
    if df.height:
        counts.update(dict(df.group_by("status").len().iter_rows()))
    if not counts.get(BUDGET_EXHAUSTED):
        counts.pop(BUDGET_EXHAUSTED, None)
    return {
        "rows": df.height,
        "statuses": counts,
        "scorable": counts["ok"] + counts["truncated"],
        "excluded_from_means": df.height - counts["ok"],
        "prompt_tokens": int(df["prompt_tokens"].sum() or 0) if df.height else 0,
        "completion_tokens": int(df["completion_tokens"].sum() or 0) if df.height else 0,
        "cost_usd": float(df["cost_usd"].sum() or 0.0) if df.height else 0.0,
        "cost_unpriced_rows": int(df.filter(pl.col("cost_usd").is_null() & (pl.col("status") != "error")).height)
        if df.height else 0,
    }


def all_calls_failed(df: pl.DataFrame) -> str | None:
    """When every call this run made failed (status ``error``; answers from the cache or an import
    are not this run's), a one-line reason with the first error; else None. Such a partition is a
    failed run: nothing the provider could answer was asked right (a key, a model name, a URL)."""
    if df.is_empty() or "from_cache" not in df.columns:
        return None
    made = df.filter(~pl.col("from_cache").fill_null(False) & (pl.col("source").fill_null("") != "import")
                     if "source" in df.columns else ~pl.col("from_cache").fill_null(False))
    if made.is_empty() or not (made["status"] == "error").all():
        return None
    first = str(made["error"].drop_nulls().head(1).to_list()[0] if made["error"].drop_nulls().len() else "")
    return f"all {made.height} calls of this run failed; the first: {' '.join(first.split())[:300]}"


def read_generations(warehouse_root: Path, season: int | None = None) -> pl.DataFrame:
    """The table with ``model`` decoded back to the registry name."""
    df = read_table(warehouse_root, TABLE, {"season": season} if season is not None else None)
    if df.is_empty() or "model" not in df.columns:
        return df
    return df.with_columns(pl.col("model").map_elements(unsafe_name, return_dtype=pl.Utf8))
