-- requires: weather_scores
-- weather_ranking_inversion: systems ranked by precision beside their rank by F1 on the
-- weather domain, per batch, prompt variant, extractor and language ('all' = pooled), with
-- the Spearman correlation of the two rankings (Pearson on average ranks, so ties count as ties) — the same view as F1's
-- `ranking_inversion`, to show the abstention blind spot is not an F1 artefact.
CREATE OR REPLACE VIEW weather_ranking_inversion AS
WITH lb AS (
    SELECT * FROM weather_leaderboard WHERE kind = 'all' AND precision IS NOT NULL
), ranked AS (
    SELECT batch, variant, extractor, lang, model, precision, recall, f1, claims_per_generation, n_scored, n_abstentions,
           rank() OVER (PARTITION BY batch, variant, extractor, lang ORDER BY precision DESC) AS rank_by_precision,
           rank() OVER (PARTITION BY batch, variant, extractor, lang ORDER BY f1 DESC) AS rank_by_f1,
           -- Spearman needs average ranks for ties (two systems at precision 1.0 share rank 1.5)
           rank() OVER (PARTITION BY batch, variant, extractor, lang ORDER BY precision DESC)
             + (count(*) OVER (PARTITION BY batch, variant, extractor, lang, precision) - 1) / 2.0 AS avg_rank_by_precision,
           rank() OVER (PARTITION BY batch, variant, extractor, lang ORDER BY f1 DESC)
             + (count(*) OVER (PARTITION BY batch, variant, extractor, lang, f1) - 1) / 2.0 AS avg_rank_by_f1
    FROM lb
)
SELECT * EXCLUDE (avg_rank_by_precision, avg_rank_by_f1),
       corr(avg_rank_by_precision, avg_rank_by_f1) OVER (PARTITION BY batch, variant, extractor, lang) AS spearman_precision_vs_f1
FROM ranked
ORDER BY batch, variant, extractor, lang, rank_by_f1;
