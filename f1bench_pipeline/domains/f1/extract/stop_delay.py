"""A stop delayed by a count of laps: ``pit_lap_difference`` (#44, fourth pass), beside ``lap_difference``'s
"N laps later".

"SAI's two-lap delay in pitting", "the delay of two laps before SAI's stop", "SAI delayed his stop by one lap
compared to TSU", "el retraso de dos vueltas en la parada de SAI", "SAI retrasó su parada dos vueltas", "o
atraso de duas voltas na parada de SAI", "SAI adiou sua parada em duas voltas": the driver stopped that many
laps after the rival (``laps`` positive); with no count and the rival named ("RUS atrasou a parada em relação a
PIA", "SAI delayed his stop relative to TSU"), the order only (``sign_only``). The driver is the one the count is said of (``lap_difference``'s
subject: the possessive, the clause's subject), the rival the driver named after "than"/"de"/"respecto a",
else the other driver of the answer's pair. A delay noun needs a stop word in its sentence ("a two-lap delay"
of anything else is not a stop's); a delay of a time ("a 2-second delay") has no lap count, so is not read.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from f1bench_pipeline.domains.f1.extract.binding import span_start
from f1bench_pipeline.domains.f1.extract.lap_difference import _add_difference, _subject, _whole
from f1bench_pipeline.domains.f1.extract.tokens import DRIVER, LAP_WORD, NUMBER, NUMBER_WORD, PIT

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence

STEMS = ("delay", "atraso", "retras", "retraso", "adiou", "atrasou", "postpon", "posterg")
STOP_REACH = 60  # characters around a delay noun in which a stop word ties it to a stop
# "two-lap delay": the noun right after the count's lap word
_NOUN_AFTER = re.compile(r"[\s*]+delay\b")
# "the delay of two laps", "el retraso de dos vueltas", "o atraso de duas voltas": the noun right before the count
_NOUN_BEFORE = re.compile(r"\b(?:delay|retraso|atraso)\s+(?:of|de)\s+(?:\*\*)?$")
# "delayed his stop by one lap", "retrasó su parada dos vueltas", "adiou sua parada em duas voltas"
_DELAY = r"\b(?:delayed|postponed|retras[óo]|posterg[óo]|atrasou|adiou)\s+(?:his|her|their|the|su|sua|seu|la|a|o|el)\s+"
_STOP = r"(?:pit\s*stop|stop|parada|pit)"
_VERB_BEFORE = re.compile(_DELAY + r"(?:own\s+|first\s+|primer[ao]?\s+|primeir[ao]\s+)?" + _STOP +
                          r"\s+(?:by|en|em|por)?\s*(?:\*\*)?$")


# "RUS atrasou a parada em relação a PIA", "SAI delayed his stop relative to TSU": the order only, the rival named
_VERB_STOP = re.compile(_DELAY + r"(?:own\s+)?" + _STOP + r"\b")
_TO_RIVAL = re.compile(r"[\s*]+(?:relative\s+to|compared\s+(?:to|with)|em\s+rela[çc][ãa]o\s+(?:a|ao)|respecto\s+(?:a|de)|"
                       r"con\s+respecto\s+a|frente\s+a)\s+(?:\*\*)?")


def delays(doc: Document, sent: Sentence) -> None:
    low = doc.low
    if not any(map(low[sent.start:sent.end].__contains__, STEMS)):
        return
    _delayed_stop(doc, sent)
    toks = sent.tokens
    for i, t in enumerate(toks[:-1]):
        if t.kind is not NUMBER and t.kind is not NUMBER_WORD:
            continue
        lw = toks[i + 1]
        if lw.kind is not LAP_WORD or lw.start - t.end > 2 or low[t.end:lw.start].strip(" -"):
            continue
        n = _whole(t)
        if n is None or any(r[0] == "pit_lap_difference" and r[2] <= t.start < r[3] for r in doc.records):
            continue  # (a difference read already: "two laps later")
        lo = max(sent.start, t.start - 50)
        verb = _VERB_BEFORE.search(low, lo, t.start) is not None
        noun = not verb and (_NOUN_AFTER.match(low, lw.end) is not None or _NOUN_BEFORE.search(low, lo, t.start))
        if not verb and not noun:
            continue
        if noun and not any(x.kind is PIT and abs(x.start - t.start) <= STOP_REACH for x in toks):
            continue  # "a two-lap delay" of no stop
        e = lw.end
        m = _NOUN_AFTER.match(low, lw.end)
        if m is not None:
            e = m.end()
        _add_difference(doc, sent, t, n, 1, e, False)


def _delayed_stop(doc: Document, sent: Sentence) -> None:
    """pit_lap_difference by its order only (``sign_only``): "SAI delayed his stop relative to TSU", "RUS atrasou a
    parada em relação a PIA", "retrasó su parada respecto a HAM" (no count: a count is read by ``delays``)."""
    low = doc.low
    for m in _VERB_STOP.finditer(low, sent.start, sent.end):
        r = _TO_RIVAL.match(low, m.end())
        if r is None:
            continue  # "delayed his stop by one lap" (a count), "delayed his stop until lap 30": no rival named
        rival = next((x for x in sent.tokens if x.kind is DRIVER and x.start == r.end() and x.tag != "pron"), None)
        if rival is None:
            continue
        a = _subject(doc, sent, m.start(), rival.value)
        if a is None or a == rival.value:
            continue
        doc.add("pit_lap_difference", {"driver_a": a, "driver_b": rival.value, "laps": 1, "sign_only": True,
                                       "rival_named": True}, span_start(sent, a, m.start()), rival.end)
