"""``f1bench generate``: generations of chosen systems on one season, as Dagster runs.

One ``model_generations`` run per system (the ``generations`` asset alone, on the
generation definitions), each reported with its answer statuses. ``generate_offline`` does
the same for every offline template system on the test season. The generation itself (cache,
concurrency, spending cap) is ``generation.runner.generate_partition``, which the asset calls.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any

from f1bench_pipeline.domains.f1.partitions import partition_key
from f1bench_pipeline.generation.registry import Registry, load_registry
from f1bench_pipeline.orchestration.dynamic_partitions import register_model_partitions
from f1bench_pipeline.orchestration.execute import Runs, outcome_word, quiet_config
from f1bench_pipeline.settings import Settings, get_settings


def materialize_generations(
    systems: Iterable[str],
    season: int,
    settings: Settings | None = None,
    instance: Any = None,
    progress: Callable[[str], None] = print,
    registry: Registry | None = None,
    max_cost_usd: float | None = None,
) -> dict[str, bool]:
    """Materialize ``generations`` for each system on ``season``, one Dagster run each
    (``max_cost_usd``: every system's spending cap for these runs, as run config)."""
    from f1bench_pipeline.domains.f1.definitions import generation_definitions

    settings = settings or get_settings()
    reg = registry or load_registry(data_dir=settings.data_dir)
    names = [reg.get(n).name for n in systems]
    runs = Runs.open(settings, instance=instance, progress=progress, definitions=generation_definitions)
    register_model_partitions(runs.instance, names, reg)
    config = quiet_config({"generations": {"max_cost_usd": max_cost_usd}} if max_cost_usd is not None else None)
    out: dict[str, bool] = {}
    for name in names:
        t0 = time.perf_counter()
        result = runs.run("model_generations", partition_key(name, season), run_config=config)
        out[name] = result.success
        progress(f"generations {season} {name}: {outcome_word(result.success)} "
                 f"in {time.perf_counter() - t0:.1f} s ({_statuses(result)})")
    return out


def _statuses(result) -> str:  # noqa: ANN001
    """The run's answer statuses and spending-cap stop, from its materialization metadata."""
    summary = ""
    for ev in result.get_asset_materialization_events():
        md = ev.materialization.metadata
        if "statuses" in md:
            summary = ", ".join(f"{k}={v}" for k, v in md["statuses"].value.items() if v)
        if "budget_stop" in md:
            summary += f"; stopped by the spending cap: {md['budget_stop'].value}"
    return summary


def generate_offline(settings: Settings | None = None, instance: Any = None, progress: Callable[[str], None] = print,
                     season: int | None = None) -> dict[str, bool]:
    """Generations of every offline (template) system on ``season`` (default: the test season)."""
    settings = settings or get_settings()
    reg = load_registry(data_dir=settings.data_dir)
    names = [s.name for s in reg.offline_systems()]
    return materialize_generations(names, season or settings.test_season, settings, instance, progress, reg)
