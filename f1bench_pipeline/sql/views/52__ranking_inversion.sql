-- requires: scores
-- ranking_inversion: systems ranked by precision beside their rank by F1, per season,
-- prompt variant, extractor and language ('all' = pooled), with two rank correlations of
-- precision and F1 over the systems of that partition (the same on every row of it):
-- spearman_precision_vs_f1 (Pearson on average ranks, so ties count as ties) and
-- kendall_tau_b_precision_vs_f1 ((n_c - n_d) / sqrt((n0 - n1)(n0 - n2)) over pairs of systems,
-- n1 / n2 = pairs tied in precision / in F1). Both are NULL for a single system or when every
-- system ties on one side — metrics.spearman / metrics.kendall_tau_b, the same definitions.
-- Precision alone rewards abstention: a terse system tops the precision column and sinks in the F1 column.
CREATE OR REPLACE VIEW ranking_inversion AS
WITH lb AS (
    SELECT * FROM leaderboard_points WHERE decision_type = 'all' AND precision IS NOT NULL
), ranked AS (
    SELECT season, variant, extractor, lang, model, precision, recall, f1, n_scored, n_abstentions,
           rank() OVER (PARTITION BY season, variant, extractor, lang ORDER BY precision DESC) AS rank_by_precision,
           rank() OVER (PARTITION BY season, variant, extractor, lang ORDER BY f1 DESC) AS rank_by_f1,
           -- Spearman needs average ranks for ties (two systems at precision 1.0 share rank 1.5)
           rank() OVER (PARTITION BY season, variant, extractor, lang ORDER BY precision DESC)
             + (count(*) OVER (PARTITION BY season, variant, extractor, lang, precision) - 1) / 2.0 AS avg_rank_by_precision,
           rank() OVER (PARTITION BY season, variant, extractor, lang ORDER BY f1 DESC)
             + (count(*) OVER (PARTITION BY season, variant, extractor, lang, f1) - 1) / 2.0 AS avg_rank_by_f1
    FROM lb
), pairs AS (
    -- every unordered pair of systems in a partition, once (a.model < b.model)
    SELECT a.season, a.variant, a.extractor, a.lang,
           count(*) AS n0,
           count(*) FILTER (a.precision = b.precision) AS n1,
           count(*) FILTER (a.f1 = b.f1) AS n2,
           count(*) FILTER (a.precision <> b.precision AND a.f1 <> b.f1
                            AND (a.precision > b.precision) = (a.f1 > b.f1)) AS n_concordant,
           count(*) FILTER (a.precision <> b.precision AND a.f1 <> b.f1
                            AND (a.precision > b.precision) <> (a.f1 > b.f1)) AS n_discordant
    FROM lb a
    JOIN lb b ON a.season IS NOT DISTINCT FROM b.season AND a.variant IS NOT DISTINCT FROM b.variant
             AND a.extractor IS NOT DISTINCT FROM b.extractor AND a.lang IS NOT DISTINCT FROM b.lang
             AND a.model < b.model
    GROUP BY a.season, a.variant, a.extractor, a.lang
), correlated AS (
    SELECT r.* EXCLUDE (avg_rank_by_precision, avg_rank_by_f1),
           -- corr() of a constant column is NaN: NULL, as for tau-b (no ranking to compare)
           nullif(corr(r.avg_rank_by_precision, r.avg_rank_by_f1)
                  OVER (PARTITION BY r.season, r.variant, r.extractor, r.lang), 'NaN'::DOUBLE) AS spearman_precision_vs_f1,
           (p.n_concordant - p.n_discordant) / nullif(sqrt(CAST((p.n0 - p.n1) * (p.n0 - p.n2) AS DOUBLE)), 0)
             AS kendall_tau_b_precision_vs_f1
    FROM ranked r
    LEFT JOIN pairs p ON r.season IS NOT DISTINCT FROM p.season AND r.variant IS NOT DISTINCT FROM p.variant
                     AND r.extractor IS NOT DISTINCT FROM p.extractor AND r.lang IS NOT DISTINCT FROM p.lang
)
SELECT * FROM correlated
ORDER BY season, variant, extractor, lang, rank_by_f1;
