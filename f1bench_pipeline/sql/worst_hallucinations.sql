-- Worst hallucinations: contradicted claims with their spans and why, most-contradicted answers first.
WITH per_answer AS (
    SELECT model, id, lang, variant, count(*) FILTER (label = 'contradicted') AS n_contradicted
    FROM claims GROUP BY ALL
)
SELECT c.model, c.id, c.lang, c.variant, p.n_contradicted, c.type, c.span_text, c.reason
FROM claims c JOIN per_answer p USING (model, id, lang, variant)
WHERE c.label = 'contradicted'
ORDER BY p.n_contradicted DESC, c.model, c.id, c.lang, c.claim_index
LIMIT 50;
