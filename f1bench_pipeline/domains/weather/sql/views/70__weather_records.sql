-- weather_records: one view over the hive-partitioned Parquet files (weather domain, issue #7).
CREATE OR REPLACE VIEW weather_records AS
SELECT * FROM read_parquet('{warehouse}/weather_records/**/*.parquet', hive_partitioning = true, union_by_name = true);
