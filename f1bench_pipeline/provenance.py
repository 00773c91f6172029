"""What an answer was given: the SHA-256 of the exact messages sent and of the facts behind them.

A model answers the context it is sent, not the one ``instances`` holds today: a rule threshold,
an official-results update or a re-ingest can change an instance after its answers were made.
So every generation row records ``context_sha256`` (the system prompt and user message, as sent)
and ``facts_sha256`` (the oracle and context facts of that instance row), and the
``instance_versions`` table keeps every instance row ever materialized, keyed by its messages'
hash. Scoring verifies an answer against the version it answered (``resolve``) and says whether
that is today's (``context_current``). Pure functions; no Dagster.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable

import polars as pl

VERSIONS_TABLE = "instance_versions"
HASH_COLUMNS = ("context_sha256", "facts_sha256")
GRAIN = ["id", "lang", "variant"]
# a version that is not today's is scored under this id (the answer's row keeps the plain id)
VERSION_SEP = "@ctx:"


def messages_sha256(messages: Iterable[dict]) -> str:
    """SHA-256 of the messages as sent: role and content of each, in order, canonical JSON."""
    canon = [{"role": str(m.get("role", "")), "content": str(m.get("content") or "")} for m in messages]
    return hashlib.sha256(json.dumps(canon, ensure_ascii=False, separators=(",", ":")).encode("utf-8")).hexdigest()


def context_sha256(system_prompt: str | None, user_message: str | None) -> str:
    """The hash of an instance row's messages (what ``generation.plan.work_items`` sends)."""
    return messages_sha256([{"role": "system", "content": system_prompt or ""},
                            {"role": "user", "content": user_message or ""}])


def facts_sha256(facts: str | None, context_facts: str | None) -> str:
    """The hash of the facts an answer to the row is verified against (oracle, then context)."""
    return hashlib.sha256(f"{facts or ''}\n{context_facts or ''}".encode()).hexdigest()


def with_hashes(rows: pl.DataFrame) -> pl.DataFrame:
    """Instance rows with their ``context_sha256`` and ``facts_sha256`` (computed when absent)."""
    if rows.is_empty() or all(c in rows.columns for c in HASH_COLUMNS):
        return rows
    if not {"system_prompt", "user_message", "facts", "context_facts"} <= set(rows.columns):
        return rows.with_columns(*(pl.lit(None, pl.Utf8).alias(c) for c in HASH_COLUMNS))  # no messages: no hash
    ctx = [context_sha256(s, u) for s, u in zip(rows["system_prompt"], rows["user_message"], strict=True)]
    fct = [facts_sha256(f, c) for f, c in zip(rows["facts"], rows["context_facts"], strict=True)]
    return rows.with_columns(pl.Series("context_sha256", ctx, pl.Utf8), pl.Series("facts_sha256", fct, pl.Utf8))


def merge_versions(known: pl.DataFrame, rows: pl.DataFrame) -> pl.DataFrame:
    """The versions table after ``rows`` (today's instance rows) materialized: every version
    known before, then each row whose messages' hash is new. No timestamp: two builds of the
    same data write the same table."""
    new = with_hashes(rows)
    if known.is_empty():
        return new.unique(subset=["context_sha256"], keep="first", maintain_order=True)
    fresh = new.join(known.select("context_sha256"), on="context_sha256", how="anti")
    return pl.concat([known, fresh], how="diagonal_relaxed").unique(subset=["context_sha256"], keep="first",
                                                                      maintain_order=True)


def resolve(generations: pl.DataFrame, instances: pl.DataFrame, versions: pl.DataFrame | None = None
            ) -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame]:
    """(generations to score, instance rows to score them against, provenance per answer).

    An answer whose ``context_sha256`` is today's row's is scored against today's row
    (``context_current`` true); one whose hash is an older version of its instance against that
    version (under the id ``<id>@ctx:<hash>``, ``context_current`` false); one whose hash no
    version has against today's row, ``context_current`` false (an import scored on purpose
    with ``--score-mismatched``); one without a hash (older rows) against today's row,
    ``context_current`` null. ``restore`` puts the plain ids back on the scored rows."""
    instances = with_hashes(instances)
    empty = pl.DataFrame(schema={**{c: pl.Utf8 for c in GRAIN}, "context_current": pl.Boolean})
    if generations.is_empty():
        return generations, instances, empty
    gen = generations if "context_sha256" in generations.columns else \
        generations.with_columns(pl.lit(None, pl.Utf8).alias("context_sha256"))
    gen = gen.with_columns(pl.col("context_sha256").cast(pl.Utf8),
                           pl.col("variant").fill_null("default") if "variant" in gen.columns
                           else pl.lit("default").alias("variant"))
    current = instances.select(*GRAIN, pl.col("context_sha256").alias("_current"))
    gen = gen.join(current, on=GRAIN, how="left", maintain_order="left")  # rows stay in the partition's order
    old = pl.DataFrame(schema={"context_sha256": pl.Utf8, "id": pl.Utf8})
    if versions is not None and not versions.is_empty():
        old = versions.select("context_sha256", "id").unique(subset=["context_sha256"])
    gen = gen.join(old.rename({"id": "_version_of"}), on="context_sha256", how="left", maintain_order="left")
    known_old = pl.col("context_sha256").is_not_null() & (pl.col("context_sha256") != pl.col("_current").fill_null("")) \
        & (pl.col("_version_of") == pl.col("id"))
    gen = gen.with_columns(
        pl.when(pl.col("context_sha256").is_null()).then(None)
        .otherwise(pl.col("context_sha256") == pl.col("_current").fill_null("")).alias("context_current"),
        pl.when(known_old).then(pl.col("id") + VERSION_SEP + pl.col("context_sha256")).otherwise(pl.col("id"))
        .alias("_score_id"),
    )
    provenance = gen.select(*GRAIN, "context_current")
    needed = gen.filter(known_old).select("context_sha256").unique()
    if needed.height and versions is not None:
        old_rows = versions.join(needed, on="context_sha256", how="semi").with_columns(
            (pl.col("id") + VERSION_SEP + pl.col("context_sha256")).alias("id"))
        cols = [c for c in instances.columns if c in old_rows.columns]
        instances = pl.concat([instances, old_rows.select(cols)], how="diagonal_relaxed")
    scored = gen.with_columns(pl.col("_score_id").alias("id")).drop("_current", "_version_of", "_score_id",
                                                                     "context_current")
    return scored, instances, provenance


def restore(frame: pl.DataFrame) -> pl.DataFrame:
    """Scored rows (claims or scores) with the plain instance id back."""
    if frame.is_empty() or "id" not in frame.columns:
        return frame
    return frame.with_columns(pl.col("id").str.split(VERSION_SEP).list.first())


def attach(scores: pl.DataFrame, provenance: pl.DataFrame) -> pl.DataFrame:
    """Scores with ``context_current`` (per id × lang × variant) from ``resolve``."""
    scores = restore(scores)
    order = scores.columns if "context_current" in scores.columns else [*scores.columns, "context_current"]
    scores = scores.drop("context_current", strict=False)
    if scores.is_empty():
        return scores.with_columns(pl.lit(None, pl.Boolean).alias("context_current")).select(order)
    prov = provenance.unique(subset=GRAIN, keep="first")
    return scores.join(prov, on=GRAIN, how="left", maintain_order="left").select(order)
