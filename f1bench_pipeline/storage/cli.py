"""The warehouse's ``f1bench`` commands: ``query``, ``views``, ``share-warehouse`` and ``sql`` (the
parser only; the handlers are ``storage.commands`` and ``storage.shell``, imported when one runs)."""

from __future__ import annotations

import argparse

from f1bench_pipeline.command import Handler

SQL_HELP = """`f1bench sql`: a SQL shell over the warehouse's views (pip's ``duckdb`` has no CLI shell).

    f1bench sql                                  interactive: statements end with ``;``
    f1bench sql "SELECT * FROM leaderboard;"     one shot (several statements allowed)
    f1bench sql < report.sql                     statements read from standard input

The connection is the project's reader (``storage.reader.reader``): an in-memory DuckDB, the same
library and version the pipeline writes with, holding one view per warehouse table (the
definitions in ``sql/views``), over a local folder or a URL (F1BENCH_WAREHOUSE_URL). It never
opens ``data/warehouse.duckdb``, so it runs beside a build without waiting for its lock.

An error prints DuckDB's message on stderr; the one-shot and standard-input modes stop at the
first failing statement and exit 1 (statements before it have run), the interactive shell
carries on. ``-i`` forces the interactive shell when standard input is not a terminal.
"""


def register(sub) -> None:
    p = sub.add_parser("query", help="run a named read-only query from sql/ (no name: list them)")
    p.add_argument("name", nargs="?")
    p.add_argument("--format", choices=["table", "json"], default="table")
    p.set_defaults(func=Handler("f1bench_pipeline.storage.commands:cmd_query"))
    p = sub.add_parser("share-warehouse", help="serve the local Parquet warehouse read-only over HTTP "
                                               "(byte ranges) for DuckDB on other machines")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8766)
    p.set_defaults(func=Handler("f1bench_pipeline.storage.commands:cmd_share_warehouse"))
    p = sub.add_parser("views", help="(re)create the DuckDB views in data/warehouse.duckdb")
    p.set_defaults(func=Handler("f1bench_pipeline.storage.commands:cmd_views"))


def register_sql(sub) -> None:
    p = sub.add_parser("sql", help="SQL shell over the warehouse's views (DuckDB; interactive, one shot, or stdin)",
                       description=SQL_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("statements", nargs="?", help='e.g. "SELECT * FROM leaderboard;" (default: interactive, or '
                                                 "the statements on standard input)")
    p.add_argument("-i", "--interactive", action="store_true",
                   help="the interactive shell even when standard input is not a terminal")
    p.add_argument("--format", choices=["table", "csv", "json"], default="table")
    p.set_defaults(func=Handler("f1bench_pipeline.storage.shell:cmd_sql"))
