-- requires: refinement_rounds
-- prompting_vs_verifier: "is it just prompting?" (paper §8) per system, season and language:
-- the first answer to the `default` prompt, the first answer to the `cover_all` prompt
-- (asks for every fact), and the `default` answer after verifier-guided rounds (each item's
-- last usable answer). Only ok answers with a valid extraction are averaged.
CREATE OR REPLACE VIEW prompting_vs_verifier AS
WITH r AS (
    SELECT * FROM read_parquet('{warehouse}/refinement_rounds/**/*.parquet', hive_partitioning = true, union_by_name = true)
),
standing AS (
    SELECT * FROM r
    WHERE status = 'ok' OR round = 0
    QUALIFY row_number() OVER (PARTITION BY season, model, id, lang, variant ORDER BY round DESC) = 1
),
first AS (SELECT * FROM r WHERE round = 0)
SELECT f.season, f.model, f.lang,
       count(*) FILTER (f.variant = 'default' AND f.status = 'ok') AS n_default,
       avg(f.precision) FILTER (f.variant = 'default' AND f.status = 'ok') AS precision_default,
       avg(f.recall) FILTER (f.variant = 'default' AND f.status = 'ok') AS recall_default,
       avg(f.f1) FILTER (f.variant = 'default' AND f.status = 'ok') AS f1_default,
       avg(f.precision) FILTER (f.variant = 'cover_all' AND f.status = 'ok') AS precision_cover_all,
       avg(f.recall) FILTER (f.variant = 'cover_all' AND f.status = 'ok') AS recall_cover_all,
       avg(f.f1) FILTER (f.variant = 'cover_all' AND f.status = 'ok') AS f1_cover_all,
       (SELECT avg(s.precision) FROM standing s WHERE s.season = f.season AND s.model = f.model AND s.lang = f.lang
            AND s.variant = 'default' AND s.status = 'ok') AS precision_verifier_guided,
       (SELECT avg(s.recall) FROM standing s WHERE s.season = f.season AND s.model = f.model AND s.lang = f.lang
            AND s.variant = 'default' AND s.status = 'ok') AS recall_verifier_guided,
       (SELECT avg(s.f1) FROM standing s WHERE s.season = f.season AND s.model = f.model AND s.lang = f.lang
            AND s.variant = 'default' AND s.status = 'ok') AS f1_verifier_guided
FROM first f
GROUP BY f.season, f.model, f.lang
ORDER BY f.season, f.model, f.lang;
