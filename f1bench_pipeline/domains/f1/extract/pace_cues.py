"""Where a stint's pace or degradation is stated: the cues, windows and stint of a value (``pace.py``,
``pace_compare.py``, and reading coverage's skip rules, ``coverage.py``).

* cues: an average word before a value in its clause or after it, a table column or a list title
  naming the average or the degradation; a lap-level time (a lap or a short range of laps named, a
  fastest/best/in/out lap, a median, the whole race) is no stint's;
* the stint a value is about: "stint N", an ordinal stint, the one tyre of its phrase, or a stint or
  tyre right after it; not the one compared with or left, nor the previous value's own;
* ``resolution``: a number's last written digit; ``stem_in``: a literal prefilter scanned once per answer.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from typing import TYPE_CHECKING, Any

from f1bench_pipeline.domains.f1.extract.literal_gate import gated
from f1bench_pipeline.domains.f1.extract.layout import table_header
from f1bench_pipeline.domains.f1.extract.tokens import CHANGE, COMPOUND, NUMBER, ORDINAL, STINT_NOUN, Token, trie_regex
from f1bench_pipeline.domains.f1.extract.vocabulary import pace_words as W

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence

PACE_MIN_S, PACE_MAX_S = 50.0, 200.0  # an F1 race lap's average time: no gap, gain or lap count is one
DEG_MAX_S_PER_LAP = 3.0  # a per-lap figure larger than this is a pace difference or a lap time, not a degradation
SHORT_RANGE_LAPS = 3  # a range of at most this many laps is a stretch of laps ("lap 17-18 avg"), not a stint
INTRO_REACH = 240  # characters back from a list item to the line introducing it ("the average pace was:")
CUE_REACH = 90  # characters before a value searched for its cue (within its sentence)
STINT_REACH = 60  # characters before a value searched for its stint ("stint 2", "the first stint")
TYRE_REACH = 45  # characters from a tyre to the value it pins, in one phrase ("MEDIUM stint average (77.20s)")

_PACE_CUE = re.compile(W.PACE_CUE)
_PACE_CUE_AFTER = re.compile(W.PACE_CUE_AFTER)
_LAP_LEVEL = re.compile(W.LAP_LEVEL)
_LAP_NAMED = re.compile(W.LAP_NAMED)
_LAP_AFTER = re.compile(W.LAP_AFTER)
_DEG_CUE = re.compile(W.DEG_CUE)
_NOT_DEG = re.compile(W.PER_LAP_NOT_DEG_BEFORE)
_NOT_DEG_AFTER_CUE = re.compile(W.PER_LAP_NOT_DEG_AFTER_CUE)
_DEG_SIGN = tuple((sign, re.compile(p)) for sign, p in W.DEG_SIGN)
_COMPARE_AFTER = re.compile(r"\s*(?:s|secs?|seconds?|segundos?)?\s*(?:/\s*\w+|per\s+lap|por\s+vuelta|por\s+volta|a\s+lap)?"
                            r"\s*(?:" + W.PACE_LOWER + "|" + W.PACE_HIGHER + ")")
_COMPOUND_AFTER = re.compile(r"\s*(?:s|secs?|seconds?|segundos?)?\s*(?:/\s*\w+|per\s+lap|por\s+vuelta|por\s+volta)?\)?\s*"
                             r"(?:(?:de\s+m[ée]dia|em\s+m[ée]dia|on\s+average|en\s+promedio|de\s+promedio)\s+)?"
                             r"(?:on|with|no|na|nos|nas|en|con|com|in|during|durante)\s+(?:the\s+|el\s+|los\s+|las\s+|la\s+|o\s+|os\s+|a\s+|as\s+)?$")
# a tyre named as the side compared with ("similar pace to the Medium stint: 81.88s"), or left ("after the
# MEDIUM stint his average fell to 81.34s", "após o MEDIUM"), or "pace médio" (the average, not the MEDIUM
# tyre): no stint of the value
_COMPARED_TYRE_BEFORE = re.compile(r"(?:\bthan|\bto|\bvs\.?|\bversus|\bque|\bfrente\s+a|\bcompared\s+(?:to|with)|"
                                   r"\bcomparado\s+(?:a|al|ao|com|con)|\bafter|\bapós|\bapos|\bdepois\s+d[oa]s?|\btras|"
                                   r"\bdespués\s+del?|\bfrom|\bdesde|\binstead\s+of|\bem\s+vez\s+d[oa]s?|\ben\s+lugar\s+de(?:l)?|"
                                   r"\bsaiu\s+d[oa]s?|\bdeixou\s+o)\s+(?:the\s+|el\s+|la\s+|los\s+|las\s+|o\s+|a\s+|os\s+|as\s+)?"
                                   r"(?:\w+\s+){0,2}$")
_PACE_BEFORE_TYRE_WORD = re.compile(r"(?:pace|ritmo|tempo|tiempo|lap\s+time)\s+$")
# a compared value: "than GAS's (77.75s)", "frente a 90.90s de LAW", "+0.078s/lap versus +0.041s/lap"
_COMPARE_BEFORE = re.compile(r"\bthan\b|\bvs\b|\bversus\b|\bfrente\s+a\b|\bcompared\s+(?:to|with)\b|\bque\b|"
                             r"\bcontra\b|\bagainst\b")
_OWNER_AFTER = re.compile(r"\s*(?:s|secs?|seconds?|segundos?)?\s*(?:/\s*\w+|per\s+lap|por\s+vuelta|por\s+volta)?\s*\)?\s*"
                          r"(?:de|do|da|del|of|for|para)\s+(?:el\s+|la\s+|o\s+|a\s+)?")
_SIGN_STEMS = re.compile(r"negativ|positiv|zero|cero|nula")
_RESPECTIVELY = gated(re.compile(r"\brespectiv"))
_TYRE_LIKE_AVERAGE = frozenset({"médio", "medio", "media", "média", "medium"})
_HEADER_PACE = re.compile(r"avg|averag|pace|promedi|media|média|ritmo|mean")
_SUFFIX_START = re.compile(r"[^\d.,+-]")


def _clause_from(low: str, s: int) -> int:
    """The start of the clause holding ``s`` (a line or sentence; at most ``CUE_REACH`` back)."""
    lo = max(0, s - CUE_REACH)
    return max(lo, low.rfind("\n", lo, s) + 1, low.rfind(". ", lo, s) + 2, low.rfind(";", lo, s) + 1)


def _laps_named(text: str) -> bool:
    """``text`` names a lap or a short range of laps (not a stint's range, "laps 1-19")."""
    for m in _LAP_NAMED.finditer(text):
        if m.group(2) is None or 0 <= int(m.group(2)) - int(m.group(1)) < SHORT_RANGE_LAPS:
            return True
    return False


def _intro_cued(low: str, s: int, deg: bool = False) -> bool:
    """The value opens a list item ("- PIA: 93.69s") under a line that names the average (``deg``: the
    degradation) and ends with a colon ("On the medium stint, the average pace was very close:")."""
    a = low.rfind("\n", 0, s) + 1
    if len(low[a:s].strip()) > 12:  # the item holds more than a driver's name: its own words decide
        return False
    k = a - 1
    while k > 0 and a - k < INTRO_REACH:
        b = low.rfind("\n", 0, k) + 1
        line = low[b:k].strip()
        if line.endswith(":"):
            return (_DEG_CUE if deg else _PACE_CUE).search(line) is not None
        if not line or len(line) > 40:
            return False  # (a blank line or a sentence: no list between)
        k = b - 1
    return False


def lap_level(low: str, s: int, e: int) -> bool:
    """The time at [s, e) is one lap's ("fastest lap", "median", "on lap 23", "lap 17-18 avg"), as the
    pace rule reads it (reading coverage: such a time stays under a skip rule)."""
    before = low[_clause_from(low, s):s]
    return bool(_LAP_LEVEL.search(before) or (_laps_named(before) and "stint" not in before) or
                _LAP_AFTER.match(low, e))


def average_cued(low: str, s: int, e: int) -> bool:
    """The text calls the time at [s, e) an average (a cue before it in its clause, or right after it)."""
    return _PACE_CUE.search(low, _clause_from(low, s), s) is not None or _PACE_CUE_AFTER.match(low, e) is not None or \
        _intro_cued(low, s)


def degradation_figure(low: str, s: int, e: int) -> bool:
    """The per-lap figure at [s, e) is a degradation: a degradation word before it in its clause, or
    its sign written ("+0.050s/lap"), and no comparative after it ("0.3 s/lap faster")."""
    if _COMPARE_AFTER.match(low, e):
        return False
    return _DEG_CUE.search(low, _clause_from(low, s), s) is not None or low[s:s + 1] in "+-"


_STEMS = re.compile(trie_regex(list(W.PACE_STEMS)))


def stem_in(doc: Document, key: str, stems: re.Pattern[str], s: int, e: int) -> bool:
    """Does [s, e) hold a match of ``stems``? The answer is scanned once (its match starts kept on the
    document under ``key``), and each sentence looks its span up by bisection."""
    starts = doc.__dict__.get(key)
    if starts is None:
        starts = [m.start() for m in stems.finditer(doc.low)]
        doc.__dict__[key] = starts  # (a cache of this module's, on the one object a sentence's rules share)
    k = bisect_left(starts, s)
    return k < len(starts) and starts[k] < e


def prefilter(low: str, s: int, e: int) -> bool:
    """A cheap test: the sentence holds some word of a pace or degradation claim (one scan of a
    literal trie, not a regex per word)."""
    return _STEMS.search(low, s, e) is not None


def resolution(word: str) -> float:
    """The last stated digit of a number as written ("77.20" -> 0.01, "~77.7" -> 0.1, "78" -> 1)."""
    m = _SUFFIX_START.search(word)
    num = word[:m.start()] if m else word
    for sep in (".", ","):
        if sep in num:
            return round(10.0 ** -len(num.rsplit(sep, 1)[1]), 6)
    return 1.0


def _table_pace(doc: Document, s: int) -> bool:
    """The value sits in a markdown table column whose header names the average ("| Avg |")."""
    text = doc.text
    line_start = text.rfind("\n", 0, s) + 1
    if not text[line_start:s].lstrip().startswith("|"):
        return False
    cells = table_header(doc, line_start)
    col = text.count("|", line_start, s)
    return col < len(cells) and text[line_start:s].count("|") > 0 and bool(_HEADER_PACE.search(cells[col].lower()))


def _anothers(low: str, sent: Sentence, s: int) -> bool:
    """The stint or tyre named at ``s`` is not the next value's: it is the one compared with or left
    ("faster than his first stint", "after the MEDIUM"), or the previous value's own ("from 123.95s per
    lap in the first stint to 109.17s")."""
    pe = -1
    for x in sent.tokens:
        if x.start >= s:
            break
        if x.kind is NUMBER and x.decimal:
            pe = x.end
    if pe >= 0 and s - pe <= 24 and _COMPOUND_AFTER.fullmatch(low, pe, s):
        return True
    return _COMPARED_TYRE_BEFORE.search(low, max(sent.start, s - 30), s) is not None


def _stint_of(doc: Document, sent: Sentence, lo: int, t: Token) -> dict[str, Any]:
    """The stint a value at ``t`` is about, when the clause pins it: "stint N", an ordinal stint, the
    one compound named in [lo, t) (none across a tyre change), or a compound right after the value."""
    toks = sent.tokens
    out: dict[str, Any] = {}
    compounds: set[str] = set()
    change = False
    for i, x in enumerate(toks):
        if x.start < lo:
            continue
        if x.start >= t.start:
            break
        if x.kind is STINT_NOUN:
            nxt = toks[i + 1] if i + 1 < len(toks) else None
            prv = toks[i - 1] if i else None
            n: int | None = None
            start = x.start
            if nxt is not None and nxt.kind is NUMBER and not nxt.decimal and 0 < nxt.value < 10 and \
                    nxt.start - x.end <= 2:
                n = int(nxt.value)
            elif prv is not None and prv.kind is ORDINAL and isinstance(prv.value, int) and prv.value != 0 and \
                    x.start - prv.end <= 2 and prv.start >= lo:
                n, start = prv.value, prv.start  # (-1: the last, "the final stint")
            elif nxt is not None and nxt.kind is ORDINAL and isinstance(nxt.value, int) and nxt.value != 0 and \
                    nxt.start - x.end <= 2 and nxt.end <= t.start:
                n = nxt.value  # "o stint final", "el stint 2"
            if n is not None and not _anothers(doc.low, sent, start):
                out["stint"] = n
        elif x.kind is COMPOUND:
            low = doc.low
            w0 = max(lo, x.start - 30)
            if _anothers(low, sent, x.start) or \
                    (x.word in _TYRE_LIKE_AVERAGE and _PACE_BEFORE_TYRE_WORD.search(low, w0, x.start)):
                change = True  # a tyre compared with, or "pace médio": the value's stint is not pinned
                continue
            if t.start - x.end > TYRE_REACH or "," in low[x.end:t.start]:
                continue  # "on the HARD, ... 96.35s": the tyre of another phrase
            compounds.add(x.value)
        elif x.kind is CHANGE:
            change = True
    if len(compounds) == 1 and not change:
        out["compound"] = compounds.pop()
    elif not compounds and "stint" not in out:
        # right after the value: "83.28s no MEDIUM", "negative degradation in the first stint", "no stint 2"
        j = next((i for i, x in enumerate(toks) if x.start >= t.end), None)
        if j is not None and toks[j].start - t.end <= 24 and _COMPOUND_AFTER.fullmatch(doc.low, t.end, toks[j].start):
            x = toks[j]
            nxt = toks[j + 1] if j + 1 < len(toks) else None
            if x.kind is COMPOUND:
                out["compound"] = x.value
            elif x.kind is STINT_NOUN and nxt is not None and nxt.kind is NUMBER and not nxt.decimal and \
                    0 < nxt.value < 10 and nxt.start - x.end <= 2:
                out["stint"] = int(nxt.value)
            elif x.kind is ORDINAL and isinstance(x.value, int) and x.value != 0 and nxt is not None and \
                    nxt.kind is STINT_NOUN and nxt.start - x.end <= 2:
                out["stint"] = x.value
    return out


def _lower_bound(sent: Sentence, t: Token, reach: int = STINT_REACH) -> int:
    """Where the stretch of a value's stint starts: after the previous decimal number of the sentence
    (whose stint the words before it name), at most ``reach`` characters back."""
    lo = max(sent.start, t.start - reach)
    for x in sent.tokens:
        if x.start >= t.start:
            break
        if x.kind is NUMBER and x.decimal and x.end > lo:
            lo = x.end
    return lo
