"""Named, read-only queries over the warehouse (``f1bench_pipeline/sql/*.sql``, package data),
for `f1bench query NAME`.

The views are built in an in-memory DuckDB from ``sql/views`` (always current, never
holding the warehouse file's lock), and only a single SELECT (or WITH … SELECT) is
executed: the query command cannot write to the warehouse.
"""

from __future__ import annotations

from pathlib import Path

import duckdb

from f1bench_pipeline.package_data import SQL_DIR, require

QUERIES_DIR = SQL_DIR


class QueryError(RuntimeError):
    pass


def available() -> dict[str, str]:
    """name → first comment line, for every named query."""
    out = {}
    for path in sorted(require(QUERIES_DIR, "the named queries (sql/*.sql)").glob("*.sql")):
        first = path.read_text(encoding="utf-8").splitlines()[0] if path.stat().st_size else ""
        out[path.stem] = first.lstrip("- ").strip()
    return out


def _connect(warehouse_dir: Path | str) -> duckdb.DuckDBPyConnection:
    from f1bench_pipeline.storage.reader import reader

    return reader(warehouse_dir)


def run(name: str, warehouse_dir: Path | str, duckdb_path: Path) -> tuple[list[str], list[tuple]]:
    path = QUERIES_DIR / f"{name}.sql"
    if not path.exists():
        raise QueryError(f"no query named {name!r}; available: {', '.join(available())}")
    sql = path.read_text(encoding="utf-8")
    con = _connect(warehouse_dir)
    try:
        statements = con.extract_statements(sql)
        if len(statements) != 1 or statements[0].type != duckdb.StatementType.SELECT:
            raise QueryError(f"{path.name}: a named query must be a single SELECT statement")
        try:
            cur = con.execute(sql)
        except duckdb.CatalogException as exc:
            raise QueryError(f"{name}: the warehouse lacks a table this query needs ({exc}); build it first") from exc
        cols = [d[0] for d in cur.description]
        return cols, cur.fetchall()
    finally:
        con.close()
