-- weather_system_pair_differences: `system_pair_differences` on the weather domain, per
-- batch, prompt variant and extractor; lang / kind read 'all' on the rolled-up rows.
-- requires: weather_scores
CREATE OR REPLACE VIEW weather_system_pair_differences AS
WITH s AS (
    SELECT * REPLACE (CAST(batch AS VARCHAR) AS batch)
    FROM read_parquet('{warehouse}/weather_scores/**/*.parquet', hive_partitioning = true, union_by_name = true)
)
SELECT * FROM (
{{pair_differences source=s keys=batch,variant,extractor system=model levels=lang,kind}}
)
ORDER BY batch, variant, extractor, lang, kind, system_a, system_b;
