-- Cost and tokens per system and season, with the outcome of every call.
SELECT season, model, count(*) AS generations,
       count(*) FILTER (status = 'ok') AS ok,
       count(*) FILTER (status <> 'ok') AS not_ok,
       sum(prompt_tokens) AS prompt_tokens, sum(completion_tokens) AS completion_tokens,
       round(sum(cost_usd), 4) AS cost_usd,
       round(avg(latency_s), 2) AS mean_latency_s
FROM generations
GROUP BY ALL
ORDER BY season, cost_usd DESC, model;
