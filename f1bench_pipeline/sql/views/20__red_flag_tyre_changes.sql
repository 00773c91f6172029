-- red_flag_tyre_changes: one view over the hive-partitioned Parquet files of the table.
CREATE OR REPLACE VIEW red_flag_tyre_changes AS
SELECT * FROM read_parquet('{warehouse}/red_flag_tyre_changes/**/*.parquet', hive_partitioning = true, union_by_name = true);
