-- standings: one view over the hive-partitioned Parquet files of the table.
CREATE OR REPLACE VIEW standings AS
SELECT * FROM read_parquet('{warehouse}/standings/**/*.parquet', hive_partitioning = true, union_by_name = true);
