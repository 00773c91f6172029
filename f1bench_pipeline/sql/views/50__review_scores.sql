-- review_scores: the human score of every reviewed answer, one row per reviewer × answer
-- (precision over the claims the reviewer accepts, recall over the oracle facts the reviewer
-- confirms, F1; sampling random / not_random): f1bench_pipeline/review/human_score.py, written by
-- `f1bench review import` and `f1bench review gold`. Empty (never absent) before any review, so
-- the leaderboard's corrected columns read NULL rather than the leaderboard waiting for reviews.
CREATE OR REPLACE VIEW review_scores AS
SELECT * FROM {optional:review_scores};
