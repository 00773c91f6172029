"""The subject a sentence carries over from the one before (#44, second pass).

"HAM não perdeu posição para TSU; na verdade, ele aumentou sua vantagem", "HAM did not lose the place
to TSU; in fact, he extended his lead", "de hecho, amplió su ventaja": a clause opening with a pronoun
(or, in Spanish and Portuguese, with no subject at all) after a sentence that named several drivers
leaves its pronoun unbound (``references.ambiguous_pronoun``). When that sentence had one subject and
every other driver in it was an object ("para TSU", "to TSU"), the clause goes on about that subject.
Used by ``race_order.leads`` only (a lead kept or extended), where the clause names no driver.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import TYPE_CHECKING

from f1bench_pipeline.domains.f1.extract.lap_difference import object_before
from f1bench_pipeline.domains.f1.extract.tokens import DRIVER, NEGATION

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence


def carried_subject(doc: Document, sent: Sentence, s: int) -> str | None:
    """The previous sentence's one subject, when ``sent`` names no driver before ``s`` (a pronoun at most)."""
    if any(t.kind is DRIVER and t.tag != "pron" or t.kind is NEGATION for t in sent.tokens if t.start < s):
        return None
    if "\n\n" in doc.low[max(0, sent.start - 4):sent.start + 2]:
        return None  # a new paragraph: no carried subject
    ends = doc.ends
    k = bisect_right(ends, sent.start) - 1  # the previous sentence ends at ends[k]
    if k < 0:
        return None
    lo = ends[k - 1] if k >= 1 else 0
    starts = doc.tok_starts
    toks = doc.toks[bisect_left(starts, lo):bisect_left(starts, ends[k])]
    named = [t for t in toks if t.kind is DRIVER and t.tag != "pron"]
    if len(named) < 2:
        return None  # one driver before: the pronoun was bound already
    subjects = {t.value for t in named if not t.is_object and not object_before(doc.low, t)}
    if len(subjects) != 1 or named[0].value not in subjects:
        return None
    return named[0].value
