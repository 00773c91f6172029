"""Formula 1's Dagster definitions: ingest, event tables, instances, generations, claims and
scores, validation, verifier-guided generation and fine-tuning, with their checks, jobs and
sensors; merged into the code location by ``orchestration.definitions_builder`` like every
domain's."""

from __future__ import annotations

import dagster as dg

from f1bench_pipeline.settings import Settings


def definitions(settings: Settings | None = None) -> dg.Definitions:
    """F1's assets, checks, jobs, sensors and its own resources (``fastf1_source``, ``race_rules``,
    ``refinement``; the shared resources, executor and loggers the builder adds). Claims and scores are built here, not at import, so their code version is
    this moment's extractor and verifier code (domains/versions.py)."""
    from f1bench_pipeline.domains.f1 import scoring_assets
    from f1bench_pipeline.domains.f1.events import assets as event_assets
    from f1bench_pipeline.domains.f1.events.checks import EVENT_CHECKS
    from f1bench_pipeline.domains.f1.finetune.assets import FINETUNE_ASSETS, FINETUNE_JOBS
    from f1bench_pipeline.domains.f1.generation_assets import GENERATION_ASSETS, GENERATION_JOBS, GENERATION_SENSORS
    from f1bench_pipeline.domains.f1.ingest import assets as ingest_assets
    from f1bench_pipeline.domains.f1.ingest.sensors import new_race_sensor
    from f1bench_pipeline.domains.f1.instances import assets as instance_assets
    from f1bench_pipeline.domains.f1.jobs import F1_JOBS
    from f1bench_pipeline.domains.f1.refinement.assets import REFINEMENT_ASSETS, REFINEMENT_JOBS
    from f1bench_pipeline.domains.f1.refinement.resource import RefinementResource
    from f1bench_pipeline.domains.f1.resources import f1_resources
    from f1bench_pipeline.domains.f1.validation_assets import VALIDATION_ASSETS
    from f1bench_pipeline.orchestration.automation import new_race_automation

    return dg.Definitions(
        assets=[*dg.load_assets_from_modules([ingest_assets, event_assets, instance_assets]),
                scoring_assets.build_claims_and_scores(), *GENERATION_ASSETS, *VALIDATION_ASSETS,
                *REFINEMENT_ASSETS, *FINETUNE_ASSETS],
        asset_checks=EVENT_CHECKS,
        jobs=[*F1_JOBS, *GENERATION_JOBS, *REFINEMENT_JOBS, *FINETUNE_JOBS],
        sensors=[new_race_sensor, new_race_automation, *GENERATION_SENSORS],
        resources={**f1_resources(settings),
                   "refinement": RefinementResource() if settings is None else RefinementResource.bound_to(settings)},
    )


def generation_definitions(settings: Settings | None = None) -> dg.Definitions:
    """The ``generations`` asset and its ``model_generations`` job alone (``f1bench generate``)."""
    from f1bench_pipeline.domains.f1.generation_assets import GENERATION_ASSETS, GENERATION_JOBS
    from f1bench_pipeline.orchestration.interrupt import console_logger
    from f1bench_pipeline.resources import default_resources

    return dg.Definitions(assets=GENERATION_ASSETS, jobs=GENERATION_JOBS, resources=default_resources(settings),
                          loggers={"console": console_logger()})
