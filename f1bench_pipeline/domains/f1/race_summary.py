"""F1's per-race summary of the warehouse (``f1bench build``, ``derive``, ``summary``, ``make
demo``): each loaded race's winner, stints, stops, undercuts, overcuts and defenses, then the
skipped races with their reasons."""

from __future__ import annotations

from pathlib import Path

from f1bench_pipeline.domains.f1.ingest.race_catalog import skip_note
from f1bench_pipeline.storage.reader import reader
from f1bench_pipeline.storage.views import has_files
from f1bench_pipeline.text_table import format_table

RACE_SUMMARY_SQL = """
WITH s AS (SELECT season, round, event, status, reason FROM raw_sessions),
st AS (SELECT season, round, count(*) AS stints FROM stints GROUP BY ALL),
ps AS (SELECT season, round, count(*) AS stops FROM pit_stops GROUP BY ALL),
pb AS (SELECT season, round, count(*) FILTER (kind = 'undercut') AS undercuts,
              count(*) FILTER (kind = 'overcut') AS overcuts FROM pit_battles GROUP BY ALL),
df AS (SELECT season, round, count(*) AS defenses FROM defenses GROUP BY ALL),
w AS (SELECT season, round, driver AS winner FROM classification WHERE position = 1)
SELECT s.season, s.round, s.event, s.status,
       coalesce(st.stints, 0) AS stints, coalesce(ps.stops, 0) AS stops,
       coalesce(pb.undercuts, 0) AS undercuts, coalesce(pb.overcuts, 0) AS overcuts,
       coalesce(df.defenses, 0) AS defenses, w.winner, s.reason
FROM s LEFT JOIN st USING (season, round) LEFT JOIN ps USING (season, round)
LEFT JOIN pb USING (season, round) LEFT JOIN df USING (season, round) LEFT JOIN w USING (season, round)
ORDER BY s.season, s.round
"""

_NEEDED = ("raw_sessions", "stints", "pit_stops", "pit_battles", "defenses", "classification")


def race_summary(warehouse_dir: Path | str) -> list[dict]:
    missing = [t for t in _NEEDED if not has_files(warehouse_dir, t)]
    if "raw_sessions" in missing:
        return []
    con = reader(warehouse_dir)
    for t in missing:  # a season with no battles yet still summarises
        con.execute(f"CREATE VIEW {t} AS SELECT NULL::BIGINT AS season, NULL::BIGINT AS round, NULL AS kind, NULL AS driver, NULL::BIGINT AS position WHERE false")
    cur = con.execute(RACE_SUMMARY_SQL)
    cols = [d[0] for d in cur.description]
    return [dict(zip(cols, row)) for row in cur.fetchall()]


def print_race_summary(warehouse_dir: Path | str) -> str:
    rows = race_summary(warehouse_dir)
    loaded = [r for r in rows if r["status"] == "loaded"]
    skipped = [r for r in rows if r["status"] != "loaded"]
    out = [format_table(loaded, ["season", "round", "event", "winner", "stints", "stops", "undercuts", "overcuts", "defenses"])]
    if skipped:
        out.append(f"\nSkipped races ({len(skipped)}; recorded in raw_sessions and left out of the benchmark, "
                   "the rest of their season is built):")
        for r in skipped:
            said = str(r["reason"] or "").split("FastF1 failed to load: ", 1)[-1]  # the race is named already
            out.append(f"  {r['season']} {r['event']} (round {r['round']}) — {skip_note(r['season'], r['round'])}. "
                       f"FastF1 said: {said}")
    text = "\n".join(out)
    print(text)
    return text


