"""One answer being read: its texts, tokens, context and the claims found so far.

``Document.run`` tokenizes the answer (``tokenizer.tokenize``), reads it sentence by sentence
(``dispatch.read_sentence``: the claim families whose token kinds the sentence holds), adds the
context's entity claims and turns the records into claims (``finalize.finalize``).
"""

from __future__ import annotations

from typing import Any

from f1bench_pipeline.domains.f1.claims import Claim
from f1bench_pipeline.domains.f1.extract.cut import drop_cut
from f1bench_pipeline.domains.f1.extract.dispatch import document_cues, read_sentence
from f1bench_pipeline.domains.f1.extract.drivers import team_key_cached
from f1bench_pipeline.domains.f1.extract.finalize import entity_claims, finalize
from f1bench_pipeline.domains.f1.extract.phases import drop_phase_ranges
from f1bench_pipeline.domains.f1.extract.references import mark_objects, resolve_pronouns
from f1bench_pipeline.domains.f1.extract.sentence import Sentence
from f1bench_pipeline.domains.f1.extract.text import prepare, sentence_ends, sentence_spans
from f1bench_pipeline.domains.f1.extract.tokenizer import tokenize
from f1bench_pipeline.domains.f1.extract.tokens import DRIVER, ExtractedClaims, Token, readable_tokens


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

    def tokenize(self) -> None:
        tokenize(self)

    def finalize(self) -> list[Claim]:
        return finalize(self)

    def run(self) -> list[Claim]:
        self.tokenize()
        if not self.toks:
            return []
        all_toks = self.toks
        # the tokens as tokenized (the passes below rebind some in place): the reading coverage's input
        snapshot = readable_tokens(all_toks)
        all_kinds = [t.kind for t in all_toks]  # (kinds are final: the sentence passes change no kind)
        all_starts = [t.start for t in all_toks]
        ends = sentence_ends(self.low)
        self.tok_starts, self.ends = all_starts, ends
        cues = document_cues(self)
        for s, e, i, j in sentence_spans(self.low, all_starts, ends):
            ks = all_kinds[i:j]
            sent = Sentence(s, e, all_toks[i:j], ks, all_starts[i:j])
            if DRIVER in sent.kind_set and ks.count(DRIVER) > 1:
                mark_objects(self, sent.tokens)
                resolve_pronouns(sent.tokens, self.low)
            read_sentence(self, sent, cues)
            read = getattr(sent, "laps", None)  # (unset in a question)
            if read is not None and read.ranges:
                self.lap_ranges.extend((a, b, s_, e_) for a, b, s_, e_, _pl in read.ranges)
        drop_cut(self)  # an answer cut off inside a number: that number is no value
        drop_phase_ranges(self)  # a range over several stints is no stint
        entity_claims(self)
        return ExtractedClaims(self.finalize(), self.text, self.low, snapshot, ends)

