-- track_status_periods: one view over the hive-partitioned Parquet files of the table.
CREATE OR REPLACE VIEW track_status_periods AS
SELECT * FROM read_parquet('{warehouse}/track_status_periods/**/*.parquet', hive_partitioning = true, union_by_name = true);
