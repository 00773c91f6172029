"""New races through Dagster's declarative automation: what follows an ingested race is declared
on the assets, so the UI shows, per asset and partition, why it ran or did not.

``new_race_sensor`` (domains/f1/ingest/sensors.py) requests one ``ingest_races`` run per finished
race. Everything after it carries an ``AutomationCondition``, evaluated by
``new_race_automation`` (an ``AutomationConditionSensorDefinition``; off by default, like the
sensor, so a CLI build never races it):

* a season's event tables and instances, the test sample and the fine-tuning export:
  :func:`follows_upstream` — a dependency was updated since this partition was last requested
  or written, and none is being written now;
* generations, claims and scores of a season × system: the same, and only for a system whose
  registry entry says ``auto_update`` (:class:`AutoUpdateSystem`; the offline templates by
  default). A paid system is never called by automation. (A system's ``model`` partition
  exists once ``registry_models_sensor``, on by default, has added the registry's systems.)

Why not ``AutomationCondition.eager()``: it waits while any dependency partition is missing, and a
season's tables depend on every round partition of the season (``round`` is a static 1..N
dimension), most of which never exist — eager would wait forever.

:class:`AutoUpdateSystem` runs Python (it reads the registry at each evaluation, so an entry edited
since the code location loaded counts), so the sensor evaluates on the code server
(``use_user_code_server=True``), as Dagster's docs require for such conditions.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import dagster as dg

from f1bench_pipeline.orchestration.partitions import model_folder_of

AUTOMATION_SENSOR_NAME = "new_race_automation"


def follows_upstream(ignore: tuple[str, ...] = ()) -> dg.AutomationCondition:
    """A dependency was updated since this partition was last handled; none is in progress.
    ``ignore``: dependencies whose update starts nothing here."""
    updated = dg.AutomationCondition.any_deps_updated()
    in_progress = dg.AutomationCondition.any_deps_in_progress()
    if ignore:
        updated, in_progress = updated.ignore(dg.AssetSelection.assets(*ignore)), in_progress.ignore(
            dg.AssetSelection.assets(*ignore))
    return (updated.since_last_handled() & ~in_progress
            & ~dg.AutomationCondition.in_progress()).with_label("a dependency was updated")


def auto_update_systems(data_dir: Path | None = None) -> list[str]:
    """The ``model`` partition keys of the registry systems marked ``auto_update`` (overlays of
    ``data_dir``, default the settings', included)."""
    from f1bench_pipeline.generation.registry import load_registry

    reg = load_registry(data_dir=data_dir)
    return [s.safe_name for s in reg.systems.values() if s.auto_update]


class AutoUpdateSystem(dg.AutomationCondition):
    """True for the season × model partitions whose system the registry marks ``auto_update``."""

    @property
    def name(self) -> str:
        return "auto_update_system"

    @property
    def description(self) -> str:
        return "the system's registry entry says auto_update (the registry is read at each evaluation)"

    def evaluate(self, context: dg.AutomationContext) -> dg.AutomationResult:
        systems = set(auto_update_systems())
        keys = {k for k in context.candidate_subset.expensively_compute_partition_keys()
                if model_folder_of(k, _dimension_names(context.partitions_def)) in systems}
        return dg.AutomationResult(context, context.candidate_subset.compute_intersection_with_partition_keys(keys))


def _dimension_names(partitions_def: dg.PartitionsDefinition | None) -> tuple[str, ...]:
    if isinstance(partitions_def, dg.MultiPartitionsDefinition):
        return tuple(d.name for d in partitions_def.partitions_defs)
    return ()


def follows_upstream_for_auto_update_systems(ignore: tuple[str, ...] = ()) -> dg.AutomationCondition:
    return (follows_upstream(ignore) & AutoUpdateSystem()).with_label("a dependency was updated, auto_update system")


with warnings.catch_warnings():  # use_user_code_server is beta in Dagster 1.13 (and what its docs prescribe)
    warnings.simplefilter("ignore", dg.BetaWarning)
    new_race_automation = dg.AutomationConditionSensorDefinition(
        AUTOMATION_SENSOR_NAME,
        target=dg.AssetSelection.all(),
        default_status=dg.DefaultSensorStatus.STOPPED,
        use_user_code_server=True,
        description="After new_race_sensor's ingest runs: each season's events and instances, the test sample, "
                    "then generations, claims and scores of the auto_update systems (the assets' automation "
                    "conditions). Off by default, like new_race_sensor.",
    )
