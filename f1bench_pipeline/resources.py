"""Dagster resources, defined once: every configuration an asset reads.

* ``warehouse`` (``WarehouseResource``): the Parquet warehouse and its DuckDB views;
* ``fastf1_source`` (``FastF1Resource``): the FastF1 cache, the offline flag, the results files;
* ``race_rules`` (``RaceRulesResource``): every ``RaceRules`` threshold, one field each;
* ``benchmark`` (``BenchmarkResource``): the seasons, the test season and the test sample;
* ``system_registry`` (``SystemRegistryResource``): systems.yaml and its ``systems.d`` overlays.

Asset bodies read configuration from these (never ``get_settings()``): their configuration
is Dagster resource config, read when a run starts, never at import:

* a field left unset (``None``) takes its value from the ``F1BENCH_*`` settings (``get_settings``)
  when the resource is initialised for a run: the code location ``dagster dev`` loads
  (``default_resources()``) sets none, so each run reads the environment it runs in;
* any field can be set in the launchpad / run config (``resources: {warehouse: {config:
  {data_dir: …}}}``) or bound to a variable: ``WarehouseResource(data_dir=dg.EnvVar("MY_DIR"))``;
* tests and the CLI pass their ``Settings`` (``default_resources(settings)``): every field set
  (the registry's file path excepted: ``$F1BENCH_SYSTEMS`` when the run starts).

A resource given in run config takes the run config's fields, and reads each field the run
config leaves out from the settings (Dagster replaces a resource's bound values with the run
config, it does not merge them): ``resources: {race_rules: {config: {defense_max_gap_s: 1.0}}}``
runs with that gap and every other threshold as ``F1BENCH_RULES__*`` / ``F1BENCH_RULES_FILE`` say.

``RaceRulesResource`` and ``BenchmarkResource`` (and a domain's own, such as F1's
``RefinementResource``) are generated with :func:`settings_resource` from the
pydantic models that define their values (``RaceRules``, ``Settings``): each field has the
model's type, documentation and validation, so a threshold is defined once, in settings.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

import dagster as dg
import polars as pl
from pydantic import BaseModel, Field, PrivateAttr, create_model

from f1bench_pipeline import settings as settings_module
from f1bench_pipeline.generation.registry import load_registry, overlay_dir, registry_path
from f1bench_pipeline.orchestration.heal import enter_run_process
from f1bench_pipeline.settings import (RaceRules, Settings, WarehouseLocation, env_name, get_settings,
                                       settings_from_env)
from f1bench_pipeline.storage import views, warehouse

if TYPE_CHECKING:
    from f1bench_pipeline.generation.registry import Registry

_FROM_SETTINGS = "unset: from the F1BENCH_* settings when the run starts"
_T = TypeVar("_T")


def _resolved_field(value: _T | None, name: str) -> _T:
    """A field of a resolved resource (the one an asset gets: ``create_resource`` resolves it), not
    None; unset (an unresolved resource) is a ``TypeError``, as ``Path(None)`` raised."""
    if value is None:
        raise TypeError(f"{name} is unset: use the resolved resource (.resolved())")
    return value


class WarehouseResource(dg.ConfigurableResource):
    """Hive-partitioned Parquet under ``data_dir/warehouse`` (or at ``url``) plus DuckDB views."""

    data_dir: str | None = Field(default=None, description=f"data directory (F1BENCH_DATA_DIR; {_FROM_SETTINGS})")
    # An fsspec URL for the warehouse root (s3://…, gs://…, memory://…); "" = data_dir/warehouse.
    url: str | None = Field(default=None, description=f"warehouse URL, \"\" = data_dir/warehouse (F1BENCH_WAREHOUSE_URL; {_FROM_SETTINGS})")

    def create_resource(self, context) -> WarehouseResource:
        # every run that writes the warehouse sets it up first, in its own process: the moment
        # to share the worker pools with the runs beside it and to tag the run with its process

        enter_run_process(context.instance, context.run, get_settings().executor == "in_process")
        return self.resolved()

    def resolved(self) -> WarehouseResource:
        """This resource with every unset field filled from the settings."""
        if self.data_dir is not None and self.url is not None:
            return self
        s = get_settings()
        return WarehouseResource(data_dir=str(s.data_dir) if self.data_dir is None else self.data_dir,
                                 url=s.warehouse_url if self.url is None else self.url)

    @property
    def location(self) -> WarehouseLocation:
        r = self.resolved()
        return WarehouseLocation(Path(str(r.data_dir)), r.url or None)

    @property
    def root(self) -> Path | str:
        return self.location.root

    @property
    def duckdb_path(self) -> Path:
        return self.location.duckdb_path

    @property
    def data_path(self) -> Path:
        """``data_dir`` as a path (the resolved resource's)."""
        return Path(_resolved_field(self.data_dir, "data_dir"))

    def write(self, df: pl.DataFrame, table: str, partition: Mapping[str, object]) -> Path | str:
        return warehouse.write_partition(df, self.root, table, partition)

    def read(self, table: str, partition: Mapping[str, object] | None = None) -> pl.DataFrame:
        return warehouse.read_table(self.root, table, partition)

    def refresh_views(self) -> list[str]:
        return views.refresh_views(self.root, self.duckdb_path)

    def path_settings(self) -> Settings:
        """``Settings`` holding this warehouse's ``data_dir`` and ``warehouse_url`` (every other
        field its default), for the helpers that take where data live as ``Settings``."""
        r = self.resolved()
        return Settings(data_dir=Path(str(r.data_dir)), warehouse_url=r.url or "")


class FastF1Resource(dg.ConfigurableResource):
    """Where FastF1 reads from: a cache (offline) or the network through its normal loader."""

    cache_dir: str | None = Field(default=None, description=f"FastF1 cache (F1BENCH_FASTF1_CACHE; {_FROM_SETTINGS})")
    offline: bool | None = Field(default=None, description=f"never touch the network (F1BENCH_OFFLINE; {_FROM_SETTINGS})")
    # SHA-256 manifest checked before any pickle is opened ("" = trust this cache).
    manifest: str | None = Field(default=None, description="SHA-256 manifest of the cache, \"\" = trust it "
                                                           f"(F1BENCH_CACHE_MANIFEST; {_FROM_SETTINGS})")
    ergast_dir: str | None = Field(default=None, description="Ergast CSV dump (unset: data/ergast)")
    # Official results past the Ergast dump (data/official_results); "" = none.
    official_results_dir: str | None = Field(default=None, description="official results supplement, \"\" = none "
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

    @property
    def cache_path(self) -> Path:
        """``cache_dir`` as a path (the resolved resource's)."""
        return Path(_resolved_field(self.cache_dir, "cache_dir"))

    @property
    def ergast_path(self) -> Path:
        """``ergast_dir`` as a path (the resolved resource's)."""
        return Path(_resolved_field(self.ergast_dir, "ergast_dir"))


class FromSettings(dg.ConfigurableResource):
    """A resource whose fields are fields of ``Settings`` (``_SECTION = "rules"``: of
    ``Settings.rules``) of the same name: each unset field takes its value from the
    ``F1BENCH_*`` settings when the run starts, and the values are validated by their model."""

    _SECTION: ClassVar[str | None] = None
    _model_values: Any = PrivateAttr(default=None)  # the validated model, once every field is set

    @classmethod
    def _model(cls) -> type[BaseModel]:
        return RaceRules if cls._SECTION == "rules" else Settings

    @classmethod
    def _source(cls, settings: Settings) -> dict[str, Any]:
        model = getattr(settings, cls._SECTION) if cls._SECTION else settings
        dumped = model.model_dump(mode="json")
        return {name: dumped[name] for name in cls.model_fields}

    @classmethod
    def bound_to(cls, settings: Settings):
        """This resource with every field set from ``settings``."""
        return cls(**cls._source(settings))

    def _given(self) -> dict[str, Any]:
        return {name: v for name in type(self).model_fields if (v := getattr(self, name)) is not None}

    def _values(self) -> BaseModel:
        """The model (``RaceRules`` or ``Settings``) holding this resource's values, validated;
        the fields left unset from the settings."""
        if self._model_values is not None:
            return self._model_values
        given = self._given()
        if len(given) < len(type(self).model_fields):
            return self._model().model_validate({**self._source(get_settings()), **given})
        self._model_values = self._model().model_validate(given)  # fields never change: validate once
        return self._model_values

    def resolved(self):
        """This resource with every unset field filled from the settings."""
        if len(self._given()) == len(type(self).model_fields):
            return self
        values = self._values().model_dump(mode="json")
        return type(self)(**{name: values[name] for name in type(self).model_fields})

    def create_resource(self, context):
        return self.resolved()


def settings_resource(name: str, base: type[FromSettings], doc: str, fields: list[str] | None = None,
                      module: str = __name__):
    """``base`` with one optional field per model field named in ``fields`` (all: None), typed
    and described as the model defines it (a tuple as a list, Dagster's config type); ``module``:
    where the class is defined (a domain's own resources sit in its folder)."""
    model = base._model()
    made: dict[str, Any] = {}
    for field in fields or list(model.model_fields):
        info = model.model_fields[field]
        kind = list[str] if info.annotation == tuple[str, ...] else info.annotation
        var = env_name(base._SECTION, field) if base._SECTION else env_name(field)
        made[field] = (kind | None, Field(None, description=f"{info.description} ({var}; {_FROM_SETTINGS})"))  # type: ignore[operator]  # pydantic: a model field's annotation is set
    return create_model(name, __base__=base, __module__=module, __doc__=doc, **made)


class _RaceRules(FromSettings):
    _SECTION: ClassVar[str | None] = "rules"

    @property
    def rules(self) -> RaceRules:
        """The thresholds of this run."""
        return self._values()  # type: ignore[return-value]


class _Benchmark(FromSettings):
    @property
    def seasons(self) -> list[int]:
        return self._values().seasons  # type: ignore[attr-defined]

    @property
    def train_seasons(self) -> list[int]:
        return [s for s in self.seasons if self.split_of(s) == "train"]

    def split_of(self, season: int) -> str:
        return self._values().split_of(season)  # type: ignore[attr-defined]


RaceRulesResource = settings_resource(
    "RaceRulesResource", _RaceRules,
    "Every ``RaceRules`` threshold as a field: the event tables and the instances take their "
    "rules from it (``.rules``); one run's thresholds from the launchpad: ``resources: {race_rules: "
    "{config: {battle_max_gap_before_s: 3.0}}}``.")
BenchmarkResource = settings_resource(
    "BenchmarkResource", _Benchmark,
    "The benchmark's seasons, its test season (``split_of``, ``train_seasons``) and the test sample. The "
    "season partitions are fixed when the code location loads (partitions.py); these fields say, for a "
    "run, which season is held out and how the test sample is drawn.",
    ["first_season", "last_season", "test_season", "test_sample_size", "sample_seed"])

class SystemRegistryResource(dg.ConfigurableResource):
    """The system registry (systems.yaml merged with its ``systems.d`` overlays), read once per
    run on first use (``.registry``): generations, scoring with an LLM extractor, refinement and
    the weather domain look their systems up in it."""

    path: str | None = Field(default=None, description="the registry file (systems.yaml); unset: $F1BENCH_SYSTEMS "
                                                       "when the run starts, else the packaged systems.yaml")
    overlays_dir: str | None = Field(default=None, description="folder of overlay files merged over it (systems.d; "
                                                               "\"\" = none); unset: <F1BENCH_DATA_DIR>/systems.d "
                                                               "when the run starts")
    _registry: Any = PrivateAttr(default=None)

    def create_resource(self, context) -> SystemRegistryResource:
        r = self.resolved()
        return SystemRegistryResource(path=r.path, overlays_dir=r.overlays_dir)  # a fresh cache for each run

    def resolved(self) -> SystemRegistryResource:
        """This resource with its unset fields filled (the variable, the settings' data dir)."""
        if self.path is not None and self.overlays_dir is not None:
            return self

        return SystemRegistryResource(
            path=str(registry_path()) if self.path is None else self.path,
            overlays_dir=str(overlay_dir(get_settings().data_dir)) if self.overlays_dir is None else self.overlays_dir)

    @property
    def registry(self) -> Registry:
        """The registry, read on first use and kept for the rest of the run."""
        if self._registry is None:
            r = self.resolved()
            self._registry = load_registry(r.path, overlays=bool(r.overlays_dir), overlay_folder=r.overlays_dir or None)
        return self._registry


def default_resources(settings: Settings | None = None) -> dict[str, dg.ConfigurableResource]:
    """The resources bound to ``settings``; without settings (the code location), resources
    that read the ``F1BENCH_*`` settings when a run starts."""
    if settings is None:
        return {"warehouse": WarehouseResource(), "fastf1_source": FastF1Resource(),
                "race_rules": RaceRulesResource(), "benchmark": BenchmarkResource(),
                "system_registry": SystemRegistryResource()}

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
        "race_rules": RaceRulesResource.bound_to(s),
        "benchmark": BenchmarkResource.bound_to(s),
        # the file: $F1BENCH_SYSTEMS when the run starts (Settings has no registry path)
        "system_registry": SystemRegistryResource(overlays_dir=str(overlay_dir(s.data_dir))),
    }
