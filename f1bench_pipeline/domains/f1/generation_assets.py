"""Dagster definitions of the generation stage (group ``generation``).

* Asset ``generations`` — partitioned season × model (``MultiPartitionsDefinition`` over
  ``season_partitions`` and the named dynamic ``model_partitions``). Dagster orders the
  dimensions by name, so a key reads ``<model>|<season>``, e.g. ``template-noisy|2025``
  or ``ollama/llama3.1:8b|2025`` (the model part is the system's name, ``names.model_key``;
  its warehouse folder is ``names.safe_name``). One model's partition reruns alone:

      dagster asset materialize -m f1bench_pipeline.definitions --select generations \\
          --partition "template-noisy|2025"

  Its checks (in the same run): ``complete`` (one row per selected instance × language ×
  variant, none duplicated) and ``no_errors`` (warn: errors are retried by a rerun).
  Spending cap for one run: run config ``max_cost_usd`` (``ops: {generations: {config:
  {max_cost_usd: 5}}}``) or the run tag ``f1bench/max_cost_usd``; else the system's
  ``max_cost_usd``. A run keeps the partition's earlier rows it does not ask (a narrower
  selection adds, never shrinks); run config ``replace: true`` writes this run's selection
  only (``f1bench eval --replace``). Progress lines (done / total, rate, ETA, errors, cost) are INFO logs.
* Job ``model_generations`` — that asset alone, for ``f1bench generate`` (``domains.f1.generation_runs``).
* Sensor ``registry_models_sensor`` — adds every registry system that can run here to the
  ``models`` partitions (runs by default; the registry is the only source of models;
  ``orchestration.dynamic_partitions``).

Wire into ``Definitions``: ``assets=[..., *GENERATION_ASSETS]``, ``jobs=[..., *GENERATION_JOBS]``,
``sensors=[..., *GENERATION_SENSORS]`` (``GENERATION_CHECKS`` is empty: the checks ride on the asset).
"""

import dagster as dg
import polars as pl

from f1bench_pipeline.domains.f1.domain import F1Domain
from f1bench_pipeline.domains.f1.partitions import season_model_partitions
from f1bench_pipeline.generation.names import unsafe_name
from f1bench_pipeline.orchestration.provider_limits import provider_config
from f1bench_pipeline.generation.registry import load_registry
from f1bench_pipeline.generation.runner import generate_partition
from f1bench_pipeline.generation.sanitize import sanitize
from f1bench_pipeline.generation.table import GRAIN, all_calls_failed, summarize
from f1bench_pipeline.orchestration.asset_metadata import preview_md
from f1bench_pipeline.orchestration.automation import follows_upstream_for_auto_update_systems
from f1bench_pipeline.orchestration.partitions import MODEL_PARTITIONS_NAME, model_partitions
from f1bench_pipeline.resources import SystemRegistryResource, WarehouseResource

GROUP = "generation"
generation_partitions = season_model_partitions  # defined once, in partitions.py
MAX_COST_TAG = "f1bench/max_cost_usd"
F1_DOMAIN = F1Domain()


class GenerationConfig(dg.Config):
    max_cost_usd: float | None = None  # this run's spending cap (USD); None: the run tag, else the system's
    # the partition keeps earlier rows this run does not ask (runner.generate_partition); true: this run's only
    replace: bool = False


def _run_cap(context: dg.AssetExecutionContext, config: GenerationConfig) -> float | None:
    if config.max_cost_usd is not None:
        return config.max_cost_usd
    tag = (context.run.tags or {}).get(MAX_COST_TAG)
    if tag in (None, ""):
        return None
    try:
        return float(tag)
    except ValueError:
        raise dg.Failure(description=f"run tag {MAX_COST_TAG}={tag!r} is not a number of USD",
                         allow_retries=False) from None


@dg.asset(
    partitions_def=generation_partitions,
    # no pool: runs calling the same provider are kept apart by their run tags (provider_limits.py)
    # new instances: only the registry's auto_update systems answer them unasked (orchestration/automation.py);
    # the test sample (one table over every season) changing asks no season's answers again
    automation_condition=follows_upstream_for_auto_update_systems(ignore=("test_sample",)),
    deps=[
        # season partition → the same season of `instances` (Dagster infers the mapping from the shared
        # `season` dimension); the test sample is unpartitioned.
        dg.AssetDep("instances"),
        dg.AssetDep("test_sample"),
    ],
    group_name=GROUP,
    kinds={"parquet", "litellm"},
    check_specs=[
        dg.AssetCheckSpec("complete", asset="generations",
                          description="one row per selected instance × language × variant; none lost or duplicated"),
        dg.AssetCheckSpec("no_errors", asset="generations",
                          description="no call ended in error (errors are kept and retried by a rerun)"),
    ],
    description="Every registry system's answers to the season's instances (EN/ES/PT × prompt variant), "
                "through litellm, cached per call, with status, tokens and cost.",
)
def generations(context: dg.AssetExecutionContext, config: GenerationConfig,
                warehouse: WarehouseResource, system_registry: SystemRegistryResource) -> dg.MaterializeResult:
    keys = context.partition_key.keys_by_dimension  # type: ignore[union-attr]
    season, system_name = int(keys["season"]), unsafe_name(keys["model"])
    registry = system_registry.registry  # systems.yaml and its systems.d overlays, read once per run
    try:
        system = registry.get(system_name)
    except KeyError:
        raise dg.Failure(
            description=f"system {system_name!r} is not in the registry {registry.path}: add it to generate, "
                        "or (for outputs made elsewhere) write its partition with `f1bench import-generations`",
            allow_retries=False) from None
    settings = warehouse.path_settings()  # generate_partition reads where data live from it

    def progress(message: str, _stats: dict) -> None:
        context.log.info(sanitize(message))

    cap = _run_cap(context, config)
    cap = cap if cap is not None else system.max_cost_usd
    context.log.info(f"{system.name} ({system.model}) on {season}: concurrency {system.concurrency}, "
                     f"rpm {system.rpm or 'unlimited'}, up to {system.max_attempts} attempts per call"
                     + (f"; local weights {system.local.weights}" + (f" + adapter {system.local.adapter}"
                                                                     if system.local.adapter else "")
                        if system.local else "")
                     + (f"; spending cap ${cap:.4f}" if cap is not None else ""))
    res = generate_partition(F1_DOMAIN, settings, system, season, registry=registry, on_progress=progress,
                             max_cost_usd=cap, replace=config.replace)
    warehouse.refresh_views()
    df, st = res.frame, res.stats
    summary = summarize(df)
    dupes = df.height - df.select(GRAIN).unique().height if df.height else 0
    complete = res.missing == 0 and dupes == 0
    errors = summary["statuses"]["error"]
    meta: dict = {
        "dagster/row_count": dg.MetadataValue.int(df.height),
        "system": system.name,
        "model_string": system.model,
        "instance_set": res.selection_note,
        "statuses": dg.MetadataValue.json(summary["statuses"]),
        **{f"n_{k}": dg.MetadataValue.int(v) for k, v in summary["statuses"].items()},
        "excluded_from_means": dg.MetadataValue.int(summary["excluded_from_means"]),
        "calls": dg.MetadataValue.int(st.calls),
        "cache_hits": dg.MetadataValue.int(st.cache_hits),
        "requests": dg.MetadataValue.int(st.requests),
        "retries": dg.MetadataValue.int(st.retries),
        "progress": f"{st.done}/{st.total}",
        "calls_per_second": dg.MetadataValue.float(round(st.calls_per_s, 2)),
        "elapsed_s": dg.MetadataValue.float(round(st.elapsed_s, 2)),
        "prompt_tokens": dg.MetadataValue.int(summary["prompt_tokens"]),
        "completion_tokens": dg.MetadataValue.int(summary["completion_tokens"]),
        "cost_usd_partition": dg.MetadataValue.float(round(summary["cost_usd"], 6)),
        "cost_usd_this_run": dg.MetadataValue.float(round(st.cost_usd, 6)),
        "cost_summary": dg.MetadataValue.md(_cost_md(df)),
        "preview": _preview(df),
    }
    if cap is not None:
        meta["max_cost_usd"] = dg.MetadataValue.float(cap)
        meta["spent_usd"] = dg.MetadataValue.float(round(st.spent_usd, 6))
    if st.budget_stop is not None:
        meta["budget_stop"] = sanitize(st.budget_stop)
        context.log.warning(f"{system.name} {season}: stopped by the spending cap ({sanitize(st.budget_stop)}); "
                            f"{summary['statuses'].get('budget_exhausted', 0)} items not called (status "
                            "budget_exhausted). Raise max_cost_usd and materialize again to resume.")
    if st.adaptations:
        meta["parameter_adaptations"] = dg.MetadataValue.json(sorted(set(st.adaptations)))
    if summary["cost_unpriced_rows"]:
        meta["cost_unpriced_rows"] = dg.MetadataValue.int(summary["cost_unpriced_rows"])
    if errors:
        sample = df.filter(pl.col("status") == "error").select("id", "lang", "variant", "attempts", "error").head(10)
        meta["errors_sample"] = preview_md(sample)
    checks = [
        dg.AssetCheckResult(check_name="complete", passed=complete, metadata={
            "expected": res.expected, "rows": df.height, "missing": res.missing, "duplicates": dupes}),
        dg.AssetCheckResult(check_name="no_errors", passed=errors == 0, severity=dg.AssetCheckSeverity.WARN,
                            metadata={"errors": errors, "hint": "materialize the partition again to retry them"}),
    ]
    failed = all_calls_failed(df)
    if failed:  # the rows are written (a rerun retries them); the run says it failed, once
        raise dg.Failure(description=f"{system.name} {season}: {failed}", metadata=meta, allow_retries=False)
    return dg.MaterializeResult(metadata=meta, check_results=checks)


def _preview(df: pl.DataFrame) -> dg.MetadataValue:
    if df.is_empty():
        return dg.MetadataValue.md("_empty_")
    view = df.select("id", "lang", "variant", "status", pl.col("text").str.slice(0, 120).alias("text")).head(8)
    return preview_md(view)


def _cost_md(df: pl.DataFrame) -> str:
    if df.is_empty():
        return "_no generations_"
    by = (df.group_by("lang", "variant").agg(
        pl.len().alias("rows"), (pl.col("status") == "ok").sum().alias("ok"),
        (pl.col("status") != "ok").sum().alias("not_ok"),
        pl.col("prompt_tokens").sum().alias("prompt_tokens"), pl.col("completion_tokens").sum().alias("completion_tokens"),
        pl.col("cost_usd").sum().alias("cost_usd")).sort("lang", "variant"))
    lines = ["| lang | variant | rows | ok | not ok | prompt tok | output tok | cost USD |", "|---|---|---|---|---|---|---|---|"]
    for r in by.iter_rows(named=True):
        lines.append(f"| {r['lang']} | {r['variant']} | {r['rows']} | {r['ok']} | {r['not_ok']} | "
                     f"{r['prompt_tokens'] or 0:,} | {r['completion_tokens'] or 0:,} | {r['cost_usd'] or 0:.4f} |")
    return "\n".join(lines)


model_generations_job = dg.define_asset_job(
    "model_generations", selection=dg.AssetSelection.assets("generations"),
    description="Generate one (model, season) partition: every call cached, resumable, fault-tolerant.",
    config=provider_config(season_model_partitions),
)


@dg.sensor(minimum_interval_seconds=60, default_status=dg.DefaultSensorStatus.RUNNING,
           description="Keeps a `models` partition for every system of systems.yaml (and its overlays) that can "
                       "run here: offline, local, on this machine, its key set, or with generations already "
                       "(orchestration/dynamic_partitions.py).")
def registry_models_sensor(context: dg.SensorEvaluationContext) -> dg.SensorResult | dg.SkipReason:
    from f1bench_pipeline.orchestration.dynamic_partitions import (
        old_style_keys,
        runnable_keys,
        settings_warehouse,
        unused_model_keys,
    )

    try:
        registry = load_registry()
        wanted = runnable_keys(registry)
    except Exception as exc:  # noqa: BLE001 - a broken registry is reported, not raised every minute
        return dg.SkipReason(f"registry unreadable: {sanitize(exc)}")
    existing = set(context.instance.get_dynamic_partitions(MODEL_PARTITIONS_NAME))
    old = old_style_keys(existing)
    new = [k for k in dict.fromkeys([*old.values(), *wanted]) if k not in existing]
    gone = [*old, *unused_model_keys(context.instance, registry, wanted, settings_warehouse())]
    if not new and not gone:
        return dg.SkipReason("every system that can run here has a partition")
    requests: list = [model_partitions.build_add_request(new)] if new else []
    if gone:
        requests.append(model_partitions.build_delete_request(sorted(set(gone))))
    return dg.SensorResult(dynamic_partitions_requests=requests)


GENERATION_ASSETS = [generations]
GENERATION_CHECKS: list = []  # the checks are declared on the asset (check_specs) and run with it
GENERATION_JOBS = [model_generations_job]
GENERATION_SENSORS = [registry_models_sensor]
