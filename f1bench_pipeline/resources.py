"""Dagster resources, defined once: the Parquet warehouse and the FastF1 source.

Their configuration is Dagster resource config, read when a run starts, never at import:

* a field left unset (``None``) takes its value from the ``F1BENCH_*`` settings (``get_settings``)
  when the resource is initialised for a run: the code location ``dagster dev`` loads
  (``default_resources()``) sets none, so each run reads the environment it runs in;
* any field can be set in the launchpad / run config (``resources: {warehouse: {config:
  {data_dir: …}}}``) or bound to a variable: ``WarehouseResource(data_dir=dg.EnvVar("MY_DIR"))``;
* tests and the CLI pass their ``Settings`` (``default_resources(settings)``): every field set.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import dagster as dg
import polars as pl
from pydantic import Field

from f1bench_pipeline import settings as settings_module
from f1bench_pipeline.settings import Settings, get_settings, settings_from_env
from f1bench_pipeline.storage import views, warehouse

_FROM_SETTINGS = "unset: from the F1BENCH_* settings when the run starts"


class WarehouseResource(dg.ConfigurableResource):
    """Hive-partitioned Parquet under ``data_dir/warehouse`` (or at ``url``) plus DuckDB views."""

    data_dir: str | None = Field(None, description=f"data directory (F1BENCH_DATA_DIR; {_FROM_SETTINGS})")
    # An fsspec URL for the warehouse root (s3://…, gs://…, memory://…); "" = data_dir/warehouse.
    url: str | None = Field(None, description=f"warehouse URL, \"\" = data_dir/warehouse (F1BENCH_WAREHOUSE_URL; {_FROM_SETTINGS})")

    def create_resource(self, context) -> WarehouseResource:
        return self.resolved()

    def resolved(self) -> WarehouseResource:
        """This resource with every unset field filled from the settings."""
        if self.data_dir is not None and self.url is not None:
            return self
        s = get_settings()
        return WarehouseResource(data_dir=str(s.data_dir) if self.data_dir is None else self.data_dir,
                                 url=s.warehouse_url if self.url is None else self.url)

    @property
    def root(self) -> Path | str:
        r = self.resolved()
        return r.url or Path(str(r.data_dir)) / "warehouse"

    @property
    def duckdb_path(self) -> Path:
        return Path(str(self.resolved().data_dir)) / "warehouse.duckdb"

    def write(self, df: pl.DataFrame, table: str, partition: Mapping[str, object]) -> Path | str:
        return warehouse.write_partition(df, self.root, table, partition)

    def read(self, table: str, partition: Mapping[str, object] | None = None) -> pl.DataFrame:
        return warehouse.read_table(self.root, table, partition)

    def refresh_views(self) -> list[str]:
        return views.refresh_views(self.root, self.duckdb_path)


class FastF1Resource(dg.ConfigurableResource):
    """Where FastF1 reads from: a cache (offline) or the network through its normal loader."""

    cache_dir: str | None = Field(None, description=f"FastF1 cache (F1BENCH_FASTF1_CACHE; {_FROM_SETTINGS})")
    offline: bool | None = Field(None, description=f"never touch the network (F1BENCH_OFFLINE; {_FROM_SETTINGS})")
    # SHA-256 manifest checked before any pickle is opened ("" = trust this cache).
    manifest: str | None = Field(None, description="SHA-256 manifest of the cache, \"\" = trust it "
                                                   f"(F1BENCH_CACHE_MANIFEST; {_FROM_SETTINGS})")
    ergast_dir: str | None = Field(None, description="Ergast CSV dump (unset: data/ergast)")
    # Official results past the Ergast dump (data/official_results); "" = none.
    official_results_dir: str | None = Field(None, description="official results supplement, \"\" = none "
                                                               f"(F1BENCH_OFFICIAL_RESULTS_DIR; {_FROM_SETTINGS})")

    def create_resource(self, context) -> FastF1Resource:
        return self.resolved()

    def resolved(self) -> FastF1Resource:
        """This resource with every unset field filled from the settings. A value set here counts
        as if it came from its variable: a ``cache_dir`` without a ``manifest`` is trusted, and
        ``offline=False`` without a ``cache_dir`` caches under the data dir (``Settings`` rules)."""
        fields = ("cache_dir", "offline", "manifest", "ergast_dir", "official_results_dir")
        if all(getattr(self, f) is not None for f in fields):
            return self
        given: dict = {}
        if self.cache_dir is not None:
            given["fastf1_cache"] = self.cache_dir
        if self.offline is not None:
            given["offline"] = self.offline
        if self.manifest is not None:
            given["cache_manifest"] = self.manifest or None  # "" = trust this cache
        s = settings_from_env(**given) if given else get_settings()
        return FastF1Resource(
            cache_dir=str(s.fastf1_cache),
            offline=s.offline,
            manifest=str(s.cache_manifest) if s.cache_manifest else "",
            ergast_dir=str(settings_module.ERGAST_DIR) if self.ergast_dir is None else self.ergast_dir,
            official_results_dir=str(s.official_results_dir) if self.official_results_dir is None
            else self.official_results_dir,
        )

    @property
    def source_label(self) -> str:
        return "cache" if self.resolved().offline else "network"


def default_resources(settings: Settings | None = None) -> dict[str, dg.ConfigurableResource]:
    """The resources bound to ``settings``; without settings (the code location), resources
    that read the ``F1BENCH_*`` settings when a run starts."""
    if settings is None:
        return {"warehouse": WarehouseResource(), "fastf1_source": FastF1Resource()}
    s = settings
    return {
        "warehouse": WarehouseResource(data_dir=str(s.data_dir), url=s.warehouse_url),
        "fastf1_source": FastF1Resource(
            cache_dir=str(s.fastf1_cache),
            offline=s.offline,
            manifest=str(s.cache_manifest) if s.cache_manifest else "",
            ergast_dir=str(settings_module.ERGAST_DIR),
            official_results_dir=str(s.official_results_dir),
        ),
    }
