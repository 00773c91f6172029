"""The weather domain's partitions: one per collection batch (``shared-2025`` is the embedded
sample; ``f1bench weather collect --batch NAME`` adds others), × the shared ``models`` dimension
from generations on. The keys read ``<system>|<batch>`` (Dagster orders dimension names)."""

from __future__ import annotations

from typing import Any

import dagster as dg

from f1bench_pipeline.domains.weather.sources import check_batch_name
from f1bench_pipeline.generation.names import key_folder, model_key
from f1bench_pipeline.orchestration.dynamic_partitions import add_dynamic_partition_keys
from f1bench_pipeline.orchestration.partitions import dimensions_of, model_partitions

WEATHER_BATCHES_NAME = "weather_batches"
weather_batch_partitions = dg.DynamicPartitionsDefinition(name=WEATHER_BATCHES_NAME)
weather_batch_model_partitions = dg.MultiPartitionsDefinition({"batch": weather_batch_partitions,
                                                               "model": model_partitions})


def batch_model_from_partition_key(key: str | dg.MultiPartitionKey) -> tuple[str, str]:
    """(batch, the system's warehouse folder name) of a batch × model key."""
    dims = dimensions_of(key, ("batch", "model"))
    return dims["batch"], key_folder(dims["model"])


def weather_partition_key(system_name: str, batch: str) -> dg.MultiPartitionKey:
    """The key of one weather batch × model partition (``<system>|<batch>``, ``names.model_key``)."""
    return dg.MultiPartitionKey({"batch": batch, "model": model_key(system_name)})


def register_weather_batch(instance: Any, batch: str) -> bool:
    """Add ``batch`` to the ``weather_batches`` dynamic partition; False if it was there."""
    check_batch_name(batch)
    return bool(add_dynamic_partition_keys(instance, WEATHER_BATCHES_NAME, [batch]))
