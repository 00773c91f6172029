-- prompt_ablation: the `default` and `cover_all` prompts side by side, per system, language
-- and season ("is it just prompting?"): precision, recall, F1 and claims per answer.
CREATE OR REPLACE VIEW prompt_ablation AS
WITH s AS (
    SELECT * FROM read_parquet('{warehouse}/scores/**/*.parquet', hive_partitioning = true, union_by_name = true)
    WHERE status = 'ok' AND extraction_status = 'ok'
)
SELECT season, extractor, model, lang,
       count(*) FILTER (variant = 'default') AS n_default,
       count(*) FILTER (variant = 'cover_all') AS n_cover_all,
       avg(precision) FILTER (variant = 'default') AS precision_default,
       avg(precision) FILTER (variant = 'cover_all') AS precision_cover_all,
       avg(recall) FILTER (variant = 'default') AS recall_default,
       avg(recall) FILTER (variant = 'cover_all') AS recall_cover_all,
       avg(f1) FILTER (variant = 'default') AS f1_default,
       avg(f1) FILTER (variant = 'cover_all') AS f1_cover_all,
       avg(n_claims) FILTER (variant = 'default') AS claims_default,
       avg(n_claims) FILTER (variant = 'cover_all') AS claims_cover_all
FROM s
GROUP BY ALL
ORDER BY season, extractor, model, lang;
