"""Run the weather asset group outside the UI: ``f1bench weather build`` and the tests.

Each step is a Dagster run on the configured instance (visible in the UI afterwards):
one ``weather_data`` run for the batch, then one ``weather_generate_and_score`` run per
system. The batch is added to the ``weather_batches`` partitions and the systems to
``models`` first.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from f1bench_pipeline.settings import Settings, get_settings

QUIET = {"loggers": {"console": {"config": {"log_level": "WARNING"}}}}


def weather_definitions(settings: Settings):
    import dagster as dg

    from f1bench_pipeline.domains.weather.assets import WEATHER_ASSETS, WEATHER_JOBS
    from f1bench_pipeline.resources import default_resources

    return dg.Definitions(assets=WEATHER_ASSETS, jobs=WEATHER_JOBS, resources=default_resources(settings))


def register_batch(instance: Any, batch: str) -> bool:
    from f1bench_pipeline.domains.weather.sources import check_batch_name
    from f1bench_pipeline.partitions import WEATHER_BATCHES_NAME

    check_batch_name(batch)
    if batch in set(instance.get_dynamic_partitions(WEATHER_BATCHES_NAME)):
        return False
    instance.add_dynamic_partitions(WEATHER_BATCHES_NAME, [batch])
    return True


def build_weather(batch: str | None = None, systems: Iterable[str] | None = None, settings: Settings | None = None,
                  instance: Any = None, progress: Callable[[str], None] = print, defs: Any = None) -> dict[str, bool]:
    """Records and instances of ``batch`` (default: the embedded sample), then generations,
    claims and scores of ``systems`` (default: the offline templates). Returns run successes."""
    import dagster as dg

    from f1bench_pipeline.domains.weather.sources import SAMPLE_BATCH
    from f1bench_pipeline.generation.names import safe_name
    from f1bench_pipeline.generation.registry import load_registry
    from f1bench_pipeline.generation.runner import register_model_partitions

    settings = settings or get_settings()
    batch = batch or SAMPLE_BATCH
    if instance is None:
        from f1bench_pipeline.runner import ensure_dagster_home

        ensure_dagster_home()
        instance = dg.DagsterInstance.get()
    defs = defs or weather_definitions(settings)
    registry = load_registry()
    names = [registry.get(n).name for n in systems] if systems else [s.name for s in registry.offline_systems()]
    register_batch(instance, batch)
    register_model_partitions(instance, names, registry)
    out: dict[str, bool] = {}
    t0 = time.perf_counter()
    data = defs.resolve_job_def("weather_data").execute_in_process(
        partition_key=batch, instance=instance, raise_on_error=False, run_config=QUIET)
    out["weather_data"] = data.success
    progress(f"weather {batch}: records and instances {'ok' if data.success else 'FAILED'} "
             f"({time.perf_counter() - t0:.1f} s)")
    if not data.success:
        return out
    job = defs.resolve_job_def("weather_generate_and_score")
    for name in names:
        t1 = time.perf_counter()
        key = dg.MultiPartitionKey({"batch": batch, "model": safe_name(name)})
        result = job.execute_in_process(partition_key=key, instance=instance, raise_on_error=False, run_config=QUIET)
        out[name] = result.success
        progress(f"weather {batch} {name}: generations and scores {'ok' if result.success else 'FAILED'} "
                 f"({time.perf_counter() - t1:.1f} s)")
    return out


def _weather_leaderboard_sql() -> str:
    from f1bench_pipeline.summary import with_interval

    return f"""
SELECT r.lang, r.model, l.n_scored AS scored, l.n_abstentions AS abstentions,
       {with_interval("precision")}, {with_interval("hallucination_rate", "hallucination")},
       {with_interval("recall")}, {with_interval("f1")}, round(l.claims_per_generation, 2) AS "claims/answer",
       r.rank_by_precision AS "rank(P)", r.rank_by_f1 AS "rank(F1)",
       round(r.spearman_precision_vs_f1, 3) + 0.0 AS spearman,
       round(r.kendall_tau_b_precision_vs_f1, 3) + 0.0 AS "kendall tau-b"
FROM weather_ranking_inversion r
JOIN weather_leaderboard l USING (batch, variant, extractor, lang, model)
WHERE r.batch = ? AND r.variant = ? AND r.extractor = 'regex' AND l.kind = 'all'
ORDER BY CASE r.lang WHEN 'all' THEN 0 WHEN 'en' THEN 1 WHEN 'es' THEN 2 ELSE 3 END, r.rank_by_f1, r.model
"""


def weather_leaderboard(warehouse_dir: Path, batch: str, variant: str = "default") -> tuple[list[str], list[dict]]:
    from f1bench_pipeline.summary import query_rows

    return query_rows(warehouse_dir, "weather_scores", _weather_leaderboard_sql(), [batch, variant])


def print_weather_leaderboard(warehouse_dir: Path, batch: str | None = None, variant: str = "default") -> str:
    from f1bench_pipeline.domains.weather.sources import SAMPLE_BATCH
    from f1bench_pipeline.summary import print_inversion, print_titled_table

    batch = batch or SAMPLE_BATCH
    cols, rows = weather_leaderboard(warehouse_dir, batch, variant)
    text = print_titled_table(f"Weather leaderboard — batch {batch}, {variant} prompt, regex extractor "
                              f"(95% bootstrap intervals; precision rank vs F1 rank):", rows, cols)
    if rows:
        text += print_inversion(warehouse_dir, "weather_scores", "weather_ranking_inversion_significance",
                                "weather_system_pair_differences", "batch", batch, variant, "AND kind = 'all'")
    return text
