"""A lap range over several stints is no stint.

A heading or a sentence may name a phase of the race and the laps it covers ("**Middle phase:
MEDIUM, laps 12–48**") and then list the stints inside it ("- Laps 12–30: ...", "- Laps 31–48:
..."). The phase's range is then not one stint: a ``stint_laps`` record whose range holds two or
more disjoint, smaller ranges stated after it in its section (up to the next heading), with no other
driver named in between, is dropped (``drop_phase_ranges``).
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING

from f1bench_pipeline.domains.f1.extract.layout import heading_line
from f1bench_pipeline.domains.f1.extract.tokens import DRIVER

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document

SUB_RANGES = 2  # disjoint smaller ranges inside a range that make it a phase of several stints


def _section_end(text: str, e: int) -> int:
    """Where the section holding offset ``e`` ends: at the next heading line after ``e``'s line."""
    pos = text.find("\n", e)
    while pos >= 0:
        nxt = pos + 1
        if nxt < len(text) and text[nxt:text.find("\n", nxt) if text.find("\n", nxt) >= 0 else len(text)].strip() \
                and heading_line(text, nxt):
            return nxt
        pos = text.find("\n", nxt)
    return len(text)


def _inside(a: int, b: int, later: list[tuple[int, int, int, int]]) -> bool:
    """Two or more disjoint ranges of ``later`` lie within laps a..b, each smaller than it."""
    subs = sorted((x, y) for x, y, _s, _e in later if a <= x <= y <= b and (x, y) != (a, b))
    count, last_end = 0, -1
    for x, y in subs:
        if x > last_end:
            count += 1
            last_end = y
    return count >= SUB_RANGES


def drop_phase_ranges(doc: Document) -> None:
    ranges = doc.lap_ranges
    if len(ranges) < SUB_RANGES + 1 or not any(r[0] == "stint_laps" for r in doc.records):
        return
    text = doc.text
    drivers = [t for t in doc.toks if t.kind is DRIVER]
    d_starts = [t.start for t in drivers]
    keep = []
    for rec in doc.records:
        ctype, slots, _s, e = rec
        a, b = slots.get("start_lap"), slots.get("end_lap")
        if ctype == "stint_laps" and a is not None and b is not None:
            end = _section_end(text, e)
            # the ranges after it in its section, before another driver is named
            other = next((t.start for t in drivers[bisect_left(d_starts, e):] if t.value != slots.get("driver")), end)
            later = [r for r in ranges if e <= r[2] < min(end, other)]
            if _inside(a, b, later):
                continue
        keep.append(rec)
    doc.records = keep
