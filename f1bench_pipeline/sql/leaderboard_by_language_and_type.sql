-- Leaderboard by language and decision type: one row per system, language and decision
-- type (test season, default prompt, regex extractor), best F1 first.
SELECT model, lang, decision_type, n_scored, n_abstentions, n_not_ok,
       round(precision, 3) AS precision, round(recall, 3) AS recall, round(f1, 3) AS f1,
       round(hallucination_rate, 3) AS hallucination, round(claims_per_generation, 1) AS claims
FROM leaderboard
WHERE variant = 'default' AND extractor = 'regex'
  AND season = (SELECT max(season) FROM leaderboard)
ORDER BY lang, decision_type, f1 DESC, model;
