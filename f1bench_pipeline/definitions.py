"""The Dagster code location of f1bench (``pyproject.toml`` ``[tool.dagster]``, ``workspace.yaml``,
``dagster … -m f1bench_pipeline.definitions``): every asset, check, job, sensor and resource,
built by ``orchestration.definitions_builder``. Nothing in the package imports this module."""

from f1bench_pipeline.orchestration.definitions_builder import build_definitions
from f1bench_pipeline.settings import set_environment

set_environment("F1BENCH_LITELLM_QUIET", "1", default_only=True)  # generation.llm: no litellm banner per failed call in runs
defs = build_definitions()
