-- generations: one view over the hive-partitioned Parquet files (season × model).
CREATE OR REPLACE VIEW generations AS
SELECT * FROM read_parquet('{warehouse}/generations/**/*.parquet', hive_partitioning = true, union_by_name = true);
