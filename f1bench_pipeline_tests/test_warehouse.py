"""Partition writes are atomic and re-materializing gives identical rows."""

from __future__ import annotations

import polars as pl
import pytest

from f1bench_pipeline.storage import warehouse


def test_crash_mid_write_keeps_the_previous_partition(tmp_path, monkeypatch):
    old = pl.DataFrame({"season": [2024, 2024], "driver": ["LEC", "PIA"], "lap": [15, 14]})
    warehouse.write_partition(old, tmp_path, "pit_stops", {"season": 2024})

    def crash(self, path, *a, **k):
        open(path, "wb").write(b"PAR1 half a file")
        raise KeyboardInterrupt("killed mid-write")

    monkeypatch.setattr(pl.DataFrame, "write_parquet", crash)
    with pytest.raises(KeyboardInterrupt):
        warehouse.write_partition(old.head(1), tmp_path, "pit_stops", {"season": 2024})
    monkeypatch.undo()
    back = warehouse.read_table(tmp_path, "pit_stops", {"season": 2024})
    assert back.select(old.columns).sort("driver").equals(old.sort("driver"))
    # No temporary folders are left for readers to trip over, in the table or in the staging area.
    assert [p.name for p in (tmp_path / "pit_stops").iterdir()] == ["season=2024"]
    assert list((tmp_path / warehouse.STAGING_DIR).iterdir()) == []


def test_a_partition_being_written_is_never_under_the_tables_glob(tmp_path, monkeypatch):
    """While a partition is written (another process's season run), a reader's glob over the
    table sees the finished partitions only: the file is staged outside the table's folder."""
    import duckdb

    warehouse.write_partition(pl.DataFrame({"driver": ["LEC"]}), tmp_path, "pit_stops", {"season": 2024})
    seen: list[list[str]] = []
    real = pl.DataFrame.write_parquet

    def write_and_look(self, path, *a, **k):
        real(self, path, *a, **k)  # the new file is complete here, before the rename
        glob = f"{tmp_path}/pit_stops/**/*.parquet"
        seen.append(sorted(r[0] for r in duckdb.sql(f"SELECT file FROM glob('{glob}')").fetchall()))
        duckdb.sql(f"SELECT * FROM read_parquet('{glob}', hive_partitioning = true)").fetchall()

    monkeypatch.setattr(pl.DataFrame, "write_parquet", write_and_look)
    warehouse.write_partition(pl.DataFrame({"driver": ["PIA"]}), tmp_path, "pit_stops", {"season": 2025})
    assert seen == [[f"{tmp_path}/pit_stops/season=2024/part-0.parquet"]]


def test_rewrite_replaces_exactly_one_partition(tmp_path):
    a = pl.DataFrame({"driver": ["HAM"], "x": [1]})
    warehouse.write_partition(a, tmp_path, "t", {"season": 2021, "round": 11})
    warehouse.write_partition(a, tmp_path, "t", {"season": 2021, "round": 12})
    warehouse.write_partition(a.with_columns(x=pl.lit(2)), tmp_path, "t", {"season": 2021, "round": 11})
    out = warehouse.read_table(tmp_path, "t").sort("round")
    assert out.select("round", "x").rows() == [(11, 2), (12, 1)]


def test_partition_value_with_separator_is_rejected(tmp_path):
    with pytest.raises(ValueError, match="path separator"):
        warehouse.write_partition(pl.DataFrame({"a": [1]}), tmp_path, "t", {"model": "openai/gpt"})


def test_rematerializing_a_season_gives_identical_rows(sample_build, dagster_instance):
    """Run the season job again through Dagster: every event table is byte-for-byte the same rows."""
    from f1bench_pipeline.orchestration.definitions_builder import build_definitions

    settings = sample_build["settings"]
    tables = ["stints", "pit_stops", "pit_battles", "defenses", "standings", "classification"]
    before = {t: warehouse.read_table(settings.warehouse_dir, t, {"season": 2021}) for t in tables}
    job = build_definitions(settings).resolve_job_def("season_events")
    result = job.execute_in_process(partition_key="2021", instance=dagster_instance)
    assert result.success
    for t in tables:
        after = warehouse.read_table(settings.warehouse_dir, t, {"season": 2021})
        assert after.equals(before[t]), t


def test_views_are_recreated_only_when_what_they_need_changes(tmp_path, monkeypatch):
    """A refresh with the same tables present and the same SQL leaves the views alone (they read
    globs: new partitions show anyway); a table's first files, a dropped view or changed SQL
    re-create them."""
    import duckdb

    from f1bench_pipeline.storage import views

    db, root = tmp_path / "w.duckdb", tmp_path / "warehouse"
    def session(event: str) -> pl.DataFrame:
        return pl.DataFrame({"event": [event], "event_date": ["2025-03-16"], "status": ["loaded"], "reason": [""],
                             "cache_source": ["cache"], "loaded_at": ["2025-03-17T00:00:00"]})

    warehouse.write_partition(session("A"), root, "raw_sessions", {"season": 2025, "round": 1})
    executed: list[str] = []
    real_connect = duckdb.connect

    class Recording:
        def __init__(self, con):
            self._con = con

        def execute(self, sql, *args):
            if "CREATE OR REPLACE VIEW" in sql.upper():
                executed.append(sql)
            return self._con.execute(sql, *args)

        def __getattr__(self, name):
            return getattr(self._con, name)

    monkeypatch.setattr(views.duckdb, "connect", lambda *a, **k: Recording(real_connect(*a, **k)))
    first = views.refresh_views(root, db)
    assert {"raw_sessions", "skipped_races"} <= set(first) and len(executed) == len(first)

    executed.clear()
    warehouse.write_partition(session("B"), root, "raw_sessions", {"season": 2025, "round": 2})
    assert views.refresh_views(root, db) == first and executed == []  # a new partition: nothing to do
    with real_connect(str(db)) as con:
        assert con.execute("SELECT count(*) FROM raw_sessions").fetchone()[0] == 2  # ...and it shows

    warehouse.write_partition(pl.DataFrame({"driver": ["VER"]}), root, "raw_results", {"season": 2025, "round": 1})
    second = views.refresh_views(root, db)  # raw_results got its first files: its view is created
    assert set(first) < set(second) and "raw_results" in second and executed

    executed.clear()
    with real_connect(str(db)) as con:
        con.execute("DROP VIEW raw_sessions")
    assert views.refresh_views(root, db) == second and executed  # a view gone: all re-created

    executed.clear()
    real_definitions = views.view_definitions
    monkeypatch.setattr(views, "view_definitions", lambda *a: [(n, sql.replace("SELECT", "SELECT DISTINCT", 1), t)
                                                               for n, sql, t in real_definitions(*a)])
    views.refresh_views(root, db)
    views.refresh_views(root, db)
    assert len(executed) == len(second)  # changed SQL: re-created once, then left alone
