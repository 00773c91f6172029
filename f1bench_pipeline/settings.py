"""Project configuration: paths, seasons and every F1 rule threshold.

Everything a user may want to change lives here as a named, documented setting.
Values come from environment variables (``F1BENCH_*``) so the Dagster UI, the CLI
and the tests all see the same configuration. No secrets live here.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

REPO_ROOT = Path(__file__).resolve().parent.parent
SAMPLE_CACHE_DIR = REPO_ROOT / "data" / "sample" / "fastf1_cache"
SAMPLE_MANIFEST = REPO_ROOT / "data" / "sample" / "MANIFEST.sha256"
ERGAST_DIR = REPO_ROOT / "data" / "ergast"
# Official results past the Ergast dump, one CSV per batch of races (layout: its README.md).
OFFICIAL_RESULTS_DIR = REPO_ROOT / "data" / "official_results"


class RaceRules(BaseModel):
    """Thresholds of the F1 rules (DESIGN §4). Change them here, never in code."""

    # TrackStatus codes that make a lap non-green: 2 yellow, 4 SC, 5 red, 6/7 VSC.
    non_green_status_codes: tuple[str, ...] = ("2", "4", "5", "6", "7")
    # Codes that neutralise the race (a stop under them is a cheap stop).
    safety_car_codes: tuple[str, ...] = ("4",)
    virtual_safety_car_codes: tuple[str, ...] = ("6", "7")
    red_flag_codes: tuple[str, ...] = ("5",)
    # Degradation slope needs at least this many green laps in the stint.
    min_green_laps_for_degradation: int = 3
    # Undercut / overcut.
    battle_max_pit_lap_offset: int = Field(4, description="B pits at most this many laps after A")
    battle_min_pit_lap_offset: int = 1
    battle_max_gap_before_s: float = Field(5.0, description="gap on the lap before A's stop")
    battle_min_abs_gain_s: float = Field(0.5, description="smaller changes are noise")
    # A stop under SC/VSC is a cheap stop, not an undercut or overcut: leave such stops out.
    battle_exclude_neutralised_stops: bool = True
    # A SC/VSC/red lap between the lap before A's stop and the lap after B's stop bunches or
    # freezes the field, so the gap change would not measure the tyre offset: leave such pairs out.
    battle_exclude_neutralised_window: bool = True
    # On-track defense.
    defense_max_gap_s: float = Field(1.5, description="pursuer within this gap behind")
    defense_min_sustained_laps: int = 5
    defense_brief_min_laps: int = 2
    defense_brief_max_laps: int = 4
    # Laps under these codes break a defense run (bunched cars behind the SC are not a defense).
    defense_breaking_status_codes: tuple[str, ...] = ("4", "5", "6", "7")


class Settings(BaseModel):
    """Where data lives and which seasons exist."""

    data_dir: Path = REPO_ROOT / "data"
    # Where the Parquet warehouse lives when not ``data_dir/warehouse``: an fsspec URL
    # (file://, memory://, s3://bucket/prefix, gs://bucket/prefix; http(s):// read-only).
    # Credentials never go here: s3fs/gcsfs and DuckDB take them from the environment.
    # Caches, reports, exports and warehouse.duckdb stay under data_dir.
    warehouse_url: str = ""
    # How DuckDB reads a remote warehouse: "auto" (its httpfs extension for s3/http(s) when it
    # loads, else the fsspec filesystem), "httpfs" or "fsspec".
    duckdb_remote: Literal["auto", "httpfs", "fsspec"] = "auto"
    # FastF1 cache to read. Default: the embedded sample (offline, checksummed).
    fastf1_cache: Path = SAMPLE_CACHE_DIR
    # Offline: never touch the network (FastF1 offline mode, Ergast from CSV).
    offline: bool = True
    # Manifest checked before FastF1 unpickles anything; None means "trust the cache".
    cache_manifest: Path | None = SAMPLE_MANIFEST
    # Supplement files of official results (tried after the Ergast CSVs, before the network).
    official_results_dir: Path = OFFICIAL_RESULTS_DIR
    # The leaderboard leaves out instances of races classified from timing order (no
    # official result yet: disqualifications and penalties unknown) unless this is set.
    leaderboard_include_timing_order: bool = False
    first_season: int = 2018
    last_season: int = 2025
    test_season: int = 2025
    max_rounds: int = 24
    # The stratified sample of the test season that paid models run on.
    test_sample_size: int = 207
    sample_seed: int = 2026
    # Verifier-guided generation (f1bench_pipeline.refinement): rounds of edit instructions
    # after the first answer, whether unsupported claims are sent back for removal, and the
    # cap on each list of edits in one message (an enormous answer must not make an enormous prompt).
    refine_max_rounds: int = 3
    refine_feedback_unverifiable: bool = True
    # Send the uncovered oracle facts back ("add these"); False is the published loop's feedback.
    refine_feedback_uncovered: bool = True
    refine_max_edits: int = 20
    rules: RaceRules = RaceRules()

    @property
    def warehouse_dir(self) -> Path | str:
        """The warehouse root: ``data_dir/warehouse``, or ``warehouse_url`` when set."""
        return self.warehouse_url or self.data_dir / "warehouse"

    @property
    def duckdb_path(self) -> Path:
        return self.data_dir / "warehouse.duckdb"

    @property
    def seasons(self) -> list[int]:
        return list(range(self.first_season, self.last_season + 1))

    def split_of(self, season: int) -> str:
        return "test" if season == self.test_season else "train"


def _env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    return raw.strip().lower() in {"1", "true", "yes", "on"}


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """Settings from the environment (cached; call ``get_settings.cache_clear()`` in tests)."""
    kwargs: dict = {}
    if os.environ.get("F1BENCH_DATA_DIR"):
        kwargs["data_dir"] = Path(os.environ["F1BENCH_DATA_DIR"]).resolve()
    cache = os.environ.get("F1BENCH_FASTF1_CACHE")
    if cache:
        kwargs["fastf1_cache"] = Path(cache).resolve()
        # A user-supplied cache has no manifest unless one is named.
        kwargs["cache_manifest"] = None
    if os.environ.get("F1BENCH_CACHE_MANIFEST"):
        kwargs["cache_manifest"] = Path(os.environ["F1BENCH_CACHE_MANIFEST"]).resolve()
    if os.environ.get("F1BENCH_OFFICIAL_RESULTS_DIR"):
        kwargs["official_results_dir"] = Path(os.environ["F1BENCH_OFFICIAL_RESULTS_DIR"]).resolve()
    kwargs["leaderboard_include_timing_order"] = _env_bool("F1BENCH_LEADERBOARD_INCLUDE_TIMING_ORDER", default=False)
    if os.environ.get("F1BENCH_WAREHOUSE_URL"):
        kwargs["warehouse_url"] = os.environ["F1BENCH_WAREHOUSE_URL"]
    if os.environ.get("F1BENCH_DUCKDB_REMOTE"):
        kwargs["duckdb_remote"] = os.environ["F1BENCH_DUCKDB_REMOTE"]
    kwargs["offline"] = _env_bool("F1BENCH_OFFLINE", default=True)
    if not kwargs["offline"] and not cache:
        # Network build through FastF1's normal loader, cached in the repo's data dir.
        kwargs["fastf1_cache"] = kwargs.get("data_dir", REPO_ROOT / "data") / "fastf1_cache"
        kwargs["cache_manifest"] = None
    for key in ("first_season", "last_season", "test_season", "max_rounds", "test_sample_size", "sample_seed",
                "refine_max_rounds", "refine_max_edits"):
        env = f"F1BENCH_{key.upper()}"
        if os.environ.get(env):
            kwargs[key] = int(os.environ[env])
    for key in ("refine_feedback_unverifiable", "refine_feedback_uncovered"):
        if os.environ.get(f"F1BENCH_{key.upper()}"):
            kwargs[key] = _env_bool(f"F1BENCH_{key.upper()}", default=True)
    return Settings(**kwargs)
