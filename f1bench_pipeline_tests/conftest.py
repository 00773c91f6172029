"""Shared fixtures: the embedded sample built once through Dagster, and the shared cache."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

from f1bench_pipeline.settings import SAMPLE_CACHE_DIR, SAMPLE_MANIFEST, Settings  # noqa: E402

SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
SHARED_CACHE = SHARED_DATA / "fastf1" / "cache"


@pytest.fixture(scope="session")
def shared_cache() -> Path:
    if not SHARED_CACHE.exists():
        pytest.skip(f"shared FastF1 cache not found at {SHARED_CACHE} (only CI and dev machines have ../shared)")
    return SHARED_CACHE


@pytest.fixture(scope="session")
def sample_settings(tmp_path_factory) -> Settings:
    data_dir = tmp_path_factory.mktemp("sample_data")
    return Settings(data_dir=data_dir, fastf1_cache=SAMPLE_CACHE_DIR, offline=True, cache_manifest=SAMPLE_MANIFEST)


@pytest.fixture(scope="session")
def dagster_instance():
    import dagster as dg

    with dg.DagsterInstance.ephemeral() as instance:
        yield instance


@pytest.fixture(scope="session")
def sample_build(sample_settings, dagster_instance) -> dict:
    """The whole sample (8 races, 4 seasons) materialized through the Dagster jobs."""
    from f1bench_pipeline.runner import build

    report = build(settings=sample_settings, instance=dagster_instance, progress=lambda _m: None)
    report["settings"] = sample_settings
    return report


@pytest.fixture(scope="session")
def sample_tables(sample_build):
    from f1bench_pipeline.storage.warehouse import read_table

    root = sample_build["settings"].warehouse_dir
    return lambda table: read_table(root, table)
