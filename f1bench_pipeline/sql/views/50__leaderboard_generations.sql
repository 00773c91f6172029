-- leaderboard_generations: the scores the leaderboard counts, one row per generation.
-- Instances of races classified from timing order (no official result yet) are left out
-- unless F1BENCH_LEADERBOARD_INCLUDE_TIMING_ORDER=1 ({include_timing_order} below).
CREATE OR REPLACE VIEW leaderboard_generations AS
SELECT * FROM read_parquet('{warehouse}/scores/**/*.parquet', hive_partitioning = true, union_by_name = true)
WHERE {include_timing_order} OR coalesce(results_source, '') <> 'timing_order';
