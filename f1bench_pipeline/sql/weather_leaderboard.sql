-- Weather leaderboard: per system × language (default prompt, regex extractor), P/R/F1 and claims per answer.
SELECT batch, variant, lang, model, n_scored, n_abstentions,
       round(precision, 3) AS precision, round(hallucination_rate, 3) AS hallucination,
       round(recall, 3) AS recall, round(f1, 3) AS f1, round(claims_per_generation, 2) AS claims_per_answer
FROM weather_leaderboard
WHERE extractor = 'regex' AND kind = 'all'
ORDER BY batch, variant, lang, f1 DESC, model;
