-- leaderboard_points: the leaderboard's point estimates without the intervals (the same
-- definition, no resampling): what rank views read, so ranking costs no bootstrap.
-- requires: scores
CREATE OR REPLACE VIEW leaderboard_points AS
{{leaderboard source=leaderboard_generations keys=season,variant,extractor,model levels=lang,decision_type intervals=off}};
