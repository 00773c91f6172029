"""Structure a newcomer relies on (#28): small modules, one place that reads the environment, every
``F1BENCH_*`` variable a documented settings field, and the configuration page generated from them."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from pydantic import BaseModel

from f1bench_pipeline.discovery import domain_settings_sections
from f1bench_pipeline.settings import ENV_PREFIX, ProcessSettings, Settings, env_name
from f1bench_pipeline_tests.settings_table import PAGE, page_with_table

PACKAGE = Path(__file__).resolve().parents[1] / "f1bench_pipeline"
MAX_MODULE_LINES = 600
SETTINGS_MODULE = PACKAGE / "settings.py"


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_no_module_of_the_package_is_over_600_lines():
    long = {p.relative_to(PACKAGE).as_posix(): n for p in _modules()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES}
    assert not long, f"split these modules by concern: {long}"


def _environment_reads(path: Path) -> list[str]:
    """Where ``path`` touches the process environment: ``os.environ``, ``os.getenv``/``putenv``/
    ``unsetenv``, or imports them by name."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "os"
                and node.attr in {"environ", "environb", "getenv", "putenv", "unsetenv"}):
            found.append(f"{path.name}:{node.lineno} os.{node.attr}")
        elif isinstance(node, ast.ImportFrom) and node.module == "os":
            found += [f"{path.name}:{node.lineno} from os import {a.name}" for a in node.names
                      if a.name in {"environ", "environb", "getenv", "putenv", "unsetenv"}]
    return found


def test_only_the_settings_module_reads_the_environment():
    reads = [r for p in _modules() if p != SETTINGS_MODULE for r in _environment_reads(p)]
    assert not reads, ("read a setting through f1bench_pipeline.settings (a field of Settings or "
                       f"ProcessSettings, or environment()/secret()/dagster_home()): {reads}")


def test_the_check_sees_an_environment_read(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import os\nfrom os import getenv\nx = os.environ.get('F1BENCH_X')\n", encoding="utf-8")
    assert len(_environment_reads(bad)) == 2


def _known_variables() -> set[str]:
    known = {env_name(n) for n in Settings.model_fields if n != "sections"}
    known |= {env_name(n) for n in ProcessSettings.model_fields}
    for section in domain_settings_sections().values():
        for name, info in section.model_fields.items():
            nested = info.annotation if isinstance(info.annotation, type) and issubclass(info.annotation, BaseModel) else None
            known |= {env_name(name, n) for n in nested.model_fields} if nested else {env_name(name)}
    return known


def _nested_prefixes() -> set[str]:
    """The prefix of a nested model's variables (``F1BENCH_RULES``, named in a text as ``F1BENCH_RULES*``)."""
    return {env_name(name) for section in domain_settings_sections().values()
            for name, info in section.model_fields.items()
            if isinstance(info.annotation, type) and issubclass(info.annotation, BaseModel)}


VARIABLE = re.compile(r"\b" + ENV_PREFIX + r"[A-Z0-9_]*[A-Z0-9]")


def test_every_variable_the_package_names_is_a_settings_field():
    """A ``F1BENCH_*`` name in the package's code (a string or a docstring) is a field of a settings
    model: no variable is read, or documented, that the settings do not declare."""
    known = _known_variables() | _nested_prefixes()
    unknown = {}
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                for name in VARIABLE.findall(node.value):
                    if name not in known:
                        unknown.setdefault(name, path.relative_to(PACKAGE).as_posix())
    assert not unknown, unknown


def test_the_configuration_page_is_generated_from_the_settings():
    page = PAGE.read_text(encoding="utf-8")
    assert page == page_with_table(page), (
        "docs/configuration.md is not the settings' table: .venv/bin/python -m f1bench_pipeline_tests.settings_table --write")
    for variable in _known_variables():
        assert f"`{variable}`" in page
