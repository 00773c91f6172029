"""The overlap between two drivers' stops is no stint.

"GAS had 3 laps on new HARDs before OCO came in", "GAS tuvo 2 vueltas con MEDIUM nuevos mientras OCO
seguía con HARD", "GAS teve 2 voltas de MEDIUM novos enquanto OCO ainda usava HARD": the laps one
driver ran on his new tyres until, or while, another stayed out are the gap between their stops,
not the length of a stint (``overlap_of_stops``; ranges set against another driver are
``checks.some_laps_of_a_stint``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from f1bench_pipeline.domains.f1.extract.checks import clause_end
from f1bench_pipeline.domains.f1.extract.patterns import alt
from f1bench_pipeline.domains.f1.extract.tokens import DRIVER, PIT, STAY

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence

OVERLAP_CONN = re.compile(r"\b" + alt("overlap_conn") + r"\b")
CONN_TO_DRIVER = 40  # characters from the lap count to the other driver (a tyre, "new", a connector between)
DRIVER_TO_VERB = 16  # ... and from that driver to his pit or stayed-out word ("OCO came in", "OCO seguía con")


def overlap_of_stops(doc: Document, sent: Sentence, e: int, drivers: list[str]) -> bool:
    """The lap count ending at ``e`` is followed, in its clause, by a connector ("before", "while",
    "mientras", "enquanto"), another driver than ``drivers`` and his pit or stayed-out word."""
    low = doc.low
    hi = clause_end(low, e, CONN_TO_DRIVER + DRIVER_TO_VERB + 8)
    toks = sent.tokens
    for i, t in enumerate(toks):
        if t.start < e:
            continue
        if t.start >= hi or t.start - e > CONN_TO_DRIVER:
            return False
        if t.kind is DRIVER:
            if t.value in drivers or not OVERLAP_CONN.search(low, e, t.start):
                return False
            nxt = toks[i + 1] if i + 1 < len(toks) else None
            return nxt is not None and nxt.kind in (PIT, STAY) and nxt.start - t.end <= DRIVER_TO_VERB
    return False
