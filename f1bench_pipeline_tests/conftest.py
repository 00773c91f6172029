"""Shared fixtures: the embedded sample built once through Dagster, and the shared cache."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

# A test reads none of the user's variables that f1bench or a model provider reads, so `make test`
# passes whatever the shell holds (with F1BENCH_FASTF1_CACHE set, as the full build asks, a test
# failed). They go at import, before any fixture (session-scoped ones too) or subprocess sees them;
# a test that needs one sets it itself (monkeypatch, or a subprocess's env).
USER_VARIABLES = re.compile(
    r"F1BENCH_\w+|LITELLM_\w+|\w+_API_(KEY|BASE|TOKEN|SECRET|VERSION)|\w+_BASE_URL|OPENAI_\w+|ANTHROPIC_\w+"
    r"|AWS_(ACCESS_KEY_ID|SECRET_ACCESS_KEY|SESSION_TOKEN|PROFILE|REGION\w*|DEFAULT_REGION|ENDPOINT_URL\w*)|AZURE_\w+|VERTEX\w*|GOOGLE_APPLICATION_CREDENTIALS|HF_TOKEN|HUGGING_FACE_HUB_TOKEN")
for _name in [n for n in os.environ if USER_VARIABLES.fullmatch(n)]:
    del os.environ[_name]
os.environ["LITELLM_LOCAL_MODEL_COST_MAP"] = "True"

import hashlib  # noqa: E402

import polars as pl  # noqa: E402

from f1bench_pipeline.domains.f1.settings import SAMPLE_CACHE_DIR, SAMPLE_MANIFEST  # noqa: E402
from f1bench_pipeline.settings import ERGAST_DIR, Settings  # noqa: E402

# fixtures of the style-robustness tests (instances of the sample build, by cell and by key)
pytest_plugins = ["f1bench_pipeline_tests.style_fixtures"]

SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"

# The markers (registered in pyproject.toml): `make test` runs every test, `make check` those with
# none of them (the inner loop). A test is marked by what it needs, read from its fixture closure,
# so a new test that asks for the sample build is slow without anyone remembering to say so;
# modules that are slow for another reason (subprocess builds, real weights, a browser) say so
# with `pytestmark`.
SLOW_FIXTURES = frozenset({
    "sample_build",  # the whole embedded sample through Dagster (~100 s of CPU per xdist worker)
    "season_2021_raw",  # a full season through FastF1's loader (memoized in pytest's cache afterwards)
    "shared_cache",  # FastF1 sessions of the shared cache
})


def pytest_collection_modifyitems(config, items):
    for item in items:
        if SLOW_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)
SHARED_CACHE = SHARED_DATA / "fastf1" / "cache"


@pytest.fixture(autouse=True)
def _process_environment_restored():
    """A command run in-process (``cli.main``) sets process variables for the rest of its process
    (``F1BENCH_LITELLM_QUIET``: litellm's banner off); the next test on this worker must not inherit
    them (test_registry_conventions checks litellm's globals are left alone)."""
    saved = dict(os.environ)
    yield
    if os.environ != saved:
        os.environ.clear()
        os.environ.update(saved)


@pytest.fixture(autouse=True, scope="module")
def _no_daemon_outlives_its_module():
    """A Dagster daemon a module's queued runs started (run_queue.py) stops with the module, not
    with the pytest process: idle daemons and their code servers would pile up."""
    yield
    import sys

    if "f1bench_pipeline.orchestration.run_queue" in sys.modules:
        sys.modules["f1bench_pipeline.orchestration.run_queue"].stop_daemons()


@pytest.fixture(scope="session")
def shared_cache() -> Path:
    if not SHARED_CACHE.exists():
        pytest.skip(f"shared FastF1 cache not found at {SHARED_CACHE} (only CI and dev machines have ../shared)")
    return SHARED_CACHE


@pytest.fixture(scope="session")
def sample_settings(tmp_path_factory) -> Settings:
    data_dir = tmp_path_factory.mktemp("sample_data")
    return Settings(data_dir=data_dir, fastf1_cache=SAMPLE_CACHE_DIR, offline=True, cache_manifest=SAMPLE_MANIFEST)


@pytest.fixture(scope="session")
def dagster_instance():
    import dagster as dg

    with dg.DagsterInstance.ephemeral() as instance:
        yield instance


@pytest.fixture(scope="session")
def sample_build(sample_settings, dagster_instance) -> dict:
    """The whole sample (8 races, 4 seasons) materialized through the Dagster jobs."""
    from f1bench_pipeline.domains.f1.runs import build

    # the weather domain builds its own sample in test_weather.py
    report = build(settings=sample_settings, instance=dagster_instance, progress=lambda _m: None, with_other_domains=False)
    report["settings"] = sample_settings
    return report


@pytest.fixture(scope="session")
def sample_tables(sample_build):
    from f1bench_pipeline.storage.warehouse import read_table

    root = sample_build["settings"].warehouse_dir
    return lambda table: read_table(root, table)


# /work/shared/data/fastf1/cache on dev machines and CI (the shared data sits next to the repo).


def _fingerprint(cache: Path, season: int) -> str:
    """Changes when the season's cache files, the loader code or FastF1 change."""
    import fastf1

    import f1bench_pipeline.domains.f1.ingest.fastf1_session as session_mod
    import f1bench_pipeline.domains.f1.ingest.official_results as results_mod
    import f1bench_pipeline.domains.f1.ingest.raw_tables as raw_mod

    h = hashlib.sha256(f"{season}|{fastf1.__version__}".encode())
    for mod in (session_mod, raw_mod, results_mod):
        h.update(Path(mod.__file__).read_bytes())
    for f in sorted((cache / str(season)).rglob("*")):
        if f.is_file():
            st = f.stat()
            h.update(f"{f.relative_to(cache)}|{st.st_size}|{st.st_mtime_ns}".encode())
    return h.hexdigest()[:16]


def _load_season_through_fastf1(cache: Path, season: int) -> dict[str, pl.DataFrame]:
    from f1bench_pipeline.domains.f1.ingest.fastf1_session import CacheGuard, RaceLoadError, load_race, season_schedule
    from f1bench_pipeline.domains.f1.ingest.raw_tables import build_raw_tables

    guard = CacheGuard(cache, None)
    out: dict[str, list[pl.DataFrame]] = {"raw_laps": [], "raw_results": [], "raw_track_status": []}
    for ev in season_schedule(season, cache, True, guard):
        try:
            tables = build_raw_tables(load_race(ev, cache, True, guard), ERGAST_DIR, "cache")
        except RaceLoadError:
            continue  # the pipeline records such a race as skipped; so do we
        for name in out:
            out[name].append(tables[name])
    return {name: pl.concat(frames, how="diagonal_relaxed") for name, frames in out.items()}


@pytest.fixture(scope="session")
def season_2021_raw(pytestconfig) -> dict[str, pl.DataFrame]:
    SEASON = 2021
    if not SHARED_CACHE.exists():
        pytest.skip(f"shared FastF1 cache not found at {SHARED_CACHE} (only CI and dev machines have ../shared)")
    memo = pytestconfig.cache.mkdir("f1bench_raw_tables") / f"{SEASON}-{_fingerprint(SHARED_CACHE, SEASON)}"
    names = ("raw_laps", "raw_results", "raw_track_status")
    if all((memo / f"{n}.parquet").exists() for n in names):
        return {n: pl.read_parquet(memo / f"{n}.parquet") for n in names}
    tables = _load_season_through_fastf1(SHARED_CACHE, SEASON)
    memo.mkdir(parents=True, exist_ok=True)
    for n in names:
        tables[n].write_parquet(memo / f"{n}.parquet")
    return tables


@pytest.fixture(scope="session")
def season_2021_events(season_2021_raw) -> dict[str, pl.DataFrame]:
    """Every event table of the full 2021 season, derived by the pipeline's own functions."""
    from f1bench_pipeline.domains.f1.events.defenses import defenses
    from f1bench_pipeline.domains.f1.events.green_flag import green_flag_laps
    from f1bench_pipeline.domains.f1.events.pit_battles import pit_battles
    from f1bench_pipeline.domains.f1.events.results import classification
    from f1bench_pipeline.domains.f1.events.stints import official_pit_stops, pit_stops_and_red_flag_changes, tyre_stints
    from f1bench_pipeline.domains.f1.settings import RaceRules

    rules = RaceRules()
    laps = green_flag_laps(season_2021_raw["raw_laps"], rules)
    st = tyre_stints(laps, rules)
    stops, red = pit_stops_and_red_flag_changes(st, laps, official_pit_stops(ERGAST_DIR))
    return {
        "green_flag_laps": laps, "stints": st, "pit_stops": stops, "red_flag_tyre_changes": red,
        "pit_battles": pit_battles(laps, stops, rules),
        "defenses": defenses(laps, season_2021_raw["raw_results"], rules),
        "classification": classification(season_2021_raw["raw_results"], laps),
    }


@pytest.fixture()
def eval_env(sample_build, tmp_path):
    """A data dir with the sample's instances (and their versions), test sample and the templates'
    scores (to compare with), its own Dagster storage and no registry overlay; (the dir, the
    environment of an f1bench subprocess using it)."""
    import shutil

    from f1bench_pipeline.settings import REPO_ROOT

    src = sample_build["settings"].warehouse_dir
    for table in ("instances", "instance_versions", "test_sample", "scores"):
        if (src / table).exists():
            shutil.copytree(src / table, tmp_path / "warehouse" / table)
    env = {**os.environ, "F1BENCH_DATA_DIR": str(tmp_path), "PYTHONPATH": str(REPO_ROOT),
           "DAGSTER_HOME": str(REPO_ROOT), "F1BENCH_DAGSTER_STORAGE": str(tmp_path / "dagster_home"),
           "F1BENCH_PROGRESS": "", "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    env.pop("F1BENCH_SYSTEMS", None)
    return tmp_path, env
