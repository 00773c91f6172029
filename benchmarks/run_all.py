"""Benchmarks for the full 2018–2025 build (figures printed, never asserted).

(a) raw load: every race from the FastF1 cache into raw_* Parquet (pure functions, one
    process, no Dagster run overhead);
(b) events: every event table for every season, derived from the raw Parquet at once.
(g) the Dagster build: ``f1bench build --no-systems`` (ingest → events → instances, the races
    of a season in one run, loaded by ``F1BENCH_INGEST_WORKERS`` processes) into a fresh data dir;
    ``python benchmarks/run_all.py --dagster-build`` runs it alone.

Needs a cache: F1BENCH_FASTF1_CACHE, or ../shared/data/fastf1/cache when present.
Peak memory is the max resident set size of a fresh child process per stage; for (g), the
peak of the whole process tree's summed RSS (the build and its loader processes), sampled.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFAULT_CACHE = REPO.parent / "shared" / "data" / "fastf1" / "cache"


def stage_raw(cache: Path, out: Path) -> dict:
    from f1bench_pipeline.domains.f1.ingest.fastf1_session import CacheGuard, RaceLoadError, load_race, season_schedule
    from f1bench_pipeline.domains.f1.ingest.raw_tables import build_raw_tables, session_row
    from f1bench_pipeline.settings import ERGAST_DIR
    from f1bench_pipeline.storage.warehouse import write_partition

    guard = CacheGuard(cache, None)
    t0 = time.perf_counter()
    loaded = skipped = 0
    for season in range(2018, 2026):
        for ev in season_schedule(season, cache, True, guard):
            part = {"season": season, "round": ev.round}
            try:
                tables = build_raw_tables(load_race(ev, cache, True, guard), ERGAST_DIR, "cache")
                loaded += 1
            except RaceLoadError as exc:
                tables = {"raw_sessions": session_row(ev, "skipped", str(exc), "cache")}
                skipped += 1
            for name, df in tables.items():
                write_partition(df, out, name, part)
    return {"races_loaded": loaded, "races_skipped": skipped, "seconds": time.perf_counter() - t0}


def stage_events(out: Path) -> dict:
    import polars as pl

    from f1bench_pipeline.domains.f1.events.defenses import defenses
    from f1bench_pipeline.domains.f1.events.green_flag import green_flag_laps
    from f1bench_pipeline.domains.f1.events.pit_battles import pit_battles
    from f1bench_pipeline.domains.f1.events.results import (
        classification,
        sprint_points,
        standings,
        track_status_periods,
    )
    from f1bench_pipeline.domains.f1.events.stints import (
        official_pit_stops,
        pit_stops_and_red_flag_changes,
        tyre_stints,
    )
    from f1bench_pipeline.domains.f1.settings import RaceRules
    from f1bench_pipeline.settings import ERGAST_DIR
    from f1bench_pipeline.storage.warehouse import read_table

    rules = RaceRules()
    t0 = time.perf_counter()
    raw_laps = read_table(out, "raw_laps")
    raw_results = read_table(out, "raw_results")
    raw_ts = read_table(out, "raw_track_status")
    t_read = time.perf_counter() - t0
    laps = green_flag_laps(raw_laps, rules)
    st = tyre_stints(laps, rules)
    stops, red = pit_stops_and_red_flag_changes(st, laps, official_pit_stops(ERGAST_DIR))
    battles = pit_battles(laps, stops, rules)
    dfn = defenses(laps, raw_results, rules)
    cls = classification(raw_results, laps)
    stand = standings(raw_results, sprint_points(ERGAST_DIR, list(range(2018, 2026))))
    periods = track_status_periods(raw_ts, laps)
    seconds = time.perf_counter() - t0
    # Persist per season (untimed) so the instance stage reads what the pipeline would.
    from f1bench_pipeline.storage.warehouse import write_partition

    for name, df in {"green_flag_laps": laps, "stints": st, "pit_stops": stops, "red_flag_tyre_changes": red,
                     "pit_battles": battles, "defenses": dfn, "classification": cls}.items():
        for season in sorted(df["season"].unique().to_list()):
            write_partition(df.filter(pl.col("season") == season), out, name, {"season": season})
    kinds = dict(battles.group_by("kind").len().iter_rows()) if battles.height else {}
    return {
        "seconds": seconds,
        "read_seconds": t_read,
        "laps": laps.height,
        "stints": st.height,
        "pit_stops": stops.height,
        "red_flag_tyre_changes": red.height,
        "undercuts": kinds.get("undercut", 0),
        "overcuts": kinds.get("overcut", 0),
        "defenses": dfn.height,
        "defenses_sustained": dfn.filter(pl.col("kind") == "sustained").height,
        "defenses_brief": dfn.filter(pl.col("kind") == "brief").height,
        "classification_rows": cls.height,
        "standings_rows": stand.height,
        "track_status_periods": periods.height,
        "races_with_laps": raw_laps.select("season", "round").unique().height,
    }


def stage_instances(out: Path) -> dict:
    from f1bench_pipeline.domains.f1.instances.builders import build_base_instances
    from f1bench_pipeline.domains.f1.instances.rows import instance_rows
    from f1bench_pipeline.settings import Settings
    from f1bench_pipeline.storage.warehouse import read_table

    t0 = time.perf_counter()
    n_base = n_rows = 0
    for season in range(2018, 2026):
        tables = {t: read_table(out, t, {"season": season}) for t in
                  ["classification", "stints", "pit_stops", "red_flag_tyre_changes", "pit_battles", "defenses", "green_flag_laps"]}
        base = build_base_instances(tables, Settings())
        n_base += len(base)
        n_rows += instance_rows(base).height
    return {"seconds": time.perf_counter() - t0, "instances": n_base, "rows": n_rows}


def _tree_rss(proc) -> tuple[int, int, int]:
    """(summed RSS, largest single RSS, process count) of ``proc`` and its descendants."""
    import psutil

    rss = []
    for p in [proc, *proc.children(recursive=True)]:
        try:
            rss.append(p.memory_info().rss)
        except psutil.Error:
            pass
    return sum(rss), max(rss, default=0), len(rss)


def stage_dagster_build(cache: Path, data_dir: Path) -> dict:
    """``f1bench build --no-systems`` into ``data_dir``; wall time and peak memory of the tree."""
    env = {**os.environ, "F1BENCH_DATA_DIR": str(data_dir), "F1BENCH_DAGSTER_STORAGE": str(data_dir / "dagster_home"),
           "F1BENCH_FASTF1_CACHE": str(cache), "F1BENCH_OFFLINE": "1", "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    data_dir.mkdir(parents=True, exist_ok=True)
    log = open(data_dir / "build.log", "w+")  # a file, not a pipe: a full pipe would stall the build
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "f1bench_pipeline.cli", "build", "--no-systems"], cwd=REPO, env=env,
                            stdout=log, stderr=subprocess.STDOUT, text=True)
    peak = peak_one = peak_procs = 0
    try:
        import psutil

        tree = psutil.Process(proc.pid)
        while proc.poll() is None:
            try:
                total, one, n = _tree_rss(tree)
            except psutil.Error:
                break
            peak, peak_one, peak_procs = max(peak, total), max(peak_one, one), max(peak_procs, n)
            time.sleep(0.2)
    except ImportError:  # psutil is optional: wall time only
        pass
    proc.wait()
    seconds = time.perf_counter() - t0
    log.seek(0)
    out = log.read()
    log.close()
    if proc.returncode:
        raise RuntimeError(f"f1bench build failed ({proc.returncode}):\n{out[-2000:]}")
    ingest = [line for line in out.splitlines() if ": ingest " in line]
    return {"seconds": seconds, "peak_tree_rss_mb": peak / 2**20, "peak_process_rss_mb": peak_one / 2**20,
            "processes": peak_procs, "ingest_runs": len(ingest), "failed_runs": sum("FAILED" in line for line in out.splitlines()),
            "workers": os.environ.get("F1BENCH_INGEST_WORKERS") or "2"}


def _print_dagster_build(b: dict) -> None:
    print(f"(g) Dagster build: `f1bench build --no-systems` (ingest → events → instances), {b['ingest_runs']} ingest "
          f"runs, {b['workers']} loader processes: {b['seconds']:.1f} s wall, peak RSS {b['peak_tree_rss_mb']:.0f} MB "
          f"summed over {b['processes']} processes (largest one {b['peak_process_rss_mb']:.0f} MB), "
          f"{b['failed_runs']} failed runs")


def _child(stage: str, cache: str, out: str) -> None:
    stages = {"raw": lambda: stage_raw(Path(cache), Path(out)), "events": lambda: stage_events(Path(out)),
              "instances": lambda: stage_instances(Path(out))}
    result = stages[stage]()
    result["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print("RESULT " + json.dumps(result))


def run_stage(stage: str, cache: Path, out: Path) -> dict:
    proc = subprocess.run(
        [sys.executable, __file__, "--child", stage, str(cache), str(out)],
        capture_output=True, text=True, check=True, cwd=REPO,
    )
    line = next(ln for ln in proc.stdout.splitlines() if ln.startswith("RESULT "))
    return json.loads(line[len("RESULT "):])


def main() -> None:
    cache = Path(os.environ.get("F1BENCH_FASTF1_CACHE") or DEFAULT_CACHE)
    if not cache.exists():
        print(f"no FastF1 cache at {cache}: set F1BENCH_FASTF1_CACHE")
        sys.exit(2)
    print(f"cache: {cache}  (cores: {os.cpu_count()})")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "warehouse"
        raw = run_stage("raw", cache, out)
        print(f"(a) raw load     : {raw['races_loaded']} races loaded, {raw['races_skipped']} skipped, "
              f"{raw['seconds']:.1f} s wall, peak RSS {raw['peak_rss_mb']:.0f} MB")
        ev = run_stage("events", cache, out)
        print(f"(b) event tables : {ev['seconds']:.2f} s wall (of which Parquet read {ev['read_seconds']:.2f} s), "
              f"peak RSS {ev['peak_rss_mb']:.0f} MB")
        print(f"    {ev['races_with_laps']} races, {ev['laps']} laps → {ev['stints']} stints, {ev['pit_stops']} pit stops, "
              f"{ev['red_flag_tyre_changes']} red-flag tyre changes, {ev['undercuts']} undercuts, {ev['overcuts']} overcuts, "
              f"{ev['defenses']} defenses ({ev['defenses_sustained']} sustained, {ev['defenses_brief']} brief)")
        inst = run_stage("instances", cache, out)
        print(f"(c) instances    : {inst['instances']} instances ({inst['rows']} rows: × 3 languages × 2 variants) "
              f"for 8 seasons in {inst['seconds']:.2f} s wall, peak RSS {inst['peak_rss_mb']:.0f} MB")
        _print_dagster_build(stage_dagster_build(cache, Path(tmp) / "dagster_build"))
        for extra in ("generation_bench.py", "extractor_bench.py", "scoring_bench.py", "remote_warehouse_bench.py",
                      "intervals_bench.py"):
            path = REPO / "benchmarks" / extra
            if path.exists():
                print(f"\n== {extra}")
                subprocess.run([sys.executable, str(path)], check=False, cwd=REPO)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        _child(*sys.argv[2:5])
    elif len(sys.argv) > 1 and sys.argv[1] == "--dagster-build":  # [DATA_DIR] (default: a temporary one)
        _cache = Path(os.environ.get("F1BENCH_FASTF1_CACHE") or DEFAULT_CACHE)
        if len(sys.argv) > 2:
            _print_dagster_build(stage_dagster_build(_cache, Path(sys.argv[2])))
        else:
            with tempfile.TemporaryDirectory() as _tmp:
                _print_dagster_build(stage_dagster_build(_cache, Path(_tmp)))
    else:
        main()
