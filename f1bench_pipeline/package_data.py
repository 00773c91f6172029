"""Files the package reads at run time, located inside the installed package.

Everything here ships in the wheel as package data (``[tool.setuptools.package-data]`` in
pyproject.toml), so ``pip install .`` (a container image) works exactly like the editable
checkout, and no path depends on the repository layout or the current directory:

* ``sql/views/*.sql`` (the DuckDB views) and ``sql/*.sql`` (the named queries of ``f1bench query``);
* ``audit/static/`` (the audit page of ``f1bench serve``);
* ``data/ergast/`` (the CC0 Ergast CSVs: the regex extractor's surname table ``drivers.csv``,
  and the results, pit stops and sprints the offline ingest reads; with their LICENSE/NOTICE);
* ``data/official_results/`` (the supplement of official results the ingest reads past Ergast);
* ``systems.yaml`` (the default system registry; in a checkout a symlink to the repository's
  ``systems.yaml``, which stays the file to edit; the wheel holds a copy of it).

In a checkout, ``sql/``, ``data/ergast`` and ``data/official_results`` at the repository root are
symlinks to these folders. The large embedded FastF1 sample (``data/sample``) and the weather
sample are not package data: only ``f1bench build`` reads them, from a checkout or a cache given
by ``F1BENCH_FASTF1_CACHE``.

The package must be installed as files (pip's normal install; not run from a zip): the SQL
folders are globbed and DuckDB and the CSV readers take file paths.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


# The folder holding the package: a checkout's root (an installed wheel: site-packages). Here, not
# in settings.py, so that building the CLI's parser needs no pydantic.
REPO_ROOT = Path(__file__).resolve().parent.parent


class MissingPackageData(FileNotFoundError):
    """A file the package ships is absent: a broken or partial install, never a normal state."""


def _package_dir() -> Path:
    root = files("f1bench_pipeline")
    if not isinstance(root, Path):  # a zip import: the data are not files on disk
        raise MissingPackageData(f"f1bench_pipeline is imported from {root}, not from files on disk; "
                                 "install it with pip (its SQL and CSV files must be files)")
    return root


PACKAGE_DIR = _package_dir()
SQL_DIR = PACKAGE_DIR / "sql"
VIEWS_DIR = SQL_DIR / "views"
AUDIT_STATIC_DIR = PACKAGE_DIR / "audit" / "static"
ERGAST_DIR = PACKAGE_DIR / "data" / "ergast"
DRIVERS_CSV = ERGAST_DIR / "drivers.csv"
OFFICIAL_RESULTS_DIR = PACKAGE_DIR / "data" / "official_results"
DEFAULT_REGISTRY = PACKAGE_DIR / "systems.yaml"


def require(path: Path, what: str) -> Path:
    """``path`` when it exists, else a ``MissingPackageData`` naming the file and the fix."""
    if not Path(path).exists():
        raise MissingPackageData(
            f"{what} not found at {path}: the f1bench_pipeline install is incomplete (this file is package "
            f"data of the wheel, see f1bench_pipeline/package_data.py); reinstall it with `pip install .` "
            f"from a checkout, or run from the checkout")
    return Path(path)
