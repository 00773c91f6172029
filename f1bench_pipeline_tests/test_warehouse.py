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
    # No temporary folders are left for readers to trip over.
    assert [p.name for p in (tmp_path / "pit_stops").iterdir()] == ["season=2024"]


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
    from f1bench_pipeline.definitions import build_definitions

    settings = sample_build["settings"]
    tables = ["stints", "pit_stops", "pit_battles", "defenses", "standings", "classification"]
    before = {t: warehouse.read_table(settings.warehouse_dir, t, {"season": 2021}) for t in tables}
    job = build_definitions(settings).resolve_job_def("season_events")
    result = job.execute_in_process(partition_key="2021", instance=dagster_instance)
    assert result.success
    for t in tables:
        after = warehouse.read_table(settings.warehouse_dir, t, {"season": 2021})
        assert after.equals(before[t]), t
