-- Prompt ablation: default vs cover_all per system and language (regex extractor), with the change in F1.
SELECT season, model, lang, n_default, n_cover_all,
       round(precision_default, 3) AS p_default, round(precision_cover_all, 3) AS p_cover_all,
       round(recall_default, 3) AS r_default, round(recall_cover_all, 3) AS r_cover_all,
       round(f1_default, 3) AS f1_default, round(f1_cover_all, 3) AS f1_cover_all,
       round(f1_cover_all - f1_default, 3) AS f1_change,
       round(claims_default, 1) AS claims_default, round(claims_cover_all, 1) AS claims_cover_all
FROM prompt_ablation
WHERE extractor = 'regex'
ORDER BY season, model, lang;
