-- Races that could not be loaded, with the reason.
SELECT season, round, event, event_date, reason, loaded_at FROM skipped_races ORDER BY season, round;
