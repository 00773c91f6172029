"""Instances as table rows (one per id × language × prompt variant), the stratified
test sample and the fine-tuning export. Pure functions; no Dagster."""

from __future__ import annotations

import json
import random
from collections import defaultdict
from typing import TYPE_CHECKING

import polars as pl

from f1bench_pipeline.domains.f1.instances import prompts
from f1bench_pipeline.provenance import context_sha256, facts_sha256
from f1bench_pipeline.domains.f1.instances.builders import BaseInstance, context_json
from f1bench_pipeline.domains.f1.instances.facts import facts_from_json, facts_to_json
from f1bench_pipeline.domains.f1.instances.verbalize import verbalize

if TYPE_CHECKING:
    from polars._typing import PolarsDataType

INSTANCE_SCHEMA: dict[str, PolarsDataType] = {
    "id": pl.Utf8, "lang": pl.Utf8, "variant": pl.Utf8, "decision_type": pl.Utf8, "kind": pl.Utf8,
    "season": pl.Int64, "round": pl.Int64, "event": pl.Utf8, "split": pl.Utf8,
    "focus_drivers": pl.List(pl.Utf8), "context": pl.Utf8, "context_text": pl.Utf8,
    "system_prompt": pl.Utf8, "prompt": pl.Utf8, "user_message": pl.Utf8,
    "facts": pl.Utf8, "context_facts": pl.Utf8, "entities": pl.Utf8, "n_facts": pl.Int64,
    "results_source": pl.Utf8, "note": pl.Utf8,
    # what an answer to the row is given and verified against (provenance.py): a generation and an
    # import line carry the first, the `instance_versions` table keeps every version by it
    "context_sha256": pl.Utf8, "facts_sha256": pl.Utf8,
}


def instance_rows(instances: list[BaseInstance]) -> pl.DataFrame:
    rows = []
    for inst in instances:
        ctx = context_json(inst)
        facts = facts_to_json(inst.facts)
        ctx_facts = facts_to_json(inst.context_facts)
        entities = json.dumps(inst.entities, sort_keys=True)
        for lang in prompts.LANGUAGES:
            for variant in prompts.VARIANTS:
                q = prompts.question(inst.kind, lang, variant, inst.focus_drivers, inst.event, inst.season)
                user_message = prompts.user_message(inst.context_text, q, lang)
                rows.append({
                    "id": inst.id, "lang": lang, "variant": variant, "decision_type": inst.decision_type,
                    "kind": inst.kind, "season": inst.season, "round": inst.round, "event": inst.event,
                    "split": inst.split, "focus_drivers": inst.focus_drivers, "context": ctx,
                    "context_text": inst.context_text, "system_prompt": prompts.SYSTEM[lang], "prompt": q,
                    "user_message": user_message,
                    "facts": facts, "context_facts": ctx_facts, "entities": entities, "n_facts": len(inst.facts),
                    "results_source": inst.results_source, "note": inst.note,
                    "context_sha256": context_sha256(prompts.SYSTEM[lang], user_message),
                    "facts_sha256": facts_sha256(facts, ctx_facts),
                })
    return pl.DataFrame(rows, schema=INSTANCE_SCHEMA)


def stratified_sample(instances: pl.DataFrame, size: int, seed: int) -> pl.DataFrame:
    """``size`` instance ids from the test split, proportional to decision type, spread over races.

    Largest-remainder allocation per decision type; inside a type, races take turns
    (round-robin over a seeded shuffle) so no race dominates. Deterministic for a seed.
    """
    base = instances.filter(pl.col("split") == "test").select("id", "kind", "season", "round", "event").unique().sort("id")
    if base.is_empty() or size <= 0:
        return base.head(0).with_columns(pl.lit(0).alias("stratum_rank"))
    size = min(size, base.height)
    counts = dict(base.group_by("kind").len().iter_rows())
    total = sum(counts.values())
    quotas = {k: size * n / total for k, n in counts.items()}
    alloc = {k: int(q) for k, q in quotas.items()}
    for k in sorted(quotas, key=lambda k: (-(quotas[k] - alloc[k]), k))[: size - sum(alloc.values())]:
        alloc[k] += 1
    rng = random.Random(seed)
    chosen: list[tuple[str, int]] = []
    for kind in sorted(alloc):
        by_race: dict[tuple, list[str]] = defaultdict(list)
        for r in base.filter(pl.col("kind") == kind).iter_rows(named=True):
            by_race[(r["season"], r["round"])].append(r["id"])
        races = sorted(by_race)
        rng.shuffle(races)
        for ids in by_race.values():
            rng.shuffle(ids)
        picked: list[str] = []
        depth = 0
        while len(picked) < alloc[kind]:
            progressed = False
            for race in races:
                if depth < len(by_race[race]) and len(picked) < alloc[kind]:
                    picked.append(by_race[race][depth])
                    progressed = True
            depth += 1
            if not progressed:
                break
        chosen += [(i, n) for n, i in enumerate(picked)]
    picked_df = pl.DataFrame(chosen, schema={"id": pl.Utf8, "stratum_rank": pl.Int64}, orient="row")
    return base.join(picked_df, on="id").sort("kind", "stratum_rank")


def finetune_records(instances: pl.DataFrame, lang: str) -> list[dict]:
    """Chat records for supervised fine-tuning: the answer states every oracle fact."""
    rows = instances.filter((pl.col("split") == "train") & (pl.col("lang") == lang) & (pl.col("variant") == "default"))
    out = []
    for r in rows.sort("id").iter_rows(named=True):
        out.append({
            "id": r["id"],
            "messages": [
                {"role": "system", "content": r["system_prompt"]},
                {"role": "user", "content": r["user_message"]},
                {"role": "assistant", "content": verbalize(facts_from_json(r["facts"]), lang)},
            ],
        })
    return out
