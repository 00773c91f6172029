-- leaderboard_generations: the scores the leaderboard counts, one row per generation.
-- Instances of races classified from timing order (no official result yet) are left out
-- unless F1BENCH_LEADERBOARD_INCLUDE_TIMING_ORDER=1 ({include_timing_order} below).
-- Answers given an older version of their instance (scores.context_current = false: verified
-- against that version, provenance.py) are counted unless F1BENCH_LEADERBOARD_INCLUDE_STALE_CONTEXT=0
-- ({include_stale_context}); `context_provenance` counts them. Scores written before the column
-- existed read NULL (the UNION BY NAME below gives every row the column).
CREATE OR REPLACE VIEW leaderboard_generations AS
SELECT * FROM (
    SELECT * FROM read_parquet('{warehouse}/scores/**/*.parquet', hive_partitioning = true, union_by_name = true)
    UNION ALL BY NAME SELECT CAST(NULL AS BOOLEAN) AS context_current WHERE false)
WHERE ({include_timing_order} OR coalesce(results_source, '') <> 'timing_order')
  AND ({include_stale_context} OR context_current IS NOT FALSE);
