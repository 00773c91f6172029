"""The instances an outside harness asks, and one answer scored against its instance (no Inspect or
Dagster import: ``inspect_task.py`` and ``import-inspect`` use it, and so do the tests).

The domain is F1 unless named (``domain``); what is its own goes through ``Domain``: its partition
(``evaluation_partition``: F1's season), its selection (``select_instances``), its tables and its
extractors (``claim_extractor``).

An outside sample is named ``<instance id>|<lang>|<variant>`` (``SAMPLE_ID_SEP``): instance ids
hold ``::`` and ``@`` but never ``|``.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import polars as pl

from f1bench_pipeline.domains import get_domain
from f1bench_pipeline.domains.scoring import score_generations
from f1bench_pipeline.errors import UserError
from f1bench_pipeline.generation.registry import System
from f1bench_pipeline.settings import get_settings
from f1bench_pipeline.storage.warehouse import read_table

SAMPLE_ID_SEP = "|"
DEFAULT_DOMAIN = "f1"


def _warehouse(data_dir: Path | None) -> Path | str:
    """The settings' warehouse root; ``data_dir`` in place of their data dir (``warehouse_url`` still wins, as everywhere)."""
    location = get_settings().location
    return (replace(location, data_dir=Path(data_dir)) if data_dir else location).root


def instance_rows(*, season: int | None, instances: str = "test_sample", languages: tuple[str, ...] = ("en",),
                  variants: tuple[str, ...] = ("default",), limit: int | None = None,
                  data_dir: Path | None = None, domain: str = DEFAULT_DOMAIN) -> tuple[pl.DataFrame, Any]:
    """(the instance rows a system with these options answers, the partition: F1's season): the
    domain's selection (what a generation run asks), so an outside harness asks exactly what ``f1bench eval`` would."""
    dom = get_domain(domain)
    partition = dom.evaluation_partition(get_settings(), season)
    system = System(name="outside-harness", model="outside/harness", instances=instances,  # type: ignore[arg-type]
                    languages=languages, variants=variants, max_instances=limit)
    rows, note = dom.select_instances(_warehouse(data_dir), system, partition)
    if rows.is_empty():
        raise UserError(f"{dom.partition_column} {partition}: no instances to ask ({note}); build them first "
                        "(make demo / f1bench build)")
    return rows, partition


@lru_cache(maxsize=4)
def _facts(domain: str, warehouse: Path | str, partition: Any) -> Any:
    dom = get_domain(domain)
    return dom.index(read_table(warehouse, dom.tables["instances"], {dom.partition_column: partition}))


def scored_answer(text: str, instance_id: str, lang: str, variant: str, *, season: Any,
                  extractor: str = "regex", data_dir: Path | None = None, model: str = "outside",
                  domain: str = DEFAULT_DOMAIN) -> dict[str, Any]:
    """The score row of one answer (the ``scores`` table's columns: precision, recall, f1, claim
    counts, status) — the scoring loop of ``f1bench score`` on a one-row frame; ``season``: the
    instance's partition. An empty answer is ``refused``: counted, not scored (its figures are
    None, as in the leaderboard)."""
    dom = get_domain(domain)
    facts = _facts(domain, _warehouse(data_dir), season)
    if instance_id not in facts:
        raise KeyError(f"{dom.partition_column} {season}: no instance {instance_id!r}")
    gen = pl.DataFrame({"id": [instance_id], "model": [model], "lang": [lang], "variant": [variant],
                        "text": [text or ""], "status": ["ok" if (text or "").strip() else "refused"]})
    _claims, scores = score_generations(dom, gen, facts, dom.claim_extractor(extractor), extractor)
    return scores.row(0, named=True)
