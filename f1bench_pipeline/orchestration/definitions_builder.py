"""Every asset, check, job, sensor and resource of f1bench as Dagster ``Definitions``.

``definitions.py`` (what ``dagster dev`` and ``dagster asset materialize -m`` load) is
``defs = build_definitions()``; the CLI's runs call :func:`build_definitions` with their own
settings (``execute.Runs``). :func:`generation_definitions` and :func:`weather_definitions`
are the smaller sets ``f1bench generate`` and ``f1bench weather build`` run on.
"""

from __future__ import annotations

import dagster as dg

from f1bench_pipeline.domains.f1.events import assets as event_assets
from f1bench_pipeline.domains.f1.events.checks import EVENT_CHECKS
from f1bench_pipeline.domains.f1.ingest import assets as ingest_assets
from f1bench_pipeline.domains.f1.ingest.sensors import new_race_sensor
from f1bench_pipeline.domains.f1.instances import assets as instance_assets
from f1bench_pipeline.domains.weather.assets import (
    WEATHER_ASSETS,
    WEATHER_JOBS,
    build_weather_claims_and_scores,
)
from f1bench_pipeline.finetune.assets import FINETUNE_ASSETS, FINETUNE_JOBS
from f1bench_pipeline.generation.assets import (
    GENERATION_ASSETS,
    GENERATION_JOBS,
    GENERATION_SENSORS,
)
from f1bench_pipeline.orchestration import plugins  # noqa: F401 - registers the template systems' answers
from f1bench_pipeline.orchestration.automation import new_race_automation
from f1bench_pipeline.orchestration.interrupt import console_logger
from f1bench_pipeline.orchestration.jobs import F1_JOBS
from f1bench_pipeline.refinement.assets import REFINEMENT_ASSETS, REFINEMENT_JOBS
from f1bench_pipeline.resources import default_resources
from f1bench_pipeline.domains.f1 import scoring_assets
from f1bench_pipeline.domains.f1.validation_assets import VALIDATION_ASSETS
from f1bench_pipeline.orchestration.executors import executor_for, executor_from_env
from f1bench_pipeline.settings import Settings


def build_definitions(settings: Settings | None = None) -> dg.Definitions:
    """Definitions bound to ``settings`` (tests pass their own data dir and cache); without
    settings, resources that read the F1BENCH_* settings when a run starts (resources.py).

    Claims and scores (and their weather twins) are built here, not at import, so their code
    version is the extractor and verifier code of this moment (scoring/versions.py).
    """
    weather = [a for a in WEATHER_ASSETS if "weather_scores" not in {k.path[-1] for k in a.keys}]
    return dg.Definitions(
        assets=[*dg.load_assets_from_modules([ingest_assets, event_assets, instance_assets]),
                scoring_assets.build_claims_and_scores(), build_weather_claims_and_scores(),
                *GENERATION_ASSETS, *VALIDATION_ASSETS, *weather, *REFINEMENT_ASSETS,
                *FINETUNE_ASSETS],
        asset_checks=EVENT_CHECKS,
        jobs=[*F1_JOBS, *GENERATION_JOBS, *WEATHER_JOBS, *REFINEMENT_JOBS, *FINETUNE_JOBS],
        sensors=[new_race_sensor, new_race_automation, *GENERATION_SENSORS],
        resources=default_resources(settings),
        executor=executor_for(settings) if settings is not None else executor_from_env(),
        loggers={"console": console_logger()},
    )


def generation_definitions(settings: Settings | None = None) -> dg.Definitions:
    """The ``generations`` asset and its ``model_generations`` job alone."""
    return dg.Definitions(assets=GENERATION_ASSETS, jobs=GENERATION_JOBS, resources=default_resources(settings),
                          loggers={"console": console_logger()})


def weather_definitions(settings: Settings | None = None) -> dg.Definitions:
    """The weather domain's assets and jobs alone."""
    return dg.Definitions(assets=WEATHER_ASSETS, jobs=WEATHER_JOBS, resources=default_resources(settings),
                          loggers={"console": console_logger()})
