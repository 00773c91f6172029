"""A stop counted by its ordinal: the ``ordinal`` slot of a ``pit_lap`` claim (#44, second pass).

"LEC hizo su primera parada en la vuelta 4", "his second stop came on lap 30", "a primeira parada de
GAS foi na volta 12", "VER's final stop on lap 44": the pit_lap claim ``laps.pit_laps`` read for that
lap gets ``ordinal`` (1, 2, ...; -1 the last), checked against the order of the driver's stops
(``verify_stops.py``). Read only when

* the ordinal stands right before a stop noun ("first stop", "segunda parada") owned by a driver: a
  possessive before it ("his", "su", "LEC's") or "de/of X" after the noun ("la primera parada" alone
  may be the exchange's first stop, not the driver's);
* or a stop verb is counted: "pitted for the second time on lap 24", "paró por segunda vez en la vuelta
  24", "parou pela segunda vez na volta 24" (the driver is the pit_lap claim's);
* the lap follows the noun with nothing but a bridge between ("came on lap", "fue en la vuelta"): no
  other number, no clause break, no restriction ("his first stop under the SC" counts among some
  stops only).

Runs after the other rules of a sentence holding an ordinal and a stop word (every pit_lap claim of
the counted stop gets the slot, whichever rule read it).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from f1bench_pipeline.domains.f1.extract.tokens import DRIVER, LAP_ID, LAP_WORD, NUMBER, ORDINAL, PIT
from f1bench_pipeline.domains.f1.extract.vocabulary.stop_words import stop_words

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence

ORDINAL_REACH = 45  # characters from the stop noun to its lap ("his second stop came on lap 30")
_MARK = r"[\s*_“”\"']*"
_POSSESSIVE_BEFORE = re.compile(r"(?:\b(?:" + stop_words("possessive") + r")|[a-z]{3}(?:'s|’s))" + _MARK + "$")
_OWNER_AFTER = re.compile(_MARK + r"\s(?:de|do|da|of|for|para)\s+")
_LAP_WORD = r"(?:lap|vuelta|volta|giro|l)"
_BRIDGE = re.compile(r"(?:[\s*_:,(—–=→-]|\b(?:" + stop_words("bridge") + r")\b)*" + _LAP_WORD + r"?[\s*_]*")
_COUNTED_AMONG = re.compile(r"\b(?:" + stop_words("counted_among") + r")\b")
_NUMBERS = frozenset({NUMBER, LAP_ID})
# a stop verb counted: "pitted for the second time", "paró por segunda vez", "parou pela segunda vez"
_FOR_THE = re.compile(r"[\s*_]*(?:for the|for a|por|por la|pela|por uma)[\s*_]+")
_TIMES = re.compile(r"[\s*_]+(?:time|vez)\b")


def ordinals(doc: Document, sent: Sentence) -> None:
    """Set ``ordinal`` on the pit_lap claims of ``sent`` whose lap a counted stop governs."""
    toks = sent.tokens
    low = doc.low
    for i in range(len(toks) - 1):
        o, p = toks[i], toks[i + 1]
        if o.kind is not ORDINAL or not isinstance(o.value, int) or o.value == 0:
            continue  # (0: "the middle stop" counts from neither end)
        times = _TIMES.match(low, o.end) if i and o.value > 0 and toks[i - 1].kind is PIT else None
        if times is not None and _FOR_THE.fullmatch(low, toks[i - 1].end, o.start):
            # "TSU pitted for the second time on lap 24", "paró por segunda vez", "parou pela segunda vez"
            _count(doc, sent, toks, i + 1, times.end(), None, o.value)
            continue
        if p.kind is not PIT or \
                low[o.end:p.start].strip(" *_") or not low[p.start:p.end].rstrip("s").endswith(("stop", "parada", "pit")):
            continue
        owner = None
        at = p.end
        m = _OWNER_AFTER.match(low, p.end)
        if m and i + 2 < len(toks) and toks[i + 2].start == m.end() and toks[i + 2].kind is DRIVER and \
                toks[i + 2].tag != "pron":
            owner, at = toks[i + 2].value, toks[i + 2].end  # "la primera parada de GAS fue en la vuelta 12"
        elif not _POSSESSIVE_BEFORE.search(low, max(sent.start, o.start - 12), o.start):
            continue  # "the first stop came on lap 12": the exchange's first stop, maybe not the driver's
        else:
            prev = toks[i - 1] if i else None
            if prev is not None and prev.end >= o.start - 6 and prev.kind is DRIVER and prev.tag != "pron":
                owner = prev.value  # "LEC's first stop"
        _count(doc, sent, toks, i + 2, at, owner, o.value, _plural(toks, i))


def _count(doc: Document, sent: Sentence, toks, j: int, at: int, owner: str | None, k: int,
           plural: bool = False) -> None:
    """Give ``ordinal`` k to the pit_lap claims of the lap that follows ``at`` (tokens from ``j`` on) with only a
    bridge between."""
    low = doc.low
    nxt = next((t for t in toks[j:] if t.start >= at and t.kind is not LAP_WORD), None)
    if nxt is None or nxt.kind not in _NUMBERS or nxt.start - at > ORDINAL_REACH or \
            not _BRIDGE.fullmatch(low, at, nxt.start) or _COUNTED_AMONG.search(low, at, nxt.start):
        return
    recs = [r for r in doc.records if r[0] == "pit_lap" and sent.start <= r[2] and r[3] <= sent.end]
    hits = [r for r in recs if r[3] == nxt.end and (owner is None or r[1]["driver"] == owner)]
    if owner is None and len({r[1]["driver"] for r in hits}) > 1 and not plural:
        return  # one owner, several drivers on the lap: whose stop is counted is not clear
    counted = {(r[1]["driver"], r[1]["lap"]) for r in hits}
    for r in recs:  # (every claim of that stop in the sentence: another rule's too, read before)
        if (r[1]["driver"], r[1]["lap"]) in counted:
            r[1]["ordinal"] = k


def _plural(toks, i: int) -> bool:
    """"their first stops" (a plural possessive before the ordinal): each driver's stop."""
    prev = toks[i - 1] if i else None
    return prev is not None and prev.word in ("their", "sus", "suas", "seus")
