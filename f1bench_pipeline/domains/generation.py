"""Generations of any domain but F1 (whose test sample and instance versions are its own,
``generation/``): the registry's systems answer one partition's instances through the same
engine as F1 (``generation.engine``: litellm, concurrency, disk cache, retries, statuses).
The offline template systems get the oracle in ``metadata['f1bench']`` with the domain's name,
and ``generation.provider`` dispatches their answer to the domain's ``template_answer``.

Instance set: every instance of the partition (a weather batch is small, so a system's
``instances: test_sample`` means the whole batch), in the system's languages and prompt variants.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass

import polars as pl

from f1bench_pipeline.domains.base import Domain
from f1bench_pipeline.generation.cache import DiskCache, cache_key
from f1bench_pipeline.generation.engine import RunStats, WorkItem, run_generations
from f1bench_pipeline.generation.plan import local_cache_extra
from f1bench_pipeline.generation.provider import METADATA_KEY
from f1bench_pipeline.generation.registry import System
from f1bench_pipeline.generation.table import GRAIN, to_frame
from f1bench_pipeline.settings import Settings
from f1bench_pipeline.storage.warehouse import read_table, write_partition



def _digest(text: str) -> str:
    return hashlib.sha256((text or "").encode("utf-8")).hexdigest()[:16]


def select_rows(rows: pl.DataFrame, system: System) -> pl.DataFrame:
    if rows.is_empty():
        return rows
    rows = rows.filter(pl.col("lang").is_in(list(system.languages)) & pl.col("variant").is_in(list(system.variants)))
    return rows.sort("id", "lang", "variant")


def work_items(domain: Domain, system: System, rows: pl.DataFrame) -> list[WorkItem]:
    items = []
    if "entities" not in rows.columns:
        rows = rows.with_columns(pl.lit("{}").alias("entities"))
    context = [c for c in ("context",) if c in rows.columns]  # a domain's templates may render it (#44)
    for r in rows.select("id", "lang", "variant", "decision_type", "system_prompt", "user_message", "facts",
                         "entities", *context).iter_rows(named=True):
        messages = [{"role": "system", "content": r["system_prompt"]}, {"role": "user", "content": r["user_message"]}]
        extra = local_cache_extra(system)  # a local model's weights/adapter digests (None for others)
        metadata = None
        if system.offline:
            extra = {"domain": domain.name, "oracle": _digest(r["facts"]), "seed": system.seed,
                     "template_version": domain.template_version}
            metadata = {METADATA_KEY: {"domain": domain.name, "id": r["id"], "lang": r["lang"], "facts": r["facts"],
                                       "entities": r["entities"], "seed": system.seed, "context": r.get("context")}}
        items.append(WorkItem(id=r["id"], lang=r["lang"], variant=r["variant"], messages=messages,
                              cache_key=cache_key(system.model, system.params, messages, extra),
                              decision_type=r["decision_type"] or "", metadata=metadata))
    return items


@dataclass
class DomainGenerationResult:
    system: System
    partition: str
    frame: pl.DataFrame
    stats: RunStats
    expected: int
    missing: int


def generate_domain_partition(domain: Domain, settings: Settings, system: System, partition: str,
                              on_progress: Callable[[str, dict], None] | None = None) -> DomainGenerationResult:
    """Answer every instance of the domain's ``partition`` (its partition column's value; cache
    first) and write the (partition, model) partition of its generations table."""
    root = settings.warehouse_dir
    rows = select_rows(read_table(root, domain.tables["instances"], {domain.partition_column: partition}), system)
    items = work_items(domain, system, rows)
    cache = DiskCache.for_data_dir(settings.data_dir, system.model)
    records, stats = run_generations(system, items, cache, on_progress=on_progress)
    out = [{**rec, "id": it.id, "lang": it.lang, "variant": it.variant, "decision_type": it.decision_type,
            "system": system.name, "source": "litellm"} for it, rec in zip(items, records, strict=True)]
    df = to_frame(out)
    write_partition(df, root, domain.tables["generations"], {domain.partition_column: partition, "model": system.safe_name})
    selected = pl.DataFrame([(it.id, it.lang, it.variant) for it in items], schema=GRAIN, orient="row")
    missing = selected.join(df.select(GRAIN), on=GRAIN, how="anti").height if items else 0
    return DomainGenerationResult(system, partition, df, stats, len(items), missing)
