-- requires: weather_scores
-- weather_ranking_inversion: systems ranked by precision beside their rank by F1 on the
-- weather domain, per batch, prompt variant, extractor and language ('all' = pooled) — the
-- same view as F1's `ranking_inversion`, to show the abstention blind spot is not an F1
-- artefact. Two rank correlations of precision and F1 over the systems of that partition
-- (the same on every row of it): spearman_precision_vs_f1 (Pearson on average ranks, so ties
-- count as ties) and kendall_tau_b_precision_vs_f1 ((n_c - n_d) / sqrt((n0 - n1)(n0 - n2)) over
-- pairs of systems, n1 / n2 = pairs tied in precision / in F1). Both are NULL for a single
-- system or when every system ties on one side — metrics.spearman / metrics.kendall_tau_b
-- (the query is scoring/leaderboard.py's ranking_inversion_sql, shared with F1's view).
CREATE OR REPLACE VIEW weather_ranking_inversion AS
WITH lb AS (SELECT * FROM weather_leaderboard_points WHERE kind = 'all' AND precision IS NOT NULL)
SELECT * FROM (
{{ranking_inversion source=lb keys=batch,variant,extractor,lang system=model columns=precision,recall,f1,claims_per_generation,n_scored,n_abstentions}}
)
ORDER BY batch, variant, extractor, lang, rank_by_f1;
