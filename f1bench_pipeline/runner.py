"""Run the asset graph outside the UI (``make demo``, ``make full``, the CLI).

Each season's races are one Dagster run over their race partitions (loaded in parallel, each
partition materialized on its own), each season's derivation one run, all on the configured
instance, so the runs appear in the UI afterwards exactly as if they had been launched there.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from pathlib import Path

from f1bench_pipeline.settings import REPO_ROOT, Settings, get_settings

log = logging.getLogger(__name__)


def ensure_dagster_home() -> Path:
    """Use the repo's dagster.yaml unless DAGSTER_HOME is set: the instance ``dagster dev`` in
    the repo root opens too, whose storage is ``$F1BENCH_DAGSTER_STORAGE`` or
    ``<data dir>/dagster_home`` (``dagster_instance.storage_dir``), so the UI shows these runs."""
    from f1bench_pipeline.dagster_instance import storage_dir

    if not os.environ.get("DAGSTER_HOME"):
        # an installed package ships no dagster.yaml: its instance lives in the storage dir itself
        os.environ["DAGSTER_HOME"] = str(REPO_ROOT if (REPO_ROOT / "dagster.yaml").exists() else storage_dir())
    storage_dir().mkdir(parents=True, exist_ok=True)
    return Path(os.environ["DAGSTER_HOME"])


QUIET = {"loggers": {"console": {"config": {"log_level": "WARNING"}}}}


def _resolve(settings: Settings | None, defs, instance):
    """Settings, Definitions and the Dagster instance to run on (the repo's, by default)."""
    import dagster as dg

    from f1bench_pipeline.definitions import build_definitions

    settings = settings or get_settings()
    defs = defs or build_definitions(settings)
    if instance is None:
        ensure_dagster_home()
        instance = dg.DagsterInstance.get()
    return settings, defs, instance


def _run(job, instance, partition_key=None, run_config=None):
    return job.execute_in_process(partition_key=partition_key, instance=instance, raise_on_error=False,
                                  run_config=run_config or QUIET)


def race_batches(races: list) -> list[list]:
    """The races as runs of the ingest job: each a season's consecutive rounds, so a run's
    partition range (season × first..last round) holds exactly its races."""
    batches: list[list] = []
    for ev in sorted(races, key=lambda e: (e.season, e.round)):
        last = batches[-1][-1] if batches else None
        if last is not None and last.season == ev.season and last.round + 1 == ev.round:
            batches[-1].append(ev)
        else:
            batches.append([ev])
    return batches


def _run_races(job, instance, batch: list):
    """One ingest run over ``batch``'s race partitions (the asset loads them in parallel)."""
    from dagster._core.storage.tags import ASSET_PARTITION_RANGE_END_TAG, ASSET_PARTITION_RANGE_START_TAG

    from f1bench_pipeline.partitions import race_partition_key

    first, last = (race_partition_key(ev.season, ev.round) for ev in (batch[0], batch[-1]))
    if len(batch) == 1:
        return _run(job, instance, first)
    return job.execute_in_process(instance=instance, raise_on_error=False, run_config=QUIET,
                                  tags={ASSET_PARTITION_RANGE_START_TAG: str(first),
                                        ASSET_PARTITION_RANGE_END_TAG: str(last)})


def _run_per_system(job, names: list[str], seasons: list[int], instance, progress: Callable[[str], None],
                    what: str, run_config=None) -> dict[str, bool]:
    """One run of a season × model job per system and season; ``{"<system>|<season>": success}``."""
    from f1bench_pipeline.generation.runner import partition_key

    out: dict[str, bool] = {}
    for season in seasons:
        for name in names:
            t0 = time.perf_counter()
            result = _run(job, instance, partition_key(name, season), run_config)
            out[f"{name}|{season}"] = result.success
            progress(f"season {season} {name}: {what} {'ok' if result.success else 'FAILED'}"
                     f" ({time.perf_counter() - t0:.1f} s)")
    return out


def build(
    seasons: list[int] | None = None,
    instance=None,
    progress: Callable[[str], None] = print,
    settings: Settings | None = None,
    with_systems: bool = True,
    with_weather: bool = True,
) -> dict:
    """Ingest every race the source can provide for ``seasons``, derive each season, then
    generate and score the offline systems on every season (``with_systems``), run the
    verifier-guided loop on the test season, and build the weather domain's embedded
    sample (``with_weather``)."""
    from f1bench_pipeline.ingest.race_catalog import RaceSource, available_races

    settings, defs, instance = _resolve(settings, None, instance)
    seasons = seasons or settings.seasons
    source = RaceSource(settings.fastf1_cache, settings.offline, settings.cache_manifest)
    races = available_races(source, seasons)
    progress(f"{len(races)} races available from {'cache ' + str(settings.fastf1_cache) if settings.offline else 'the network'}")
    ingest = defs.resolve_job_def("ingest_races")
    t0 = time.perf_counter()
    done = 0
    for batch in race_batches(races):
        t1 = time.perf_counter()
        result = _run_races(ingest, instance, batch)
        done += len(batch)
        what = batch[0].event if len(batch) == 1 else f"rounds {batch[0].round}–{batch[-1].round} ({len(batch)} races)"
        progress(f"[{done}/{len(races)}] {batch[0].season} {what}: ingest {'ok' if result.success else 'FAILED'}"
                 f" ({time.perf_counter() - t1:.1f} s)")
    t_raw = time.perf_counter() - t0
    built = sorted({ev.season for ev in races})
    derive(built, instance=instance, progress=progress, settings=settings, defs=defs)
    if with_systems:
        run_offline_systems(built, instance=instance, progress=progress, settings=settings, defs=defs)
        if settings.test_season in built:  # the verifier-guided loop on the test season, offline
            run_refinement([settings.test_season], instance=instance, progress=progress, settings=settings, defs=defs)
        if with_weather:  # the second domain's embedded sample, the same offline systems
            from f1bench_pipeline.domains.weather.runner import build_weather

            build_weather(settings=settings, instance=instance, progress=progress, defs=defs)
    return {"races": len(races), "seasons": built, "raw_seconds": t_raw, "total_seconds": time.perf_counter() - t0}


DERIVE_WORKERS_ENV = "F1BENCH_DERIVE_WORKERS"  # processes deriving seasons at once (1: this process only)


def derive_workers() -> int:
    """Seasons derived at once: ``$F1BENCH_DERIVE_WORKERS``, else the usable CPUs (at most 4)."""
    from f1bench_pipeline.workers import worker_count

    return worker_count(DERIVE_WORKERS_ENV, cap=4)


def derive(
    seasons: list[int],
    instance=None,
    progress: Callable[[str], None] = print,
    settings: Settings | None = None,
    defs=None,
) -> None:
    """Re-derive the event tables, instances and benchmark sets of ``seasons`` from raw Parquet.

    Each season is its own ``season_events`` run. On a persistent instance (the repo's, or any
    ``DagsterInstance`` with storage on disk) up to ``derive_workers()`` seasons run at once,
    each in a worker process that opens the same instance; seasons share no table partition,
    so the warehouse is the same as one season after another. An ephemeral instance (tests)
    cannot be opened from another process: its seasons run here, one after another."""
    settings, defs, instance = _resolve(settings, defs, instance)
    events = defs.resolve_job_def("season_events")
    workers = min(derive_workers(), len(seasons))
    if workers > 1 and not instance.is_ephemeral:
        _derive_in_workers(seasons, workers, instance, progress, settings)
    else:
        for season in seasons:
            t0 = time.perf_counter()
            result = _run(events, instance, str(season))
            progress(f"season {season}: events {'ok' if result.success else 'FAILED'} ({time.perf_counter() - t0:.1f} s)")
    t0 = time.perf_counter()
    sets = _run(defs.resolve_job_def("benchmark_sets"), instance)
    progress(f"test sample and fine-tuning export: {'ok' if sets.success else 'FAILED'} ({time.perf_counter() - t0:.1f} s)")


def _derive_in_workers(seasons: list[int], workers: int, instance, progress: Callable[[str], None],
                       settings: Settings) -> None:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    # spawn: a worker inherits no thread or lock of this process (Dagster's and DuckDB's)
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
        futures = {pool.submit(_derive_season_in_worker, season, instance.get_ref(), settings): season
                   for season in seasons}
        for future in as_completed(futures):
            season = futures[future]
            try:
                ok, seconds = future.result()
            except Exception as exc:  # the worker died: the season's run did not finish
                ok, seconds = False, 0.0
                log.error("season %s: derivation worker failed: %s", season, exc)
            progress(f"season {season}: events {'ok' if ok else 'FAILED'} ({seconds:.1f} s, worker process)")


_WORKER_DEFS: dict[str, object] = {}


def _derive_season_in_worker(season: int, instance_ref, settings: Settings) -> tuple[bool, float]:
    """One ``season_events`` run in a worker process, on the instance ``instance_ref`` names."""
    import dagster as dg

    from f1bench_pipeline.definitions import build_definitions

    t0 = time.perf_counter()
    key = settings.model_dump_json()
    if key not in _WORKER_DEFS:  # one set of definitions per worker and settings
        _WORKER_DEFS.clear()
        _WORKER_DEFS[key] = build_definitions(settings)
    job = _WORKER_DEFS[key].resolve_job_def("season_events")
    with dg.DagsterInstance.from_ref(instance_ref) as instance:
        result = _run(job, instance, str(season))
    return result.success, time.perf_counter() - t0


def run_offline_systems(
    seasons: list[int],
    instance=None,
    progress: Callable[[str], None] = print,
    settings: Settings | None = None,
    defs=None,
) -> dict[str, bool]:
    """Generations, claims and scores of every offline (template) system on ``seasons``,
    one ``generate_and_score`` run per system and season; then the validation reports."""
    from f1bench_pipeline.generation.registry import load_registry
    from f1bench_pipeline.generation.runner import register_model_partitions

    settings, defs, instance = _resolve(settings, defs, instance)
    names = [s.name for s in load_registry().offline_systems()]
    register_model_partitions(instance, names)
    out = _run_per_system(defs.resolve_job_def("generate_and_score"), names, seasons, instance, progress,
                          "generations and scores")
    validation = _run(defs.resolve_job_def("validation_reports"), instance)
    progress(f"validation reports: {'ok' if validation.success else 'FAILED'}")
    return out


def run_refinement(
    seasons: list[int],
    systems: list[str] | None = None,
    max_rounds: int | None = None,
    instance=None,
    progress: Callable[[str], None] = print,
    settings: Settings | None = None,
    defs=None,
    max_cost_usd: float | None = None,
) -> dict[str, bool]:
    """Verifier-guided generation of ``systems`` (default: the offline ones) on ``seasons``,
    one ``verifier_guided`` run per system and season; then the round-by-round report.
    ``max_cost_usd``: each run's spending cap (else each system's)."""
    from f1bench_pipeline.generation.registry import load_registry
    from f1bench_pipeline.generation.runner import register_model_partitions

    settings, defs, instance = _resolve(settings, defs, instance)
    registry = load_registry()
    names = [registry.get(n).name for n in systems] if systems else [s.name for s in registry.offline_systems()]
    register_model_partitions(instance, names, registry)
    config = {**QUIET}
    refine_config = {k: v for k, v in {"max_rounds": max_rounds, "max_cost_usd": max_cost_usd}.items() if v is not None}
    if refine_config:
        config["ops"] = {"refinement_rounds": {"config": refine_config}}
    out = _run_per_system(defs.resolve_job_def("verifier_guided"), names, seasons, instance, progress,
                          "verifier-guided rounds", config)
    report = _run(defs.resolve_job_def("refinement_reports"), instance)
    progress(f"refinement report: {'ok' if report.success else 'FAILED'}")
    return out
