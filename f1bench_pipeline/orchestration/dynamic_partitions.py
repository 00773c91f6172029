"""Adding keys to the dynamic partitions of a Dagster instance (``models``; a domain's own, e.g.
the weather batches, through :func:`add_dynamic_partition_keys`).

A system is a ``models`` partition under its safe name (``generation.names.safe_name``); the
keys of a run are built by ``partitions.py`` (``partition_key``) and the domains' partitions.
Runs of a key not yet added fail, so the CLI adds them first.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


from f1bench_pipeline.generation.registry import Registry, load_registry
from f1bench_pipeline.partitions import MODEL_PARTITIONS_NAME


def add_dynamic_partition_keys(instance: Any, name: str, keys: Iterable[str]) -> list[str]:
    """Add ``keys`` to the dynamic partitions ``name``; returns those that were not there."""
    existing = set(instance.get_dynamic_partitions(name))
    new = [k for k in dict.fromkeys(keys) if k not in existing]
    if new:
        instance.add_dynamic_partitions(name, new)
    return new


def add_model_partition_keys(instance: Any, keys: Iterable[str]) -> list[str]:
    """Add ``keys`` (safe system names, not necessarily in the registry) to ``models``."""
    return add_dynamic_partition_keys(instance, MODEL_PARTITIONS_NAME, keys)


def register_model_partitions(instance: Any, names: Iterable[str] | None = None,
                              registry: Registry | None = None) -> list[str]:
    """Add registry systems (all, or ``names``) to the ``models`` dynamic partition; returns
    the keys added."""
    reg = registry or load_registry()
    wanted = [reg.get(n).safe_name for n in names] if names is not None else [s.safe_name for s in reg.systems.values()]
    return add_dynamic_partition_keys(instance, MODEL_PARTITIONS_NAME, wanted)
