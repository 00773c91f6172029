-- leaderboard: macro and micro means per model, at four levels of detail.
-- lang / decision_type read 'all' on the rolled-up rows; only ok generations with a valid
-- extraction are scored, the rest are counted (n_not_ok and one column per status).
-- Abstentions (no claims) are kept out of the precision means and counted.
-- Instances of races classified from timing order (no official result yet) are left out
-- unless F1BENCH_LEADERBOARD_INCLUDE_TIMING_ORDER=1 ({include_timing_order} below).
CREATE OR REPLACE VIEW leaderboard AS
WITH s AS (
    SELECT *, (status = 'ok' AND extraction_status = 'ok') AS scored
    FROM read_parquet('{warehouse}/scores/**/*.parquet', hive_partitioning = true, union_by_name = true)
    WHERE {include_timing_order} OR coalesce(results_source, '') <> 'timing_order'
)
SELECT season, variant, extractor, model,
       coalesce(lang, 'all') AS lang,
       coalesce(decision_type, 'all') AS decision_type,
       count(*) AS n_generations,
       count(*) FILTER (scored) AS n_scored,
       count(*) FILTER (scored AND n_claims = 0) AS n_abstentions,
       count(*) FILTER (status <> 'ok') AS n_not_ok,
       count(*) FILTER (status = 'content_filtered') AS n_content_filtered,
       count(*) FILTER (status = 'refused') AS n_refused,
       count(*) FILTER (status = 'truncated') AS n_truncated,
       count(*) FILTER (status = 'error') AS n_error,
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
    (season, variant, extractor, model),
    (season, variant, extractor, model, lang),
    (season, variant, extractor, model, decision_type),
    (season, variant, extractor, model, lang, decision_type)
);
