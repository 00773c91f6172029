-- raw_sessions: one view over the hive-partitioned Parquet files of the table.
CREATE OR REPLACE VIEW raw_sessions AS
SELECT * FROM read_parquet('{warehouse}/raw_sessions/**/*.parquet', hive_partitioning = true, union_by_name = true);
