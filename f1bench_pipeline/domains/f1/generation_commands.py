"""The handlers of F1's generation commands (``domains/f1/cli.py`` parses them): ``dry-run``,
``generate``, ``rerun`` and ``import-generations``, on a season's partitions.

Dagster loads inside the commands that make or record a run (seconds): ``dry-run`` loads none."""

from __future__ import annotations

import argparse
import shlex
import sys
import time

from f1bench_pipeline.domains import get_domain
from f1bench_pipeline.domains.f1.importer import ImportFailed, import_jsonl, imported_systems
from f1bench_pipeline.errors import UnknownSystemError, UserError
from f1bench_pipeline.generation.names import model_key, unsafe_name
from f1bench_pipeline.generation.plan import format_estimates
from f1bench_pipeline.generation.preflight import confirm_paid, estimates, require_key
from f1bench_pipeline.generation.progress import terminal
from f1bench_pipeline.generation.registry import load_registry
from f1bench_pipeline.generation.runner import generate_partition
from f1bench_pipeline.generation.table import all_calls_failed, summarize
from f1bench_pipeline.scoring.leaderboard_cli import leaderboard, printable, system_rows
from f1bench_pipeline.settings import get_settings
from f1bench_pipeline.text_table import format_table

F1 = get_domain("f1")


def _names(text: str | None) -> list[str] | None:
    return [t.strip() for t in text.split(",") if t.strip()] if text else None


def cmd_dry_run(args: argparse.Namespace) -> int:
    season = get_settings().checked_season(args.season)
    names = _names(args.systems) or load_registry().names()
    print(f"dry run, season {season}: nothing is called\n")
    print(format_estimates(estimates(F1, names, season, args.max_cost_usd), F1.partition_column))
    return 0


def cmd_generate(args: argparse.Namespace) -> int:
    settings = get_settings()
    season = settings.checked_season(args.season)
    reg = load_registry()
    names = _names(args.systems) or [s.name for s in reg.offline_systems()]
    # Offline templates, local weights and servers on this machine cost nothing: no confirmation.
    paid = [n for n in names if not reg.get(n).costless]
    for n in names:
        require_key(F1, reg.get(n), season, settings)
    refused = confirm_paid(F1, paid, season, args.max_cost_usd, args.yes)
    if refused is not None:
        return refused

    # Progress of every partition's calls on stderr: a bar on a TTY, a line every --progress-every s otherwise.
    with terminal(args.progress_every):
        if args.no_dagster:
            return _generate_direct(names, season, settings, reg, args)
        from f1bench_pipeline.domains.f1.generation_runs import materialize_generations  # Dagster, as in cmd_rerun

        results = materialize_generations(names, season, settings, registry=reg, max_cost_usd=args.max_cost_usd)
    return 0 if all(results.values()) else 1


def _generate_direct(names: list[str], season: int, settings, reg, args: argparse.Namespace) -> int:  # noqa: ANN001
    failed = 0
    for name in names:
        res = generate_partition(F1, settings, name, season, registry=reg, progress_every_s=args.progress_every,
                                 max_cost_usd=args.max_cost_usd)
        summary = summarize(res.frame)
        st = ", ".join(f"{k}={v}" for k, v in summary["statuses"].items() if v)
        print(f"generations {season} {name}: {res.frame.height}/{res.expected} rows ({st}); "
              f"{res.stats.calls} calls, {res.stats.cache_hits} cached, cost ${res.stats.cost_usd:.4f}"
              + (f"; stopped by the spending cap ({res.stats.budget_stop})" if res.stats.budget_stop else ""))
        failed += res.missing != 0
        why = all_calls_failed(res.frame)
        if why:
            print(f"generations {season} {name}: {why}", file=sys.stderr)
            failed += 1
    return 1 if failed else 0


def cmd_rerun(args: argparse.Namespace) -> int:
    """One system on one season, through Dagster: generations, claims and scores (``--score-only``:
    claims and scores of the stored generations, no call) — the runs the UI launches. An imported
    system (answers in the warehouse, no registry entry) can only be rescored."""
    settings = get_settings()
    season = settings.checked_season(args.season)
    reg = load_registry()
    name, imported = _rerun_target(args.system, season, settings, reg, args.score_only)
    if not args.score_only:  # a registry system (an imported one is only rescored: _rerun_target)
        require_key(F1, reg.get(name), season, settings)
    # Dagster (seconds) only where a run is made: `f1bench dry-run` loads none
    from f1bench_pipeline.domains.f1.runs import refresh_season_views, run_per_system
    from f1bench_pipeline.orchestration.dynamic_partitions import add_model_partition_keys, register_model_partitions
    from f1bench_pipeline.orchestration.execute import Runs

    runs = Runs.open(settings)
    if imported:
        add_model_partition_keys(runs.instance, [model_key(name)])
    else:
        register_model_partitions(runs.instance, [name], reg)
    job, what = ("score_only", "claims and scores") if args.score_only else ("generate_and_score",
                                                                             "generations and scores")
    done = run_per_system(runs, job, [name], [season], what)
    if all(done.values()):  # the season's figure and the audit page's first view, current with these scores
        refresh_season_views(runs, [season])
    return 0 if all(done.values()) else 1


def _rerun_target(name: str, season: int, settings, reg, score_only: bool) -> tuple[str, bool]:  # noqa: ANN001
    """(system name, whether it is an imported system) of ``rerun``'s argument: a registry system,
    else a system whose answers were imported (``importer.imported_systems``); a one-line error
    listing both kinds otherwise."""
    try:
        return reg.get(name).name, False
    except UnknownSystemError:
        imported = imported_systems(settings.warehouse_dir, reg)
    match = next((n for n in (name, unsafe_name(name)) if n in imported), None)
    if match is None:
        known = [*reg.names(), *(f"{n} (imported)" for n in imported)]
        raise UnknownSystemError(f"unknown system {name!r}: not in the registry {reg.path} and no imported answers "
                                 f"(known: {', '.join(known)}; an overlay adds a system: docs/generations.md)")
    if not score_only:
        raise UserError(f"{match!r} is an imported system (no registry entry): its answers cannot be generated "
                        f"again, only rescored: f1bench rerun {shlex.quote(match)} --season {season} --score-only")
    if season not in imported[match]:
        raise UserError(f"{match!r} has no imported answers in season {season} (it has "
                        f"{', '.join(map(str, imported[match]))}): add --season {imported[match][-1]}")
    return match, True


def cmd_import(args: argparse.Namespace) -> int:
    """Import the file; then, unless ``--no-score`` (or ``--no-dagster``, ``--dry-run``), claims and
    scores of every imported partition through the ``score_only`` job (what ``rerun --score-only``
    runs) and the imported systems' leaderboard rows."""
    s = get_settings()
    try:
        report = import_jsonl(args.file, s.warehouse_dir, strict=args.strict, dry_run=args.dry_run,
                              score_mismatched=args.score_mismatched)
    except ImportFailed as exc:
        print(exc.report.format(max_errors=args.max_errors), file=sys.stderr)
        print("strict import: nothing written", file=sys.stderr)
        return 1
    print(report.format(max_errors=args.max_errors))
    if not report.written:
        return 0
    if args.no_dagster:
        print("\nnot scored: --no-dagster records nothing in Dagster, and scoring is its score_only job. "
              "Score the import with:")
        _print_score_commands(report)
        return 0
    from f1bench_pipeline.orchestration.execute import Runs
    from f1bench_pipeline.orchestration.instance import open_instance

    instance = open_instance()
    _report_import_to_dagster(report, instance)
    if args.no_score:
        print("\nnot scored (--no-score). Score the import with:")
        _print_score_commands(report)
        return 0
    return _score_import(report, Runs.open(s, instance=instance))


def _print_score_commands(report) -> None:  # noqa: ANN001
    for season, system in sorted(report.partitions):
        print(f"  f1bench rerun {shlex.quote(system)} --season {season} --score-only")


def _score_import(report, runs) -> int:  # noqa: ANN001
    """The ``score_only`` run of each imported (season, system) partition, then the systems'
    leaderboard rows; 1 when a run failed (the import is kept)."""
    from f1bench_pipeline.domains.f1.runs import refresh_season_views, run_per_system

    by_season: dict[int, list[str]] = {}
    for season, system in sorted(report.partitions):
        by_season.setdefault(season, []).append(system)
    print()
    t0 = time.perf_counter()
    done: dict[str, bool] = {}
    for season, names in by_season.items():
        done |= run_per_system(runs, "score_only", names, [season], "claims and scores")
    print(f"scored in {time.perf_counter() - t0:.1f} s")
    failed = [k for k, ok in done.items() if not ok]
    scored = sorted({int(k.rsplit("|", 1)[1]) for k, ok in done.items() if ok})
    if scored:  # each season's figure and the audit page's first view, with the imported systems in them
        refresh_season_views(runs, scored)
    for season, names in by_season.items():
        _print_leaderboard_rows(runs.settings.warehouse_dir, season, names)
    if failed:
        print(f"scoring failed for {', '.join(failed)} (the import is kept; see the run in the UI); again with:",
              file=sys.stderr)
        for key in failed:
            system, season = key.rsplit("|", 1)
            print(f"  f1bench rerun {shlex.quote(system)} --season {season} --score-only", file=sys.stderr)
        return 1
    return 0


def _print_leaderboard_rows(warehouse_dir, season: int, names: list[str]) -> None:  # noqa: ANN001
    """The rows of ``names`` on the leaderboard of ``season`` (each variant they answered), ranked
    among every system's — the rows ``f1bench leaderboard`` shows."""
    variants = sorted({r["variant"] for n in names for r in system_rows(warehouse_dir, season, n)},
                      key=lambda v: (v != "default", v))
    if not variants:
        print(f"\nseason {season}: no scored answer of {', '.join(names)} (see the statuses above)")
        return
    for variant in variants:
        board, warnings = leaderboard(warehouse_dir, season, variant)
        mine = [dict(r, rank=f"{k}/{len(board)}") for k, r in enumerate(board, 1) if r["model"] in names]
        table, cols = printable(mine)
        for row, r in zip(table, mine):
            row["rank"] = r["rank"]
        flag = "" if variant == "default" else f" --variant {variant}"
        print(f"\nLeaderboard — season {season}, {variant} prompt, lang all (95% bootstrap intervals; every "
              f"system: f1bench leaderboard --season {season}{flag}):")
        print(format_table(table, ["rank", *cols]))
        for w in warnings:
            print(w, file=sys.stderr)


def _report_import_to_dagster(report, instance) -> None:  # noqa: ANN001
    """Record the imported partitions as materializations, so the UI shows them (their ``models``
    partitions added first: the score runs of an imported system need them)."""
    # Dagster (seconds) only where a run is made or recorded: `f1bench systems` and `dry-run` load none
    import dagster as dg

    from f1bench_pipeline.domains.f1.partitions import partition_key
    from f1bench_pipeline.orchestration.dynamic_partitions import add_model_partition_keys

    add_model_partition_keys(instance, sorted({model_key(system) for _season, system in report.partitions}))
    for (season, system), summary in report.partitions.items():
        key = partition_key(system, season)
        instance.report_runless_asset_event(dg.AssetMaterialization(
            asset_key="generations", partition=str(key), description=f"imported from {report.path}",
            metadata={"source": "import", "dagster/row_count": summary["rows"],
                      "statuses": dg.MetadataValue.json(summary["statuses"])}))
