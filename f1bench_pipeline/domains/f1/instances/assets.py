"""Benchmark instance assets: per-season instances, the test sample, the fine-tuning export.

Which season is the test season, and how the test sample is drawn, come from the ``benchmark``
resource; the rules recorded with the instances from the ``race_rules`` resource (resources.py).
"""

import json

import dagster as dg
import polars as pl

from f1bench_pipeline.orchestration.asset_metadata import rules_metadata, table_metadata
from f1bench_pipeline.orchestration.automation import follows_upstream
from f1bench_pipeline.domains.f1.instances.builders import build_base_instances
from f1bench_pipeline.domains.f1.instances.prompts import LANGUAGES
from f1bench_pipeline.domains.f1.instances.rows import finetune_records, instance_rows, stratified_sample
from f1bench_pipeline.domains.f1.partitions import season_partitions
from f1bench_pipeline.provenance import VERSIONS_TABLE, merge_versions
from f1bench_pipeline.domains.f1.resources import RaceRulesResource
from f1bench_pipeline.resources import BenchmarkResource, WarehouseResource

GROUP = "instances"
EVENT_TABLES = ["classification", "stints", "pit_stops", "red_flag_tyre_changes", "pit_battles", "defenses", "green_flag_laps"]


@dg.asset(deps=EVENT_TABLES, partitions_def=season_partitions, group_name=GROUP, kinds={"parquet"},
          automation_condition=follows_upstream())
def instances(context: dg.AssetExecutionContext, warehouse: WarehouseResource, benchmark: BenchmarkResource,
              race_rules: RaceRulesResource) -> dg.MaterializeResult:
    """Every decision of the season in EN/ES/PT × prompt variant, with context and complete oracle."""
    season = int(context.partition_key)
    tables = {t: warehouse.read(t, {"season": season}) for t in EVENT_TABLES}
    base = build_base_instances(tables, benchmark)  # its split_of: train or test
    rows = instance_rows(base)
    warehouse.write(rows, "instances", {"season": season})
    # every version of a row an answer may have been given stays known (provenance.py)
    known = warehouse.read(VERSIONS_TABLE, {"season": season})
    versions = merge_versions(known, rows)
    warehouse.write(versions, VERSIONS_TABLE, {"season": season})
    warehouse.refresh_views()
    meta = table_metadata(rows, ["id", "lang", "variant", "decision_type", "n_facts"])
    meta["instances"] = dg.MetadataValue.int(len(base))
    meta["instance_versions"] = dg.MetadataValue.int(versions.height)  # rows of every version so far
    meta.update(rules_metadata(race_rules.rules))  # the rules behind the event tables read here
    if base:
        by_type = pl.DataFrame({"kind": [b.kind for b in base]}).group_by("kind").len().sort("kind")
        meta["by_decision_type"] = dg.MetadataValue.json(dict(by_type.iter_rows()))
        meta["example_context"] = dg.MetadataValue.md(f"**{base[0].id}**\n\n```\n{base[0].context_text}\n```")
    return dg.MaterializeResult(metadata=meta)


@dg.asset(deps=[instances], group_name=GROUP, kinds={"parquet"}, automation_condition=follows_upstream())
def test_sample(warehouse: WarehouseResource, benchmark: BenchmarkResource) -> dg.MaterializeResult:
    """Stratified (decision type × race), seeded sample of the test season: the cheap set for paid models."""
    s = benchmark.resolved()
    rows = warehouse.read("instances", {"season": s.test_season})
    if rows.is_empty():  # a build of other seasons only (`f1bench build --seasons 2018`): nothing to sample yet
        return dg.MaterializeResult(metadata={"rows": 0, "note": f"season {s.test_season} (the test season) has no "
                                              "instances yet: no test sample until it is built"})
    sample = stratified_sample(rows, s.test_sample_size, s.sample_seed)
    warehouse.write(sample, "test_sample", {"season": s.test_season})
    warehouse.refresh_views()
    meta = table_metadata(sample, ["id", "kind", "event"])
    meta["seed"] = s.sample_seed
    if sample.height:
        meta["by_decision_type"] = dg.MetadataValue.json(dict(sample.group_by("kind").len().sort("kind").iter_rows()))
    return dg.MaterializeResult(metadata=meta)


@dg.asset(deps=[instances], group_name=GROUP, kinds={"json"}, automation_condition=follows_upstream())
def finetune_export(warehouse: WarehouseResource) -> dg.MaterializeResult:
    """JSONL chat records of the train split, one file per language (answer = every oracle fact)."""
    rows = warehouse.read("instances")
    if not rows.is_empty():
        rows = rows.filter(pl.col("split") == "train")
    out_dir = warehouse.data_path / "exports" / "finetune"
    out_dir.mkdir(parents=True, exist_ok=True)
    counts = {}
    for lang in LANGUAGES:
        records = finetune_records(rows, lang) if not rows.is_empty() else []
        path = out_dir / f"train_{lang}.jsonl"
        tmp = path.with_suffix(".jsonl.tmp")
        with open(tmp, "w", encoding="utf-8") as fh:
            for rec in records:
                fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
        tmp.replace(path)
        counts[lang] = len(records)
    preview = ""
    if rows.height:
        first = finetune_records(rows.head(6), "en")
        preview = json.dumps(first[0], ensure_ascii=False, indent=1)[:2000] if first else ""
    return dg.MaterializeResult(metadata={
        "records_per_language": dg.MetadataValue.json(counts),
        "folder": dg.MetadataValue.path(str(out_dir)),
        "example": dg.MetadataValue.md(f"```json\n{preview}\n```"),
    })
