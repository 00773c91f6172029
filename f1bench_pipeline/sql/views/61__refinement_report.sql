-- refinement_report: precision, recall and F1 at round 0 and after each round, per system,
-- season and language (an item that stopped early keeps its last answer), with the cost of
-- each round. Written by the `refinement_report` asset.
CREATE OR REPLACE VIEW refinement_report AS
SELECT * FROM read_parquet('{warehouse}/refinement_report/**/*.parquet', hive_partitioning = true, union_by_name = true);
