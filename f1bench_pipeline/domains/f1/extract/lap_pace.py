"""A time, pace or pace difference of one lap or a short stretch of laps (``lap_pace``).

The contexts state stint summaries only (a stint's laps, average and degradation; the pit laps; a
battle's gap before and after the stops), so such a claim is unverifiable (``verify_lap_pace.py``),
unless the laps it names are a whole stint of its driver (then it is checked as that stint's pace).
Three grammar classes, EN/ES/PT, each bound to a driver named in the sentence (generic reasoning,
"fresh tyres give a faster out-lap", names none and gives no claim):

* a value (``values``, run before the stint-pace rule, which then leaves the number alone): a time
  of 50-200 s or a per-lap difference tied to a lap: a short lap range written tight before it ("lap
  17-18 avg ~77.73s") or a lap right after it ("95.2s on lap 23"), an out/in-lap or a counted or
  pointed-at lap in its clause ("in his last 2 laps", "~1.89s por vuelta en esa vuelta crítica");
  not when a stint or an average word stands between that lap and the value ("a fast out-lap
  (included in his Stint 2 average of 98.57s)" is the stint's average);
* a driver's out-lap or in-lap said fast or slow (``words``): owned by a possessive ("OCO's outlap
  ... was slower", "su vuelta de salida fue más lenta") or set by the driver ("allowed him to set
  a fast out-lap", "fez uma volta de saída rápida");
* a pace comparison over a counted or short stretch of laps (``words``): "ALB, em suas últimas 2
  voltas ..., foi mais lento do que BEA", "HUL gained a pace advantage ... for lap 11-12".

A sentence about a defense's stated median pace gives no claim; a comparison with a number of its own
("0.26 s/lap faster") is ``pace_compare``'s.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from f1bench_pipeline.domains.f1.extract.literal_gate import gated
from f1bench_pipeline.domains.f1.extract.binding import drivers_for
from f1bench_pipeline.domains.f1.extract.checks import per_lap
from f1bench_pipeline.domains.f1.extract.pace_cues import (_DEG_CUE, _LAP_AFTER, _PACE_CUE_AFTER, DEG_MAX_S_PER_LAP,
                                                           PACE_MAX_S, PACE_MIN_S, SHORT_RANGE_LAPS, resolution)
from f1bench_pipeline.domains.f1.extract.tokens import DRIVER, NUMBER, Token, trie_regex
from f1bench_pipeline.domains.f1.extract.vocabulary import lap_more_words as M
from f1bench_pipeline.domains.f1.extract.vocabulary import lap_window_words as LW
from f1bench_pipeline.domains.f1.extract.vocabulary import lap_words as W
from f1bench_pipeline.domains.f1.extract.vocabulary import pace_words as P

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence

CLAUSE_REACH = 90  # characters before a value searched for its lap (within its clause)
AFTER_REACH = 60  # characters after a value searched for its lap ("~1.89s por vuelta en esa vuelta crítica")
TIGHT_GAP = 12  # characters at most between a lap range and its value ("lap 17-18 avg ~77.73s")
STRETCH_REACH = 120  # characters at most between a stretch of laps and the comparative said of it
STINT_AFTER = 25  # characters after a comparative searched for a stint or average word ("faster on average in that stint")
MAX_MINUTES = 3  # the minutes of a lap time written m:ss.s (PACE_MAX_S is 200 s)
OWNER_GAP = 24  # characters at most between a possessive driver and its out/in-lap ("OCO's fast out-lap")

_OUT_IN = gated(re.compile(W.OUT_IN_LAP))
_OUT_IN_WORD = re.compile(W.OUT_IN_LAP)  # (a word's test: the gate remembers the answer's text)
# a lap a value or a speed word is said of: an out/in-lap, a single lap by what it was, a driver's best lap
# (the longer pattern only in a sentence holding one of ``M.LAP_STEMS``)
_ANCHOR = re.compile(W.OUT_IN_LAP + "|" + M.SINGLE_LAP + "|" + M.BEST_LAP)
_BEST = re.compile(M.BEST_LAP)
_SPEED_BEFORE = re.compile(W.SPEED_BEFORE)
_SPEED_AFTER = re.compile(W.SPEED_AFTER + "|" + M.SPEED_AFTER)
_OWN_LAP_VERB = re.compile(W.OWN_LAP_VERB)
_THAT_OR_COUNTED = re.compile(W.THAT_LAP + "|" + W.COUNTED)
_COUNTED = gated(re.compile(W.COUNTED))
# ... with the other ways of pointing at or counting a few laps (only where one of ``M.STRETCH_STEMS`` is)
_THAT_OR_COUNTED_MORE = re.compile(W.THAT_LAP + "|" + W.COUNTED + "|" + M.STRETCH)
_COUNTED_MORE = re.compile(W.COUNTED + "|" + M.STRETCH)
# a hedge right before a comparative over a few laps: nothing asserted ("likely faster than ... his next few laps")
_HEDGE_BEFORE = re.compile(r"\b(?:likely|probably|possibly|perhaps|presumably|may|might|could|would|probablemente|"
                           r"posiblemente|quiz[áa]s?|podr[íi]a|provavelmente|possivelmente|talvez|poderia)\s+(?:\w+\s+)?$")
_PLURAL = re.compile(r"\b(?:laps|vueltas|voltas)\b")
_RANGE = re.compile(W.RANGE)
_ONE_LAP = re.compile(W.ONE_LAP)
_STATED_RUN = gated(re.compile(W.STATED_RUN))
_COMPARATIVE = re.compile(P.PACE_LOWER + "|" + P.PACE_HIGHER + "|" + W.PACE_EDGE)
# (#44, fifth pass) an out-pacing verb, searched only where one of its literal pieces is (its first letters, "o" and
# "s", would slow the comparatives' scan of every sentence)
_OUTPACED = re.compile(LW.OUTPACED)
# (#44, fifth pass) a few laps between the stops, said to be a window or the same laps for both drivers
WINDOW_LAPS = 5  # laps at most of such a window ("laps 15-18"; "laps 34-44" is a stint), as ``COUNTED`` counts them
_WINDOW = re.compile(LW.WINDOW)
_WINDOW_STRETCH = re.compile(LW.WINDOW_STRETCH)
_THAN = re.compile(P.THAN)
THAN_REACH = 40  # characters from the comparative to its "than", and from there to side b's driver
_SLOWER = re.compile(r"slow|lent|weak|poor|deficit|desvent|desvant|disadvant|d[ée]bil|\bmal[ao]\b|fraca|ruim|\blost\b|"
                     r"\bperdi[óo]|\bperdeu")
_TIME_BEFORE = re.compile(M.TIME_BEFORE)
TIME_REACH = 70  # characters before an out/in-lap searched for the time lost or gained on it
# a stint or an average between a lap and a value: the value is the stint's ("out-lap (included in his
# Stint 2 average of 98.57s)", "(vuelta 23) registró un tiempo promedio de 91.45s")
_STINT_BETWEEN = re.compile(r"\bstint|\btanda|\baverag|\bavg\b|\bpromedi|\bm[ée]dia\b|\bmean\b")
# between one lap and its time only punctuation, markup or a preposition ("lap 23: 95.2s", "(lap 23) 95.2s",
# "lap 23 in 95.2s"); not a comma or a verb ("until lap 14, with 90.64s average", "(lap 19) was 0.30s/lap faster")
_TIGHT_ONE = re.compile(r"[\s:=()\[\]*_~≈-]{0,6}(?:(?:in|en|em|at|of|de)\s+)?[\s*_~≈(]{0,4}")
# an intention, not what happened: "the aim was for ALO to be faster over laps 42-44", "aiming to run fast out-laps"
_INTENT = re.compile(r"\b(?:aim|aims|aiming|aimed|goal|objective|intend\w*|intention|idea\s+was|plan\w*|hop(?:e|ed|ing)|"
                     r"try|trying|tried|objetivo|intenci[óo]n|inten[çc][ãa]o|buscando|buscaba|intentando|intentar|"
                     r"tentando|tentar|esperaba|esperava)\b")
_DEGRADE_BEFORE = re.compile(r"\bdegrad|\bwear|\bdesgast")
_STINT_WORD = re.compile(r"\bstint|\btanda")  # (between a tight lap range and its value: "laps 1-2 avg" is fine)
_POSSESSIVE_AFTER_CODE = re.compile(r"['’]s\s+(?:\w+\s+){0,2}")
_POSSESSIVE_WORDS = frozenset({"his", "her", "su", "sua", "seu", "sus", "suas"})
_OF_AFTER = re.compile(r"\s+(?:de|do|da|of)\s+")
_CLAUSE_BREAK = re.compile(r"[.;\n]")


def _clause_start(low: str, sent: Sentence, s: int) -> int:
    lo = max(sent.start, s - CLAUSE_REACH)
    semi = low.rfind("; ", lo, s)
    return max(lo, low.rfind("\n", lo, s) + 1, semi + 2 if semi >= 0 else lo)


def _short(m: re.Match[str]) -> bool:
    a, b = int(m.group(1)), int(m.group(2))
    return 0 <= b - a < SHORT_RANGE_LAPS


def _few(m: re.Match[str]) -> bool:
    a, b = int(m.group(1)), int(m.group(2))
    return 0 <= b - a < WINDOW_LAPS


def _two_drivers(sent: Sentence) -> bool:
    return len({x.value for x in sent.tokens if x.kind is DRIVER and x.tag != "pron"}) >= 2


def _rival_after(doc: Document, sent: Sentence, end: int, driver: str) -> bool:
    """Side b of the comparative ending at ``end`` is another driver named after its "than" ("faster than SAI's")."""
    than = _THAN.search(doc.low, end, min(sent.end, end + THAN_REACH))
    return than is not None and any(x.kind is DRIVER and x.tag != "pron" and x.value != driver and
                                    than.end() <= x.start <= than.end() + THAN_REACH for x in sent.tokens)


def over_window(low: str, sent: Sentence) -> bool:
    """The sentence compares over a window of a few laps between the stops ("during the 4-lap window (laps 37-40)"):
    its comparison is lap-level, no stint's (``pace_compare`` leaves it to ``words``)."""
    s, e = sent.start, sent.end
    return any(map(low[s:e].__contains__, LW.WINDOW_STEMS)) and _WINDOW.search(low, s, e) is not None and \
        (_WINDOW_STRETCH.search(low, s, e) is not None or any(_few(m) for m in _RANGE.finditer(low, s, e)))


def _has_stem(low: str, s: int, e: int) -> bool:
    """A cheap test before any regex: the sentence holds a lap word ("lap", "vuelta", "volta")."""
    return any(map(low[s:e].__contains__, W.STEMS))  # (one slice, scanned in C)


def _relation(text: str) -> str:
    """"lower" (the driver's laps quicker: faster, a pace advantage) or "higher" (slower)."""
    return "higher" if _SLOWER.search(text) else "lower"


def _lap_of(low: str, sent: Sentence, t: Token) -> tuple[int, int, dict[str, Any]] | None:
    """Where the claim of a value at ``t`` starts and ends (its lap included), and the lap's slots; None:
    the value is tied to no lap of its own."""
    if _STINT_WORD.search(low, t.end, min(sent.end, t.end + STINT_AFTER)):
        return None  # "(79,49s no stint 45-54)": the stint's average
    lo = _clause_start(low, sent, t.start)
    for m in _RANGE.finditer(low, lo, t.start):  # "lap 17-18 avg ~77.73s": written tight before the value
        if _short(m) and t.start - m.end() <= TIGHT_GAP and not _STINT_WORD.search(low, m.end(), t.start):
            return m.start(), t.end, {"stretch": "laps", "start_lap": int(m.group(1)), "end_lap": int(m.group(2))}
    for m in _ONE_LAP.finditer(low, max(lo, t.start - TIGHT_GAP - 12), t.start):  # "lap 23: 95.2s", "lap 23 in 95.2s"
        if _TIGHT_ONE.fullmatch(low, m.end(), t.start) and _PACE_CUE_AFTER.match(low, t.end) is None:
            return m.start(), t.end, {"stretch": "lap", "start_lap": int(m.group(1)), "end_lap": int(m.group(1))}
    after = _LAP_AFTER.match(low, t.end)  # "95.2s on lap 23", "(lap 23)"; "(77.20s on laps 17-28)" is a stint's
    if after is not None:
        r = _RANGE.search(low, t.end, min(sent.end, after.end() + 8))
        if r is not None:
            return (t.start, r.end(), {"stretch": "laps", "start_lap": int(r.group(1)), "end_lap": int(r.group(2))}) \
                if _short(r) else None
        m1 = _ONE_LAP.search(low, t.end, min(sent.end, after.end() + 4))
        return None if m1 is None else (t.start, m1.end(), {"stretch": "lap", "start_lap": int(m1.group(1)),
                                                            "end_lap": int(m1.group(1))})
    seen = None
    for m in (_ANCHOR if _holds(low, sent, M.LAP_STEMS) else _OUT_IN).finditer(low, lo, t.start):
        seen = m
    if seen is not None and not _STINT_BETWEEN.search(low, seen.end(), t.start):
        return seen.start(), t.end, {"stretch": _out_or_in(seen.group(0))}
    pointed = _THAT_OR_COUNTED_MORE if _holds(low, sent, M.STRETCH_STEMS) else _THAT_OR_COUNTED
    m2 = None
    for found in pointed.finditer(low, lo, t.start):
        m2 = found
    if m2 is not None and not _STINT_BETWEEN.search(low, m2.end(), t.start):
        return m2.start(), t.end, {"stretch": _stretch_of(m2.group(0))}
    m3 = pointed.search(low, t.end, min(sent.end, t.end + AFTER_REACH))
    if m3 is not None and not _CLAUSE_BREAK.search(low, t.end, m3.start()) and \
            not _STINT_BETWEEN.search(low, t.end, m3.start()):
        return t.start, m3.end(), {"stretch": _stretch_of(m3.group(0))}
    return None


_SECONDS_UNIT = re.compile(r"\s*(?:s|secs?|seconds?|segundos?)\b")


def _unit_end(low: str, t: Token) -> int:
    """Where the value's seconds unit ends ("1,2s por volta": the per-lap unit follows it)."""
    m = _SECONDS_UNIT.match(low, t.end)
    return t.end if m is None else m.end()


def _out_or_in(word: str) -> str:
    if _OUT_IN_WORD.fullmatch(word) is None:
        return "lap"  # a full lap, a driver's best lap
    return "in_lap" if word.startswith("in") or "entrada" in word else "out_lap"


_STEM_SEARCH = {M.LAP_STEMS: re.compile(trie_regex(list(M.LAP_STEMS))),
                M.STRETCH_STEMS: re.compile(trie_regex(list(M.STRETCH_STEMS))),
                LW.WINDOW_STEMS: re.compile(trie_regex(list(LW.WINDOW_STEMS))),
                LW.OUTPACED_STEMS: re.compile(trie_regex(list(LW.OUTPACED_STEMS)))}  # (one C pass over a sentence)


def _holds(low: str, sent: Sentence, stems: tuple[str, ...]) -> bool:
    """The sentence holds one of ``stems`` (the longer patterns are searched only there)."""
    return _STEM_SEARCH[stems].search(low, sent.start, sent.end) is not None


def _stretch_of(words: str) -> str:
    """"laps" for a few laps counted or pointed at ("those three laps"), "lap" for one ("that extra lap")."""
    return "laps" if _PLURAL.search(words) else "lap"


def values(doc: Document, sent: Sentence) -> None:
    """Lap-level times and per-lap differences; each number read here is left alone by the stint
    rules (``sent.used``)."""
    low = doc.low
    if not _has_stem(low, sent.start, sent.end) or _STATED_RUN.search(low, sent.start, sent.end):
        return
    used = sent.used
    prev: Token | None = None
    for t in sent.tokens:
        mins, prev, orig = prev, t, t
        if t.kind is not NUMBER or not t.decimal or id(t) in used:
            continue
        if low[t.start - 1:t.start] == ":":  # a lap time written m:ss.s ("a 1:32.4 on lap 20"), else no time
            if mins is None or mins.kind is not NUMBER or mins.end != t.start - 1 or mins.decimal or \
                    not 1 <= mins.value <= MAX_MINUTES or id(mins) in used or low[mins.start - 1:mins.start].isdigit():
                continue
            t = Token(mins.start, t.end, NUMBER, mins.value * 60 + t.value, low[mins.start:t.end], t.tag, True)
        v = abs(t.value)
        time = PACE_MIN_S <= v < PACE_MAX_S
        if not time and not (v < DEG_MAX_S_PER_LAP and per_lap(low, _unit_end(low, t))):
            continue
        found = _lap_of(low, sent, t)
        if found is None:
            continue
        s, end, slots = found
        if not time and _DEG_CUE.search(low, _clause_start(low, sent, t.start), t.start):
            continue  # "deg +0.5s/lap ...": a degradation's, the stint rules read it
        owners = drivers_for(doc, sent, t.start, t.end)
        if len(owners) != 1 or not any(x.kind is DRIVER and x.value == owners[0] for x in sent.tokens):
            if time:
                continue  # a lap time of no driver named in the sentence
            named = [x.value for x in sent.tokens if x.kind is DRIVER and x.tag != "pron"]
            if not named:
                continue
            owners = named[:1]  # a difference between the sentence's drivers: the first named
        used.update((id(orig), id(mins)) if orig is not t else (id(t),))
        slots["driver"] = owners[0]
        if time:
            slots["seconds"] = round(float(t.value), 3)
        else:  # (a difference's sign is the comparative's, not the number's)
            slots["difference"] = round(abs(float(t.value)), 3)
        slots["resolution"] = resolution(t.word.lstrip("+-~≈").rpartition(":")[2])
        doc.add("lap_pace", slots, min(s, t.start), max(end, t.end))


def _possessor(doc: Document, sent: Sentence, m: re.Match[str]) -> tuple[str, int] | None:
    """The driver whose out/in-lap ``m`` is: "OCO's out-lap", "his in-lap", "su vuelta de salida", "la
    vuelta de salida de OCO", or the driver setting it ("allowed him to set a fast out-lap")."""
    low = doc.low
    prev = None
    for x in sent.tokens:
        if x.start >= m.start():
            break
        if x.kind is DRIVER:
            prev = x
    if prev is not None and m.start() - prev.end <= OWNER_GAP:
        gap = low[prev.end:m.start()]
        if prev.tag == "pron" and prev.word.lower() in _POSSESSIVE_WORDS and re.fullmatch(r"\s+(?:\w+\s+)?", gap):
            return prev.value, prev.start
        if prev.tag != "pron" and _POSSESSIVE_AFTER_CODE.fullmatch(gap):
            return prev.value, prev.start
    nxt = next((x for x in sent.tokens if x.start >= m.end()), None)
    if nxt is not None and nxt.kind is DRIVER and nxt.tag != "pron" and _OF_AFTER.fullmatch(low, m.end(), nxt.start):
        return nxt.value, m.start()
    if prev is not None and _OWN_LAP_VERB.search(low, max(sent.start, m.start() - 60), m.start()):
        owners = drivers_for(doc, sent, m.start(), m.end())
        return (owners[0], m.start()) if len(owners) == 1 else None
    return None


def words(doc: Document, sent: Sentence) -> None:
    """Lap-level pace said in words: a driver's out/in-lap fast or slow, a comparison over a few laps."""
    low = doc.low
    s, e = sent.start, sent.end
    if not _has_stem(low, s, e) or any(r[0] == "lap_pace" and s <= r[2] < e for r in doc.records[-4:]) or \
            _STATED_RUN.search(low, s, e) or _INTENT.search(low, s, e):
        return  # (the sentence's lap-level value already says it)
    for m in (_ANCHOR if _holds(low, sent, M.LAP_STEMS) else _OUT_IN).finditer(low, s, e):
        best = _BEST.fullmatch(m.group(0)) is not None  # "his fastest lap": its speed in its words
        sp = None if best else _SPEED_BEFORE.search(low, max(s, m.start() - 16), m.start())
        if sp is None and not best:  # "lost a lot of time on his in-lap" (not "likely lost ...": a guess)
            sp = _TIME_BEFORE.search(low, max(s, m.start() - TIME_REACH), m.start())
            if sp is not None and _HEDGE_BEFORE.search(low, max(s, sp.start() - 30), sp.start()):
                continue
        sa = None if sp is not None or best else _SPEED_AFTER.match(low, m.end(), e)
        if sp is None and sa is None and not best:
            continue
        owned = _possessor(doc, sent, m)
        if owned is None:
            continue  # "fresh tyres give a faster out-lap": reasoning, of no driver
        speed = sp.group(0) if sp is not None else sa.group(0) if sa is not None else ""
        doc.add("lap_pace", {"driver": owned[0], "stretch": _out_or_in(m.group(0)), "relation": _relation(speed)},
                min(owned[1], sp.start() if sp is not None else m.start()), m.end() if sa is None else sa.end())
        return
    _stretch_comparison(doc, sent)


def _stretch_comparison(doc: Document, sent: Sentence) -> None:
    low = doc.low
    s, e = sent.start, sent.end
    stretch = (_COUNTED_MORE if _holds(low, sent, M.STRETCH_STEMS) else _COUNTED).search(low, s, e)
    slots: dict[str, Any] = {"stretch": "laps" if stretch is None else _stretch_of(stretch.group(0))}
    window = False  # a range of laps read only as a window between the stops (a side b driver or a window word)
    if stretch is None:
        stretch = next((m for m in _RANGE.finditer(low, s, e) if _short(m) or _few(m)), None)
        if stretch is not None:
            window = not _short(stretch)
            if window and not _two_drivers(sent) and not (_holds(low, sent, LW.WINDOW_STEMS) and _WINDOW.search(low, s, e)):
                return
            slots.update(start_lap=int(stretch.group(1)), end_lap=int(stretch.group(2)))
        elif _holds(low, sent, LW.WINDOW_STEMS):
            stretch = _WINDOW_STRETCH.search(low, s, e)  # "during the 4-lap window": a few laps
        if stretch is None:
            return
    comps = list(_COMPARATIVE.finditer(low, s, e))
    if _holds(low, sent, LW.OUTPACED_STEMS):
        comps += _OUTPACED.finditer(low, s, e)
    comp = min((c for c in comps if abs(c.start() - stretch.start()) <= STRETCH_REACH), default=None,
               key=lambda c: abs(c.start() - stretch.start()))
    if comp is None:
        return
    a, b = min(stretch.end(), comp.start()), max(stretch.start(), comp.end())
    if _STINT_BETWEEN.search(low, a, b) or _STINT_BETWEEN.search(low, comp.end(), min(e, comp.end() + STINT_AFTER)) or \
            _DEGRADE_BEFORE.search(low, max(s, comp.start() - STINT_AFTER), comp.start()):
        return  # "RUS was faster on average in that stint, ... (laps 23-25": a stint's; "degrade tyres faster"
    if _HEDGE_BEFORE.search(low, max(s, comp.start() - 30), comp.start()):
        return  # "these laps were likely faster than ... his next few laps": a guess
    if any(x.kind is NUMBER and 0 <= comp.start() - x.end <= 25 and not stretch.start() <= x.start < stretch.end()
           for x in sent.tokens):
        return  # "0.26 seconds per lap faster": a stated difference, pace_compare's (not the stretch's laps: "19-20 were")
    if any(r[0] == "pace_comparison" and r[2] < comp.end() and comp.start() < r[3] for r in doc.records[-6:]):
        return
    owners = drivers_for(doc, sent, comp.start(), comp.end())
    if len(owners) != 1 or not any(x.kind is DRIVER and x.value == owners[0] for x in sent.tokens):
        return
    if window and not _rival_after(doc, sent, comp.end(), owners[0]) and not _WINDOW.search(low, s, e):
        return  # "OCO was faster during laps 15-18": a stretch of his own (a stint as often as not)
    slots["driver"] = owners[0]
    slots["relation"] = _relation(comp.group(0))
    doc.add("lap_pace", slots, min(stretch.start(), comp.start()), max(stretch.end(), comp.end()))
