-- Verifier-guided generation: F1 at round 0 and after each round, per system and language.
SELECT model, season, lang, round, n_revised,
       round(precision, 3) AS precision, round(recall, 3) AS recall, round(f1, 3) AS f1,
       round(claims_per_generation, 2) AS claims_per_answer, round(round_cost_usd, 4) AS round_cost_usd
FROM refinement_report
ORDER BY model, season, lang, round;
