-- weather_oracle_facts: every forecast period's complete fact set, one row per fact
-- (temperature, sky, wind_speed, wind_direction, precip_chance), per collection batch.
CREATE OR REPLACE VIEW weather_oracle_facts AS
SELECT CAST(i.batch AS VARCHAR) AS batch, i.id, i.location, i.period, i.kind,
       u.fact_index, u.fact ->> 'type' AS fact_type,
       u.fact -> 'key' AS fact_key, u.fact -> 'value' AS fact_value,
       coalesce(u.fact -> 'alt_values', '[]'::JSON) AS alt_values
FROM (
    SELECT batch, id, location, period, kind, facts
    FROM read_parquet('{warehouse}/weather_instances/**/*.parquet', hive_partitioning = true, union_by_name = true)
    WHERE lang = 'en' AND variant = 'default'
) i,
unnest(from_json(i.facts, '["JSON"]')) WITH ORDINALITY AS u(fact, fact_index);
