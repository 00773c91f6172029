"""The configuration page's tables of variables, generated from the settings models (``Settings``,
``ProcessSettings``, and each domain's section with the models nested in it: F1's ``F1Settings``,
``RaceRules``): every field is a row, its description the text.
``test_settings_sources.py`` holds the page equal to it; after a change of a field, rewrite it:

    .venv/bin/python -m f1bench_pipeline_tests.settings_table --write
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from f1bench_pipeline.discovery import domain_settings_sections
from f1bench_pipeline.settings import REPO_ROOT, ProcessSettings, Settings, env_name

PAGE = REPO_ROOT / "docs" / "configuration.md"
START, END = "<!-- settings-table:start -->", "<!-- settings-table:end -->"


def _default(field: FieldInfo) -> str:
    value: Any = field.get_default(call_default_factory=True)
    if value is None or value == "":
        return "(unset)"
    if isinstance(value, Path):
        try:
            return f"`{value.relative_to(REPO_ROOT).as_posix()}`"
        except ValueError:
            return f"`{value}`"
    if isinstance(value, bool):
        return "`1`" if value else "`0`"
    if isinstance(value, tuple):
        return f"`{json.dumps(list(value))}`"
    return f"`{value}`"


def _rows(model: type[BaseModel], *prefix: str) -> list[str]:
    rows, nested = [], []
    for name, field in model.model_fields.items():
        if name == "sections" and model is Settings:
            continue  # the domains' sections: their own tables
        if isinstance(field.annotation, type) and issubclass(field.annotation, BaseModel):
            nested += _rows(field.annotation, *prefix, name)  # a nested model (F1's rules): after the others
            continue
        text = " ".join((field.description or "").split()).replace("|", "\\|")
        rows.append(f"| `{env_name(*prefix, name)}` | {_default(field)} | {text} |")
    return rows + nested


HEAD = ["| variable | default | what it sets |", "|---|---|---|"]


def table() -> str:
    """The Markdown tables, one row per variable: the shared settings, then each domain's section."""
    lines = [*HEAD, *_rows(Settings), *_rows(ProcessSettings)]
    for name, model in domain_settings_sections().items():
        module = model.__module__.replace(".", "/") + ".py"
        lines += ["", f"### The `{name}` domain's settings (`{model.__name__}`, `{module}`)", "", *HEAD, *_rows(model)]
    return "\n".join(lines)


def page_with_table(page: str) -> str:
    """``page`` with the text between the markers replaced by :func:`table`."""
    head, rest = page.split(START, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{START}\n{table()}\n{END}{tail}"


if __name__ == "__main__":
    if "--write" in sys.argv[1:]:
        PAGE.write_text(page_with_table(PAGE.read_text(encoding="utf-8")), encoding="utf-8")
    else:
        print(table())
