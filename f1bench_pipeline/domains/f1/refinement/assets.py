"""Dagster definitions of verifier-guided generation (group ``refinement``).

* ``refinement_rounds`` + ``refinement_claims`` — partitioned season × model like
  ``generations``: every round of every answer (text, instructions, scores; its claims),
  from the system's stored generations. One model on one season reruns alone::

      dagster asset materialize -m f1bench_pipeline.definitions \\
          --select refinement_rounds,refinement_claims --partition "template-noisy|2025"

  Run config ``max_rounds`` overrides the ``refinement`` resource for one run (its
  ``refine_max_rounds``, unset: ``F1BENCH_REFINE_MAX_ROUNDS``);
  ``max_cost_usd`` (or the run tag ``f1bench/max_cost_usd``) the system's spending cap for
  all its rounds. Each round's progress (done / total, rate, ETA, errors) is logged at INFO.
* ``refinement_report`` — precision, recall and F1 at round 0 and after each round, per
  system, season and language, with each round's cost (table, markdown, plot).
"""

import dagster as dg
import polars as pl

from f1bench_pipeline.orchestration.asset_metadata import image_md, preview_md
from f1bench_pipeline.generation.cache import DiskCache
from f1bench_pipeline.generation.names import unsafe_name
from f1bench_pipeline.generation.sanitize import sanitize
from f1bench_pipeline.orchestration.provider_limits import provider_config
from f1bench_pipeline.domains.f1.partitions import season_model_from_partition_key, season_model_partitions
from f1bench_pipeline.plots import refinement_png
from f1bench_pipeline.domains.f1.refinement.loop import refine
from f1bench_pipeline.domains.f1.refinement.report import refinement_report as build_report
from f1bench_pipeline.domains.f1.refinement.report import report_markdown
from f1bench_pipeline.domains.f1.refinement.resource import RefinementResource
from f1bench_pipeline.resources import SystemRegistryResource, WarehouseResource

GROUP = "refinement"


class RefineConfig(dg.Config):
    max_rounds: int | None = None  # None: the refinement resource's refine_max_rounds (default 3)
    max_cost_usd: float | None = None  # None: the run tag f1bench/max_cost_usd, else the system's cap


@dg.multi_asset(
    specs=[
        dg.AssetSpec("refinement_rounds", deps=["generations", "instances"], group_name=GROUP,
                     partitions_def=season_model_partitions, kinds={"parquet", "litellm"},
                     description="Verifier-guided generation: every round of every answer (round 0 = the stored "
                                 "generation), with the edit instructions sent, its scores and cost."),
        dg.AssetSpec("refinement_claims", deps=["generations", "instances"], group_name=GROUP,
                     partitions_def=season_model_partitions, kinds={"parquet"},
                     description="The claims of every round's answer, labelled by the verifier."),
    ],
)
def refinement_rounds(context: dg.AssetExecutionContext, config: RefineConfig, warehouse: WarehouseResource,
                      refinement: RefinementResource, system_registry: SystemRegistryResource):
    season, model_key = season_model_from_partition_key(context.partition_key)
    name = unsafe_name(model_key)
    registry = system_registry.registry
    try:
        system = registry.get(name)
    except KeyError:
        raise dg.Failure(description=f"system {name!r} is not in the registry {registry.path}: verifier-guided "
                                     "generation calls the model again, so it needs a registry entry",
                         allow_retries=False) from None
    options = refinement.options(max_rounds=config.max_rounds)
    partition = {"season": season, "model": model_key}
    generations = warehouse.read("generations", partition)
    instances = warehouse.read("instances", {"season": season})
    if generations.is_empty() or instances.is_empty():
        raise dg.Failure(description=f"no generations of {name} in {season} to refine: materialize "
                                     f"`generations` for partition {model_key}|{season} first", allow_retries=False)
    generations = generations.with_columns(pl.lit(name).alias("model"))
    cache = DiskCache.for_data_dir(warehouse.data_path, system.model)
    tag = (context.run.tags or {}).get("f1bench/max_cost_usd")
    cap = config.max_cost_usd if config.max_cost_usd is not None else (float(tag) if tag else None)
    result = refine(system, generations, instances, cache, None, options,  # the regex extractor, as the scores
                    on_progress=lambda m: context.log.info(sanitize(m)), max_cost_usd=cap)
    rounds, claims = result.rounds, result.claims
    for st in result.stats:
        if st.budget_stop is not None:
            context.log.warning(f"{name} {season}: the spending cap stopped the rounds ({sanitize(st.budget_stop)}); "
                                "raise max_cost_usd and materialize again to resume")
    warehouse.write(rounds.drop("model", "season"), "refinement_rounds", partition)
    warehouse.write(claims.drop("model", "season"), "refinement_claims", partition)
    warehouse.refresh_views()
    report = build_report(rounds.with_columns(pl.lit(season, pl.Int64).alias("season")))
    calls = [st.as_dict() for st in result.stats]
    yield dg.MaterializeResult(asset_key="refinement_rounds", metadata={
        "dagster/row_count": dg.MetadataValue.int(rounds.height),
        "max_rounds": options.max_rounds,
        "rounds_run": dg.MetadataValue.int(int(rounds["round"].max() or 0) if rounds.height else 0),  # type: ignore[arg-type]  # ints
        "stop_reasons": dg.MetadataValue.json(dict(rounds.filter(pl.col("final")).group_by("stop_reason").len()
                                                   .sort("stop_reason").iter_rows()) if rounds.height else {}),
        "calls_per_round": dg.MetadataValue.json([{k: c[k] for k in ("total", "calls", "cache_hits", "statuses",
                                                                     "cost_usd")} for c in calls]),
        "report": dg.MetadataValue.md(report_markdown(report)),
        "preview": preview_md(rounds.select("id", "lang", "variant", "round", "precision", "recall", "n_fix", "n_add",
                                            "stop_reason")),
    })
    yield dg.MaterializeResult(asset_key="refinement_claims", metadata={
        "dagster/row_count": dg.MetadataValue.int(claims.height),
        "by_round_and_label": preview_md(claims.group_by("round", "label").len().sort("round", "label"), n=50)
                              if claims.height else "_none_",
    })


@dg.asset(deps=["refinement_rounds"], group_name=GROUP, kinds={"parquet", "markdown"},
          description="Precision, recall and F1 at round 0 and after each round of verifier-guided generation, "
                      "per system, season and language, with the cost of each round.")
def refinement_report(warehouse: WarehouseResource) -> dg.MaterializeResult:
    rounds = warehouse.read("refinement_rounds")
    if not rounds.is_empty():
        rounds = rounds.with_columns(pl.col("model").map_elements(unsafe_name, return_dtype=pl.Utf8))
    report = build_report(rounds)
    for season in (report["season"].unique().to_list() if report.height else []):
        warehouse.write(report.filter(pl.col("season") == season).drop("season"), "refinement_report", {"season": season})
    warehouse.refresh_views()
    md = report_markdown(report)
    reports = warehouse.data_path / "reports"
    reports.mkdir(parents=True, exist_ok=True)
    (reports / "refinement.md").write_text("# Verifier-guided generation\n\n" + md + "\n", encoding="utf-8")
    png = refinement_png(report)
    if png:
        (reports / "refinement.png").write_bytes(png)
    return dg.MaterializeResult(metadata={
        "dagster/row_count": dg.MetadataValue.int(report.height),
        "report": dg.MetadataValue.md(md),
        "plot": image_md(png, "F1 by round"),
        "file": dg.MetadataValue.path(str(reports / "refinement.md")),
    })


verifier_guided_job = dg.define_asset_job(
    "verifier_guided", selection=dg.AssetSelection.assets("refinement_rounds", "refinement_claims"),
    description="Verifier-guided generation of one system on one season (up to max_rounds rounds of edits).",
    config=provider_config(season_model_partitions),
)
refinement_report_job = dg.define_asset_job(
    "refinement_reports", selection=dg.AssetSelection.assets("refinement_report"),
    description="The round-by-round report over every refined partition.",
)

REFINEMENT_ASSETS = [refinement_rounds, refinement_report]
REFINEMENT_JOBS = [verifier_guided_job, refinement_report_job]
