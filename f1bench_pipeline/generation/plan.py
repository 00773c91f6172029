"""Which calls a (partition, system) pair of a domain needs, and what they would cost.

Selection: the domain's (``Domain.select_instances``): the partition's instance rows (one per
id × language × prompt variant) the system answers — F1: its instance set (``full``, or the
ids of the season's ``test_sample``) — in its languages and variants. Messages are exactly what
a model sees: the instance's system prompt and user message.

Cache key: model string, parameters and messages (``cache.cache_key``), plus what else
decides the answer — for an offline template system the oracle's digest and the template
version (``Domain.offline_cache_extra``), for a local
system the weights' and the adapter's sha256 (``localmodel.server.cache_identity``), so a
retrained adapter or replaced weights file is never answered from the cache. Never the
server's port or any other connection setting.

Dry-run: for every system, the number of calls (items not yet in the cache), what its
cached answers cost (recorded: not an estimate) and two *estimates* of what the calls
would cost (``budget``): prompt tokens counted with ``litellm.token_counter``, priced with
litellm's cost map (``litellm.cost_per_token``) or the registry's ``input_cost_per_token``
/ ``output_cost_per_token``, and output tokens (a) at the system's output budget
(``max_completion_tokens`` / ``max_tokens``; a reasoning model's hidden reasoning tokens
are billed as output and count against it) — what a spending cap must allow for — and
(b) at a typical answer length: the mean of the answers already cached, else
``expected_output_tokens``. Offline systems cost 0. Nothing is called.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import polars as pl

from f1bench_pipeline.domains.base import Domain
from f1bench_pipeline.generation.cache import DiskCache, cache_key
from f1bench_pipeline.generation.engine import WorkItem
from f1bench_pipeline.generation.provider import METADATA_KEY
from f1bench_pipeline.generation.registry import System
from f1bench_pipeline.provenance import messages_sha256

CHARS_PER_TOKEN = 4.0  # the offline templates' rough count (budget.chars_tokens)


def work_items(domain: Domain, system: System, rows: pl.DataFrame) -> list[WorkItem]:
    """One call of ``system`` per instance row of ``domain`` (``Domain.select_instances``), asked
    its system prompt and user message."""
    if rows.is_empty():  # nothing built yet: no call (and no column to select)
        return []
    if "entities" not in rows.columns:  # a domain whose templates name no entities
        rows = rows.with_columns(pl.lit("{}").alias("entities"))
    cols = ["id", "lang", "variant", "decision_type", "system_prompt", "user_message", "facts", "entities"]
    cols += [c for c in ("context",) if c in rows.columns]  # the templates may render what it states (#44)
    return [item_for(domain, system, r, [{"role": "system", "content": r["system_prompt"]},
                                         {"role": "user", "content": r["user_message"]}])
            for r in rows.select(cols).iter_rows(named=True)]


def item_for(domain: Domain, system: System, row: Mapping[str, Any], messages: list[dict[str, str]]) -> WorkItem:
    """One call of ``system`` about an instance row of ``domain`` (``id, lang, variant,
    decision_type, facts, entities``) with these messages — the first round's, or a refinement
    round's. An offline template system gets the oracle in the call's metadata (never sent), and
    its cache key what else decides its answer (``Domain.offline_cache_extra``)."""
    extra = local_cache_extra(system)
    metadata = None
    if system.offline:
        extra = domain.offline_cache_extra(row, system.seed)
        metadata = {METADATA_KEY: {"domain": domain.name, "id": row["id"], "lang": row["lang"], "facts": row["facts"],
                                   "entities": row["entities"], "seed": system.seed,
                                   "context": row.get("context")}}
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
    partition: int | str  # the domain's partition value (F1: the season)
    items: int
    cached: int
    calls: int
    prompt_tokens: int          # estimate: the calls' prompts, counted with `prompt_method`
    completion_tokens: int      # estimate: calls × the output budget (an upper bound)
    cost_usd: float | None      # estimate at the output budget; None: the model is not in litellm's cost map
    note: str = ""
    prompt_method: str = "characters/4"
    output_budget: int = 0      # max output tokens of one call ...
    output_budget_source: str = ""  # ... and where it comes from (max_completion_tokens, max_tokens, ...)
    typical_output_tokens: int = 0  # a typical answer's output tokens ...
    typical_source: str = ""    # ... from the cached answers' mean, or expected_output_tokens
    cost_typical_usd: float | None = None  # estimate at the typical answer length
    spent_usd: float = 0.0      # recorded cost of the cached answers (not an estimate)
    max_cost_usd: float | None = None  # the spending cap in force for a run

    @property
    def calls_within_cap(self) -> int | None:
        """Estimate: how many of the calls the cap lets through at the typical cost (None: no cap)."""
        if self.max_cost_usd is None:
            return None
        per_call = (self.cost_typical_usd or 0.0) / self.calls if self.calls else 0.0
        left = max(0.0, self.max_cost_usd - self.spent_usd)
        return self.calls if per_call <= 0 else min(self.calls, int(left / per_call))


def estimate(system: System, items: list[WorkItem], cache: DiskCache, partition: int | str,
             max_cost_usd: float | None = None) -> Estimate:
    """The calls ``items`` still need and their estimated cost (``max_cost_usd``: a run's cap
    instead of the system's)."""
    from f1bench_pipeline.generation import budget as b

    todo: list[WorkItem] = []
    cached: list[dict] = []
    for it in items:
        rec = cache.get(it.cache_key)
        if rec is None:
            todo.append(it)
        else:
            cached.append(rec)
    spent = float(sum(r.get("cost_usd") or 0.0 for r in cached))
    out_max, out_src = b.output_budget(system)
    seen = [r["completion_tokens"] for r in cached
            if r.get("status") in ("ok", "truncated") and isinstance(r.get("completion_tokens"), int)]
    if seen:
        typical, typical_src = round(sum(seen) / len(seen)), f"mean of {len(seen)} cached answers"
    else:
        typical, typical_src = min(system.expected_output_tokens, out_max), "expected_output_tokens"
    counted = [b.prompt_tokens(system, it.messages) for it in todo]
    prompt_tokens = sum(n for n, _ in counted)
    method = counted[0][1] if counted and all(m == counted[0][1] for _, m in counted) else (
        "litellm token_counter (characters/4 where it failed)" if counted else "")
    note = ""
    if system.offline:
        cost: float | None = 0.0
        typical_cost: float | None = 0.0
    elif system.local is not None:
        cost, typical_cost, note = 0.0, 0.0, "local model"
    elif not todo:
        cost, typical_cost = 0.0, 0.0
        note = "registry prices" if (system.input_cost_per_token is not None
                                     or system.output_cost_per_token is not None) else ""
    else:
        # priced per call (a provider's long-context tier applies per call), at the mean prompt
        mean_prompt = prompt_tokens / len(todo)
        one, note = b.call_cost(system, round(mean_prompt), out_max)
        one_typical, _ = b.call_cost(system, round(mean_prompt), typical)
        cost = None if one is None else one * len(todo)
        typical_cost = None if one_typical is None else one_typical * len(todo)
    return Estimate(system.name, system.model, partition, len(items), len(cached), len(todo), prompt_tokens,
                    out_max * len(todo), cost, note, prompt_method=method, output_budget=out_max,
                    output_budget_source=out_src, typical_output_tokens=typical, typical_source=typical_src,
                    cost_typical_usd=typical_cost, spent_usd=spent,
                    max_cost_usd=max_cost_usd if max_cost_usd is not None else system.max_cost_usd)


def _usd(x: float | None) -> str:
    return "unknown" if x is None else f"{x:.4f}"


def context_changed(items: list[WorkItem], generations: pl.DataFrame) -> int:
    """How many of ``items`` have an answer in ``generations`` made for other messages (their
    instance changed since: a run asks them again, provenance.py)."""
    if generations.is_empty() or "context_sha256" not in generations.columns:
        return 0
    had = {(i, lang, v): h for i, lang, v, h in generations.select("id", "lang", "variant", "context_sha256").iter_rows()
           if h}
    return sum(1 for it in items if (key := (it.id, it.lang, it.variant)) in had
               and had[key] != messages_sha256(it.messages))


def format_estimates(rows: list[Estimate], partition_column: str) -> str:
    """The dry-run table (``partition_column``: the domain's, the header of the partition column);
    every column marked (est.) is an estimate, explained below it."""
    header = ["system", "model", partition_column, "items", "cached", "calls", "prompt tok (est.)",
              "output tok/call max", "est. cost USD at max output", "est. cost USD typical", "spent USD",
              "cap USD", "note"]
    body = []
    for e in rows:
        cap = "-"
        if e.max_cost_usd is not None:
            fit = e.calls_within_cap
            cap = f"{e.max_cost_usd:.2f}" + (f" (~{fit} of {e.calls} calls fit, est.)" if fit is not None
                                              and fit < e.calls else "")
        body.append([e.system, e.model, str(e.partition), str(e.items), str(e.cached), str(e.calls),
                     f"{e.prompt_tokens:,}", f"{e.output_budget:,}" if e.output_budget else "-",
                     _usd(e.cost_usd), _usd(e.cost_typical_usd), f"{e.spent_usd:.4f}", cap, e.note])
    known = [e.cost_usd for e in rows if e.cost_usd is not None]
    known_typical = [e.cost_typical_usd for e in rows if e.cost_typical_usd is not None]
    body.append(["TOTAL", "", "", str(sum(e.items for e in rows)), str(sum(e.cached for e in rows)),
                 str(sum(e.calls for e in rows)), f"{sum(e.prompt_tokens for e in rows):,}", "",
                 f"{sum(known):.4f}", f"{sum(known_typical):.4f}",
                 f"{sum(e.spent_usd for e in rows):.4f}", "",
                 "" if len(known) == len(rows) else "excludes unknown"])
    widths = [max(len(r[i]) for r in [header, *body]) for i in range(len(header))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in [header, *body]]
    lines.insert(1, "  ".join("-" * w for w in widths))
    lines.insert(len(lines) - 1, "  ".join("-" * w for w in widths))
    methods = sorted({e.prompt_method for e in rows if e.prompt_method})
    budgets = sorted({f"{e.system}: {e.output_budget:,} ({e.output_budget_source}), "
                      f"typical {e.typical_output_tokens:,} ({e.typical_source})"
                      for e in rows if e.calls and e.output_budget})
    lines += [
        "",
        "items, cached, calls and spent USD are counted (spent: the recorded cost of the cached answers).",
        "Columns marked est. are estimates:",
        "  prompt tok: the prompts of the calls to make, counted with "
        f"{', '.join(methods) or 'litellm token_counter'}.",
        "  est. cost USD at max output: each call spends the system's whole output budget (max_completion_tokens / "
        "max_tokens; a reasoning model's hidden reasoning tokens are billed as output and count against it) — "
        "an upper bound, what a spending cap must allow for.",
        "  est. cost USD typical: each call's output at a typical answer length (the mean of the cached answers, "
        "else expected_output_tokens). Prices: litellm's cost map or the registry's input/output_cost_per_token.",
    ]
    if budgets:
        lines.append("  output tokens per call (max, typical):")
        lines += [f"    {b}" for b in budgets]
    return "\n".join(lines)
