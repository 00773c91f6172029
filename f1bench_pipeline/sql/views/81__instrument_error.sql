-- instrument_error: the extractor's and verifier's own error against human judgments (claim_reviews),
-- per reviewer, season, variant, extractor, model and language ('all' = pooled), one row per metric:
-- k of n, rate = k / n and its 95% Wilson score interval (z = 1.959964; claims of one answer are
-- correlated, so the interval is somewhat narrow). L = our label, H = the human's:
--   agreement                   H = L                               / judged claims
--   false_contradiction         L contradicted, H supported|not_a_claim / L contradicted
--   false_contradiction_of_all  (same)                              / judged claims
--   false_unverifiable          L unverifiable, H supported|not_a_claim / L unverifiable
--   false_unverifiable_of_all   (same)                              / judged claims
--   missed_contradiction        H contradicted, L not contradicted  / H contradicted
--   not_a_claim                 H not_a_claim                       / judged claims
--   missed_claim                added by the reviewer               / real claims (H <> not_a_claim) + added
--   missed_declared_claim       the same, without type 'other' claims (the verifier never supports those)
--   precision_ours              L supported                         / extracted claims
--   precision_human             H supported (extracted and added)   / real claims + added
-- The last four count only answers marked reviewed (whole answers). Same figures as
-- f1bench_pipeline/review/metrics.py (tested).
CREATE OR REPLACE VIEW instrument_error AS
WITH r AS (
    SELECT *, coalesce(answer_reviewed, false) AS reviewed, row_type = 'claim' AS is_claim,
           row_type = 'missed' AS is_missed, human_label IN ('supported', 'not_a_claim') AS h_wrong
    FROM read_parquet('{warehouse}/claim_reviews/**/*.parquet', hive_partitioning = true, union_by_name = true)
), c AS (
    SELECT reviewer, season, variant, extractor, model, coalesce(lang, 'all') AS lang,
           count(*) FILTER (row_type = 'answer') AS n_answers,
           count(*) FILTER (row_type = 'answer' AND reviewed) AS n_reviewed_answers,
           count(*) FILTER (is_claim) AS n_judged_claims,
           count(*) FILTER (is_missed) AS n_missed_claims,
           count(*) FILTER (is_claim AND human_label = label) AS agree,
           count(*) FILTER (is_claim AND label = 'contradicted') AS ours_contradicted,
           count(*) FILTER (is_claim AND label = 'contradicted' AND h_wrong) AS false_contradicted,
           count(*) FILTER (is_claim AND label = 'unverifiable') AS ours_unverifiable,
           count(*) FILTER (is_claim AND label = 'unverifiable' AND h_wrong) AS false_unverifiable,
           count(*) FILTER (is_claim AND human_label = 'contradicted') AS human_contradicted,
           count(*) FILTER (is_claim AND human_label = 'contradicted' AND label <> 'contradicted') AS missed_contradicted,
           count(*) FILTER (is_claim AND human_label = 'not_a_claim') AS not_a_claim,
           count(*) FILTER (is_claim AND reviewed) AS r_claims,
           count(*) FILTER (is_claim AND reviewed AND human_label <> 'not_a_claim') AS r_real,
           count(*) FILTER (is_claim AND reviewed AND label = 'supported') AS r_ours_supported,
           count(*) FILTER ((is_claim OR is_missed) AND reviewed AND human_label = 'supported') AS r_human_supported,
           count(*) FILTER (is_missed AND reviewed) AS r_missed,
           count(*) FILTER (is_claim AND reviewed AND human_label <> 'not_a_claim' AND type <> 'other') AS r_real_declared,
           count(*) FILTER (is_missed AND reviewed AND type <> 'other') AS r_missed_declared
    FROM r
    GROUP BY GROUPING SETS ((reviewer, season, variant, extractor, model, lang),
                            (reviewer, season, variant, extractor, model))
), m AS (
    SELECT reviewer, season, variant, extractor, model, lang, n_answers, n_reviewed_answers, n_judged_claims,
           n_missed_claims,
           unnest([
               {'metric': 'agreement', 'ord': 1, 'k': agree, 'n': n_judged_claims},
               {'metric': 'false_contradiction', 'ord': 2, 'k': false_contradicted, 'n': ours_contradicted},
               {'metric': 'false_contradiction_of_all', 'ord': 3, 'k': false_contradicted, 'n': n_judged_claims},
               {'metric': 'false_unverifiable', 'ord': 4, 'k': false_unverifiable, 'n': ours_unverifiable},
               {'metric': 'false_unverifiable_of_all', 'ord': 5, 'k': false_unverifiable, 'n': n_judged_claims},
               {'metric': 'missed_contradiction', 'ord': 6, 'k': missed_contradicted, 'n': human_contradicted},
               {'metric': 'not_a_claim', 'ord': 7, 'k': not_a_claim, 'n': n_judged_claims},
               {'metric': 'missed_claim', 'ord': 8, 'k': r_missed, 'n': r_real + r_missed},
               {'metric': 'missed_declared_claim', 'ord': 9, 'k': r_missed_declared,
                'n': r_real_declared + r_missed_declared},
               {'metric': 'precision_ours', 'ord': 10, 'k': r_ours_supported, 'n': r_claims},
               {'metric': 'precision_human', 'ord': 11, 'k': r_human_supported, 'n': r_real + r_missed}
           ], recursive := true)
    FROM c
), w AS (
    SELECT *, k::DOUBLE / nullif(n, 0) AS p, 1.959964 AS z FROM m
)
SELECT reviewer, season, variant, extractor, model, lang, metric, k, n, p AS rate,
       CASE WHEN n > 0 THEN greatest(0.0, ((p + z * z / (2 * n)) - z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)))
                                           / (1 + z * z / n)) END AS ci_low,
       CASE WHEN n > 0 THEN least(1.0, ((p + z * z / (2 * n)) + z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)))
                                        / (1 + z * z / n)) END AS ci_high,
       n_answers, n_reviewed_answers, n_judged_claims, n_missed_claims
FROM w
ORDER BY reviewer, season, variant, extractor, model, lang = 'all', lang, ord;
