-- refinement_rounds: verifier-guided generation, one row per answer × round (round 0 = the
-- stored generation) with the edit instructions that produced it, its scores and its cost;
-- n_fix / n_add / n_remove are the edits this answer earned; `final` marks the last round
-- of an item and `stop_reason` why it stopped (nothing_to_fix, max_rounds, no_answer, unchanged).
CREATE OR REPLACE VIEW refinement_rounds AS
SELECT * FROM read_parquet('{warehouse}/refinement_rounds/**/*.parquet', hive_partitioning = true, union_by_name = true);
