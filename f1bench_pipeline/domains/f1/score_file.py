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

from f1bench_pipeline.scoring.printout import (
    COLUMNS,
    INTERVAL_COLUMNS,
    PAIR_COLUMNS,
    leaderboard_rows,
    pair_rows,
    summarise,
    write_samples,
)

# Imported where used: `f1bench score` starts its scoring workers first (cmd_score), so they import
# polars, the extractor and the verifier while this process does the same (seconds on a slow machine).


def score_file(path: str, extractor: str = "regex", warehouse_dir=None,
               registry=None, with_claims: bool = False, with_board: bool = True) -> tuple:
    """(scores, leaderboard with bootstrap intervals, import report[, claims, answers]) for a JSONL file:
    one leaderboard row per prompt variant × system (and language; 'all' pooled over languages,
    never over variants); its systems are looked up in ``registry`` (an asset's
    ``system_registry``; unset: systems.yaml). ``with_claims``: the claims and the answers too (``--samples``).
    ``with_board=False``: the leaderboard is left empty (the caller draws it with ``summarise``)."""
    import polars as pl

    from f1bench_pipeline import provenance
    from f1bench_pipeline.domains import get_domain
    from f1bench_pipeline.domains.f1.importer import instance_index, read_jsonl
    from f1bench_pipeline.domains.scoring import score_generations_parallel
    from f1bench_pipeline.generation.registry import load_registry
    from f1bench_pipeline.scoring.leaderboard import Bootstrap, aggregate
    from f1bench_pipeline.settings import get_settings
    from f1bench_pipeline.storage.warehouse import read_table

    root = warehouse_dir or get_settings().warehouse_dir
    instances = read_table(root, "instances")
    rows_by_part, report = read_jsonl(path, instance_index(root), registry or load_registry())
    rows = [r for part in rows_by_part.values() for r in part]
    gens = pl.DataFrame(rows, infer_schema_length=None).rename({"system": "model"}) if rows else pl.DataFrame(
        schema={"id": pl.Utf8, "model": pl.Utf8, "lang": pl.Utf8, "variant": pl.Utf8, "text": pl.Utf8, "status": pl.Utf8})
    scores = claims = pl.DataFrame()
    if rows:  # each line against the version of its instance it answered (provenance.py)
        gens, instances, given = provenance.resolve(gens, instances, read_table(root, provenance.VERSIONS_TABLE))
        f1 = get_domain("f1")
        claims, scores = score_generations_parallel(f1, gens, instances, f1.claim_extractor(extractor), extractor)
        scores = provenance.attach(scores, given)
    board = aggregate(scores, ["variant", "model"], Bootstrap.from_settings(), levels=["lang"]) \
        if scores.height and with_board else pl.DataFrame()
    return (scores, board, report, claims, gens) if with_claims else (scores, board, report)


def cmd_score(args: argparse.Namespace) -> int:
    import polars as pl

    from f1bench_pipeline.domains.versions import score_versions
    from f1bench_pipeline.text_table import format_table

    t0 = time.perf_counter()
    if args.extractor == "regex":  # the workers import while this process reads (an LLM extractor runs here)
        from f1bench_pipeline.domains.scoring import warm_worker
        from f1bench_pipeline.scoring.pool import prestart

        try:
            with open(args.file, "rb") as fh:
                prestart(sum(chunk.count(b"\n") for chunk in iter(lambda: fh.read(1 << 20), b"")), warm_worker, "f1")
        except OSError:
            pass  # score_file says what is wrong with the file
    try:
        scores, _board, report, claims, answers = score_file(args.file, args.extractor, with_claims=True,
                                                             with_board=False)
    except FileNotFoundError as exc:
        print(f"f1bench score: {exc}", file=sys.stderr)
        return 2
    finally:
        from f1bench_pipeline.scoring.pool import drop_scoring_pool

        drop_scoring_pool()  # the workers exit while this process draws the intervals, not after
    for line, msg in report.errors[:50]:
        print(f"{args.file}:{line}: {msg}", file=sys.stderr)
    if len(report.errors) > 50:
        print(f"… and {len(report.errors) - 50} more bad lines", file=sys.stderr)
    if args.strict and report.errors:
        print(f"f1bench score --strict: {len(report.errors)} bad line(s); nothing scored", file=sys.stderr)
        return EXIT_NOTHING_SCORED
    if args.samples and scores.height:
        texts = {(r["model"], r["id"], r["lang"], r["variant"]): r["text"]
                 for r in answers.select("model", "id", "lang", "variant", "text").iter_rows(named=True)}
        n = write_samples(args.samples, scores, claims, texts)
        print(f"{n} answers with their claims, labels and missed facts → {args.samples}", file=sys.stderr)
    elapsed = time.perf_counter() - t0
    vs = score_versions("f1", args.extractor)  # which extractor and verifier code made these numbers
    t1 = time.perf_counter()
    board, pairs, inversion = summarise(scores)
    sig_seconds = time.perf_counter() - t1
    from f1bench_pipeline.settings import get_settings
    from f1bench_pipeline.scoring.report import reading_coverage_warnings, wrong_language_warnings

    warnings = (reading_coverage_warnings(board.to_dicts()) + wrong_language_warnings(
        board.to_dicts(), get_settings().leaderboard_include_wrong_language)) if board.height else []
    if args.format == "json":
        print(json.dumps({
            "file": args.file, "lines": report.lines, "scored_lines": report.imported, "bad_lines": len(report.errors),
            "extractor": args.extractor, **vs, "seconds": round(elapsed, 3),
            "leaderboard": board.select([c for c in [*COLUMNS, *INTERVAL_COLUMNS] if c in board.columns]).to_dicts()
            if board.height else [],
            "pair_differences": pairs.select([c for c in PAIR_COLUMNS if c in pairs.columns]).to_dicts() if pairs.height else [],
            "ranking_inversion": inversion.to_dicts() if inversion.height else [],
            "warnings": warnings,
        }, indent=1, default=str))
        for warn in warnings:
            print(warn, file=sys.stderr)
    else:
        from f1bench_pipeline.scoring.report import inversion_text

        rows = leaderboard_rows(board) if board.height else []
        print(format_table(rows, list(rows[0]) if rows else COLUMNS))
        for warn in warnings:
            print(warn)
        if pairs.height:
            print("\nPaired differences over shared instances (95% bootstrap intervals; P = share of resamples):")
            print(format_table(pair_rows(pairs), list(pair_rows(pairs.head(1))[0])))
        for sig in inversion.filter(pl.col("lang") == "all").to_dicts() if inversion.height else []:
            opposite = [p for p in pairs.filter(pl.col("lang") == "all", pl.col("variant") == sig["variant"]).to_dicts()
                        if p["precision_differs"] and p["f1_differs"]
                        and (p["precision_diff"] > 0) != (p["f1_diff"] > 0)]
            print(f"\n[{sig['variant']} prompt, all languages] " + inversion_text(sig, opposite))
        print(f"\n{report.imported} of {report.lines} lines scored ({len(report.errors)} skipped) "
              f"with the {args.extractor} extractor ({vs['extractor_version']}, verifier {vs['verifier_version']}) "
              f"in {elapsed:.2f} s; leaderboard, intervals and paired tests in {sig_seconds:.2f} s")
    if not report.imported:
        return EXIT_NOTHING_SCORED
    return EXIT_LINES_SKIPPED if report.errors else 0


# Exit codes of `f1bench score` (docs/commands.md): 0 every line scored; 1 nothing scored (or --strict and a
# bad line); 3 scored, but some lines were skipped (listed on stderr).
EXIT_NOTHING_SCORED, EXIT_LINES_SKIPPED = 1, 3
