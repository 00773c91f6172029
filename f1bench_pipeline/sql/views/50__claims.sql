-- claims: one view over the hive-partitioned Parquet files (season × model).
CREATE OR REPLACE VIEW claims AS
SELECT * FROM read_parquet('{warehouse}/claims/**/*.parquet', hive_partitioning = true, union_by_name = true);
