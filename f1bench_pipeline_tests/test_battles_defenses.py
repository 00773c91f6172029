"""Pit battles and defenses on real timing: the 2021 season loaded through FastF1.

Every race of 2021 is loaded from the shared FastF1 cache with the project's own loader
(``load_race`` + ``build_raw_tables``). FastF1 needs ~1 s a race to parse its cache, so
the built raw tables are memoised as Parquet in pytest's cache folder, keyed by a
fingerprint of the season's cache files, the loader sources and the FastF1 version: the
first run takes ~25 s, later runs a few seconds. Delete ``.pytest_cache`` (or run with
``--cache-clear``) to load everything through FastF1 again.
"""

from __future__ import annotations

import polars as pl
import pytest

from f1bench_pipeline.domains.f1.events.defenses import defenses
from f1bench_pipeline.domains.f1.events.green_flag import green_flag_laps
from f1bench_pipeline.domains.f1.events.pit_battles import pit_battles
from f1bench_pipeline.domains.f1.events.stints import official_pit_stops, pit_stops_and_red_flag_changes, tyre_stints
from f1bench_pipeline.domains.f1.settings import RaceRules
from f1bench_pipeline.settings import ERGAST_DIR

SEASON = 2021
RULES = RaceRules()


@pytest.fixture(scope="module")
def season_raw(season_2021_raw) -> dict[str, pl.DataFrame]:
    return season_2021_raw


@pytest.fixture(scope="module")
def season_events(season_raw) -> dict[str, pl.DataFrame]:
    flagged = green_flag_laps(season_raw["raw_laps"], RULES)
    stints = tyre_stints(flagged, RULES)
    stops = pit_stops_and_red_flag_changes(stints, flagged, official_pit_stops(ERGAST_DIR))[0]
    return {
        "flagged": flagged,
        "stops": stops,
        "battles": pit_battles(flagged, stops, RULES),
        "defenses": defenses(flagged, season_raw["raw_results"], RULES),
    }


def _race(df: pl.DataFrame, round_: int) -> pl.DataFrame:
    return df.filter((pl.col("season") == SEASON) & (pl.col("round") == round_))


def _one(df: pl.DataFrame, **eq) -> dict:
    rows = df.filter(pl.all_horizontal(pl.col(k) == v for k, v in eq.items()))
    assert rows.height == 1, f"expected one row for {eq}, got {rows.height}"
    return rows.row(0, named=True)


# --- famous cases -------------------------------------------------------------------


def test_alonso_holds_hamilton_for_ocon_hungary_2021(season_events):
    runs = _race(season_events["defenses"], 11).filter(
        (pl.col("defender") == "ALO") & (pl.col("pursuer") == "HAM")
    )
    best = runs.sort("laps_held", descending=True).row(0, named=True)
    assert best["kind"] == "sustained"
    assert best["laps_held"] >= 10
    assert 53 <= best["start_lap"] <= 56 and 63 <= best["end_lap"] <= 66
    assert best["teammate"] == "OCO" and best["teammate_protected"]
    assert best["pace_delta_s"] > 0  # HAM the faster car over the race
    # HAM finally got by on lap 65.
    assert best["ended_in_pass"] and best["pass_lap"] == best["end_lap"] + 1


def test_verstappen_undercuts_hamilton_austin_2021(season_events):
    # US GP 2021: VER pitted on lap 10, HAM stayed out to lap 13 and came out behind.
    b = _one(_race(season_events["battles"], 17), attacker="VER", defender="HAM")
    assert b["kind"] == "undercut"
    assert (b["attacker_pit_lap"], b["defender_pit_lap"]) == (10, 13)
    assert b["first_pit_driver"] == "VER"
    assert 0 < b["gap_before_s"] <= RULES.battle_max_gap_before_s  # VER behind before
    assert b["gap_after_s"] < 0 and b["position_swap"] and b["success"]
    assert b["position_before"] == 2 and b["position_after"] == 1


def test_hamilton_undercuts_verstappen_bahrain_2021(season_events):
    b = _one(_race(season_events["battles"], 1), attacker="HAM", defender="VER")
    assert b["kind"] == "undercut"
    assert (b["attacker_pit_lap"], b["defender_pit_lap"]) == (13, 17)
    assert b["position_swap"] and b["time_gained_s"] > 5


def test_vettel_overcuts_hamilton_monaco_2021(season_events):
    # Monaco 2021: HAM pitted on lap 29, VET stayed out to lap 31 and jumped him.
    b = _one(_race(season_events["battles"], 5), attacker="VET", defender="HAM")
    assert b["kind"] == "overcut"
    assert (b["attacker_pit_lap"], b["defender_pit_lap"]) == (31, 29)
    assert b["first_pit_driver"] == "HAM"
    assert b["position_swap"] and b["gap_after_s"] < 0


# --- invariants over the whole season -----------------------------------------------


def test_battle_invariants(season_events):
    b = season_events["battles"]
    assert b.height > 100 and set(b["kind"].unique()) == {"undercut", "overcut"}
    assert b.select(pl.struct("season", "round", "attacker", "defender", "attacker_pit_lap").is_unique().all()).item()
    offset = (pl.col("attacker_pit_lap") - pl.col("defender_pit_lap")).abs()
    checks = b.select(
        (pl.col("time_gained_s") >= RULES.battle_min_abs_gain_s).all().alias("gain"),
        offset.is_between(RULES.battle_min_pit_lap_offset, RULES.battle_max_pit_lap_offset).all().alias("offset"),
        (pl.col("gap_before_s").abs() <= RULES.battle_max_gap_before_s).all().alias("gap"),
        ((pl.col("gap_before_s") - pl.col("gap_after_s") - pl.col("time_gained_s")).abs() < 1e-9).all().alias("sign"),
        (pl.col("first_pit_driver") == pl.when(pl.col("kind") == "undercut").then("attacker").otherwise("defender"))
        .all()
        .alias("first"),
        (~pl.col("position_swap") | pl.col("success")).all().alias("swap_is_success"),
        (pl.col("attacker") != pl.col("defender")).all().alias("distinct"),
    ).row(0, named=True)
    assert all(checks.values()), checks


def test_battles_skip_stops_under_safety_car(season_events):
    neutral = season_events["stops"].filter(pl.col("under_sc") | pl.col("under_vsc")).select(
        "season", "round", "driver", "lap"
    )
    assert neutral.height > 0  # 2021 had plenty
    b = season_events["battles"]
    for who in ("attacker", "defender"):
        hit = b.join(
            neutral,
            left_on=["season", "round", who, f"{who}_pit_lap"],
            right_on=["season", "round", "driver", "lap"],
            how="semi",
        )
        assert hit.is_empty()


def test_defense_invariants(season_events):
    d = season_events["defenses"]
    assert d.height > 100 and set(d["kind"].unique()) == {"sustained", "brief"}
    assert d.select(pl.struct("season", "round", "defender", "pursuer", "start_lap").is_unique().all()).item()
    checks = d.select(
        (pl.col("laps_held") >= RULES.defense_brief_min_laps).all().alias("min_laps"),
        (pl.col("laps_held") == pl.col("end_lap") - pl.col("start_lap") + 1).all().alias("consecutive"),
        ((pl.col("kind") == "sustained") == (pl.col("laps_held") >= RULES.defense_min_sustained_laps)).all().alias("kind"),
        ((pl.col("kind") != "brief") | pl.col("ended_in_pass")).all().alias("brief_passes"),
        (pl.col("pass_lap").is_null() | (pl.col("pass_lap") == pl.col("end_lap") + 1)).all().alias("pass_lap"),
        (pl.col("ended_in_pass") == pl.col("pass_lap").is_not_null()).all().alias("pass_flag"),
        (pl.col("pace_delta_s") > 0).all().alias("faster_pursuer"),
        ((pl.col("mean_gap_s") > 0) & (pl.col("mean_gap_s") <= RULES.defense_max_gap_s)).all().alias("gap"),
        (~pl.col("teammate_protected") | pl.col("teammate").is_not_null()).all().alias("mate"),
    ).row(0, named=True)
    assert all(checks.values()), checks


def test_no_defense_run_crosses_a_neutralised_or_pit_lap(season_events):
    d = season_events["defenses"].select("season", "round", "defender", "pursuer", "start_lap", "end_lap")
    bad_laps = season_events["flagged"].filter(
        pl.col("under_sc") | pl.col("under_vsc") | pl.col("under_red") | pl.col("is_in_lap") | pl.col("is_out_lap")
    ).select("season", "round", "driver", "lap_number")
    assert bad_laps.filter(pl.col("lap_number") > 1).height > 0
    runs_by_car = pl.concat(
        [d.rename({"defender": "driver"}).drop("pursuer"), d.rename({"pursuer": "driver"}).drop("defender")]
    )
    crossing = runs_by_car.join(bad_laps, on=["season", "round", "driver"]).filter(
        pl.col("lap_number").is_between(pl.col("start_lap"), pl.col("end_lap"))
    )
    assert crossing.is_empty(), crossing.head()
    # And every held lap really has the pursuer directly behind, within the gap.
    laps = season_events["flagged"].select("season", "round", "driver", "lap_number", "time_s", "position")
    held = (
        d.with_columns(pl.int_ranges("start_lap", pl.col("end_lap") + 1).alias("lap_number"))
        .explode("lap_number")
        .join(laps.rename({"driver": "defender", "time_s": "t_d", "position": "p_d"}),
              on=["season", "round", "defender", "lap_number"])
        .join(laps.rename({"driver": "pursuer", "time_s": "t_p", "position": "p_p"}),
              on=["season", "round", "pursuer", "lap_number"])
    )
    assert held.height == d.select((pl.col("end_lap") - pl.col("start_lap") + 1).sum()).item()
    assert held.select(
        ((pl.col("p_p") == pl.col("p_d") + 1) & (pl.col("t_p") - pl.col("t_d")).is_between(0, RULES.defense_max_gap_s, closed="right")).all()
    ).item()
