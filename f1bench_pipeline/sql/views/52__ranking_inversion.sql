-- requires: scores
-- ranking_inversion: systems ranked by precision beside their rank by F1, per season,
-- prompt variant, extractor and language ('all' = pooled), with two rank correlations of
-- precision and F1 over the systems of that partition (the same on every row of it):
-- spearman_precision_vs_f1 (Pearson on average ranks, so ties count as ties) and
-- kendall_tau_b_precision_vs_f1 ((n_c - n_d) / sqrt((n0 - n1)(n0 - n2)) over pairs of systems,
-- n1 / n2 = pairs tied in precision / in F1). Both are NULL for a single system or when every
-- system ties on one side — metrics.spearman / metrics.kendall_tau_b, the same definitions
-- (the query is scoring/leaderboard.py's ranking_inversion_sql, shared with the weather view).
-- Precision alone rewards abstention: a terse system tops the precision column and sinks in the F1 column.
CREATE OR REPLACE VIEW ranking_inversion AS
WITH lb AS (SELECT * FROM leaderboard_points WHERE decision_type = 'all' AND precision IS NOT NULL)
SELECT * FROM (
{{ranking_inversion source=lb keys=season,variant,extractor,lang system=model columns=precision,recall,f1,n_scored,n_abstentions}}
)
ORDER BY season, variant, extractor, lang, rank_by_f1;
