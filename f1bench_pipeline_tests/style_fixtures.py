"""Fixtures shared by the style-robustness tests: the sample build's instance rows, by
(language, decision type) cell and by (id, language)."""

from __future__ import annotations

from typing import Any

import polars as pl
import pytest

from f1bench_pipeline_tests.robustness.styles import renderable
from f1bench_pipeline_tests.robustness.view import kind_of


@pytest.fixture(scope="module")
def instances(sample_tables) -> pl.DataFrame:
    return sample_tables("instances")


@pytest.fixture(scope="module")
def rows_by_cell(instances) -> dict[tuple[str, str], list[dict[str, Any]]]:
    out: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for r in instances.unique(subset=["id", "lang"], keep="first").sort("id", "lang").to_dicts():
        if renderable(r):
            out.setdefault((r["lang"], kind_of(r)), []).append(r)
    return out


@pytest.fixture(scope="module")
def rows_by_key(instances) -> dict[tuple[str, str], dict[str, Any]]:
    return {(r["id"], r["lang"]): r for r in instances.unique(subset=["id", "lang"], keep="first").to_dicts()}
