"""Which calls a (season, system) partition needs, and what they would cost.

Selection: the season's ``instances`` rows (one per id × language × prompt variant),
restricted to the system's instance set (``full``, or the ids of the season's
``test_sample`` — which exists for the test season only), languages and variants.
Messages are exactly what a model sees: the instance's system prompt and user message.

Cache key: model string, parameters and messages (``cache.cache_key``), plus what else
decides the answer — for an offline template system the oracle's digest, for a local
system the weights' and the adapter's sha256 (``localmodel.server.cache_identity``), so a
retrained adapter or replaced weights file is never answered from the cache. Never the
server's port or any other connection setting.

Dry-run: for every system, the number of calls (items not yet in the cache) and an
estimated cost from litellm's cost map (``litellm.cost_per_token``) — prompt tokens
estimated as characters / 4 of the messages, output as the system's
``expected_output_tokens`` — or from the registry's ``input_cost_per_token`` /
``output_cost_per_token``. Offline systems cost 0. Nothing is called.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from f1bench_pipeline.generation.cache import DiskCache, cache_key
from f1bench_pipeline.generation.engine import WorkItem
from f1bench_pipeline.generation.provider import METADATA_KEY
from f1bench_pipeline.generation.registry import System
from f1bench_pipeline.generation.templates import TEMPLATE_VERSION
from f1bench_pipeline.storage.warehouse import read_table

CHARS_PER_TOKEN = 4.0


def select_instances(warehouse_root: Path, system: System, season: int) -> tuple[pl.DataFrame, str]:
    """The instance rows this system answers in ``season`` and a note on how they were chosen."""
    rows = read_table(warehouse_root, "instances", {"season": season})
    if rows.is_empty():
        return rows, f"no instances for season {season} (materialize `instances` first)"
    note = "full season"
    if system.instances == "test_sample":
        sample = read_table(warehouse_root, "test_sample", {"season": season})
        if sample.is_empty():
            return rows.head(0), (f"system runs on the test sample, and season {season} has none "
                                  "(the sample exists for the test season only)")
        rows = rows.filter(pl.col("id").is_in(sample["id"].unique().implode()))
        note = f"test sample ({sample['id'].n_unique()} ids)"
        if system.max_instances:
            # the first ids of each decision type's stratum order, the types taking turns
            order = sample.sort("stratum_rank", "kind", "id")["id"].unique(maintain_order=True)
            keep = order.head(system.max_instances)
            rows = rows.filter(pl.col("id").is_in(keep.implode()))
            note += f", first {keep.len()} in stratum order (max_instances)"
    elif system.max_instances:
        keep = rows["id"].unique().sort().head(system.max_instances)
        rows = rows.filter(pl.col("id").is_in(keep.implode()))
        note += f", first {keep.len()} ids (max_instances)"
    rows = rows.filter(pl.col("lang").is_in(list(system.languages)) & pl.col("variant").is_in(list(system.variants)))
    return rows.sort("id", "lang", "variant"), note


def _digest(text: str) -> str:
    return hashlib.sha256((text or "").encode("utf-8")).hexdigest()[:16]


def work_items(system: System, rows: pl.DataFrame) -> list[WorkItem]:
    cols = ["id", "lang", "variant", "decision_type", "system_prompt", "user_message", "facts", "entities"]
    return [item_for(system, r, [{"role": "system", "content": r["system_prompt"]},
                                 {"role": "user", "content": r["user_message"]}])
            for r in rows.select(cols).iter_rows(named=True)]


def item_for(system: System, row: dict, messages: list[dict[str, str]]) -> WorkItem:
    """One call of ``system`` about an instance row (``id, lang, variant, decision_type, facts,
    entities``) with these messages — the first round's, or a refinement round's."""
    extra = local_cache_extra(system)
    metadata = None
    if system.offline:
        extra = {"oracle": _digest(row["facts"]), "entities": _digest(row["entities"]), "seed": system.seed,
                 "template_version": TEMPLATE_VERSION}
        metadata = {METADATA_KEY: {"id": row["id"], "lang": row["lang"], "facts": row["facts"],
                                   "entities": row["entities"], "seed": system.seed}}
    return WorkItem(
        id=row["id"], lang=row["lang"], variant=row["variant"], messages=messages,
        cache_key=cache_key(system.model, system.params, messages, extra),
        decision_type=row["decision_type"] or "", metadata=metadata)


def local_cache_extra(system: System) -> dict | None:
    """The cache-key part of a local system (None for any other): weights and adapter digests.
    Raises ``WeightsError`` naming the spec when the weights are missing or the adapter was
    trained on other weights."""
    if system.local is None:
        return None
    from f1bench_pipeline.localmodel.server import cache_identity

    return {"local": cache_identity(system.local)}


@dataclass
class Estimate:
    system: str
    model: str
    season: int
    items: int
    cached: int
    calls: int
    prompt_tokens: int
    completion_tokens: int
    cost_usd: float | None      # None: the model is not in litellm's cost map
    note: str = ""


def estimate(system: System, items: list[WorkItem], cache: DiskCache, season: int) -> Estimate:
    todo = [it for it in items if not cache.has(it.cache_key)]
    prompt_tokens = int(sum(sum(len(m["content"]) for m in it.messages) for it in todo) / CHARS_PER_TOKEN)
    budget = system.params.get("max_completion_tokens") or system.params.get("max_tokens")
    out_per_call = min(system.expected_output_tokens, budget) if budget else system.expected_output_tokens
    completion_tokens = out_per_call * len(todo)
    note = ""
    if system.offline:
        cost: float | None = 0.0
    elif system.local is not None:
        cost, note = 0.0, "local model"
    elif system.input_cost_per_token is not None or system.output_cost_per_token is not None:
        cost = prompt_tokens * (system.input_cost_per_token or 0.0) + completion_tokens * (system.output_cost_per_token or 0.0)
        note = "registry prices"
    elif not todo:
        cost = 0.0
    else:
        from f1bench_pipeline.generation.llm import cost_per_token

        priced = cost_per_token(system.model, prompt_tokens, completion_tokens)
        cost = sum(priced) if priced else None
        note = "litellm cost map" if priced else "not in litellm's cost map: set input/output_cost_per_token"
    return Estimate(system.name, system.model, season, len(items), len(items) - len(todo), len(todo),
                    prompt_tokens, completion_tokens, cost, note)


def format_estimates(rows: list[Estimate]) -> str:
    header = ["system", "model", "season", "items", "cached", "calls", "prompt tok", "output tok", "est. cost USD", "note"]
    body = [[e.system, e.model, str(e.season), str(e.items), str(e.cached), str(e.calls), f"{e.prompt_tokens:,}",
             f"{e.completion_tokens:,}", "unknown" if e.cost_usd is None else f"{e.cost_usd:.4f}", e.note]
            for e in rows]
    known = [e.cost_usd for e in rows if e.cost_usd is not None]
    body.append(["TOTAL", "", "", str(sum(e.items for e in rows)), str(sum(e.cached for e in rows)),
                 str(sum(e.calls for e in rows)), f"{sum(e.prompt_tokens for e in rows):,}",
                 f"{sum(e.completion_tokens for e in rows):,}", f"{sum(known):.4f}",
                 "" if len(known) == len(rows) else "excludes unknown"])
    widths = [max(len(r[i]) for r in [header, *body]) for i in range(len(header))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in [header, *body]]
    lines.insert(1, "  ".join("-" * w for w in widths))
    lines.insert(len(lines) - 1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)
