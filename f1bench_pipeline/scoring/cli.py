"""`f1bench score FILE.jsonl`: score a generations file against the built benchmark, no UI.

The file has the import format (``id, model, lang, text``; optional ``variant``,
``error``). Bad lines are reported with their numbers on stderr and skipped; the rest is
extracted, verified and scored, and the leaderboard printed (``--format json`` for
machines). Imports neither Dagster nor (with the regex extractor) litellm.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

import polars as pl


def score_file(path: str, extractor: str = "regex", warehouse_dir=None) -> tuple[pl.DataFrame, pl.DataFrame, object]:
    """(scores, leaderboard, import report) for a JSONL file."""
    from f1bench_pipeline.generation.importer import read_jsonl
    from f1bench_pipeline.generation.registry import load_registry
    from f1bench_pipeline.scoring.metrics import aggregate
    from f1bench_pipeline.scoring.score import InstanceFacts, score_generations
    from f1bench_pipeline.settings import get_settings
    from f1bench_pipeline.storage.warehouse import read_table

    root = warehouse_dir or get_settings().warehouse_dir
    instances = read_table(root, "instances")
    index = {} if instances.is_empty() else {
        (r[0], r[1], r[2]): (int(r[3]), r[4] or "")
        for r in instances.select("id", "lang", "variant", "season", "decision_type").iter_rows()}
    rows_by_part, report = read_jsonl(path, index, load_registry())
    rows = [r for part in rows_by_part.values() for r in part]
    gens = pl.DataFrame(rows, infer_schema_length=None).rename({"system": "model"}) if rows else pl.DataFrame(
        schema={"id": pl.Utf8, "model": pl.Utf8, "lang": pl.Utf8, "variant": pl.Utf8, "text": pl.Utf8, "status": pl.Utf8})
    _claims, scores = score_generations(gens, InstanceFacts(instances) if not instances.is_empty() else instances,
                                        _extractor(extractor), extractor) if rows else (None, pl.DataFrame())
    board = pl.DataFrame()
    if scores.height:
        overall = aggregate(scores.with_columns(pl.lit("all").alias("lang_all")), ["model", "lang_all"]).rename({"lang_all": "lang"})
        board = pl.concat([overall, aggregate(scores, ["model", "lang"])], how="diagonal_relaxed").sort("model", "lang")
    return scores, board, report


def _extractor(name: str):
    if name == "regex":
        from f1bench_pipeline.scoring.regex_extractor import extract_claims

        return extract_claims
    from f1bench_pipeline.scoring.llm_extractor import default_llm_extractor

    return default_llm_extractor()


COLUMNS = ["model", "lang", "n_scored", "n_abstentions", "n_not_ok", "precision", "strict_precision",
           "hallucination_rate", "recall", "f1", "claims_per_generation"]


def cmd_score(args: argparse.Namespace) -> int:
    from f1bench_pipeline.summary import format_table

    t0 = time.perf_counter()
    try:
        scores, board, report = score_file(args.file, args.extractor)
    except FileNotFoundError as exc:
        print(f"f1bench score: {exc}", file=sys.stderr)
        return 2
    for line, msg in report.errors[:50]:
        print(f"{args.file}:{line}: {msg}", file=sys.stderr)
    if len(report.errors) > 50:
        print(f"… and {len(report.errors) - 50} more bad lines", file=sys.stderr)
    elapsed = time.perf_counter() - t0
    if args.format == "json":
        print(json.dumps({
            "file": args.file, "lines": report.lines, "scored_lines": report.imported, "bad_lines": len(report.errors),
            "extractor": args.extractor, "seconds": round(elapsed, 3),
            "leaderboard": board.select([c for c in COLUMNS if c in board.columns]).to_dicts() if board.height else [],
        }, indent=1, default=str))
    else:
        rows = [{k: (round(v, 3) if isinstance(v, float) else v) for k, v in r.items()}
                for r in (board.select([c for c in COLUMNS if c in board.columns]).to_dicts() if board.height else [])]
        print(format_table(rows, [c for c in COLUMNS if not rows or c in rows[0]]))
        print(f"\n{report.imported} of {report.lines} lines scored ({len(report.errors)} skipped) "
              f"with the {args.extractor} extractor in {elapsed:.2f} s")
    return 0 if report.imported else 1


def register(sub) -> None:
    p = sub.add_parser("score", help="score a generations JSONL against the built benchmark and print the leaderboard")
    p.add_argument("file")
    p.add_argument("--extractor", choices=["regex", "llm"], default="regex")
    p.add_argument("--format", choices=["table", "json"], default="table")
    p.set_defaults(func=cmd_score)
