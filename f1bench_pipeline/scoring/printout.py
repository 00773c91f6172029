"""What the commands that score a file print, for every domain: the samples file, the
leaderboard with its intervals, the paired differences (``f1bench score``: ``domains/f1/score_file.py``;
``f1bench weather score``: ``domains/weather/cli.py``). Imports neither Dagster nor litellm.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # polars is imported where it is used: `f1bench --help` need not load it
    import polars as pl


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
                **dict(zip(key, k)), "decision_type": r.get("decision_type"), "status": r["status"],
                "text": texts.get(k), "claims": by_answer.get(k, []),
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


COLUMNS = ["variant", "model", "lang", "n_scored", "n_abstentions", "n_not_ok", "n_wrong_language", "precision",
           "strict_precision", "hallucination_rate", "recall", "f1", "claims_per_generation", "reading_coverage"]
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
    rows = board.to_dicts()
    wrong = any(r.get("n_wrong_language") for r in rows)  # answers in another language than asked: shown when any
    for r in rows:
        row = {c: r.get(c) for c in ("variant", "model", "lang", "n_scored", "n_abstentions", "n_not_ok",
                                     *(("n_wrong_language",) if wrong else ()))}
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
