-- instance_versions: every instance row ever materialized, once per context_sha256 (the hash of
-- the messages an answer to it is sent). Scoring verifies an answer against the version whose
-- hash its generation row records (provenance.py); the audit page shows that version.
CREATE OR REPLACE VIEW instance_versions AS
SELECT * FROM read_parquet('{warehouse}/instance_versions/**/*.parquet', hive_partitioning = true, union_by_name = true);
