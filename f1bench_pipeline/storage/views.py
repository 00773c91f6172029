"""DuckDB views over the Parquet warehouse, defined in ``sql/views/*.sql``.

Each file holds one ``CREATE OR REPLACE VIEW`` whose ``{warehouse}`` placeholder is the
warehouse root. A view is created only once its table has files (DuckDB binds the glob
at creation). The write lock is held for the few milliseconds of the refresh; a reader
holding the file open makes us skip the refresh (the views read globs, so new data
still shows up), never fail the pipeline.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

import duckdb

from f1bench_pipeline.settings import REPO_ROOT

log = logging.getLogger(__name__)

VIEWS_DIR = REPO_ROOT / "sql" / "views"
_TABLE_REF = re.compile(r"\{warehouse\}/([a-z_]+)/")


def view_definitions(warehouse_dir: Path) -> list[tuple[str, str, list[str]]]:
    """(view name, SQL, tables it reads) for every file in sql/views, in name order."""
    out = []
    for path in sorted(VIEWS_DIR.glob("*.sql")):
        text = path.read_text(encoding="utf-8")
        tables = _TABLE_REF.findall(text) + [t.strip() for line in text.splitlines()
                                             if line.startswith("-- requires:") for t in line[12:].split(",")]
        sql = text.replace("{warehouse}", Path(warehouse_dir).resolve().as_posix())
        out.append((path.stem.split("__", 1)[-1], sql, tables))
    return out


def has_files(warehouse_dir: Path, table: str) -> bool:
    base = Path(warehouse_dir) / table
    return base.exists() and any(base.rglob("*.parquet"))


def refresh_views(warehouse_dir: Path, duckdb_path: Path) -> list[str]:
    """Create or replace every view whose tables exist; returns the views created."""
    created: list[str] = []
    try:
        con = duckdb.connect(str(duckdb_path))
    except duckdb.IOException as exc:  # another process holds the write lock
        log.warning("warehouse views not refreshed (%s): %s", duckdb_path, exc)
        return created
    try:
        for name, sql, tables in view_definitions(warehouse_dir):
            if not all(has_files(warehouse_dir, t) for t in tables):
                continue
            try:
                con.execute(sql)
                created.append(name)
            except duckdb.Error as exc:
                log.warning("view %s not created: %s", name, exc)
    finally:
        con.close()
    return created
