-- scores: one view over the hive-partitioned Parquet files (season × model).
CREATE OR REPLACE VIEW scores AS
SELECT * FROM read_parquet('{warehouse}/scores/**/*.parquet', hive_partitioning = true, union_by_name = true);
