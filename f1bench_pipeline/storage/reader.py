"""Read-only DuckDB connections over the warehouse (views on its Parquet files)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import duckdb

from f1bench_pipeline.storage.views import attach, has_files, listing, view_definitions


def reader(warehouse_dir: Path | str, remote: str | None = None,
           overrides: dict[str, bool] | None = None) -> duckdb.DuckDBPyConnection:
    """An in-memory DuckDB with the warehouse views: never locks data/warehouse.duckdb.

    ``warehouse_dir`` may be a URL (``storage/location.py``); ``remote`` picks how DuckDB
    reads it ("auto", "httpfs", "fsspec"; default: the F1BENCH_DUCKDB_REMOTE setting).
    ``overrides``: view parameters that win over the settings (``views.view_parameters``).
    """
    # (no progress bar: a bootstrap view takes seconds and would draw one on stdout)
    con = duckdb.connect(":memory:")
    con.execute("SET enable_progress_bar = false")
    attach(con, warehouse_dir, remote)
    files = listing(warehouse_dir)
    present = cache(lambda t: has_files(warehouse_dir, t, files))
    for _name, sql, tables in view_definitions(warehouse_dir, files, overrides):
        if all(present(t) for t in tables):
            con.execute(sql)
    return con
