"""Adding keys to the dynamic partitions of a Dagster instance (``models``; a domain's own, e.g.
the weather batches, through :func:`add_dynamic_partition_keys`).

A system is a ``models`` partition under its readable key (``generation.names.model_key``:
``ollama/llama3.1:8b``); the keys of a run are built by ``partitions.py`` (``partition_key``)
and the domains' partitions. Runs of a key not yet added fail, so the CLI adds them first.

Which systems are partitions. A system named to a command (``f1bench generate NAME``, ``eval``,
``build``) is added when the command runs it. Of the whole registry (``f1bench register-systems``,
the ``registry_models_sensor``) only the systems that can run here are (:func:`runnable_here`):
offline templates, local weights, a server on this machine, a remote system whose key is in the
environment, or one the warehouse already has generations of. The
shipped registry's paid examples that nobody has a key for would otherwise be partitions no run
ever fills ("9% filled" on every partitioned asset); setting a key (or adding a system to
systems.yaml / an overlay) makes it a partition at the sensor's next tick, launchable from the UI.

An instance made before the keys were readable holds ``ollama%2Fllama3.1%3A8b``: registering
migrates it (:func:`migrate_model_keys`: the readable key added, the old one deleted). The warehouse
is untouched (its folders keep the percent-encoded name), so the data stays; Dagster's history of
the old key stays in the event log but not in the partition view, and the next ``f1bench build``
reruns such a partition once (its answers come from the warehouse and the response cache).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from f1bench_pipeline.generation.names import key_folder, model_key, unsafe_name
from f1bench_pipeline.generation.registry import Registry, System, load_registry
from f1bench_pipeline.orchestration.partitions import MODEL_PARTITIONS_NAME


def add_dynamic_partition_keys(instance: Any, name: str, keys: Iterable[str]) -> list[str]:
    """Add ``keys`` to the dynamic partitions ``name``; returns those that were not there."""
    existing = set(instance.get_dynamic_partitions(name))
    new = [k for k in dict.fromkeys(keys) if k not in existing]
    if new:
        instance.add_dynamic_partitions(name, new)
    return new


def add_model_partition_keys(instance: Any, keys: Iterable[str]) -> list[str]:
    """Add ``keys`` (``model_key``s, not necessarily of registry systems) to ``models``."""
    return add_dynamic_partition_keys(instance, MODEL_PARTITIONS_NAME, keys)


def _key_in_environment(system: System) -> bool:
    """The key a remote system's calls need is set: the variable it names, else litellm's own for
    its provider (``validate_environment``; litellm is imported only for such a system)."""
    if system.key_env:
        return system.missing_key_env() is None
    import litellm

    return bool(litellm.validate_environment(model=system.model).get("keys_in_environment"))


def has_generations(warehouse_dir: Path | None, system: System) -> bool:
    """The local warehouse holds generations of ``system`` (any season)."""
    if warehouse_dir is None or not isinstance(warehouse_dir, Path):
        return False
    return any((warehouse_dir / "generations").glob(f"*/model={system.safe_name}"))


def runnable_here(system: System, warehouse_dir: Path | None = None) -> bool:
    """Whether a run of ``system`` can call it here (module doc), or the warehouse has its answers."""
    if system.offline or system.local is not None or system.on_this_machine:
        return True
    return _key_in_environment(system) or has_generations(warehouse_dir, system)


def settings_warehouse() -> Path | None:
    """The settings' warehouse when it is a local folder (a remote one is not looked into)."""
    from f1bench_pipeline.settings import get_settings

    wh = get_settings().warehouse_dir
    return wh if isinstance(wh, Path) else None


def runnable_keys(registry: Registry, warehouse_dir: Path | None = None) -> list[str]:
    """The ``models`` keys of the registry systems :func:`runnable_here` (the settings' warehouse unless given)."""
    wh = warehouse_dir or settings_warehouse()
    return [model_key(s.name) for s in registry.systems.values() if runnable_here(s, wh)]


def old_style_keys(keys: Iterable[str]) -> dict[str, str]:
    """{old percent-encoded key: its readable key} among ``keys`` (module doc)."""
    return {k: model_key(unsafe_name(k)) for k in keys if "%" in k and model_key(unsafe_name(k)) != k}


def migrate_model_keys(instance: Any) -> dict[str, str]:
    """Replace the instance's old-style ``models`` keys by readable ones (module doc); returns them."""
    old = old_style_keys(instance.get_dynamic_partitions(MODEL_PARTITIONS_NAME))
    if old:
        add_model_partition_keys(instance, old.values())
        for key in old:
            instance.delete_dynamic_partition(MODEL_PARTITIONS_NAME, key)
    return old


def register_model_partitions(instance: Any, names: Iterable[str] | None = None,
                              registry: Registry | None = None) -> list[str]:
    """Add registry systems to the ``models`` dynamic partition: ``names`` (a command runs them), or
    every system :func:`runnable_here` (None); old-style keys are migrated first. Returns the keys added."""
    reg = registry or load_registry()
    migrate_model_keys(instance)
    wanted = [model_key(reg.get(n).name) for n in names] if names is not None else runnable_keys(reg)
    return add_dynamic_partition_keys(instance, MODEL_PARTITIONS_NAME, wanted)


def unused_model_keys(instance: Any, registry: Registry, runnable: Iterable[str],
                      warehouse_dir: Path | None = None) -> list[str]:
    """Keys of registry systems that cannot run here and were never used: no run of theirs in the
    instance, no generations in the warehouse (the shipped paid examples, registered by an older
    f1bench). Removing them takes nothing from the UI but empty partitions."""
    from dagster import RunsFilter

    keep = set(runnable)
    systems = {s.safe_name: s for s in registry.systems.values()}
    out = []
    for key in instance.get_dynamic_partitions(MODEL_PARTITIONS_NAME):
        system = systems.get(key_folder(key))
        if system is None or key in keep or has_generations(warehouse_dir, system):
            continue
        if not instance.get_run_records(RunsFilter(tags={"dagster/partition/model": key}), limit=1):
            out.append(key)
    return out
