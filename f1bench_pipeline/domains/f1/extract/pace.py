"""A stint's average pace and degradation, and comparisons of them (``verify_pace.py`` checks them).

* ``stint_pace`` (driver, seconds, stint/compound when stated, resolution): a time of 50-200 s written
  with decimals, with an average word before it in its clause ("OCO's MEDIUM stint average
  (77.20s)", "su stint 1 promedió 90.59s", "média de 81.34s no SOFT", "avg 98.76s") or after it
  ("82.56s de média"), or in a table column whose header names the average. Not a single lap's time:
  a clause naming a lap ("lap 17-18 avg", "on lap 23"), a fastest/best/in/out lap or a median (a
  defense's pace) gives no claim.
* ``stint_degradation`` (driver, s_per_lap and its sign when written, resolution): a per-lap figure
  ("s/lap", "s/vuelta", "s por volta") with a degradation word before it in its clause ("deg
  +0.421s/lap", "degradación de -0.106 s/vuelta") or written with its sign in a stint line ("(18 laps,
  avg 77.73s, +0.050s/lap)"); not one compared ("0.26 s/lap faster") or gained. Or only its sign
  class: "negative degradation", "degradación positiva", "degradação quase nula" (``sign`` -1/1/0).
* ``pace_comparison``: ``pace_compare.py``.

The driver is the value's owner (``binding.drivers_for``; "frente a 90.90s de LAW" is LAW's) or, for
two parallel values ("(87.64 vs 89.33 s)"), the clause's two drivers in order. The stint is pinned
by "stint N" / an ordinal stint in the clause before the value, else by the one compound named there
(none when the clause changes tyres), else by a compound right after it ("83.28s no MEDIUM").
A number another claim took (a gap, a gain) is not read again.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from typing import TYPE_CHECKING, Any

from f1bench_pipeline.domains.f1.extract.binding import assign_parallel, drivers_for
from f1bench_pipeline.domains.f1.extract.checks import per_lap
from f1bench_pipeline.domains.f1.extract.layout import table_header
from f1bench_pipeline.domains.f1.extract.tokens import CHANGE, COMPOUND, DRIVER, NUMBER, ORDINAL, STINT_NOUN, Token, trie_regex
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
_RESPECTIVELY = re.compile(r"\brespectiv")
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


def _owners(doc: Document, sent: Sentence, vals: list[Token]) -> dict[int, list[str]]:
    """Each value's driver: parallel values go to the clause's drivers in order, others to their owner."""
    par = assign_parallel(doc, sent, [(x.value, x.start, x.end) for x in vals]) if len(vals) > 1 else {}
    out = {}
    for x in vals:
        post = _postfix_owner(doc, sent, x)
        out[x.start] = post if post else (par[x.start] if x.start in par else _owner(doc, sent, x))
    for k, v in out.items():  # "VER ... (81.34s vs. 83.28s)": in an answer about one driver, both are his
        if not v and doc.single is not None:
            out[k] = [doc.single]
    return out


def _postfix_owner(doc: Document, sent: Sentence, x: Token) -> list[str]:
    """A driver written right after the value as its owner: "+0.041s/lap de OCO", "90.90s for LAW"."""
    j = bisect_left(sent.starts, x.end)
    if j < len(sent.tokens):
        d = sent.tokens[j]
        if d.kind is DRIVER and d.tag != "pron" and d.start - x.end <= 20 and _OWNER_AFTER.fullmatch(doc.low, x.end, d.start):
            return [d.value]
    return []


def _owner(doc: Document, sent: Sentence, x: Token) -> list[str]:
    """The driver of a value; a compared one ("than GAS's (77.75s)", "versus +0.041s/lap") is the
    driver named after the comparison word, or its stated owner ("frente a 90.90s de LAW"), else no one."""
    lo = _lower_bound(sent, x, 30)
    m = None
    for found in _COMPARE_BEFORE.finditer(doc.low, lo, x.start):
        m = found  # (the last)
    if m is None:
        prev = next((t for t in reversed(sent.tokens) if t.kind is DRIVER and t.end <= x.start), None)
        if prev is not None and prev.tag == "pron":
            named = [t.value for t in sent.tokens if t.kind is DRIVER and t.end <= prev.start and not t.tag]
            if len(set(named)) > 1 and prev.value != named[0]:
                return []  # "OCO was faster than DOO, and his degradation ...": "his" read as DOO's is not certain
        return drivers_for(doc, sent, x.start, x.end)
    named = [t.value for t in sent.tokens if t.kind is DRIVER and m.end() <= t.start < x.start]
    if named:
        return named[-1:]
    after = next((t for t in sent.tokens if t.start >= x.end), None)
    if after is not None and after.kind is DRIVER and after.start - x.end <= 12:
        return drivers_for(doc, sent, x.start, x.end)  # its stated owner, written right after it
    return []


def _add(doc: Document, sent: Sentence, ctype: str, slots: dict[str, Any], lo: int, cue: int, t: Token,
         owners: list[str]) -> None:
    """Record the claim of value ``t``; its span opens at its driver's mention in [lo, t), else at its cue."""
    if len(owners) != 1:
        return  # no driver, or "both": no claim
    slots["driver"] = owners[0]
    sent.used.add(id(t))
    s = max(cue, lo)
    for x in sent.tokens:
        if x.start >= t.start:
            break
        if x.start >= lo and x.value == owners[0] and x.kind is not NUMBER:
            s = x.start
            break
    doc.add(ctype, slots, min(s, t.start), t.end)


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


def values(doc: Document, sent: Sentence) -> None:
    """The sentence's stint paces and degradation values."""
    low = doc.low
    used = sent.used
    paces: list[Token] = []
    degs: list[Token] = []
    for t in sent.tokens:  # (the candidates first: most sentences hold none, and the test is cheap)
        if t.kind is not NUMBER or not t.decimal or id(t) in used:
            continue
        v = abs(t.value)
        if PACE_MIN_S <= t.value < PACE_MAX_S:
            paces.append(t)  # (an average may be written per lap: "124.05 s por vuelta")
        elif v < DEG_MAX_S_PER_LAP and per_lap(low, t.end):
            degs.append(t)
    if not paces and not degs:
        return
    if _RESPECTIVELY.search(low, sent.start, sent.end):
        return  # "106.97s and 105.00s respectively compared to LAW's ...": whose is which is left to the order
    if paces:
        _paces(doc, sent, paces)
    if degs:
        _degs(doc, sent, degs)


def _window(low: str, sent: Sentence, t: Token) -> int:
    return max(sent.start, t.start - CUE_REACH)


def _paces(doc: Document, sent: Sentence, cands: list[Token]) -> None:
    low = doc.low
    keep: list[Token] = []
    cues: list[int] = []
    for t in cands:
        lo = _window(low, sent, t)
        before = low[lo:t.start]
        m = _PACE_CUE.search(before)
        cued = m is not None or _PACE_CUE_AFTER.match(low, t.end) is not None or _table_pace(doc, t.start) or \
            _intro_cued(low, t.start)
        if not cued or _LAP_LEVEL.search(before) or _LAP_AFTER.match(low, t.end) or _COMPARE_AFTER.match(low, t.end):
            continue
        if _laps_named(before) and STINT_NOUN not in sent.kind_set:
            continue  # "lap 17-18 avg ~77.73s", "on lap 23": a lap or a stretch of laps, not a stint
        keep.append(t)
        cues.append(lo + m.start() if m is not None else t.start)
    if not keep:
        return
    owners = _owners(doc, sent, keep)
    for t, cue in zip(keep, cues):
        lo = _lower_bound(sent, t)
        slots: dict[str, Any] = {"seconds": round(float(t.value), 3), **_stint_of(doc, sent, lo, t),
                                 "resolution": resolution(t.word)}
        _add(doc, sent, "stint_pace", slots, lo, cue, t, owners[t.start])


def _degs(doc: Document, sent: Sentence, cands: list[Token]) -> None:
    low = doc.low
    keep: list[Token] = []
    cues: list[int] = []
    for t in cands:
        lo = _window(low, sent, t)
        before = low[lo:t.start]
        if _COMPARE_AFTER.match(low, t.end) or _LAP_LEVEL.search(before):
            continue  # "0.26 s/lap faster": a pace difference
        cue = None
        for m in _DEG_CUE.finditer(before):
            cue = m
        signed = t.word[:1] in "+-"
        if cue is not None:
            if _NOT_DEG_AFTER_CUE.search(before, cue.end()):
                continue  # "degradation ... a gain of 0.3 s/lap": the number is the later quantity's
        elif not (signed and not _NOT_DEG.search(before)) and not _intro_cued(low, t.start, deg=True):
            continue
        keep.append(t)
        cues.append(lo + cue.start() if cue is not None else t.start)
    if not keep:
        return
    owners = _owners(doc, sent, keep)
    for t, at in zip(keep, cues):
        lo = _lower_bound(sent, t)
        slots: dict[str, Any] = {"s_per_lap": round(float(t.value), 4), **_stint_of(doc, sent, lo, t),
                                 "resolution": resolution(t.word.lstrip("+-"))}
        if t.word[:1] in "+-":
            slots["sign"] = 1 if t.value > 0 else (-1 if t.value < 0 else 0)
        _add(doc, sent, "stint_degradation", slots, lo, at, t, owners[t.start])


def signs(doc: Document, sent: Sentence) -> None:
    """Degradation stated only by its sign class, with no per-lap value of its own right after it."""
    low = doc.low
    if not stem_in(doc, "_pace_sign_stems", _SIGN_STEMS, sent.start, sent.end):
        return  # ("negativ", "positiv", "zero", "cero", "nula": the answer scanned once)
    piece = low[sent.start:sent.end]
    if "deg" not in piece and "desgaste" not in piece:
        return
    for sign, pat in _DEG_SIGN:
        for m in pat.finditer(low, sent.start, sent.end):
            s, e = m.span()
            nxt = next((x for x in sent.tokens if x.kind is NUMBER and x.start >= e), None)
            if nxt is not None and nxt.start - e <= 40 and per_lap(low, nxt.end):
                continue  # "negative degradation (-0.081s/lap)": the value says it all
            prv = next((x for x in reversed(sent.tokens) if x.kind is NUMBER and x.end <= s), None)
            if prv is not None and s - prv.end <= 12 and per_lap(low, prv.end):
                continue  # "-0.249s/lap, a negative degradation"
            owners = drivers_for(doc, sent, s, e)
            if len(owners) != 1:
                continue
            anchor = Token(s, e, NUMBER, 0.0, "")  # (where the stint is looked for)
            slots: dict[str, Any] = {"sign": sign, **_stint_of(doc, sent, max(sent.start, s - STINT_REACH), anchor),
                                     "driver": owners[0]}
            doc.add("stint_degradation", slots, s, e)
