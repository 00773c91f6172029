-- "Is it just prompting?": default prompt, cover_all prompt, and default after verifier-guided rounds.
SELECT season, model, lang, n_default,
       round(f1_default, 3) AS f1_default, round(f1_cover_all, 3) AS f1_cover_all,
       round(f1_verifier_guided, 3) AS f1_verifier_guided,
       round(recall_default, 3) AS recall_default, round(recall_cover_all, 3) AS recall_cover_all,
       round(recall_verifier_guided, 3) AS recall_verifier_guided,
       round(precision_default, 3) AS precision_default, round(precision_verifier_guided, 3) AS precision_verifier_guided
FROM prompting_vs_verifier
ORDER BY season, model, lang;
