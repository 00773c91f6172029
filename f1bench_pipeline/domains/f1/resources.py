"""F1's Dagster resources, bound by its definitions (``definitions.py``) beside the shared ones
(``f1bench_pipeline/resources.py``, whose conventions they follow: a field left unset reads its
``F1BENCH_*`` setting when a run starts):

* ``fastf1_source`` (``FastF1Resource``): the FastF1 cache, the offline flag, the results files;
* ``race_rules`` (``RaceRulesResource``): every ``RaceRules`` threshold, one field each
  (``resources: {race_rules: {config: {battle_max_gap_before_s: 3.0}}}`` in the launchpad).

(``refinement``, the verifier-guided loop's, is in ``refinement/resource.py``.)
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

import dagster as dg
from pydantic import BaseModel, Field

from f1bench_pipeline.domains.f1.settings import F1Settings, RaceRules
from f1bench_pipeline.package_data import ERGAST_DIR
from f1bench_pipeline.resources import FromSettings, resolved_field, settings_resource
from f1bench_pipeline.settings import Settings, get_settings, settings_from_env

_FROM_SETTINGS = "unset: from the F1BENCH_* settings when the run starts"


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

    @classmethod
    def bound_to(cls, settings: Settings) -> FastF1Resource:
        """This resource with every field set from ``settings``."""
        f1 = F1Settings.of(settings)
        return cls(cache_dir=str(f1.fastf1_cache), offline=settings.offline,
                   manifest=str(f1.cache_manifest) if f1.cache_manifest else "", ergast_dir=str(ERGAST_DIR),
                   official_results_dir=str(f1.official_results_dir))

    def create_resource(self, context) -> FastF1Resource:
        return self.resolved()

    def resolved(self) -> FastF1Resource:
        """This resource with every unset field filled from the settings. A value set here counts
        as if it came from its variable: a ``cache_dir`` without a ``manifest`` is trusted, and
        ``offline=False`` without a ``cache_dir`` caches under the data dir (``F1Settings`` rules)."""
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
        bound = self.bound_to(settings_from_env(**given) if given else get_settings())
        return FastF1Resource(
            cache_dir=bound.cache_dir, offline=bound.offline, manifest=bound.manifest,
            ergast_dir=bound.ergast_dir if self.ergast_dir is None else self.ergast_dir,
            official_results_dir=bound.official_results_dir if self.official_results_dir is None
            else self.official_results_dir,
        )

    @property
    def source_label(self) -> str:
        return "cache" if self.resolved().offline else "network"

    @property
    def cache_path(self) -> Path:
        """``cache_dir`` as a path (the resolved resource's)."""
        return Path(resolved_field(self.cache_dir, "cache_dir"))

    @property
    def ergast_path(self) -> Path:
        """``ergast_dir`` as a path (the resolved resource's)."""
        return Path(resolved_field(self.ergast_dir, "ergast_dir"))


class _RaceRules(FromSettings):
    _NESTED: ClassVar[str | None] = "rules"

    @classmethod
    def _model(cls) -> type[BaseModel]:
        return RaceRules

    @classmethod
    def _values_in(cls, settings: Settings) -> BaseModel:
        return F1Settings.of(settings).rules

    @property
    def rules(self) -> RaceRules:
        """The thresholds of this run."""
        return self._values()  # type: ignore[return-value]


RaceRulesResource = settings_resource(
    "RaceRulesResource", _RaceRules,
    "Every ``RaceRules`` threshold as a field: the event tables and the instances take their "
    "rules from it (``.rules``); one run's thresholds from the launchpad: ``resources: {race_rules: "
    "{config: {battle_max_gap_before_s: 3.0}}}``.", module=__name__)


def f1_resources(settings: Settings | None = None) -> dict[str, dg.ConfigurableResource]:
    """``fastf1_source`` and ``race_rules`` bound to ``settings``; without settings (the code location),
    resources that read the ``F1BENCH_*`` settings when a run starts."""
    if settings is None:
        return {"fastf1_source": FastF1Resource(), "race_rules": RaceRulesResource()}
    return {"fastf1_source": FastF1Resource.bound_to(settings), "race_rules": RaceRulesResource.bound_to(settings)}
