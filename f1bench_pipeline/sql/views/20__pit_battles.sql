-- pit_battles: one view over the hive-partitioned Parquet files of the table.
CREATE OR REPLACE VIEW pit_battles AS
SELECT * FROM read_parquet('{warehouse}/pit_battles/**/*.parquet', hive_partitioning = true, union_by_name = true);
