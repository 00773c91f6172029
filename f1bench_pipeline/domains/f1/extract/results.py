"""Results: final positions, the winner and the number of stops.

* ``final_position``: "P5", "finished 3rd", "terminó en el 5º lugar", "position 4" after a finish
  word, "P1 PIA / P2 VER" (a place before its driver, after a separator), parallel values "(P8 vs.
  P17)". Not a grid or qualifying place, not a place held during the race (before/after the
  stops, on a lap, "from P9 to P5") unless the clause names the finish, not a table cell or an
  indented key outside the finish.
* ``winner`` (with ``final_position`` 1): "won the race", "took the win", "ganó la carrera".
* ``n_stops``: a number or number word before a stop noun ("two stops", "a one-stop", "no
  stops"), "pitted twice", "stops: 2", "parada única", "a 3-stint strategy" (two stops).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from f1bench_pipeline.domains.f1.extract.binding import assign_parallel, drivers_for, span_start
from f1bench_pipeline.domains.f1.extract.checks import (clause_end, clause_start, grid_before, index_number, next_word,
                                                     once_any)
from f1bench_pipeline.domains.f1.extract.layout import finish_column, finish_key
from f1bench_pipeline.domains.f1.extract.patterns import (AFTER_STOP, ARTICLE_ONE, ARTICLE_ONE_BAD_AFTER,
                                                       ARTICLE_ONE_OK_BEFORE, DASH_LABEL, FIN_GAP, LAP_JUST_BEFORE,
                                                       ONCE, ONCE_FIRST, ONCE_TWICE, RUNNING_CUE, SEPARATOR,
                                                       SINGLE_AFTER, STINT_STRATEGY_BEFORE, STINT_SUBSET_AFTER, STOP_DET_BEFORE, STOP_NOUNS,
                                                       STOP_COMPARED_AFTER, STOP_OPTION_AFTER, STOP_OPTION_BEFORE,
                                                       STOPCOUNT_GAP, STOPS_COLON, WIN_BARE, WIN_NOUNS, WINNER_AFTER)
from f1bench_pipeline.domains.f1.extract.senses import planned_count
from f1bench_pipeline.domains.f1.extract.tokens import (DRIVER, FINISH, NEGATION, NUMBER, NUMBER_WORD, ORDINAL,
                                                     ORDINAL_NUMBER, PIT, PLACE, POSITION, STINT_NOUN, WIN, Token)
from f1bench_pipeline.domains.f1.extract.vocabulary import word_set

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence

_COUNT_KINDS = frozenset({NUMBER_WORD, NUMBER, NEGATION})
_NUMBER_KINDS = frozenset({NUMBER_WORD, NUMBER})
# "a 3-stint strategy", "una estrategia de ...": the stint count of a plan
_STRATEGY_NOUNS = word_set("strategy_noun")


_NOT_A_PLACE = word_set("not_a_place_ordinal")


def positions(doc: Document, sent: Sentence) -> None:
    """final_position: "P5", "finished 3rd", "5º lugar", "position 4" after a finish word; not a
    grid or running place, not a table cell or key outside the finish."""
    toks = sent.tokens
    low = doc.low
    items: list[tuple[int, int, int, int]] = []
    has_finish = FINISH in sent.kind_set
    for i, k in enumerate(sent.kinds):
        if k is not POSITION and k is not ORDINAL and k is not ORDINAL_NUMBER and k is not PLACE:
            continue
        t = toks[i]
        val = None
        if t.kind is POSITION:
            if 1 <= t.value <= 24:
                val = t.value
        elif t.kind is ORDINAL or t.kind is ORDINAL_NUMBER:
            if not (isinstance(t.value, int) and 1 <= t.value <= 24) or t.word in _NOT_A_PLACE:
                continue  # "initial position gain" is no first place
            prev = toks[i - 1] if i else None
            nxt = toks[i + 1] if i + 1 < len(toks) else None
            fin = prev is not None and prev.kind is FINISH and t.start - prev.end <= 14 and \
                FIN_GAP.fullmatch(low, prev.end, t.start)
            place = nxt is not None and nxt.kind is PLACE and nxt.start - t.end <= 3 and not nxt.word.endswith("s")
            if fin or place:
                val = t.value
        elif t.kind is PLACE and has_finish and not t.word.endswith("s"):
            nxt = toks[i + 1] if i + 1 < len(toks) else None
            if nxt is not None and nxt.kind is NUMBER and not nxt.tag and not nxt.decimal and \
                    nxt.start - t.end <= 3 and 1 <= nxt.value <= 24 and \
                    any(x.kind is FINISH and x.end <= t.start and t.start - x.end <= 20 for x in toks):
                items.append((int(nxt.value), t.start, nxt.end, i))
            continue
        if val is None:
            continue
        if grid_before(low, t.start):
            continue
        if _running_position(doc.low, toks, t):
            continue  # "ran P9 before the stops (lap 31)": a place during the race, not at the end
        if not finish_column(doc, t.start) or not finish_key(doc.text, t.start):
            continue  # a table cell under "Pos. lap 26", a "positions:" key under "gap_before:"
        items.append((val, t.start, t.end, i))
    if not items:
        return
    parallel = assign_parallel(doc, sent, items)
    found: list[tuple[str, int, int, int]] = []
    for val, s, e, i in items:
        owner = _owner_after(doc.text, toks, i)
        drivers = [owner] if owner else parallel[s] if s in parallel else drivers_for(doc, sent, s, e)
        for d in drivers[:1]:
            found.append((d, val, s, e))
    # One reading per number: a driver finishes in one place. Two places given to one driver in one
    # sentence ("HAD finished behind SAI, P17 to P13") mean one of them is someone else's: neither
    # is read.
    places: dict[str, set[int]] = {}
    for d, val, _s, _e in found:
        places.setdefault(d, set()).add(val)
    for d, val, s, e in found:
        if len(places[d]) == 1:
            doc.add("final_position", {"driver": d, "position": val}, span_start(sent, d, s), e)


def _owner_after(text: str, toks: list[Token], i: int) -> str | None:
    """"P1 PIA / P2 VER": a place written before its driver, after a separator, is that driver's."""
    t = toks[i]
    nxt = toks[i + 1] if i + 1 < len(toks) else None
    # (``text``: the original; "|" is blanked in ``low``)
    if t.kind is not POSITION or nxt is None or nxt.kind is not DRIVER or nxt.tag == "pron" or \
            nxt.start - t.end > 3 or text[t.end:nxt.start].strip(" *"):
        return None
    prv = toks[i - 1] if i else None
    if prv is not None and prv.kind is DRIVER and not SEPARATOR.search(text, prv.end, t.start):
        return None  # "OCO P11 / SAR P14", "ALO: P2 | RUS: P17": the place follows its driver
    return nxt.value


def _running_position(low: str, toks: list[Token], t: Token) -> bool:
    """A position held during the race (before/after the stops, on a lap, a move from one place to
    another) in a clause that names no finish."""
    lo = clause_start(low, t.start, 140)
    hi = clause_end(low, t.end, 60)
    if any(x.kind is FINISH and lo <= x.start < hi for x in toks):
        return False
    return RUNNING_CUE.search(low, lo, hi) is not None or \
        LAP_JUST_BEFORE.search(low, max(lo, t.start - 35), t.start) is not None


def winner(doc: Document, sent: Sentence) -> None:
    """winner and final_position 1: "won the race", "took the win" (not negated, not a bare noun)."""
    toks = sent.tokens
    low = doc.low
    for i, k in enumerate(sent.kinds):
        if k is not WIN:
            continue
        t = toks[i]
        if t.word in WIN_NOUNS:
            continue  # nouns are too often hypothetical ("fight for victory")
        if t.word in WIN_BARE and not WINNER_AFTER.match(low, t.end):
            continue
        if any(x.kind is NEGATION and x.end <= t.start and t.start - x.end <= 12 for x in toks):
            continue
        drivers = drivers_for(doc, sent, t.start, t.end, postfix=False)
        for d in drivers[:1]:
            doc.add("winner", {"driver": d}, span_start(sent, d, t.start), t.end)
            doc.add("final_position", {"driver": d, "position": 1}, span_start(sent, d, t.start), t.end)


def _counted_stops(toks: list[Token]) -> bool:
    """The sentence counts the stops themselves ("dos paradas en el sentido de dos stints"): a count
    of stints beside it is no second reading of the stops."""
    return any(t.kind is PIT and t.word in STOP_NOUNS and i and toks[i - 1].kind in _COUNT_KINDS and
               t.start - toks[i - 1].end <= 3 for i, t in enumerate(toks))


_SINGLE_STOP_NOUNS = frozenset({"parada", "stop", "paragem"})


def _single_stop(low: str, sent: Sentence) -> bool:
    """"fue a parada única", "foi de paragem única": a count with no number word in the sentence."""
    return any(t.kind is PIT and t.word in _SINGLE_STOP_NOUNS and SINGLE_AFTER.match(low, t.end) for t in sent.tokens)


def n_stops(doc: Document, sent: Sentence) -> None:
    """n_stops: "two stops", "a one-stop", "no stops", "pitted twice", "stops: 2", "a 3-stint
    strategy" (2); "una parada" only where it reads as a count; none when a stop is denied."""
    kind_set = sent.kind_set
    low = doc.low
    if sent.not_a_stop or not (NUMBER_WORD in kind_set or NUMBER in kind_set or NEGATION in kind_set or
                               PIT in kind_set and (once_any(low, sent.start, sent.end) or
                                                    _single_stop(low, sent))):
        return
    toks = sent.tokens
    for i, k in enumerate(sent.kinds):
        if k is not PIT and k is not STINT_NOUN:
            continue
        t = toks[i]
        n = None
        s = t.start
        if t.kind is PIT and t.word in STOP_NOUNS:
            p = toks[i - 1] if i >= 1 else None
            if p is not None and p.kind in _COUNT_KINDS and t.start - p.end <= 12 and \
                    STOPCOUNT_GAP.fullmatch(low, p.end, t.start) and not DASH_LABEL.search(doc.text, p.end, t.start) \
                    and not index_number(low, toks, i - 1):  # "the lap-9 stop" names a stop, it counts none
                if p.kind is NUMBER_WORD:
                    n = p.value
                    if p.word in ARTICLE_ONE and doc.lang in ("es", "pt"):
                        # "una parada" is also "a stop": only the count readings
                        if not (ARTICLE_ONE_OK_BEFORE.search(low, max(0, p.start - 12), p.start) or
                                SINGLE_AFTER.match(low, t.end)) or ARTICLE_ONE_BAD_AFTER.match(low, t.end):
                            n = None
                elif p.kind is NUMBER and not p.tag and not p.decimal and 0 <= p.value <= 15:
                    n = int(p.value)
                elif p.kind is NEGATION and p.word == "no" and doc.lang == "en":
                    n = 0
                if n is not None:
                    s = p.start
                    if STOP_DET_BEFORE.search(low, max(0, p.start - 14), p.start) or AFTER_STOP.match(low, t.end):
                        n = None
                    elif STOP_OPTION_BEFORE.search(low, max(0, p.start - 20), p.start) or \
                            STOP_OPTION_AFTER.match(low, t.end) or STOP_COMPARED_AFTER.match(low, t.end):
                        n = None  # "faster than a one-stop", "a one-stop or two-stop plan": an option
            if n is None and t.word in _SINGLE_STOP_NOUNS and SINGLE_AFTER.match(low, t.end):
                n = 1  # "parada única", "fue a parada única", "foi de paragem única"
            if n is None and t.word in ("stops", "paradas", "pit stops", "pitstops"):
                m = STOPS_COLON.match(low, t.end, t.end + 6)
                if m:
                    n = int(m.group(1))
        elif t.kind is PIT:
            m = ONCE_TWICE.match(low, t.end, t.end + 24) if low[t.end:t.end + 24].lstrip()[:1] in ONCE_FIRST else None
            if m:
                n = ONCE[" ".join(m.group(1).split())]
        elif t.kind is STINT_NOUN and i >= 1:
            p = toks[i - 1]
            if p.kind in _NUMBER_KINDS and t.start - p.end <= 2 and \
                    (p.kind is NUMBER_WORD or (not p.tag and not p.decimal)):
                n_stints = int(p.value)
                if 2 <= n_stints <= 7 and (STINT_STRATEGY_BEFORE.search(low, max(0, p.start - 10), p.start) or
                                    next_word(low, t.end) in _STRATEGY_NOUNS) and \
                        not STOP_DET_BEFORE.search(low, max(0, p.start - 14), p.start) and \
                        not STINT_SUBSET_AFTER.match(low, t.end) and not _counted_stops(toks):
                    n = n_stints - 1
                    s = p.start
        if n is None or planned_count(low, s, t.end):
            continue  # (a count planned or overtaken by events: "on course for a two-stop until the SC")
        for d in drivers_for(doc, sent, s, t.end, postfix=True):
            doc.add("n_stops", {"driver": d, "n": n}, span_start(sent, d, s), t.end)
