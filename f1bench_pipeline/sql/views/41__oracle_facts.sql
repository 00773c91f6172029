-- oracle_facts: every instance's complete fact set, one row per fact.
-- Facts are stored once per instance as stable JSON; the language/variant copies share them.
CREATE OR REPLACE VIEW oracle_facts AS
SELECT i.id, i.season, i.round, i.event, i.decision_type, i.split,
       u.fact_index, u.fact ->> 'type' AS fact_type,
       u.fact -> 'key' AS fact_key, u.fact -> 'value' AS fact_value,
       coalesce(u.fact -> 'alt_values', '[]'::JSON) AS alt_values
FROM (
    SELECT id, season, round, event, decision_type, split, facts
    FROM read_parquet('{warehouse}/instances/**/*.parquet', hive_partitioning = true, union_by_name = true)
    WHERE lang = 'en' AND variant = 'default'
) i,
unnest(from_json(i.facts, '["JSON"]')) WITH ORDINALITY AS u(fact, fact_index);
