-- leaderboard_replicates: the bootstrap behind the leaderboard's intervals, one row per
-- leaderboard row × replicate b (precision, recall, f1, hallucination_rate of that resample).
-- With the corrected figures of the reviewed groups (precision_corrected, …; NULL elsewhere).
-- Every system and language draws the same instances in replicate b, so differences between
-- rows of the same b are paired.
-- requires: scores
CREATE OR REPLACE VIEW leaderboard_replicates AS
{{leaderboard_replicates source=leaderboard_generations keys=season,variant,extractor,model levels=lang,decision_type reviews=review_scores}};
