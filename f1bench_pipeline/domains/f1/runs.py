"""The F1 benchmark's runs: ``f1bench build``, ``derive`` and ``refine`` (and ``make demo``).

``build`` ingests every race the source can provide — each season's consecutive rounds one
``ingest_races`` run over their race partitions, each race its own partition — then ``derive``s
each season (one ``season_events`` run a season), generates and scores the offline systems
(``generate_and_score`` per system and season), runs the verifier-guided loop on the test season
(``verifier_guided``) and then each other domain's part (weather's embedded sample). The runs of a stage go to
the instance's run queue together (``Runs.run_all``): Dagster runs them side by side, each in its
own process, as it runs a UI backfill; the next stage starts when they have ended.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from f1bench_pipeline.audit.first_view import store_first_view
from f1bench_pipeline.domains.f1.ingest.race_catalog import (
    KNOWN_UNLOADABLE_RACES,
    RaceSource,
    available_races,
)
from f1bench_pipeline.domains.f1.partitions import partition_key, race_partition_key
from f1bench_pipeline.domains.f1.settings import F1Settings
from f1bench_pipeline.generation.registry import load_registry
from f1bench_pipeline.orchestration.dynamic_partitions import register_model_partitions
from f1bench_pipeline.orchestration.execute import Runs, Step, quiet_config
from f1bench_pipeline.settings import Settings
from f1bench_pipeline.storage.warehouse import read_table

log = logging.getLogger(__name__)


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


def ingest_step(batch: list, warehouse: Any = None) -> Step:
    """One ``ingest_races`` run over ``batch``'s race partitions (the asset loads them in parallel);
    with ``warehouse``, its progress line names the races of the batch that were skipped."""
    first, last = (str(race_partition_key(ev.season, ev.round)) for ev in (batch[0], batch[-1]))
    what = batch[0].event if len(batch) == 1 else f"rounds {batch[0].round}–{batch[-1].round} ({len(batch)} races)"
    note = (lambda: skipped_note(warehouse, batch)) if warehouse is not None else None
    return Step(f"{batch[0].season} {what}", "ingest", "ingest_races", partition_range=(first, last), size=len(batch),
                note=note)


def skipped_races(warehouse: Any, races: list) -> list:
    """The races of ``races`` that ``raw_sessions`` records as skipped."""
    out = []
    for season in sorted({ev.season for ev in races}):  # one small read per season
        rows = read_table(warehouse, "raw_sessions", {"season": season})
        skipped = set() if rows.is_empty() else {int(r) for r, st in zip(rows["round"], rows["status"]) if st == "skipped"}
        out += [ev for ev in races if ev.season == season and ev.round in skipped]
    return out


def skipped_note(warehouse: Any, batch: list) -> str:
    """"1 of 2 races skipped: Italian Grand Prix (known, expected)" for an ingest run's progress line."""
    skipped = skipped_races(warehouse, batch)
    if not skipped:
        return ""
    names = ", ".join(f"{ev.event} ({'known, expected' if (ev.season, ev.round) in KNOWN_UNLOADABLE_RACES else 'unexpected'})"
                      for ev in skipped)
    return f"{len(skipped)} of {len(batch)} races skipped: {names}"


def build(
    seasons: list[int] | None = None,
    instance=None,
    progress: Callable[[str], None] = print,
    settings: Settings | None = None,
    with_systems: bool = True,
    with_other_domains: bool = True,
    force: bool = False,
) -> dict:
    """Ingest every race the source can provide for ``seasons``, derive each season, then
    generate and score the offline systems on every season (``with_systems``), run the
    verifier-guided loop on the test season, and then every other domain's part of the build
    (``with_other_domains``: the ``build_sample`` of each domain's ``build.py``; weather's embedded
    sample). Incremental: a run whose assets are all fresh for its
    partitions is left out (``freshness.py``); ``force`` runs everything."""
    runs = Runs.open(settings, instance=instance, progress=progress, incremental=not force)
    settings = runs.settings
    seasons = seasons or settings.seasons
    f1 = F1Settings.of(settings)
    source = RaceSource(f1.fastf1_cache, settings.offline, f1.cache_manifest)
    races = available_races(source, seasons)
    progress(f"{len(races)} races available from {'cache ' + str(f1.fastf1_cache) if settings.offline else 'the network'}")
    t0 = time.perf_counter()
    stale = {p for _a, p in runs.not_fresh("ingest_races", [race_partition_key(ev.season, ev.round) for ev in races])}
    todo = [ev for ev in races if str(race_partition_key(ev.season, ev.round)) in stale]
    if len(todo) < len(races):
        progress(f"{len(races) - len(todo)} of {len(races)} races up to date (ingested, nothing changed since)")
    try:
        runs.run_all([ingest_step(batch, settings.warehouse_dir) for batch in race_batches(todo)],
                     counted=(len(races) - len(todo), len(races)))
        t_raw = time.perf_counter() - t0
        built = sorted({ev.season for ev in races})
        derive(built, runs=runs)
        if with_systems:
            run_offline_systems(built, runs=runs)
            if settings.test_season in built:  # the verifier-guided loop on the test season, offline
                run_refinement([settings.test_season], runs=runs)
            _store_audit_first_view(settings, progress)
            if with_other_domains:  # e.g. the weather domain's embedded sample, the same offline systems
                from f1bench_pipeline.discovery import domain_build_steps

                for step in domain_build_steps():
                    step.build_sample(settings=settings, instance=runs.instance, progress=progress,
                                      incremental=runs.incremental)
    finally:
        runs.close()
    skipped = len(skipped_races(settings.warehouse_dir, races))
    return {"races": len(races), "loaded": len(races) - skipped, "skipped": skipped, "seasons": built, "raw_seconds": t_raw,
            "total_seconds": time.perf_counter() - t0}


def refresh_season_views(runs: Runs, seasons: list[int]) -> None:
    """After a command changed scores (eval, an import, rerun): what a reader sees first brought up
    to date — each season's precision-recall figure (the asset) and the audit page's first leaderboard."""
    run_figures(runs, seasons)
    _store_audit_first_view(runs.settings, runs.progress)


def _store_audit_first_view(settings: Settings, progress: Callable[[str], None]) -> None:
    """The audit page's first leaderboard, computed now that the scores are written (audit/answers.py)."""
    took = store_first_view(settings.warehouse_dir)
    if took is not None:
        progress(f"audit page: leaderboard computed ({took:.1f} s)")


def derive(
    seasons: list[int],
    instance=None,
    progress: Callable[[str], None] = print,
    settings: Settings | None = None,
    defs=None,
    runs: Runs | None = None,
) -> None:
    """Re-derive the event tables, instances and benchmark sets of ``seasons`` from raw Parquet.

    Each season is its own ``season_events`` run, all of them through the run queue at once
    (``Runs.run_all``); seasons share no table partition, so the warehouse is the same as one
    season after another."""
    owned = runs is None
    runs = runs or Runs.open(settings, defs, instance, progress)
    try:
        if runs.incremental:
            stale = {p for _a, p in runs.not_fresh("season_events", [str(s) for s in seasons])}
            for season in seasons:
                if str(season) not in stale:
                    runs.progress(f"season {season}: events up to date")
            seasons = [s for s in seasons if str(s) in stale]
        runs.run_all([Step(f"season {s}", "events", "season_events", str(s)) for s in seasons])
        runs.step("test sample and fine-tuning export", "", "benchmark_sets")
    finally:
        if owned:
            runs.close()


def run_per_system(runs: Runs, job: str, names: list[str], seasons: list[int], what: str,
                   run_config: dict | None = None) -> dict[str, bool]:
    """One run of a season × model ``job`` per system and season; ``{"<system>|<season>": success}``."""
    out: dict[str, bool] = {}
    steps: list[Step] = []
    for season in seasons:
        for name in names:
            label, key = f"season {season} {name}", partition_key(name, season)
            if runs.incremental and not runs.not_fresh(job, [key]):
                runs.progress(f"{label}: {what} up to date")
                out[f"{name}|{season}"] = True
            else:
                steps.append(Step(label, what, job, key, run_config=run_config))
    done = runs.run_all(steps)
    return out | {f"{name}|{season}": done[f"season {season} {name}"] for season in seasons for name in names
                  if f"season {season} {name}" in done}


def run_offline_systems(
    seasons: list[int],
    instance=None,
    progress: Callable[[str], None] = print,
    settings: Settings | None = None,
    defs=None,
    runs: Runs | None = None,
) -> dict[str, bool]:
    """Generations, claims and scores of every offline (template) system on ``seasons``,
    one ``generate_and_score`` run per system and season, all through the run queue at once
    (``Runs.run_all``); then the validation reports and each season's precision–recall figure."""
    owned = runs is None
    runs = runs or Runs.open(settings, defs, instance, progress)
    try:
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
                    what = "generations and scores" if job == "generate_and_score" else "claims and scores"
                    steps.append(Step(label, what, job, key))
        done = runs.run_all(steps)
        out |= {f"{name}|{season}": done[f"season {season} {name}"] for season in seasons for name in names
                if f"season {season} {name}" in done}
        runs.step("validation reports", "", "validation_reports", timed=False)
        run_figures(runs, seasons)
    finally:
        if owned:
            runs.close()
    return out


def run_figures(runs: Runs, seasons: list[int]) -> None:
    """One ``precision_recall_plot`` run per season whose figure is not fresh (its scores changed)."""
    keys = [str(s) for s in seasons]
    if runs.incremental:
        stale = {p for _a, p in runs.not_fresh("precision_recall_figure", keys)}
        for k in keys:
            if k not in stale:
                runs.progress(f"season {k}: precision-recall figure up to date")
        keys = [k for k in keys if k in stale]
    runs.run_all([Step(f"season {k}", "precision-recall figure", "precision_recall_figure", k) for k in keys])


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
    runs = runs or Runs.open(settings, defs, instance, progress)
    registry = load_registry()
    names = [registry.get(n).name for n in systems] if systems else [s.name for s in registry.offline_systems()]
    register_model_partitions(runs.instance, names, registry)
    refine_config = {k: v for k, v in {"max_rounds": max_rounds, "max_cost_usd": max_cost_usd}.items() if v is not None}
    config = quiet_config({"refinement_rounds": refine_config} if refine_config else None)
    out = run_per_system(runs, "verifier_guided", names, seasons, "verifier-guided rounds", config)
    runs.step("refinement report", "", "refinement_reports", timed=False)
    return out
