-- defenses: one view over the hive-partitioned Parquet files of the table.
CREATE OR REPLACE VIEW defenses AS
SELECT * FROM read_parquet('{warehouse}/defenses/**/*.parquet', hive_partitioning = true, union_by_name = true);
