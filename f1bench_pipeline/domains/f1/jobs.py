"""The F1 pipeline's jobs: the runs ``f1bench build``/``derive``, the sensor and the UI launch.

A job's partitions are those of the assets it selects (ingest: race; events and instances:
season; generations, claims and scores: season × model). The generation, refinement,
weather and fine-tuning jobs sit beside their assets (``GENERATION_JOBS``, ``REFINEMENT_JOBS``,
``WEATHER_JOBS``, ``FINETUNE_JOBS``); ``definitions_builder`` puts them all in one code location.
"""

from __future__ import annotations

import dagster as dg

from f1bench_pipeline.domains.f1.partitions import season_model_partitions
from f1bench_pipeline.orchestration.provider_limits import provider_config

ingest_races_job = dg.define_asset_job(
    "ingest_races", selection=dg.AssetSelection.groups("ingest"),
    description="Load race sessions from FastF1 into the raw_* tables: one race per run from the UI or the sensor; a range of races (a backfill, `f1bench build`) in one run, loaded by worker processes, each race its own partition.",
)
season_events_job = dg.define_asset_job(
    "season_events", selection=dg.AssetSelection.groups("events") | dg.AssetSelection.assets("instances"),
    description="Derive every event table and the benchmark instances of one season from its raw Parquet.",
)
generate_and_score_job = dg.define_asset_job(
    "generate_and_score", selection=dg.AssetSelection.assets("generations", "claims", "scores"),
    description="One system on one season: generations (cached, resumable), claims and scores.",
    config=provider_config(season_model_partitions, scores=True),
)
score_only_job = dg.define_asset_job(
    "score_only", selection=dg.AssetSelection.assets("claims", "scores"),
    description="Re-extract and re-score one system's stored generations (no call to the system).",
    config=provider_config(season_model_partitions, calls_system=False, scores=True),
)
validation_reports_job = dg.define_asset_job(
    "validation_reports", selection=dg.AssetSelection.groups("validation") - dg.AssetSelection.assets("precision_recall_plot"),
    description="Controlled perturbation, published generations, extractor agreement.",
)
precision_recall_plot_job = dg.define_asset_job(
    # (a job may not share its asset's name: the code location then fails to load, "Conflicting definitions")
    "precision_recall_figure", selection=dg.AssetSelection.assets("precision_recall_plot"),
    description="The precision–recall figure of one season (every scored system × language, 95% intervals).",
)
benchmark_sets_job = dg.define_asset_job(
    "benchmark_sets", selection=dg.AssetSelection.assets("test_sample", "finetune_export"),
    description="The stratified test sample and the fine-tuning export (read every season's instances).",
)

F1_JOBS = [ingest_races_job, season_events_job, benchmark_sets_job, generate_and_score_job, score_only_job,
           validation_reports_job, precision_recall_plot_job]
