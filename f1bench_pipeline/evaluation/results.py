"""What ``f1bench eval`` writes: ``results.json`` (configuration, versions, counts, figures with
intervals, the comparison on the same answers) and ``samples.jsonl`` (one line per answer,
``scoring.printout.write_samples``). Pure: frames and dicts in, a document out."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import polars as pl

FIGURES = ("precision", "hallucination_rate", "recall", "f1")
RESULTS_FORMAT = 1


def generation_counts(gens: pl.DataFrame) -> dict[str, Any]:
    """Rows per status, calls made by the run that wrote the partition, cached answers, cost."""
    if gens.is_empty():
        return {"rows": 0, "statuses": {}, "calls": 0, "from_cache": 0, "cost_usd": 0.0}
    return {"rows": gens.height,
            "statuses": dict(sorted(gens.group_by("status").len().iter_rows())),
            "calls": int((~gens["from_cache"].fill_null(False)).sum()),
            "from_cache": int(gens["from_cache"].fill_null(False).sum()),
            "cost_usd": float(gens["cost_usd"].sum() or 0.0)}


def figure_rows(rows: list[dict]) -> list[dict]:
    """Leaderboard rows reduced to what a reader of results.json needs: counts and each figure
    with its interval (and the corrected ones when there are reviews)."""
    keep = ["model", "instance_set", "variant", "lang", "decision_type", "n_generations", "n_scored",
            "n_abstentions", "n_not_ok", "n_wrong_language", "claims_per_generation", "reading_coverage"]
    out = []
    for r in rows:
        row = {k: r.get(k) for k in keep if k in r}
        for f in FIGURES:
            row[f] = {"value": r.get(f), "lo": r.get(f"{f}_lo"), "hi": r.get(f"{f}_hi")}
        out.append(row)
    return out


def results_document(*, name: str, entry: dict, season: int, versions: dict, started_at: str, finished_at: str,
                     run_ok: bool, counts: dict, own: list[dict], comparison: dict[str, list[dict]],
                     warnings: list[str], answers_in_warehouse: int | None = None) -> dict[str, Any]:
    """The results.json document: this run's answers (the id × language × variant its options
    selected), though the warehouse may keep more of the system's (earlier evals'; the
    leaderboard counts them all). ``entry`` is the registry entry (it names the key variable,
    never holds a key); ``own``: the system's figures (per variant and language);
    ``comparison``: per variant, every system's rows on the answers this one gave."""
    return {"format": RESULTS_FORMAT, "system": name, "configuration": entry, "season": season,
            "covers": "this run's answers: the instances, languages and variants its configuration selected "
                      "(generations, figures, comparison and samples.jsonl); the warehouse keeps the system's "
                      "answers of earlier runs too, which the leaderboard counts (answers_in_warehouse)",
            "answers_in_warehouse": answers_in_warehouse,
            "versions": versions, "started_at": started_at, "finished_at": finished_at, "run_ok": run_ok,
            "generations": counts, "figures": figure_rows(own),
            "comparison": {v: figure_rows(rows) for v, rows in comparison.items()},
            "warnings": warnings, "samples": "samples.jsonl"}


def write_json(path: Path, doc: dict) -> None:
    path.write_text(json.dumps(doc, indent=1, default=str, ensure_ascii=False) + "\n", encoding="utf-8")
