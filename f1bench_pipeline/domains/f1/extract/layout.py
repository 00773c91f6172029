"""Where a value sits in the answer's layout: markdown tables, key-value blocks, headings.

A place in a table counts as a finish only under a column whose header names the finish
("Final", "Result", "Chegada"); in an indented key-value block ("positions:\n    MAG: P12"),
only under a key that names it. A heading or a bold-only line is a title, not a verdict. These
read the original text (markdown pipes and asterisks are blanked in the prepared one).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from f1bench_pipeline.domains.f1.extract.patterns import BOLD_LINE, FINISH_HEADER, KEY_LINE

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document


def finish_column(doc: Document, s: int) -> bool:
    """Outside a markdown table, True; in a table row, True when the cell's column header names
    the finish ("Final", "Finish", "Result", "Resultado", "Llegada", "Chegada")."""
    text = doc.text  # the original: markdown pipes are blanked in ``low``
    line_start = text.rfind("\n", 0, s) + 1
    if not text[line_start:s].lstrip().startswith("|"):
        return True
    col = text.count("|", line_start, s)
    cells = table_header(doc, line_start)
    return col < len(cells) and bool(FINISH_HEADER.search(cells[col].lower()))


def finish_key(text: str, s: int) -> bool:
    """Outside an indented key-value block, True; in one ("positions:\n    MAG: P12"), True
    when some enclosing key names the finish."""
    keys = parent_keys(text, s)
    return keys is None or any(FINISH_HEADER.search(k.lower()) for k in keys)


def parent_keys(text: str, s: int) -> list[str] | None:
    """The enclosing keys of an indented key-value line (YAML-like), nearest first; None when
    the line holding ``s`` is not one."""
    a = text.rfind("\n", 0, s) + 1
    line = text[a:s]
    indent = len(line) - len(line.lstrip(" "))
    if indent == 0 or not KEY_LINE.match(line.lstrip(" -")):
        return None
    pos = a
    keys = []
    while pos > 0 and indent > 0:  # walk up to the less-indented parent keys
        b = pos - 1
        pa = text.rfind("\n", 0, b) + 1
        prev = text[pa:b]
        pind = len(prev) - len(prev.lstrip(" "))
        if prev.strip() and pind < indent:
            keys.append(prev.strip())
            indent = pind
        pos = pa
        if len(keys) >= 3 or a - pos > 2000:
            break
    return keys


def table_header(doc: Document, line_start: int) -> list[str]:
    """The cells of the header of the markdown table whose row starts at ``line_start`` (the
    first of the consecutive '|' lines above it); memoised per row, so a long table is read
    once, not once per cell."""
    memo = doc.headers
    text = doc.text
    walked = []
    start = line_start
    while start not in memo:
        walked.append(start)
        if start == 0:
            break
        prev_start = text.rfind("\n", 0, start - 1) + 1
        if not text[prev_start:start].lstrip().startswith("|"):
            break
        start = prev_start
    if start in memo:
        cells = memo[start]
    else:
        end = text.find("\n", start)
        cells = text[start:end if end >= 0 else len(text)].split("|")
    for w in walked:
        memo[w] = cells
    return cells



def heading_line(text: str, s: int) -> bool:
    """The line holding offset ``s`` is a markdown heading ("## …") or a bold-only line."""
    a = text.rfind("\n", 0, s) + 1
    b = text.find("\n", s)
    line = text[a:b if b >= 0 else len(text)].strip()
    # (a bold question with its answer, "**Funcionou? Parcialmente.**", is a verdict, not a title)
    return line.startswith("#") or ("?" not in line and bool(BOLD_LINE.fullmatch(line)))
