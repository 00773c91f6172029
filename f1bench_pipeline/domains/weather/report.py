"""The weather leaderboard as ``f1bench weather build`` and ``weather leaderboard`` print it."""

from __future__ import annotations

from pathlib import Path

from f1bench_pipeline.domains.weather.sources import SAMPLE_BATCH
from f1bench_pipeline.scoring.report import print_inversion, print_titled_table, query_rows, with_interval


def _weather_leaderboard_sql() -> str:
    return f"""
SELECT r.lang, r.model, l.n_scored AS scored, l.n_abstentions AS abstentions,
       {with_interval("precision")}, {with_interval("hallucination_rate", "hallucination")},
       {with_interval("recall")}, {with_interval("f1")}, round(l.claims_per_generation, 2) AS "claims/answer",
       r.rank_by_precision AS "rank(P)", r.rank_by_f1 AS "rank(F1)",
       round(r.spearman_precision_vs_f1, 3) + 0.0 AS spearman,
       round(r.kendall_tau_b_precision_vs_f1, 3) + 0.0 AS "kendall tau-b"
FROM weather_ranking_inversion r
JOIN weather_leaderboard l USING (batch, variant, extractor, lang, model)
WHERE r.batch = ? AND r.variant = ? AND r.extractor = 'regex' AND l.kind = 'all'
ORDER BY CASE r.lang WHEN 'all' THEN 0 WHEN 'en' THEN 1 WHEN 'es' THEN 2 ELSE 3 END, r.rank_by_f1, r.model
"""


def weather_leaderboard(warehouse_dir: Path | str, batch: str, variant: str = "default") -> tuple[list[str], list[dict]]:
    return query_rows(warehouse_dir, "weather_scores", _weather_leaderboard_sql(), [batch, variant])


def print_weather_leaderboard(warehouse_dir: Path | str, batch: str | None = None, variant: str = "default") -> str:
    batch = batch or SAMPLE_BATCH
    cols, rows = weather_leaderboard(warehouse_dir, batch, variant)
    text = print_titled_table(f"Weather leaderboard — batch {batch}, {variant} prompt, regex extractor "
                              f"(95% bootstrap intervals; precision rank vs F1 rank):", rows, cols)
    if rows:
        text += print_inversion(warehouse_dir, "weather_scores", "weather_ranking_inversion_significance",
                                "weather_system_pair_differences", "batch", batch, variant, "AND kind = 'all'")
    return text
