"""Dagster assets of the weather domain (group ``weather``), thin: read, call the pure
modules, write Parquet, refresh views.

* ``weather_records``   (batch) — the batch's NWS forecast records (the embedded sample is
  read only if it matches its SHA-256; check ``oracle_complete``)
* ``weather_instances`` (batch) — EN/ES/PT × default/cover_all prompts, context, oracle
* ``weather_generations`` (batch × model) — the registry's systems through litellm
* ``weather_claims``, ``weather_scores`` (batch × model) — the generic scoring loop

Partitions: ``weather_batches`` (dynamic: ``shared-2025`` is the embedded sample; each
``f1bench weather collect --batch NAME`` adds one; online — ``F1BENCH_OFFLINE=0`` — a
partition added in the UI collects itself from api.weather.gov when ``weather_records``
materializes; the offline flag is the shared ``network`` resource's, the one switch of the
project) and the shared ``models`` dimension. Systems come from the ``system_registry`` resource.
Jobs: ``weather_data`` (records + instances of a batch) and ``weather_generate_and_score``
(one system on one batch).
"""

from typing import Any

import dagster as dg
import polars as pl

from f1bench_pipeline.domains.weather.partitions import (
    batch_model_from_partition_key,
    weather_batch_model_partitions,
    weather_batch_partitions,
)
from f1bench_pipeline.generation.names import unsafe_name
from f1bench_pipeline.orchestration.provider_limits import provider_config
from f1bench_pipeline.orchestration.asset_metadata import preview_md, table_metadata
from f1bench_pipeline.resources import NetworkResource, SystemRegistryResource, WarehouseResource

GROUP = "weather"


@dg.asset(
    partitions_def=weather_batch_partitions, group_name=GROUP, kinds={"parquet"},
    check_specs=[dg.AssetCheckSpec("oracle_complete", asset="weather_records",
                                   description="every ground-truth key fact of every record is an oracle fact")],
    description="NWS forecast periods of one collection batch (temperature, wind, precipitation chance, sky; "
                "the NWS text as reference).",
)
def weather_records(context: dg.AssetExecutionContext, warehouse: WarehouseResource,
                    network: NetworkResource) -> dg.MaterializeResult:
    from f1bench_pipeline.domains.weather.sources import (
        BatchError,
        load_batch,
        oracle_gaps,
        records_frame,
    )

    batch = context.partition_key
    try:  # online (F1BENCH_OFFLINE=0, or the network resource's offline: false) a new batch is collected here
        records = load_batch(batch, warehouse.data_path, collect_missing=not network.resolved().offline,
                             progress=context.log.info)
    except BatchError as exc:
        raise dg.Failure(description=str(exc), allow_retries=False) from None
    df = records_frame(records)
    warehouse.write(df, "weather_records", {"batch": batch})
    warehouse.refresh_views()
    gaps = oracle_gaps(records)
    meta = table_metadata(df, ["id", "period", "temp", "temp_kind", "wind_min", "wind_max", "wind_dir", "precip_prob", "sky"])
    meta["locations"] = dg.MetadataValue.int(df["location"].n_unique())
    meta["by_sky"] = dg.MetadataValue.json(dict(df.group_by("sky").len().sort("sky").iter_rows()))
    return dg.MaterializeResult(metadata=meta, check_results=[
        dg.AssetCheckResult(check_name="oracle_complete", passed=not gaps,
                            metadata={"records": len(records), "gaps": len(gaps), "first_gaps": "\n".join(gaps[:10])})])


@dg.asset(
    partitions_def=weather_batch_partitions, group_name=GROUP, kinds={"parquet"}, deps=[weather_records],
    description="Every forecast period in EN/ES/PT × prompt variant, with its context and complete oracle.",
)
def weather_instances(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
    from f1bench_pipeline.domains import get_domain
    from f1bench_pipeline.domains.weather.sources import records_from_frame

    batch = context.partition_key
    records = records_from_frame(warehouse.read("weather_records", {"batch": batch}))
    rows = get_domain("weather").instance_rows(records, batch=batch)
    warehouse.write(rows, "weather_instances", {"batch": batch})
    warehouse.refresh_views()
    meta = table_metadata(rows, ["id", "lang", "variant", "kind", "n_facts"])
    meta["instances"] = dg.MetadataValue.int(len(records))
    if records:
        meta["example"] = dg.MetadataValue.md(f"**{records[0].id}**\n\n```\n{rows['user_message'][0]}\n```")
    return dg.MaterializeResult(metadata=meta)


@dg.asset(
    partitions_def=weather_batch_model_partitions, group_name=GROUP, kinds={"parquet", "litellm"},
    deps=[weather_instances],
    check_specs=[dg.AssetCheckSpec("complete", asset="weather_generations",
                                   description="one row per selected instance × language × variant")],
    description="A registry system's answers to the batch's forecast instances, through litellm (cached).",
)
def weather_generations(context: dg.AssetExecutionContext, warehouse: WarehouseResource,
                        system_registry: SystemRegistryResource) -> dg.MaterializeResult:
    from f1bench_pipeline.domains import get_domain
    from f1bench_pipeline.generation.runner import generate_partition
    from f1bench_pipeline.generation.sanitize import sanitize
    from f1bench_pipeline.generation.table import summarize

    batch, model_key = batch_model_from_partition_key(context.partition_key)
    registry = system_registry.registry
    try:
        system = registry.get(unsafe_name(model_key))
    except KeyError:
        raise dg.Failure(description=f"system {unsafe_name(model_key)!r} is not in the registry {registry.path}",
                         allow_retries=False) from None
    res = generate_partition(get_domain("weather"), warehouse.path_settings(), system, batch, registry=registry,
                             on_progress=lambda m, _s: context.log.info(sanitize(m)))
    warehouse.refresh_views()
    summary = summarize(res.frame)
    meta: dict[str, Any] = {"dagster/row_count": dg.MetadataValue.int(res.frame.height), "system": system.name,
            "model_string": system.model, "statuses": dg.MetadataValue.json(summary["statuses"]),
            "calls": dg.MetadataValue.int(res.stats.calls), "cache_hits": dg.MetadataValue.int(res.stats.cache_hits),
            "cost_usd_partition": dg.MetadataValue.float(round(summary["cost_usd"], 6)),
            "preview": preview_md(res.frame.select("id", "lang", "variant", "status",
                                                   pl.col("text").str.slice(0, 120).alias("text")) if res.frame.height
                                  else res.frame)}
    return dg.MaterializeResult(metadata=meta, check_results=[
        dg.AssetCheckResult(check_name="complete", passed=res.missing == 0,
                            metadata={"expected": res.expected, "rows": res.frame.height, "missing": res.missing})])


def build_weather_claims_and_scores() -> dg.AssetsDefinition:
    """The weather claims/scores multi-asset; its code version is the weather extractor and
    verifier versions (``domains/versions.py``), read when this is called (stale after a change)."""
    from f1bench_pipeline.domains import versions

    code_version = versions.scoring_code_version("weather")

    @dg.multi_asset(
        specs=[
            dg.AssetSpec("weather_claims", deps=["weather_generations", "weather_instances"], group_name=GROUP,
                         partitions_def=weather_batch_model_partitions, kinds={"parquet"}, code_version=code_version,
                         description="Every claim of every weather answer, labelled supported/contradicted/unverifiable."),
            dg.AssetSpec("weather_scores", deps=["weather_generations", "weather_instances"], group_name=GROUP,
                         partitions_def=weather_batch_model_partitions, kinds={"parquet"}, code_version=code_version,
                         description="Per weather answer: claims by label, precision, strict precision, hallucination, "
                                     "recall, F1, abstention (the same metric code as F1)."),
        ],
    )
    def weather_claims_and_scores(context: dg.AssetExecutionContext, warehouse: WarehouseResource):
        from f1bench_pipeline.domains import get_domain
        from f1bench_pipeline.domains.scoring import score_generations_parallel
        from f1bench_pipeline.scoring.metrics import aggregate

        domain = get_domain("weather")
        batch, model_key = batch_model_from_partition_key(context.partition_key)
        part = {"batch": batch, "model": model_key}
        generations = warehouse.read("weather_generations", part)
        instances = warehouse.read("weather_instances", {"batch": batch})
        run_versions = versions.score_versions("weather", "regex")
        if generations.is_empty() or instances.is_empty():
            context.log.warning(f"nothing to score for {unsafe_name(model_key)} in {batch}")
            claims, scores = pl.DataFrame(schema=domain.claim_schema()), pl.DataFrame(schema=domain.score_schema())
        else:
            generations = generations.with_columns(pl.lit(unsafe_name(model_key)).alias("model"))
            claims, scores = score_generations_parallel(domain, generations, instances, None, "regex",
                                                        extractor_version=run_versions["extractor_version"],
                                                        verifier_version=run_versions["verifier_version"])
        warehouse.write(claims.drop("model", "batch"), "weather_claims", part)
        warehouse.write(scores.drop("model", "batch"), "weather_scores", part)
        warehouse.refresh_views()
        claim_meta = table_metadata(claims, ["id", "lang", "type", "span_text", "label", "reason"])
        if claims.height:
            claim_meta["by_label"] = dg.MetadataValue.json(dict(claims.group_by("label").len().sort("label").iter_rows()))
        yield dg.MaterializeResult(asset_key="weather_claims", metadata={**claim_meta, **run_versions})
        summary = aggregate(scores, ["model", "lang"]) if scores.height else pl.DataFrame()
        score_meta = table_metadata(summary, ["lang", "n_scored", "n_abstentions", "precision", "recall", "f1",
                                              "claims_per_generation"])
        score_meta["dagster/row_count"] = dg.MetadataValue.int(scores.height)
        yield dg.MaterializeResult(asset_key="weather_scores", metadata={**score_meta, **run_versions})

    return weather_claims_and_scores


weather_claims_and_scores = build_weather_claims_and_scores()


weather_data_job = dg.define_asset_job(
    "weather_data", selection=dg.AssetSelection.assets("weather_records", "weather_instances"),
    description="Load one weather batch's records and build its instances (EN/ES/PT prompts, oracle).",
)
weather_generate_and_score_job = dg.define_asset_job(
    "weather_generate_and_score",
    selection=dg.AssetSelection.assets("weather_generations", "weather_claims", "weather_scores"),
    description="One system on one weather batch: generations (cached), claims and scores.",
    config=provider_config(weather_batch_model_partitions),
)

WEATHER_ASSETS = [weather_records, weather_instances, weather_generations, weather_claims_and_scores]
WEATHER_JOBS = [weather_data_job, weather_generate_and_score_job]
