"""The instances an outside harness asks, and one answer scored against its instance (no Inspect or
Dagster import: ``inspect_task.py`` and ``import-inspect`` use it, and so do the tests).

An outside sample is named ``<instance id>|<lang>|<variant>`` (``SAMPLE_ID_SEP``): instance ids
hold ``::`` and ``@`` but never ``|``.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import polars as pl

SAMPLE_ID_SEP = "|"


def _warehouse(data_dir: Path | None) -> Path | str:
    """The warehouse root; ``data_dir`` in place of the settings' (``warehouse_url`` still wins, as everywhere)."""
    from f1bench_pipeline.settings import get_settings
    from f1bench_pipeline.settings import WarehouseLocation

    s = get_settings()
    return WarehouseLocation(data_dir or s.data_dir, s.warehouse_url).root


def instance_rows(*, season: int | None, instances: str = "test_sample", languages: tuple[str, ...] = ("en",),
                  variants: tuple[str, ...] = ("default",), limit: int | None = None,
                  data_dir: Path | None = None) -> tuple[pl.DataFrame, int]:
    """(the instance rows a system with these options answers, the season): the F1
    domain's selection (what a generation run asks), so an outside harness asks exactly what ``f1bench eval`` would."""
    from f1bench_pipeline.domains import get_domain
    from f1bench_pipeline.errors import UserError
    from f1bench_pipeline.generation.registry import System
    from f1bench_pipeline.settings import get_settings

    season = get_settings().checked_season(season)
    system = System(name="outside-harness", model="outside/harness", instances=instances,  # type: ignore[arg-type]
                    languages=languages, variants=variants, max_instances=limit)
    rows, note = get_domain("f1").select_instances(_warehouse(data_dir), system, season)
    if rows.is_empty():
        raise UserError(f"season {season}: no instances to ask ({note}); build them first (make demo / f1bench build)")
    return rows, season


@lru_cache(maxsize=4)
def _facts(warehouse: Path | str, season: int) -> Any:
    from f1bench_pipeline.domains import get_domain
    from f1bench_pipeline.storage.warehouse import read_table

    return get_domain("f1").index(read_table(warehouse, "instances", {"season": season}))


def scored_answer(text: str, instance_id: str, lang: str, variant: str, *, season: int,
                  extractor: str = "regex", data_dir: Path | None = None, model: str = "outside") -> dict[str, Any]:
    """The score row of one answer (the ``scores`` table's columns: precision, recall, f1, claim
    counts, status) — the scoring loop of ``f1bench score`` on a one-row frame. An empty answer
    is ``refused``: counted, not scored (its figures are None, as in the leaderboard)."""
    from f1bench_pipeline.domains import get_domain
    from f1bench_pipeline.domains.f1.score_file import _extractor
    from f1bench_pipeline.domains.scoring import score_generations

    facts = _facts(_warehouse(data_dir), season)
    if instance_id not in facts:
        raise KeyError(f"season {season}: no instance {instance_id!r}")
    gen = pl.DataFrame({"id": [instance_id], "model": [model], "lang": [lang], "variant": [variant],
                        "text": [text or ""], "status": ["ok" if (text or "").strip() else "refused"]})
    _claims, scores = score_generations(get_domain("f1"), gen, facts, _extractor(extractor), extractor)
    return scores.row(0, named=True)
