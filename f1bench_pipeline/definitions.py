"""The Dagster code location of f1bench (``pyproject.toml`` ``[tool.dagster]``, ``workspace.yaml``,
``dagster … -m f1bench_pipeline.definitions``): every asset, check, job, sensor and resource,
built by ``orchestration.definitions_builder``. Nothing in the package imports this module."""

import os

from f1bench_pipeline.orchestration.definitions_builder import build_definitions

os.environ.setdefault("F1BENCH_LITELLM_QUIET", "1")  # generation.llm: no litellm banner per failed call in runs
defs = build_definitions()
