"""Dagster resources, defined once: the Parquet warehouse and the FastF1 source."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import dagster as dg
import polars as pl

from f1bench_pipeline.settings import ERGAST_DIR, Settings, get_settings
from f1bench_pipeline.storage import views, warehouse


class WarehouseResource(dg.ConfigurableResource):
    """Hive-partitioned Parquet under ``data_dir/warehouse`` (or at ``url``) plus DuckDB views."""

    data_dir: str
    # An fsspec URL for the warehouse root (s3://…, gs://…, memory://…); "" = data_dir/warehouse.
    url: str = ""

    @property
    def root(self) -> Path | str:
        return self.url or Path(self.data_dir) / "warehouse"

    @property
    def duckdb_path(self) -> Path:
        return Path(self.data_dir) / "warehouse.duckdb"

    def write(self, df: pl.DataFrame, table: str, partition: Mapping[str, object]) -> Path | str:
        return warehouse.write_partition(df, self.root, table, partition)

    def read(self, table: str, partition: Mapping[str, object] | None = None) -> pl.DataFrame:
        return warehouse.read_table(self.root, table, partition)

    def refresh_views(self) -> list[str]:
        return views.refresh_views(self.root, self.duckdb_path)


class FastF1Resource(dg.ConfigurableResource):
    """Where FastF1 reads from: a cache (offline) or the network through its normal loader."""

    cache_dir: str
    offline: bool = True
    # SHA-256 manifest checked before any pickle is opened ("" = trust this cache).
    manifest: str = ""
    ergast_dir: str
    # Official results past the Ergast dump (data/official_results); "" = none.
    official_results_dir: str = ""

    @property
    def source_label(self) -> str:
        return "cache" if self.offline else "network"


def default_resources(settings: Settings | None = None) -> dict[str, dg.ConfigurableResource]:
    s = settings or get_settings()

    return {
        "warehouse": WarehouseResource(data_dir=str(s.data_dir), url=s.warehouse_url),
        "fastf1_source": FastF1Resource(
            cache_dir=str(s.fastf1_cache),
            offline=s.offline,
            manifest=str(s.cache_manifest) if s.cache_manifest else "",
            ergast_dir=str(ERGAST_DIR),
            official_results_dir=str(s.official_results_dir),
        ),
    }
