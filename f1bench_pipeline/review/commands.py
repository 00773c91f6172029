"""The handlers of the commands ``f1bench_pipeline.review.cli`` parses."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import polars as pl

from f1bench_pipeline.domains import get_domain
from f1bench_pipeline.errors import UserError
from f1bench_pipeline.generation.registry import load_registry
from f1bench_pipeline.review.judgments import ReviewImportError
from f1bench_pipeline.review.plan import plan
from f1bench_pipeline.review.store import export_review, import_review, read_decoded, read_review_scores
from f1bench_pipeline.scoring.printout import corrected_rows
from f1bench_pipeline.settings import get_settings
from f1bench_pipeline.storage import queries
from f1bench_pipeline.storage.reader import reader
from f1bench_pipeline.storage.views import has_files, refresh_views
from f1bench_pipeline.text_table import format_table


def _names(text: str | None) -> list[str] | None:
    return [t.strip() for t in text.split(",") if t.strip()] if text else None


def cmd_export(args: argparse.Namespace) -> int:
    s = get_settings()
    season = args.season or s.test_season
    out = Path(args.out) if args.out else Path(s.data_dir) / "reviews" / f"review_{season}_{args.variant}_seed{args.seed}.csv"
    if out.exists() and not args.force:  # it may hold a reviewer's work
        print(f"f1bench review export: {out} exists (a judged sheet?); pass --force or another --out", file=sys.stderr)
        return 2
    try:
        summary = export_review(s.warehouse_dir, out, season=season, per_stratum=args.per_model_lang, seed=args.seed,
                                models=_names(args.models), variant=args.variant, extractor=args.extractor)
    except ValueError as exc:
        print(f"f1bench review export: {exc}", file=sys.stderr)
        return 1
    print(summary.format())
    print("fill human_label (and add missed claims) as described in f1bench_pipeline/review/sheet.py, then "
          f"`f1bench review import {out}`")
    return 0


def _refresh_views() -> None:
    s = get_settings()
    refresh_views(s.warehouse_dir, s.duckdb_path)


def cmd_import(args: argparse.Namespace) -> int:
    try:
        summary = import_review(args.file, get_settings().warehouse_dir, reviewer=args.reviewer)
    except ReviewImportError as exc:
        for line in exc.lines(limit=args.max_errors):
            print(line, file=sys.stderr)
        print("nothing imported (earlier judgments are unchanged)", file=sys.stderr)
        return 1
    print(summary.format())
    _refresh_views()
    return 0


def cmd_gold(args: argparse.Namespace) -> int:
    domain = get_domain(args.domain)
    gold_dir = Path(args.gold_dir) if args.gold_dir else domain.gold_dir
    if gold_dir is None:
        print(f"f1bench review gold: the {domain.name} domain has no claim-level gold (give one with --gold-dir)",
              file=sys.stderr)
        return 2
    if not any(gold_dir.glob("gold_*.jsonl")):
        print(f"f1bench review gold: no gold_<lang>.jsonl in {gold_dir}", file=sys.stderr)
        return 2
    registry = load_registry()

    def resolve(name: str) -> str:
        system = registry.by_alias(name)
        return system.name if system else name

    try:
        summary, report = domain.import_gold(gold_dir, get_settings().warehouse_dir, resolve, extractor=args.extractor,
                                             include_context_mismatch=args.include_context_mismatch)
    except UserError as exc:
        print(f"f1bench review gold: {exc}", file=sys.stderr)
        return 2
    for model, id_, lang, why in report.skipped:
        print(f"  skipped {model} {lang} {id_}: {why}")
    if summary is None:
        print(f"no gold answer is scored in this warehouse ({len(report.skipped)} skipped): import and score their "
              f"generations first (`f1bench import-generations …/paper_generations/dev.jsonl` does both)", file=sys.stderr)
        return 1
    print(summary.format())
    _refresh_views()
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    s = get_settings()
    if not has_files(s.warehouse_dir, "claim_reviews"):
        print("no judgments imported yet: `f1bench review export`, fill the sheet, `f1bench review import FILE`",
              file=sys.stderr)
        return 1
    if args.metrics:
        con = reader(s.warehouse_dir)
        try:
            cur = con.execute("SELECT * FROM instrument_error")
            cols, rows = [d[0] for d in cur.description], cur.fetchall()
        finally:
            con.close()
    else:
        cols, rows = queries.run("instrument_error", s.warehouse_dir, s.duckdb_path)
    dicts = [dict(zip(cols, r)) for r in rows]
    corrected = _corrected_rows(s.warehouse_dir)
    if args.format == "json":
        print(json.dumps(dicts if args.metrics else {"instrument_error": dicts, "corrected": corrected},
                         default=str, indent=1))
    else:
        print(format_table([{k: (round(v, 3) if isinstance(v, float) else v) for k, v in d.items()} for d in dicts], cols))
        if corrected and not args.metrics:
            shown = corrected_rows(corrected)
            print("\nCorrected for the instrument's error (prediction-powered, from the reviewed answers; 95% intervals):")
            print(format_table(shown, list(shown[0])))
    return 0


CORRECTED_COLUMNS = ["season", "variant", "extractor", "model", "lang", "n_scored", "n_reviewed", "correction_sampling",
                     "precision", "precision_lo", "precision_hi", "precision_corrected", "precision_corrected_lo",
                     "precision_corrected_hi", "recall", "recall_lo", "recall_hi", "recall_corrected",
                     "recall_corrected_lo", "recall_corrected_hi", "f1", "f1_lo", "f1_hi", "f1_corrected",
                     "f1_corrected_lo", "f1_corrected_hi"]


def _corrected_rows(root) -> list[dict]:
    """The leaderboard's rows with corrected figures (decision_type 'all'), for the report."""
    con = reader(root)
    try:
        cur = con.execute(f"SELECT {', '.join(CORRECTED_COLUMNS)} FROM leaderboard WHERE decision_type = 'all' "
                          "AND n_reviewed > 0 ORDER BY season, variant, extractor, model, lang = 'all', lang")
        cols = [d[0] for d in cur.description]
        return [dict(zip(cols, r)) for r in cur.fetchall()]
    except Exception:  # no leaderboard yet (nothing scored): no corrected figures to show
        return []
    finally:
        con.close()


def cmd_plan(args: argparse.Namespace) -> int:
    s = get_settings()
    season = args.season or s.test_season
    half = args.half_width if args.half_width is not None else s.review_plan_half_width

    scores = read_decoded(s.warehouse_dir, "scores", {"season": season})
    if scores.is_empty():
        print(f"f1bench review plan: no scores for season {season}", file=sys.stderr)
        return 1
    scores = scores.filter((pl.col("variant") == args.variant) & (pl.col("extractor") == args.extractor))
    rows = plan(scores, read_review_scores(s.warehouse_dir), half_width=half, default_sd=s.review_plan_default_sd,
                min_reviewed=s.review_plan_min_reviewed)
    table = [{"model": r.model, "scored": r.n_scored, "reviewed": r.n_reviewed, "sd automatic": round(r.sd_automatic, 3),
              "sd human−automatic": f"{r.sd_difference:.3f} ({r.sd_source})",
              "to review": "unreachable" if r.needed is None else r.needed,
              "more": "" if r.more is None else r.more} for r in rows]
    print(format_table(table, list(table[0]) if table else ["model"]))
    print(f"answers to review per system for a 95% interval of ±{half:g} on corrected precision (season {season}, "
          f"{args.variant} prompt, {args.extractor} extractor); 'default' = sd {s.review_plan_default_sd:g} assumed until "
          f"{s.review_plan_min_reviewed} answers are reviewed. Export them with "
          f"`f1bench review export --per-model-lang <to review / 3>`")
    return 0

