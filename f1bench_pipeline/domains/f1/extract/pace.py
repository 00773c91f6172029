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
* ``pace_comparison``: ``pace_compare.py``. Cues, windows and the stint of a value: ``pace_cues.py``.

The driver is the value's owner (``binding.drivers_for``; "frente a 90.90s de LAW" and "+0.041s/lap
de OCO" are theirs; a compared value, "than GAS's (77.75s)", the driver named with it, else no one)
or, for two parallel values ("(87.64 vs 89.33 s)"), the clause's two drivers in order. A pronoun
read as another driver than the sentence's subject, an average over the whole race ("overall") and
values listed "respectively" give no claim. The stint is pinned by "stint N" / an ordinal stint in
the clause before the value, else by the one compound of its phrase (none when the clause changes
tyres, nor one compared with or left), else by a stint or compound right after it ("83.28s no
MEDIUM"). A number another claim took (a gap, a gain) is not read again.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from f1bench_pipeline.domains.f1.extract.binding import assign_parallel, drivers_for
from f1bench_pipeline.domains.f1.extract.checks import per_lap
from f1bench_pipeline.domains.f1.extract.pace_cues import (_COMPARE_AFTER, _COMPARE_BEFORE, _DEG_CUE, _DEG_SIGN, _LAP_AFTER,
                                                           _LAP_LEVEL, _NOT_DEG, _NOT_DEG_AFTER_CUE, _OWNER_AFTER, _PACE_CUE,
                                                           _PACE_CUE_AFTER, _RESPECTIVELY, _SIGN_STEMS, CUE_REACH,
                                                           DEG_MAX_S_PER_LAP, PACE_MAX_S, PACE_MIN_S, STINT_REACH,
                                                           _intro_cued, _laps_named, _lower_bound, _stint_of, _table_pace,
                                                           resolution, stem_in)
from f1bench_pipeline.domains.f1.extract.tokens import DRIVER, NUMBER, STINT_NOUN, Token

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence

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


_MINUTES = re.compile(r"(?<![\d:.,])(\d{1,2}):$")  # the minutes of "1:51.593"


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
        if t.start >= 2 and low[t.start - 1] == ":" and 0 <= t.value < 60:
            m = _MINUTES.search(low, max(0, t.start - 4), t.start)
            if m is not None:  # "1:51.593": a time in minutes and seconds, 111.593 s
                used.add(id(t))
                t = Token(m.start(1), t.end, NUMBER, 60 * int(m.group(1)) + t.value, t.word, t.tag, True)
                if PACE_MIN_S <= t.value < PACE_MAX_S:
                    paces.append(t)
            continue
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


def _emit(doc: Document, sent: Sentence, ctype: str, cands: list[Token],
          cue_of: Callable[[Document, Sentence, Token], int | None],
          slots_of: Callable[[Document, Sentence, Token], tuple[int, dict[str, Any]]]) -> None:
    """The claims of the candidates ``cue_of`` keeps (it returns where the value's cue starts, None:
    no claim); their owners are found together (parallel values), then ``slots_of`` gives each
    claim's lower bound and slots."""
    keep = [(t, cue) for t in cands if (cue := cue_of(doc, sent, t)) is not None]
    if not keep:
        return
    owners = _owners(doc, sent, [t for t, _cue in keep])
    for t, cue in keep:
        lo, slots = slots_of(doc, sent, t)
        _add(doc, sent, ctype, slots, lo, cue, t, owners[t.start])


def _pace_cue(doc: Document, sent: Sentence, t: Token) -> int | None:
    low = doc.low
    lo = _window(low, sent, t)
    before = low[lo:t.start]
    m = _PACE_CUE.search(before)
    cued = m is not None or _PACE_CUE_AFTER.match(low, t.end) is not None or _table_pace(doc, t.start) or \
        _intro_cued(low, t.start)
    if not cued or _LAP_LEVEL.search(before) or _LAP_AFTER.match(low, t.end) or _COMPARE_AFTER.match(low, t.end):
        return None
    if _laps_named(before) and STINT_NOUN not in sent.kind_set:
        return None  # "lap 17-18 avg ~77.73s", "on lap 23": a lap or a stretch of laps, not a stint
    return lo + m.start() if m is not None else t.start


def _pace_slots(doc: Document, sent: Sentence, t: Token) -> tuple[int, dict[str, Any]]:
    lo = _lower_bound(sent, t)
    return lo, {"seconds": round(float(t.value), 3), **_stint_of(doc, sent, lo, t), "resolution": resolution(t.word)}


def _paces(doc: Document, sent: Sentence, cands: list[Token]) -> None:
    _emit(doc, sent, "stint_pace", cands, _pace_cue, _pace_slots)


# "stint 3 ..., with an average of 75.34 s and a degradation of +0.034 s/lap", "avg 77.73s, deg -0.515s/lap":
# a stint's average then its degradation, joined: both values are that stint's
_PACE_THEN_DEG = re.compile(r"\s*(?:s|seg|secs?|seconds?|segundos)?\s*(?:,|and|y|e)\s+(?:with\s+|con\s+|com\s+)?"
                            r"(?:an?|una|uma|um)?\s*(?:deg\b|degrada)")


def _shared_stint_bound(doc: Document, sent: Sentence, lo: int) -> int:
    """``lo`` moved back over the average just before it when the two values are joined (above): the
    degradation's stint is the average's, named before that."""
    if lo <= sent.start or not _PACE_THEN_DEG.match(doc.low, lo):
        return lo
    prev = next((x for x in reversed(sent.tokens) if x.end == lo and x.kind is NUMBER and x.decimal), None)
    return _lower_bound(sent, prev) if prev is not None else lo


def _deg_cue(doc: Document, sent: Sentence, t: Token) -> int | None:
    low = doc.low
    lo = _window(low, sent, t)
    before = low[lo:t.start]
    if _COMPARE_AFTER.match(low, t.end) or _LAP_LEVEL.search(before):
        return None  # "0.26 s/lap faster": a pace difference
    cue = None
    for m in _DEG_CUE.finditer(before):
        cue = m
    signed = t.word[:1] in "+-"
    if cue is not None:
        if _NOT_DEG_AFTER_CUE.search(before, cue.end()):
            return None  # "degradation ... a gain of 0.3 s/lap": the number is the later quantity's
    elif not (signed and not _NOT_DEG.search(before)) and not _intro_cued(low, t.start, deg=True):
        return None
    return lo + cue.start() if cue is not None else t.start


def _deg_slots(doc: Document, sent: Sentence, t: Token) -> tuple[int, dict[str, Any]]:
    lo = _shared_stint_bound(doc, sent, _lower_bound(sent, t))
    slots: dict[str, Any] = {"s_per_lap": round(float(t.value), 4), **_stint_of(doc, sent, lo, t),
                             "resolution": resolution(t.word.lstrip("+-"))}
    if t.word[:1] in "+-":
        slots["sign"] = 1 if t.value > 0 else (-1 if t.value < 0 else 0)
    return lo, slots


def _degs(doc: Document, sent: Sentence, cands: list[Token]) -> None:
    _emit(doc, sent, "stint_degradation", cands, _deg_cue, _deg_slots)


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
