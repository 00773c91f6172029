"""`f1bench sql`: the SQL shell over the warehouse's views (pip's duckdb has no `duckdb` command),
run as a user runs it: a subprocess, one shot, statements on stdin, and the interactive loop."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import duckdb


def _env(data_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("F1BENCH_")}
    env.update(F1BENCH_DATA_DIR=str(data_dir), LITELLM_LOCAL_MODEL_COST_MAP="True", F1BENCH_PROGRESS="off")
    return env


def _sql(data_dir: Path, *args: str, stdin: str | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "f1bench_pipeline.cli", "sql", *args], input=stdin or "",
                          capture_output=True, text=True, env=_env(data_dir), cwd=cwd, timeout=300, check=False)


def test_one_shot_runs_every_statement_over_the_views(sample_build, tmp_path):
    from f1bench_pipeline.storage.warehouse import read_table

    s = sample_build["settings"]
    n = read_table(s.warehouse_dir, "instances").height
    r = _sql(s.data_dir, "SELECT count(*) AS n FROM instances; SELECT 42 AS answer;", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].strip() == "n" and lines[2].strip() == str(n)  # header, rule, the count
    assert lines[3].strip() == "answer" and lines[5].strip() == "42"
    # the same DuckDB library (and version) that writes the warehouse
    r = _sql(s.data_dir, "--format", "json", "SELECT version() AS v", cwd=tmp_path)
    assert json.loads(r.stdout) == [{"v": f"v{duckdb.__version__}"}]
    r = _sql(s.data_dir, "--format", "csv", "SELECT event FROM skipped_races", cwd=tmp_path)
    assert r.returncode == 0 and r.stdout.splitlines() == ["event", "Italian Grand Prix"]


def test_an_error_prints_duckdbs_message_and_exits_1(sample_build, tmp_path):
    s = sample_build["settings"]
    r = _sql(s.data_dir, "SELECT 1 AS first; SELECT * FROM no_such_view; SELECT 2 AS never;", cwd=tmp_path)
    assert r.returncode == 1
    assert "Catalog Error" in r.stderr and "no_such_view" in r.stderr
    assert "first" in r.stdout and "never" not in r.stdout  # stops at the failing statement
    r = _sql(s.data_dir, "SELEC 1", cwd=tmp_path)
    assert r.returncode == 1 and "Parser Error" in r.stderr


def test_statements_on_stdin(sample_build, tmp_path):
    s = sample_build["settings"]
    script = ("-- a report\nSELECT event\nFROM skipped_races;\n"
              "CREATE TEMP TABLE t AS SELECT 7 AS x;\nSELECT x * 6 AS y FROM t;\n")
    r = _sql(s.data_dir, stdin=script, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Italian Grand Prix" in r.stdout and "42" in r.stdout
    assert "Count" not in r.stdout  # CREATE prints nothing
    r = _sql(s.data_dir, stdin="SELECT 1 AS a;\nSELECT * FROM nope;\nSELECT 2 AS b;\n", cwd=tmp_path)
    assert r.returncode == 1 and "nope" in r.stderr
    assert "a" in r.stdout.split() and "b" not in r.stdout.split()


def test_the_interactive_shell_carries_on_after_an_error(sample_build, tmp_path):
    s = sample_build["settings"]
    session = ("SELECT 1 AS a;\n"
               "SELEC oops;\n"            # an error: printed, the shell goes on
               ".tables\n"
               "SELECT\n  2 AS b\n;\n"    # a statement over several lines
               ".schema skipped_races\n"
               ".bogus\n"
               ".quit\n"
               "SELECT 3 AS c;\n")        # after .quit: never run
    r = _sql(s.data_dir, "-i", stdin=session, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    words = r.stdout.split()
    assert {"a", "b", "instances", "skipped_races", "VIEW", "column_name"} <= set(words)
    assert "c" not in words
    assert "Parser Error" in r.stderr and "unknown command '.bogus'" in r.stderr
    # end of input inside a statement: what there is runs
    r = _sql(s.data_dir, "-i", stdin="SELECT 5 AS five", cwd=tmp_path)
    assert r.returncode == 0 and "five" in r.stdout


def test_an_empty_warehouse_says_so_and_still_runs_sql(tmp_path):
    r = _sql(tmp_path / "nothing_built", "SELECT 6 * 7 AS answer", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "42" in r.stdout and "no tables yet" in r.stderr
