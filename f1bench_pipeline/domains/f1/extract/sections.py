"""Per-driver sections: a heading or a label that names one driver owns the lines under it.

Verbose answers lay each driver's facts out under his name::

    #### COL                 **ANT**                  - **PIA**
    - Stint 1: MEDIUM, ...   - Pit: lap 28, ...         - Stint 1: Medium, laps 1–20
                                                         - Finished P3
    **NOR:** pit laps 20 and 52; two stops total

The lines of such a section state no driver of their own, so without this a value there bound
to no one (or to the answer's single driver, who may be the other one). A *driver heading* is a
line whose whole content, markup aside, is one driver (optionally his possessive and a word for
his race, "ALO's strategy", or his team in brackets); a *driver label* is a line that opens with
one driver and a colon. Its section is:

* a markdown heading ("#### COL"): the lines up to the next markdown heading of the same or a
  higher level, or the next driver heading;
* a list item ("- **PIA**"): its nested lines (indented deeper);
* a bold or plain line ("**ANT**"): the lines up to the next blank line that is followed by a
  line that is not a list item, or the next heading;
* a label ("**NOR:** ..."): the rest of its line and its nested lines.

``binding.drivers_for`` falls back to the section's driver only when the value's own sentence
names no driver before it, so a line that names another driver keeps its own. Computed once per
answer; looked up by bisection.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import TYPE_CHECKING

from f1bench_pipeline.domains.f1.extract.tokens import DRIVER

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document

# markup around a heading's name: list markers, markdown heading marks, bold/italic, numbering
_LEAD = re.compile(r"[ \t]*(?:[-*+•]\s+|\d{1,2}[.)]\s+)?(?:#{1,6}\s+)?[*_`]*\s*")
# what may follow the name in a heading: a possessive and a word for his race, his team in brackets
_TAIL = re.compile(
    r"\s*(?:['’]s)?\s*(?:strategy|stints?|race|stops|pit stops|tyres|tires|estrategia|estrategia|estratégia|"
    r"carrera|corrida|paradas|neum[aá]ticos|pneus)?\s*(?:\([^()\n]{1,40}\))?\s*[*_`]*\s*:?\s*[*_`]*\s*$",
    re.IGNORECASE)
_LABEL = re.compile(r"\s*[*_`]*\s*:", re.IGNORECASE)
_HEADING = re.compile(r"[ \t]*(#{1,6})\s")
_BOLD_ONLY = re.compile(r"[ \t]*(?:[-*+•]\s+)?\*\*[^*\n]+\*\*:?\s*$")
_LIST_ITEM = re.compile(r"[ \t]*(?:[-*+•]|\d{1,2}[.)])\s")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def _lines(text: str) -> list[tuple[int, int]]:
    out = []
    pos = 0
    for line in text.split("\n"):
        out.append((pos, pos + len(line)))
        pos += len(line) + 1
    return out


def _heading_driver(line: str, a: int, line_tokens: list) -> tuple[str, str] | None:
    """(driver, "heading" | "label") when the line is a driver heading or label, else None."""
    drivers = [t for t in line_tokens if t.kind is DRIVER and t.tag not in ("pron", "desc")]
    if not drivers or len({t.value for t in drivers}) != 1:
        return None
    first = drivers[0]
    lead = _LEAD.match(line)
    if lead is None or a + lead.end() != first.start:
        return None
    last = drivers[-1]
    rest = line[last.end - a:]
    if _TAIL.fullmatch(rest):
        return first.value, "heading"
    if len(drivers) == 1 and _LABEL.match(rest):
        return first.value, "label"
    return None


def find_sections(doc: Document) -> tuple[list[int], list[int], list[str]]:
    """The answer's driver sections as parallel lists (starts, ends, drivers), sorted by start."""
    text = doc.text
    lines = _lines(text)
    toks = doc.toks
    starts: list[int] = []
    ends: list[int] = []
    owners: list[str] = []
    ti = 0
    for k, (a, b) in enumerate(lines):
        while ti < len(toks) and toks[ti].start < a:
            ti += 1
        tj = ti
        while tj < len(toks) and toks[tj].start < b:
            tj += 1
        if ti == tj:
            continue
        found = _heading_driver(text[a:b], a, toks[ti:tj])
        if found is None:
            continue
        driver, how = found
        line = text[a:b]
        end = _section_end(text, lines, k, line, how)
        if how == "label":
            start = a
        else:
            start = b  # the heading itself is a title, not a statement
        if end > start:
            starts.append(start)
            ends.append(end)
            owners.append(driver)
    return starts, ends, owners


def _section_end(text: str, lines: list[tuple[int, int]], k: int, line: str, how: str) -> int:
    a, b = lines[k]
    heading = _HEADING.match(line)
    own_indent = _indent(line)
    is_item = bool(_LIST_ITEM.match(line))
    end = b
    seen_blank = False
    for a2, b2 in lines[k + 1:]:
        nxt = text[a2:b2]
        blank = not nxt.strip()
        if heading is not None:  # "#### COL": up to the next heading of the same or a higher level
            h2 = _HEADING.match(nxt)
            if h2 is not None and len(h2.group(1)) <= len(heading.group(1)):
                break
            if not blank and _is_driver_heading_like(nxt):
                break
        elif is_item or how == "label":  # "- **PIA**" / "**NOR:** …": its nested lines
            if not blank and _indent(nxt) <= own_indent:
                break
        else:  # "**ANT**": up to a blank line before a line that is not a list item, or a heading
            if blank:
                seen_blank = True
                continue
            if _HEADING.match(nxt) or _BOLD_ONLY.match(nxt) or (seen_blank and not _LIST_ITEM.match(nxt)):
                break
            seen_blank = False
        if not blank:
            end = b2
    return end


def _is_driver_heading_like(line: str) -> bool:
    return bool(_BOLD_ONLY.match(line))


def section_driver(doc: Document, s: int) -> str | None:
    """The driver whose section holds offset ``s``, or None."""
    if doc.sections is None:
        doc.sections = find_sections(doc)
    starts, ends, owners = doc.sections
    k = bisect_right(starts, s) - 1
    # nested sections: the innermost (latest-starting) one holding s
    while k >= 0:
        if starts[k] <= s < ends[k]:
            return owners[k]
        k -= 1
    return None
