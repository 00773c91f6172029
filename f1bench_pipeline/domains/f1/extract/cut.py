"""An answer cut off inside a number: its last number is no value.

A generation stopped by its token budget can end inside a number: "...two laps before SAI on lap 2"
for "lap 24", "(lap 21 vs. lap 2", "a gap of 12.9" for "12.954". When the answer ends with a number
-- nothing but whitespace after it: no closing punctuation, bracket, markdown or unit -- that number
may be the first digits of another, so no claim that reads it is kept (``drop_cut``). A finished
answer rarely ends so (it closes its sentence, its bold or its bracket); one that does loses that
last claim, which precision prefers to a value that may be cut.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from f1bench_pipeline.domains.f1.extract.tokens import LAP_ID, NUMBER, POSITION, Token

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document

# the number kinds whose last digits a cut can remove ("lap 2[4]", "P1[4]", "L1[5]", "12.9[54]");
# a number word, an ordinal ("3rd") or a number with its unit ("2.5 s") was written to its end
_CUT_KINDS = frozenset({NUMBER, POSITION, LAP_ID})


def cut_number(doc: Document) -> Token | None:
    """The number the answer stops inside, if it ends with one (see the module docstring)."""
    toks = doc.toks
    if not toks:
        return None
    end = len(doc.text.rstrip())
    last = toks[-1]
    if last.end != end or last.kind not in _CUT_KINDS or last.tag == "s":
        return None
    return last


def drop_cut(doc: Document) -> None:
    """Drop the records whose span holds the number the answer stops inside."""
    t = cut_number(doc)
    if t is not None:
        doc.records = [r for r in doc.records if not (r[2] <= t.start < r[3])]
