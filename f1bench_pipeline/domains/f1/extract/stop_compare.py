"""A stop much earlier or later than another driver's, both laps stated: ``pit_lap_difference`` by its
sign, pinned to those laps (``lap_a``/``lap_b``; #44, second pass).

"BOR's stop was lap 49, while STR's comparable stop was much earlier at lap 51", "HAM paró en la vuelta
30 y VER mucho más tarde, en la vuelta 41", "NOR parou na volta 20; PIA bem mais cedo, na volta 17": the
comparative governs the lap right after it, whose pit_lap claim names driver a; driver b is the one
other driver with a pit_lap claim in the sentence. Its verdict (``verify_stops.pinned_difference``): the
sign of lap_a - lap_b, when both laps are stops of their drivers.

Nothing when a count stands before the comparative ("two laps later": ``lap_difference``'s), when the
comparative is not said of a stop (no stop word before it in the clause), or when driver a has another
stop in the sentence ("pitted on lap 20 and later on lap 45": later than his own stop, perhaps).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from f1bench_pipeline.domains.f1.extract.lap_difference import CLAUSE_BREAK
from f1bench_pipeline.domains.f1.extract.tokens import LAP_WORD, NUMBER, NUMBER_WORD, PIT
from f1bench_pipeline.domains.f1.extract.vocabulary.stop_words import stop_words

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence

STOP_WORD_REACH = 40  # characters from the stop word ("STR's stop was") to the comparative
COUNT_REACH = 14  # characters before the comparative in which a count makes it a lap difference's
# the comparative right before a lap word (searched in a short window before each lap word with a number)
_COMPARED = re.compile(r"\b(?:(?:" + stop_words("much") + r")\s+(?:(?:more|más|mas|mais)\s+)?)?"
                       r"(?:(?P<early>" + stop_words("earlier") + r")|(?P<late>" + stop_words("later") + r"))"
                       r"[\s*_,]+(?:(?:at|on|in|the|en|la|el|na|no|em|a)\s+){0,2}[\s*_]*$")
WINDOW = 48  # characters before a lap word searched for the comparative ("much more earlier, at the ")
_COUNT_UNIT = re.compile(r"[\s*_]*(?:laps?|vueltas?|voltas?|giros?)?[\s*_]*")  # "two laps later"
_STEMS = ("earlier", "sooner", "later", "antes", "temprano", "tarde", "después", "despues", "cedo", "depois")


def compared(doc: Document, sent: Sentence) -> None:
    low = doc.low
    seg = low[sent.start:sent.end]
    if not any(map(seg.__contains__, _STEMS)):
        return
    recs = None
    toks = sent.tokens
    for j, lw in enumerate(toks[:-1]):
        if lw.kind is not LAP_WORD or toks[j + 1].kind is not NUMBER:
            continue
        lo = max(sent.start, lw.start - WINDOW)
        if not any(map(low[lo:lw.start].__contains__, _STEMS)):
            continue
        m = _COMPARED.search(low, lo, lw.start)
        if m is None:
            continue
        if any((t.kind is NUMBER or t.kind is NUMBER_WORD) and m.start() - COUNT_REACH <= t.start < m.start() and
               _COUNT_UNIT.fullmatch(low, t.end, m.start()) for t in toks):
            continue  # "two laps later, on lap 51": the count's (lap_difference)
        if not any(t.kind is PIT and m.start() - STOP_WORD_REACH <= t.start < m.start() and
                   not CLAUSE_BREAK.search(low, t.end, m.start()) for t in toks):
            continue  # not said of a stop
        num = toks[j + 1]
        if recs is None:
            recs = [r for r in doc.records if r[0] == "pit_lap" and sent.start <= r[2] and r[3] <= sent.end]
        own = [r for r in recs if r[3] == num.end]
        if len({r[1]["driver"] for r in own}) != 1:
            continue
        a, lap_a = own[0][1]["driver"], own[0][1]["lap"]
        if sum(r[1]["driver"] == a for r in recs) > 1:
            continue  # another stop of his in the sentence: earlier than which?
        others = {(r[1]["driver"], r[1]["lap"]) for r in recs if r[1]["driver"] != a}
        if len(others) != 1:
            continue
        b, lap_b = next(iter(others))
        doc.add("pit_lap_difference", {"driver_a": a, "driver_b": b, "laps": -1 if m.group("early") else 1,
                                       "sign_only": True, "rival_named": True, "lap_a": lap_a, "lap_b": lap_b},
                m.start(), num.end)
