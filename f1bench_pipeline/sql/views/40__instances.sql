-- instances: one view over the hive-partitioned Parquet files of the table.
CREATE OR REPLACE VIEW instances AS
SELECT * FROM read_parquet('{warehouse}/instances/**/*.parquet', hive_partitioning = true, union_by_name = true);
