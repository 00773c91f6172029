-- weather_claims: one view over the hive-partitioned Parquet files (weather domain, issue #7).
CREATE OR REPLACE VIEW weather_claims AS
SELECT * FROM read_parquet('{warehouse}/weather_claims/**/*.parquet', hive_partitioning = true, union_by_name = true);
