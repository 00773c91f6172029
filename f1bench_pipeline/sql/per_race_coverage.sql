-- Per-race coverage: mean recall (oracle facts covered) per race and system.
SELECT s.season, i.round, i.event, s.model, count(*) AS generations,
       round(avg(s.recall) FILTER (s.status = 'ok'), 3) AS recall,
       round(avg(s.precision) FILTER (s.status = 'ok'), 3) AS precision
FROM scores s
JOIN (SELECT DISTINCT id, round, event FROM instances) i USING (id)
GROUP BY ALL
ORDER BY s.season, i.round, s.model;
