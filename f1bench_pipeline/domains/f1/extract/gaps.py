"""Gains and gaps: seconds won by a move and the gap between two drivers.

Only numbers in seconds count (``is_seconds``: "3.6 s", "2,61 segundos"; not "0.05 s/lap", not a
pace or an average). ``gain`` keeps the sign the text states ("gained -0.9 seconds" -> -0.9) and
carries the last battle's pair unless the sentence names other drivers (then no pair is guessed,
here or at the end). ``gap`` is the size of the gap, keyed attacker -> defender when the answer
names the battle's pair the other way round; ``when`` is before/after when the text says so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from f1bench_pipeline.domains.f1.extract.checks import avg_before, clause_start, per_lap
from f1bench_pipeline.domains.f1.extract.patterns import (ARROW_CONN, BEHIND_AFTER, BOUND_MAX_BEFORE, BOUND_MIN_BEFORE,
                                                       BY_AMOUNT, FAVOUR_AFTER, FAVOUR_BETWEEN, FROM_BEFORE_SECS,
                                                       FROM_TO_SECS, GAIN_EQUATION_AFTER, GAIN_POSTFIX, GAIN_STOP, NO_PAIR, PACE_WORD, REDUCE_BY,
                                                       WHEN_AFTER_TO)
from f1bench_pipeline.domains.f1.extract.tokens import (AFTER, AHEAD, BEFORE, BEHIND, DRIVER, GAIN, GAP, ORDINAL, REDUCE,
                                                     Token)
from f1bench_pipeline.domains.f1.extract.vocabulary import word_set

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence

_RELATIVE_ORDER = frozenset({BEHIND, AHEAD})
_GAIN_NOUNS = word_set("gain_noun")  # a number before them is the gain ("a 3.6 s gain")
_INITIAL = word_set("initial")  # "the initial gap": before


def is_seconds(low: str, t: Token) -> bool:
    """A number in seconds that is no per-lap figure ("0.05 s/lap") and no pace or average."""
    if per_lap(low, t.end):
        return False
    if avg_before(low, max(0, t.start - (40 if abs(t.value) >= 60 else 22)), t.start):
        return False
    if abs(t.value) >= 60 and PACE_WORD.search(low, clause_start(low, t.start, 90), t.start):
        return False  # "his average stint time went from 107.20s to 104.54s": lap times
    return True


def bound(low: str, x: Token) -> str | None:
    """"min" for "more than 4 s" / "más de 4 s" / "pelo menos 4 s", "max" for "less than 1 s": the
    text states a bound of the value, not the value."""
    lo = max(0, x.start - 28)
    if BOUND_MIN_BEFORE.search(low, lo, x.start):
        return "min"
    if BOUND_MAX_BEFORE.search(low, lo, x.start):
        return "max"
    return None


def seconds(doc: Document, sent: Sentence) -> None:
    """The sentence's gains, then its gaps (a number a gain took is no gap)."""
    secs = sent.secs
    if not secs:
        return
    if GAIN in sent.kind_set or REDUCE in sent.kind_set:
        _gain(doc, sent, secs)
    _gap(doc, sent, secs)


def _gain(doc: Document, sent: Sentence, secs: list[Token]) -> None:
    """gain (seconds, signed as written): "gained 3.6 s", "ganancia neta de 4.3 s", "reduced it by
    1.1 s", "a 3.6 s gain"; with the last battle's pair unless the sentence names another."""
    toks = sent.tokens
    used = sent.used
    low = doc.low
    for i, k in enumerate(sent.kinds):
        if k is not GAIN and k is not REDUCE:
            continue
        t = toks[i]
        target = None
        for x in secs:  # forward: "gained 3.6 s", "ganancia neta de 4.3 s", "reduced it by 1.1 s"
            if id(x) in used or x.start < t.end:
                continue
            if x.start - t.end > 45:
                break
            if t.kind is REDUCE:
                if REDUCE_BY.search(low, t.end, x.start):
                    target = x
                break
            if not GAIN_STOP.search(low, t.end, x.start):
                target = x
            break
        if target is None and t.kind is GAIN and t.word in _GAIN_NOUNS:
            for x in secs:  # postfix: "a 3.6 s gain"
                if id(x) not in used and x.end <= t.start and t.start - x.end <= 8 and \
                        GAIN_POSTFIX.fullmatch(low, x.end, t.start):
                    target = x
        if target is None:
            continue
        nxt = next((x for x in secs if x.start >= target.end), None)
        if nxt is not None and nxt.start - target.end <= 50 and FROM_TO_SECS.fullmatch(low, target.end, nxt.start):
            continue  # "shrinking the gap from -4.833s to -1.049s", "a swing from -0.582s to +3.239s": two gaps
        if GAIN_EQUATION_AFTER.match(low, target.end):
            continue  # "6.2 − 4.1 = 2.1 s": the gain is the result, not the first term
        used.add(id(target))
        # signed as written: the oracle's gain is negative when the move lost time
        slots: dict[str, Any] = {"seconds": round(target.value, 3)}
        b = bound(low, target)
        if b:
            slots["bound"] = b
        named = {x.value for x in toks if x.kind is DRIVER}
        if doc.last_battle and _in_favour_of(doc, toks, target) == doc.last_battle[1]:
            continue  # "a swing of 2.1 s in LEC's favour" (the defender's): its sign is not written
        if doc.last_battle and named <= set(doc.last_battle):
            slots["attacker"], slots["defender"] = doc.last_battle
        elif named:  # another pair's drivers are named here: no pair guessed now or in finalize
            slots[NO_PAIR] = True
        s = min(t.start, target.start)
        for x in toks:
            if x.kind is DRIVER and x.end <= t.start and t.start - x.end <= 30:
                s = min(s, x.start)
        doc.add("gain", slots, s, max(t.end, target.end))


def _in_favour_of(doc: Document, toks: list[Token], x: Token) -> str | None:
    """The driver a gain of ``x`` seconds went to, when the text says so right after it: "in SAI's
    favour", "a favor de SAI", "a favor do SAI"."""
    low = doc.low
    for d in toks:
        if d.kind is not DRIVER or d.start < x.end:
            continue
        if d.start - x.end > 40:
            break
        # "in SAI" needs its "'s favour" after the name; "a favor de SAI" is whole before it
        if FAVOUR_BETWEEN.fullmatch(low, x.end, d.start) and \
                (FAVOUR_AFTER.match(low, d.end) or not low[x.end:d.start].rstrip().endswith(" in")):
            return d.value
    return None


def _gap(doc: Document, sent: Sentence, secs: list[Token]) -> None:
    """gap (seconds as a size, pair, when): "the gap went from 2.6 s to 8.0 s" (before and after),
    "the gap was 2.61s", "grew to 8.043s", "1.259s behind ANT", "HUL was behind LEC by 4.98 s"."""
    toks = sent.tokens
    used = sent.used
    low = doc.low
    gaps = [t for t in toks if t.kind is GAP]
    # 1. "the gap went from X to Y" / "pasó de X a Y" / "X -> Y"
    for a, b in zip(secs, secs[1:]):
        if id(a) in used or id(b) in used or b.start - a.end > 70:
            continue
        if not FROM_TO_SECS.fullmatch(low, a.end, b.start):
            continue
        if not FROM_BEFORE_SECS.search(low, max(0, a.start - 14), a.start) and \
                not ARROW_CONN.fullmatch(low, a.end, b.start):
            continue
        g = next((x for x in reversed(gaps) if x.end <= a.start and a.start - x.end <= 90), None)
        if g is None and not any(x.kind is DRIVER and x.end <= a.start and a.start - x.end <= 60 for x in toks):
            continue
        lo = g.start if g is not None else max(0, a.start - 60)
        pair = _gap_pair(doc, toks, g, lo, a.start)
        used.update((id(a), id(b)))
        for x, when in ((a, "before"), (b, "after")):
            add_gap(doc, pair, x, when, (g.start if g is not None else a.start), b.end)
    # 2. one value: "the gap was 2.61s", "gap of 2.6s", "grew to 8.043s", "1.259s behind ANT"
    for x in secs:
        if id(x) in used:
            continue
        g = next((y for y in reversed(gaps) if y.end <= x.start and x.start - y.end <= 60 and
                  "." not in low[y.end:x.start].replace("..", "")), None)
        rel = BEHIND_AFTER.match(low, x.end, x.end + 24)
        if g is None and not rel:
            # "HUL was behind LEC by 4.984 seconds", "TSU iba detrás de SAI por 0.582s"
            rb = next((y for y in reversed(toks) if y.kind in _RELATIVE_ORDER and y.end <= x.start and
                       x.start - y.end <= 40), None)
            if rb is not None:
                obj = next((y for y in toks if y.kind is DRIVER and rb.end <= y.start < x.start and y.tag != "pron"),
                           None)
                subj = [y for y in toks if y.kind is DRIVER and y.end <= rb.start and rb.start - y.end <= 40]
                if obj is not None and subj and subj[-1].value != obj.value and \
                        BY_AMOUNT.fullmatch(low, obj.end, x.start):
                    used.add(id(x))
                    pair = orient(doc, (subj[-1].value, obj.value))
                    add_gap(doc, pair, x, gap_when(doc.low, toks, subj[-1].start, x), subj[-1].start, x.end)
            continue
        lo = g.start if g is not None else max(0, x.start - 50)
        pair = None
        if rel:
            subj = [t for t in toks if t.kind is DRIVER and t.end <= x.start and x.start - t.end <= 50]
            objs = [t for t in toks if t.kind is DRIVER and t.start >= rel.end() and t.start - rel.end() <= 12]
            if subj and objs and subj[-1].value != objs[0].value:
                pair = orient(doc, (subj[-1].value, objs[0].value))
        if pair is None:
            pair = _gap_pair(doc, toks, g, lo, x.start)
        used.add(id(x))
        add_gap(doc, pair, x, gap_when(doc.low, toks, lo, x), lo if g is not None else x.start,
                      max(x.end, rel.end() if rel else x.end))


def orient(doc: Document, pair: tuple[str, str]) -> tuple[str, str]:
    """A gap is keyed attacker -> defender: 'the gap between MAG and ALO' after 'ALO
    undercut MAG' is the ALO->MAG gap."""
    if doc.last_battle and pair == (doc.last_battle[1], doc.last_battle[0]):
        return doc.last_battle
    return pair


def _gap_pair(doc: Document, toks: list[Token], g: Token | None, lo: int, hi: int) -> tuple[str, str] | None:
    ds: list[str] = []
    if g is not None:  # "gap HAM->OCO", "gap between A and B", "diferencia de A a B"
        for t in toks:
            if t.kind is DRIVER and g.end <= t.start < hi and t.tag != "pron" and t.value not in ds:
                ds.append(t.value)
        if len(ds) < 2:  # "the HAM->OCO gap"
            ds = []
            for t in toks:
                if t.kind is DRIVER and g.start - 24 <= t.start < g.start and t.tag != "pron" and t.value not in ds:
                    ds.append(t.value)
    else:
        for t in toks:
            if t.kind is DRIVER and lo <= t.start < hi and t.tag != "pron" and t.value not in ds:
                ds.append(t.value)
    if len(ds) >= 2:
        return orient(doc, (ds[0], ds[1]))
    return doc.last_gap_pair or doc.last_battle


def gap_when(low: str, toks: list[Token], lo: int, x: Token) -> str | None:
    """"before"/"after" when a when-word or "initial"/"final" near the value says so."""
    if WHEN_AFTER_TO.search(low, max(0, x.start - 40), x.start):
        return "after"
    when = None
    for t in toks:
        if t.start > x.end + 40:
            break
        if t.start < lo - 40:
            continue
        if t.kind is BEFORE or t.kind is AFTER:
            when = "before" if t.kind is BEFORE else "after"
            if t.start > x.start:
                break
        elif t.kind is ORDINAL and t.start <= x.start and t.start >= lo - 20:
            if t.word in _INITIAL:
                when = "before"
            elif t.word == "final":
                when = "after"
    return when


def add_gap(doc: Document, pair: tuple[str, str] | None, x: Token, when: str | None, s: int, e: int) -> None:
    slots: dict[str, Any] = {"seconds": round(abs(x.value), 3), "when": when}
    b = bound(doc.low, x)
    if b:
        slots["bound"] = b
    if pair:
        slots["driver_a"], slots["driver_b"] = pair
        doc.last_gap_pair = pair
    doc.add("gap", slots, min(s, x.start), max(e, x.end))
