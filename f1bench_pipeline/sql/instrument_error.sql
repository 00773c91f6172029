-- Instrument error from human review (false contradictions, false unverifiables, missed claims; rate [95% Wilson] k/n) beside the leaderboard's precision.
WITH e AS (
    SELECT reviewer, season, variant, extractor, model, lang,
           any_value(n_answers) AS answers, any_value(n_judged_claims) AS claims, any_value(n_missed_claims) AS added,
           map_from_entries(list({'key': metric,
                                  'value': CASE WHEN n > 0 THEN printf('%.3f [%.3f, %.3f] %d/%d', rate, ci_low, ci_high, k, n)
                                                ELSE 'n/a 0/0' END})) AS shown,
           map_from_entries(list({'key': metric, 'value': rate})) AS rates
    FROM instrument_error
    GROUP BY ALL
)
SELECT e.reviewer, e.season, e.variant, e.extractor, e.model, e.lang, e.answers, e.claims, e.added,
       e.shown['false_contradiction'] AS false_contradiction,
       e.shown['false_unverifiable'] AS false_unverifiable,
       e.shown['missed_claim'] AS missed_claim,
       e.shown['missed_declared_claim'] AS missed_declared_claim,
       round(e.rates['agreement'], 3) AS agreement,
       round(e.rates['precision_ours'], 3) AS reviewed_precision_ours,
       round(e.rates['precision_human'], 3) AS reviewed_precision_human,
       round(lb.precision, 3) AS leaderboard_precision,
       round(lb.hallucination_rate, 3) AS leaderboard_hallucination,
       round(lb.recall, 3) AS leaderboard_recall
FROM e
LEFT JOIN leaderboard lb
  ON lb.season = e.season AND lb.variant = e.variant AND lb.extractor = e.extractor AND lb.model = e.model
 AND lb.lang = e.lang AND lb.decision_type = 'all'
ORDER BY e.reviewer, e.season, e.variant, e.extractor, e.model, e.lang = 'all', e.lang;
