-- Ranking inversion: rank by precision beside rank by F1, with their Spearman correlation.
SELECT season, variant, lang, model, rank_by_precision, rank_by_f1,
       round(precision, 3) AS precision, round(recall, 3) AS recall, round(f1, 3) AS f1,
       round(spearman_precision_vs_f1, 3) AS spearman
FROM ranking_inversion
WHERE extractor = 'regex' AND lang = 'all'
ORDER BY season, variant, rank_by_f1;
