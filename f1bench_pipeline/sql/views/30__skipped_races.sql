-- skipped_races: races FastF1 could not load (or that were not in the cache), with the reason.
CREATE OR REPLACE VIEW skipped_races AS
SELECT season, round, event, event_date, reason, cache_source, loaded_at
FROM read_parquet('{warehouse}/raw_sessions/**/*.parquet', hive_partitioning = true, union_by_name = true)
WHERE status = 'skipped'
ORDER BY season, round;
