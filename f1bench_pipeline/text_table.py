"""Rows as a plain-text table, the way every command prints one."""

from __future__ import annotations


def format_table(rows: list[dict], columns: list[str]) -> str:
    if not rows:
        return "(no rows)"
    cells = [[("" if r.get(c) is None else str(r.get(c))) for c in columns] for r in rows]
    widths = [max(len(c), *(len(row[i]) for row in cells)) for i, c in enumerate(columns)]

    def line(vals: list[str]) -> str:
        return "  ".join(v.ljust(w) for v, w in zip(vals, widths)).rstrip()

    return "\n".join([line(columns), line(["-" * w for w in widths]), *(line(r) for r in cells)])
