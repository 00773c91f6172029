"""Which of a season's instances an F1 system answers: the whole season (``instances: full``)
or the ids of the season's ``test_sample`` (which exists for the test season only), the first
``max_instances`` ids of either, in the system's languages and prompt variants
(``F1Domain.select_instances``; the shared default is ``Domain.select_instances``)."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from f1bench_pipeline.generation.registry import System
from f1bench_pipeline.storage.warehouse import read_table


def select_test_sample(warehouse_root: Path | str, system: System, season: int) -> tuple[pl.DataFrame, str]:
    """The season's instance rows of the ids of its test sample — with ``max_instances``, the
    first ids of each decision type's stratum order, the types taking turns — in the system's
    languages and variants, and a note on how they were chosen."""
    rows = read_table(warehouse_root, "instances", {"season": season})
    if rows.is_empty():
        return rows, f"no instances for season {season} (materialize `instances` first)"
    sample = read_table(warehouse_root, "test_sample", {"season": season})
    if sample.is_empty():
        return rows.head(0), (f"system runs on the test sample, and season {season} has none "
                              "(the sample exists for the test season only)")
    rows = rows.filter(pl.col("id").is_in(sample["id"].unique().implode()))
    note = f"test sample ({sample['id'].n_unique()} ids)"
    if system.max_instances:
        order = sample.sort("stratum_rank", "kind", "id")["id"].unique(maintain_order=True)
        keep = order.head(system.max_instances)
        rows = rows.filter(pl.col("id").is_in(keep.implode()))
        note += f", first {keep.len()} in stratum order (max_instances)"
    rows = rows.filter(pl.col("lang").is_in(list(system.languages)) & pl.col("variant").is_in(list(system.variants)))
    return rows.sort("id", "lang", "variant"), note
