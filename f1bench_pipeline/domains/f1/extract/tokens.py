"""Tokens: their kinds, the tokenizer's per-word actions, and the per-language word tables.

A token is a span of the answer (``start``/``end`` offsets into the original text) of one
``Kind``. Lexicon words become tokens of the kind their vocabulary row gives; numbers, ``P5``
positions, ``L15`` lap ids, arrows and driver/team names are read by the tokenizer itself.

The kinds are the members of the ``Kind`` enum; a member's value is the vocabulary's kind code
("DRV", "NUM", ...). A token carries that value (one interned ``str`` per kind) and every kind
is also a module-level name holding it (``DRIVER == Kind.DRIVER.value``): the claim rules compare
a token's kind with ``is`` against these names, and put them in plain sets, so the per-token
checks stay on ``str`` fast paths. ``Kind(token.kind)`` gives the member.
"""

from __future__ import annotations

import enum
import re
from functools import lru_cache
from typing import Any

from f1bench_pipeline.domains.f1.extract import vocabulary
from f1bench_pipeline.domains.f1.extract.first_chars import skipping


class Kind(enum.StrEnum):
    # read from the vocabulary (see vocabulary/__init__.py for what each one covers)
    LAP_WORD = "LAPW"
    PIT = "PIT"
    NOT_PIT = "NOPIT"
    STINT_NOUN = "STINTN"
    CHANGE = "CHG"
    START = "START"
    STAY = "STAY"
    NUMBER_WORD = "NUMW"
    ORDINAL = "ORD"
    COMPOUND = "CMP"
    BATTLE = "BATTLE"
    WORKED = "OUTP"
    FAILED = "OUTN"
    WORK_BASE = "OUTB"
    NEGATION = "NEG"
    GAIN = "GAIN"
    REDUCE = "REDUCE"
    GAP = "GAP"
    BEFORE = "BEFORE"
    AFTER = "AFTER"
    BEHIND = "BEHIND"
    AHEAD = "AHEAD"
    FINISH = "FINISH"
    PLACE = "PLACE"
    WIN = "WIN"
    RACE = "RACE"
    DEFEND = "DEF"
    PASS = "PASS"
    EVENTUALLY = "EVENT"
    TEAMMATE = "TEAMMATE"
    PROTECT = "PROTECT"
    PURSUER = "PURSUER"
    MOVE = "MOVE"
    PRONOUN = "PRON"
    BOTH = "BOTH"
    AVERAGE = "AVG"
    YES = "YES"
    NONE_WORD = "NONE"
    DEMONYM = "DEMONYM"
    # read by the tokenizer
    NUMBER = "NUM"  # a number; ``decimal`` when written with a decimal point or comma, tag "s" with a seconds unit
    POSITION = "POS"  # "P5"
    LAP_ID = "LAPID"  # "L15"
    ORDINAL_NUMBER = "ORDN"  # "3rd", "5º"
    ARROW = "ARROW"  # "->", "→", "=>"
    DRIVER = "DRV"  # a driver code (value); tag "pron"/"desc" when read from a pronoun or a description
    TEAM = "TEAM"  # a team name (value: its canonical key)


(LAP_WORD, PIT, NOT_PIT, STINT_NOUN, CHANGE, START, STAY, NUMBER_WORD, ORDINAL, COMPOUND, BATTLE, WORKED, FAILED,
 WORK_BASE, NEGATION, GAIN, REDUCE, GAP, BEFORE, AFTER, BEHIND, AHEAD, FINISH, PLACE, WIN, RACE, DEFEND, PASS,
 EVENTUALLY, TEAMMATE, PROTECT, PURSUER, MOVE, PRONOUN, BOTH, AVERAGE, YES, NONE_WORD, DEMONYM, NUMBER, POSITION,
 LAP_ID, ORDINAL_NUMBER, ARROW, DRIVER, TEAM) = (k.value for k in Kind)  # (Kind's order)


class Action(enum.Enum):
    """What the tokenizer does with a lexicon word besides making a token of it."""

    CONSUME = "consume"  # no token: matched only to keep its words from other readings ("ritmo medio")
    LAP_WORD = "lap word"  # no token after "per"/"/" ("0.05 s/lap", "por vuelta")
    CHECK_COMPOUND = "check compound"  # a token only when the word reads as a tyre here ("hard to say" is none)
    MARKS_BATTLE = "marks battle"  # the answer talks about an undercut/overcut
    MARKS_REFERENCE = "marks reference"  # a pronoun or demonym to resolve to a driver
    MARKS_DEFENSE = "marks defense"  # the answer talks about a defense


WORD_ACTIONS: dict[str, Action] = {
    AVERAGE: Action.CONSUME, YES: Action.CONSUME, RACE: Action.CONSUME, NOT_PIT: Action.CONSUME,
    LAP_WORD: Action.LAP_WORD, COMPOUND: Action.CHECK_COMPOUND, BATTLE: Action.MARKS_BATTLE,
    MOVE: Action.MARKS_BATTLE, PRONOUN: Action.MARKS_REFERENCE, DEMONYM: Action.MARKS_REFERENCE,
    DEFEND: Action.MARKS_DEFENSE, PURSUER: Action.MARKS_DEFENSE,
}


class Token:
    """One token: [start, end) offsets, kind (a ``Kind`` value), value, the matched word (lower case;
    a driver's name as written), a tag (see ``Kind``), and two flags: ``decimal`` (numbers written with
    decimals) and ``is_object`` (a driver that is the object of its clause, set per sentence)."""

    __slots__ = ("start", "end", "kind", "value", "word", "tag", "decimal", "is_object")

    def __init__(self, start: int, end: int, kind: str, value: Any, word: str, tag: str = "",
                 decimal: bool = False) -> None:
        self.start = start  # (one assignment per slot: faster than a tuple assignment)
        self.end = end
        self.kind = kind
        self.value = value
        self.word = word
        self.tag = tag
        self.decimal = decimal
        self.is_object = False

    def __repr__(self) -> str:  # debugging aid
        return f"{Kind(self.kind).name}({self.value!r})@{self.start}"


def trie_regex(words: list[str]) -> str:
    """An alternation factored as a prefix trie (much faster in ``re`` than a flat list);
    a space inside a word matches any whitespace run."""
    trie: dict[str, Any] = {}
    for w in set(words):
        node = trie
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = True

    def emit(node: dict[str, Any]) -> str:
        keys = sorted(k for k in node if k)
        if not keys:
            return ""
        alts = [(r"\s+" if k == " " else re.escape(k)) + emit(node[k]) for k in keys]
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        if "" in node:
            body = "(?:" + body + ")?"
        return body

    return emit(trie)


WordTable = dict[str, tuple[str, object, "Action | None"]]


@lru_cache(maxsize=8)
def word_table(lang: str) -> tuple[WordTable, re.Pattern[str]]:
    """word -> (kind, value, action) of the language's lexicon and demonyms, and one regex matching
    any of its words; built once per language."""
    lex = dict(vocabulary.lexicon_for(lang))
    for dem, nat in vocabulary.DEMONYMS.items():
        lex.setdefault(dem, ("DEMONYM", nat))
    table: WordTable = {}
    for w, (k, v) in lex.items():
        kind = Kind(k).value
        table[w] = (kind, v, WORD_ACTIONS.get(kind))
    # (``skipping``: the scan goes from a word's possible first letter to the next, not position by position)
    return table, skipping(re.compile(r"(?<!\w)(?:" + trie_regex(sorted(lex)) + r")(?!\w)"))


# Token kinds that are readable (an answer's checkable mentions), with the name the reading-coverage
# report uses (``coverage.py``).
READABLE_KINDS: dict[str, str] = {Kind.NUMBER.value: "number", Kind.POSITION.value: "position",
                                  Kind.LAP_ID.value: "lap_id", Kind.ORDINAL_NUMBER.value: "ordinal",
                                  Kind.DRIVER.value: "driver"}


def readable_tokens(toks: list[Token]) -> list[tuple[int, int, str, Any, bool]]:
    """(start, end, kind, value, decimal) of the readable tokens, as tokenized; a driver that a
    reference was bound to (a pronoun, team description or demonym: tagged) is not one."""
    driver = Kind.DRIVER.value
    return [(t.start, t.end, t.kind, t.value, t.decimal) for t in toks
            if t.kind in READABLE_KINDS and not (t.kind is driver and t.tag)]


class ExtractedClaims(list):
    """The claims of one answer (a plain list to every caller), with what the tokenizer read: the
    prepared lower-case text (``low``) and its readable tokens as they were before the sentence
    passes rebound pronouns and objects (``tokens``: ``readable_tokens``) and its sentence ends
    (``text.sentence_ends``), so the reading coverage of the same answer need not tokenize or split
    it again (``coverage.reading``)."""

    __slots__ = ("text", "low", "tokens", "sentence_ends")

    def __init__(self, claims: Any, text: str, low: str, tokens: list[tuple], sentence_ends: list[int]) -> None:
        super().__init__(claims)
        self.text, self.low, self.tokens, self.sentence_ends = text, low, tokens, sentence_ends
