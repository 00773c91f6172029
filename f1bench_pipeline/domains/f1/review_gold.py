"""F1's claim-level gold (``paper_generations/gold_dev``) as judgments of our claims (``f1bench
review gold``: ``F1Domain.import_gold``); the conversion is pure, :func:`import_gold` stores it.

The gold lists every claim annotators found in 48 published dev answers, labelled against
the context. Where the same answer (same model, instance, language, default prompt, and
the very same text) is scored in the warehouse, its gold becomes one fully reviewed answer
of reviewer ``gold_dev``:

* our claims are matched to gold claims as the extractor benchmark matches them
  (``domains.f1.gold.match_claims``: same type, the gold's key slots equal, greedy in gold
  order); a leftover claim of ours of the same type whose span overlaps a leftover gold
  claim's span is matched too (the same words, read into other slots);
* a matched claim takes the gold claim's label; a leftover claim that restates a matched
  gold claim (the gold keeps a repeated fact once) takes that claim's label; any other
  leftover claim is ``not_a_claim``;
* a gold claim nothing matched is a ``missed`` claim (its type, slots, span and label);
* each of the gold's ``key_facts`` is a ``fact`` row, ``stated`` when the gold lists it as
  ``covered`` (the human recall of ``review/human_score.py``).

The gold's answers are not a random sample of ours: their ``sampling`` is ``not_random``.

The gold was judged against the published context, not ours. Where the two state
different facts (our events differ: the published pit battle of BOR and STR at Canada 2025
is the lap-66/67 pair, ours the lap-49/51 one) the gold's labels judge another context, so
such an answer is skipped unless ``include_context_mismatch``: the test is that every
number of the published context appears in ours (ours states the same facts in another
layout, plus some more). Where they agree, a claim the gold calls unverifiable may still
be supported by one of our extra facts. A gold claim of type ``other`` (comparisons, SC
mentions) rarely has a counterpart among a regex extractor's types, so the missed-claim
rate from gold counts those too.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import get_args

import polars as pl

from f1bench_pipeline.domains.f1.claims import ClaimType
from f1bench_pipeline.domains.f1.gold import load_gold, match_claims, slots_match
from f1bench_pipeline.review.human_score import NOT_RANDOM
from f1bench_pipeline.review.judgments import REVIEW_SCHEMA
from f1bench_pipeline.review.sheet import (
    ANSWER,
    CLAIM,
    FACT,
    MISSED,
    NOT_A_CLAIM,
    NOT_STATED,
    REVIEWED,
    STATED,
    review_id,
)
from f1bench_pipeline.review.store import ImportSummary, read_parts, summarise, write_reviews
from f1bench_pipeline.storage.location import Root
from f1bench_pipeline.storage.warehouse import read_table

GOLD_REVIEWER = "gold_dev"
CLAIM_TYPES = frozenset(get_args(ClaimType))
LANGS = ("en", "es", "pt")


@dataclass
class GoldReport:
    converted: list[tuple[str, str, str]] = field(default_factory=list)  # (model, id, lang)
    skipped: list[tuple[str, str, str, str]] = field(default_factory=list)  # (model, id, lang, why)


_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def context_numbers_missing(published: str, ours: str) -> list[float]:
    """Numbers the published context states that ours does not (4.3 and 4.300 are one number)."""
    def numbers(text: str) -> set[float]:
        return {round(float(x), 3) for x in _NUMBER.findall(text or "")}

    return sorted(numbers(published) - numbers(ours))


def _overlap(a: tuple[int, int] | None, b: tuple[int, int] | None) -> bool:
    return a is not None and b is not None and a[0] < b[1] and b[0] < a[1]


def _gold_span(text: str, span: str) -> tuple[int, int] | None:
    at = text.find(span) if span else -1
    return None if at < 0 else (at, at + len(span))


def convert_answer(text: str, gold_claims: list[dict], ours: list[dict]) -> list[dict]:
    """Judgment rows (``row_type``, ``claim_index``/``missed_index``, human label and note,
    and the claim's columns) for one answer: ours in claim order, then the missed gold claims."""
    preds = [SimpleNamespace(type=c["type"], slots=json.loads(c["slots"] or "{}"), row=c) for c in ours]
    matches, missed, spare = match_claims(gold_claims, preds)
    by_span = []
    for g in list(missed):  # second pass: same type, overlapping words
        where = _gold_span(text, g.get("span", ""))
        hit = next((p for p in spare if p.type == g["type"] and p.row["span_start"] is not None
                    and _overlap(where, (p.row["span_start"], p.row["span_end"]))), None)
        if hit is not None:
            spare.remove(hit)
            missed.remove(g)
            by_span.append((g, hit))
    judged: dict[int, tuple[str, str]] = {}
    for g, p in matches:
        judged[p.row["claim_index"]] = (g["label"], "gold claim matched by slots")
    for g, p in by_span:
        judged[p.row["claim_index"]] = (g["label"], "gold claim matched by span (slots differ)")
    for p in spare:
        same = next((g for g, _p in matches + by_span if g["type"] == p.type and slots_match(g["type"], g["slots"], p.slots)),
                    None)
        judged[p.row["claim_index"]] = ((same["label"], "restates a gold claim (the gold counts it once)") if same
                                        else (NOT_A_CLAIM, "no gold claim matches"))
    rows = []
    for c in ours:
        label, note = judged[c["claim_index"]]
        rows.append({"row_type": CLAIM, "claim_index": c["claim_index"], "type": c["type"], "slots": c["slots"],
                     "span_text": c["span_text"], "label": c["label"], "reason": c["reason"],
                     "matched_fact": c["matched_fact"], "human_label": label, "human_note": note})
    for n, g in enumerate(missed):
        ctype = g["type"] if g["type"] in CLAIM_TYPES else "other"
        note = "gold claim not extracted" + (f" ({g['note']})" if g.get("note") else "")
        rows.append({"row_type": MISSED, "missed_index": n, "type": ctype,
                     "slots": json.dumps(g.get("slots") or {}, sort_keys=True, ensure_ascii=False),
                     "span_text": g.get("span") or None, "human_label": g["label"], "human_note": note})
    return rows


def fact_rows(gold: dict) -> list[dict]:
    """One ``fact`` row per key fact of a gold line: ``stated`` when the gold counts it covered."""
    covered = set(gold.get("covered") or [])
    return [{"row_type": FACT, "claim_index": n, "type": str(f).split(":", 1)[0], "slots": str(f),
             "human_label": STATED if f in covered else NOT_STATED, "human_note": "gold key fact"}
            for n, f in enumerate(gold.get("key_facts") or [])]


def gold_judgments(gold_dir: str | Path, claims: pl.DataFrame, generations: pl.DataFrame, scores: pl.DataFrame,
                   instances: pl.DataFrame, resolve_model: Callable[[str], str], *, extractor: str = "regex",
                   reviewer: str = GOLD_REVIEWER, include_context_mismatch: bool = False,
                   imported_at: datetime | None = None) -> tuple[pl.DataFrame, GoldReport]:
    """``REVIEW_SCHEMA`` rows for every gold answer scored in the warehouse, and what was skipped.

    ``resolve_model`` maps the gold's model name to the warehouse's (the registry's alias
    lookup); ``claims``/``generations``/``scores`` carry decoded ``model`` and ``season``;
    ``instances`` gives our ``context_text`` per ``id, lang, variant``.
    """
    report = GoldReport()
    scored = set() if scores.is_empty() else set(scores.filter(
        (pl.col("variant") == "default") & (pl.col("extractor") == extractor) & (pl.col("status") == "ok")
        & (pl.col("extraction_status") == "ok")).select("model", "id", "lang").iter_rows())
    gens: dict[tuple[str, str, str], dict] = {}
    if generations.height:
        for row in generations.filter(pl.col("variant") == "default").iter_rows(named=True):
            gens[(row["model"], row["id"], row["lang"])] = row
    ours: dict[tuple, list[dict]] = {}
    if claims.height:
        for c in claims.filter((pl.col("variant") == "default") & (pl.col("extractor") == extractor)).sort(
                "claim_index").iter_rows(named=True):
            ours.setdefault((c["model"], c["id"], c["lang"]), []).append(c)
    contexts = {} if instances.is_empty() else {
        (i, la): t for i, la, t in instances.filter(pl.col("variant") == "default").select("id", "lang", "context_text").iter_rows()}
    rows: list[dict] = []
    for lang in LANGS:
        if not (Path(gold_dir) / f"gold_{lang}.jsonl").exists():
            continue
        for gold, item in load_gold(Path(gold_dir), lang):
            model = resolve_model(item["model"])
            g = gens.get((model, item["id"], lang))
            if g is None:
                report.skipped.append((model, item["id"], lang, "not in the warehouse's generations"))
                continue
            if (g["status"] or "ok") != "ok" or (g["text"] or "") != item["text"]:
                report.skipped.append((model, item["id"], lang, "the warehouse holds another answer text"))
                continue
            key = {"model": model, "season": g["season"], "id": item["id"], "lang": lang, "variant": "default",
                   "extractor": extractor}
            if (model, item["id"], lang) not in scored:
                report.skipped.append((model, item["id"], lang, f"not scored by the {extractor} extractor"))
                continue
            missing = context_numbers_missing(item.get("context_text", ""), contexts.get((item["id"], lang), ""))
            if missing and not include_context_mismatch:
                shown = ", ".join(f"{x:g}" for x in missing[:6]) + (", …" if len(missing) > 6 else "")
                why = f"judged against another context (the published one states {shown}; ours does not)"
                report.skipped.append((model, item["id"], lang, why))
                continue
            base = {**key, "review_id": review_id(*key.values()), "decision_type": g.get("decision_type"),
                    "answer_reviewed": True, "stratum_size": None, "stratum_sampled": None, "sample_seed": None}
            rows.append({**base, "row_type": ANSWER, "human_label": REVIEWED, "sampling": NOT_RANDOM,
                         "human_note": "gold_dev annotation (judged against the published context)"})
            mine = ours.get((model, item["id"], lang), [])  # none: an abstention, every gold claim is missed
            rows.extend({**base, **r} for r in convert_answer(item["text"], gold["claims"], mine))
            rows.extend({**base, **r} for r in fact_rows(gold))
            report.converted.append((model, item["id"], lang))
    schema = {k: v for k, v in REVIEW_SCHEMA.items() if k not in ("reviewer", "source", "imported_at")}
    frame = pl.DataFrame(rows, schema=schema) if rows else pl.DataFrame(schema=schema)
    when = imported_at or datetime.now(UTC)
    return frame.with_columns(pl.lit(reviewer).alias("reviewer"), pl.lit(f"{Path(gold_dir).name}/gold_<lang>.jsonl").alias("source"),
                              pl.lit(when, REVIEW_SCHEMA["imported_at"]).alias("imported_at")).select(list(REVIEW_SCHEMA)), report


def import_gold(gold_dir: str | Path, root: Root, resolve_model: Callable[[str], str], *,
                extractor: str = "regex", include_context_mismatch: bool = False) -> tuple[ImportSummary | None, object]:
    """Convert the shared gold (above) for the answers scored here and store it as
    reviewer ``gold_dev``, replacing that reviewer's earlier rows; (summary or None when
    nothing matched, the gold report). When nothing matches, earlier gold rows are kept."""
    # Only the partitions the gold's answers can be in: their model, and the season that
    # starts every instance id ({season}_{Event_Name}::…).
    parts = {(resolve_model(item["model"]), int(item["id"].split("_", 1)[0]))
             for lang in LANGS if (Path(gold_dir) / f"gold_{lang}.jsonl").exists()
             for _g, item in load_gold(Path(gold_dir), lang) if item["id"].split("_", 1)[0].isdigit()}
    instances = [read_table(root, "instances", {"season": season}) for season in sorted({s for _m, s in parts})]
    instances = [f for f in instances if not f.is_empty()]
    frame, report = gold_judgments(
        gold_dir, read_parts(root, "claims", parts), read_parts(root, "generations", parts),
        read_parts(root, "scores", parts), pl.concat(instances, how="diagonal_relaxed") if instances else pl.DataFrame(),
        resolve_model, extractor=extractor, include_context_mismatch=include_context_mismatch)
    if frame.is_empty():
        return None, report
    return summarise(str(gold_dir), GOLD_REVIEWER, frame, write_reviews(root, frame, replace_reviewer=GOLD_REVIEWER)), report
