"""FastF1 caches are pickles: nothing is unpickled unless its checksum matches."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from f1bench_pipeline.domains.f1.ingest.cache_manifest import build_manifest, read_manifest, write_manifest
from f1bench_pipeline.domains.f1.ingest.fastf1_session import CacheGuard, RaceLoadError, load_race
from f1bench_pipeline.domains.f1.ingest.race_catalog import RaceSource, available_races, find_event
from f1bench_pipeline.domains.f1.settings import SAMPLE_CACHE_DIR, SAMPLE_MANIFEST


def test_embedded_manifest_matches_the_sample_and_size_budget():
    assert read_manifest(SAMPLE_MANIFEST) == build_manifest(SAMPLE_CACHE_DIR)
    total = sum(p.stat().st_size for p in SAMPLE_CACHE_DIR.rglob("*") if p.is_file())
    assert total < 10 * 1024 * 1024


def test_sample_lists_the_required_races():
    src = RaceSource(SAMPLE_CACHE_DIR, True, SAMPLE_MANIFEST)
    races = {(e.season, e.event) for e in available_races(src, list(range(2018, 2026)))}
    assert {(2021, "Hungarian Grand Prix"), (2021, "Belgian Grand Prix"), (2024, "Italian Grand Prix")} <= races
    assert any(s == 2018 for s, _ in races)
    assert sum(1 for s, _ in races if s == 2025) >= 3


@pytest.fixture()
def cache_copy(tmp_path) -> tuple[Path, Path]:
    cache = tmp_path / "cache"
    shutil.copytree(SAMPLE_CACHE_DIR, cache)
    manifest = tmp_path / "MANIFEST.sha256"
    shutil.copy(SAMPLE_MANIFEST, manifest)
    return cache, manifest


def _event(cache: Path, manifest: Path):
    return find_event(RaceSource(cache, True, manifest), 2024, 16)


def test_altered_pickle_is_refused_before_fastf1_opens_it(cache_copy):
    cache, manifest = cache_copy
    event = _event(cache, manifest)
    target = next((cache / "2024").rglob("driver_info.ff1pkl"))
    target.write_bytes(target.read_bytes() + b"\x00")
    with pytest.raises(RaceLoadError, match="checksum mismatch.*driver_info"):
        load_race(event, cache, True, CacheGuard(cache, manifest))


def test_unlisted_file_is_refused(cache_copy):
    cache, manifest = cache_copy
    event = _event(cache, manifest)
    race_dir = next((cache / "2024").iterdir())
    (race_dir / "evil.ff1pkl").write_bytes(b"not a pickle")
    with pytest.raises(RaceLoadError, match="not in manifest"):
        load_race(event, cache, True, CacheGuard(cache, manifest))


def test_missing_file_names_the_race(cache_copy):
    cache, manifest = cache_copy
    event = _event(cache, manifest)
    next((cache / "2024").rglob("lap_count.ff1pkl")).unlink()
    with pytest.raises(RaceLoadError, match=r"2024 Italian Grand Prix \(round 16\).*missing"):
        load_race(event, cache, True, CacheGuard(cache, manifest))


def test_manifest_round_trip(tmp_path):
    n = write_manifest(SAMPLE_CACHE_DIR, tmp_path / "m.sha256")
    assert n == len(read_manifest(tmp_path / "m.sha256")) > 50
