"""F1's scoring assets: claims and scores per season × system (thin: read, score, write)."""


import dagster as dg
import polars as pl
from pydantic import Field

from f1bench_pipeline import provenance
from f1bench_pipeline.domains import get_domain
from f1bench_pipeline.domains.f1.partitions import season_model_from_partition_key, season_model_partitions
from f1bench_pipeline.domains.scoring import score_generations, score_generations_parallel
from f1bench_pipeline.generation.names import unsafe_name
from f1bench_pipeline.orchestration.asset_metadata import table_metadata
from f1bench_pipeline.orchestration.automation import follows_upstream_for_auto_update_systems
from f1bench_pipeline.resources import SystemRegistryResource, WarehouseResource
from f1bench_pipeline.domains import versions
from f1bench_pipeline.scoring.metrics import aggregate
from f1bench_pipeline.scoring.score import CLAIM_SCHEMA, SCORE_SCHEMA
from f1bench_pipeline.settings import process_setting

GROUP = "scoring"
LLM_EXTRACTOR_ENV = "F1BENCH_LLM_EXTRACTOR"


class ScoringConfig(dg.Config):
    """Run config of ``claims``/``scores`` (launchpad: ``ops: {claims_and_scores: {config: …}}``)."""

    llm_extractor: str | None = Field(
        default=None,
        description="registry system (systems.yaml) that extracts claims besides the regex extractor; "
                    f"unset: ${LLM_EXTRACTOR_ENV}; \"\": none",
    )

    def llm_system_name(self) -> str:
        """The LLM extractor of this run ("" = none): the run config, else the environment."""
        return process_setting("llm_extractor") if self.llm_extractor is None else self.llm_extractor


def build_claims_and_scores() -> dg.AssetsDefinition:
    """The claims/scores multi-asset. Its code version is the extractor and verifier versions
    (``domains/versions.py``), read when this is called, so the UI marks stored partitions stale
    after either changes (tests call it again after changing a version)."""
    code_version = versions.scoring_code_version("f1")

    @dg.multi_asset(
        specs=[
            dg.AssetSpec("claims", deps=["generations", "instances"], group_name=GROUP, partitions_def=season_model_partitions,
                         description="Every claim extracted from every answer, labelled supported/contradicted/unverifiable with the reason and matched fact.",
                         kinds={"parquet"}, code_version=code_version,
                         automation_condition=follows_upstream_for_auto_update_systems()),
            dg.AssetSpec("scores", deps=["generations", "instances"], group_name=GROUP, partitions_def=season_model_partitions,
                         description="Per generation: claims by label, precision, strict precision, hallucination rate, recall, F1.",
                         kinds={"parquet"}, code_version=code_version,
                         automation_condition=follows_upstream_for_auto_update_systems()),
        ],
    )
    def claims_and_scores(context: dg.AssetExecutionContext, config: ScoringConfig, warehouse: WarehouseResource,
                          system_registry: SystemRegistryResource):
        season, model_key = season_model_from_partition_key(context.partition_key)
        partition = {"season": season, "model": model_key}
        generations = warehouse.read("generations", partition)
        if not generations.is_empty():
            generations = generations.with_columns(pl.lit(unsafe_name(model_key)).alias("model"))
        instances = warehouse.read("instances", {"season": season})
        # each answer against the version of its instance it was given (provenance.py)
        generations, instances, given = provenance.resolve(
            generations, instances, warehouse.read(provenance.VERSIONS_TABLE, {"season": season}))
        run_versions = versions.score_versions("f1", "regex")  # the rows' version columns, and the metadata
        if generations.is_empty() or instances.is_empty():
            context.log.warning(f"nothing to score for {unsafe_name(model_key)} in {season}")
            claims, scores = pl.DataFrame(schema=CLAIM_SCHEMA), pl.DataFrame(schema=SCORE_SCHEMA)
        else:
            # a full season of a system on every core (score.PARALLEL_MIN_ROWS); the same rows either way
            f1 = get_domain("f1")
            claims, scores = score_generations_parallel(f1, generations, instances, None, "regex",
                                                        extractor_version=run_versions["extractor_version"],
                                                        verifier_version=run_versions["verifier_version"])
            llm_name = config.llm_system_name()
            if llm_name:
                from f1bench_pipeline.domains.f1.llm_extractor import LLMExtractor

                registry = system_registry.registry
                try:
                    system = registry.get(llm_name)
                except KeyError:
                    raise dg.Failure(description=f"LLM extractor {llm_name!r} is not a system of the registry "
                                                 f"{registry.path}", allow_retries=False) from None
                llm = versions.score_versions("f1", "llm", llm_name, registry)
                run_versions["llm_extractor"] = system.name
                run_versions["llm_extractor_version"] = llm["extractor_version"]
                llm_claims, llm_scores = score_generations(f1, generations, instances,
                                                           LLMExtractor(system, warehouse.data_path), "llm", **llm)
                claims, scores = pl.concat([claims, llm_claims]), pl.concat([scores, llm_scores])
        claims, scores = provenance.restore(claims), provenance.attach(scores, given)
        warehouse.write(claims.drop("model", "season"), "claims", partition)
        warehouse.write(scores.drop("model", "season"), "scores", partition)
        warehouse.refresh_views()
        summary = aggregate(scores, ["model", "lang"]) if scores.height else pl.DataFrame()
        claim_meta = table_metadata(claims, ["id", "lang", "type", "span_text", "label", "reason"])
        if claims.height:
            claim_meta["by_label"] = dg.MetadataValue.json(dict(claims.group_by("label").len().sort("label").iter_rows()))
        yield dg.MaterializeResult(asset_key="claims", metadata={**claim_meta, **run_versions})
        score_meta = table_metadata(summary, ["lang", "n_scored", "n_abstentions", "n_not_ok", "n_wrong_language",
                                             "precision", "recall", "f1", "reading_coverage"])
        score_meta["dagster/row_count"] = dg.MetadataValue.int(scores.height)
        yield dg.MaterializeResult(asset_key="scores", metadata={**score_meta, **run_versions})

    return claims_and_scores


claims_and_scores = build_claims_and_scores()
