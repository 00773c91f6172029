-- stints: one view over the hive-partitioned Parquet files of the table.
CREATE OR REPLACE VIEW stints AS
SELECT * FROM read_parquet('{warehouse}/stints/**/*.parquet', hive_partitioning = true, union_by_name = true);
