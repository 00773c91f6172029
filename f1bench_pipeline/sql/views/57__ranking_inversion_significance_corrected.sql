-- ranking_inversion_significance_corrected: ranking_inversion_significance on the figures
-- corrected for the instrument's own error (precision_corrected, f1_corrected of the
-- leaderboard, from human-reviewed answers): rows only where at least two systems have
-- corrected figures. Same columns; p_inversion from the same resamples of instances.
-- requires: scores
CREATE OR REPLACE VIEW ranking_inversion_significance_corrected AS
WITH reps AS (SELECT * REPLACE (precision_corrected AS precision, f1_corrected AS f1) FROM leaderboard_replicates
              WHERE decision_type = 'all' AND precision_corrected IS NOT NULL),
     points AS (SELECT * REPLACE (precision_corrected AS precision, f1_corrected AS f1) FROM (
{{leaderboard source=leaderboard_generations keys=season,variant,extractor,model levels=lang,decision_type intervals=off reviews=review_scores}}
              ) WHERE decision_type = 'all' AND precision_corrected IS NOT NULL)
SELECT * FROM (
{{inversion_significance replicates=reps points=points keys=season,variant,extractor,lang system=model}}
)
ORDER BY season, variant, extractor, lang;
