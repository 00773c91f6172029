"""`f1bench leaderboard`: the leaderboard of the warehouse, from the command line.

    f1bench leaderboard [--season Y] [--variant V] [--lang L] [--decision-type T]
                        [--common] [--include-wrong-language] [--format table|json|csv]

The rows are the ``leaderboard`` view's (one definition: ``scoring/leaderboard.py``), one per
system, for one season, prompt variant, language and decision type ('all' rolls them up).
Systems often answer different instances (a paid model the stratified test sample in
English, the templates every instance in three languages); a figure over other questions is
not comparable, so each row says which answers it covers (``instance_set``) and a WARN says
when they differ. ``--common`` recomputes the figures, with the same query and bootstrap, on
the answers every listed system gave (the same id, language and variant), so the rows compare
like with like.

An answer written in another language than the one asked (``language.py``) does not measure
that language: it is counted (``n_wrong_language``), left out of the figures, and a WARN names
the count; ``--include-wrong-language`` (or F1BENCH_LEADERBOARD_INCLUDE_WRONG_LANGUAGE=1) counts it.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from pathlib import Path
from typing import Any

import polars as pl

from f1bench_pipeline.scoring.leaderboard import Bootstrap, aggregate
from f1bench_pipeline.scoring.printout import figure_text
from f1bench_pipeline.settings import get_settings
from f1bench_pipeline.storage.reader import reader
from f1bench_pipeline.text_table import format_table
from f1bench_pipeline.scoring.report import reading_coverage_warnings, stale_context_notes, wrong_language_warnings

COLUMNS = ["model", "instance_set", "n_scored", "n_abstentions", "n_not_ok", "n_context_stale", "n_wrong_language",
           "precision",
           "hallucination_rate", "recall", "f1", "claims_per_generation", "reading_coverage"]
INTERVALS = ["precision", "hallucination_rate", "recall", "f1"]
CORRECTED = ["n_reviewed", "correction_sampling", "precision_corrected", "recall_corrected", "f1_corrected"]


def _answers(warehouse_dir: Path | str, season: int, variant: str, lang: str, decision_type: str,
             extractor: str, overrides: dict[str, bool] | None = None) -> pl.DataFrame:
    """The scored answers the leaderboard counts (the ``leaderboard_generations`` view), filtered."""
    where = ["season = ?", "variant = ?", "extractor = ?"]
    params: list[Any] = [season, variant, extractor]
    if lang != "all":
        where.append("lang = ?")
        params.append(lang)
    if decision_type != "all":
        where.append("decision_type = ?")
        params.append(decision_type)
    con = reader(warehouse_dir, overrides=overrides)
    try:
        rows = _rows(con, f"SELECT * FROM leaderboard_generations WHERE {' AND '.join(where)}", params)
        return pl.DataFrame(rows, infer_schema_length=None) if rows else pl.DataFrame()
    finally:
        con.close()


def _rows(con: Any, sql: str, params: list[Any]) -> list[dict]:
    cur = con.execute(sql, params)
    cols = [d[0] for d in cur.description]
    return [dict(zip(cols, r)) for r in cur.fetchall()]


# Per system of one season × variant × extractor (the placeholders), its answers (id × language) and
# how many of them some other listed system lacks; the leaderboard CLI and the audit page read it.
INSTANCE_SETS_SQL = """
WITH a AS (SELECT DISTINCT model, id, lang FROM leaderboard_generations
           WHERE season = ? AND variant = ? AND extractor = ? {extra}),
     k AS (SELECT id, lang, count(*) AS n FROM a GROUP BY ALL)
SELECT a.model, count(*) AS n_answers, string_agg(DISTINCT a.lang, '/' ORDER BY a.lang) AS langs,
       count(*) FILTER (k.n < (SELECT count(DISTINCT model) FROM a)) AS n_not_shared
FROM a JOIN k USING (id, lang) GROUP BY a.model ORDER BY a.model
"""


def instance_sets(rows: list[dict]) -> dict[str, str]:
    """Per system, the answers it has, said briefly: "121 answers (en)", "363 answers (en/es/pt)"
    (``rows``: ``INSTANCE_SETS_SQL``'s)."""
    return {r["model"]: f"{r['n_answers']} answers ({r['langs']})" for r in rows}


def instance_set_warning(rows: list[dict]) -> str | None:
    """A WARN when the systems did not all answer the same instances (``INSTANCE_SETS_SQL``'s rows)."""
    if not any(r["n_not_shared"] for r in rows):
        return None
    return ("WARN the systems answered different instances (" + "; ".join(
        f"{m}: {s}" for m, s in instance_sets(rows).items()) + "): their figures are over different questions; "
        "`f1bench leaderboard --common` compares them on the answers they all gave")


def common_answers(answers: pl.DataFrame) -> pl.DataFrame:
    """The rows of the (id, lang) pairs every system answered."""
    n = answers["model"].n_unique()
    keys = answers.select("model", "id", "lang").unique().group_by("id", "lang").len().filter(pl.col("len") == n)
    return answers.join(keys.select("id", "lang"), on=["id", "lang"], how="semi")


def system_rows(warehouse_dir: Path | str, season: int, model: str, extractor: str = "regex") -> list[dict]:
    """One system's ``leaderboard`` rows of a season: every variant and language, decision type 'all'."""
    con = reader(warehouse_dir)
    try:
        return _rows(con, "SELECT * FROM leaderboard WHERE season = ? AND model = ? AND extractor = ? "
                          "AND decision_type = 'all' ORDER BY variant, lang", [season, model, extractor])
    finally:
        con.close()


def on_answers_of(answers: pl.DataFrame, model: str) -> pl.DataFrame:
    """Every system's rows on the (id, lang) pairs ``model`` answered."""
    keys = answers.filter(pl.col("model") == model).select("id", "lang").unique()
    return answers.join(keys, on=["id", "lang"], how="semi")


def leaderboard(warehouse_dir: Path | str, season: int, variant: str = "default", lang: str = "all",
                decision_type: str = "all", common: bool = False,
                extractor: str = "regex", like: str | None = None,
                include_wrong_language: bool | None = None,
                within: pl.DataFrame | None = None) -> tuple[list[dict], list[str]]:
    """(rows, warnings) of the leaderboard for one season, variant, language and decision type.
    ``common``: on the answers every system gave; ``like``: every system on the answers that
    system gave (``f1bench eval``'s comparison); ``within`` (with ``like``): only on these
    ``id, lang, variant`` (the answers one eval run selected); ``include_wrong_language``: count
    the answers written in another language than the one asked (default: the setting)."""
    if include_wrong_language is None:
        include_wrong_language = get_settings().leaderboard_include_wrong_language
    overrides = {"include_wrong_language": include_wrong_language}
    answers = _answers(warehouse_dir, season, variant, lang, decision_type, extractor, overrides)
    if within is not None and like is not None and not answers.is_empty():
        answers = answers.join(within.select("id", "lang", "variant").unique(), on=["id", "lang", "variant"],
                               how="semi")
    if answers.is_empty():
        return [], [f"no scored answers for season {season}, variant {variant!r}, lang {lang!r}, decision type "
                    f"{decision_type!r} (extractor {extractor})"]
    extra = (" AND lang = ?" if lang != "all" else "") + (" AND decision_type = ?" if decision_type != "all" else "")
    params = [season, variant, extractor, *([lang] if lang != "all" else []),
              *([decision_type] if decision_type != "all" else [])]
    con = reader(warehouse_dir, overrides=overrides)
    try:
        set_rows = _rows(con, INSTANCE_SETS_SQL.format(extra=extra), params)
    finally:
        con.close()
    sets, differ = instance_sets(set_rows), instance_set_warning(set_rows)
    warnings = []
    if like is not None:
        mine = answers.filter(pl.col("model") == like).select("id", "lang").unique().height
        answers = on_answers_of(answers, like)
        if answers.is_empty():
            return [], [f"{like} has no scored answer for season {season}, variant {variant!r}"]
        board = aggregate(answers, ["model"], Bootstrap.from_settings()).to_dicts()
        have = {str(m[0]): p.select("id", "lang").unique().height for m, p in answers.group_by("model")}
        for r in board:
            r["instance_set"] = f"{have.get(r['model'], 0)} of the {mine} answers of {like}"
        if any(n < mine for n in have.values()):
            warnings.append(f"WARN some systems did not answer all {mine} questions {like} answered: "
                            "their rows are over the ones they did (instance_set)")
    elif common:
        answers = common_answers(answers)
        if answers.is_empty():
            return [], ["--common: no answer is shared by every system"]
        board = aggregate(answers, ["model"], Bootstrap.from_settings()).to_dicts()
        shared = answers.select("id", "lang").unique().height
        for r in board:
            r["instance_set"] = f"{shared} shared answers"
    else:
        if differ:
            warnings.append(differ)
        con = reader(warehouse_dir, overrides=overrides)
        try:
            board = _rows(con, "SELECT * FROM leaderboard WHERE season = ? AND variant = ? AND extractor = ? "
                               "AND lang = ? AND decision_type = ? ORDER BY f1 DESC, model",
                          [season, variant, extractor, lang, decision_type])
        finally:
            con.close()
        for r in board:
            r["instance_set"] = sets.get(r["model"], "")
    for r in board:  # (the recomputed rows of --common / like carry no key columns)
        for k, v in (("season", season), ("variant", variant), ("lang", lang), ("decision_type", decision_type)):
            r.setdefault(k, v)
    board.sort(key=lambda r: (-(r.get("f1") or 0.0), r["model"]))

    warnings += (reading_coverage_warnings(board) + stale_context_notes(board)
                 + wrong_language_warnings(board, include_wrong_language))
    return board, warnings


def printable(rows: list[dict]) -> tuple[list[dict], list[str]]:
    """Rows for the table: each figure beside its interval; corrected figures when any row has them."""
    corrected = any(r.get("n_reviewed") for r in rows)
    cols = [*COLUMNS, *(["n_reviewed", "correction_sampling", "precision_corrected", "recall_corrected",
                         "f1_corrected"] if corrected else [])]
    out = []
    for r in rows:
        row: dict[str, Any] = {}
        for c in cols:
            if c in INTERVALS or c.endswith("_corrected"):
                row[c] = figure_text(r, c)
            elif isinstance(r.get(c), float):
                row[c] = round(r[c], 3)
            else:
                row[c] = r.get(c)
        out.append(row)
    return out, cols


def cmd_leaderboard(args: argparse.Namespace) -> int:
    s = get_settings()
    season = s.checked_season(args.season)
    rows, warnings = leaderboard(s.warehouse_dir, season, args.variant, args.lang, args.decision_type, args.common,
                                 include_wrong_language=args.include_wrong_language or None)
    if args.format == "json":
        keep = [*COLUMNS, *(f"{c}_{b}" for c in INTERVALS for b in ("lo", "hi")), *CORRECTED,
                *(f"{c}_{b}" for c in CORRECTED[2:] for b in ("lo", "hi")), "season", "variant", "lang", "decision_type"]
        print(json.dumps({"season": season, "variant": args.variant, "lang": args.lang,
                          "decision_type": args.decision_type, "common": args.common, "warnings": warnings,
                          "rows": [{k: r.get(k) for k in keep if k in r} for r in rows]}, indent=1, default=str))
        for w_ in warnings:
            print(w_, file=sys.stderr)
        return 0 if rows else 1
    table, cols = printable(rows)
    if args.format == "csv":
        buf = io.StringIO()
        w = csv.DictWriter(buf, fieldnames=cols, extrasaction="ignore")
        w.writeheader()
        w.writerows(table)
        print(buf.getvalue(), end="")
    else:
        print(f"Leaderboard — season {season}, {args.variant} prompt, lang {args.lang}, decision type "
              f"{args.decision_type}{', answers every system gave' if args.common else ''} "
              "(95% bootstrap intervals):")
        print(format_table(table, cols))
    for w_ in warnings:
        print(w_, file=sys.stderr)
    return 0 if rows else 1
