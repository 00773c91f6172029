-- ranking_inversion_significance: does the ranking inversion hold? Per season, prompt
-- variant, extractor and language ('all' = pooled): the systems first by precision and
-- first by F1 on the point estimates (ties listed together), whether no system is first by
-- both (inversion_observed), and p_inversion, the share of bootstrap resamples of instances
-- in which no system is first by both. p_inversion near 1: the inversion is not an accident
-- of the sample; near 0: it does not hold.
-- requires: scores
CREATE OR REPLACE VIEW ranking_inversion_significance AS
WITH reps AS (SELECT * FROM leaderboard_replicates WHERE decision_type = 'all' AND precision IS NOT NULL),
     points AS (SELECT * FROM leaderboard_points WHERE decision_type = 'all' AND precision IS NOT NULL)
SELECT * FROM (
{{inversion_significance replicates=reps points=points keys=season,variant,extractor,lang system=model}}
)
ORDER BY season, variant, extractor, lang;
