-- leaderboard_generations: the scores the leaderboard counts, one row per generation.
-- Instances of races classified from timing order (no official result yet) are left out
-- unless F1BENCH_LEADERBOARD_INCLUDE_TIMING_ORDER=1 ({include_timing_order} below).
-- Answers given an older version of their instance (scores.context_current = false: verified
-- against that version, provenance.py) are counted unless F1BENCH_LEADERBOARD_INCLUDE_STALE_CONTEXT=0
-- ({include_stale_context}); `context_provenance` counts them. Scores written before the column
-- existed read NULL (the UNION BY NAME below gives every row the column).
-- Answers written in another language than the one asked (scores.wrong_language, language.py) stay
-- here, counted by the leaderboard (n_wrong_language), and are marked wrong_language_excluded: left out
-- of the figures unless F1BENCH_LEADERBOARD_INCLUDE_WRONG_LANGUAGE=1 ({include_wrong_language}).
-- Scores written before the column existed read NULL: unknown, not wrong.
CREATE OR REPLACE VIEW leaderboard_generations AS
SELECT *, NOT {include_wrong_language} AND coalesce(wrong_language, false) AS wrong_language_excluded FROM (
    SELECT * FROM read_parquet('{warehouse}/scores/**/*.parquet', hive_partitioning = true, union_by_name = true)
    UNION ALL BY NAME SELECT CAST(NULL AS BOOLEAN) AS context_current, CAST(NULL AS BOOLEAN) AS wrong_language
    WHERE false)
WHERE ({include_timing_order} OR coalesce(results_source, '') <> 'timing_order')
  AND ({include_stale_context} OR context_current IS NOT FALSE);
