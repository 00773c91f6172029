-- weather_scores: one view over the hive-partitioned Parquet files (weather domain, issue #7).
CREATE OR REPLACE VIEW weather_scores AS
SELECT * FROM read_parquet('{warehouse}/weather_scores/**/*.parquet', hive_partitioning = true, union_by_name = true);
