-- raw_laps: one view over the hive-partitioned Parquet files of the table.
CREATE OR REPLACE VIEW raw_laps AS
SELECT * FROM read_parquet('{warehouse}/raw_laps/**/*.parquet', hive_partitioning = true, union_by_name = true);
