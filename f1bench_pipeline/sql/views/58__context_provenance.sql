-- context_provenance: per season, prompt variant, extractor, model and language, how many scored
-- answers were given today's instance row (current), an older version of it (stale: verified
-- against that version) or record no context hash (unknown: generated or imported before
-- provenance was recorded, or imported without context_sha256). provenance.py; README "Provenance".
-- requires: scores
CREATE OR REPLACE VIEW context_provenance AS
SELECT season, variant, extractor, model, lang,
       count(*) AS n_answers,
       count(*) FILTER (context_current) AS n_context_current,
       count(*) FILTER (context_current = false) AS n_context_stale,
       count(*) FILTER (context_current IS NULL) AS n_context_unknown
FROM (
    SELECT * FROM read_parquet('{warehouse}/scores/**/*.parquet', hive_partitioning = true, union_by_name = true)
    UNION ALL BY NAME SELECT CAST(NULL AS BOOLEAN) AS context_current WHERE false)
GROUP BY ALL
ORDER BY ALL;
