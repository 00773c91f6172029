"""Validation reports of the instrument (group ``validation``), shown in the UI and written
to ``data/reports/``: controlled perturbation, extractor agreement, the published
generations, and the precision–recall figure of each season."""

from pathlib import Path
from typing import Any

import dagster as dg
import polars as pl

from f1bench_pipeline.domains.f1.partitions import season_partitions
from f1bench_pipeline.domains.f1.score_file import score_file
from f1bench_pipeline.figures.pr_data import figure_data, reader_rows
from f1bench_pipeline.figures.pr_figure import SCREEN_DPI, draw, to_bytes
from f1bench_pipeline.generation.names import unsafe_name
from f1bench_pipeline.orchestration.asset_metadata import image_md, preview_md
from f1bench_pipeline.orchestration.automation import follows_upstream
from f1bench_pipeline.resources import SystemRegistryResource, WarehouseResource
from f1bench_pipeline.scoring import validation as V
from f1bench_pipeline.settings import REPO_ROOT, process_setting

GROUP = "validation"
DEFAULT_PAPER_FILE = REPO_ROOT.parent / "shared" / "data" / "paper_generations" / "dev.jsonl"


def _reports_dir(warehouse: WarehouseResource) -> Path:
    d = warehouse.data_path / "reports"
    d.mkdir(parents=True, exist_ok=True)
    return d


def _md_table(df: pl.DataFrame) -> str:
    if df.is_empty():
        return "_no rows_"
    rows = [[("" if v is None else (f"{v:.3f}" if isinstance(v, float) else str(v))) for v in r] for r in df.iter_rows()]
    return "\n".join(["| " + " | ".join(df.columns) + " |", "|" + "---|" * len(df.columns), *("| " + " | ".join(r) + " |" for r in rows)])


def _scores(warehouse: WarehouseResource) -> pl.DataFrame:
    s = warehouse.read("scores")
    return s.with_columns(pl.col("model").map_elements(unsafe_name, return_dtype=pl.Utf8)) if not s.is_empty() else s


@dg.asset(deps=["scores"], group_name=GROUP, kinds={"markdown"},
          check_specs=[dg.AssetCheckSpec("faithful_template_is_perfect", asset="perturbation_validation",
                                         description="template-faithful: precision exactly 1.000 and no contradiction on every scored generation"),
                       dg.AssetCheckSpec("abstention_blind_spot", asset="perturbation_validation",
                                         description="template-terse has the highest precision and the lowest F1")])
def perturbation_validation(warehouse: WarehouseResource):
    """Controlled perturbation with the three template systems, every season they answered."""
    scores = _scores(warehouse)
    report: dict[str, Any] = V.perturbation_report(scores) if not scores.is_empty() else {"table": pl.DataFrame(), "checks": {}}
    table = report["table"]
    cols = [c for c in ["model", "n_scored", "n_abstentions", "precision", "hallucination_rate", "recall", "f1",
                        "claims_per_generation"] if c in table.columns]
    text = ["# Controlled perturbation", "", _md_table(table.select(cols)) if table.height else "_no scores_", ""]
    for k, v in report.get("checks", {}).items():
        text.append(f"- {k}: {'PASS' if v else 'FAIL'}")
    if report.get("faithful_examples"):
        text.append(f"\nfaithful generations not scoring 1.000: {report['faithful_not_perfect']}")
        text += [f"  - {e}" for e in report["faithful_examples"]]
    (_reports_dir(warehouse) / "perturbation.md").write_text("\n".join(text) + "\n", encoding="utf-8")
    yield dg.MaterializeResult(metadata={"report": dg.MetadataValue.md("\n".join(text)),
                                         "faithful_generations": report.get("faithful_generations", 0)})
    checks = report.get("checks", {})
    yield dg.AssetCheckResult(check_name="faithful_template_is_perfect",
                              passed=bool(checks.get("faithful_precision_exactly_1", False)),
                              metadata={"not_perfect": report.get("faithful_not_perfect", 0)})
    yield dg.AssetCheckResult(check_name="abstention_blind_spot",
                              passed=bool(checks.get("terse_highest_precision") and checks.get("terse_lowest_f1")),
                              severity=dg.AssetCheckSeverity.WARN)


# (scores: season × model; Dagster maps a season to its every model partition, MultiToSingleDimension)
@dg.asset(deps=["scores"],
          partitions_def=season_partitions, group_name=GROUP, kinds={"svg", "png"},
          automation_condition=follows_upstream())
def precision_recall_plot(context: dg.AssetExecutionContext, warehouse: WarehouseResource) -> dg.MaterializeResult:
    """The precision–recall figure of one season: every scored system × language (default prompt) with
    the leaderboard's 95% intervals, iso-F1 curves and the inverted pairs (``f1bench plot``'s figure).
    Re-materialized after any system's scores of the season change (automation); SVG and print PNG in
    ``data/reports/``."""
    season = int(context.partition_key)
    rows, close = reader_rows(warehouse.root)
    try:
        data = figure_data(rows, season)
    finally:
        close()
    if not data.points:
        return dg.MaterializeResult(metadata={"plot": dg.MetadataValue.md(f"_no scores in season {season} yet_")})
    drawn = draw(data)
    files = {}
    for fmt in ("svg", "png"):
        files[fmt] = _reports_dir(warehouse) / f"precision_recall_{season}.{fmt}"
        files[fmt].write_bytes(to_bytes(drawn, fmt))
    table = pl.DataFrame([{"system": p.system, "lang": p.lang, "n_scored": p.n_scored, "precision": p.precision,
                           "recall": p.recall, "f1": p.f1} for p in data.points])
    return dg.MaterializeResult(metadata={
        "plot": image_md(to_bytes(drawn, "png", SCREEN_DPI), data.title),
        "svg": dg.MetadataValue.path(str(files["svg"])), "png": dg.MetadataValue.path(str(files["png"])),
        "systems": dg.MetadataValue.text(", ".join(data.systems)),
        "inverted_pairs": len(data.pairs),
        "points": preview_md(table, n=60)})


@dg.asset(deps=["instances"], group_name=GROUP, kinds={"markdown"})
def published_generations_report(warehouse: WarehouseResource,
                                 system_registry: SystemRegistryResource) -> dg.MaterializeResult:
    """The paper's real outputs (dev.jsonl) scored here, beside the published extractors' counts."""
    import json

    path = Path(process_setting("paper_generations") or DEFAULT_PAPER_FILE)
    if not path.exists():
        return dg.MaterializeResult(metadata={"status": "skipped", "reason": f"{path} not found (set F1BENCH_PAPER_GENERATIONS)"})
    reg = system_registry.registry
    scores, _board, report = score_file(str(path), "regex", warehouse.root, registry=reg)
    published = []
    with open(path, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            try:
                d = json.loads(line)
            except json.JSONDecodeError:
                continue
            published.append({"model": d.get("model"), "id": d.get("id"), "lang": d.get("lang"),
                              "published_regex_claims": (d.get("published_regex") or {}).get("n_claims"),
                              "published_llm_claims": (d.get("published_llm") or {}).get("n_claims")})
    pub = pl.DataFrame(published).with_columns(
        pl.col("model").map_elements(lambda m: (s.name if (s := reg.by_alias(m)) else m), return_dtype=pl.Utf8))
    table = V.published_comparison(scores, pub) if scores.height else pl.DataFrame()
    agreement = V.claim_count_agreement(scores, pub) if scores.height else pl.DataFrame()
    text = ["# Published generations (dev.jsonl)", "",
            f"{report.imported} of {report.lines} lines scored; {len(report.errors)} skipped (ids not in our instances, …).", "",
            _md_table(table), "", "## Agreement with the published LLM extractor (claims per answer)", "", _md_table(agreement)]
    (_reports_dir(warehouse) / "published_generations.md").write_text("\n".join(text) + "\n", encoding="utf-8")
    return dg.MaterializeResult(metadata={"report": dg.MetadataValue.md("\n".join(text)),
                                          "lines_scored": report.imported, "lines_skipped": len(report.errors)})


@dg.asset(deps=["scores"], group_name=GROUP, kinds={"markdown"})
def extractor_agreement(warehouse: WarehouseResource) -> dg.MaterializeResult:
    """Regex vs LLM extractor on the same generations: system-level Spearman and
    instance-level Pearson, per language (needs F1BENCH_LLM_EXTRACTOR when scoring)."""
    scores = _scores(warehouse)
    llm = scores.filter(pl.col("extractor") == "llm") if not scores.is_empty() else scores
    if llm.is_empty():
        text = ("# Extractor agreement\n\nNo LLM-extractor scores yet: set `F1BENCH_LLM_EXTRACTOR` to a system of "
                "`systems.yaml` and rematerialize `scores`. The published LLM extractor's claim counts are compared "
                "with ours in `published_generations_report`.")
        table = pl.DataFrame()
    else:
        table = V.extractor_agreement(scores.filter(pl.col("extractor") == "regex"), llm)
        text = "# Extractor agreement (regex vs LLM)\n\n" + _md_table(table)
    (_reports_dir(warehouse) / "extractor_agreement.md").write_text(text + "\n", encoding="utf-8")
    return dg.MaterializeResult(metadata={"report": dg.MetadataValue.md(text), "languages": table.height})


VALIDATION_ASSETS = [perturbation_validation, precision_recall_plot, published_generations_report, extractor_agreement]
