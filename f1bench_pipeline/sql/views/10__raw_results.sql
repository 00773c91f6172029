-- raw_results: one view over the hive-partitioned Parquet files of the table.
CREATE OR REPLACE VIEW raw_results AS
SELECT * FROM read_parquet('{warehouse}/raw_results/**/*.parquet', hive_partitioning = true, union_by_name = true);
