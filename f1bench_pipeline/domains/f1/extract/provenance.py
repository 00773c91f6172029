"""How a claim's driver was bound: to a subject, or only by proximity (``Claim.binding``).

The verifier reads some claims two ways (``verifier.READINGS``: a stop placed on its out-lap, a stint
counted from its pit lap, ...). A second reading is fair to a claim whose driver is certain; it must
not rescue a claim whose driver is a guess ("ALO undercut STR, stopping on lap 19" read as STR's stop
and then matched to STR's stop on lap 18 as its out-lap). So each driver claim a reading may apply to
records how its driver was bound:

* ``NEAR`` -- the driver mention the value was bound to is the clause's object ("undercut STR",
  "overtook SAI"), compared with the subject ("before SAI", "than BEA", "vs. BEA") or named inside
  brackets, and no relative clause or possessive makes it the value's owner ("HAM, who pitted on
  lap 19", "HAM's stop on lap 19"): a driver reached by proximity, not the one the clause is about;
* ``SUBJECT`` -- otherwise: the clause's subject, the value's stated owner ("lap 55 for GAS", "On
  lap 15 LEC pitted") or, when the sentence names no driver, the driver the answer is about.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import TYPE_CHECKING, Any

from f1bench_pipeline.domains.f1.claims import NEAR, SUBJECT
from f1bench_pipeline.domains.f1.extract.checks import comparative_obj
from f1bench_pipeline.domains.f1.extract.patterns import POSS_AFTER, POSTFIX, RELATIVE_AFTER, RELATIVE_BEFORE
from f1bench_pipeline.domains.f1.extract.references import aside
from f1bench_pipeline.domains.f1.extract.tokens import DRIVER, LAP_ID, LAP_WORD, NUMBER, ORDINAL_NUMBER, PIT, Token

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document

# the claim types a reading may apply to (and the stint values, whose verifier contradicts a value matching
# nothing of its driver only when the driver is certain), and the slot whose number the reading reads
_READ_SLOTS: dict[str, tuple[str, ...]] = {"pit_lap": ("lap",), "compound_change": ("lap",),
                                           "stint_laps": ("start_lap", "n_laps"), "stint_pace": ("seconds",),
                                           "stint_degradation": ("s_per_lap",)}
_NUMBER_KINDS = frozenset({NUMBER, LAP_ID, ORDINAL_NUMBER})
POSTFIX_OWNER = 9  # characters from a value to a driver named right after it as its owner ("lap 55 for GAS")
RELATIVE_WINDOW = 24  # characters before a driver searched for "before", "than", "antes que"
OWNER_PREFIX = 24  # characters from a driver to a value written right after it ("STR (pitting lap 67")
_OWNER_WORDS = frozenset({LAP_WORD, PIT})


def _value_at(toks: list[Token], starts: list[int], ends: list[int], v: Any, a: int, b: int) -> Token | None:
    """The number ``v`` as written in the claim's span [a, b) (its last mention there), else the
    mention in its sentence nearest to the span ("LEC pitted for HARDs" of "On lap 15 ...")."""
    if not isinstance(v, (int, float)) or isinstance(v, bool):
        return None
    k = bisect_right(ends, a)
    lo, hi = ends[k - 1] if k else 0, ends[k] if k < len(ends) else b
    same = [t for t in toks[bisect_left(starts, lo):bisect_left(starts, max(hi, b))]
            if t.kind in _NUMBER_KINDS and isinstance(t.value, (int, float)) and abs(float(t.value) - v) < 1e-9]
    inside = [t for t in same if a <= t.start < b]
    if inside:
        return inside[-1]
    return min(same, key=lambda t: min(abs(t.start - b), abs(a - t.end)), default=None)


def _stated_owner(low: str, toks: list[Token], starts: list[int], t: Token, x: Token) -> bool:
    """The mention ``t`` states the owner of the value ``x``: a pronoun (bound to the subject, or
    a possessive), a relative clause or a possessive ("HAM, who pitted on lap 19", "HAM's stop on lap
    19"), or the driver written right before the value with only brackets, a colon, lap and pit words
    between ("BOR lap 66, STR lap 67", "before PIA (lap 68)", "STR (pitting lap 67)")."""
    if t.tag == "pron" or RELATIVE_AFTER.match(low, t.end) or low[t.end:t.end + 1] == "'" and \
            POSS_AFTER.match(low, t.end):
        return True
    if x.start - t.end > OWNER_PREFIX:
        return False
    between = toks[bisect_right(starts, t.start):bisect_left(starts, x.start)]
    if any(b.kind not in _OWNER_WORDS for b in between):
        return False
    rest = low[t.end:x.start]
    for b in between:
        rest = rest.replace(low[b.start:b.end], " ", 1)
    return not rest.strip(" (:-\n")


def _near(low: str, t: Token, sent_start: int) -> bool:
    """The driver mention ``t`` is an object, compared with the subject, or in brackets."""
    if t.is_object or aside(low, t, sent_start) or comparative_obj(low, t.start):
        return True
    return RELATIVE_BEFORE.search(low, max(sent_start, t.start - RELATIVE_WINDOW), t.start) is not None


def binding_of(doc: Document, starts: list[int], drivers: list[Token], d_starts: list[int], ends: list[int], d: str,
               x: Token) -> str:
    """``SUBJECT`` or ``NEAR`` for driver ``d`` of the value ``x``."""
    v = x.start
    k = bisect_right(ends, v)
    sent_start = ends[k - 1] if k else 0
    sent_end = ends[k] if k < len(ends) else len(doc.low)
    low = doc.low
    lo, hi = bisect_left(d_starts, sent_start), bisect_left(d_starts, sent_end)
    after = next((t for t in drivers[bisect_left(d_starts, x.end, lo, hi):hi]), None)
    if after is not None and after.value == d and after.tag != "pron" and after.start - x.end <= POSTFIX_OWNER and \
            POSTFIX.fullmatch(low, x.end, after.start):
        return SUBJECT  # "lap 55 for GAS", "P17 de ALO": the value's stated owner
    mention = next((t for t in reversed(drivers[lo:bisect_left(d_starts, v, lo, hi)]) if t.value == d), None)
    if mention is None:
        return SUBJECT  # the sentence names the driver after its value, or not at all: the one it is about
    if _stated_owner(low, doc.toks, starts, mention, x):
        return SUBJECT
    return NEAR if _near(low, mention, sent_start) else SUBJECT


def record_bindings(doc: Document, out: list[dict[str, Any]]) -> None:
    """Record the ``binding`` of the claims (``finalize``'s dicts) a reading may apply to."""
    if not any(c["type"] in _READ_SLOTS for c in out):
        return
    toks, starts, ends = doc.toks, doc.tok_starts, doc.ends
    drivers = [t for t in toks if t.kind is DRIVER]
    d_starts = [t.start for t in drivers]
    for c in out:
        read = _READ_SLOTS.get(c["type"])
        slots = c["slots"]
        d = slots.get("driver")
        if read is not None and isinstance(d, str):
            a, b = c["span"]["start"], c["span"]["end"]
            k = bisect_right(ends, a)
            lo, hi = ends[k - 1] if k else 0, ends[k] if k < len(ends) else len(doc.low)
            if all(t.value == d for t in drivers[bisect_left(d_starts, lo):bisect_left(d_starts, max(hi, b))]):
                c["binding"] = SUBJECT  # the sentence names no other driver: it is about this one
                continue
            x = next((at for at in (_value_at(toks, starts, ends, slots.get(s), a, b) for s in read)
                      if at is not None), None)
            if x is not None:
                c["binding"] = binding_of(doc, starts, drivers, d_starts, ends, d, x)
