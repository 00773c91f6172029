"""The classification's chain of sources: Ergast CSV → supplement → Jolpica → timing order."""

from __future__ import annotations

import json
import shutil

import dagster as dg
import polars as pl
import pytest

from f1bench_pipeline.domains.f1.events import table_checks as tc
from f1bench_pipeline.domains.f1.events.checks import classification_official_sources, standings_sprint_results
from f1bench_pipeline.domains.f1.events.results import classification, sprint_points, sprint_weekends, standings
from f1bench_pipeline.domains.f1.ingest.official_results import (
    SOURCE_SUPPLEMENT,
    SupplementError,
    has_official_results,
    official_results,
    supplement_race_results,
)
from f1bench_pipeline.package_data import OFFICIAL_RESULTS_DIR
from f1bench_pipeline.settings import ERGAST_DIR

from .conftest import SHARED_CACHE, SHARED_DATA

NO_LAPS = pl.DataFrame(schema={"driver": pl.Utf8, "lap_number": pl.Int64, "time_s": pl.Float64})
NO_DRIVERS = pl.DataFrame()


def _keyed(df: pl.DataFrame, season: int, round_: int, event: str) -> pl.DataFrame:
    return df.with_columns(pl.lit(season).alias("season"), pl.lit(round_).alias("round"), pl.lit(event).alias("event"))


def test_the_repo_copy_of_the_supplement_matches_shared():
    shared = SHARED_DATA / "official_results" / "race_results_2025_r19-r24.csv"
    if not shared.exists():
        pytest.skip(f"{shared} not found (only CI and dev machines have ../shared)")
    assert (OFFICIAL_RESULTS_DIR / shared.name).read_bytes() == shared.read_bytes()


def test_las_vegas_2025_official_order_with_both_mclarens_disqualified():
    res = official_results(NO_LAPS, NO_DRIVERS, ERGAST_DIR, 2025, 22, OFFICIAL_RESULTS_DIR)
    assert set(res["source"]) == {SOURCE_SUPPLEMENT}
    assert res["driver"].to_list()[:5] == ["VER", "RUS", "ANT", "LEC", "SAI"]
    dsq = res.filter(pl.col("status") == "Disqualified")
    assert sorted(dsq["driver"]) == ["NOR", "PIA"]
    assert set(dsq["classified_position"]) == {"D"} and dsq["points"].sum() == 0
    cls = classification(_keyed(res, 2025, 22, "Las Vegas Grand Prix"),
                         _keyed(NO_LAPS.with_columns(pl.lit(False).alias("is_out_lap")), 2025, 22, "x"))
    nor = cls.filter(pl.col("driver") == "NOR").row(0, named=True)
    assert not nor["classified"] and not nor["finished"] and not nor["points_finisher"]


def test_a_retirement_is_classified_only_past_90_percent_of_the_winners_laps(tmp_path):
    (tmp_path / "race_results_test.csv").write_text(
        "season,round,event,driver,team,position,grid,status,points\n"
        "2030,1,Test Grand Prix,AAA,T,1,1,Finished,25\n"
        "2030,1,Test Grand Prix,BBB,T,2,2,Retired,18\n"
        "2030,1,Test Grand Prix,CCC,T,3,3,Retired,15\n"
        "2030,1,Test Grand Prix,DDD,T,,4,Did not start,0\n")
    laps = pl.DataFrame({"driver": ["AAA"] * 50 + ["BBB"] * 45 + ["CCC"] * 44,
                         "lap_number": list(range(1, 51)) + list(range(1, 46)) + list(range(1, 45))})
    res = supplement_race_results(tmp_path, 2030, 1, laps, NO_DRIVERS)
    got = dict(zip(res["driver"], res["classified_position"]))
    assert got == {"AAA": "1", "BBB": "2", "CCC": "R", "DDD": "W"}  # 45 >= 90% of 50 > 44
    assert res.filter(pl.col("driver") == "DDD")["position"][0] == 4  # unplaced: after the placed


@pytest.mark.parametrize("body, where", [
    ("season,round,event,driver,team,position,grid,status\n2030,1,X,AAA,T,1,1,Finished\n", "missing column(s) points"),
    ("season,round,event,driver,team,position,grid,status,points\n2030,1,X,AAA,T,1,1,Finished,25\n"
     "2030,1,X,BBB,T,first,2,Finished,18\n", "line 3: position must be an integer, got 'first'"),
    ("season,round,event,driver,team,position,grid,status,points\n2030,1,X,AAA,T,1,1,Finished,25\n"
     "2030,1,X,AAA,T,2,2,Finished,18\n", "line 3: AAA appears twice in 2030 round 1"),
    ("season,round,event,driver,team,position,grid,status,points\n2030,1,X,AAA,T,1,1,Finished,lots\n",
     "line 2: points must be a number"),
])
def test_a_bad_supplement_file_names_the_file_and_line(tmp_path, body, where):
    (tmp_path / "race_results_bad.csv").write_text(body)
    with pytest.raises(SupplementError) as err:
        supplement_race_results(tmp_path, 2030, 1, NO_LAPS, NO_DRIVERS)
    assert "race_results_bad.csv" in str(err.value) and where in str(err.value)


def test_one_race_in_two_files_is_refused(tmp_path):
    head = "season,round,event,driver,team,position,grid,status,points\n"
    (tmp_path / "race_results_a.csv").write_text(head + "2030,1,X,AAA,T,1,1,Finished,25\n")
    (tmp_path / "race_results_b.csv").write_text(head + "2030,1,X,BBB,T,2,1,Finished,18\n")
    with pytest.raises(SupplementError, match="several files"):
        supplement_race_results(tmp_path, 2030, 1, NO_LAPS, NO_DRIVERS)


def test_the_chain_falls_back_to_timing_order_without_a_supplement(tmp_path):
    laps = pl.DataFrame({"driver": ["AAA", "AAA", "BBB"], "lap_number": [1, 2, 1], "time_s": [90.0, 180.0, 95.0]})
    res = official_results(laps, NO_DRIVERS, ERGAST_DIR, 2025, 22, tmp_path)  # empty folder
    assert set(res["source"]) == {"timing_order"} and res["driver"].to_list() == ["AAA", "BBB"]
    assert tc.timing_order_races(_keyed(res, 2025, 22, "Las Vegas Grand Prix")).height == 1
    assert not has_official_results(ERGAST_DIR, tmp_path, 2025, 22)
    assert has_official_results(ERGAST_DIR, OFFICIAL_RESULTS_DIR, 2025, 22)


def test_every_2025_race_of_the_shared_cache_has_an_official_source():
    index = SHARED_DATA / "fastf1" / "races_index.tsv"
    if not index.exists():
        pytest.skip(f"{index} not found (only CI and dev machines have ../shared)")
    rows = pl.read_csv(index, separator="\t", infer_schema_length=0)
    rounds = sorted(int(r) for r in rows.filter(pl.col(rows.columns[0]) == "2025")[rows.columns[1]])
    assert rounds == list(range(1, 25))
    sources = {r: official_results(NO_LAPS, NO_DRIVERS, ERGAST_DIR, 2025, r, OFFICIAL_RESULTS_DIR)["source"][0]
               for r in rounds}
    assert {r for r, s in sources.items() if s == "timing_order"} == set()
    assert {r for r, s in sources.items() if s == SOURCE_SUPPLEMENT} == set(range(19, 25))


def _official_season(season: int, rounds: list[int]) -> pl.DataFrame:
    frames = [_keyed(official_results(NO_LAPS, NO_DRIVERS, ERGAST_DIR, season, r, OFFICIAL_RESULTS_DIR), season, r,
                     f"round {r}") for r in rounds]
    return pl.concat(frames, how="diagonal_relaxed")


def test_2025_sprints_past_round_18_are_named_missing_and_left_out_of_the_standings(tmp_path):
    if not SHARED_CACHE.exists():
        pytest.skip(f"shared FastF1 cache not found at {SHARED_CACHE} (only CI and dev machines have ../shared)")
    from f1bench_pipeline.domains.f1.ingest.fastf1_session import CacheGuard, season_schedule

    schedule = season_schedule(2025, SHARED_CACHE, True, CacheGuard(SHARED_CACHE, None))
    sessions = pl.DataFrame({"season": [e.season for e in schedule], "round": [e.round for e in schedule],
                             "event_format": [e.event_format for e in schedule]})
    weekends = sprint_weekends(sessions)
    assert sorted(weekends["round"]) == [2, 6, 13, 19, 21, 23]
    table = standings(_official_season(2025, list(range(1, 25))), sprint_points(ERGAST_DIR, [2025], OFFICIAL_RESULTS_DIR),
                      weekends)
    assert tc.sprints_without_results(table)["round"].to_list() == [19, 21, 23]
    # A sprint result added as a supplement file is counted and the round is no longer named.
    shutil.copy(OFFICIAL_RESULTS_DIR / "race_results_2025_r19-r24.csv", tmp_path)
    (tmp_path / "sprint_results_2025_r19.csv").write_text(
        "season,round,event,driver,team,position,grid,status,points\n"
        "2025,19,United States Grand Prix,VER,Red Bull Racing,1,1,Finished,8\n")
    table2 = standings(_official_season(2025, list(range(1, 25))), sprint_points(ERGAST_DIR, [2025], tmp_path), weekends)
    assert tc.sprints_without_results(table2)["round"].to_list() == [21, 23]

    def ver(t: pl.DataFrame) -> float:
        return t.filter((pl.col("driver") == "VER") & (pl.col("round") == 19))["cumulative_points"][0]

    assert ver(table2) == ver(table) + 8


def test_the_warn_checks_name_the_races(tmp_path):
    from f1bench_pipeline.resources import WarehouseResource

    wh = WarehouseResource(data_dir=str(tmp_path))
    cls = pl.DataFrame({"season": [2025, 2025], "round": [22, 23], "event": ["Las Vegas Grand Prix", "Qatar Grand Prix"],
                        "driver": ["VER", "VER"], "source": ["timing_order", SOURCE_SUPPLEMENT]})
    wh.write(cls, "classification", {"season": 2025})
    result = classification_official_sources(warehouse=wh)
    assert not result.passed and result.severity == dg.AssetCheckSeverity.WARN
    assert "2025 round 22 (Las Vegas Grand Prix)" in result.description and "Qatar" not in result.description
    st = pl.DataFrame({"season": [2025] * 2, "round": [21, 22], "event": ["São Paulo Grand Prix", "Las Vegas Grand Prix"],
                       "driver": ["VER"] * 2, "sprint_points_missing": [True, False]})
    wh.write(st, "standings", {"season": 2025})
    result = standings_sprint_results(warehouse=wh)
    assert not result.passed and "2025 round 21 (São Paulo Grand Prix)" in result.description
    assert json.dumps(result.metadata["races"].value).count("round") == 1


def test_instances_of_a_timing_order_race_carry_a_note(sample_tables, sample_settings):
    from f1bench_pipeline.domains.f1.instances.assets import EVENT_TABLES
    from f1bench_pipeline.domains.f1.instances.builders import build_base_instances
    from f1bench_pipeline.domains.f1.instances.rows import instance_rows

    tables = {t: sample_tables(t).filter(pl.col("season") == 2025) for t in EVENT_TABLES}
    official = build_base_instances(tables, sample_settings)
    assert official and {i.results_source for i in official} == {"ergast_csv", SOURCE_SUPPLEMENT}
    assert all(i.note is None for i in official)
    is_abu = (pl.col("round") == 24)
    tables["classification"] = tables["classification"].with_columns(
        pl.when(is_abu).then(pl.lit("timing_order")).otherwise(pl.col("source")).alias("source"))
    rows = instance_rows(build_base_instances(tables, sample_settings))
    abu = rows.filter(is_abu)
    assert abu.height and set(abu["results_source"]) == {"timing_order"}
    assert abu["note"].str.contains("2025 round 24 \\(Abu Dhabi Grand Prix\\) has no official result").all()
    assert rows.filter(~is_abu)["note"].is_null().all()


@pytest.mark.parametrize("include", [False, True])
def test_the_leaderboard_leaves_out_timing_order_races_unless_configured(tmp_path, monkeypatch, include):
    import duckdb

    from f1bench_pipeline.scoring.score import SCORE_SCHEMA
    from f1bench_pipeline.settings import get_settings
    from f1bench_pipeline.storage import views, warehouse

    monkeypatch.setenv("F1BENCH_LEADERBOARD_INCLUDE_TIMING_ORDER", "1" if include else "0")
    get_settings.cache_clear()
    try:
        rows = [{"model": "m", "id": f"i{k}", "lang": "en", "variant": "default", "season": 2025, "decision_type": "stint",
                 "kind": "stint", "status": "ok", "extractor": "regex", "extraction_status": "ok", "n_claims": 1,
                 "precision": p, "recall": p, "f1": p, "results_source": src}
                for k, (p, src) in enumerate([(1.0, "ergast_csv"), (0.0, "timing_order")])]
        df = pl.DataFrame(rows).with_columns([pl.lit(None, dtype=t).alias(c) for c, t in SCORE_SCHEMA.items()
                                              if c not in rows[0]]).select(list(SCORE_SCHEMA)).cast(SCORE_SCHEMA)
        warehouse.write_partition(df, tmp_path / "warehouse", "scores", {"season": 2025, "model": "m"})
        views.refresh_views(tmp_path / "warehouse", tmp_path / "w.duckdb")
        with duckdb.connect(str(tmp_path / "w.duckdb")) as con:
            n, p = con.execute("SELECT n_scored, precision FROM leaderboard WHERE lang = 'all' "
                               "AND decision_type = 'all'").fetchone()
        assert (n, p) == ((2, 0.5) if include else (1, 1.0))
    finally:
        get_settings.cache_clear()

