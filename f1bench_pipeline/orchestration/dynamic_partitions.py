"""Adding keys to the dynamic partitions (``models``, ``weather_batches``) of a Dagster instance.

A system is a ``models`` partition under its safe name (``generation.names.safe_name``); the
keys of a run are built by ``partitions.py`` (``partition_key``, ``weather_partition_key``).
Runs of a key not yet added fail, so the CLI adds them first.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


from f1bench_pipeline.generation.registry import Registry, load_registry
from f1bench_pipeline.partitions import MODEL_PARTITIONS_NAME, WEATHER_BATCHES_NAME


def _add(instance: Any, name: str, keys: Iterable[str]) -> list[str]:
    existing = set(instance.get_dynamic_partitions(name))
    new = [k for k in dict.fromkeys(keys) if k not in existing]
    if new:
        instance.add_dynamic_partitions(name, new)
    return new


def add_model_partition_keys(instance: Any, keys: Iterable[str]) -> list[str]:
    """Add ``keys`` (safe system names, not necessarily in the registry) to ``models``."""
    return _add(instance, MODEL_PARTITIONS_NAME, keys)


def register_model_partitions(instance: Any, names: Iterable[str] | None = None,
                              registry: Registry | None = None) -> list[str]:
    """Add registry systems (all, or ``names``) to the ``models`` dynamic partition; returns
    the keys added."""
    reg = registry or load_registry()
    wanted = [reg.get(n).safe_name for n in names] if names is not None else [s.safe_name for s in reg.systems.values()]
    return _add(instance, MODEL_PARTITIONS_NAME, wanted)


def register_weather_batch(instance: Any, batch: str) -> bool:
    """Add ``batch`` to the ``weather_batches`` dynamic partition; False if it was there."""
    from f1bench_pipeline.domains.weather.sources import check_batch_name

    check_batch_name(batch)
    return bool(_add(instance, WEATHER_BATCHES_NAME, [batch]))
