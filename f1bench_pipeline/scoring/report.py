"""What the commands print about a warehouse's leaderboard: its figures with their intervals, the
ranking inversion, warnings and titled tables (F1's per-race summary: ``domains/f1/race_summary.py``;
plain tables: ``text_table.py``)."""

from __future__ import annotations

from pathlib import Path

import duckdb

from f1bench_pipeline.settings import get_settings
from f1bench_pipeline.storage.reader import reader
from f1bench_pipeline.storage.views import has_files
from f1bench_pipeline.text_table import format_table


def with_interval(column: str, label: str | None = None, alias: str = "l") -> str:
    """SQL: a leaderboard figure and its bootstrap interval as text, "0.912 [0.901, 0.925]"
    (the figure alone when the leaderboard was built without resampling)."""
    c = f"{alias}.{column}"
    return (f"CASE WHEN {c}_lo IS NULL THEN printf('%.3f', {c}) "
            f"ELSE printf('%.3f [%.3f, %.3f]', {c}, {c}_lo, {c}_hi) END AS \"{label or column}\"")


LEADERBOARD_SQL = f"""
SELECT r.model, l.n_scored AS scored, l.n_abstentions AS abstentions, l.n_not_ok AS not_ok,
       {with_interval("precision")}, {with_interval("hallucination_rate", "hallucination")},
       {with_interval("recall")}, {with_interval("f1")},
       round(l.reading_coverage, 3) + 0.0 AS reading_coverage,
       r.rank_by_precision AS "rank(P)", r.rank_by_f1 AS "rank(F1)",
       round(r.spearman_precision_vs_f1, 3) + 0.0 AS spearman,
       round(r.kendall_tau_b_precision_vs_f1, 3) + 0.0 AS "kendall tau-b"
FROM ranking_inversion r
JOIN leaderboard l USING (season, variant, extractor, lang, model)
WHERE r.season = ? AND r.variant = ? AND r.extractor = 'regex' AND r.lang = 'all' AND l.decision_type = 'all'
ORDER BY r.rank_by_f1, r.model
"""

COVERAGE_SQL = """
SELECT model, lang, reading_coverage, n_wrong_language FROM leaderboard_points
WHERE season = ? AND variant = ? AND extractor = 'regex' AND decision_type = 'all' AND lang <> 'all'
"""

STALE_SQL = """
SELECT model, n_scored, n_context_stale FROM leaderboard_points
WHERE season = ? AND variant = ? AND extractor = 'regex' AND decision_type = 'all' AND lang = 'all'
  AND n_context_stale > 0 ORDER BY model
"""

INVERSION_SQL = """
SELECT precision_leaders, f1_leaders, inversion_observed, p_inversion, replicates
FROM {view} WHERE {key} = ? AND variant = ? AND extractor = 'regex' AND lang = 'all'
"""

# A pair of systems ordered oppositely by precision and by F1, both paired intervals excluding 0
# (a ``system_pair_differences`` row; the precision–recall figure marks the same pairs).
OPPOSITE_PAIR = "precision_differs AND f1_differs AND sign(precision_diff) <> sign(f1_diff)"

OPPOSITE_PAIRS_SQL = """
SELECT system_a, system_b, precision_diff, f1_diff FROM {view}
WHERE {key} = ? AND variant = ? AND extractor = 'regex' AND lang = 'all' {extra}
  AND """ + OPPOSITE_PAIR + """
ORDER BY system_a, system_b
"""


def inversion_text(sig: dict | None, opposite: list[dict]) -> str:
    """The answer to "does the inversion hold?" in two sentences, from the significance views."""
    if not sig:
        return ""
    held = "holds" if sig["inversion_observed"] else "does not hold"
    # p_inversion: the share of resamples in which the inversion (no system first by both) appears
    lines = [f"Ranking inversion {held} on the point estimates (first by precision: {sig['precision_leaders']}; "
             f"first by F1: {sig['f1_leaders']})"
             + (f"; the inversion appears in {sig['p_inversion']:.1%} of {sig['replicates']:,} bootstrap resamples of "
                "instances." if sig.get("replicates") else ".")]
    if opposite:
        pairs = "; ".join(f"{p['system_a']} vs {p['system_b']} (precision {p['precision_diff']:+.3f}, "
                          f"F1 {p['f1_diff']:+.3f})" for p in opposite)
        lines.append(f"Pairs ordered oppositely by precision and by F1, both 95% paired intervals excluding 0: {pairs}.")
    else:
        lines.append("No pair of systems is ordered oppositely by precision and by F1 with both intervals excluding 0.")
    return "\n".join(lines)


def reading_coverage_warnings(rows: list[dict], threshold: float | None = None) -> list[str]:
    """One WARN line per system × language whose mean ``reading_coverage`` is below ``threshold``
    (default: the ``reading_coverage_warn_below`` setting). ``rows`` are leaderboard rows with
    ``model``, ``lang`` and ``reading_coverage``; the pooled 'all' rows are used only when no
    per-language row is given. A system whose style the extractor does not read shows here rather
    than as a high precision over the few claims it did read."""
    if threshold is None:
        threshold = get_settings().reading_coverage_warn_below
    per_lang = [r for r in rows if r.get("lang") != "all"]
    out = []
    for r in sorted(per_lang or rows, key=lambda r: (str(r.get("model")), str(r.get("lang")))):
        cov = r.get("reading_coverage")
        if cov is not None and cov < threshold:
            out.append(f"WARN reading coverage of {r.get('model')} ({r.get('lang')}) is {cov:.3f} < {threshold:.2f}: "
                       "many of its numbers and driver mentions are read by no claim (a style the extractor "
                       "does not read); its scores rest on the part it did read")
    return out


def wrong_language_warnings(rows: list[dict], included: bool) -> list[str]:
    """One WARN per system × language with answers written in another language than the one asked
    (``n_wrong_language``): they are left out of that language's figures, or counted when ``included``.
    The pooled 'all' rows are used only when no per-language row is given."""
    out = []
    per_lang = [r for r in rows if r.get("lang") != "all"]
    for r in sorted(per_lang or rows, key=lambda r: (str(r.get("model")), str(r.get("lang")))):
        n = r.get("n_wrong_language")
        if not n:
            continue
        asked = "" if r.get("lang") in (None, "all") else f"{r['lang']} "
        out.append(f"WARN {r.get('model')}: {n} of its {asked}answers are written in another language than the one "
                   "asked (n_wrong_language) and "
                   + ("counted in the figures (--include-wrong-language)" if included else
                      f"left out of the {asked}figures; `f1bench leaderboard --include-wrong-language` "
                      "or F1BENCH_LEADERBOARD_INCLUDE_WRONG_LANGUAGE=1 counts them"))
    return out


def stale_context_notes(rows: list[dict]) -> list[str]:
    """One NOTE per system with answers given an older version of their instance (``n_context_stale``:
    verified against the version they answered; F1BENCH_LEADERBOARD_INCLUDE_STALE_CONTEXT=0 leaves them out)."""
    return [f"NOTE {r['model']}: {r['n_context_stale']} of {r['n_scored']} scored answers were given an older version "
            "of their instance (scored against that version; re-materialize its generations to ask again, or set "
            "F1BENCH_LEADERBOARD_INCLUDE_STALE_CONTEXT=0 to leave them out)" for r in rows if r.get("n_context_stale")]


def query_rows(warehouse_dir: Path | str, table: str, sql: str, params: list) -> tuple[list[str], list[dict]]:
    """(columns, rows) of ``sql`` over the warehouse views; nothing when ``table`` has no files
    yet or the query cannot run (a summary never fails a build)."""
    if not has_files(warehouse_dir, table):
        return [], []
    con = reader(warehouse_dir)
    try:
        cur = con.execute(sql, params)
        cols = [d[0] for d in cur.description]
        return cols, [dict(zip(cols, r)) for r in cur.fetchall()]
    except duckdb.Error:
        return [], []
    finally:
        con.close()


def print_titled_table(title: str, rows: list, cols: list[str]) -> str:
    """Print ``title`` and the table on stdout and return the text; nothing when there are no rows.
    The rank correlations (:data:`RANK_AGREEMENT`), one value per ranking rather than per system,
    are printed under the table as one line per group instead of as columns."""
    if not rows:
        return ""
    shown = [c for c in cols if c not in RANK_AGREEMENT]
    text = f"\n{title}\n" + format_table(rows, shown)
    agreement = rank_agreement_line(rows, group="lang" if "lang" in cols else None)
    if agreement:
        text += "\n" + agreement
    print(text)
    return text


#: Leaderboard columns that hold one value per ranking (season × variant × language), not per system.
RANK_AGREEMENT = {"spearman": "Spearman", "kendall tau-b": "Kendall tau-b"}


def rank_agreement_line(rows: list[dict], group: str | None = None) -> str:
    """"Rank agreement of precision and F1 over N systems: Spearman x, Kendall tau-b y" (per ``group``
    value when given, e.g. per language); empty when the rows carry no such column."""
    if not rows or not any(c in rows[0] for c in RANK_AGREEMENT):
        return ""
    by_figures: dict[str, list] = {}  # groups with the same figures share one entry
    for key in dict.fromkeys(r.get(group) for r in rows) if group else [None]:
        sel = next(r for r in rows if group is None or r.get(group) == key)
        figures = ", ".join(f"{label} {sel.get(col)}" for col, label in RANK_AGREEMENT.items() if col in sel)
        by_figures.setdefault(figures, []).append(key)
    parts = [f"{', '.join(map(str, keys))}: {figures}" if group else figures for figures, keys in by_figures.items()]
    n = len({r.get("model") for r in rows})
    return f"Rank agreement of precision and F1 over {n} systems: " + "; ".join(parts)


def print_leaderboard(warehouse_dir: Path | str, season: int, variant: str = "default") -> str:
    cols, rows = query_rows(warehouse_dir, "scores", LEADERBOARD_SQL, [season, variant])
    text = print_titled_table(f"Leaderboard — season {season}, {variant} prompt, regex extractor "
                              f"(95% bootstrap intervals; precision rank vs F1 rank):", rows, cols)
    if rows:
        _, by_lang = query_rows(warehouse_dir, "scores", COVERAGE_SQL, [season, variant])
        _, stale = query_rows(warehouse_dir, "scores", STALE_SQL, [season, variant])

        included = get_settings().leaderboard_include_wrong_language
        for line in [*reading_coverage_warnings(by_lang), *wrong_language_warnings(by_lang, included),
                     *stale_context_notes(stale)]:
            print(line)
            text += "\n" + line
        text += print_inversion(warehouse_dir, "scores", "ranking_inversion_significance", "system_pair_differences",
                                "season", season, variant, "AND decision_type = 'all'")
    return text


def print_inversion(warehouse_dir: Path | str, table: str, significance_view: str, pairs_view: str | None,
                    key: str, value: object, variant: str, extra: str = "") -> str:
    """Print the significance of the ranking inversion under a leaderboard (and return it)."""
    _, sig = query_rows(warehouse_dir, table, INVERSION_SQL.format(view=significance_view, key=key), [value, variant])
    opposite: list[dict] = []
    if pairs_view:
        _, opposite = query_rows(warehouse_dir, table, OPPOSITE_PAIRS_SQL.format(view=pairs_view, key=key, extra=extra),
                                 [value, variant])
    text = inversion_text(sig[0] if sig else None, opposite)
    if text:
        print(text)
        return "\n" + text
    return ""
