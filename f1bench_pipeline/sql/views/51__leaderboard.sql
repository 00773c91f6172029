-- leaderboard: macro and micro means per model, at four levels of detail, each macro figure
-- with its bootstrap interval beside it (precision_lo / precision_hi, recall_…, f1_…,
-- hallucination_rate_…): F1BENCH_BOOTSTRAP_REPLICATES resamples of instances (default 1000,
-- 0 = none), seeded by F1BENCH_BOOTSTRAP_SEED, at F1BENCH_CONFIDENCE_LEVEL (default 0.95).
-- lang / decision_type read 'all' on the rolled-up rows; only ok generations with a valid
-- extraction are scored, the rest are counted (n_not_ok and one column per status).
-- Abstentions (no claims) are kept out of the precision means and counted.
-- Last, the figures corrected for the instrument's own error from human-reviewed answers
-- (review_scores; prediction-powered: the automatic mean plus the mean human − automatic
-- difference on the reviewed answers): n_reviewed, correction_sampling (random / not_random),
-- precision_corrected, recall_corrected, f1_corrected with _lo / _hi; NULL where none is reviewed.
-- The query is scoring/leaderboard.py's, the same one `f1bench score` and every Python
-- aggregate run: the leaderboard has one definition.
-- Rows of different systems compare only over the same answers: a system may answer the test
-- sample in one language and another every instance in three. `f1bench leaderboard` names each
-- row's answers and warns when they differ (as the audit page does); `--common` recomputes the
-- rows on the answers every system gave.
-- requires: scores
CREATE OR REPLACE VIEW leaderboard AS
{{leaderboard source=leaderboard_generations keys=season,variant,extractor,model levels=lang,decision_type reviews=review_scores}};
