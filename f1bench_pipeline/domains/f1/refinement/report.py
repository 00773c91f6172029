"""The verifier-guided generation report: scores at round 0 and after each round (pure).

After round ``r`` an item's answer is its latest *usable* one: the last round ≤ ``r`` with
status ``ok`` (an item that stopped early keeps its final answer; a round whose call failed
leaves the previous answer standing). Means follow ``scoring.metrics.aggregate`` (only
``ok`` answers are scored, abstentions counted), so round 0 equals the ordinary scores of
the same generations. Cost is what each round's calls cost (round 0: the first
generation).
"""

from __future__ import annotations

import polars as pl

from f1bench_pipeline.scoring.metrics import aggregate
from f1bench_pipeline.storage.warehouse import read_table
from f1bench_pipeline.scoring.report import print_titled_table

KEY = ["model", "season", "id", "lang", "variant"]
REPORT_COLUMNS = ["model", "season", "lang", "round", "n_generations", "n_scored", "n_revised", "precision",
                  "strict_precision", "hallucination_rate", "recall", "f1", "claims_per_generation",
                  "micro_precision", "micro_recall", "micro_f1", "n_abstentions", "n_not_ok", "round_cost_usd",
                  "round_prompt_tokens", "round_completion_tokens", "n_calls_failed"]


def state_after(rounds: pl.DataFrame, r: int) -> pl.DataFrame:
    """Each item's standing answer after round ``r``."""
    usable = rounds.filter((pl.col("round") <= r) & ((pl.col("status") == "ok") | (pl.col("round") == 0)))
    return usable.sort("round").group_by(KEY, maintain_order=True).last()


def refinement_report(rounds: pl.DataFrame, by: tuple[str, ...] = ("model", "season", "lang")) -> pl.DataFrame:
    """One row per ``by`` × round, from round 0 to the last round any item reached."""
    keys = list(by)
    if rounds.is_empty():
        return pl.DataFrame(schema={c: pl.Utf8 if c in ("model", "lang") else pl.Float64 for c in REPORT_COLUMNS})
    last = int(rounds["round"].max() or 0)  # type: ignore[arg-type]  # a column of ints
    frames = []
    for r in range(last + 1):
        scores = aggregate(state_after(rounds, r), keys)
        this = rounds.filter(pl.col("round") == r).group_by(keys).agg(
            pl.len().alias("n_revised"),
            pl.col("cost_usd").sum().alias("round_cost_usd"),
            pl.col("prompt_tokens").sum().alias("round_prompt_tokens"),
            pl.col("completion_tokens").sum().alias("round_completion_tokens"),
            (pl.col("status") != "ok").sum().alias("n_calls_failed"),
        )
        frames.append(scores.join(this, on=keys, how="left").with_columns(pl.lit(r, pl.Int64).alias("round")))
    out = pl.concat(frames, how="diagonal_relaxed").with_columns(
        pl.col("n_revised", "round_prompt_tokens", "round_completion_tokens", "n_calls_failed").fill_null(0),
        pl.col("round_cost_usd").fill_null(0.0))
    # round 0 is the first generation, not a revision
    out = out.with_columns(pl.when(pl.col("round") == 0).then(0).otherwise(pl.col("n_revised")).alias("n_revised"))
    reached = rounds.group_by(keys).agg(pl.col("round").max().alias("_last"))  # a system that stopped at round 1
    out = out.join(reached, on=keys).filter(pl.col("round") <= pl.col("_last")).drop("_last")  # has no round 2 row
    cols = [c for c in REPORT_COLUMNS if c in out.columns and c not in keys and c != "round"]
    return out.select(*keys, "round", *cols).sort(*keys, "round")


def report_markdown(report: pl.DataFrame) -> str:
    """The report as a markdown table (Dagster metadata, the docs, the CLI)."""
    if report.is_empty():
        return "_no refinement rounds yet_"
    lines = ["| system | season | lang | round | revised | P | R | F1 | claims/ans | cost USD |",
             "|---|---|---|---|---|---|---|---|---|---|"]

    def f(x: float | None) -> str:
        return "–" if x is None else f"{x:.3f}"

    for r in report.iter_rows(named=True):
        lines.append(f"| {r['model']} | {r['season']} | {r['lang']} | {r['round']} | {r['n_revised']} | "
                     f"{f(r['precision'])} | {f(r['recall'])} | {f(r['f1'])} | {f(r['claims_per_generation'])} | "
                     f"{(r['round_cost_usd'] or 0):.4f} |")
    return "\n".join(lines)


def print_refinement_report(warehouse_dir, season: int) -> str:
    """The stored report of ``season`` on stdout (what `make demo` ends with)."""
    report = read_table(warehouse_dir, "refinement_report", {"season": season})
    if report.is_empty():
        return ""
    cols = ["model", "lang", "round", "n_revised", "precision", "recall", "f1", "claims_per_generation", "round_cost_usd"]
    rows = [{c: (f"{r[c]:.3f}" if isinstance(r[c], float) else r[c]) for c in cols}
            for r in report.sort("model", "lang", "round").iter_rows(named=True)]
    return print_titled_table(f"Verifier-guided generation — season {season}: scores at round 0 and after each "
                              "round of edits", rows, cols)
