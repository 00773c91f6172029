"""Facts an instance's context cannot state (``unstated_fact``, issue #44), EN/ES/PT.

The contexts state each driver's stints, stops, the battle's gap and the result, never the weather,
championship points or the time a stop cost, so a statement of one of these about this race is
unverifiable (``verify_unstated.py``). One claim per ``kind`` and sentence:

* ``weather``: "in wet conditions", "the track was drying", "rain returned", "condiciones de lluvia",
  "pista mojada", "em condições molhadas", "a pista secava"; not a tyre's name ("wet-weather tyres",
  "INTERMEDIATE": the context states the compound);
* ``points``: "finished in the points", "a points finish", "mantenerse en puntos", "zona de pontos";
  not "key points", "pontos-chave";
* ``tyre_age``: a stint run on a used set ("OCO's final stint was on a used MEDIUM", "cambió a MEDIUM
  usados"), of a driver named (or a pronoun) in its sentence (``tyre_age_words``);
* ``pit_time``: the time a stop lost or saved: "a cheap/free stop", "the stop cost him little time",
  "perdió menos tiempo en boxes", "parada barata", "sem perda significativa de tempo", in a sentence
  about a stop; not a gap or gain with its value (those are ``gap``/``gain`` claims).

Nothing asserted gives no claim: a hedge or condition before the phrase in its clause ("likely wet
conditions", "if it had rained"), an alternative ("the tyres wore out or the track dried"), a negation ("the data do not show rain"), a general remark ("pitting
under SC typically reduces time loss").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from f1bench_pipeline.domains.f1.extract.checks import after_last_break
from f1bench_pipeline.domains.f1.extract.pace_cues import stem_in
from f1bench_pipeline.domains.f1.extract.tokens import CHANGE, DRIVER, NEGATION, NUMBER, PIT, PRONOUN, trie_regex
from f1bench_pipeline.domains.f1.extract.vocabulary import tyre_age_words as A
from f1bench_pipeline.domains.f1.extract.vocabulary import unstated_more_words as M
from f1bench_pipeline.domains.f1.extract.vocabulary import unstated_words as W

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence

CLAUSE_REACH = 140  # characters before a phrase searched for a hedge, negation or general remark (its clause)
NEGATION_REACH = 40  # characters from a negation to the phrase it denies ("no data on rain")
NUMBER_REACH = 60  # characters around a pit-time phrase searched for a seconds value (then a gap/gain's)

_STEMS = re.compile(trie_regex(sorted(set(W.STEMS + M.STEMS + A.STEMS))))
# (a kind's stems as one trie regex: one C pass over the sentence, not one substring search per stem)
_KINDS = (("weather", re.compile(trie_regex(list(W.WEATHER_STEMS + M.WEATHER_STEMS))),
           re.compile(W.WEATHER + "|" + M.WEATHER)),
          ("points", re.compile(trie_regex(list(W.POINTS_STEMS))), re.compile(W.POINTS + "|" + M.POINTS)),
          ("pit_time", re.compile(trie_regex(list(W.PIT_TIME_STEMS + M.PIT_TIME_STEMS))),
           re.compile(W.PIT_TIME + "|" + M.PIT_TIME)),
          ("tyre_age", re.compile(trie_regex(list(A.STEMS))), re.compile(A.TYRE_AGE)))
_TYRE_BEFORE = re.compile(M.TYRE_BEFORE)
_STRATEGY_BEFORE = re.compile(M.STRATEGY_BEFORE)
_TIME_WORD = re.compile(r"time|tiempo|tempo|p[ée]rdida|perda")  # a time loss, not "a free stop"
_TYRE_AFTER = re.compile(W.TYRE_AFTER)
_PURPOSE_BEFORE = re.compile(W.PURPOSE_BEFORE)
_NOT_POINTS_AFTER = re.compile(W.NOT_POINTS_AFTER)
_GENERAL = re.compile(W.GENERAL)
_HEDGE = re.compile(W.HEDGE)
_CLAUSE_BREAK = re.compile(r"[.;:\n]|\s[-–—]\s|\b(?:but|pero|mas|however|sin\s+embargo|no\s+entanto|while|mientras|"
                           r"enquanto)\b")
_STOP_WORD = re.compile(r"stop|pit|parada|box")
# one explanation offered among others: "the intermediates wore out or the track dried", "ou condições de pista secando"
_OR_BEFORE = re.compile(r"\b(?:or|ou)\s+(?:\w+\s+){0,3}$")


def _clause_start(low: str, sent: Sentence, s: int) -> int:
    return after_last_break(low, max(sent.start, s - CLAUSE_REACH), s, _CLAUSE_BREAK)


def _asserted(doc: Document, sent: Sentence, s: int) -> bool:
    """The phrase at ``s`` is stated as what happened in this race: no hedge, condition, negation or
    general remark before it in its clause."""
    low = doc.low
    lo = _clause_start(low, sent, s)
    if _HEDGE.search(low, lo, s) or _GENERAL.search(low, lo, s):
        return False
    return not any(x.kind is NEGATION and lo <= x.start and s - x.end <= NEGATION_REACH for x in sent.tokens
                   if x.start < s)


def _valued(sent: Sentence, s: int, e: int) -> bool:
    """A seconds value beside a pit-time phrase: the time lost or gained is a gap or gain claim's."""
    return any(x.kind is NUMBER and x.tag == "s" and s - NUMBER_REACH <= x.start <= e + NUMBER_REACH
               for x in sent.tokens)


def facts(doc: Document, sent: Sentence) -> None:
    low = doc.low
    if not stem_in(doc, "_unstated_stems", _STEMS, sent.start, sent.end):
        return
    for kind, stems, pat in _KINDS:  # (a kind's regex only where one of its literal pieces is)
        if stems.search(low, sent.start, sent.end) is None:
            continue
        for m in pat.finditer(low, sent.start, sent.end):
            s, e = m.start(), m.end()
            if kind == "weather" and _TYRE_AFTER.match(low, e):
                continue  # "wet weather tyres": a tyre's name
            if kind == "weather" and (_PURPOSE_BEFORE.search(low, max(sent.start, s - 30), s) or
                                      _TYRE_BEFORE.search(low, max(sent.start, s - 30), s)):
                continue  # "intermediates are designed for wet conditions", "pneus de pista seca": a tyre's use
            if kind == "points" and _NOT_POINTS_AFTER.match(low, e):
                continue  # "the key points", "pontos-chave"
            if kind == "pit_time":
                if _STOP_WORD.search(m.group(0)) is None and PIT not in sent.kind_set and CHANGE not in sent.kind_set:
                    continue  # "without significant time loss" of no stop: tyre wear, not the pits
                if _valued(sent, s, e):
                    continue  # "lost less time in the pits, gaining 1.1 s": the gain's
                if _TIME_WORD.search(low, s, e) and _STRATEGY_BEFORE.search(low, _clause_start(low, sent, s), e):
                    continue  # "the one-stop strategy minimized time lost in the pits": the strategy's, no stop's
            if kind == "tyre_age" and DRIVER not in sent.kind_set and PRONOUN not in sent.kind_set:
                continue  # a used set of no driver named (not even the answer's single one): reasoning
            if kind == "weather" and _OR_BEFORE.search(low, max(sent.start, s - 30), s):
                continue  # "the tyres wore out or the track dried": one explanation offered among others
            if not _asserted(doc, sent, s):
                continue
            doc.add("unstated_fact", {"kind": kind}, s, e)
            break  # one claim per kind and sentence
