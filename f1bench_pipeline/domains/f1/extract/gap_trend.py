"""A gain stated by its direction only (``gain`` with ``sign_only``; issue #44, third pass).

* "HUL gained time on STR", "BEA lost time to OCO", "BOR fell further back", "HAM extended his lead",
  "BEA opened a significant lead over GAS", "OCO came out with a much larger lead", "ganó/perdió tiempo
  frente a SAI", "BOR quedó más atrás", "BEA abriu uma vantagem significativa": the subject gained
  (+1) or lost (-1) time on the rival named after the verb, else on the other driver of the answer's
  battle (only when the clause ends there or goes on with the stops: "lost time during the laps he
  extended" is not the battle's net). A move as the subject ("the undercut gained time") is its attacker's.
* "the gap shrank/grew", "la brecha se redujo", "o gap aumentou": the size of the pair's gap (``of_gap``),
  "the gap increased in OCO's favour": OCO gained.

The size of the change is read by ``gaps.py`` when stated: a clause with a number in seconds after the
verb ("grew to 8.0 s", "closed by 1.0 s") gives nothing here, nor a negated, hedged or open one ("whether
TSU gained or lost time"), nor a base form or gerund (purpose: "to gain time"; counterfactual sentences
never reach the rules). One reading per statement: a span a ``gain`` claim took gives no second one.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from f1bench_pipeline.domains.f1.extract.binding import other_of_pair
from f1bench_pipeline.domains.f1.extract.caused_order import negated_clause
from f1bench_pipeline.domains.f1.extract.lap_difference import CLAUSE_BREAK, object_before
from f1bench_pipeline.domains.f1.extract.race_order import _denied, _subject_before, hedged, within
from f1bench_pipeline.domains.f1.extract.tokens import BEHIND, DRIVER, GAIN, GAP, REDUCE, START, Token
from f1bench_pipeline.domains.f1.extract.vocabulary.trend_words import (FAVOUR_AFTER, GAINED, GAP_NOUN, GREW, LOST,
                                                                      NO_RIVAL_AFTER, OPEN, RIVAL_BEFORE, SHRANK)

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence

# substrings one of which every verb match holds (a sentence without one is not searched for them)
VERB_STEMS = ("gained", "lost", "made up", "clawed", "closed in", "further", "farther", "lead", "advantage", "margin",
              "cushion", "gan", "perd", "ventaja", "vantagem", "margen", "margem", "atr")
# the gap's own nouns (a sentence holds a GAP token first): "the gap shrank", "la brecha se redujo"
_GAP_NOUNS = ("gap", "interval", "brecha", "diferen", "distan")
# (the lookahead on a verb's first letter lets the scan skip most positions cheaply)
_VERB = re.compile(r"(?=[acdefgilmopqrsw])(?:(?P<up>" + GAINED + r")|(?P<down>" + LOST + r"))")
_GAP = re.compile(r"(?=[aelot])" + GAP_NOUN + r"(?:(?P<grew>" + GREW + r")|(?P<shrank>" + SHRANK + r"))")
_RIVAL_BEFORE = re.compile(RIVAL_BEFORE)
_NO_RIVAL_AFTER = re.compile(NO_RIVAL_AFTER)
_FAVOUR = re.compile(FAVOUR_AFTER)
_OPEN = re.compile(OPEN)
# a move as the subject: "the undercut gained time", "el undercut ganó tiempo"
_MOVE_BEFORE = re.compile(r"\b(?:undercut|overcut|earlier stop|later stop|move|maneuver|manoeuvre|parada|estrategia|"
                          r"estratégia)[\s*_]*$")
SIZE_REACH = 24  # characters after the verb in which a number is the change's own size, past a comma
OPEN_REACH = 80  # characters before the verb in which "whether", "cannot determine" leave it open


def _driver_at(sent: Sentence, at: int) -> Token | None:
    return next((t for t in sent.tokens if t.start == at and t.kind is DRIVER and t.tag != "pron"), None)


def _rival(doc: Document, sent: Sentence, e: int) -> Token | None:
    m = _RIVAL_BEFORE.match(doc.low, e)
    return _driver_at(sent, m.end()) if m else None


def _blocked(doc: Document, sent: Sentence, s: int) -> bool:
    """A negation, hedge or open question before the verb at ``s``."""
    return _denied(doc, sent, s) or hedged(doc, sent, s) or negated_clause(doc, sent, s) or \
        _OPEN.search(doc.low, max(sent.start, s - OPEN_REACH), s) is not None


def _secs_after(doc: Document, sent: Sentence, e: int) -> bool:
    """A number in seconds after ``e`` in its clause or right after it ("grew, from 4.686s to 9.108s"): the
    change's size, read by the gain and gap rules."""
    brk = CLAUSE_BREAK.search(doc.low, e, sent.end)
    hi = max(brk.start() if brk else sent.end, e + SIZE_REACH)
    return any(e <= x.start < hi for x in sent.secs or ())


def _taken(doc: Document, sent: Sentence, s: int, e: int) -> bool:
    """A gain read in this sentence over [s, e)."""
    for r in reversed(doc.records):
        if r[3] < sent.start:
            break
        if r[0] == "gain" and r[2] < e and s < r[3]:
            return True
    return False


def _add(doc: Document, a: str, d: str, sign: int, s: int, e: int, of_gap: bool = False) -> None:
    slots = {"seconds": float(sign), "attacker": a, "defender": d, "sign_only": True}
    if of_gap:
        slots["of_gap"] = True
    doc.add("gain", slots, s, e)


# the kinds one of which a sentence holds for ``trends`` (dispatch.py): "gained", "extended", "the gap", "lead",
# "más atrás", "salió"; what none of them marks ("lost time", "perdió tiempo", "fell further back", "came out with a
# larger advantage") is read by ``losses`` in an answer holding one of ``LOSS_STEMS``
TREND_KINDS = (GAIN, REDUCE, GAP, BEHIND, START)
LOSS_STEMS = ("lost", "perdi", "perdeu", "further", "farther", "advantage", "cushion")


def losses(doc: Document, sent: Sentence) -> None:
    """The sentences ``trends`` does not see: a loss or a lead with no token kind of its own."""
    if sent.kind_set.isdisjoint(TREND_KINDS):
        trends(doc, sent)


def trends(doc: Document, sent: Sentence) -> None:
    low = doc.low
    verbs = _VERB.finditer(low, sent.start, sent.end) if within(low, sent.start, sent.end, VERB_STEMS) else ()
    for m in verbs:
        s, e = m.start(), m.end()
        if _blocked(doc, sent, s) or _secs_after(doc, sent, e) or _taken(doc, sent, s, e):
            continue
        subj = _subject_before(doc, sent, s)
        if subj is not None:
            code = subj.value
        elif doc.last_battle and _MOVE_BEFORE.search(low, max(sent.start, s - 24), s):
            code = doc.last_battle[0]  # "the undercut gained time": its attacker
        else:
            continue
        rival_tok = _rival(doc, sent, e) or next((t for t in sent.tokens if s < t.start < e and t.kind is DRIVER and
                                                  t.tag != "pron" and object_before(low, t)), None)  # "quedó respecto de LAW más atrás"
        if rival_tok is not None:
            rival = rival_tok.value
        elif _NO_RIVAL_AFTER.match(low, e):
            rival = other_of_pair(doc, code)
        else:
            continue  # "lost time during the laps he extended": not the battle's net
        if rival is None or rival == code:
            continue
        _add(doc, code, rival, 1 if m.group("up") else -1, subj.start if subj is not None else s,
             max(e, rival_tok.end) if rival_tok is not None else e)
    sizes = _GAP.finditer(low, sent.start, sent.end) if GAP in sent.kind_set and \
        within(low, sent.start, sent.end, _GAP_NOUNS) else ()
    for m in sizes:
        s, e = m.start(), m.end()
        if _blocked(doc, sent, s) or _secs_after(doc, sent, e) or _taken(doc, sent, s, e):
            continue
        fav = _FAVOUR.match(low, e)
        if fav is not None:  # "the gap increased in OCO's favour": OCO gained
            who = _driver_at(sent, fav.start("a") if fav.group("a") else fav.start("b"))
            other = other_of_pair(doc, who.value) if who is not None else None
            if who is not None and other is not None:
                _add(doc, who.value, other, 1, s, fav.end())
            continue
        named = [_driver_at(sent, m.start(g)) for g in ("x", "y", "p", "q") if m.group(g)]
        pair = doc.last_gap_pair or doc.last_battle
        if named:  # "the HUL->ANT gap", "the gap between HUL and ANT" (the arrow's first code is no token of its own)
            codes = {m.group(g).upper() for g in ("x", "y", "p", "q") if m.group(g)}
            known = [p for p in (doc.last_gap_pair, doc.last_battle) if p and set(p) == codes]
            pair = known[0] if known else (named[0].value, named[1].value) if len(named) == 2 and \
                named[0] is not None and named[1] is not None else None
        if pair is None or pair[0] == pair[1]:
            continue
        _add(doc, pair[0], pair[1], 1 if m.group("grew") else -1, s, e, of_gap=True)
