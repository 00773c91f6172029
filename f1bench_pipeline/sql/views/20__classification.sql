-- classification: one view over the hive-partitioned Parquet files of the table.
CREATE OR REPLACE VIEW classification AS
SELECT * FROM read_parquet('{warehouse}/classification/**/*.parquet', hive_partitioning = true, union_by_name = true);
