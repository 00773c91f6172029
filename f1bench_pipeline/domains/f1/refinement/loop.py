"""The verifier-guided loop for one system on one season (pure: no Dagster).

Round 0 is the system's stored answer (its ``generations`` partition). Each round:

1. every answer still in play is extracted and verified like any generation
   (``domains.scoring.score_generations`` with the F1 domain: the same extractor, verifier and metric);
2. answers with something to fix get :mod:`edits` instructions — contradicted claims with
   the correct statement, uncovered oracle facts, and (by default) unsupported claims;
3. the system is called with the original question, its latest answer and the
   instructions, through the same engine as the first generation (litellm, cache,
   retries, rate limits, status accounting).

An item stops when nothing is left to fix, when a call returns no usable answer (its
status is kept and its last good answer stands), or after ``max_rounds``. Every round of
every item is returned — text, claims, scores, cost — so the improvement is measured.

A spending cap (``max_cost_usd``, else the system's) bounds the cost of all rounds
together: when it stops a round, the items it kept from being called have status
``budget_exhausted`` (stop reason ``budget_exhausted``, their last answer stands), no
further round is called, and a rerun with a higher cap answers the cached calls from
the cache and calls the rest.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import polars as pl

from f1bench_pipeline.generation.cache import DiskCache
from f1bench_pipeline.generation.engine import RunStats, run_generations
from f1bench_pipeline.generation.plan import item_for
from f1bench_pipeline.domains.f1.domain import F1Domain
from f1bench_pipeline.generation.registry import System
from f1bench_pipeline.domains.f1.refinement.edits import Edits, edit_message, edits_for
from f1bench_pipeline.domains import get_domain
from f1bench_pipeline.domains.scoring import score_generations
from f1bench_pipeline.scoring.score import CLAIM_SCHEMA, SCORE_SCHEMA, Extractor

KEY = ["id", "lang", "variant"]
# Extra columns of a round row beside the scores table's.
ROUND_COLUMNS: dict[str, type[pl.DataType]] = {
    "round": pl.Int64, "text": pl.Utf8, "instructions": pl.Utf8,
    "n_fix": pl.Int64, "n_add": pl.Int64, "n_remove": pl.Int64,  # feedback this round's answer earned
    "prompt_tokens": pl.Int64, "completion_tokens": pl.Int64, "cost_usd": pl.Float64,
    "from_cache": pl.Boolean, "error": pl.Utf8, "final": pl.Boolean, "stop_reason": pl.Utf8,
}
ROUND_SCHEMA = {**SCORE_SCHEMA, **ROUND_COLUMNS}
ROUND_CLAIM_SCHEMA = {**CLAIM_SCHEMA, "round": pl.Int64}
STOP_REASONS = ("nothing_to_fix", "max_rounds", "no_answer", "unchanged", "budget_exhausted")
F1_DOMAIN = F1Domain()  # a round's calls are keyed as the first round's (generation.plan.item_for)


@dataclass(frozen=True)
class RefineOptions:
    max_rounds: int = 3
    feedback_unverifiable: bool = True
    # False reproduces the published loop, which sent back only wrong and unsupported claims
    feedback_uncovered: bool = True
    max_edits_per_list: int = 20


@dataclass
class RefineResult:
    rounds: pl.DataFrame           # ROUND_SCHEMA: one row per item × round
    claims: pl.DataFrame           # ROUND_CLAIM_SCHEMA
    stats: list[RunStats] = field(default_factory=list)  # the calls of rounds 1..n


def refine(
    system: System,
    generations: pl.DataFrame,
    instances: pl.DataFrame,
    cache: DiskCache,
    extractor: Extractor | None = None,
    options: RefineOptions = RefineOptions(),
    on_progress: Callable[[str], None] | None = None,
    max_cost_usd: float | None = None,
    progress_every_s: float = 10.0,
) -> RefineResult:
    """Run the loop over the stored answers in ``generations`` (one system, one season).

    ``extractor``: None, F1's regex extractor (as the scores).
    ``on_progress`` gets each round's progress lines (done / total, rate, ETA, errors);
    ``max_cost_usd`` overrides the system's spending cap for the rounds of this run."""
    f1 = get_domain("f1")
    index = f1.index(instances)
    rows = {tuple(r[k] for k in KEY): r for r in instances.select(
        *KEY, "decision_type", "system_prompt", "user_message", "facts", "entities",
        *[c for c in ("context",) if c in instances.columns]).iter_rows(named=True)}
    by_id: dict[str, dict[str, Any]] = {}

    def facts_by_id(iid: str) -> dict[str, Any]:
        if iid not in by_id:
            ctx = index.get(iid)
            by_id[iid] = {f.fact_id: f for fs in ctx.verify_context.by_type.values() for f in fs} | \
                {f.fact_id: f for f in ctx.oracle}
        return by_id[iid]

    gens = generations if "variant" in generations.columns else generations.with_columns(pl.lit("default").alias("variant"))
    gens = gens.join(pl.DataFrame(list(rows), schema=KEY, orient="row"), on=KEY, how="semi")
    model = gens["model"][0] if gens.height else system.name
    current = gens.select("model", *KEY, "text", "status", "prompt_tokens", "completion_tokens", "cost_usd",
                          "from_cache", "error").with_columns(pl.lit(None, pl.Utf8).alias("instructions"))
    round_frames: list[pl.DataFrame] = []
    claim_frames: list[pl.DataFrame] = []
    stats: list[RunStats] = []
    last_text: dict[tuple, str] = {}
    spent = 0.0  # cost of the earlier rounds' answers, counted against the cap
    budget_hit = False
    for rnd in range(options.max_rounds + 1):
        claims, scores = score_generations(f1, current, index, extractor)
        texts = {tuple(r[k] for k in KEY): r for r in current.iter_rows(named=True)}
        feedback = _feedback(texts, claims, scores, facts_by_id, options)
        out = scores.join(current.select(*KEY, "text", "instructions", "prompt_tokens", "completion_tokens",
                                         "cost_usd", "from_cache", "error"), on=KEY, how="left")
        todo: list[tuple[tuple, Edits]] = []
        stop: dict[tuple, str] = {}
        for r in out.select(*KEY, "status", "text").iter_rows(named=True):
            key = (r["id"], r["lang"], r["variant"])
            edits = feedback.get(key)
            if r["status"] == "budget_exhausted":
                stop[key] = "budget_exhausted"
            elif r["status"] != "ok":
                stop[key] = "no_answer"
            elif not edits:
                stop[key] = "nothing_to_fix"
            elif rnd > 0 and r["text"] == last_text.get(key):
                stop[key] = "unchanged"  # the model ignored the instructions; asking again repeats the call
            elif rnd == options.max_rounds:
                stop[key] = "max_rounds"
            elif budget_hit:
                stop[key] = "budget_exhausted"  # the cap stopped the previous round: no more calls
            else:
                todo.append((key, edits))
            last_text[key] = r["text"]
        extra = pl.DataFrame(
            [(*key, rnd, *_counts(feedback.get(key)), key in stop, stop.get(key)) for key in texts],
            schema={**dict.fromkeys(KEY, pl.Utf8), "round": pl.Int64, "n_fix": pl.Int64, "n_add": pl.Int64,
                    "n_remove": pl.Int64, "final": pl.Boolean, "stop_reason": pl.Utf8}, orient="row")
        out = out.join(extra, on=KEY, how="left")
        round_frames.append(out.select([pl.col(c).cast(t) for c, t in ROUND_SCHEMA.items()]))
        claim_frames.append(claims.with_columns(pl.lit(rnd, pl.Int64).alias("round")))
        if not todo:
            break
        items, meta = [], []
        for key, edits in todo:
            row = rows[key]
            instructions = edit_message(edits, row["lang"])
            messages = [{"role": "system", "content": row["system_prompt"]},
                        {"role": "user", "content": row["user_message"]},
                        {"role": "assistant", "content": texts[key]["text"]},
                        {"role": "user", "content": instructions}]
            items.append(item_for(F1_DOMAIN, system, row, messages))
            meta.append(instructions)
        if on_progress:
            on_progress(f"{system.name}: round {rnd + 1}: {len(items)} answers to revise")
        records, st = run_generations(
            system, items, cache, on_progress=(lambda m, _s: on_progress(m)) if on_progress else None,
            progress_every_s=progress_every_s, max_cost_usd=max_cost_usd, spent_usd=spent,
            label=f"{system.name}: round {rnd + 1}")
        stats.append(st)
        spent = st.spent_usd
        budget_hit = st.budget_stop is not None
        current = pl.DataFrame([{
            "model": model, "id": it.id, "lang": it.lang, "variant": it.variant, "text": rec.get("text") or "",
            "status": rec.get("status"), "prompt_tokens": rec.get("prompt_tokens"),
            "completion_tokens": rec.get("completion_tokens"), "cost_usd": rec.get("cost_usd"),
            "from_cache": bool(rec.get("from_cache")), "error": rec.get("error"), "instructions": instructions}
            for it, rec, instructions in zip(items, records, meta, strict=True)],
            schema={"model": pl.Utf8, **dict.fromkeys(KEY, pl.Utf8), "text": pl.Utf8, "status": pl.Utf8,
                    "prompt_tokens": pl.Int64, "completion_tokens": pl.Int64, "cost_usd": pl.Float64,
                    "from_cache": pl.Boolean, "error": pl.Utf8, "instructions": pl.Utf8})
    rounds = pl.concat(round_frames, how="vertical") if round_frames else pl.DataFrame(schema=ROUND_SCHEMA)
    claims_all = (pl.concat(claim_frames, how="vertical") if claim_frames else pl.DataFrame(schema=ROUND_CLAIM_SCHEMA))
    return RefineResult(rounds.sort(*KEY, "round"), claims_all.select(list(ROUND_CLAIM_SCHEMA)), stats)


def _counts(edits: Edits | None) -> tuple[int, int, int]:
    return (len(edits.fix), len(edits.add), len(edits.remove)) if edits else (0, 0, 0)


def _feedback(texts: dict[tuple, dict], claims: pl.DataFrame, scores: pl.DataFrame, facts_by_id: Callable[[str], dict],
              options: RefineOptions) -> dict[tuple, Edits]:
    """Edits per item (only items with an ok answer get any)."""
    by_item: dict[tuple, list[dict]] = {}
    cols = ["label", "slots", "span_start", "span_end", "span_text", "expected_facts"]
    for c in claims.select(*KEY, *cols).iter_rows(named=True):
        by_item.setdefault((c["id"], c["lang"], c["variant"]), []).append(c)
    out: dict[tuple, Edits] = {}
    for s in scores.filter(pl.col("status") == "ok").select(*KEY, "missed_facts").iter_rows(named=True):
        key = (s["id"], s["lang"], s["variant"])
        out[key] = edits_for(texts[key]["text"] or "", by_item.get(key, []), s["missed_facts"] or [], facts_by_id(s["id"]), s["lang"],
                             feedback_unverifiable=options.feedback_unverifiable,
                             feedback_uncovered=options.feedback_uncovered,
                             max_items=options.max_edits_per_list)
    return out
