-- weather_ranking_inversion_significance: `ranking_inversion_significance` on the weather
-- domain, per batch, prompt variant, extractor and language ('all' = pooled).
-- requires: weather_scores
CREATE OR REPLACE VIEW weather_ranking_inversion_significance AS
WITH s AS (
    SELECT * REPLACE (CAST(batch AS VARCHAR) AS batch)
    FROM read_parquet('{warehouse}/weather_scores/**/*.parquet', hive_partitioning = true, union_by_name = true)
), reps AS (
    SELECT * FROM ({{leaderboard_replicates source=s keys=batch,variant,extractor,model levels=lang}})
    WHERE precision IS NOT NULL
), points AS (
    SELECT * FROM ({{leaderboard source=s keys=batch,variant,extractor,model levels=lang intervals=off}})
    WHERE precision IS NOT NULL
)
SELECT * FROM (
{{inversion_significance replicates=reps points=points keys=batch,variant,extractor,lang system=model}}
)
ORDER BY batch, variant, extractor, lang;
