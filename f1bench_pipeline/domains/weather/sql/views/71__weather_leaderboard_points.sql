-- weather_leaderboard_points: the weather leaderboard's point estimates without the
-- intervals (the same definition, no resampling): what rank views read.
-- requires: weather_scores
CREATE OR REPLACE VIEW weather_leaderboard_points AS
WITH weather_generations_scored AS (
    SELECT * REPLACE (CAST(batch AS VARCHAR) AS batch)
    FROM read_parquet('{warehouse}/weather_scores/**/*.parquet', hive_partitioning = true, union_by_name = true)
)
SELECT * FROM (
{{leaderboard source=weather_generations_scored keys=batch,variant,extractor,model levels=lang,kind intervals=off}}
);
