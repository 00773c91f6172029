-- pit_stops: one view over the hive-partitioned Parquet files of the table.
CREATE OR REPLACE VIEW pit_stops AS
SELECT * FROM read_parquet('{warehouse}/pit_stops/**/*.parquet', hive_partitioning = true, union_by_name = true);
