"""Text preparation and sentence splitting.

Markdown and typography are neutralised *in place*: replacements by characters of the same
length and list markers blanked to spaces, so every offset into the prepared text is an offset
into the original answer. Sentences end at ``. ! ? ;`` (followed by whitespace or the end) and at
line breaks, but not after an abbreviation ("vs.", "approx.", "e.g."); a run-on "sentence" of
more than ``MAX_SENTENCE_TOKENS`` tokens is cut into chunks of that many, so the per-sentence
rules stay linear on any input.
"""

from __future__ import annotations

import re
from bisect import bisect_left

from f1bench_pipeline.domains.f1.extract.patterns import alt
from f1bench_pipeline.domains.f1.extract.vocabulary import alternatives

MAX_SENTENCE_TOKENS = 80  # longer "sentences" (run-on lists, adversarial input) are cut into chunks

_TRANS = {
    "*": " ", "`": " ", "#": " ", "|": " ", "\t": " ", "\r": " ", "\f": " ", "\v": " ",
    "\u2019": "'", "\u2018": "'", "\u00b4": "'", "\u201c": '"', "\u201d": '"', "\u00ab": '"', "\u00bb": '"',
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2015": "-", "\u2212": "-",
    "\u00a0": " ", "\u202f": " ", "\u2009": " ", "\u2007": " ", "\u2002": " ", "\u2003": " ", "\u200b": " ",
    "\u2028": "\n", "\u2029": "\n", "\u0085": "\n",
    "\u27f6": "→", "\u2794": "→", "\u21d2": "→", "\u279c": "→", "\u2b95": "→",
}
_TRANS_PAIRS = tuple(_TRANS.items())  # one-for-one: offsets survive


def _neutralise(text: str) -> str:
    for a, b in _TRANS_PAIRS:
        if a in text:
            text = text.replace(a, b)
    return text


_LIST_MARK = re.compile(r"(?m)^[ \t]*(?:[-+•●▪◦>]|\d{1,2}[.)])(?=[ \t])")
# The same list markers after a line break (a literal first character lets ``re`` jump from
# line to line); the first line is read by ``_LIST_MARK.match``.
_LIST_MARK_NL = re.compile(r"\n[ \t]*(?:[-+•●▪◦>]|\d{1,2}[.)])(?=[ \t])")


def _blank_mark(m: re.Match[str]) -> str:
    return "\n" + " " * (len(m.group()) - 1)


def _blank_list_marks(clean: str) -> str:
    """``_LIST_MARK.sub`` with every marker blanked to spaces (offsets survive)."""
    clean = _LIST_MARK_NL.sub(_blank_mark, clean)
    m = _LIST_MARK.match(clean)
    if m is not None:
        clean = " " * m.end() + clean[m.end():]
    return clean


# "[.!?;]+(?=\s|$)|\n" written with one leading character class (same matches)
SENTENCE_END = re.compile(r"[.!?;\n](?:(?<=\n)|[.!?;]*(?=\s|$))")
_ABBREV = re.compile(r"\b" + alt("abbreviation") + "$")
_ABBREV_ENDS = tuple(a.replace("\\.", ".") for a in alternatives("abbreviation"))


def _abbrev_before(low: str, st: int) -> bool:
    """``_ABBREV.search(low, max(0, st - 8), st)``: the text before st (or before a line break
    ending it) ends with one of the abbreviations."""
    lo = st - 8 if st > 8 else 0
    if not (low.endswith(_ABBREV_ENDS, lo, st) or low[st - 1:st] == "\n" and low.endswith(_ABBREV_ENDS, lo, st - 1)):
        return False
    return _ABBREV.search(low, lo, st) is not None


def prepare(text: str) -> tuple[str, str]:
    """(clean, low): the answer with markdown and typography neutralised, and its lower case --
    both of the answer's length (a character that lower-cases to two code points is kept)."""
    clean = _neutralise(text)
    if "\n" in clean:
        clean = _blank_list_marks(clean)
    low = clean.lower()
    if len(low) != len(clean):  # a few characters lower-case to two code points
        low = "".join(c if len(c.lower()) != 1 else c.lower() for c in clean)
    return clean, low


def sentence_ends(low: str) -> list[int]:
    """The end offset of every sentence of ``low`` (the last is ``len(low)``)."""
    bounds: list[int] = []
    for m in SENTENCE_END.finditer(low):
        st = m.start()
        if low[st] == "." and _abbrev_before(low, st):
            continue
        bounds.append(m.end())
    n = len(low)
    if not bounds or bounds[-1] != n:
        bounds.append(n)
    return bounds


def sentence_spans(low: str, starts: list[int], bounds: list[int] | None = None) -> list[tuple[int, int, int, int]]:
    """Sentences as (start, end, i, j): ``tokens[i:j]`` are the sentence's tokens (``starts``:
    the tokens' start offsets, sorted; ``bounds``: ``sentence_ends(low)`` when already known)."""
    if bounds is None:
        bounds = sentence_ends(low)
    sents: list[tuple[int, int, int, int]] = []
    ti, nt = 0, len(starts)
    s = 0
    for e in bounds:
        if e <= s:
            continue
        if ti < nt and starts[ti] < e:
            j = bisect_left(starts, e, ti)
            if j - ti <= MAX_SENTENCE_TOKENS:
                sents.append((s, e, ti, j))
            else:  # a run-on "sentence" (lists without stops, adversarial input): bounded chunks
                for c in range(ti, j, MAX_SENTENCE_TOKENS):
                    cs = s if c == ti else starts[c]
                    ce = e if c + MAX_SENTENCE_TOKENS >= j else starts[c + MAX_SENTENCE_TOKENS]
                    sents.append((cs, ce, c, min(c + MAX_SENTENCE_TOKENS, j)))
            ti = j
        s = e
    return sents
