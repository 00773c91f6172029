"""One answer being read: its texts, tokens, context and the claims found so far (``reading.read``
reads it). Every reader takes a ``Document``; it imports none of them."""

from __future__ import annotations

from typing import Any

from f1bench_pipeline.domains.f1.extract.drivers import team_key_cached
from f1bench_pipeline.domains.f1.extract.text import prepare
from f1bench_pipeline.domains.f1.extract.tokens import Token


class Document:
    def __init__(self, text: str, lang: str, entities: dict | None, driver_teams: dict | None) -> None:
        self.text = text
        lang = (lang or "en").lower()[:2]
        self.lang = lang if lang in ("en", "es", "pt") else "xx"  # "xx": every vocabulary at once
        self.clean, self.low = prepare(text)
        ent = entities if isinstance(entities, dict) else None
        self.entities = ent
        self.ent_drivers = [d for d in ((ent or {}).get("drivers") or []) if isinstance(d, str)]
        self.ent_teams = {team_key_cached(t) for t in ((ent or {}).get("teams") or []) if isinstance(t, str)}
        self.driver_teams = {k: team_key_cached(v) for k, v in (driver_teams or {}).items()
                             if isinstance(k, str) and isinstance(v, str)} if driver_teams else {}
        self.toks: list[Token] = []
        self.records: list[list[Any]] = []  # [type, slots, start, end]
        self.last_battle: tuple[str, str] | None = None
        self.last_gap_pair: tuple[str, str] | None = None
        self.last_defense: tuple[str, str] | None = None
        self.has_battle_word = False
        self.has_defense_word = False
        self.refs = False  # a pronoun, team or demonym to resolve to a driver
        self.named: list[str] = []  # the drivers named, in order of first mention
        self.pair: tuple[str, str] | None = None
        self.headers: dict[int, list[str]] = {}  # table row start -> its header's cells
        self.single: str | None = None
        self.lap_ranges: list[tuple[int, int, int, int]] = []  # every lap range read: (first, last, start, end)
        self.tok_starts: list[int] = []  # the tokens' starts and the sentence ends, once read (provenance.py)
        self.ends: list[int] = []
        self.breaks: tuple[list[int], ...] | None = None  # sentence-break positions (binding._last_break)
        self.sections: tuple[list[int], list[int], list[str]] | None = None  # per-driver sections (sections.py)

    def add(self, ctype: str, slots: dict[str, Any], s: int, e: int) -> None:
        # (every caller passes a fresh dict: it is kept as it is when no slot is None)
        if None in slots.values():
            slots = {k: v for k, v in slots.items() if v is not None}
        self.records.append([ctype, slots, s, e])
