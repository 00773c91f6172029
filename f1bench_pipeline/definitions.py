"""The Dagster code location: every asset, check, job and resource of f1bench."""

from __future__ import annotations

import dagster as dg

from f1bench_pipeline.events import assets as event_assets
from f1bench_pipeline.events.checks import EVENT_CHECKS
from f1bench_pipeline.finetune.assets import FINETUNE_ASSETS, FINETUNE_JOBS
from f1bench_pipeline.ingest import assets as ingest_assets
from f1bench_pipeline.generation.assets import GENERATION_ASSETS, GENERATION_JOBS, GENERATION_SENSORS
from f1bench_pipeline.ingest.sensors import new_race_sensor
from f1bench_pipeline.instances import assets as instance_assets
from f1bench_pipeline.refinement.assets import REFINEMENT_ASSETS, REFINEMENT_JOBS
from f1bench_pipeline.scoring import assets as scoring_assets
from f1bench_pipeline.scoring.validation_assets import VALIDATION_ASSETS
from f1bench_pipeline.domains.weather.assets import WEATHER_ASSETS, WEATHER_JOBS, build_weather_claims_and_scores
from f1bench_pipeline.partitions import race_partitions, season_model_partitions, season_partitions
from f1bench_pipeline.resources import default_resources
from f1bench_pipeline.settings import Settings

ingest_races_job = dg.define_asset_job(
    "ingest_races", selection=dg.AssetSelection.groups("ingest"), partitions_def=race_partitions,
    description="Load race sessions from FastF1 into the raw_* tables: one race per run from the UI or the sensor; a range of races (a backfill, `f1bench build`) in one run, loaded by worker processes, each race its own partition.",
)
season_events_job = dg.define_asset_job(
    "season_events", selection=dg.AssetSelection.groups("events") | dg.AssetSelection.assets("instances"),
    partitions_def=season_partitions,
    description="Derive every event table and the benchmark instances of one season from its raw Parquet.",
)
generate_and_score_job = dg.define_asset_job(
    "generate_and_score", selection=dg.AssetSelection.assets("generations", "claims", "scores"),
    partitions_def=season_model_partitions,
    description="One system on one season: generations (cached, resumable), claims and scores.",
)
score_only_job = dg.define_asset_job(
    "score_only", selection=dg.AssetSelection.assets("claims", "scores"), partitions_def=season_model_partitions,
    description="Re-extract and re-score one system's stored generations (no model calls).",
)
validation_reports_job = dg.define_asset_job(
    "validation_reports", selection=dg.AssetSelection.groups("validation"),
    description="Controlled perturbation, published generations, precision-vs-recall plot.",
)
benchmark_sets_job = dg.define_asset_job(
    "benchmark_sets", selection=dg.AssetSelection.assets("test_sample", "finetune_export"),
    description="The stratified test sample and the fine-tuning export (read every season's instances).",
)



def build_definitions(settings: Settings | None = None) -> dg.Definitions:
    """Definitions bound to ``settings`` (tests pass their own data dir and cache).

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
        jobs=[ingest_races_job, season_events_job, benchmark_sets_job, generate_and_score_job, score_only_job, validation_reports_job,
              *GENERATION_JOBS, *WEATHER_JOBS, *REFINEMENT_JOBS, *FINETUNE_JOBS],
        sensors=[new_race_sensor, *GENERATION_SENSORS],
        # without settings: resources that read the F1BENCH_* settings when a run starts (resources.py)
        resources=default_resources(settings),
    )


defs = build_definitions()
