-- raw_race_control: one view over the hive-partitioned Parquet files of the table.
CREATE OR REPLACE VIEW raw_race_control AS
SELECT * FROM read_parquet('{warehouse}/raw_race_control/**/*.parquet', hive_partitioning = true, union_by_name = true);
