-- Weather ranking inversion: rank by precision beside rank by F1, with their Spearman correlation.
SELECT batch, variant, lang, model, rank_by_precision, rank_by_f1,
       round(precision, 3) AS precision, round(recall, 3) AS recall, round(f1, 3) AS f1,
       round(spearman_precision_vs_f1, 3) + 0.0 AS spearman
FROM weather_ranking_inversion
WHERE extractor = 'regex'
ORDER BY batch, variant, lang, rank_by_f1, model;
