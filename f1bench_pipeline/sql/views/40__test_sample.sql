-- test_sample: one view over the hive-partitioned Parquet files of the table.
CREATE OR REPLACE VIEW test_sample AS
SELECT * FROM read_parquet('{warehouse}/test_sample/**/*.parquet', hive_partitioning = true, union_by_name = true);
