-- weather_instances: one view over the hive-partitioned Parquet files (weather domain, issue #7).
CREATE OR REPLACE VIEW weather_instances AS
SELECT * FROM read_parquet('{warehouse}/weather_instances/**/*.parquet', hive_partitioning = true, union_by_name = true);
