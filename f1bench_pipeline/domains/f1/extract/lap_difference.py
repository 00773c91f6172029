"""Lap differences between two drivers' stops, and laps to go at a stop.

* ``pit_lap_difference``: a lap count before a direction word, in a clause with a stop or stay-out
  verb: "HAM pitted two laps after OCO", "pitting one lap earlier", "STR stayed out one lap longer
  than BOR", "TSU remained out for 3 more laps", "a 1-lap earlier stop", "paró dos vueltas después",
  "se quedó una vuelta más fuera", "parou 2 voltas antes de HAM", "ficou na pista 2 voltas a mais".
  ``laps`` is signed (the subject stopped after the rival: positive). The rival is the driver named
  after the direction ("than BOR", "de HAM"), else the other driver of the answer's pair
  (``rival_named`` false). "before"/"after" followed by anything else ("two laps after the restart")
  is a date, not a difference: nothing. Without a number, a stop verb followed by an order word is
  the order only (``sign_only``): "GAS pitted first", "BEA paró antes", "GAS parou depois de ALB".
* ``race_laps`` (the distance, beside ``laps.race_laps``): "the 57-lap Qatar Grand Prix", "Race length:
  51 laps", "el GP de Qatar de 57 vueltas", "distância da corrida: 57 voltas".
* ``laps_to_go``: "pitted with 16 laps to go", "16 laps remaining", "a falta de 12 vueltas",
  "faltando 16 voltas", in a sentence with a stop word; the subject's stop when one is named.

The lap count is the claim's only number ("lap difference", "laps to go" in ``finalize.READING_OF_SLOT``):
a count another claim also reads (a stint's length) gives neither claim.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from f1bench_pipeline.domains.f1.extract.binding import other_of_pair, span_start
from f1bench_pipeline.domains.f1.extract.patterns import CLAUSE_BREAK as _ANY_BREAK
from f1bench_pipeline.domains.f1.extract.tokens import DRIVER, LAP_WORD, NUMBER, NUMBER_WORD, PIT, Token
from f1bench_pipeline.domains.f1.extract.vocabulary.race import race_words

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence

# a clause break, but not the comma of a decimal ("1,91 s detrás": one clause)
CLAUSE_BREAK = re.compile(_ANY_BREAK.pattern.replace("[,;:]", "[;:]|,(?!\\d)"))
MAX_DIFFERENCE = 30  # laps: a larger count is a stint or a race distance, not the gap between two stops
VERB_REACH = 90  # characters from the stop or stay-out verb to the lap count ("pitted on lap 18, two laps after")

# after "<N> lap(s)": the direction of the difference, or "to go" (one match per count)
_AFTER_COUNT = re.compile(r"\s+(?:(?P<to_go>" + race_words("to_go") + r")|(?P<earlier>" + race_words("earlier") + r")|"
                          r"(?P<later>" + race_words("later") + r")|(?P<longer>" + race_words("longer") + r"))\b"
                          r"(?:\s+(?:fuera|afuera|en pista|out|on track|na pista))?")
_MORE_STARTS = (" more", " extra", " additional", " further", " más", " mas")  # (its openings: a cheap test first)
_MORE_LAPS = re.compile(r"\s+(?:more|extra|additional|further|más|mas|mais)\s+(?:laps?|vueltas?|voltas?)\b")
_STAY_OUT = re.compile(r"\b(?:" + race_words("stay_out") + r")\b")
_STOP_PHRASE = re.compile(r"\b(?:" + race_words("stop_phrase") + r")\b")
# the rival after the direction: "than BOR", "de HAM", "que SAI", "OCO's"
_RIVAL_PREP = re.compile(r"\s*(?:(?:" + race_words("rival_prep") + r")\s+)?")
_PREP_WORD = re.compile(r"\s*(?:" + race_words("rival_prep") + r")\s")
# "before"/"after" are also dates ("two laps after the restart"): only a driver or the clause's end may follow
_DATE_WORDS = frozenset({"before", "after", "antes", "después", "despues", "depois"})
_CLAUSE_END = re.compile(r"\s*(?:[,.;:)\n*]|$|\s(?:and|y|e|but|pero|mas|while|mientras|enquanto|to|para|in order)\b)")
_TO_GO_BEFORE = re.compile(r"\b(?:" + race_words("to_go_before") + r")\s+(?:only\s+|solo\s+|sólo\s+|apenas\s+)?$")
_TO_GO_ENDS = ("with", "leaving", "falta de", "faltando", "quedando", "restando", "faltaban", "quedaban", "faltavam",
               "restavam", "only", "solo", "sólo", "apenas")  # (the words _TO_GO_BEFORE may end with: a cheap test first)
# a stop verb followed by an order word: "pitted first", "paró antes", "parou depois de ALB"
_ORDER_AFTER_STOP = re.compile(r"\s+(?:first|earlier|sooner|later|before|after|primero|antes|después|despues|"
                               r"más tarde|primeiro|depois|mais tarde|mais cedo)\b")
_ORDER_STARTS = ("first", "earlier", "sooner", "later", "before", "after", "primero", "antes", "despu", "más", "mas",
                 "primeiro", "depois")  # (the words _ORDER_AFTER_STOP opens with, after one space: a cheap test first)
_ORDER_SIGN = {"first": -1, "earlier": -1, "sooner": -1, "before": -1, "primero": -1, "antes": -1, "primeiro": -1,
               "mais cedo": -1}
_NOT_AN_ORDER = re.compile(r"\s+(?:in|on|en|no|na|del|da|do|of|de la|time|lap|vuelta|volta|stint|stop|parada)\b")


def _whole(t: Token) -> int | None:
    """A whole number of laps (a number or number word, 1 to ``MAX_DIFFERENCE``), else None."""
    if t.kind is NUMBER:
        if t.decimal or t.tag:
            return None
    elif t.kind is not NUMBER_WORD:
        return None
    v = t.value
    if isinstance(v, bool) or not isinstance(v, (int, float)) or v != int(v) or not 1 <= v <= MAX_DIFFERENCE:
        return None
    return int(v)


OBJECT_BEFORE = re.compile(r"\b(?:" + race_words("object_prep") + r")\s+$")


def object_before(low: str, t: Token) -> bool:
    """The driver token ``t`` follows a preposition ("frente a LAW", "over STR", "de OCO"): an object."""
    return OBJECT_BEFORE.search(low, max(0, t.start - 16), t.start) is not None


def _subject(doc: Document, sent: Sentence, s: int, rival: str | None) -> str | None:
    """The driver a difference at ``s`` is said of: the last one named in its own clause, else the
    first subject of the sentence before it, else the answer's one driver."""
    low = doc.low
    before = [t for t in sent.tokens if t.kind is DRIVER and t.end <= s and t.value != rival]
    if before:
        last = before[-1]
        if not last.is_object and not object_before(low, last) and not CLAUSE_BREAK.search(low, last.end, s):
            return last.value
        # (a driver after a preposition is no subject: "amplió la separación frente a LAW tras parar antes")
        subj = next((t for t in before if not t.is_object and not object_before(low, t)), None)
        return subj.value if subj is not None else None
    return doc.single if doc.single != rival else None


def _rival_after(doc: Document, sent: Sentence, e: int) -> tuple[str | None, int, bool]:
    """(driver named right after ``e``, its end, clause ends there): "than BOR", "de HAM"."""
    low = doc.low
    m = _RIVAL_PREP.match(low, e)
    at = m.end() if m else e
    for t in sent.tokens:
        if t.start >= at:
            if t.kind is DRIVER and t.start == at and t.tag != "pron":
                return t.value, t.end, False
            break
    return None, e, _CLAUSE_END.match(low, e) is not None


def _verb_before(doc: Document, sent: Sentence, s: int) -> bool:
    """A stop verb or a stay-out verb in the sentence, at most ``VERB_REACH`` characters before ``s``."""
    lo = max(sent.start, s - VERB_REACH)
    return any(t.kind is PIT and lo <= t.start < s for t in sent.tokens) or \
        _STAY_OUT.search(doc.low, lo, s) is not None or _STOP_PHRASE.search(doc.low, lo, s) is not None


def differences(doc: Document, sent: Sentence) -> None:
    """pit_lap_difference from "<N> laps earlier/later/longer (than D)", laps_to_go, and race_laps of a
    count of 20 laps or more stated as the race's distance."""
    low = doc.low
    toks = sent.tokens
    kinds = sent.kinds
    last = len(kinds) - 1
    for i, k in enumerate(kinds):
        if k is not NUMBER and k is not NUMBER_WORD:
            continue
        t = toks[i]
        # (cheap tests first: a lap word right after the number, or the opening of "more laps")
        counted = i < last and kinds[i + 1] is LAP_WORD and toks[i + 1].start - t.end <= 2 and \
            not low[t.end:toks[i + 1].start].strip(" -")
        if not counted:
            if low.startswith(_MORE_STARTS, t.end):  # "3 more laps" ("dos vueltas más" is read below)
                n = _whole(t)
                m = _MORE_LAPS.match(low, t.end)
                if n is not None and m and _STAY_OUT.search(low, max(sent.start, t.start - VERB_REACH), t.start):
                    _add_difference(doc, sent, t, n, 1, m.end(), False)
            continue
        if k is NUMBER and not t.decimal and not t.tag and MIN_RACE_LAPS <= t.value <= 99:
            _race_distance(doc, sent, t)
        n = _whole(t)
        if n is None:
            continue
        lap_end = toks[i + 1].end
        m = _AFTER_COUNT.match(low, lap_end)
        to_go = m is not None and m.lastgroup == "to_go" or \
            low[max(sent.start, t.start - 30):t.start].rstrip(" *").endswith(_TO_GO_ENDS) and \
            _TO_GO_BEFORE.search(low, max(sent.start, t.start - 30), t.start) is not None
        if to_go:
            if PIT in sent.kind_set:
                d = _subject(doc, sent, t.start, None)
                doc.add("laps_to_go", {"laps": n, "driver": d}, span_start(sent, d, t.start) if d else t.start,
                        _to_go_end(low, lap_end))
                sent.used.add(id(t))
            continue
        if m is None:
            continue
        longer = m.lastgroup == "longer"
        if longer and not _STAY_OUT.search(low, max(sent.start, t.start - VERB_REACH), t.start):
            continue  # "two laps more on the hards" without staying out: a stint length
        stop = _stop_right_after(sent, m.end())
        if not longer and not stop and not _verb_before(doc, sent, t.start):
            continue
        sign = -1 if m.lastgroup == "earlier" else 1
        _add_difference(doc, sent, t, n, sign, stop.end if stop else m.end(), m.group(0).strip() in _DATE_WORDS)


# "a lap later": the English article as a count of one (Spanish "una vuelta", Portuguese "uma volta" are number
# words already); only before "lap" and a direction word, so "a lap 20 stop" or "a lap time" is no count
ARTICLE_STEMS = ("a lap ",)  # (the answer-wide gate of ``article_count``)
_ARTICLE = re.compile(r"(?<![\w'])a\s+$")


def article_count(doc: Document, sent: Sentence) -> None:
    """pit_lap_difference of one lap counted by the article: "SAI pitted a lap later than TSU", "boxed a lap earlier",
    "stayed out a lap longer than BOR" (the same rules as a written count)."""
    low = doc.low
    for t in sent.tokens:
        if t.kind is not LAP_WORD or not low.startswith("lap ", t.start) or \
                _ARTICLE.search(low, max(sent.start, t.start - 3), t.start) is None:
            continue
        m = _AFTER_COUNT.match(low, t.end)
        if m is None or m.lastgroup == "to_go":
            continue
        count = Token(t.start - 2, t.start - 1, NUMBER_WORD, 1, "a")
        longer = m.lastgroup == "longer"
        if longer and not _STAY_OUT.search(low, max(sent.start, count.start - VERB_REACH), count.start):
            continue
        stop = _stop_right_after(sent, m.end())
        if not longer and not stop and not _verb_before(doc, sent, count.start):
            continue
        _add_difference(doc, sent, count, 1, -1 if m.lastgroup == "earlier" else 1, stop.end if stop else m.end(),
                        m.group(0).strip() in _DATE_WORDS)


def _to_go_end(low: str, e: int) -> int:
    m = _AFTER_COUNT.match(low, e)
    return m.end() if m else e


def _stop_right_after(sent: Sentence, e: int) -> Token | None:
    """"a 1-lap earlier stop": the stop noun right after the direction word."""
    return next((x for x in sent.tokens if x.kind is PIT and 0 <= x.start - e <= 2), None)


def _add_difference(doc: Document, sent: Sentence, t: Token, n: int, sign: int, e: int, date_word: bool) -> None:
    rival, r_end, clause_ends = _rival_after(doc, sent, e)
    if rival is None and not clause_ends and (date_word or _PREP_WORD.match(doc.low, e)):
        return  # "two laps after the restart", "earlier than his teammate": no rival we can name
    a = _subject(doc, sent, t.start, rival)
    if a is None:
        return
    named = rival is not None
    b = rival if named else other_of_pair(doc, a)
    if b is None or b == a:
        return
    doc.add("pit_lap_difference", {"driver_a": a, "driver_b": b, "laps": sign * n, "rival_named": named},
            span_start(sent, a, t.start), r_end if named else e)
    sent.used.add(id(t))


MIN_RACE_LAPS = 20  # a shorter count is a stint or a gap, not a race distance (as laps.race_laps)
_EVENT_AFTER = re.compile(r"[\s-]*(?:laps?|vueltas|voltas)\s+(?:[a-z\u00c0-\u024f]+\s+){0,3}?(?:grand prix|gp)\b")
_DISTANCE_BEFORE = re.compile(r"\b(?:race length|race distance|length of the race|distance of the race|distancia de "
                              r"(?:la )?carrera|longitud de (?:la )?carrera|distância da corrida|distancia da corrida|"
                              r"extensão da corrida|(?:gp|gran premio|grande prêmio|grand prix)(?: de| do| da)?"
                              r"(?: [a-z\u00c0-\u024f]+){1,3} de)[\s*:=]*(?:of\s+|de\s+)?$")


_DISTANCE_CUE = ("grand prix", "gp", "gran premio", "grande prêmio", "race length", "race distance", "length of",
                 "distance of", "distancia", "longitud", "distância", "extensão")


def _race_distance(doc: Document, sent: Sentence, t: Token) -> None:
    """race_laps of a lap count ``t`` of 20 or more: "the 57-lap Qatar Grand Prix", "Race length: 51 laps",
    "GP de Qatar de 57 vueltas"."""
    low = doc.low
    if t.value != int(t.value) or not any(low.find(w, max(sent.start, t.start - 60), t.end + 40) >= 0
                                          for w in _DISTANCE_CUE):
        return  # (a cheap test before the patterns: a distance word near it)
    if low.startswith("-", t.end) and _EVENT_AFTER.match(low, t.end) or \
            _DISTANCE_BEFORE.search(low, max(sent.start, t.start - 60), t.start):
        doc.add("race_laps", {"laps": int(t.value)}, t.start, t.end + len(low[t.end:].split(None, 1)[0]))


def stop_order(doc: Document, sent: Sentence) -> None:
    """pit_lap_difference with the order only: "GAS pitted first", "BEA paró antes", "parou depois de ALB"."""
    low = doc.low
    for t in sent.tokens:
        if t.kind is not PIT or not low.startswith(_ORDER_STARTS, t.end + 1):
            continue
        m = _ORDER_AFTER_STOP.match(low, t.end)
        if m is None or _NOT_AN_ORDER.match(low, m.end()):
            continue
        word = m.group(0).strip()
        rival, r_end, clause_ends = _rival_after(doc, sent, m.end())
        if rival is None and not clause_ends:
            continue  # "pitted before the safety car", "stopped earlier than planned"
        a = _subject(doc, sent, t.start, rival)
        if a is None:
            continue
        b = rival if rival is not None else other_of_pair(doc, a)
        if b is None or b == a:
            continue
        doc.add("pit_lap_difference", {"driver_a": a, "driver_b": b, "laps": _ORDER_SIGN.get(word, 1),
                                       "sign_only": True, "rival_named": rival is not None},
                span_start(sent, a, t.start), r_end if rival is not None else m.end())
