"""Runs that call the same model provider never run at once; the rest run side by side.

A run of one system (generations, verifier-guided rounds, and claims/scores with an LLM
extractor) carries the provider it calls as a run tag: ``f1bench/provider`` (the system's, e.g.
``openai`` or ``openai@127.0.0.1:8000`` for a server of its own) and ``f1bench/extractor_provider``
(the LLM extractor's, when ``F1BENCH_LLM_EXTRACTOR`` or the run's config picks one). dagster.yaml
limits each value of these tags to one run in progress (``tag_concurrency_limits``,
``applyLimitPerUniqueValue``), so the per-system requests-per-minute limit of systems.yaml,
enforced inside a run, holds across runs. Offline template systems call no provider and carry no
tag: their runs go side by side up to the queue's limit. Local weights are one tag
(``local-weights``): two runs would fight over the same cores and memory.

The tags come from the jobs' partitioned config (:func:`provider_config`), so every run of a
system's partition gets them -- a UI launch, a job backfill, a sensor's run request and the CLI's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from urllib.parse import urlparse

if TYPE_CHECKING:
    import dagster as dg

    from f1bench_pipeline.generation.registry import Registry, System

PROVIDER_TAG = "f1bench/provider"
EXTRACTOR_PROVIDER_TAG = "f1bench/extractor_provider"
LIMITED_TAGS = (PROVIDER_TAG, EXTRACTOR_PROVIDER_TAG)
LOCAL_WEIGHTS = "local-weights"


def provider_of(system: System) -> str | None:
    """What a system's calls load: its provider (with the server, when it names its own), the
    machine's cores for local weights, nothing for an offline template."""
    if system.offline:
        return None
    if system.local is not None:
        return LOCAL_WEIGHTS
    base = system.resolved_api_base()
    return f"{system.provider}@{urlparse(base).netloc or base}" if base else system.provider


def provider_tags(model: str | None, registry: Registry, extractor: str | None = None) -> dict[str, str]:
    """The limited tags of a run of the system whose partition name is ``model`` (None: a run that
    calls no system, re-scoring its stored answers; ``extractor``: the LLM extractor's registry
    system, if the run extracts with one)."""
    tags: dict[str, str] = {}
    system = None if model is None else (
        next((s for s in registry.systems.values() if s.safe_name == model), None) or registry.by_alias(model))
    provider = provider_of(system) if system is not None else None
    if provider:
        tags[PROVIDER_TAG] = provider
    ext = registry.by_alias(extractor) if extractor else None
    ext_provider = provider_of(ext) if ext is not None else None
    if ext_provider:
        tags[EXTRACTOR_PROVIDER_TAG] = ext_provider
    return tags


def _partition_tags(dimensions: tuple[str, ...], calls_system: bool, scores: bool) -> Any:
    def tags_for(partition_key: str) -> dict[str, str]:
        from f1bench_pipeline.generation.registry import load_registry
        from f1bench_pipeline.orchestration.partitions import dimensions_of
        from f1bench_pipeline.settings import process_setting

        try:
            registry = load_registry()
        except Exception:  # noqa: BLE001 - an unreadable registry fails the run itself, with its message
            return {}
        extractor = (process_setting("llm_extractor") or None) if scores else None
        from f1bench_pipeline.generation.names import key_folder

        model = key_folder(dimensions_of(partition_key, dimensions)["model"]) if calls_system else None
        return provider_tags(model, registry, extractor)

    return tags_for


def provider_config(partitions_def: dg.MultiPartitionsDefinition, calls_system: bool = True,
                    scores: bool = False) -> dg.PartitionedConfig:
    """A job's config that tags each run of a system's partition (a ``model`` × season or batch
    key) with the providers it calls: the system's (``calls_system``: the job generates) and an
    LLM extractor's (``scores``: the job extracts claims); no run config."""
    import dagster as dg

    dims = tuple(d.name for d in partitions_def.partitions_defs)
    return dg.PartitionedConfig(partitions_def=partitions_def, run_config_for_partition_key_fn=lambda _key: {},
                                tags_for_partition_key_fn=_partition_tags(dims, calls_system, scores))
