-- weather_leaderboard: macro and micro means per system on the NOAA/NWS forecast domain,
-- per collection batch, prompt variant and extractor; lang and kind (high = day, low =
-- night periods) read 'all' on rolled-up rows. The same definition as `leaderboard`
-- (scoring/leaderboard.py), intervals included: only ok generations with a valid extraction
-- are scored; abstentions are counted and kept out of the precision means.
CREATE OR REPLACE VIEW weather_leaderboard AS
WITH weather_generations_scored AS (
    SELECT * REPLACE (CAST(batch AS VARCHAR) AS batch)
    FROM read_parquet('{warehouse}/weather_scores/**/*.parquet', hive_partitioning = true, union_by_name = true)
)
SELECT * FROM (
{{leaderboard source=weather_generations_scored keys=batch,variant,extractor,model levels=lang,kind}}
);
