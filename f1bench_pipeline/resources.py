"""Dagster resources shared by every domain, defined once: every shared configuration an asset reads.

* ``warehouse`` (``WarehouseResource``): the Parquet warehouse and its DuckDB views;
* ``network`` (``NetworkResource``): the offline switch (``F1BENCH_OFFLINE``);
* ``benchmark`` (``BenchmarkResource``): the seasons, the test season and the test sample;
* ``system_registry`` (``SystemRegistryResource``): systems.yaml and its ``systems.d`` overlays.

A domain's own resources sit in its folder and its definitions bind them (F1's ``fastf1_source``,
``race_rules`` and ``refinement``: ``domains/f1/resources.py``, ``domains/f1/definitions.py``).

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

``NetworkResource`` and ``BenchmarkResource`` (and a domain's own, such as F1's ``RaceRulesResource``
and ``RefinementResource``) are generated with :func:`settings_resource` from the pydantic models
that define their values (``Settings``, a domain's section or a model in it): each field has the
model's type, documentation and validation, so a setting is defined once.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

import dagster as dg
import polars as pl
from pydantic import BaseModel, Field, PrivateAttr, create_model

from f1bench_pipeline.generation.registry import load_registry, overlay_dir, registry_path
from f1bench_pipeline.orchestration.heal import enter_run_process
from f1bench_pipeline.settings import Settings, WarehouseLocation, env_name, get_settings
from f1bench_pipeline.storage import views, warehouse

if TYPE_CHECKING:
    from f1bench_pipeline.generation.registry import Registry

_FROM_SETTINGS = "unset: from the F1BENCH_* settings when the run starts"
_T = TypeVar("_T")


def resolved_field(value: _T | None, name: str) -> _T:
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
        return Path(resolved_field(self.data_dir, "data_dir"))

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


class FromSettings(dg.ConfigurableResource):
    """A resource whose fields are fields of a settings model of the same name (``_model``: ``Settings``,
    a domain's section, or a model nested in one, whose instance in the settings ``_values_in`` finds):
    each unset field takes its value from the ``F1BENCH_*`` settings when the run starts, and the
    values are validated by their model."""

    #: the field a nested model is in (F1's ``"rules"``): its variables are ``F1BENCH_<NESTED>__<FIELD>``
    _NESTED: ClassVar[str | None] = None
    _model_values: Any = PrivateAttr(default=None)  # the validated model, once every field is set

    @classmethod
    def _model(cls) -> type[BaseModel]:
        return Settings

    @classmethod
    def _values_in(cls, settings: Settings) -> BaseModel:
        """The instance of ``_model`` in ``settings``."""
        return settings

    @classmethod
    def _source(cls, settings: Settings) -> dict[str, Any]:
        dumped = cls._values_in(settings).model_dump(mode="json")
        return {name: dumped[name] for name in cls.model_fields}

    @classmethod
    def bound_to(cls, settings: Settings):
        """This resource with every field set from ``settings``."""
        return cls(**cls._source(settings))

    def _given(self) -> dict[str, Any]:
        return {name: v for name in type(self).model_fields if (v := getattr(self, name)) is not None}

    def _values(self) -> BaseModel:
        """The model (``_model``) holding this resource's values, validated;
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
        var = env_name(base._NESTED, field) if base._NESTED else env_name(field)
        made[field] = (kind | None, Field(None, description=f"{info.description} ({var}; {_FROM_SETTINGS})"))  # type: ignore[operator]  # pydantic: a model field's annotation is set
    return create_model(name, __base__=base, __module__=module, __doc__=doc, **made)


class _Network(FromSettings):
    """``offline``: never touch the network (a domain that collects online reads it)."""


class _Benchmark(FromSettings):
    @property
    def seasons(self) -> list[int]:
        return self._values().seasons  # type: ignore[attr-defined]

    @property
    def train_seasons(self) -> list[int]:
        return [s for s in self.seasons if self.split_of(s) == "train"]

    def split_of(self, season: int) -> str:
        return self._values().split_of(season)  # type: ignore[attr-defined]


NetworkResource = settings_resource(
    "NetworkResource", _Network,
    "The offline switch every domain reads (``.resolved().offline``): an online run (``F1BENCH_OFFLINE=0``, or "
    "``resources: {network: {config: {offline: false}}}``) may collect what is missing.", ["offline"])
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
    """The shared resources bound to ``settings``; without settings (the code location), resources
    that read the ``F1BENCH_*`` settings when a run starts. A domain's own: its definitions bind them."""
    if settings is None:
        return {"warehouse": WarehouseResource(), "network": NetworkResource(), "benchmark": BenchmarkResource(),
                "system_registry": SystemRegistryResource()}

    s = settings
    return {
        "warehouse": WarehouseResource(data_dir=str(s.data_dir), url=s.warehouse_url),
        "network": NetworkResource.bound_to(s),
        "benchmark": BenchmarkResource.bound_to(s),
        # the file: $F1BENCH_SYSTEMS when the run starts (Settings has no registry path)
        "system_registry": SystemRegistryResource(overlays_dir=str(overlay_dir(s.data_dir))),
    }
