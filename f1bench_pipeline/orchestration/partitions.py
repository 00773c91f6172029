"""Partitions every domain shares: the ``models`` dimension (one key per system of the registry,
added by ``orchestration.dynamic_partitions``, so a new system needs no code change) and reading
a multi-partition key by dimension. A domain's own dimensions sit in its folder
(``domains/f1/partitions.py``: seasons, races; ``domains/weather/partitions.py``: batches).
"""

from __future__ import annotations

import dagster as dg

from f1bench_pipeline.generation.names import key_folder

MODEL_PARTITIONS_NAME = "models"
model_partitions = dg.DynamicPartitionsDefinition(name=MODEL_PARTITIONS_NAME)


def dimensions_of(key: str | dg.MultiPartitionKey, names: tuple[str, ...]) -> dict[str, str]:
    """A multi-partition key by dimension; a plain string reads in sorted-name order."""
    if isinstance(key, dg.MultiPartitionKey):
        return dict(key.keys_by_dimension)
    return dict(zip(sorted(names), str(key).split("|")))


def model_folder_of(key: str | dg.MultiPartitionKey, names: tuple[str, ...]) -> str | None:
    """The system's warehouse folder name (``names.key_folder``) of a key whose dimensions are
    ``names``; None when they have no ``model`` dimension."""
    if "model" not in names:
        return None
    return key_folder(dimensions_of(key, names)["model"])
