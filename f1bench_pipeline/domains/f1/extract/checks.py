"""Cheap checks of the text around a token, each equal to one window pattern's search.

The costly window searches get an exact pre-check first (a substring or suffix that every
match must contain) and run only when it passes; each docstring names the search a check
equals. Also the clause bounds and number parsing the claim rules share.
"""

from __future__ import annotations

import re

from f1bench_pipeline.domains.f1.extract.patterns import (ARROW_CONN, AVG_BEFORE_F, BOUND_MAX_BEFORE, BOUND_MIN_BEFORE, BRACKET_COMPARE, BRACKET_RANGE_ITEM,
                                                       BRACKET_OPENS_WITH_LAP, BARE_INTEGER,
                                                       COMPARATIVE_OBJ, ELIDED_BEFORE, ELIDED_ENDS, RIVAL_BEFORE, RIVAL_BRACKET,
                                                       EVENT_AFTER, FROM_LAP_BEFORE, FROM_ONLY, FROM_ONLY_ENDS,
                                                       GRID_BEFORE_A, GRID_BEFORE_B, HEDGE_BEFORE_F, NEXT_WORD,
                                                       NOUN_BEFORE, ONCE_ANY, PER_LAP, PREV_WORD_RUN, RACE_OF_BEFORE,
                                                       RANGE_NOT_STINT_AFTER, SLASH_NUM, STINT_BREAK, STINT_OF_BEFORE, STOP_NOUNS,
                                                       SAME_LAPS_AFTER, SUBRANGE_AGE_BEFORE, SUBRANGE_CONTRAST,
                                                       TO_GO_AFTER, VERB_TO_LAP)
from f1bench_pipeline.domains.f1.extract.tokens import DRIVER, LAP_WORD, NUMBER, NUMBER_WORD, PIT, STINT_NOUN, Token


def stint_break(low: str, a: int, b: int) -> bool:
    """Between a stint word (ending at ``a``) and a tyre word (at ``b``): an arrow or "then", or the
    close of a parenthesis the stint word is in ("(stint 1, L1-L7) => HARD")."""
    if STINT_BREAK.search(low, a, b):
        return True
    close = low.find(")", a, b)
    return close >= 0 and low.find("(", a, close) < 0


def grid_before(low: str, s: int) -> bool:
    """``GRID_BEFORE.search(low, max(0, s - 40), s)``."""
    lo = s - 40 if s > 40 else 0
    return GRID_BEFORE_A.search(low, lo, s) is not None or GRID_BEFORE_B.search(low, lo, s) is not None


def hedge_before(low: str, s: int) -> bool:
    """``HEDGE_BEFORE.search(low, max(0, s - 90), s)``: a match holds no '.', ';' or line break
    (bar a final one), so the search starts after the last of them."""
    lo = s - 90 if s > 90 else 0
    h = s - 1 if s > lo and low[s - 1] == "\n" else s
    a = max(lo, low.rfind(".", lo, h) + 1, low.rfind(";", lo, h) + 1, low.rfind("\n", lo, h) + 1)
    return HEDGE_BEFORE_F.search(low, a, s) is not None


def to_float(num: str, lang: str, unit: bool) -> float | None:
    try:
        if "," in num:
            if lang in ("es", "pt") or unit:
                return float(num.replace(",", "."))
            return None
        return float(num)
    except ValueError:
        return None


def is_word(c: str) -> bool:
    return c.isalnum() or c == "_"


def plain_number(x: Token) -> bool:
    """A bare number that can be a lap (no unit, no decimals, 1..99)."""
    return x.kind is NUMBER and not x.tag and not x.decimal and 0 < x.value < 100


def index_number(low: str, toks: list[Token], i: int) -> bool:
    """The number ``toks[i]`` is an index, not a quantity: it follows its lap, stint or stop noun
    ("the lap-9 stop", "stint 3 of 17 laps", "la parada 2", "volta 14"), so it names which one,
    never how many."""
    if i < 1:
        return False
    p = toks[i - 1]
    t = toks[i]
    if t.start - p.end > 2 or low[p.end:t.start].strip(" -#") or p.word.endswith("s") and p.kind is LAP_WORD:
        return False
    return p.kind is LAP_WORD or p.kind is STINT_NOUN or p.kind is PIT and p.word in STOP_NOUNS


def once_any(low: str, s: int, e: int) -> bool:
    """``ONCE_ANY.search(low, s, e)`` (each of its words contains 'once', 'twice', 'three times',
    'vez' or 'veces')."""
    w = low[s:e]
    return ("vez" in w or "veces" in w or "once" in w or "twice" in w or "three times" in w) and \
        ONCE_ANY.search(low, s, e) is not None


def from_lap_before(low: str, s: int) -> bool:
    """``FROM_LAP_BEFORE.search(low, max(0, s - 12), s)`` (every branch contains one of the
    substrings tested first)."""
    lo = s - 12 if s > 12 else 0
    w = low[lo:s]
    return ("from" in w or "de" in w or "since" in w or "start" in w or "a partir" in w) and \
        FROM_LAP_BEFORE.search(low, lo, s) is not None


def per_lap(low: str, e: int) -> bool:
    """``PER_LAP.match(low, e, e + 16)``: each branch starts with '/', 'p', 'a', 'e' or 'c'."""
    c = low[e:e + 16].lstrip()[:1]
    return c != "" and c in "/paec" and PER_LAP.match(low, e, e + 16) is not None


def avg_before(low: str, lo: int, hi: int) -> bool:
    """``AVG_BEFORE.search(low, lo, hi)`` started where a match can start: its keyword (12
    characters at most) and the <= 14 characters after it reach the end (or a final line
    break) and hold no '.' or line break."""
    h = hi - 1 if hi > lo and low[hi - 1] == "\n" else hi
    a = max(lo, h - 26, low.rfind(".", lo, h) + 1, low.rfind("\n", lo, h) + 1)
    return AVG_BEFORE_F.search(low, a, hi) is not None


def lap_pair_after(low: str, lap: int, e: int) -> bool:
    """"the lap-66/67 pit sequence": two nearby laps of two drivers, neither owned (no claim);
    "lap 17/56" (lap 17 of 56) is not a pair."""
    m = SLASH_NUM.match(low, e)
    return bool(m and 0 < abs(int(m.group(1)) - lap) <= 5)


def clause_end(low: str, e: int, width: int) -> int:
    """Where the clause holding offset ``e`` ends, at most ``width`` characters on."""
    hi = min(len(low), e + width)
    ends = [i for i in (low.find("\n", e, hi), low.find("; ", e, hi), low.find(". ", e, hi)) if i >= 0]
    return min(ends) if ends else hi


def race_count(low: str, s: int, e: int) -> bool:
    """A lap count (``low[s:e]``, "57-lap", "51 voltas") of the race or of what is left of it, not of
    a stint: "the 57-lap race", "the 58-lap Abu Dhabi Grand Prix", "una carrera de 58 vueltas",
    "la distancia de 50 vueltas", "faltando 16 voltas", "19 das 70 voltas", "with 16 laps to go"."""
    return bool(RANGE_NOT_STINT_AFTER.match(low, e) or EVENT_AFTER.match(low, e) or TO_GO_AFTER.match(low, e)
                or RACE_OF_BEFORE.search(low, max(0, s - 24), s)
                and not STINT_OF_BEFORE.search(low, max(0, s - 48), s))  # "stint 1 of 26 laps": the stint's


def clause_start(low: str, s: int, width: int) -> int:
    """Where the clause holding offset ``s`` starts, at most ``width`` characters back: after the
    last line break, ';' or sentence stop ('. '; a decimal point is no stop)."""
    lo = max(0, s - width)
    return max(lo, low.rfind("\n", lo, s) + 1, low.rfind("; ", lo, s) + 2, low.rfind(". ", lo, s) + 2)


def after_last_break(low: str, lo: int, s: int, breaks: re.Pattern[str]) -> int:
    """Where a clause ending at ``s`` opens: after the last match of ``breaks`` in ``low[lo:s]``, else ``lo``."""
    last = None
    for m in breaks.finditer(low, lo, s):
        last = m
    return lo if last is None else last.end()


def elided_before(low: str, s: int) -> bool:
    """``ELIDED_BEFORE.search(low, max(0, s - 8), s)``: 'en la' / 'na' / 'a la' / 'no', then
    whitespace up to s."""
    lo = s - 8 if s > 8 else 0
    w = low[lo:s]
    return w[-1:].isspace() and w.rstrip().endswith(ELIDED_ENDS) and ELIDED_BEFORE.search(low, lo, s) is not None


def from_only(low: str, s: int) -> bool:
    """``FROM_ONLY.search(low, max(0, s - 30), s)``: its last word (one of FROM_ONLY_ENDS) is
    followed by whitespace up to s."""
    lo = s - 30 if s > 30 else 0
    w = low[lo:s]
    return w[-1:].isspace() and w.rstrip().endswith(FROM_ONLY_ENDS) and FROM_ONLY.search(low, lo, s) is not None


def noun_before(low: str, s: int) -> bool:
    """``NOUN_BEFORE.search(low, max(0, s - 30), s)``: a determiner, then at most two words, then
    whitespace up to s."""
    lo = s - 30 if s > 30 else 0
    w = low[lo:s]
    if not w[-1:].isspace():
        return False
    return NOUN_BEFORE.search(low, lo, s) is not None


def comparative_obj(low: str, s: int) -> bool:
    """``COMPARATIVE_OBJ.search(low, max(0, s - 24), s)``; both branches need 'than' or 'que'."""
    lo = s - 24 if s > 24 else 0
    w = low[lo:s]
    return ("than" in w or "que" in w) and COMPARATIVE_OBJ.search(low, lo, s) is not None


def per_before(low: str, s: int) -> bool:
    """``PER_BEFORE.search(low, max(0, s - 6), s)``: '/', 'per', 'por', 'each' or 'cada' (the
    words after a word boundary) then only whitespace up to ``s``."""
    lo = s - 6 if s > 6 else 0
    r = low[lo:s].rstrip()
    if not r:
        return False
    if r[-1] == "/":
        return True
    for kw in ("per", "por", "each", "cada"):
        if r.endswith(kw):
            p = lo + len(r) - len(kw)
            return p == 0 or not is_word(low[p - 1])
    return False


def prev_word(low: str, s: int) -> str:
    """The word before ``s`` (``PREV_WORD.search(low, max(0, s - 30), s)``, tried only at the starts
    of [\\w'-] runs)."""
    m = PREV_WORD_RUN.search(low[max(0, s - 30):s])
    return m.group(1) if m else ""


def next_word(low: str, e: int) -> str:
    """The word after ``e`` (within 30 characters)."""
    m = NEXT_WORD.match(low, e, e + 30)
    return m.group(1) if m else ""


def bounded_count(low: str, s: int) -> bool:
    """"more than 20 laps", "menos de 10 vueltas": a bound, no stint length ("over 16 laps" is the
    laps an average was taken over, a length)."""
    m = BOUND_MIN_BEFORE.search(low, max(0, s - 28), s) or BOUND_MAX_BEFORE.search(low, max(0, s - 28), s)
    return m is not None and m.group().split()[0] not in ("over", "under", "within")


def some_laps_of_a_stint(low: str, s: int, e: int) -> bool:
    """A range of laps on a tyre said to be old ("older MEDIUMs during laps 15-18"), or set against
    another driver's ("laps 20-22 on new HARDs while STR stayed out", "laps 12-14 (part of a 19-lap
    stint)"): some laps of a stint, whose own extent the sentence does not state."""
    lo = clause_start(low, s, 60)
    if SUBRANGE_AGE_BEFORE.search(low, lo, s) or SAME_LAPS_AFTER.match(low, e, clause_end(low, e, 110)):
        return True
    hi = clause_end(low, e, 45)
    m = SUBRANGE_CONTRAST.match(low, e, hi)
    if m is None:
        return False
    if "part" in m.group():  # "part of a 19-lap stint", "parte de", "parte do"
        return True
    # "laps 5-33, while OCO stayed out until lap 39", "enquanto ALB fez HARD (voltas 24-47)": two
    # drivers' stints set side by side, each with its own laps, are stints
    tail_end = clause_end(low, m.end(), 80)
    return not any(c.isdigit() for c in low[m.end():tail_end])


def counted_stop(toks: list[Token], j: int) -> bool:
    """The pit noun ``toks[j]`` is counted ("two stops", "dos paradas"): a strategy, not one stop."""
    p = toks[j - 1] if j else None
    return p is not None and p.kind in (NUMBER, NUMBER_WORD) and toks[j].start - p.end <= 3 and p.value != 1


def rival_bracket_driver(low: str, toks: list[Token], at: int, first: bool) -> Token | None:
    """The compared driver whose bracket holds offset ``at``: "(SAI pitted) three laps before LEC
    (lap 21, HARD→MEDIUM)", "antes que LEC (vuelta 21, ...)", "antes de LEC (volta 21, ...)": the
    stop in the bracket after the driver a stop is compared with is that driver's. ``first``: ``at``
    opens the bracket (a lap); otherwise the bracket must open with a lap (a tyre change after it).
    Only in a clause with a pit word before the driver (stops are compared)."""
    op = low.rfind("(", max(0, at - 60), at)
    if op < 0 or ")" in low[op:at]:
        return None
    if first and not VERB_TO_LAP.fullmatch(low, op + 1, at):
        return None
    if not first and not BRACKET_OPENS_WITH_LAP.search(low, op, at):
        return None
    close = low.find(")", at, at + 80)
    inside = low[op + 1:close if close >= 0 else at + 40]
    if len(BARE_INTEGER.findall(inside)) != 1 or BRACKET_COMPARE.search(inside):
        return None  # "(lap 14 vs. lap 18)", "(vuelta 12 vs. 13)": the subject's lap and the rival's
    d = None
    for t in toks:
        if t.end > op:
            break
        d = t
    if d is None or d.kind is not DRIVER or d.tag == "pron" or not RIVAL_BRACKET.fullmatch(low, d.end, op + 1):
        return None
    if not RIVAL_BEFORE.search(low, max(0, d.start - 20), d.start):
        return None
    lo = clause_start(low, d.start, 120)
    return d if any(t.kind is PIT and lo <= t.start and t.end <= d.start for t in toks) else None


def item_start(low: str, s: int) -> int:
    """Where the list item holding offset ``s`` starts: its clause, after the bracket that closed the
    item before ("HARD (laps 1-18, avg 84.2 s), MEDIUM (laps 19-40)": the average is the first's)."""
    lo = clause_start(low, s, 45)
    close = low.rfind(")", lo, s)
    if close < 0:
        return lo
    op = low.rfind("(", max(0, close - 60), close)
    # (an aside that is no stint item, "Mediums (Stint 2, avg 75.20s) during laps 45-47", does not part them)
    return close + 1 if op >= 0 and BRACKET_RANGE_ITEM.search(low, op, close) else lo


def in_lap_list(toks: list[Token], i: int, at: int) -> bool:
    """The number at offset ``at`` (before token ``i``) continues a list opened by a lap word
    ("laps 18 (...), 40 (...)") with no stint or stop noun since."""
    for j in range(i - 1, max(-1, i - 14), -1):
        x = toks[j]
        if x.start >= at:
            continue
        if x.kind is LAP_WORD:
            return True
        if x.kind is STINT_NOUN or x.kind is DRIVER:
            return False
    return False


# from the last tyre of a sequence to the count after it: "SOFT → MEDIUM → MEDIUM over 71 laps"
SEQUENCE_TO_COUNT = 25


def count_of_a_sequence(low: str, toks: list[Token], cmps: list[int], s: int, e: int) -> bool:
    """The lap count at ``s`` follows a sequence of tyres joined by arrows ("HAD ran SOFT → MEDIUM →
    MEDIUM over 71 laps", "SOFT → MEDIUM en 71 vueltas"): the laps of every stint together (the race),
    not the last tyre's stint ("SOFT → MEDIUM after a 12-lap stint" names its stint)."""
    if len(cmps) < 2:
        return False
    a, b = toks[cmps[-2]], toks[cmps[-1]]
    return s - b.end <= SEQUENCE_TO_COUNT and ARROW_CONN.fullmatch(low, a.end, b.start) is not None and \
        not any(b.end <= t.start < e + 15 and t.kind is STINT_NOUN for t in toks)
