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
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # polars is imported where it is used: `f1bench --help` need not load it
    import polars as pl


def score_file(path: str, extractor: str = "regex", warehouse_dir=None,
               registry=None, with_claims: bool = False, with_board: bool = True) -> tuple:
    """(scores, leaderboard with bootstrap intervals, import report[, claims, answers]) for a JSONL file:
    one leaderboard row per prompt variant × system (and language; 'all' pooled over languages,
    never over variants); its systems are looked up in ``registry`` (an asset's
    ``system_registry``; unset: systems.yaml). ``with_claims``: the claims and the answers too (``--samples``).
    ``with_board=False``: the leaderboard is left empty (the caller draws it with ``summarise``)."""
    import polars as pl

    from f1bench_pipeline import provenance
    from f1bench_pipeline.generation.importer import instance_index, read_jsonl
    from f1bench_pipeline.generation.registry import load_registry
    from f1bench_pipeline.scoring.leaderboard import Bootstrap, aggregate
    from f1bench_pipeline.scoring.score import InstanceFacts, score_generations_parallel
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
        claims, scores = score_generations_parallel(gens, InstanceFacts(instances), _extractor(extractor), extractor)
        scores = provenance.attach(scores, given)
    board = aggregate(scores, ["variant", "model"], Bootstrap.from_settings(), levels=["lang"]) \
        if scores.height and with_board else pl.DataFrame()
    return (scores, board, report, claims, gens) if with_claims else (scores, board, report)


def write_samples(path: str, scores: pl.DataFrame, claims: pl.DataFrame, texts: dict[tuple, str]) -> int:
    """One JSON line per scored answer: its text, its claims (type, slots, span, label, reason),
    the oracle facts it covered and missed, precision, recall and F1. Returns the lines written."""
    by_answer: dict[tuple, list[dict]] = {}
    key = ("model", "id", "lang", "variant")
    if claims.height:
        for c in claims.sort("claim_index").iter_rows(named=True):
            by_answer.setdefault(tuple(c[k] for k in key), []).append({
                "type": c["type"], "slots": json.loads(c["slots"]) if c["slots"] else {},
                "span": [c["span_start"], c["span_end"]], "span_text": c["span_text"], "label": c["label"],
                "reason": c["reason"]})
    n = 0
    with open(path, "w", encoding="utf-8") as fh:
        for r in scores.sort(list(key)).iter_rows(named=True):
            k = tuple(r[x] for x in key)
            fh.write(json.dumps({
                **dict(zip(key, k)), "status": r["status"], "text": texts.get(k), "claims": by_answer.get(k, []),
                "covered_facts": r["covered_facts"], "missed_facts": r["missed_facts"],
                "precision": r["precision"], "recall": r["recall"], "f1": r["f1"],
                "reading_coverage": r.get("reading_coverage"), "context_current": r.get("context_current")},
                ensure_ascii=False) + "\n")
            n += 1
    return n


def summarise(scores: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame]:
    """(the leaderboard per prompt variant × system × language, paired differences of every two
    systems, and the probability of the ranking inversion) for a scored file: is the order real?
    One DuckDB session, the board's bootstrap replicates drawn once."""
    import polars as pl

    from f1bench_pipeline.scoring.leaderboard import Bootstrap, board_and_significance

    if scores.is_empty():
        return pl.DataFrame(), pl.DataFrame(), pl.DataFrame()
    return board_and_significance(scores, ["variant"], Bootstrap.from_settings(), levels=["lang"])


def _extractor(name: str):
    if name == "regex":
        from f1bench_pipeline.domains.f1.extract import extract_claims

        return extract_claims
    from f1bench_pipeline.scoring.llm_extractor import default_llm_extractor

    return default_llm_extractor()


COLUMNS = ["variant", "model", "lang", "n_scored", "n_abstentions", "n_not_ok", "precision", "strict_precision",
           "hallucination_rate", "recall", "f1", "claims_per_generation", "reading_coverage"]
INTERVAL_COLUMNS = ["precision_lo", "precision_hi", "hallucination_rate_lo", "hallucination_rate_hi",
                    "recall_lo", "recall_hi", "f1_lo", "f1_hi"]
PAIR_COLUMNS = ["variant", "lang", "system_a", "system_b", "n_shared", "precision_diff", "precision_diff_lo",
                "precision_diff_hi", "p_a_ahead_precision", "f1_diff", "f1_diff_lo", "f1_diff_hi", "p_a_ahead_f1",
                "precision_differs", "f1_differs"]


def figure_text(row: dict, col: str) -> str:
    """"0.912 [0.901, 0.925]": a figure with its interval when it has one."""
    v, lo, hi = row.get(col), row.get(f"{col}_lo"), row.get(f"{col}_hi")
    if v is None:
        return ""
    return f"{v:.3f}" if lo is None else f"{v:.3f} [{lo:.3f}, {hi:.3f}]"


def leaderboard_rows(board: pl.DataFrame) -> list[dict]:
    """The leaderboard as printable rows: each figure beside its 95% interval."""
    out = []
    for r in board.to_dicts():
        row = {c: r.get(c) for c in ("variant", "model", "lang", "n_scored", "n_abstentions", "n_not_ok")}
        for c in ("precision", "hallucination_rate", "recall", "f1"):
            row[c] = figure_text(r, c)
        row["claims_per_generation"] = None if r.get("claims_per_generation") is None else round(r["claims_per_generation"], 2)
        row["reading_coverage"] = None if r.get("reading_coverage") is None else round(r["reading_coverage"], 3)
        out.append(row)
    return out


def corrected_rows(rows: list[dict]) -> list[dict]:
    """Leaderboard rows with corrected figures, printable: each uncorrected figure beside its
    corrected one (prediction-powered, from reviewed answers), with their 95% intervals."""
    out = []
    for r in rows:
        row = {c: r.get(c) for c in ("model", "lang", "n_scored", "n_reviewed", "correction_sampling")}
        for c in ("precision", "recall", "f1"):
            row[c] = figure_text(r, c)
            row[f"{c} corrected"] = figure_text(r, f"{c}_corrected")
        out.append(row)
    return out


def pair_rows(pairs: pl.DataFrame) -> list[dict]:
    return [{"variant": r["variant"], "lang": r["lang"], "a": r["system_a"], "b": r["system_b"], "shared": r["n_shared"],
             "precision a−b": figure_text({"d": r["precision_diff"], "d_lo": r["precision_diff_lo"], "d_hi": r["precision_diff_hi"]}, "d"),
             "P(a ahead by P)": None if r["p_a_ahead_precision"] is None else round(r["p_a_ahead_precision"], 3),
             "F1 a−b": figure_text({"d": r["f1_diff"], "d_lo": r["f1_diff_lo"], "d_hi": r["f1_diff_hi"]}, "d"),
             "P(a ahead by F1)": None if r["p_a_ahead_f1"] is None else round(r["p_a_ahead_f1"], 3)}
            for r in pairs.to_dicts()]


def cmd_score(args: argparse.Namespace) -> int:
    import polars as pl

    from f1bench_pipeline.scoring.versions import score_versions
    from f1bench_pipeline.summary import format_table

    t0 = time.perf_counter()
    if args.extractor == "regex":  # the workers import while this process reads (an LLM extractor runs here)
        from f1bench_pipeline.scoring.pool import prestart

        try:
            with open(args.file, "rb") as fh:
                prestart(sum(chunk.count(b"\n") for chunk in iter(lambda: fh.read(1 << 20), b"")))
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
    vs = score_versions(args.extractor)  # which extractor and verifier code made these numbers
    t1 = time.perf_counter()
    board, pairs, inversion = summarise(scores)
    sig_seconds = time.perf_counter() - t1
    from f1bench_pipeline.summary import reading_coverage_warnings

    warnings = reading_coverage_warnings(board.to_dicts()) if board.height else []
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
        from f1bench_pipeline.summary import inversion_text

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


def register(sub) -> None:
    p = sub.add_parser("score", help="score a generations JSONL against the built benchmark and print the leaderboard "
                                     "(one row per prompt variant × system; exit 0 all scored, 1 nothing, 3 lines skipped)")
    p.add_argument("file")
    p.add_argument("--extractor", choices=["regex", "llm"], default="regex")
    p.add_argument("--format", choices=["table", "json"], default="table")
    p.add_argument("--strict", action="store_true", help="score nothing if any line is bad (exit 1)")
    p.add_argument("--samples", metavar="FILE",
                   help="write one JSON line per answer: text, claims with labels and spans, covered and missed "
                        "facts, precision, recall, F1")
    p.set_defaults(func=cmd_score)
