-- raw_track_status: one view over the hive-partitioned Parquet files of the table.
CREATE OR REPLACE VIEW raw_track_status AS
SELECT * FROM read_parquet('{warehouse}/raw_track_status/**/*.parquet', hive_partitioning = true, union_by_name = true);
