"""Scoring assets: claims and scores per season × system (thin: read, score, write)."""

import os
from pathlib import Path

import dagster as dg
import polars as pl

from f1bench_pipeline.dagster_helpers import table_metadata
from f1bench_pipeline.generation.names import unsafe_name
from f1bench_pipeline.partitions import season_model_from_partition_key, season_model_partitions
from f1bench_pipeline.resources import WarehouseResource
from f1bench_pipeline.scoring.metrics import aggregate
from f1bench_pipeline.scoring.score import CLAIM_SCHEMA, SCORE_SCHEMA, score_generations

GROUP = "scoring"


def regex_extractor(text: str, lang: str, entities: dict):
    from f1bench_pipeline.scoring.regex_extractor import extract_claims

    return extract_claims(text, lang, entities)


@dg.multi_asset(
    specs=[
        dg.AssetSpec("claims", deps=["generations", "instances"], group_name=GROUP, partitions_def=season_model_partitions,
                     description="Every claim extracted from every answer, labelled supported/contradicted/unverifiable with the reason and matched fact.",
                     kinds={"parquet"}),
        dg.AssetSpec("scores", deps=["generations", "instances"], group_name=GROUP, partitions_def=season_model_partitions,
                     description="Per generation: claims by label, precision, strict precision, hallucination rate, recall, F1.",
                     kinds={"parquet"}),
    ],
)
def claims_and_scores(context: dg.AssetExecutionContext, warehouse: WarehouseResource):
    season, model_key = season_model_from_partition_key(context.partition_key)
    partition = {"season": season, "model": model_key}
    generations = warehouse.read("generations", partition)
    if not generations.is_empty():
        generations = generations.with_columns(pl.lit(unsafe_name(model_key)).alias("model"))
    instances = warehouse.read("instances", {"season": season})
    if generations.is_empty() or instances.is_empty():
        context.log.warning(f"nothing to score for {unsafe_name(model_key)} in {season}")
        claims, scores = pl.DataFrame(schema=CLAIM_SCHEMA), pl.DataFrame(schema=SCORE_SCHEMA)
    else:
        claims, scores = score_generations(generations, instances, regex_extractor, "regex")
        if os.environ.get("F1BENCH_LLM_EXTRACTOR"):
            from f1bench_pipeline.scoring.llm_extractor import default_llm_extractor

            llm_claims, llm_scores = score_generations(generations, instances, default_llm_extractor(Path(warehouse.data_dir)), "llm")
            claims, scores = pl.concat([claims, llm_claims]), pl.concat([scores, llm_scores])
    warehouse.write(claims.drop("model", "season"), "claims", partition)
    warehouse.write(scores.drop("model", "season"), "scores", partition)
    warehouse.refresh_views()
    summary = aggregate(scores, ["model", "lang"]) if scores.height else pl.DataFrame()
    claim_meta = table_metadata(claims, ["id", "lang", "type", "span_text", "label", "reason"])
    if claims.height:
        claim_meta["by_label"] = dg.MetadataValue.json(dict(claims.group_by("label").len().sort("label").iter_rows()))
    yield dg.MaterializeResult(asset_key="claims", metadata=claim_meta)
    score_meta = table_metadata(summary, ["lang", "n_scored", "n_abstentions", "n_not_ok", "precision", "recall", "f1"])
    score_meta["dagster/row_count"] = dg.MetadataValue.int(scores.height)
    yield dg.MaterializeResult(asset_key="scores", metadata=score_meta)
