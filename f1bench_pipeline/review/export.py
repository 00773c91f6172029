"""Pick a seeded, stratified sample of scored answers and lay it out as a review sheet (pure).

The sample is of whole answers, not of claims: every claim the extractor found in a sampled
answer goes into the sheet with the answer's text, so the reviewer can judge each verdict
(false contradictions, false unverifiables, things that are not claims) *and* add the
claims the extractor missed. The sheet's layout is in ``review/sheet.py``.

Sampling, per season, prompt variant and extractor:

* the frame is every scored answer (status ``ok``, extraction ``ok``; abstentions
  included: an answer with no extracted claim can still make claims the extractor missed);
* strata are model × language; each stratum contributes its ``per_stratum`` answers of
  lowest rank, the rank being a SHA-256 of ``seed, season, id, lang, variant``. The model
  is not in the hash, so every model is reviewed on the same questions where it answered
  them (a paired comparison); a larger ``per_stratum`` with the same seed gives a superset;
* ``stratum_size`` and ``stratum_sampled`` are recorded per answer (the sampling weight is
  their ratio). Within a stratum the sample is uniform, so rates per model × language need
  no re-weighting; pooled over languages they are self-weighting while every language has
  the same number of scored answers (the instances are the same in EN/ES/PT).

The hash order is a seeded uniform random permutation of each stratum, so the first k
answers of a stratum are a simple random sample of it: what makes the prediction-powered
correction of the leaderboard (``scoring/leaderboard.py``) unbiased. The export records the
sampling frame beside the sheet (``<sheet>.frame.csv``: every answer of the sampled strata
with its rank) and ``sample_seed`` on each answer row; the import (``sampling_status``)
calls a stratum's judged answers ``random`` only when they are exactly its first k in that
seed's order among today's frame of the same size, and ``not_random`` otherwise (a sheet
made by hand, answers skipped, a frame that changed since the export).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence

import polars as pl

from f1bench_pipeline.review.human_score import NOT_RANDOM, RANDOM
from f1bench_pipeline.review.sheet import ANSWER, CLAIM, FACT, NOT_STATED, STATED, review_id

ANSWER_KEY = ["model", "season", "id", "lang", "variant", "extractor"]


def sampling_frame(scores: pl.DataFrame, *, season: int, variant: str = "default", extractor: str = "regex",
                   models: Sequence[str] | None = None) -> pl.DataFrame:
    """The answers a review may sample: scored generations of one season, variant and extractor."""
    if scores.is_empty():
        return pl.DataFrame(schema={c: pl.Int64 if c == "season" else pl.Utf8 for c in [*ANSWER_KEY, "decision_type"]})
    f = scores.filter(
        (pl.col("season") == season) & (pl.col("variant") == variant) & (pl.col("extractor") == extractor)
        & (pl.col("status") == "ok") & (pl.col("extraction_status") == "ok"))
    if models:
        f = f.filter(pl.col("model").is_in(list(models)))
    return f.select(*ANSWER_KEY, "decision_type", "n_claims").unique(subset=ANSWER_KEY).sort(ANSWER_KEY)


def sample_rank(seed: int, season: int, id_: str, lang: str, variant: str) -> str:
    """The answer's place in a seed's order (hex; smaller comes first)."""
    return hashlib.sha256(f"{seed}\x1f{season}\x1f{id_}\x1f{lang}\x1f{variant}".encode()).hexdigest()


def sample_answers(frame: pl.DataFrame, per_stratum: int, seed: int) -> pl.DataFrame:
    """The first ``per_stratum`` answers of each model × language stratum in the seed's order,
    with ``stratum_size``, ``stratum_sampled`` and their ``review_id``; sorted model, lang, rank."""
    if per_stratum < 1:
        raise ValueError(f"per_stratum must be at least 1, got {per_stratum}")
    if frame.is_empty():
        return frame.with_columns(pl.lit(None, pl.Utf8).alias("rank"), pl.lit(None, pl.Int64).alias("stratum_size"),
                                  pl.lit(None, pl.Int64).alias("stratum_sampled"), pl.lit(seed, pl.Int64).alias("sample_seed"),
                                  pl.lit(None, pl.Utf8).alias("review_id"))
    ranked = frame.with_columns(
        pl.Series("rank", [sample_rank(seed, s, i, la, v) for s, i, la, v in
                           frame.select("season", "id", "lang", "variant").iter_rows()], dtype=pl.Utf8),
        pl.len().over("model", "lang").cast(pl.Int64).alias("stratum_size"),
    )
    picked = (ranked.sort("model", "lang", "rank")
              .with_columns(pl.int_range(pl.len()).over("model", "lang").alias("_n"))
              .filter(pl.col("_n") < per_stratum).drop("_n"))
    picked = picked.with_columns(pl.len().over("model", "lang").cast(pl.Int64).alias("stratum_sampled"),
                                 pl.lit(seed, pl.Int64).alias("sample_seed"))
    return picked.with_columns(pl.Series("review_id", [review_id(*k) for k in picked.select(ANSWER_KEY).iter_rows()],
                                         dtype=pl.Utf8))


def _json_list(values: list[str] | None) -> str:
    return json.dumps(list(values), ensure_ascii=False) if values else ""


def ranked_frame(frame: pl.DataFrame, seed: int) -> pl.DataFrame:
    """The sampling frame with each answer's ``rank`` in the seed's order, its ``stratum_size``
    and its place in its stratum (``stratum_position``, 0 first): what ``<sheet>.frame.csv`` records."""
    if frame.is_empty():
        return frame.with_columns(pl.lit(None, pl.Utf8).alias("rank"), pl.lit(None, pl.Int64).alias("stratum_size"),
                                  pl.lit(None, pl.Int64).alias("stratum_position"))
    ranked = frame.with_columns(
        pl.Series("rank", [sample_rank(seed, s, i, la, v) for s, i, la, v in
                           frame.select("season", "id", "lang", "variant").iter_rows()], dtype=pl.Utf8),
        pl.len().over("model", "lang").cast(pl.Int64).alias("stratum_size"))
    return (ranked.sort("model", "lang", "rank")
            .with_columns(pl.int_range(pl.len()).over("model", "lang").cast(pl.Int64).alias("stratum_position")))


def sampling_status(judged: pl.DataFrame, frame: pl.DataFrame) -> dict[str, str]:
    """review_id → ``random`` / ``not_random`` for a sheet's judged answers (``review_id``,
    ``ANSWER_KEY``, ``sample_seed``, ``stratum_size``; all of one season, variant, extractor)
    against today's ``sampling_frame``. A model × language stratum is random when its
    recorded seed and size are the same for every answer, the frame has that size, and the
    judged answers are exactly the first k of the frame in that seed's order."""
    out: dict[str, str] = {}
    for (_model, _lang), part in judged.partition_by(["model", "lang"], as_dict=True).items():
        seeds, sizes = set(part["sample_seed"].to_list()), set(part["stratum_size"].to_list())
        ok = len(seeds) == 1 and len(sizes) == 1 and None not in seeds and None not in sizes
        if ok:
            seed, size = int(next(iter(seeds))), int(next(iter(sizes)))
            stratum = frame.filter((pl.col("model") == _model) & (pl.col("lang") == _lang))
            ranked = ranked_frame(stratum, seed)
            first = set(ranked.head(part.height).select(ANSWER_KEY).iter_rows())
            ok = ranked.height == size and first == set(part.select(ANSWER_KEY).iter_rows())
        for rid in part["review_id"]:
            out[rid] = RANDOM if ok else NOT_RANDOM
    return out


def sheet_rows(sample: pl.DataFrame, claims: pl.DataFrame, generations: pl.DataFrame,
               instances: pl.DataFrame, scores: pl.DataFrame | None = None) -> list[dict[str, object]]:
    """The sheet's rows for a sample: per answer its ``answer`` row, its ``claim`` rows, then its
    ``fact`` rows (the oracle facts, from ``scores``' covered / missed facts).

    ``claims`` and ``generations`` carry ``model`` and ``season`` (decoded names);
    ``instances`` gives the ``context_text`` per ``id, lang, variant``.
    """
    facts: dict[tuple, list[tuple[str, bool]]] = {}
    if scores is not None and scores.height and "covered_facts" in scores.columns:
        for row in scores.join(sample.select(ANSWER_KEY), on=ANSWER_KEY, how="semi").iter_rows(named=True):
            covered = set(row["covered_facts"] or [])
            ids = sorted(covered | set(row["missed_facts"] or []))
            facts[tuple(row[k] for k in ANSWER_KEY)] = [(f, f in covered) for f in ids]
    texts = {(m, s, i, la, v): t for m, s, i, la, v, t in
             generations.select("model", "season", "id", "lang", "variant", "text").iter_rows()} if generations.height else {}
    contexts = {(i, la, v): t for i, la, v, t in
                instances.select("id", "lang", "variant", "context_text").iter_rows()} if instances.height else {}
    by_answer: dict[tuple, list[dict]] = {}
    if claims.height:
        keys = sample.select(ANSWER_KEY)
        for c in claims.join(keys, on=ANSWER_KEY, how="semi").sort([*ANSWER_KEY, "claim_index"]).iter_rows(named=True):
            by_answer.setdefault(tuple(c[k] for k in ANSWER_KEY), []).append(c)
    rows: list[dict[str, object]] = []
    for a in sample.iter_rows(named=True):
        key = tuple(a[k] for k in ANSWER_KEY)
        base = {"review_id": a["review_id"], **{k: a[k] for k in ANSWER_KEY}, "decision_type": a["decision_type"]}
        rows.append({**base, "row_type": ANSWER, "answer_text": texts.get(key[:5], ""),
                     "context_text": contexts.get((a["id"], a["lang"], a["variant"]), ""),
                     "stratum_size": a["stratum_size"], "stratum_sampled": a["stratum_sampled"],
                     "sample_seed": a.get("sample_seed")})
        for c in by_answer.get(key, []):
            rows.append({**base, "row_type": CLAIM, "claim_index": c["claim_index"], "type": c["type"],
                         "slots": c["slots"], "span_text": c["span_text"], "label": c["label"], "reason": c["reason"],
                         "matched_fact": c["matched_fact"], "expected_facts": _json_list(c["expected_facts"])})
        for n, (fact_id, covered) in enumerate(facts.get(key, [])):
            rows.append({**base, "row_type": FACT, "claim_index": n, "type": fact_id.split("(", 1)[0],
                         "slots": fact_id, "label": STATED if covered else NOT_STATED})
    return rows
