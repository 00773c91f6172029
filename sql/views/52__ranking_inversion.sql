-- requires: scores
-- ranking_inversion: systems ranked by precision beside their rank by F1, per season,
-- prompt variant, extractor and language ('all' = pooled), with the Spearman correlation
-- of the two rankings (Pearson on average ranks, so ties count as ties). Precision alone rewards abstention: a terse
-- system tops the precision column and sinks in the F1 column.
CREATE OR REPLACE VIEW ranking_inversion AS
WITH lb AS (
    SELECT * FROM leaderboard WHERE decision_type = 'all' AND precision IS NOT NULL
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
)
SELECT * EXCLUDE (avg_rank_by_precision, avg_rank_by_f1),
       corr(avg_rank_by_precision, avg_rank_by_f1) OVER (PARTITION BY season, variant, extractor, lang) AS spearman_precision_vs_f1
FROM ranked
ORDER BY season, variant, extractor, lang, rank_by_f1;
