"""DuckDB views over the Parquet warehouse, defined in ``f1bench_pipeline/sql/views/*.sql`` and each domain's
``sql/views/*.sql`` (package data).

Each file holds one ``CREATE OR REPLACE VIEW`` whose ``{warehouse}`` placeholder is the
warehouse root. A view is created only once its table has files (DuckDB binds the glob
at creation). The write lock is held for the few milliseconds of the refresh; a reader
holding the file open makes us skip the refresh (the views read globs, so new data
still shows up), never fail the pipeline.

On a remote root (``storage/location.py``) ``{warehouse}`` is the URL, and ``attach`` gives
the connection a way to read it: DuckDB's own httpfs extension for s3:// and http(s)://
when it loads (S3 credentials through a temporary ``credential_chain`` secret: the
environment, profile or instance role, never a value of ours), otherwise the fsspec
filesystem registered into the connection. HTTP has no listing API, so over http(s):// the
views name their files explicitly (listed from the server's index) instead of a glob.
Views over a remote root that ``refresh_views`` stores in the DuckDB file work only in a
connection that attaches the same way; the project's readers (``storage.reader.reader``) do.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path

import duckdb
import polars as pl

from f1bench_pipeline.discovery import domain_views_dirs
from f1bench_pipeline.package_data import VIEWS_DIR, require
from f1bench_pipeline.settings import get_settings
from f1bench_pipeline.storage import location
from f1bench_pipeline.storage.location import Root

log = logging.getLogger(__name__)

_TABLE_REF = re.compile(r"\{warehouse\}/([a-z_]+)/")
_TABLE_GLOB = re.compile(r"'\{warehouse\}/([a-z_]+)/\*\*/\*\.parquet'")
REMOTE_READERS = ("auto", "httpfs", "fsspec")


class RemoteReaderError(RuntimeError):
    pass


def _sql_string(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def listing(warehouse_dir: Root) -> Callable[[str], list[str]] | None:
    """table → its Parquet files (relative paths), listed once per table for the caller's
    lifetime: over HTTP every folder is one request, so one reader lists each table once.
    None for a local folder (the filesystem is listed directly)."""
    root = location.normalise(warehouse_dir)
    return None if isinstance(root, Path) else cache(lambda table: location.find_files(root, table))


def view_parameters(overrides: dict[str, bool] | None = None) -> dict[str, str]:
    """Settings the views read, as SQL literals (``{name}`` in ``sql/views``); ``overrides`` (a
    command's flag, e.g. ``include_wrong_language``) win over the settings."""
    s = get_settings()
    values = {"include_timing_order": s.leaderboard_include_timing_order,
              "include_stale_context": s.leaderboard_include_stale_context,
              "include_wrong_language": s.leaderboard_include_wrong_language, **(overrides or {})}
    return {k: "true" if v else "false" for k, v in values.items()}


# ``{optional:<table>}`` in a view file: the table's Parquet files when it has any, else an
# empty relation of its columns, so a view may read a table that is often absent (the human
# reviews beside the leaderboard) without waiting for it. Columns: the table's schema here.
_OPTIONAL = re.compile(r"\{optional:([a-z_]+)\}")
# views that read only optional inputs: present (empty) in a warehouse that has no table yet
OPTIONAL_INPUT_VIEWS = frozenset({"review_scores"})
_SQL_TYPES = {"String": "VARCHAR", "Int64": "BIGINT", "Float64": "DOUBLE", "Boolean": "BOOLEAN"}


# The columns of each optional input; the study that writes the table uses the same schema
# (``review_scores``: the human scores of ``review/human_score.py``).
OPTIONAL_INPUT_SCHEMAS: dict[str, dict[str, type[pl.DataType]]] = {
    "review_scores": {
        "reviewer": pl.Utf8, "review_id": pl.Utf8, "model": pl.Utf8, "season": pl.Int64, "id": pl.Utf8,
        "lang": pl.Utf8, "variant": pl.Utf8, "extractor": pl.Utf8, "decision_type": pl.Utf8,
        "n_claims_human": pl.Int64, "n_supported_human": pl.Int64, "n_facts": pl.Int64, "n_facts_judged": pl.Int64,
        "n_stated": pl.Int64, "precision_human": pl.Float64, "recall_human": pl.Float64, "f1_human": pl.Float64,
        "sampling": pl.Utf8,
    },
}


def _optional_schema(table: str) -> dict:
    if table in OPTIONAL_INPUT_SCHEMAS:
        return OPTIONAL_INPUT_SCHEMAS[table]
    raise ValueError(f"{{optional:{table}}}: no schema known for table {table!r}")


def optional_relation(table: str, present: bool) -> str:
    """The SQL of ``{optional:<table>}``: a read of its files, or an empty relation of its columns."""
    if present:
        return f"(SELECT * FROM read_parquet('{{warehouse}}/{table}/**/*.parquet', hive_partitioning = true, union_by_name = true))"
    cols = ", ".join(f"NULL::{_SQL_TYPES[str(t)]} AS {c}" for c, t in _optional_schema(table).items())
    return f"(SELECT {cols} WHERE false)"


_TEMPLATE = re.compile(r"\{\{(\w+)((?:\s+\w+=\S+)*)\s*\}\}")


def expand_templates(text: str) -> str:
    """``{{leaderboard source=… keys=…}}`` and the other templates of ``scoring/leaderboard.py``:
    the leaderboard's one definition, shared with the Python aggregates."""
    if "{{" not in text:
        return text
    from f1bench_pipeline.scoring.leaderboard import Bootstrap, render_template

    bootstrap = Bootstrap.from_settings()

    def one(m: re.Match) -> str:
        args = dict(a.split("=", 1) for a in m.group(2).split())
        return render_template(m.group(1), args, bootstrap)

    return _TEMPLATE.sub(one, text)


def view_files() -> list[Path]:
    """The view files: the shared ``sql/views`` and every domain's (``sql/views`` in its folder), in
    file-name order across them (the number prefix orders a view after the ones it reads)."""
    folders = [require(VIEWS_DIR, "the DuckDB view definitions (sql/views)"), *domain_views_dirs()]
    return sorted((p for folder in folders for p in folder.glob("*.sql")), key=lambda p: p.name)


def view_definitions(warehouse_dir: Root, files: Callable[[str], list[str]] | None = None,
                     overrides: dict[str, bool] | None = None) -> list[tuple[str, str, list[str]]]:
    """(view name, SQL, tables it reads) for every view file (:func:`view_files`), in name order."""
    root = location.normalise(warehouse_dir)
    listed = location.scheme(root) in location.READ_ONLY_SCHEMES
    where = root.resolve().as_posix() if isinstance(root, Path) else root
    files = files or listing(root)

    def file_list(m: re.Match) -> str:
        rels = files(m.group(1))  # type: ignore[misc]  # runs only when listed: listing() is then not None
        if not rels:  # no files: the view is not created (has_files), keep the glob
            return m.group(0)
        return "[" + ", ".join(_sql_string(f"{root}/{m.group(1)}/{r}") for r in rels) + "]"

    out = []
    for path in view_files():
        text = expand_templates(path.read_text(encoding="utf-8"))
        tables = _TABLE_REF.findall(text) + [t.strip() for line in text.splitlines()
                                             if line.startswith("-- requires:") for t in line[12:].split(",")]
        text = _OPTIONAL.sub(lambda m: optional_relation(m.group(1), has_files(root, m.group(1), files)), text)
        if listed:
            text = _TABLE_GLOB.sub(file_list, text)
        sql = text.replace("{warehouse}", where)
        for key, value in view_parameters(overrides).items():
            sql = sql.replace("{" + key + "}", value)
        out.append((path.stem.split("__", 1)[-1], sql, tables))
    return out


def has_files(warehouse_dir: Root, table: str, files: Callable[[str], list[str]] | None = None) -> bool:
    local = location.local_path(warehouse_dir)
    if local is None:
        return bool((files or (lambda t: location.find_files(warehouse_dir, t)))(table))
    base = local / table
    return base.exists() and any(base.rglob("*.parquet"))


_httpfs_unavailable: set[str] = set()  # "install" once it failed in this process: don't retry per query


def load_httpfs(con: duckdb.DuckDBPyConnection) -> bool:
    """LOAD DuckDB's httpfs extension, installing it once if needed; False when it cannot."""
    try:
        con.execute("LOAD httpfs")
        return True
    except duckdb.Error:
        pass
    if "install" in _httpfs_unavailable:
        return False
    try:
        con.execute("INSTALL httpfs")
        con.execute("LOAD httpfs")
        return True
    except duckdb.Error as exc:
        _httpfs_unavailable.add("install")
        log.info("DuckDB httpfs extension unavailable (%s)", str(exc).splitlines()[0])
        return False


def _s3_secret(con: duckdb.DuckDBPyConnection, root: str) -> bool:
    """A temporary (in-memory) S3 secret whose values DuckDB takes from the AWS credential chain."""
    bucket = root.split("://", 1)[1].split("/", 1)[0]
    try:
        con.execute(f"CREATE OR REPLACE SECRET f1bench_warehouse (TYPE s3, PROVIDER credential_chain, "
                    f"SCOPE {_sql_string('s3://' + bucket)})")
        return True
    except duckdb.Error as exc:
        log.info("DuckDB aws credential_chain unavailable (%s)", str(exc).splitlines()[0])
        return False


def attach(con: duckdb.DuckDBPyConnection, warehouse_dir: Root, reader: str | None = None) -> str:
    """Make ``con`` able to read the warehouse; returns how: "local", "httpfs" or "fsspec".

    ``reader`` ("auto", "httpfs", "fsspec"; default: the F1BENCH_DUCKDB_REMOTE setting).
    """
    root = location.normalise(warehouse_dir)
    if isinstance(root, Path):
        return "local"
    reader = reader or get_settings().duckdb_remote
    if reader not in REMOTE_READERS:
        raise RemoteReaderError(f"unknown DuckDB remote reader {reader!r}; one of {', '.join(REMOTE_READERS)}")
    scheme = location.scheme(root)
    if reader in ("auto", "httpfs") and scheme in location.HTTPFS_SCHEMES:
        if load_httpfs(con) and (scheme not in ("s3", "s3a") or _s3_secret(con, root) or reader == "httpfs"):
            return "httpfs"
        if reader == "httpfs":
            raise RemoteReaderError("DuckDB's httpfs extension cannot be loaded here (INSTALL httpfs needs "
                                    "network access to extensions.duckdb.org)")
    fs, _ = location.filesystem(root)
    con.register_filesystem(fs)
    return "fsspec"


# Where refresh_views records what it last created: (fingerprint of the view SQL, view names).
_STATE_SCHEMA, _STATE_TABLE = "f1bench_meta", "views_state"


def refresh_views(warehouse_dir: Root, duckdb_path: Path) -> list[str]:
    """Create or replace every view whose tables exist; returns the views in place.

    The views read globs, so new partitions of a table show without a refresh; what needs one
    is a view whose tables just got their first files, or changed view SQL. Both change the
    fingerprint of the SQL to create, stored in the DuckDB file: when it is unchanged (and the
    views are still there) nothing is re-created, and the write lock is held for milliseconds
    instead of the ~0.4 s that binding every view's Parquet files takes."""
    created: list[str] = []
    Path(duckdb_path).parent.mkdir(parents=True, exist_ok=True)  # a remote warehouse makes no local folder
    con = _connect_for_write(Path(duckdb_path))
    if con is None:
        return created
    try:
        try:
            attach(con, warehouse_dir)
            files = listing(warehouse_dir)
            definitions = view_definitions(warehouse_dir, files)
            present = {t: has_files(warehouse_dir, t, files) for _n, _s, tables in definitions for t in tables}
        except (ImportError, OSError, RemoteReaderError, ValueError) as exc:  # e.g. s3fs not installed
            log.warning("warehouse views not refreshed: %s", exc)  # not the root: it may be a bad URL
            return created
        wanted = [(name, sql) for name, sql, tables in definitions if all(present[t] for t in tables)]
        fingerprint = hashlib.sha256(json.dumps([duckdb.__version__, wanted]).encode()).hexdigest()
        unchanged = _unchanged_views(con, fingerprint)
        if unchanged is not None:
            return unchanged
        failed = False
        for name, sql in wanted:
            try:
                con.execute(sql)
                created.append(name)
            except duckdb.Error as exc:
                failed = True
                log.warning("view %s not created: %s", name, exc)
        if not failed:  # a view that failed is tried again by the next refresh
            _record_views(con, fingerprint, created)
    finally:
        con.close()
    return created


# Runs in parallel processes refresh the same file: the lock is held for milliseconds, so wait
# for it this long before giving up (the views read globs: a skipped refresh loses no data;
# a reader holding the file open, e.g. `f1bench sql`, costs each refresh this wait).
LOCK_WAIT_S = 1.0


def _connect_for_write(duckdb_path: Path) -> duckdb.DuckDBPyConnection | None:
    """A read-write connection, waiting up to ``LOCK_WAIT_S`` for another process's lock."""
    deadline = time.monotonic() + LOCK_WAIT_S
    while True:
        try:
            return duckdb.connect(str(duckdb_path))
        except duckdb.IOException as exc:  # another process holds the write lock
            if time.monotonic() >= deadline:
                log.warning("warehouse views not refreshed (%s): %s", duckdb_path, exc)
                return None
            time.sleep(0.05)


def _unchanged_views(con: duckdb.DuckDBPyConnection, fingerprint: str) -> list[str] | None:
    """The views of the last refresh when it created the same SQL and they all still exist."""
    try:
        row = con.execute(f"SELECT views FROM {_STATE_SCHEMA}.{_STATE_TABLE} WHERE fingerprint = ?",
                          [fingerprint]).fetchone()
    except duckdb.CatalogException:  # never recorded (a DuckDB file from before this record)
        return None
    if row is None:
        return None
    names = json.loads(row[0])
    existing = {r[0] for r in con.execute("SELECT view_name FROM duckdb_views() WHERE NOT internal").fetchall()}
    return names if set(names) <= existing else None


def _record_views(con: duckdb.DuckDBPyConnection, fingerprint: str, created: list[str]) -> None:
    con.execute(f"CREATE SCHEMA IF NOT EXISTS {_STATE_SCHEMA}")
    con.execute(f"CREATE OR REPLACE TABLE {_STATE_SCHEMA}.{_STATE_TABLE} AS SELECT ? AS fingerprint, ? AS views",
                [fingerprint, json.dumps(created)])
