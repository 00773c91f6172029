"""Comparisons of stints' lengths in laps (``pace_comparison`` with ``metric`` "length"), EN/ES/PT.

A stint's length is a comparison like its pace or degradation: two sides (a driver, a stint, a tyre),
a relation and a superlative over the driver's own stints; only the quantity differs (the context's
``n_laps``, ``verify_pace.py``). So it is a metric of ``pace_comparison``, not a type of its own: the
sides, their pinning and the verdicts are the same code.

* comparative, side a's stint named before it in its clause, side b after "than"/"que"/"vs.": "OCO's
  first stint was longer than LAW's", "The Medium stint was much longer than the Intermediate stint",
  "GAS's first stint (11 laps) was slightly shorter than SAI's (12 laps)", "BEA's HARD stint was longer
  (44 laps vs. SAI's 40 laps)", "la primera tanda de OCO fue más larga que la de LAW", "o stint de
  HARD foi mais longo que o de MEDIUM" (``relation`` higher: side a has more laps);
* a difference in laps, the stint named after it: "NOR stayed out 4 laps fewer on the first stint than
  PIA", "4 vueltas menos en la primera tanda que PIA", "4 voltas a menos no primeiro stint que PIA"
  (``laps``, checked exactly: the context states whole laps);
* superlative over the driver's stints, the driver named on it: "the MEDIUM stint was RUS's longest",
  "his longest stint was the second one", "su tanda más larga", "o seu stint mais longo".

No claim: "stayed out longer" with no stint noun (a stop's lap, ``lap_difference``), a negated one, a
side b named by its value only ("longer (16 laps vs. 14 laps)"), no side b ("a longer first stint"),
a superlative over "the race" (whether the answer means the driver's race or the whole field's is not
said) or of no stated scope ("the longest stint").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from f1bench_pipeline.domains.f1.extract.checks import after_last_break
from f1bench_pipeline.domains.f1.extract.binding import drivers_for
from f1bench_pipeline.domains.f1.extract.pace_compare import _SIDE_END, _THAN, _negated, _side_b
from f1bench_pipeline.domains.f1.extract.pace_cues import _stint_of, stem_in
from f1bench_pipeline.domains.f1.extract.tokens import DRIVER, LAP_WORD, NUMBER, NUMBER_WORD, STINT_NOUN, Token, trie_regex
from f1bench_pipeline.domains.f1.extract.vocabulary import length_words as W

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence

CLAUSE_REACH = 60  # characters before the comparative searched for side a's stint
THAN_REACH = 40  # characters from the comparative (and a bracket of its value) to "than"
SIDE_B_REACH = 50  # characters after "than" read as side b
DIFF_REACH = 4  # characters from a lap count to "laps fewer" ("4 laps fewer": the count's own phrase)
MAX_LAPS = 90  # a difference of more laps than a race has is no stint's

STEMS = W.STEMS
_STEMS = re.compile(trie_regex(list(STEMS)))  # (the answer scanned once for them, a sentence looked up)
_ANY = re.compile(f"{W.LONGER}|{W.FEWER}|{W.LONGEST}")
_LONGER = re.compile(W.LONGER)
_FEWER = re.compile(W.FEWER)
_LOWER = re.compile(W.LOWER)
_CLAUSE_BREAK = re.compile(r"[;:\n]|,\s|\s[-–—]\s|\b(?:but|pero|mas|while|mientras|enquanto|and|y|e)\s")
# a break between the comparative and "than"/"que" (that "que" is another clause's: "más largo, pero ... es que ANT
# paró antes"); "longer and faster than" is one comparison
_THAN_BREAK = re.compile(r"[,;:\n]|\b(?:but|pero|mas|while|mientras|enquanto)\b")
# side b ends before a time phrase ("que OCO antes de montar medios": the tyre he switched to is no side b)
_B_END = re.compile(r"\b(?:before|after|when|antes|despu[ée]s|depois|cuando|quando)\b")
_BRACKET = re.compile(r"[\s*_]*\(([^()]{0,60})\)")
_VS = re.compile(r"\bvs\.?|\bversus\b|\bfrente\s+a\b")
_SCOPE_DRIVER_BEFORE = re.compile(W.SCOPE_DRIVER_BEFORE)


def comparisons(doc: Document, sent: Sentence) -> None:
    low = doc.low
    if not stem_in(doc, "_length_stems", _STEMS, sent.start, sent.end):
        return
    for m in _ANY.finditer(low, sent.start, sent.end):
        s, e = m.start(), m.end()
        if _negated(sent, s):
            continue  # "was not longer"
        word = m.group(0)
        relation = "lower" if _LOWER.search(word) else "higher"
        if _FEWER.fullmatch(word):
            _comparison(doc, sent, relation, s, e, True)
        elif _LONGER.fullmatch(word) and (word.startswith(("longer", "shorter")) or _THAN.search(
                low, e, min(sent.end, e + THAN_REACH)) or not _SCOPE_DRIVER_BEFORE.search(low, max(sent.start, s - 25), s)):
            _comparison(doc, sent, relation, s, e, False)
        else:  # "RUS's longest", and "su tanda más larga" with no "que": the superlative
            _superlative(doc, sent, relation, s, e)


def _clause_start(low: str, sent: Sentence, s: int) -> int:
    return after_last_break(low, max(sent.start, s - CLAUSE_REACH), s, _CLAUSE_BREAK)


def _stint_in(doc: Document, sent: Sentence, lo: int, hi: int) -> dict[str, Any]:
    """The stint or tyre named in [lo, hi), only where a stint noun stands there too."""
    if not any(x.kind is STINT_NOUN and lo <= x.start < hi for x in sent.tokens):
        return {}
    anchor = Token(hi, hi, NUMBER, 0.0, "")
    return {k: v for k, v in _stint_of(doc, sent, lo, anchor).items() if k in ("stint", "compound")}


def _difference(doc: Document, sent: Sentence, s: int) -> Token | None:
    """The lap count of "4 laps fewer", "3 laps longer", "4 vueltas menos" (its number before ``s``)."""
    low = doc.low
    for x in reversed(sent.tokens):
        if x.end > s or (x.kind is LAP_WORD and s - x.end <= DIFF_REACH):
            continue  # (past the comparative, and the unit of "3 laps longer")
        if x.kind in (NUMBER, NUMBER_WORD) and isinstance(x.value, (int, float)) and float(x.value).is_integer() \
                and 0 < x.value <= MAX_LAPS and re.fullmatch(W.LAP_UNIT, low[x.end:s]) is not None:
            return x
        return None
    return None


def _read_elsewhere(doc: Document, x: Token) -> bool:
    """Another claim reads the number ("stayed out 4 laps longer": the stops' lap difference): one reading."""
    return any(r[2] <= x.start < r[3] and any(isinstance(v, (int, float)) and not isinstance(v, bool) and
                                              abs(abs(v) - abs(x.value)) < 1e-9 for v in r[1].values())
               for r in doc.records)


def _comparison(doc: Document, sent: Sentence, relation: str, s: int, e: int, fewer: bool) -> None:
    low = doc.low
    lo = _clause_start(low, sent, s)
    diff = _difference(doc, sent, s) if fewer or re.search(W.LAP_UNIT_END, low[max(lo, s - 12):s]) else None
    if fewer and diff is None:
        return  # "more laps than": a count compared, not with its number
    if diff is not None and _read_elsewhere(doc, diff):
        return  # the statement is another claim's (a stop's lap difference): not read twice
    span_s = diff.start if diff is not None else s
    head = e
    bracket = _BRACKET.match(low, e)
    b_range: tuple[int, int] | None = None
    if bracket is not None and (vs := _VS.search(low, bracket.start(1), bracket.end(1))) is not None:
        num = next((x.start for x in sent.tokens if x.kind is NUMBER and vs.end() <= x.start < bracket.end(1)),
                   bracket.end(1))
        b_range = (vs.end(), num)  # "longer (44 laps vs. SAI's 40 laps)": side b before its value
    if b_range is None:
        if bracket is not None:
            head = bracket.end()  # "was longer (26 laps) than RUS's (23 laps)"
        than = _THAN.search(low, head, min(sent.end, head + THAN_REACH))
        if than is None or _THAN_BREAK.search(low, head, than.start()):
            return  # "a longer first stint": side b not named
        end = min(sent.end, than.end() + SIDE_B_REACH)
        stop = _SIDE_END.search(low, than.end(), end)
        b_end = stop.start() if stop else end
        timed = _B_END.search(low, than.end(), b_end)
        b_range = (than.end(), timed.start() if timed else b_end)
        shared = _stint_in(doc, sent, e, than.start())  # "4 laps fewer on the first stint than PIA": both sides'
    else:
        shared = {}
    a = _stint_in(doc, sent, lo, span_s) or shared
    if not a:
        return  # "stayed out longer", "ran 4 laps more": a stop's lap, no stint named
    b = _side_b(doc, sent, *b_range)
    if not b or not ({"driver", "stint", "compound"} & b.keys()):
        return  # side b named by its value only, or a lap
    owners = drivers_for(doc, sent, s, e, postfix=False)
    if len(owners) != 1:
        return
    driver_b = b.get("driver", owners[0])
    if driver_b == owners[0] and not ("stint" in b or "compound" in b):
        return  # the stint compared with is not named
    if driver_b != owners[0] and not ("stint" in b or "compound" in b):
        b = {**b, **shared}  # "... than PIA": the same stint of the other driver (verify inherits side a's)
    if driver_b == owners[0] and a.get("stint") == b.get("stint") and a.get("compound") == b.get("compound"):
        return
    slots: dict[str, Any] = {"metric": "length", "relation": relation, "driver_a": owners[0], "driver_b": driver_b}
    for k in ("stint", "compound"):
        if k in a:
            slots[f"{k}_a"] = a[k]
        if k in b:
            slots[f"{k}_b"] = b[k]
    if diff is not None:
        sent.used.add(id(diff))
        slots["laps"] = int(diff.value)
    doc.add("pace_comparison", slots, span_s, b_range[1])


def _superlative(doc: Document, sent: Sentence, relation: str, s: int, e: int) -> None:
    low = doc.low
    before = _SCOPE_DRIVER_BEFORE.search(low, max(sent.start, s - 25), s)
    if before is None:
        return  # "the longest stint", "the longest of the race": of which stints is not said
    driver = next((x.value for x in sent.tokens if x.kind is DRIVER and before.start() <= x.start < s), None)
    owners = [driver] if driver else drivers_for(doc, sent, s, e, postfix=False)
    if len(owners) != 1:
        return
    lo = _clause_start(low, sent, s)
    a = _stint_in(doc, sent, lo, before.start())  # "the MEDIUM stint was RUS's longest"
    if not a:  # "RUS's longest stint was the second one, on the MEDIUM"
        brk = _CLAUSE_BREAK.search(low, e, sent.end)
        a = _stint_in(doc, sent, e, brk.start() if brk else sent.end)
        a = {k: v for k, v in a.items() if k != "stint" or v != 0}
    if not a:
        return
    slots: dict[str, Any] = {"metric": "length", "relation": relation, "driver_a": owners[0], "scope": "driver"}
    for k, v in a.items():
        slots[f"{k}_a"] = v
    doc.add("pace_comparison", slots, s, e)
