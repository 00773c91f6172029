"""`f1bench sql`: a SQL shell over the warehouse's views; what it does is ``storage.cli.SQL_HELP``
(its parser's description)."""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TextIO

import duckdb

from f1bench_pipeline.settings import get_settings
from f1bench_pipeline.storage.reader import reader
from f1bench_pipeline.storage.views import OPTIONAL_INPUT_VIEWS
from f1bench_pipeline.text_table import format_table

PROMPT, CONTINUATION = "f1bench> ", "    ...> "


@cache
def quiet_statements() -> frozenset:
    """Statements whose result is only DuckDB's "Count" bookkeeping: nothing to print."""
    st = duckdb.StatementType
    return frozenset({st.CREATE, st.CREATE_FUNC, st.DROP, st.ALTER, st.SET, st.VARIABLE_SET, st.TRANSACTION,
                      st.ATTACH, st.DETACH, st.LOAD, st.PREPARE, st.VACUUM})
HELP = """Statements end with ';' (several lines are fine). Commands:
  .tables          the views (one per warehouse table) and any table you created
  .schema NAME     the columns of a view or table
  .help            this text
  .quit / .exit    leave (or Ctrl-D)"""


def connect(warehouse_dir: Path | str) -> duckdb.DuckDBPyConnection:
    """An in-memory DuckDB with the warehouse's views."""
    return reader(warehouse_dir)


def render(columns: list[str], rows: list[tuple], fmt: str = "table") -> str:
    if fmt == "json":
        return json.dumps([dict(zip(columns, r)) for r in rows], default=str)
    if fmt == "csv":
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(columns)
        writer.writerows(rows)
        return buf.getvalue().rstrip("\n")
    if not rows:
        return "  ".join(columns) + "\n(no rows)"
    return format_table([dict(zip(columns, r)) for r in rows], columns)


def execute(con: duckdb.DuckDBPyConnection, text: str, out: TextIO, fmt: str = "table") -> int:
    """Run every statement of ``text`` in order, printing each result; the number run.
    Raises ``duckdb.Error`` at the first statement that fails."""
    n = 0
    for statement in con.extract_statements(text):
        cur = con.execute(statement)
        n += 1
        if cur.description and statement.type not in quiet_statements():
            print(render([d[0] for d in cur.description], cur.fetchall(), fmt), file=out, flush=True)
    return n


def run_script(con: duckdb.DuckDBPyConnection, text: str, out: TextIO, err: TextIO, fmt: str = "table") -> int:
    """One shot or standard input: 0, or 1 after printing DuckDB's message for the first error."""
    try:
        execute(con, text, out, fmt)
    except duckdb.Error as exc:
        print(str(exc), file=err, flush=True)
        return 1
    return 0


def _dot_command(con: duckdb.DuckDBPyConnection, line: str, out: TextIO, err: TextIO, fmt: str) -> bool:
    """Run a ``.command``; False when it asks to leave."""
    cmd, _, arg = line.strip().partition(" ")
    if cmd in (".quit", ".exit", ".q"):
        return False
    if cmd == ".help":
        print(HELP, file=out)
    elif cmd == ".tables":
        run_script(con, "SELECT table_name AS name, table_type AS kind FROM information_schema.tables "
                        "ORDER BY table_name", out, err, fmt)
    elif cmd == ".schema" and arg.strip():
        name = arg.strip().rstrip(";").replace('"', '""')
        run_script(con, f'DESCRIBE "{name}"', out, err, fmt)
    else:
        print(f"unknown command {line.strip()!r}; .help lists the commands", file=err)
    return True


def repl(con: duckdb.DuckDBPyConnection, read_line: Callable[[str], str], out: TextIO, err: TextIO,
         fmt: str = "table") -> int:
    """Read statements until each ends with ';', run them, print results or errors, carry on.
    ``read_line(prompt)`` raises EOFError at the end of input (Ctrl-D)."""
    buf: list[str] = []
    while True:
        try:
            line = read_line(CONTINUATION if buf else PROMPT)
        except EOFError:
            break
        except KeyboardInterrupt:  # Ctrl-C drops the statement being typed
            print(file=out)
            buf.clear()
            continue
        if not buf and line.strip().startswith("."):
            if not _dot_command(con, line, out, err, fmt):
                return 0
            continue
        if not buf and not line.strip():
            continue
        buf.append(line)
        text = "\n".join(buf)
        if text.rstrip().endswith(";"):
            buf.clear()
            run_script(con, text, out, err, fmt)
    if "\n".join(buf).strip():  # the input ended inside a statement: run what there is
        run_script(con, "\n".join(buf), out, err, fmt)
    return 0


def _stream_reader(stream: TextIO) -> Callable[[str], str]:
    def read_line(_prompt: str) -> str:
        line = stream.readline()
        if not line:
            raise EOFError
        return line.rstrip("\n")

    return read_line


def cmd_sql(args: argparse.Namespace) -> int:
    root = get_settings().warehouse_dir
    try:
        con = connect(root)
    except duckdb.Error as exc:
        print(f"f1bench sql: cannot read the warehouse at {root}: {exc}", file=sys.stderr)
        return 2
    # (a view over an optional input, such as review_scores, exists before any table does)
    views = [r[0] for r in con.execute("SELECT view_name FROM duckdb_views() WHERE NOT internal").fetchall()
             if r[0] not in OPTIONAL_INPUT_VIEWS]
    interactive = args.interactive or (args.statements is None and sys.stdin.isatty())
    if not views:
        print(f"f1bench sql: the warehouse at {root} has no tables yet, so no views (build it first: "
              "`make demo` or `f1bench build`)", file=sys.stderr)
    try:
        if args.statements is not None:
            return run_script(con, args.statements, sys.stdout, sys.stderr, args.format)
        if not interactive:
            return run_script(con, sys.stdin.read(), sys.stdout, sys.stderr, args.format)
        if sys.stdin.isatty():
            try:
                import readline  # noqa: F401  (line editing and history for input())
            except ImportError:
                pass
            print(f"f1bench sql: DuckDB {duckdb.__version__}, {len(views)} views over {root}\n{HELP}")
            return repl(con, input, sys.stdout, sys.stderr, args.format)
        return repl(con, _stream_reader(sys.stdin), sys.stdout, sys.stderr, args.format)
    finally:
        con.close()

