-- requires: scores
-- small_model_study: the paper's RQ3 (Table 5). Every system '<base>+lora' beside its base
-- '<base>', on the (instance, language) pairs both answered with a scored answer (default
-- prompt): P, R, F1, hallucination, claims per answer. The paper's Qwen2.5-3B rows are in
-- the reference view small_model_study_paper.
CREATE OR REPLACE VIEW small_model_study AS
WITH s AS (
    -- (a partition folder holds a model's safe name: '+' is '%2B' there)
    SELECT * REPLACE (replace(replace(model, '%2B', '+'), '%2b', '+') AS model)
    FROM read_parquet('{warehouse}/scores/**/*.parquet', hive_partitioning = true, union_by_name = true)
    -- answers cut at the token budget are scored as written (the paper: 400 new tokens, as they came)
    WHERE variant = 'default' AND status IN ('ok', 'truncated') AND extraction_status = 'ok'
), pairs AS (
    SELECT DISTINCT model AS tuned, replace(model, '+lora', '') AS base FROM s WHERE model LIKE '%+lora'
), common AS (
    SELECT p.base, p.tuned, b.season, b.lang, b.id
    FROM pairs p
    JOIN s b ON b.model = p.base
    JOIN s t ON t.model = p.tuned AND t.id = b.id AND t.lang = b.lang AND t.season = b.season
)
SELECT c.season, c.lang, c.base,
       CASE WHEN s.model = c.tuned THEN 'fine-tuned' ELSE 'zero-shot' END AS role,
       s.model, count(*) AS answers,
       avg(s.precision) AS precision, avg(s.recall) AS recall, avg(s.f1) AS f1,
       avg(s.hallucination_rate) AS hallucination, avg(s.n_claims) AS claims_per_answer
FROM common c
JOIN s ON s.id = c.id AND s.lang = c.lang AND s.season = c.season AND s.model IN (c.base, c.tuned)
GROUP BY c.season, c.lang, c.base, role, s.model
ORDER BY c.season, c.lang, c.base, role DESC;

CREATE OR REPLACE VIEW small_model_study_paper AS
SELECT * FROM (VALUES ('Qwen2.5-3B', 'zero-shot', 0.825, 0.666, 0.737),
                      ('Qwen2.5-3B', 'fine-tuned (LoRA)', 0.995, 0.968, 0.982))
    AS t(base, role, precision, recall, f1);
