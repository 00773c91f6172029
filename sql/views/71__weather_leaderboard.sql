-- weather_leaderboard: macro and micro means per system on the NOAA/NWS forecast domain,
-- per collection batch, prompt variant and extractor; lang and kind (high = day, low =
-- night periods) read 'all' on rolled-up rows. Same columns and rules as `leaderboard`:
-- only ok generations with a valid extraction are scored; abstentions are counted and
-- kept out of the precision means.
CREATE OR REPLACE VIEW weather_leaderboard AS
WITH s AS (
    SELECT *, (status = 'ok' AND extraction_status = 'ok') AS scored
    FROM read_parquet('{warehouse}/weather_scores/**/*.parquet', hive_partitioning = true, union_by_name = true)
)
SELECT CAST(batch AS VARCHAR) AS batch, variant, extractor, model,
       coalesce(lang, 'all') AS lang,
       coalesce(kind, 'all') AS kind,
       count(*) AS n_generations,
       count(*) FILTER (scored) AS n_scored,
       count(*) FILTER (scored AND n_claims = 0) AS n_abstentions,
       count(*) FILTER (status <> 'ok') AS n_not_ok,
       count(*) FILTER (status = 'ok' AND extraction_status = 'error') AS n_extraction_error,
       avg(precision) FILTER (scored) AS precision,
       avg(strict_precision) FILTER (scored) AS strict_precision,
       avg(hallucination_rate) FILTER (scored) AS hallucination_rate,
       avg(recall) FILTER (scored) AS recall,
       avg(f1) FILTER (scored) AS f1,
       sum(n_supported) FILTER (scored) / nullif(sum(n_claims) FILTER (scored), 0) AS micro_precision,
       sum(n_contradicted) FILTER (scored) / nullif(sum(n_claims) FILTER (scored), 0) AS micro_hallucination,
       sum(n_covered) FILTER (scored) / nullif(sum(n_oracle) FILTER (scored), 0) AS micro_recall,
       avg(n_claims) FILTER (scored) AS claims_per_generation
FROM s
GROUP BY GROUPING SETS (
    (batch, variant, extractor, model),
    (batch, variant, extractor, model, lang),
    (batch, variant, extractor, model, kind),
    (batch, variant, extractor, model, lang, kind)
);
