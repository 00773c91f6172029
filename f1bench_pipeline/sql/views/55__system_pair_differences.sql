-- system_pair_differences: is one system really ahead of another? For every two systems
-- (system_a < system_b) of a season, prompt variant and extractor, over the instances both
-- scored (n_shared): the difference a − b in mean precision and in mean F1, its paired
-- bootstrap interval (*_diff_lo / *_diff_hi), the share of resamples in which a is ahead
-- (p_a_ahead_*; ties count half) and whether the interval excludes 0 (*_differs; NULL when
-- they share fewer than F1BENCH_SIGNIFICANCE_MIN_INSTANCES instances, default 20).
-- lang / decision_type read 'all' on the rolled-up rows.
-- requires: scores
CREATE OR REPLACE VIEW system_pair_differences AS
SELECT * FROM (
{{pair_differences source=leaderboard_generations keys=season,variant,extractor system=model levels=lang,decision_type}}
)
ORDER BY season, variant, extractor, lang, decision_type, system_a, system_b;
