"""Binding: which driver a mention, a pronoun or a value belongs to.

* References and objects (who a pronoun is, who a clause's object): ``references``.
* Values: ``drivers_for`` gives a value its owner; ``assign_parallel`` gives parallel values
  ("(lap 31 vs. lap 35)") to the clause's first two drivers in order -- a list written right after
  a driver ("OCO laps 8 and 9") to that driver, and a list after "A overcut B" to no one.
* Asides: a driver in brackets or after "vs." is no antecedent of a pronoun after the aside
  closes (``aside``), and a driver opening a bracket with its own value does not own the value
  before the bracket ("lap 19 (SAI on lap 24)").
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING

from f1bench_pipeline.domains.f1.extract.patterns import (ACTOR_BETWEEN, AND_ONLY, COMPARE_CONN, CONSEQUENCE, FOLLOW_BREAK,
                                                          OBJ_MARK, OWNER_S_TYRE, PAREN_ONLY, POSTFIX, RELATIVE_AFTER,
                                                          RELATIVE_BEFORE, RESUME_AFTER, TYRE_OF_OWNER, VS_CONN,
                                                          VS_NUM_AFTER)
from f1bench_pipeline.domains.f1.extract.sections import section_driver
from f1bench_pipeline.domains.f1.extract.tokens import (ARROW, BOTH, COMPOUND, DRIVER, FINISH, LAP_ID, NUMBER,
                                                        ORDINAL_NUMBER, POSITION, Token)

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Laps, Sentence



def drivers_for(doc: Document, sent: Sentence, s: int, e: int, postfix: bool = True, sent_s: int = -1) -> list[str]:
    """The drivers a value at [s, e) belongs to: a postfix owner ("P17 de ALO", "lap 55 for GAS"),
    "both" (the answer's pair), the nearest preceding driver (the subject rather than the object
    of "undercut X" when the value is far from it or an own stop is described), a driver right
    after a value opening the sentence (``sent_s``: the sentence start, -1 to skip), or the
    answer's single driver; empty when none is stated."""
    toks = sent.tokens
    low = doc.low
    if postfix:  # the first token at or after e (tokens are sorted by start), past arrows
        j = bisect_left(sent.starts, e)
        n = len(toks)
        while j < n:
            t = toks[j]
            if t.kind is DRIVER and t.start - e <= 9 and t.tag != "pron" and POSTFIX.fullmatch(low, e, t.start) and \
                    not _own_bracket_value(low, toks, j, e):
                return [t.value]
            if t.kind is not ARROW:
                break
            j += 1
    last: Token | None = None
    subj: Token | None = None
    both: Token | None = None
    for t in toks if DRIVER in sent.kind_set or BOTH in sent.kind_set else ():
        if t.end > s:
            break
        if t.kind is DRIVER:
            last = t
            if subj is None and not t.is_object:
                subj = t
            both = None
        elif t.kind is BOTH:
            both = t
    if both is not None and doc.pair:
        return list(doc.pair)
    if last is not None:
        if last.is_object and subj is not None and not RELATIVE_AFTER.match(low, last.end) and \
                (s - last.end > 15 or ACTOR_BETWEEN.search(low, last.end, s) or _compared_pair(doc.low, last, s, e)):
            return [subj.value]  # "SAI went for the undercut on HAM, stopping on lap 47": SAI stopped
        if not last.is_object and subj is not None and subj is not last and _compared_pair(doc.low, last, s, e):
            return [subj.value]  # "ALO ... stopping 4 laps before SAI (lap 13": the lap is ALO's
        if subj is not None and subj is not last and subj.value != last.value and \
                RELATIVE_BEFORE.search(low, max(0, last.start - 24), last.start) and RESUME_AFTER.fullmatch(low, last.end, s):
            return [subj.value]  # "SAI pitted earlier than LAW, on lap 17": the clause resumes the subject
        return [last.value]
    # a driver right after the value at the start of the sentence ("On lap 15 LEC pitted")
    if sent_s >= 0 and s - sent_s <= 30:
        for t in toks:
            if t.start >= e and t.kind is DRIVER:
                if t.start - e <= 12 and not FOLLOW_BREAK.search(low, e, t.start):
                    return [t.value]
                break
    owner = section_driver(doc, s)  # "#### COL" / "- **PIA**" over the value's line
    if owner is not None:
        return [owner]
    if doc.single:
        return [doc.single]
    return []

_VALUE_KINDS = frozenset({NUMBER, LAP_ID, POSITION, ORDINAL_NUMBER})


def _own_bracket_value(low: str, toks: list[Token], j: int, e: int) -> bool:
    """"lap 19 (SAI on lap 24)": the driver opening a bracket after a value owns the bracket's own
    value, not the one before it (which stays the clause's)."""
    d = toks[j]
    if "(" not in low[e:d.start]:
        return False
    close = low.find(")", d.end)
    for t in toks[j + 1:]:
        if 0 <= close < t.start:
            return False
        if t.kind in _VALUE_KINDS:
            return True
    return False


def _compared_pair(low: str, last: Token, s: int, e: int) -> bool:
    """"N laps before SAI (lap 13 vs 17)": a parenthesis of two values after the driver compared
    with -- the first value is the subject's ("than BEA (lap 17)", one value, is BEA's)."""
    return bool(PAREN_ONLY.fullmatch(low, last.end, s) and VS_NUM_AFTER.match(low, e)
                and RELATIVE_BEFORE.search(low, max(0, last.start - 24), last.start))

def other_of_pair(doc: Document, code: str) -> str | None:
    """The other driver of the last battle or of the answer's pair that holds ``code``."""
    for pair in (doc.last_battle, doc.pair):
        if pair and code in pair:
            a, b = pair
            return b if code == a else a
    return None

def span_start(sent: Sentence, d: str, s: int) -> int:
    """Where a claim of driver ``d`` at ``s`` starts: at the last mention of ``d`` before it (at most
    90 characters back)."""
    toks = sent.tokens
    best = s
    if DRIVER not in sent.kind_set:
        return s
    for t in toks:
        if t.end > s:
            break
        if t.kind is DRIVER and t.value == d:
            best = t.start
    return best if s - best <= 90 else s

def assign_parallel(doc: Document, sent: Sentence, items: list[tuple]) -> dict[int, list[str]]:
    """Parallel values ("(lap 31 vs. lap 35)", "(P8 vs. P17)") with no driver between them
    go to the clause's first two distinct drivers in order."""
    toks = sent.tokens
    out: dict[int, list[str]] = {}
    low = doc.low
    k = 0
    while k + 1 < len(items):
        a, b = items[k], items[k + 1]
        if b[1] - a[2] <= 16 and VS_CONN.fullmatch(low, a[2], b[1]) and \
                not any(t.kind is DRIVER and a[2] <= t.start < b[1] for t in toks):
            lo = max(0, a[1] - 300)
            clause_start = max(low.rfind(":", lo, a[1]), low.rfind(";", lo, a[1]), lo - 1)
            order: list[str] = []
            first: Token | None = None
            for t in toks:
                if t.kind is DRIVER and clause_start < t.start and t.end <= a[1] and t.tag != "pron" and \
                        t.value not in order:
                    order.append(t.value)
                    first = first or t
            if len(order) < 2 and clause_start >= lo and not low[clause_start + 1:a[1]].strip(" *_("):
                # "TSU finished ahead of COL in the results: P12 vs P15": the pair right after a colon
                # spells out the clause before it
                order, first = [], None
                for t in toks:
                    if t.kind is DRIVER and lo <= t.start and t.end <= a[1] and t.tag != "pron" and \
                            t.value not in order:
                        order.append(t.value)
                        first = first or t
            listed = AND_ONLY.fullmatch(low, a[2], b[1]) is not None
            own = _juxtaposed(low, toks, a[1]) if listed else None
            if own is not None:
                out[a[1]] = out[b[1]] = [own]  # "(BOR lap 7, OCO laps 8 and 9)": both OCO's
            elif len(order) >= 2 and listed and any(t.kind is DRIVER and t.value == order[1] and t.is_object
                                                    and clause_start < t.start < a[1] for t in toks):
                # "ANT undercut PIA during the stops on laps 67 and 68", "el overcut de LEC sobre ANT ... en
                # las vueltas 9 y 10": which lap is whose follows from the move, not from the order: not stated
                out[a[1]] = out[b[1]] = []
            elif len(order) >= 2:
                if len(order) == 2 and first is not None and \
                        OBJ_MARK.search(low, max(0, first.start - 12), first.start) and \
                        _finish_subject(toks, a[1], clause_start) == order[1]:
                    order[0], order[1] = order[1], order[0]  # "... over STR, only that BOR finished ahead (P14 vs P17)"
                out[a[1]], out[b[1]] = [order[0]], [order[1]]
            elif len(order) == 1 and first is not None and AND_ONLY.fullmatch(low, a[2], b[1]):
                out[a[1]] = out[b[1]] = [order[0]]  # "NOR pitted on laps 20 and 52": both NOR's
            elif len(order) == 1 and first is not None:
                other = other_of_pair(doc, order[0])
                # "superar a BEA (P13 vs P14)": BEA is the one passed; "contributing to HAD finishing
                # ahead (P10 vs P11)": HAD is the subject of the finish, not an object
                if other and OBJ_MARK.search(low, max(0, first.start - 12), first.start) and \
                        not any(t.kind is FINISH and 0 <= t.start - first.end <= 3 for t in toks):
                    out[a[1]], out[b[1]] = [other], [order[0]]  # "superar a BEA (P13 vs P14)"
                else:
                    out[a[1]] = [order[0]]
                    if other:
                        out[b[1]] = [other]
                    elif COMPARE_CONN.search(low, a[2], b[1]):
                        # "LEC stopped on lap 14 vs. lap 1": the compared value's owner is not
                        # stated (it is not LEC's); no claim rather than a guess
                        out[b[1]] = []
            k += 2
            continue
        k += 1
    return out


def _juxtaposed(low: str, toks: list[Token], s: int) -> str | None:
    """The driver written right before the value at ``s`` ("OCO laps 8 and 9", "OCO: laps 8 and 9")."""
    prev = None
    for t in toks:
        if t.start >= s:
            break
        prev = t
    if prev is not None and prev.kind is DRIVER and prev.tag != "pron" and s - prev.end <= 3 and \
            not low[prev.end:s].strip(" (:"):
        return prev.value
    return None


def _finish_subject(toks: list[Token], s: int, clause_start: int) -> str | None:
    """The driver who "finished" right before parallel places at ``s`` ("a gain over STR, only that
    BOR ... finished ahead (P14 vs P17)"): the first place is that driver's when the driver named
    first is the object ("over STR")."""
    fin = next((t for t in reversed(toks) if t.kind is FINISH and t.end <= s and s - t.end <= 30), None)
    if fin is None:
        return None
    subj = next((t for t in reversed(toks) if t.kind is DRIVER and clause_start < t.start and t.end <= fin.start
                 and t.tag != "pron" and not t.is_object), None)
    return subj.value if subj is not None else None


def tyre_owner(low: str, toks: list[Token], i: int) -> Token | None:
    """The driver named as the owner of the tyre ``toks[i]``: "RUS’s fresh Medium", "los Medium
    nuevos de RUS", "os MEDIUM gastos do TSU"."""
    prv, nxt = toks[i - 1] if i else None, toks[i + 1] if i + 1 < len(toks) else None
    if prv is not None and prv.kind is DRIVER and prv.tag != "pron" and OWNER_S_TYRE.fullmatch(low, prv.end, toks[i].start):
        return prv
    if nxt is not None and nxt.kind is DRIVER and nxt.tag != "pron" and TYRE_OF_OWNER.fullmatch(low, toks[i].end, nxt.start):
        return nxt
    return None


def lap_for(sent: Sentence, laps: Laps | None, d: str, s: int, e: int, window: int = 70) -> int | None:
    """The lap id nearest to [s, e) (within ``window``) that is not another driver's pit lap, nor
    introduced by another driver named in between ("both switched to SOFT: PIA on lap 45 ...")."""
    if not laps:
        return None
    best, bd = None, window + 1
    named = [t for t in sent.tokens if t.kind is DRIVER and t.tag != "pron"]
    for lap, ls, le, _i in laps.ids:
        owners = sent.lap_owner.get(ls)
        if owners and d not in owners:
            continue
        if ls >= e:  # a lap after the change, introduced by another driver: his
            between = [t for t in named if e <= t.start and t.end <= ls]
            if between and between[-1].value != d:
                continue
        if le <= s:
            dist = s - le
        elif ls >= e:
            dist = ls - e
        else:
            dist = 0
        if dist < bd:
            best, bd = lap, dist
    return best


def compound_before(toks: list[Token], i: int, d: str, anchor: int, targets: set[int], low: str = "") -> str | None:
    """The compound a driver ran before a to-only change, when the same sentence names it
    ("on a 21-lap SOFT stint ..., pitting on lap 31 for MEDIUMs"); not across a consequence ("the long
    Medium stint ... positioned him to benefit from the SC, enabling a cheap final stop for Softs")."""
    for j in range(i - 1, -1, -1):
        x = toks[j]
        if x.kind is DRIVER and x.value != d and x.tag != "pron":
            return None
        if x.kind is COMPOUND and x.end <= anchor:
            if j in targets or x.value == toks[i].value or CONSEQUENCE.search(low, x.end, toks[i].start):
                return None
            return x.value
    return None
