"""The README stays a front page (what f1bench is, `make demo`, `make test`, evaluating a model, the
headline result, links) and the manual is the documentation site in docs/, which mkdocs-material
builds with --strict: a broken relative link or anchor, or a page missing from mkdocs.yml's nav, fails."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
README_MAX_LINES = 250


def test_the_readme_is_a_front_page():
    text = (REPO / "README.md").read_text(encoding="utf-8")
    n = len(text.splitlines())
    assert n <= README_MAX_LINES, f"README.md has {n} lines (at most {README_MAX_LINES}): move the detail into docs/"
    assert "make demo" in text and "make test" in text and "f1bench eval" in text


def test_every_page_the_readme_links_exists():
    text = (REPO / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(((?:docs|benchmarks)/[^)#\s]+)", text)
    assert links, "README.md links no page of docs/"
    missing = sorted({link for link in links if not (REPO / link).exists()})
    assert not missing, missing


def test_the_settings_table_is_marked_once():
    """docs/configuration.md holds the environment-variable table between the two markers (it will
    be generated from the settings model)."""
    text = (REPO / "docs" / "configuration.md").read_text(encoding="utf-8")
    lines = text.splitlines()
    start, end = "<!-- settings-table:start -->", "<!-- settings-table:end -->"
    assert lines.count(start) == 1 and lines.count(end) == 1
    inside = lines[lines.index(start) + 1:lines.index(end)]
    rows = [line for line in inside if line.startswith("| `F1BENCH_")]
    assert len(rows) > 20 and any("`F1BENCH_DATA_DIR`" in row for row in rows)


def test_the_docs_site_builds_strict(tmp_path):
    if importlib.util.find_spec("mkdocs") is None or importlib.util.find_spec("material") is None:
        pytest.skip("mkdocs and mkdocs-material are not installed (the dev extra: make venv)")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    r = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
                       cwd=REPO, capture_output=True, text=True, env=env, timeout=300, check=False)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-5000:]
    assert (tmp_path / "site" / "index.html").exists()
    assert (tmp_path / "site" / "configuration" / "index.html").exists()
