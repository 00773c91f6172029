"""Weather generations: the registry's systems answer a batch's instances through the
same engine as F1 (``generation.engine``: litellm, concurrency, disk cache, retries,
statuses). The offline template systems get the oracle in
``metadata['f1bench']`` with ``"domain": "weather"``, and ``generation.provider``
dispatches their answer to ``domains.weather.templates``.

Instance set: every forecast period of the batch (a weather batch is small, so a
system's ``instances: test_sample`` means the whole batch here), in the system's
languages and prompt variants.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass

import polars as pl

from f1bench_pipeline.generation.cache import DiskCache, cache_key
from f1bench_pipeline.generation.engine import RunStats, WorkItem, run_generations
from f1bench_pipeline.generation.plan import local_cache_extra
from f1bench_pipeline.generation.provider import METADATA_KEY
from f1bench_pipeline.generation.registry import System
from f1bench_pipeline.generation.table import GRAIN, to_frame
from f1bench_pipeline.settings import Settings
from f1bench_pipeline.storage.warehouse import read_table, write_partition

DOMAIN = "weather"
INSTANCES, GENERATIONS = "weather_instances", "weather_generations"


def _digest(text: str) -> str:
    return hashlib.sha256((text or "").encode("utf-8")).hexdigest()[:16]


def select_rows(rows: pl.DataFrame, system: System) -> pl.DataFrame:
    if rows.is_empty():
        return rows
    rows = rows.filter(pl.col("lang").is_in(list(system.languages)) & pl.col("variant").is_in(list(system.variants)))
    return rows.sort("id", "lang", "variant")


def work_items(system: System, rows: pl.DataFrame) -> list[WorkItem]:
    from f1bench_pipeline.domains.weather.templates import TEMPLATE_VERSION

    items = []
    for r in rows.select("id", "lang", "variant", "decision_type", "system_prompt", "user_message", "facts",
                         "entities").iter_rows(named=True):
        messages = [{"role": "system", "content": r["system_prompt"]}, {"role": "user", "content": r["user_message"]}]
        extra = local_cache_extra(system)  # a local model's weights/adapter digests (None for others)
        metadata = None
        if system.offline:
            extra = {"domain": DOMAIN, "oracle": _digest(r["facts"]), "seed": system.seed,
                     "template_version": TEMPLATE_VERSION}
            metadata = {METADATA_KEY: {"domain": DOMAIN, "id": r["id"], "lang": r["lang"], "facts": r["facts"],
                                       "entities": r["entities"], "seed": system.seed}}
        items.append(WorkItem(id=r["id"], lang=r["lang"], variant=r["variant"], messages=messages,
                              cache_key=cache_key(system.model, system.params, messages, extra),
                              decision_type=r["decision_type"] or "", metadata=metadata))
    return items


@dataclass
class WeatherGenerationResult:
    system: System
    batch: str
    frame: pl.DataFrame
    stats: RunStats
    expected: int
    missing: int


def generate_weather_partition(settings: Settings, system: System, batch: str,
                               on_progress: Callable[[str, dict], None] | None = None) -> WeatherGenerationResult:
    """Answer every instance of ``batch`` (cache first) and write the (batch, model) partition."""
    root = settings.warehouse_dir
    rows = select_rows(read_table(root, INSTANCES, {"batch": batch}), system)
    items = work_items(system, rows)
    cache = DiskCache.for_data_dir(settings.data_dir, system.model)
    records, stats = run_generations(system, items, cache, on_progress=on_progress)
    out = [{**rec, "id": it.id, "lang": it.lang, "variant": it.variant, "decision_type": it.decision_type,
            "system": system.name, "source": "litellm"} for it, rec in zip(items, records, strict=True)]
    df = to_frame(out)
    write_partition(df, root, GENERATIONS, {"batch": batch, "model": system.safe_name})
    selected = pl.DataFrame([(it.id, it.lang, it.variant) for it in items], schema=GRAIN, orient="row")
    missing = selected.join(df.select(GRAIN), on=GRAIN, how="anti").height if items else 0
    return WeatherGenerationResult(system, batch, df, stats, len(items), missing)
