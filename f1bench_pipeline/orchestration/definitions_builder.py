"""Every asset, check, job, sensor and resource of f1bench as Dagster ``Definitions``.

``definitions.py`` (what ``dagster dev`` and ``dagster asset materialize -m`` load) is
``defs = build_definitions()``; the CLI's runs call :func:`build_definitions` with their own
settings (``execute.Runs``). Each domain declares its own assets, checks, jobs and sensors in
its folder's ``definitions.py`` (found by ``discovery.domain_definitions``, no list here); this
module adds what they share: the resources, the executor and the loggers.
:func:`domain_only_definitions` is the smaller set a domain's own command (``f1bench weather
build``) runs on.
"""

from __future__ import annotations

import dagster as dg

from f1bench_pipeline.discovery import domain_definitions, domain_module
from f1bench_pipeline.orchestration import plugins  # noqa: F401 - registers the template systems' answers
from f1bench_pipeline.orchestration.executors import executor_for, executor_from_env
from f1bench_pipeline.orchestration.interrupt import console_logger
from f1bench_pipeline.resources import default_resources
from f1bench_pipeline.settings import Settings


def shared_definitions(settings: Settings | None = None) -> dg.Definitions:
    """The resources bound to ``settings`` (without settings: resources that read the F1BENCH_*
    settings when a run starts, resources.py), the executor and the loggers every domain uses."""
    return dg.Definitions(resources=default_resources(settings),
                          executor=executor_for(settings) if settings is not None else executor_from_env(),
                          loggers={"console": console_logger()})


def build_definitions(settings: Settings | None = None) -> dg.Definitions:
    """Every domain's definitions with the shared ones, bound to ``settings`` (tests pass their own
    data dir and cache)."""
    return dg.Definitions.merge(*domain_definitions(settings), shared_definitions(settings))


def domain_only_definitions(name: str, settings: Settings | None = None) -> dg.Definitions:
    """The domain ``name``'s definitions alone, with the shared ones."""
    module = domain_module(name, "definitions")
    if module is None:
        raise KeyError(f"domain {name!r} declares no Dagster definitions (definitions.py in its folder)")
    return dg.Definitions.merge(module.definitions(settings), shared_definitions(settings))
