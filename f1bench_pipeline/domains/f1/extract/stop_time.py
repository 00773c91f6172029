"""A stop's time or pit-lane loss stated as a number (``unstated_fact`` kind ``pit_time``; #44, fifth pass), EN/ES/PT.

The contexts state the pit laps only, never how long a stop took or what it cost in the pit lane, so "RUS's pit stop
time was 1.04 seconds faster than HAM's", "the stop took 2.4s", "lost about 20s in the pit lane", "la parada duró
2,4 s", "perdeu cerca de 20 s no pit" state a fact the context does not hold: unverifiable, as the human gold labels
a fact the context lacks (``vocabulary/stop_time_words.py``). The number is read once: one another claim read (a gap,
a gain, a stint's average) keeps that reading. A hedge, a condition or a general remark before it in its clause
("likely lost ~20s", "a stop typically costs 20s") gives none.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from f1bench_pipeline.domains.f1.extract.tokens import NUMBER, trie_regex
from f1bench_pipeline.domains.f1.extract.vocabulary import stop_time_words as W
from f1bench_pipeline.domains.f1.extract.vocabulary import unstated_words as U

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence

# the rule's answer-wide gate (``dispatch``): broad pieces, one of which nearly every answer holds early (a test that
# stops at its first hit is cheaper than ruling out every specific phrase); the sentence test is ``W.STEMS``'
STEMS = ("pit", "stop", "parad", "box", "took", "lasted", "stationary")
PHRASE_REACH = 40  # characters before a number searched for its stop-time phrase (and what may stand between)
CLAUSE_REACH = 120  # characters before the phrase searched for a hedge or a general remark (its clause)
MAX_STOP_S = 60.0  # seconds at most of a stop's time or pit-lane loss (a larger number is no stop's: a stint's, a gap's)

_BEFORE = re.compile(r"(?:" + W.BEFORE + r")" + W.FILLER)
_LOST = re.compile(W.LOST_BEFORE)
_PLACE_AFTER = re.compile(W.PLACE_AFTER)
_STEMS = re.compile(trie_regex(list(W.STEMS)))
_HEDGE = re.compile(U.HEDGE + "|" + U.GENERAL)
_BREAK = re.compile(r"[.;:\n]")


def _clause(low: str, sent: Sentence, s: int) -> int:
    lo = max(sent.start, s - CLAUSE_REACH)
    breaks = list(_BREAK.finditer(low, lo, s))
    return breaks[-1].end() if breaks else lo


def times(doc: Document, sent: Sentence) -> None:
    low = doc.low
    s, e = sent.start, sent.end
    if not sent.secs or _STEMS.search(low, s, e) is None:
        return  # (a value in seconds first: ``dispatch`` lists them)
    used = sent.used
    read = [(r[2], r[3]) for r in doc.records if s <= r[2] < e]
    for t in sent.tokens:
        if t.kind is not NUMBER or t.tag != "s" or id(t) in used or not 0 < abs(t.value) < MAX_STOP_S or \
                any(a < t.end and t.start < b for a, b in read):
            continue
        lo = max(s, t.start - PHRASE_REACH)
        m = _BEFORE.search(low, lo, t.start)
        start = m.start() if m is not None and m.end() == t.start else None
        if start is None:
            lost = _LOST.search(low, lo, t.start)
            if lost is not None and lost.end() == t.start and _PLACE_AFTER.match(low, t.end):
                start = lost.start()
        if start is None or _HEDGE.search(low, _clause(low, sent, start), start):
            continue
        used.add(id(t))
        doc.add("unstated_fact", {"kind": "pit_time"}, start, t.end)
        return  # one claim per sentence
