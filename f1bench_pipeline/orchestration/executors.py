"""Where a run's steps execute: the executor of the definitions, and runs out of this process.

``Settings.executor`` (``F1BENCH_EXECUTOR``) picks it for every job of the code location:

* ``in_process`` (default): every run executes its steps one after another in one process —
  a run launched from the UI, a backfill's, a sensor's and the CLI's (all through the run queue:
  Dagster's run worker) alike. Parallelism comes from runs side by side (the run
  queue's limit, ``dagster.yaml``). One process per step costs ~4 s of imports each (Dagster
  1.2 s, FastF1 and pandas 0.7 s, ...): the sample's ingest -> instances took 420 s that way
  against 52 s in one process per run (measured back to back);
* ``multiprocess``: one process per step, for every run, the CLI's too;
* ``celery``: every step a Celery task on ``F1BENCH_CELERY_BROKER`` (``dagster-celery``), picked
  up by ``dagster-celery worker start`` on any machine that has the code and reaches the
  instance's storage (PostgreSQL) and the warehouse (``F1BENCH_WAREHOUSE_URL``).

A launched run is rebuilt from a pointer: the code location's module
(``f1bench_pipeline.definitions``, whose ``defs`` read the ``F1BENCH_*`` environment), so runs
take their settings from the environment, as a worker on another machine does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from f1bench_pipeline.settings import Settings, SettingsError, setting_from_env

if TYPE_CHECKING:
    import dagster as dg

    from f1bench_pipeline.settings import Settings

def executor_for(settings: Settings) -> dg.ExecutorDefinition:
    """The executor every job of the definitions uses."""
    import dagster as dg

    if settings.executor == "multiprocess":
        return dg.multiprocess_executor
    if settings.executor == "celery":
        if not settings.celery_broker:
            raise SettingsError("F1BENCH_EXECUTOR=celery needs F1BENCH_CELERY_BROKER (e.g. redis://host:6379/0)")
        from dagster_celery import celery_executor

        return celery_executor.configured({"broker": settings.celery_broker,
                                           "backend": settings.celery_backend or settings.celery_broker,
                                           "include": ["dagster_celery.tasks"]})
    return dg.in_process_executor


def executor_from_env() -> dg.ExecutorDefinition:
    """``executor_for`` the three variables alone (``F1BENCH_EXECUTOR``, ``F1BENCH_CELERY_BROKER``,
    ``F1BENCH_CELERY_BACKEND``), each read strictly: the code location reads nothing else when it
    loads (partitions.py), every other setting stays run-time configuration."""
    return executor_for(Settings.model_construct(**{f: setting_from_env(f) for f in
                                                    ("executor", "celery_broker", "celery_backend")}))
