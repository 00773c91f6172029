"""A comparison between two drivers on tyres of different age (``lap_pace``; #44, fifth pass), EN/ES/PT.

"BEA's fresh HARD tire pace was much faster than SAI's aging MEDIUM tire pace", "STR on fresh HARD tires was
significantly faster than LAW on aging MEDIUMS", "los neumáticos nuevos de GAS fueron más rápidos que los MEDIUM
gastados de BOR", "os pneus médios novos de ALB foram mais rápidos do que os intermediários desgastados de HAD":
the laps on which one was on fresh tyres and the other on old ones are the few between the two stops, so the
claim is lap-level (``lap_pace``, stretch "laps", unverifiable), not the stints' averages (``pace_compare`` leaves
it here). Read only when the fresh word and the old word stand on either side of the comparative (in its clause
and side b), side b is another driver named after "than"/"que", and no average, stint or stated difference is
there ("faster than HUL's average on the older MEDIUM tires" is the averages'). One driver's fresh and worn sets
("his new HARDs were faster than his worn MEDIUMs") are his stints: not read here.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from f1bench_pipeline.domains.f1.extract.binding import drivers_for
from f1bench_pipeline.domains.f1.extract.tokens import DRIVER, NUMBER, trie_regex
from f1bench_pipeline.domains.f1.extract.vocabulary import lap_window_words as LW
from f1bench_pipeline.domains.f1.extract.vocabulary import pace_words as P

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence

AGE_REACH = 70  # characters before the comparative searched for side a's tyre age, and after it for side b's
THAN_REACH = 45  # characters from the comparative to its "than", and from there to side b's driver

_FRESH = re.compile(LW.FRESH)
_OLD = re.compile(LW.OLD)
_THAN = re.compile(P.THAN)
_AVERAGE = re.compile(r"\bstint|\btanda|\baverag|\bavg\b|\bpromedi|\bm[ée]dia\b|\bmedia\b|\bmean\b|\bdeg\b|\bdegradation|"
                      r"\bdegradaci|\bdegrada[çc]")
_BREAK = re.compile(r"[.;:\n]")


_AGE_STEM = re.compile(trie_regex(list(LW.AGE_STEMS)))
# the comparatives' literal pieces: the rule's answer-wide gate (``dispatch``) and its first test in a sentence
STEMS = ("faster", "quicker", "slower", "rápid", "rapid", "lent", "outpac", "out-pac", "outperform", "en ritmo",
         "em ritmo")
_COMPARATIVE_STEM = re.compile(trie_regex(list(STEMS)))
_THAN_PIECES = ("than", "que", "frente", "compar")  # (one of which ``P.THAN`` needs)


def _stem(low: str, s: int, e: int) -> bool:
    return any(map(low[s:e].__contains__, LW.AGE_STEMS))  # (literal tests: cheaper than a pattern's scan)


def contrast(doc: Document, sent: Sentence, cs: int, ce: int) -> tuple[str, int, int] | None:
    """(side b's driver, span start, span end) when the comparative at [cs, ce) sets one driver's fresh tyres against
    another's old ones (or old against fresh), else None."""
    low = doc.low
    lo, hi = max(sent.start, cs - AGE_REACH), min(sent.end, ce + AGE_REACH)
    if not _stem(low, lo, hi):
        return None  # (a substring test before any pattern)
    breaks = list(_BREAK.finditer(low, lo, cs))
    lo = breaks[-1].end() if breaks else lo
    than = _THAN.search(low, ce, min(sent.end, ce + THAN_REACH))
    if than is None:
        return None
    end = _BREAK.search(low, than.end(), hi)
    hi = end.start() if end is not None else hi
    before_fresh, before_old = _FRESH.search(low, lo, cs), _OLD.search(low, lo, cs)
    after_fresh, after_old = _FRESH.search(low, than.end(), hi), _OLD.search(low, than.end(), hi)
    if not ((before_fresh and after_old and not before_old) or (before_old and after_fresh and not before_fresh)):
        return None
    if _AVERAGE.search(low, lo, hi):
        return None  # "faster than HUL's average on the older MEDIUM tires": the stints' averages
    if any(x.kind is NUMBER and lo <= x.start < hi and x.decimal for x in sent.tokens):
        return None  # a value or a stated difference: the pace and gap readers'
    b = [x for x in sent.tokens if x.kind is DRIVER and x.tag != "pron" and than.end() <= x.start < hi]
    if not b:
        return None
    a = before_fresh or before_old
    return b[0].value, a.start() if a is not None else cs, max(b[0].end, (after_old or after_fresh or than).end())


_COMPARATIVE = re.compile(P.PACE_LOWER + "|" + P.PACE_HIGHER)
_OUTPACED = re.compile(LW.OUTPACED)  # (apart: its first letters would slow the comparatives' scan)
_SLOWER = re.compile(r"slow|lent")
_NEGATED = re.compile(r"\b(?:not|no|never|n[ãa]o|nunca)\s+(?:\w+\s+)?$")
_HEDGED = re.compile(r"\b(?:would|could|might|may|likely|probably|expected|aim\w*|objetivo|esperaba|esperava|"
                     r"podr[íi]a|poderia|deber[íi]a|deveria|if)\b")


def comparisons(doc: Document, sent: Sentence) -> None:
    """A lap-level comparison between two drivers on tyres of different age (after ``lap_pace.words``: a stretch of
    laps it read keeps its reading)."""
    low = doc.low
    s, e = sent.start, sent.end
    piece = low[s:e]
    if not any(map(piece.__contains__, _THAN_PIECES)) or _COMPARATIVE_STEM.search(piece) is None or \
            _AGE_STEM.search(piece) is None:
        return  # (literal tests first: a side b's "than", a comparative, a tyre's age)
    comps = list(_COMPARATIVE.finditer(low, s, e))
    if any(map(low[s:e].__contains__, LW.OUTPACED_STEMS)):
        comps += _OUTPACED.finditer(low, s, e)
    for m in comps:
        found = contrast(doc, sent, m.start(), m.end())
        if found is None or _NEGATED.search(low, max(s, m.start() - 20), m.start()) or \
                _HEDGED.search(low, max(s, m.start() - 60), m.start()):
            continue
        if any(r[0] in ("lap_pace", "pace_comparison") and s <= r[2] < e and r[2] < m.end() and m.start() < r[3]
               for r in doc.records[-8:]):
            continue  # (the comparative already read)
        b, a_start, b_end = found
        owners = drivers_for(doc, sent, m.start(), m.end())
        if len(owners) != 1 or owners[0] == b or not any(x.kind is DRIVER and x.value == owners[0] for x in sent.tokens):
            continue
        doc.add("lap_pace", {"driver": owners[0], "stretch": "laps",
                             "relation": "higher" if _SLOWER.search(m.group(0)) else "lower"}, min(a_start, m.start()), max(b_end, m.end()))
        return
