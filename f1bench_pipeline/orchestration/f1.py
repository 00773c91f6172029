"""The F1 benchmark's runs: ``f1bench build``, ``derive`` and ``refine`` (and ``make demo``).

``build`` ingests every race the source can provide — each season's consecutive rounds one
``ingest_races`` run over their race partitions, loaded by worker processes, each race its
own partition — then ``derive``s each season (one ``season_events`` run a season, several
seasons at once in worker processes on a persistent instance), generates and scores the
offline systems (``generate_and_score`` per system and season), runs the verifier-guided
loop on the test season (``verifier_guided``) and builds the weather domain's embedded sample.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from f1bench_pipeline.orchestration.dynamic_partitions import register_model_partitions
from f1bench_pipeline.partitions import partition_key, race_partition_key
from f1bench_pipeline.orchestration.execute import Runs, outcome_word, quiet_config
from f1bench_pipeline.settings import Settings

if TYPE_CHECKING:
    import dagster as dg

log = logging.getLogger(__name__)

DERIVE_WORKERS_ENV = "F1BENCH_DERIVE_WORKERS"  # processes deriving seasons at once (1: this process only)


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


def ingest_batch(runs: Runs, batch: list):
    """One ``ingest_races`` run over ``batch``'s race partitions (the asset loads them in parallel)."""
    first, last = (race_partition_key(ev.season, ev.round) for ev in (batch[0], batch[-1]))
    return runs.run("ingest_races", partition_range=(first, last))


def build(
    seasons: list[int] | None = None,
    instance=None,
    progress: Callable[[str], None] = print,
    settings: Settings | None = None,
    with_systems: bool = True,
    with_weather: bool = True,
    force: bool = False,
) -> dict:
    """Ingest every race the source can provide for ``seasons``, derive each season, then
    generate and score the offline systems on every season (``with_systems``), run the
    verifier-guided loop on the test season, and build the weather domain's embedded
    sample (``with_weather``). Incremental: a run whose assets are all fresh for its
    partitions is left out (``freshness.py``); ``force`` runs everything."""
    from f1bench_pipeline.domains.f1.ingest.race_catalog import (
        RaceSource,
        available_races,
    )

    runs = Runs.open(settings, instance=instance, progress=progress, incremental=not force)
    settings = runs.settings
    seasons = seasons or settings.seasons
    source = RaceSource(settings.fastf1_cache, settings.offline, settings.cache_manifest)
    races = available_races(source, seasons)
    progress(f"{len(races)} races available from {'cache ' + str(settings.fastf1_cache) if settings.offline else 'the network'}")
    t0 = time.perf_counter()
    stale = {p for _a, p in runs.not_fresh("ingest_races", [race_partition_key(ev.season, ev.round) for ev in races])}
    todo = [ev for ev in races if str(race_partition_key(ev.season, ev.round)) in stale]
    if len(todo) < len(races):
        progress(f"{len(races) - len(todo)} of {len(races)} races up to date (ingested, nothing changed since)")
    done = len(races) - len(todo)
    for batch in race_batches(todo):
        t1 = time.perf_counter()
        result = ingest_batch(runs, batch)
        done += len(batch)
        what = batch[0].event if len(batch) == 1 else f"rounds {batch[0].round}–{batch[-1].round} ({len(batch)} races)"
        progress(f"[{done}/{len(races)}] {batch[0].season} {what}: ingest {outcome_word(result.success)}"
                 f" ({time.perf_counter() - t1:.1f} s)")
    t_raw = time.perf_counter() - t0
    built = sorted({ev.season for ev in races})
    derive(built, runs=runs)
    if with_systems:
        run_offline_systems(built, runs=runs)
        if settings.test_season in built:  # the verifier-guided loop on the test season, offline
            run_refinement([settings.test_season], runs=runs)
        if with_weather:  # the second domain's embedded sample, the same offline systems
            from f1bench_pipeline.orchestration.weather import build_weather

            build_weather(settings=settings, instance=runs.instance, progress=progress, incremental=runs.incremental)
    return {"races": len(races), "seasons": built, "raw_seconds": t_raw, "total_seconds": time.perf_counter() - t0}


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
    runs: Runs | None = None,
) -> None:
    """Re-derive the event tables, instances and benchmark sets of ``seasons`` from raw Parquet.

    Each season is its own ``season_events`` run. On a persistent instance (the repo's, or any
    ``DagsterInstance`` with storage on disk) up to ``derive_workers()`` seasons run at once,
    each in a worker process that opens the same instance; seasons share no table partition,
    so the warehouse is the same as one season after another. An ephemeral instance (tests)
    cannot be opened from another process: its seasons run here, one after another."""
    runs = runs or Runs.open(settings, defs, instance, progress)
    if runs.incremental:
        stale = {p for _a, p in runs.not_fresh("season_events", [str(s) for s in seasons])}
        for season in seasons:
            if str(season) not in stale:
                runs.progress(f"season {season}: events up to date")
        seasons = [s for s in seasons if str(s) in stale]
    workers = min(derive_workers(), len(seasons))
    if workers > 1 and not runs.instance.is_ephemeral:
        _derive_in_workers(seasons, workers, runs)
    else:
        for season in seasons:
            runs.step(f"season {season}", "events", "season_events", str(season))
    runs.step("test sample and fine-tuning export", "", "benchmark_sets")


def _derive_in_workers(seasons: list[int], workers: int, runs: Runs) -> None:
    _in_workers(runs, workers, [(f"season {s}", "events", "season_events", str(s)) for s in seasons])


def _in_workers(runs: Runs, workers: int, steps: list[tuple[str, str, str, Any]],
                env: dict[str, str] | None = None) -> dict[str, bool]:
    """Runs, one per ``(label, what, job, partition key)``, ``workers`` at a time, each in a
    worker process that opens ``runs``' instance (persistent: its storage is on disk); progress
    as each finishes. ``env``: variables the workers set first (e.g. no nested pools)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    from f1bench_pipeline.orchestration.interrupt import stop_workers

    out: dict[str, bool] = {}
    # spawn: a worker inherits no thread or lock of this process (Dagster's and DuckDB's)
    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
    try:
        futures = {pool.submit(_run_in_worker, job, key, runs.instance.get_ref(), runs.settings, env or {}):
                   (label, what) for label, what, job, key in steps}
        for future in as_completed(futures):
            label, what = futures[future]
            try:
                ok, seconds = future.result()
            except Exception as exc:  # the worker died: the run did not finish
                ok, seconds = False, 0.0
                log.error("%s: worker process failed: %s", label, exc)
            out[label] = ok
            runs.progress(f"{label}: {what} {outcome_word(ok)} ({seconds:.1f} s, worker process)")
    except BaseException:  # Ctrl-C / SIGTERM (or a run a worker saw interrupted): stop the workers' runs too
        stop_workers(pool)
        raise
    pool.shutdown(wait=True)
    return out


_WORKER_RUNS: dict[str, dg.Definitions] = {}


def _run_in_worker(job: str, partition_key: Any, instance_ref, settings: Settings,
                   env: dict[str, str]) -> tuple[bool, float]:
    """One run of ``job`` in a worker process, on the instance ``instance_ref`` names."""
    import os

    import dagster as dg

    from f1bench_pipeline.orchestration.definitions_builder import build_definitions

    os.environ.update(env)
    t0 = time.perf_counter()
    key = settings.model_dump_json()
    if key not in _WORKER_RUNS:  # one set of definitions per worker and settings
        _WORKER_RUNS.clear()
        _WORKER_RUNS[key] = build_definitions(settings)
    with dg.DagsterInstance.from_ref(instance_ref) as instance:
        result = Runs(settings, _WORKER_RUNS[key], instance).run(job, partition_key)
    return result.success, time.perf_counter() - t0


def run_per_system(runs: Runs, job: str, names: list[str], seasons: list[int], what: str,
                   run_config: dict | None = None) -> dict[str, bool]:
    """One run of a season × model ``job`` per system and season; ``{"<system>|<season>": success}``."""
    out: dict[str, bool] = {}
    for season in seasons:
        for name in names:
            result = runs.step(f"season {season} {name}", what, job, partition_key(name, season),
                               run_config=run_config)
            out[f"{name}|{season}"] = result.success
    return out


SYSTEM_RUN_WORKERS_ENV = "F1BENCH_SYSTEM_RUN_WORKERS"  # offline system × season runs at once (1: one by one)


def system_run_workers() -> int:
    """Offline system × season runs at once: ``$F1BENCH_SYSTEM_RUN_WORKERS``, else the usable CPUs (at most 4)."""
    from f1bench_pipeline.workers import worker_count

    return worker_count(SYSTEM_RUN_WORKERS_ENV, cap=4)


def run_offline_systems(
    seasons: list[int],
    instance=None,
    progress: Callable[[str], None] = print,
    settings: Settings | None = None,
    defs=None,
    runs: Runs | None = None,
) -> dict[str, bool]:
    """Generations, claims and scores of every offline (template) system on ``seasons``,
    one ``generate_and_score`` run per system and season; then the validation reports.

    On a persistent instance up to ``system_run_workers()`` of these runs go at once, each in a
    worker process answering and scoring in that one process (no pool inside: the cores are
    taken by the runs), so the Dagster and Parquet work of a run is parallel too; an ephemeral
    instance runs them here, one after another, each with its own worker pools."""
    from f1bench_pipeline.generation.engine import OFFLINE_WORKERS_ENV
    from f1bench_pipeline.generation.registry import load_registry
    from f1bench_pipeline.scoring.score import PARALLEL_WORKERS_ENV as SCORING_WORKERS_ENV

    runs = runs or Runs.open(settings, defs, instance, progress)
    names = [s.name for s in load_registry().offline_systems()]
    register_model_partitions(runs.instance, names)
    steps = []
    out: dict[str, bool] = {}
    for season in seasons:
        for name in names:
            label, key = f"season {season} {name}", partition_key(name, season)
            job = system_job(runs, key)
            if job is None:
                runs.progress(f"{label}: generations and scores up to date")
                out[f"{name}|{season}"] = True
            else:
                steps.append((label, "generations and scores" if job == "generate_and_score" else "claims and scores",
                              job, key))
    workers = min(system_run_workers(), len(steps))
    if workers > 1 and not runs.instance.is_ephemeral:
        done = _in_workers(runs, workers, steps, env={OFFLINE_WORKERS_ENV: "1", SCORING_WORKERS_ENV: "1"})
    else:
        done = {label: runs.step(label, what, job, key).success for label, what, job, key in steps}
    out |= {f"{name}|{season}": done[f"season {season} {name}"] for season in seasons for name in names
            if f"season {season} {name}" in done}
    runs.step("validation reports", "", "validation_reports", timed=False)
    return out


def system_job(runs: Runs, key: Any) -> str | None:
    """The run a system × season partition needs: ``generate_and_score``; ``score_only`` when only
    its claims and scores are stale (a new extractor or verifier: no model is asked again); None
    when it is up to date (incremental runs only)."""
    stale = {asset for asset, _p in runs.not_fresh("generate_and_score", [key])}
    if not stale:
        return None
    return "score_only" if runs.incremental and stale <= {"claims", "scores"} else "generate_and_score"


def run_refinement(
    seasons: list[int],
    systems: list[str] | None = None,
    max_rounds: int | None = None,
    instance=None,
    progress: Callable[[str], None] = print,
    settings: Settings | None = None,
    defs=None,
    max_cost_usd: float | None = None,
    runs: Runs | None = None,
) -> dict[str, bool]:
    """Verifier-guided generation of ``systems`` (default: the offline ones) on ``seasons``,
    one ``verifier_guided`` run per system and season; then the round-by-round report.
    ``max_cost_usd``: each run's spending cap (else each system's)."""
    from f1bench_pipeline.generation.registry import load_registry

    runs = runs or Runs.open(settings, defs, instance, progress)
    registry = load_registry()
    names = [registry.get(n).name for n in systems] if systems else [s.name for s in registry.offline_systems()]
    register_model_partitions(runs.instance, names, registry)
    refine_config = {k: v for k, v in {"max_rounds": max_rounds, "max_cost_usd": max_cost_usd}.items() if v is not None}
    config = quiet_config({"refinement_rounds": refine_config} if refine_config else None)
    out = run_per_system(runs, "verifier_guided", names, seasons, "verifier-guided rounds", config)
    runs.step("refinement report", "", "refinement_reports", timed=False)
    return out
