"""Settings from the environment: strict parsing, every rule overridable, the rules recorded.

``get_settings`` parses ``F1BENCH_*`` with pydantic-settings: a value that does not parse is an
error naming its variable (``F1BENCH_OFFLINE=ture`` used to switch the network on silently),
every ``RaceRules`` threshold can be set by ``F1BENCH_RULES__<FIELD>`` or a rules file, and each
event/instance table's Dagster metadata says which rules made it.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from f1bench_pipeline.domains.f1.settings import SAMPLE_CACHE_DIR, SAMPLE_MANIFEST, F1Settings, RaceRules
from f1bench_pipeline.settings import REPO_ROOT, Settings, SettingsError, get_settings


@pytest.fixture
def env(monkeypatch):
    """A clean F1BENCH_* environment; ``env(NAME=value, ...)`` sets variables and returns
    fresh settings (the cache is cleared before and after)."""
    for name in list(os.environ):
        if name.upper().startswith("F1BENCH_"):
            monkeypatch.delenv(name)
    get_settings.cache_clear()

    def _set(**values: str) -> Settings:
        for k, v in values.items():
            monkeypatch.setenv(k, v)
        get_settings.cache_clear()
        return get_settings()

    yield _set
    get_settings.cache_clear()


# --- strict values --------------------------------------------------------------------------


@pytest.mark.parametrize("name,value", [
    ("F1BENCH_OFFLINE", "ture"),
    ("F1BENCH_OFFLINE", "offline"),
    ("F1BENCH_LEADERBOARD_INCLUDE_TIMING_ORDER", "yes please"),
    ("F1BENCH_REFINE_FEEDBACK_UNCOVERED", "2"),
    ("F1BENCH_FIRST_SEASON", "2018x"),
    ("F1BENCH_BOOTSTRAP_REPLICATES", "-1"),
    ("F1BENCH_CONFIDENCE_LEVEL", "95"),
    ("F1BENCH_DUCKDB_REMOTE", "s3"),
    ("F1BENCH_RULES__BATTLE_MAX_GAP_BEFORE_S", "five"),
    ("F1BENCH_RULES__BATTLE_EXCLUDE_NEUTRALISED_STOPS", "maybe"),
])
def test_a_bad_value_is_an_error_naming_its_variable(env, name, value):
    with pytest.raises(SettingsError) as exc:
        env(**{name: value})
    assert name in str(exc.value) and repr(value) in str(exc.value)


def test_offline_typo_no_longer_turns_the_network_on(env):
    with pytest.raises(SettingsError, match="F1BENCH_OFFLINE='ture'"):
        env(F1BENCH_OFFLINE="ture")
    assert isinstance(SettingsError("x"), ValueError)


def test_every_bad_value_is_reported_at_once(env):
    with pytest.raises(SettingsError) as exc:
        env(F1BENCH_OFFLINE="ture", F1BENCH_MAX_ROUNDS="many")
    assert "F1BENCH_OFFLINE" in str(exc.value) and "F1BENCH_MAX_ROUNDS" in str(exc.value)


def test_an_unknown_rule_is_an_error_not_ignored(env):
    with pytest.raises(SettingsError, match="F1BENCH_RULES__BATTLE_MAX_GAP_S.*not a RaceRules field"):
        env(F1BENCH_RULES__BATTLE_MAX_GAP_S="4.0")


def test_a_list_rule_that_is_not_json_names_the_variable(env):
    with pytest.raises(SettingsError, match="F1BENCH_RULES__SAFETY_CAR_CODES"):
        env(F1BENCH_RULES__SAFETY_CAR_CODES="4,6")


# --- the existing variables keep their meaning ----------------------------------------------


def test_defaults(env):
    s = env()
    assert s == Settings()
    f1 = F1Settings.of(s)
    assert s.offline is True and f1.fastf1_cache == SAMPLE_CACHE_DIR and f1.cache_manifest == SAMPLE_MANIFEST
    assert s.data_dir == REPO_ROOT / "data" and f1.rules == RaceRules()


def test_empty_values_count_as_unset(env):
    names = ["F1BENCH_DATA_DIR", "F1BENCH_FASTF1_CACHE", "F1BENCH_OFFLINE", "F1BENCH_CACHE_MANIFEST",
             "F1BENCH_FIRST_SEASON", "F1BENCH_CONFIDENCE_LEVEL", "F1BENCH_REFINE_FEEDBACK_UNCOVERED",
             "F1BENCH_DUCKDB_REMOTE", "F1BENCH_WAREHOUSE_URL", "F1BENCH_RULES__DEFENSE_MAX_GAP_S",
             "F1BENCH_RULES_FILE"]
    assert env(**{n: "" for n in names}) == Settings()


@pytest.mark.parametrize("raw,expected", [("1", True), ("true", True), ("YES", True), ("on", True),
                                          ("0", False), ("false", False), ("no", False), ("Off", False)])
def test_booleans_accept_the_usual_spellings(env, raw, expected):
    s = env(F1BENCH_LEADERBOARD_INCLUDE_TIMING_ORDER=raw, F1BENCH_REFINE_FEEDBACK_UNVERIFIABLE=raw)
    assert s.leaderboard_include_timing_order is expected and F1Settings.of(s).refine_feedback_unverifiable is expected


def test_paths_resolve_against_the_working_directory(env, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s = env(F1BENCH_DATA_DIR="d", F1BENCH_OFFICIAL_RESULTS_DIR="o")
    assert s.data_dir == tmp_path / "d" and F1Settings.of(s).official_results_dir == tmp_path / "o"
    assert s.duckdb_path == tmp_path / "d" / "warehouse.duckdb"


def test_a_user_cache_has_no_manifest_unless_one_is_named(env, tmp_path):
    s = env(F1BENCH_FASTF1_CACHE=str(tmp_path / "cache"))
    f1 = F1Settings.of(s)
    assert f1.fastf1_cache == tmp_path / "cache" and f1.cache_manifest is None and s.offline
    s = env(F1BENCH_CACHE_MANIFEST=str(tmp_path / "M.sha256"))
    assert F1Settings.of(s).cache_manifest == tmp_path / "M.sha256"


def test_online_without_a_cache_caches_in_the_data_dir(env, tmp_path):
    s = env(F1BENCH_OFFLINE="0", F1BENCH_DATA_DIR=str(tmp_path), F1BENCH_CACHE_MANIFEST=str(tmp_path / "M"))
    f1 = F1Settings.of(s)
    assert (s.offline, f1.fastf1_cache, f1.cache_manifest) == (False, tmp_path / "fastf1_cache", None)
    s = env(F1BENCH_FASTF1_CACHE=str(tmp_path / "c"))  # online with a named cache keeps it
    f1 = F1Settings.of(s)
    assert (s.offline, f1.fastf1_cache, f1.cache_manifest) == (False, tmp_path / "c", tmp_path / "M")


def test_numbers_and_the_rest(env):
    s = env(F1BENCH_FIRST_SEASON="2020", F1BENCH_LAST_SEASON="2026", F1BENCH_TEST_SEASON="2026",
            F1BENCH_MAX_ROUNDS="25", F1BENCH_TEST_SAMPLE_SIZE="10", F1BENCH_SAMPLE_SEED="7",
            F1BENCH_REFINE_MAX_ROUNDS="1", F1BENCH_REFINE_MAX_EDITS="5", F1BENCH_REFINE_FEEDBACK_UNCOVERED="0",
            F1BENCH_BOOTSTRAP_REPLICATES="0", F1BENCH_BOOTSTRAP_SEED="1", F1BENCH_CONFIDENCE_LEVEL="0.9",
            F1BENCH_SIGNIFICANCE_MIN_INSTANCES="3", F1BENCH_WAREHOUSE_URL="memory://x",
            F1BENCH_DUCKDB_REMOTE="fsspec")
    assert s.seasons == list(range(2020, 2027)) and s.split_of(2026) == "test"
    f1 = F1Settings.of(s)
    assert (s.max_rounds, s.test_sample_size, s.sample_seed, f1.refine_max_rounds, f1.refine_max_edits) == (25, 10, 7, 1, 5)
    assert f1.refine_feedback_uncovered is False and f1.refine_feedback_unverifiable is True
    assert (s.bootstrap_replicates, s.bootstrap_seed, s.confidence_level, s.significance_min_instances) == (0, 1, 0.9, 3)
    assert s.warehouse_dir == "memory://x" and s.duckdb_remote == "fsspec"


def test_get_settings_is_cached_until_cleared(env, monkeypatch):
    first = env()
    monkeypatch.setenv("F1BENCH_MAX_ROUNDS", "3")
    assert get_settings() is first
    get_settings.cache_clear()
    assert get_settings().max_rounds == 3


def test_settings_built_in_code_never_read_the_environment(env):
    env(F1BENCH_OFFLINE="0", F1BENCH_RULES__DEFENSE_MAX_GAP_S="9")
    assert Settings().offline is True and F1Settings.of(Settings()).rules.defense_max_gap_s == 1.5
    assert type(get_settings()) is Settings


# --- every rule threshold is configurable -----------------------------------------------------


def _changed(value):
    if isinstance(value, bool):
        return not value, json.dumps(not value)
    if isinstance(value, int):
        return value + 1, str(value + 1)
    if isinstance(value, float):
        return value + 0.25, str(value + 0.25)
    assert isinstance(value, tuple), value
    return ("9", *value), json.dumps(["9", *value])


def test_every_rule_threshold_is_overridable_by_its_variable(env):
    defaults = RaceRules()
    expected, variables = {}, {}
    for name in RaceRules.model_fields:
        expected[name], variables[f"F1BENCH_RULES__{name.upper()}"] = _changed(getattr(defaults, name))
    rules = F1Settings.of(env(**variables)).rules
    assert rules.model_dump() == expected
    assert rules.fingerprint() != defaults.fingerprint()


def test_the_issue_example(env):
    rules = F1Settings.of(env(F1BENCH_RULES__BATTLE_MAX_GAP_BEFORE_S="4.0")).rules
    assert rules.battle_max_gap_before_s == 4.0
    assert rules == RaceRules(battle_max_gap_before_s=4.0)  # the others keep their defaults


def test_rules_file_under_the_variables(env, tmp_path):
    f = tmp_path / "rules.yaml"
    f.write_text("battle_max_gap_before_s: 3.5\ndefense_max_gap_s: 1.0\nsafety_car_codes: ['4', '8']\n")
    rules = F1Settings.of(env(F1BENCH_RULES_FILE=str(f), F1BENCH_RULES__DEFENSE_MAX_GAP_S="2.0")).rules
    assert (rules.battle_max_gap_before_s, rules.defense_max_gap_s, rules.safety_car_codes) == (3.5, 2.0, ("4", "8"))
    j = tmp_path / "rules.json"
    j.write_text(json.dumps({"min_green_laps_for_degradation": 4}))
    rules = F1Settings.of(env(F1BENCH_RULES_FILE=str(j), F1BENCH_RULES__DEFENSE_MAX_GAP_S="")).rules
    assert rules == RaceRules(min_green_laps_for_degradation=4)


def test_a_bad_rules_file_names_the_file_and_the_key(env, tmp_path):
    f = tmp_path / "rules.yaml"
    f.write_text("battle_max_gap_before_s: fast\nbattle_gap: 3\n")
    with pytest.raises(SettingsError) as exc:
        env(F1BENCH_RULES_FILE=str(f))
    msg = str(exc.value)
    assert f"F1BENCH_RULES_FILE={f}: battle_max_gap_before_s = 'fast'" in msg and "battle_gap" in msg
    with pytest.raises(SettingsError, match="F1BENCH_RULES_FILE=.*cannot read"):
        env(F1BENCH_RULES_FILE=str(tmp_path / "missing.yaml"))
    f.write_text("- a list\n")
    with pytest.raises(SettingsError, match="mapping of RaceRules fields"):
        env(F1BENCH_RULES_FILE=str(f))


def test_fingerprint_is_stable_and_order_free():
    a = RaceRules(battle_max_gap_before_s=4.0, defense_max_gap_s=1.0)
    b = RaceRules(defense_max_gap_s=1.0, battle_max_gap_before_s=4.0)
    assert a.fingerprint() == b.fingerprint() != RaceRules().fingerprint()
    assert len(a.fingerprint()) == 12 and json.loads(json.dumps(a.as_json())) == a.as_json()


# --- the rules are recorded in each derived table's metadata ----------------------------------


EVENT_AND_INSTANCE_ASSETS = ["green_flag_laps", "stints", "pit_stops", "red_flag_tyre_changes", "pit_battles",
                             "defenses", "classification", "standings", "track_status_periods", "instances"]


def _recorded(instance, key: str, partition: str) -> dict:
    import dagster as dg

    rec = instance.fetch_materializations(
        dg.AssetRecordsFilter(asset_key=dg.AssetKey(key), asset_partitions=[partition]), limit=1).records[0]
    md = rec.asset_materialization.metadata
    return {"rules": md["rules"].value, "rules_hash": md["rules_hash"].value,
            "rows": md["dagster/row_count"].value}


def test_sample_build_records_its_rules(sample_build, dagster_instance):
    rules = F1Settings.of(get_settings()).rules  # what the session's build read (no F1BENCH_RULES* in the test environment)
    for key in EVENT_AND_INSTANCE_ASSETS:
        got = _recorded(dagster_instance, key, "2024")
        assert got["rules"] == rules.as_json() and got["rules_hash"] == rules.fingerprint(), key


def test_a_build_with_other_rules_says_so(sample_build, env, tmp_path):
    """Derive one season again under changed thresholds: every table records those rules, and
    the thresholds took effect (no undercut/overcut fits a zero gap)."""
    import dagster as dg

    from f1bench_pipeline.orchestration.definitions_builder import build_definitions

    src = sample_build["settings"]
    data = tmp_path / "data"
    for table in ("raw_laps", "raw_results", "raw_track_status", "raw_race_control", "raw_sessions"):
        folder = Path(src.warehouse_dir) / table / "season=2024"
        if folder.is_dir():
            shutil.copytree(folder, data / "warehouse" / table / "season=2024")
    rules = F1Settings.of(env(F1BENCH_RULES__BATTLE_MAX_GAP_BEFORE_S="0.0",
                              F1BENCH_RULES__DEFENSE_MIN_SUSTAINED_LAPS="6")).rules
    # the settings a build is given carry their rules to the race_rules resource (the CLI's: these)
    settings = Settings.model_validate({**dict(src), "data_dir": data, "rules": rules})
    job = build_definitions(settings).resolve_job_def("season_events")
    with dg.DagsterInstance.ephemeral() as instance:
        assert job.execute_in_process(partition_key="2024", instance=instance).success
        for key in EVENT_AND_INSTANCE_ASSETS:
            got = _recorded(instance, key, "2024")
            assert got["rules"]["battle_max_gap_before_s"] == 0.0 and got["rules"]["defense_min_sustained_laps"] == 6, key
            assert got["rules_hash"] == rules.fingerprint() != RaceRules().fingerprint(), key
        assert _recorded(instance, "pit_battles", "2024")["rows"] == 0


def test_settings_given_to_a_daemon_read_back_the_same(env, tmp_path):
    """The F1BENCH_* variables a command gives the daemon it starts (its runs take their settings
    from the environment) parse back to the command's settings, rules and lists included."""
    from f1bench_pipeline.settings import settings_env

    ours = Settings(data_dir=tmp_path, fastf1_cache=SAMPLE_CACHE_DIR, offline=True, cache_manifest=SAMPLE_MANIFEST,
                    rules=RaceRules(battle_max_gap_before_s=4.5))
    assert env(**settings_env(ours)) == ours


def test_pools_inside_a_run_divide_the_cpus_among_the_runs_launched_with_it(monkeypatch):
    from f1bench_pipeline import workers

    monkeypatch.delenv("F1BENCH_SCORING_WORKERS", raising=False)
    monkeypatch.setattr(workers, "usable_cpus", lambda: 8)
    try:
        assert workers.worker_count("F1BENCH_SCORING_WORKERS", cap=8) == 8
        workers.set_run_share(4)  # one of four runs queued together
        assert workers.worker_count("F1BENCH_SCORING_WORKERS", cap=8) == 2
        workers.set_run_share(16)
        assert workers.worker_count("F1BENCH_SCORING_WORKERS", cap=8) == 1
        monkeypatch.setenv("F1BENCH_SCORING_WORKERS", "3")  # a count set by the user stands
        assert workers.worker_count("F1BENCH_SCORING_WORKERS", cap=8) == 3
    finally:
        workers.set_run_share(1)
