-- claim_reviews: human judgments of our claims (season × model), imported by `f1bench review import`
-- (and `f1bench review gold`): per judged answer one row_type 'answer' row, one 'claim' row per judged
-- extracted claim (label = ours at import, human_label = the reviewer's), one 'missed' row per claim
-- the reviewer added. Layout of the review sheet: f1bench_pipeline/review/sheet.py.
CREATE OR REPLACE VIEW claim_reviews AS
SELECT * FROM read_parquet('{warehouse}/claim_reviews/**/*.parquet', hive_partitioning = true, union_by_name = true);
