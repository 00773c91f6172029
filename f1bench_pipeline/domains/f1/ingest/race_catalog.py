"""Which races exist and which the configured source can provide (no Dagster)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, UTC
from pathlib import Path

from f1bench_pipeline.domains.f1.ingest.fastf1_session import CacheGuard, RaceEvent, race_cache_dir, season_schedule


#: Races FastF1 is known not to load (season, round) → why: recorded as skipped by every build, on
#: purpose (the sample keeps one to show it); a skip not listed here is worth a look at the cache.
KNOWN_UNLOADABLE_RACES: dict[tuple[int, int], str] = {
    (2018, 14): "FastF1 3.9 fails inside its own loader for this race (docs/f1-rules.md)",
}


def skip_note(season: int, round_: int) -> str:
    """How a skipped race reads to a user: known and deliberate, or unexpected."""
    known = KNOWN_UNLOADABLE_RACES.get((int(season), int(round_)))
    return f"known, expected: {known}" if known else "not a known gap: check the cache or the network"


@dataclass(frozen=True)
class RaceSource:
    cache_dir: Path
    offline: bool
    manifest: Path | None

    def guard(self) -> CacheGuard:
        return CacheGuard(self.cache_dir, self.manifest)


def find_event(source: RaceSource, season: int, round_: int) -> RaceEvent | None:
    for ev in season_schedule(season, source.cache_dir, source.offline, source.guard()):
        if ev.round == round_:
            return ev
    return None


def available_races(source: RaceSource, seasons: list[int]) -> list[RaceEvent]:
    """Races the source can provide: offline, those present in the cache."""
    out: list[RaceEvent] = []
    for season in seasons:
        try:
            events = season_schedule(season, source.cache_dir, source.offline, source.guard())
        except Exception:  # no schedule for this season in an offline cache
            continue
        for ev in events:
            if not source.offline or race_cache_dir(source.cache_dir, ev) is not None:
                out.append(ev)
    return out


def completed_races(source: RaceSource, seasons: list[int], today: date | None = None) -> list[RaceEvent]:
    """Races the source can provide that have been run: offline, every race in the cache;
    online, every scheduled race whose race day is before ``today`` (UTC)."""
    today = today or datetime.now(UTC).date()
    races = available_races(source, seasons)
    if source.offline:
        return races
    return [ev for ev in races if date.fromisoformat(ev.event_date) < today]


def races_to_ingest(candidates: list[RaceEvent], ingested: set[tuple[int, int]]) -> list[RaceEvent]:
    """Candidates not yet recorded in ``raw_sessions`` (loaded or skipped), in calendar order."""
    return sorted((ev for ev in candidates if (ev.season, ev.round) not in ingested), key=lambda e: (e.season, e.round))
