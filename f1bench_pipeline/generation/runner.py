"""Generate one (partition, system) pair of any domain: select the instances (the domain's
``select_instances``), call or read the cache, write the domain's generations Parquet partition.

:func:`generate_partition` is the one generation road of every domain: F1's ``generations``
asset and ``f1bench generate --no-dagster``, weather's ``weather_generations`` asset, a plug-in
domain's assets (the toy domain of ``test_toy_domain.py``) call it; the Dagster runs of F1's are
``domains.f1.generation_runs``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from f1bench_pipeline import language, provenance
from f1bench_pipeline.domains.base import Domain
from f1bench_pipeline.generation.cache import BUDGET_EXHAUSTED, DiskCache
from f1bench_pipeline.generation.engine import RunStats, run_generations
from f1bench_pipeline.generation.plan import work_items
from f1bench_pipeline.generation.registry import Registry, System, load_registry
from f1bench_pipeline.generation.table import GENERATION_SCHEMA, GRAIN, to_frame
from f1bench_pipeline.settings import Settings
from f1bench_pipeline.storage.warehouse import read_table, write_partition


@dataclass
class GenerationResult:
    system: System
    partition: int | str   # the domain's partition value (F1: the season)
    frame: pl.DataFrame
    stats: RunStats
    expected: int          # items selected (instances × languages × variants)
    selection_note: str
    missing: int = 0       # selected items without a row (always 0 unless something is broken)


def generate_partition(
    domain: Domain,
    settings: Settings,
    system: str | System,
    partition: int | str,
    *,
    registry: Registry | None = None,
    on_progress: Callable[[str, dict], None] | None = None,
    progress_every_s: float = 10.0,
    max_cost_usd: float | None = None,
    replace: bool = False,
) -> GenerationResult:
    """Answer every instance of the domain's ``partition`` (the value of its partition column: F1's
    season, weather's batch) the system is asked about and write the (partition, model) partition
    of the domain's generations table.

    ``system`` is a registry name (raw or safe form) or a :class:`System`. Answers already in
    the cache are not asked again; errors are written with status ``error`` and retried by
    the next call of this function. A local system's model server runs while its calls are
    made (none when everything is cached), its checkpoint cache under ``<data_dir>/models``.
    ``max_cost_usd`` overrides the system's spending cap for this run: items the cap keeps
    from being called are written with status ``budget_exhausted`` (and called by a rerun
    whose cap allows them).

    The partition accumulates: rows of an earlier run that this one did not ask (a narrower
    selection: fewer instances, languages or variants) are kept, so a quick look after a full
    run loses nothing. ``replace``: the partition holds this run's selection only (imported
    rows are kept either way: ``_keep_imported``).
    """
    if not isinstance(system, System):
        system = (registry or load_registry(data_dir=settings.data_dir)).get(system)
    root = settings.warehouse_dir
    rows, note = domain.select_instances(root, system, partition)
    items = work_items(domain, system, rows)
    cache = DiskCache.for_data_dir(settings.data_dir, system.model)
    with _partition_lock(cache.dir, domain, partition):
        records, stats = run_generations(system, items, cache, on_progress=on_progress,
                                         progress_every_s=progress_every_s,
                                         models_dir=Path(settings.data_dir) / "models",
                                         max_cost_usd=max_cost_usd, label=f"{system.name} {partition}")
    given = {} if rows.is_empty() else {
        (r["id"], r["lang"], r["variant"]): (r["context_sha256"], r["facts_sha256"])
        for r in provenance.with_hashes(rows).select(*GRAIN, *provenance.HASH_COLUMNS).iter_rows(named=True)}
    out = [{**rec, "id": it.id, "lang": it.lang, "variant": it.variant, "decision_type": it.decision_type,
            "system": system.name, "source": "litellm",
            "context_sha256": provenance.messages_sha256(it.messages),
            "facts_sha256": given.get((it.id, it.lang, it.variant), (None, None))[1]}
           for it, rec in zip(items, records, strict=True)]
    table = domain.tables["generations"]
    part = {domain.partition_column: partition, "model": system.safe_name}
    existing = read_table(root, table, part)
    df = _keep_imported(to_frame(out), existing)
    if not replace:
        df = _keep_earlier(df, existing)
    write_partition(df, root, table, part)
    selected = pl.DataFrame([(it.id, it.lang, it.variant) for it in items], schema=GRAIN, orient="row")
    missing = selected.join(df.select(GRAIN), on=GRAIN, how="anti").height if items else 0
    return GenerationResult(system, partition, df, stats, len(items), note, missing)


def _stored(existing: pl.DataFrame) -> pl.DataFrame:
    """A partition's rows as read, reduced to the table's columns and types (no hive columns)."""
    return existing.select([c for c in GENERATION_SCHEMA if c in existing.columns]).cast(
        {c: t for c, t in GENERATION_SCHEMA.items() if c in existing.columns})


def _keep_earlier(written: pl.DataFrame, existing: pl.DataFrame) -> pl.DataFrame:
    """``written`` plus the rows of ``existing`` it has no row for (id × lang × variant): what an
    earlier run answered and this one did not ask. They were not called by this run, so they
    read as answered from the cache (``from_cache``), which keeps ``all_calls_failed`` about
    this run's calls."""
    if existing.is_empty() or "id" not in existing.columns:
        return written
    earlier = _stored(existing).join(written.select(GRAIN), on=GRAIN, how="anti")
    if earlier.is_empty():
        return written
    earlier = earlier.with_columns(pl.lit(True).alias("from_cache"))
    return pl.concat([written, earlier], how="diagonal_relaxed").sort(GRAIN)


def _keep_imported(generated: pl.DataFrame, existing: pl.DataFrame) -> pl.DataFrame:
    """Imported rows (``f1bench import-generations``) already in the partition survive a
    generation run: a generated answer replaces an imported row of the same id × lang ×
    variant, an imported row replaces a generated ``error`` or ``budget_exhausted`` (no answer),
    and imported rows outside the system's selection are kept as they are. Nothing imported
    is lost to a run without a key."""
    if existing.is_empty() or "source" not in existing.columns:
        return generated
    imported = existing.filter(pl.col("source") == "import")
    if imported.is_empty():
        return generated
    imported = _stored(imported)
    unanswered = pl.col("status").is_in(["error", BUDGET_EXHAUSTED])
    answered = generated.filter(~unanswered)
    kept_imports = imported.join(answered.select(GRAIN), on=GRAIN, how="anti")
    errors = generated.filter(unanswered).join(kept_imports.select(GRAIN), on=GRAIN, how="anti")
    # imported rows written before lang_detected existed get it here
    return language.with_detected(pl.concat([answered, errors, kept_imports], how="diagonal_relaxed").sort(GRAIN))


class PartitionBusy(RuntimeError):
    """Another process is generating the same model on the same partition of a domain right now."""


@contextmanager
def _partition_lock(cache_dir: Path, domain: Domain, partition: int | str) -> Iterator[None]:
    """One run per (model string, domain, partition) at a time, so two runs of the same partition (a
    double-clicked materialization, a backfill overlapping a manual run) never pay for the
    same calls twice. An advisory ``flock``: the OS releases it when the process dies."""
    try:
        import fcntl
    except ImportError:  # not POSIX: no lock
        yield
        return
    cache_dir.mkdir(parents=True, exist_ok=True)
    path = cache_dir / f".run-{domain.name}-{partition}.lock"
    with open(path, "a+") as fh:
        try:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise PartitionBusy(f"another process is generating {cache_dir.name} for {domain.partition_column} "
                                f"{partition}; "
                                "wait for it (its answers land in the same cache)") from None
        try:
            yield
        finally:
            fcntl.flock(fh.fileno(), fcntl.LOCK_UN)
