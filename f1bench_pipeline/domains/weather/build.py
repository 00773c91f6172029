"""``f1bench weather build``: the weather domain's runs, and its part of ``f1bench build``
(``build_sample`` and ``print_summary``, found by ``discovery.domain_build_steps``).

One ``weather_data`` run for the batch (records and instances), then one
``weather_generate_and_score`` run per system. The batch is added to the ``weather_batches``
partitions and the systems to ``models`` first.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable
from typing import Any

from f1bench_pipeline.domains.weather.partitions import register_weather_batch, weather_partition_key
from f1bench_pipeline.domains.weather.report import print_weather_leaderboard
from f1bench_pipeline.domains.weather.sources import SAMPLE_BATCH
from f1bench_pipeline.generation.registry import load_registry
from f1bench_pipeline.orchestration.definitions_builder import domain_only_definitions
from f1bench_pipeline.orchestration.dynamic_partitions import register_model_partitions
from f1bench_pipeline.orchestration.execute import Runs
from f1bench_pipeline.settings import Settings, get_settings


def build_weather(batch: str | None = None, systems: Iterable[str] | None = None, settings: Settings | None = None,
                  instance: Any = None, progress: Callable[[str], None] = print, defs: Any = None,
                  incremental: bool = False) -> dict[str, bool]:
    """Records and instances of ``batch`` (default: the embedded sample), then generations,
    claims and scores of ``systems`` (default: the offline templates). Returns run successes."""
    batch = batch or SAMPLE_BATCH
    runs = Runs.open(settings, defs, instance, progress, definitions=lambda s: domain_only_definitions("weather", s), incremental=incremental)
    registry = load_registry()
    names = [registry.get(n).name for n in systems] if systems else [s.name for s in registry.offline_systems()]
    register_weather_batch(runs.instance, batch)
    register_model_partitions(runs.instance, names, registry)
    out: dict[str, bool] = {}
    data = runs.step(f"weather {batch}", "records and instances", "weather_data", batch)
    out["weather_data"] = data.success
    if not data.success:
        return out
    for name in names:
        result = runs.step(f"weather {batch} {name}", "generations and scores", "weather_generate_and_score",
                           weather_partition_key(name, batch))
        out[name] = result.success
    return out


def build_sample(settings: Settings, instance: Any, progress: Callable[[str], None], incremental: bool) -> dict[str, bool]:
    """``f1bench build``'s weather step: the embedded sample with the offline systems."""
    return build_weather(settings=settings, instance=instance, progress=progress, incremental=incremental)


def print_summary(settings: Settings) -> None:
    """What ``f1bench build`` prints for the weather domain: its leaderboard."""
    print_weather_leaderboard(settings.warehouse_dir)


def cmd_build(args: argparse.Namespace) -> int:
    settings = get_settings()
    ok = build_weather(args.batch, args.systems or None, settings)
    print_weather_leaderboard(settings.warehouse_dir, args.batch, args.variant)
    return 0 if all(ok.values()) else 1
