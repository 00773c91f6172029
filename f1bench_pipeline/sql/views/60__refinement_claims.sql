-- refinement_claims: the claims of every round's answer, labelled by the verifier.
CREATE OR REPLACE VIEW refinement_claims AS
SELECT * FROM read_parquet('{warehouse}/refinement_claims/**/*.parquet', hive_partitioning = true, union_by_name = true);
