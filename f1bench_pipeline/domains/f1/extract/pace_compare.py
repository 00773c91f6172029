"""Comparisons of a stint's average pace or degradation with another's (``pace_comparison``).

Grammar (EN/ES/PT), side a before the comparative, side b after "than" / "que" / "vs" / "frente a":

* pace: "TSU's HARD average was faster than GAS's", "the Hard stint was faster on average than the
  Soft stint", "OCO fue más rápido que BEA en el mismo compuesto", "mais rápido que o stint final de
  BEA" (``relation`` lower: side a's average lap time is the lower); a difference written before the
  comparative ("1.90 seconds per lap faster on average than the HARD stint") is its ``difference``.
* degradation: "LAW had more degradation than OCO in stint 1", "less degradation than the Medium"
  (``relation`` higher / lower: of the signed s/lap value).
* superlatives with a stated scope: "his fastest stint", "the lowest degradation of the race"
  (``scope`` driver / race; no side b).

A side names a driver, a stint ("stint 2", "the first stint") or a compound; side b inherits side a's
stint or compound when it names only another driver ("faster than GAS's"). A pace comparison needs a
pace word in its sentence or a stint or tyre on each side ("HAM was faster than OCO after the stop" is
no stint comparison); a negated one ("was not faster") or one against a lap ("faster than on lap 17")
gives no claim.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from f1bench_pipeline.domains.f1.extract.binding import drivers_for
from f1bench_pipeline.domains.f1.extract.lap_age import contrast
from f1bench_pipeline.domains.f1.extract.lap_pace import over_window
from f1bench_pipeline.domains.f1.extract.literal_gate import required_literals
from f1bench_pipeline.domains.f1.extract.pace_sides import referred_side_a, side_a_after, side_b_by_value, subject_tyre
from f1bench_pipeline.domains.f1.extract.pace_cues import (PACE_MAX_S, PACE_MIN_S, _PACE_CUE, _laps_named, _stint_of,
                                                           resolution, stem_in)
from f1bench_pipeline.domains.f1.extract.tokens import (COMPOUND, DRIVER, LAP_ID, LAP_WORD, NEGATION, NUMBER, ORDINAL,
                                                        STINT_NOUN, Token, trie_regex)
from f1bench_pipeline.domains.f1.extract.vocabulary import deg_compare_words as D
from f1bench_pipeline.domains.f1.extract.vocabulary import pace_noun_words as N
from f1bench_pipeline.domains.f1.extract.vocabulary import pace_words as W

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence

SIDE_B_REACH = 60  # characters after "than" read as side b
THAN_REACH = 40  # characters from the comparative to its "than"
TYRE_THAN_REACH = 70  # ... when side a's tyre (and its value) stand between them ("higher with MEDIUM tyres (-0.154s/lap) than")
DIFF_REACH = 30  # characters from a stated difference to its comparative

_COMPARATIVES = (("pace", "lower", W.PACE_LOWER), ("pace", "higher", W.PACE_HIGHER),
                 ("degradation", "higher", W.DEG_HIGHER + "|" + D.DEG_HIGHER),  # (one scan for both vocabularies)
                 ("degradation", "lower", W.DEG_LOWER + "|" + D.DEG_LOWER))
_SUPERLATIVES = (("pace", "lower", W.PACE_LOWEST), ("pace", "higher", W.PACE_HIGHEST),
                 ("degradation", "lower", W.DEG_LOWEST), ("degradation", "higher", W.DEG_HIGHEST))
_COMPARATIVE_RES = tuple((m, r, re.compile(p)) for m, r, p in _COMPARATIVES)
_SUPERLATIVE_RES = tuple((m, r, re.compile(p)) for m, r, p in _SUPERLATIVES)
# literals one of which every comparative or superlative holds
_CORE_STEMS = ["faster", "quicker", "slower", "rápid", "rapid", "lent", "deg", "desgaste", "fastest", "quickest", "slowest",
               "pace loss"]
_CORE = re.compile(trie_regex(_CORE_STEMS))
# (#44, fifth pass) the comparatives on the average's noun, searched only in a sentence holding one of their stems
_NOUN_STEMS = re.compile(trie_regex(list(N.STEMS)))
_NOUN_RES = (("pace", "lower", re.compile(N.PACE_LOWER)), ("pace", "higher", re.compile(N.PACE_HIGHER)))
_STEMS = _CORE  # (its literal pieces and the noun comparatives' are the rule's answer-wide gate, ``dispatch``)
GATE = (*(required_literals(_CORE) or ()), *N.STEMS)
_ANY = re.compile("|".join(p for _m, _r, p in (*_COMPARATIVES, *_SUPERLATIVES)))
_THAN = re.compile(W.THAN)
_SCOPE_RACE = re.compile(W.SCOPE_RACE)
_SCOPE_DRIVER = re.compile(W.SCOPE_DRIVER)
_ON_AVERAGE = re.compile(r"on\s+average|en\s+promedio|em\s+m[ée]dia|de\s+m[ée]dia|por\s+m[ée]dia")
_SIDE_END = re.compile(r"[,;(:]|\band\b|\by\b|\be\b|\bbut\b|\bpero\b|\bmas\b|\bwhile\b|\bmientras\b|\benquanto\b")
_BOUND_BEFORE = re.compile(r"(?:over|more\s+than|less\s+than|under|almost|nearly|up\s+to|m[áa]s\s+de|menos\s+de|"
                           r"casi|mais\s+de|quase|at\s+least|al\s+menos|pelo\s+menos)\s*$")
_LAP_LEVEL = re.compile(W.LAP_LEVEL)
_PER_LAP_FIGURE = re.compile(r"\d\s*(?:s|secs?|seconds?|segundos?)?\s*(?:/\s*(?:lap|vuelta|volta|v)\b|per\s+lap|"
                             r"por\s+vuelta|por\s+volta)")
# a stint written after side b's driver with a preposition: of both sides ("than OCO in stint 1", "que OCO en ese
# primer stint"); a tyre so written is b's own ("que BEA com HARD novo")
_SHARED_AFTER = re.compile(r"\s+(?:in|during|en|no|na|em|durante)\s+(?:the\s+|el\s+|la\s+|o\s+|a\s+|ese\s+|esse\s+|"
                           r"aquel\s+|that\s+|their\s+|sus?\s+|seus?\s+)?(?:\w+\s+)?stint")
_ABSOLUTE = re.compile(r"\babsolut|\bem\s+m[óo]dulo\b|\ben\s+m[óo]dulo\b|\bmagnitude\b")
_PER_LAP_AFTER = re.compile(r"\s*(?:/\s*\w+|per\s+lap|a\s+lap|por\s+vuelta|por\s+volta)?\s*")


def _side_b(doc: Document, sent: Sentence, s: int, e: int) -> dict[str, Any] | None:
    """Side b: the driver, stint and compound named in [s, e) (None when it names a lap)."""
    out: dict[str, Any] = {}
    toks = sent.tokens
    low = doc.low
    for i, x in enumerate(toks):
        if x.start < s:
            continue
        if x.start >= e:
            break
        if x.kind is LAP_ID or x.kind is LAP_WORD:
            return None  # "faster than on lap 17": a lap, not a stint
        if x.kind is DRIVER and "driver" not in out:
            out["driver"] = x.value
            # a stint or tyre written after the driver with a preposition qualifies the whole comparison
            out["shared"] = _SHARED_AFTER.match(low, x.end) is not None
        elif x.kind is COMPOUND and "compound" not in out:
            out["compound"] = x.value
        elif x.kind is STINT_NOUN and "stint" not in out:
            nxt = toks[i + 1] if i + 1 < len(toks) else None
            prv = toks[i - 1] if i else None
            if nxt is not None and nxt.kind is NUMBER and not nxt.decimal and 0 < nxt.value < 10 and nxt.start - x.end <= 2:
                out["stint"] = int(nxt.value)
            elif prv is not None and prv.kind is ORDINAL and isinstance(prv.value, int) and prv.value != 0 and \
                    prv.start >= s and x.start - prv.end <= 2:
                out["stint"] = prv.value  # (-1: the last)
            elif nxt is not None and nxt.kind is ORDINAL and isinstance(nxt.value, int) and nxt.value != 0 and \
                    nxt.start - x.end <= 2:
                out["stint"] = nxt.value  # "o stint final de BEA"
            else:
                out["stint_noun"] = True
    return out


def _difference(doc: Document, sent: Sentence, c_start: int) -> Token | None:
    """A number written right before the comparative ("1.90 seconds per lap faster")."""
    low = doc.low
    for x in reversed(sent.tokens):
        if x.end > c_start:
            continue
        if x.kind is NUMBER and c_start - x.end <= DIFF_REACH and 0 < abs(x.value) < 50 and \
                id(x) not in sent.used and _PER_LAP_AFTER.match(low, x.end) is not None:
            gap = low[x.end:c_start]
            if re.fullmatch(r"\s*(?:s|secs?|seconds?|segundos?)?\s*(?:/\s*\w+|per\s+lap|a\s+lap|por\s+vuelta|por\s+volta)?"
                            r"\s*(?:on\s+average\s+)?", gap):
                return x
        return None
    return None


def comparisons(doc: Document, sent: Sentence) -> None:
    low = doc.low
    core = stem_in(doc, "_pace_compare_stems", _CORE, sent.start, sent.end) and \
        _ANY.search(low, sent.start, sent.end) is not None
    piece = low[sent.start:sent.end]
    noun = any(map(piece.__contains__, N.FIRST)) and _NOUN_STEMS.search(piece) is not None
    if not core and not noun:
        return  # (the answer's literal stems found once, then one scan for every comparative and superlative)
    paced = _PACE_CUE.search(piece) is not None or _ON_AVERAGE.search(piece) is not None
    for metric, relation, pat in (_COMPARATIVE_RES + _NOUN_RES) if noun else _COMPARATIVE_RES:
        for m in pat.finditer(low, sent.start, sent.end):
            _comparison(doc, sent, metric, relation, m.start(), m.end(), paced)
    for metric, relation, pat in _SUPERLATIVE_RES:
        for m in pat.finditer(low, sent.start, sent.end):
            _superlative(doc, sent, metric, relation, m.start(), m.end(), paced)


def a_named(doc: Document, sent: Sentence, s: int, e: int) -> bool:
    anchor = Token(s, e, NUMBER, 0.0, "")
    return any(k in ("stint", "compound") for k in _stint_of(doc, sent, max(sent.start, s - 80), anchor))


def _negated(sent: Sentence, s: int) -> bool:
    return any(x.kind is NEGATION and 0 <= s - x.end <= 15 for x in sent.tokens)


def _comparison(doc: Document, sent: Sentence, metric: str, relation: str, s: int, e: int, paced: bool) -> None:
    low = doc.low
    if _negated(sent, s) or _LAP_LEVEL.search(low, max(sent.start, s - 60), min(sent.end, e + SIDE_B_REACH)):
        return
    if metric == "pace" and (over_window(low, sent) or contrast(doc, sent, s, e) is not None):
        return  # "during the 4-lap window (laps 37-40)", "on fresh HARD ... faster than LAW on aging MEDIUMS": lap-level
    if metric == "degradation" and _ABSOLUTE.search(low, sent.start, sent.end):
        return  # "degraded less ... lower in absolute value (-0.026 vs -0.046)": its own measure, not the signed one
    lo = max(sent.start, s - 60)
    if _laps_named(low[lo:s]) and STINT_NOUN not in {x.kind for x in sent.tokens if lo <= x.start < s}:
        return  # "HAM's pace on old HARDs (lap 17-18 avg) was faster": a stretch of laps, not a stint
    bracket = side_b_by_value(doc, sent, e)
    if bracket is not None:  # "faster on average (97.48s vs. 99.15s)", "(75,85s frente a 77,73s)"
        _by_value(doc, sent, metric, relation, s, e, bracket)
        return
    than = _THAN.search(low, e, min(sent.end, e + THAN_REACH))
    a_after: dict[str, Any] = {}
    if metric == "degradation":  # side a's tyre (and its value) first: "higher with MEDIUM tyres (-0.154s/lap) compared
        far = than or _THAN.search(low, e, min(sent.end, e + TYRE_THAN_REACH))  # to HARD tyres"
        a_after = side_a_after(doc, sent, e, far.start()) if far is not None else {}
        than = far if a_after else than
    if than is None:
        return
    end = min(sent.end, than.end() + SIDE_B_REACH)
    hi = min(sent.end, end + 20)
    if metric == "pace" and _PER_LAP_FIGURE.search(low, s, hi) and \
            not any(x.kind is NUMBER and PACE_MIN_S <= x.value < PACE_MAX_S and s <= x.start < hi for x in sent.tokens):
        return  # "BEA's second stint was faster (-0.104s/lap) compared to OCO's": a rate, not an average
    stop = _SIDE_END.search(low, than.end(), end)
    b = _side_b(doc, sent, than.end(), stop.start() if stop else end)
    if not b:
        return
    owners = drivers_for(doc, sent, s, e, postfix=False)
    if len(owners) != 1:
        return
    clause = max(sent.start, s - 80)
    anchor = Token(s, e, NUMBER, 0.0, "")
    a = {k: v for k, v in _stint_of(doc, sent, clause, anchor).items() if k in ("stint", "compound")}
    driver_b = b.get("driver", owners[0])
    if not a and b.get("shared"):  # "LAW had more degradation than OCO in stint 1": both sides' stint
        a = {k: b[k] for k in ("stint", "compound") if k in b}
    if a_after:  # "LAW's degradation was higher with MEDIUM tyres (...) compared to HARD": the tyre named there
        a = {**a, **a_after}
    if not a:  # "the switch to Hard ... a compound that showed less degradation", "- **Stint 2 (MEDIUM):** ..."
        a = referred_side_a(doc, sent, s)
    if not a and driver_b == owners[0] and "compound" in b and metric == "pace" and _difference(doc, sent, s):
        a = subject_tyre(doc, sent, s)  # "LAW's average on the HARD (105.30s) was over 1.6s per lap faster than the
        # average on the MEDIUM": with a per-lap difference stated, the sentence's one tyre is side a
    if not a and driver_b == owners[0] and "stint" in b:
        a = _own_value(doc, sent, metric, clause, s)  # "improved to 80.16s (over 1.2 seconds faster than his first stint)"
    if not a and driver_b != owners[0] and not ("stint" in b or "compound" in b):
        a, b = _valued_sides(doc, sent, metric, clause, s, b)  # "OCO's average (98.57s) was faster than DOO's (98.83s)"
    if metric == "pace" and not paced and not (a and ("stint" in b or "compound" in b)):
        return  # "HAM was faster than OCO after the stop": no stint's pace
    if driver_b == owners[0] and not ("stint" in b or "compound" in b):
        return  # "the HARD was faster than the first one": the stint compared with is not named
    if not a:
        return  # "BOR was faster than OCO's (HARD stint)": which stint of side a is compared is not said
    if driver_b == owners[0] and a.get("stint") == b.get("stint") and a.get("compound") == b.get("compound"):
        return
    slots: dict[str, Any] = {"metric": metric, "relation": relation, "driver_a": owners[0], "driver_b": driver_b}
    for k in ("stint", "compound", "value", "resolution"):
        if k in a:
            slots[f"{k}_a"] = a[k]
        if k in b:
            slots[f"{k}_b"] = b[k]
    span_s = s
    diff = _difference(doc, sent, s) if metric == "pace" else None
    if diff is not None:
        sent.used.add(id(diff))
        span_s = diff.start
        if not _BOUND_BEFORE.search(low, max(0, diff.start - 14), diff.start):
            slots["difference"] = round(abs(float(diff.value)), 3)
            slots["resolution"] = resolution(diff.word.lstrip("+-"))
    doc.add("pace_comparison", slots, span_s, stop.start() if stop else min(end, than.end() + 30))


# side b's value in a bracket right after its driver: "than DOO's (98.83s)", "que el de LAW (90,59s)"
_B_VALUE = re.compile(r"(?:'s|’s)?[\s*_]*\(\s*[~≈]?\s*([+-]?\d+(?:[.,]\d+)?)\s*(?:s\b|secs?\b|seconds?\b|segundos?\b)?")


def _valued_sides(doc: Document, sent: Sentence, metric: str, clause: int, s: int,
                  b: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Two drivers compared, no stint of either named, each side's value stated: side a's the one value of its
    kind between the clause's start and the comparative, side b's in a bracket right after its driver; the
    values pin the stints (``value_a``/``value_b``). ({}, b) when either is missing or not one."""
    low = doc.low

    def kind(v: float) -> bool:
        return PACE_MIN_S <= v < PACE_MAX_S if metric == "pace" else 0 < abs(v) < 3.0 and v != int(v)
    before = [x for x in sent.tokens if x.kind is NUMBER and clause <= x.start < s and kind(float(x.value))]
    bt = next((x for x in sent.tokens if x.kind is DRIVER and x.value == b["driver"] and x.start > s), None)
    m = _B_VALUE.match(low, bt.end) if bt is not None else None
    if len(before) != 1 or m is None or not kind(float(m.group(1).replace(",", "."))):
        return {}, b
    word = m.group(1)
    return ({"value": float(before[0].value), "resolution": resolution(before[0].word.lstrip("+-"))},
            {**b, "value": float(word.replace(",", ".")), "resolution": resolution(word.lstrip("+-"))})


# a second clause between a value and a comparative: the comparative's subject is not the value's
_JOIN = re.compile(r";|\b(?:but|and|while|whereas|pero|y|mientras|mas|e|enquanto|however|although|aunque|embora)\b")


def _own_value(doc: Document, sent: Sentence, metric: str, clause: int, s: int) -> dict[str, Any]:
    """(#44, fifth pass) Side a named by its value only, compared with another stint of the same driver: the one
    average lap time of the clause before the comparative ("His average lap time improved to 80.16s (over 1.2 seconds
    faster on average than his first stint)"), side b a stint pinned by its number or ordinal; {} when there is none
    or more than one."""
    if metric != "pace":
        return {}
    before = [x for x in sent.tokens if x.kind is NUMBER and clause <= x.start < s and x.decimal and
              PACE_MIN_S <= x.value < PACE_MAX_S]
    if len(before) != 1 or _THAN.search(doc.low, max(clause, before[0].start - SIDE_B_REACH // 2), s) or \
            _JOIN.search(doc.low, before[0].end, s):
        return {}  # "71.68s, slower than the second stint's 70.81s, but faster than ...": 70.81 is another's side b
    return {"value": float(before[0].value), "resolution": resolution(before[0].word.lstrip("+-"))}


def _by_value(doc: Document, sent: Sentence, metric: str, relation: str, s: int, e: int, b: dict[str, Any]) -> None:
    """A comparison whose side b is named only by its value, in a bracket after the comparative."""
    if not (PACE_MIN_S <= b["value"] < PACE_MAX_S if metric == "pace" else abs(b["value"]) < 3.0):
        return  # (a pace compared by lap times, a degradation by per-lap figures)
    if any(x.kind is DRIVER and e <= x.start <= b["end"] + 12 for x in sent.tokens):
        return  # "(97.48s vs. 98.10s for DOO)": side b is another driver's, by a value of his
    owners = drivers_for(doc, sent, s, e, postfix=False)
    if len(owners) != 1:
        return
    anchor = Token(s, e, NUMBER, 0.0, "")
    a = {k: v for k, v in _stint_of(doc, sent, max(sent.start, s - 80), anchor).items() if k in ("stint", "compound")}
    a = a or referred_side_a(doc, sent, s)
    if not a:  # no stint named: side a is the driver's stint whose value the bracket states first, said of the
        # sentence's one driver ("OCO ... than DOO's (98.83s), and his degradation was lower (...)": whose is unsure)
        if not (PACE_MIN_S <= b["value_a"] < PACE_MAX_S if metric == "pace" else abs(b["value_a"]) < 3.0) or \
                len({x.value for x in sent.tokens if x.kind is DRIVER}) != 1:
            return
        a = {"value": b["value_a"], "resolution": b["resolution_a"]}
    slots: dict[str, Any] = {"metric": metric, "relation": relation, "driver_a": owners[0], "driver_b": owners[0],
                             **{f"{k}_a": v for k, v in a.items()}, "value_b": b["value"],
                             "resolution_b": b["resolution"]}
    doc.add("pace_comparison", slots, s, b["end"])


def _superlative(doc: Document, sent: Sentence, metric: str, relation: str, s: int, e: int, paced: bool) -> None:
    low = doc.low
    if _negated(sent, s) or _LAP_LEVEL.search(low, s, min(sent.end, e + 12)):
        return  # "his fastest lap": one lap
    if metric == "pace" and not paced and "stint" not in low[e:e + 12]:
        return
    near = low[max(sent.start, s - 40):min(sent.end, e + 60)]
    # his own stints first: "his quickest average stint of the race" is over his stints
    scope = "driver" if _SCOPE_DRIVER.search(near) else ("race" if _SCOPE_RACE.search(near) else None)
    if scope is None:
        return  # "the lowest degradation": of what is not said
    if scope == "driver" and not a_named(doc, sent, s, e):
        return  # "his fastest stint" that names no stint: which one is not said
    owners = drivers_for(doc, sent, s, e, postfix=False)
    if len(owners) != 1:
        return
    anchor = Token(s, e, NUMBER, 0.0, "")
    a = {k: v for k, v in _stint_of(doc, sent, max(sent.start, s - 80), anchor).items() if k in ("stint", "compound")}
    slots: dict[str, Any] = {"metric": metric, "relation": relation, "driver_a": owners[0], "scope": scope}
    for k, v in a.items():
        slots[f"{k}_a"] = v
    doc.add("pace_comparison", slots, s, e)
