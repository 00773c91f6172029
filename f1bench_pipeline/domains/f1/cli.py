"""Formula 1's ``f1bench`` commands: ``build``, ``derive``, ``summary``, ``refine``,
``cache-manifest``, ``generate``/``import``/``generations``, ``score`` and ``finetune`` (registered by
``domains.register_domain_commands``, like every domain's ``cli.py``).

Imports stay light at start-up: Dagster and FastF1 load only in the commands that need them.
"""

from __future__ import annotations

import argparse
from pathlib import Path


def _seasons(text: str | None) -> list[int] | None:
    if not text:
        return None
    out: list[int] = []
    for part in text.split(","):
        if "-" in part:
            a, b = part.split("-")
            out.extend(range(int(a), int(b) + 1))
        else:
            out.append(int(part))
    return out


def cmd_build(args: argparse.Namespace) -> int:
    from f1bench_pipeline.domains import domain_build_steps
    from f1bench_pipeline.domains.f1.race_summary import print_race_summary
    from f1bench_pipeline.domains.f1.runs import build
    from f1bench_pipeline.settings import get_settings
    from f1bench_pipeline.summary import print_leaderboard

    settings = get_settings()
    report = build(_seasons(args.seasons), with_systems=not args.no_systems, force=args.force)
    skipped = f" ({report['skipped']} skipped, listed below)" if report.get("skipped") else ""
    loaded = report.get("loaded", report["races"])
    print(f"\nbuilt {loaded} race{'' if loaded == 1 else 's'}{skipped} in {report['total_seconds']:.1f} s\n")
    print_race_summary(settings.warehouse_dir)
    print_leaderboard(settings.warehouse_dir, settings.test_season)
    if not args.no_systems:
        from f1bench_pipeline.domains.f1.refinement.report import print_refinement_report

        print_refinement_report(settings.warehouse_dir, settings.test_season)
        for step in domain_build_steps():  # each other domain's leaderboard (weather's)
            step.print_summary(settings)
    return 0


def cmd_refine(args: argparse.Namespace) -> int:
    from f1bench_pipeline.domains.f1.runs import run_refinement
    from f1bench_pipeline.domains.f1.refinement.report import print_refinement_report
    from f1bench_pipeline.settings import get_settings

    settings = get_settings()
    season = args.season or settings.test_season
    ok = run_refinement([season], args.systems or None, args.rounds, max_cost_usd=args.max_cost_usd)
    print_refinement_report(settings.warehouse_dir, season)
    return 0 if all(ok.values()) else 1


def cmd_derive(args: argparse.Namespace) -> int:
    from f1bench_pipeline.domains.f1.race_summary import print_race_summary
    from f1bench_pipeline.domains.f1.runs import derive
    from f1bench_pipeline.settings import get_settings

    settings = get_settings()
    derive(_seasons(args.seasons) or settings.seasons)
    print_race_summary(settings.warehouse_dir)
    return 0


def cmd_summary(args: argparse.Namespace) -> int:
    from f1bench_pipeline.domains.f1.race_summary import print_race_summary
    from f1bench_pipeline.settings import get_settings

    print_race_summary(get_settings().warehouse_dir)
    return 0


def cmd_cache_manifest(args: argparse.Namespace) -> int:
    from f1bench_pipeline.domains.f1.ingest.cache_manifest import write_manifest

    out = Path(args.out or Path(args.cache_dir) / "MANIFEST.sha256")
    n = write_manifest(Path(args.cache_dir), out)
    print(f"wrote {n} checksums to {out}")
    return 0


def register(sub) -> None:  # noqa: ANN001 - argparse's private subparsers action
    p = sub.add_parser("build", help="ingest available races and derive the event tables (Dagster runs)")
    p.add_argument("--seasons", help="e.g. 2021,2024-2025 (default: all configured)")
    p.add_argument("--no-systems", action="store_true", help="skip generating and scoring the offline systems")
    p.add_argument("--force", action="store_true",
                   help="run every stage again (default: leave out runs whose assets are fresh, as Dagster sees them)")
    p.set_defaults(func=cmd_build)
    p = sub.add_parser("derive", help="re-derive event tables and instances from the raw Parquet already ingested")
    p.add_argument("--seasons", help="e.g. 2021,2024-2025 (default: all configured)")
    p.set_defaults(func=cmd_derive)
    p = sub.add_parser("summary", help="per-race summary of the warehouse")
    p.set_defaults(func=cmd_summary)
    p = sub.add_parser("refine", help="verifier-guided generation: send verified edits back for up to N rounds "
                                      "(Dagster runs) and print the round-by-round report")
    p.add_argument("systems", nargs="*", help="registry systems (default: the offline templates)")
    p.add_argument("--season", type=int, help="default: the test season")
    p.add_argument("--rounds", type=int, help="max rounds of edits (default: F1BENCH_REFINE_MAX_ROUNDS or 3)")
    p.add_argument("--max-cost-usd", type=float, help="spending cap in USD for each system's rounds in this run "
                                                       "(overrides the registry's max_cost_usd)")
    p.set_defaults(func=cmd_refine)
    p = sub.add_parser("cache-manifest", help="write a SHA-256 manifest for a FastF1 cache folder")
    p.add_argument("cache_dir")
    p.add_argument("--out")
    p.set_defaults(func=cmd_cache_manifest)
    from f1bench_pipeline.domains.f1.finetune.cli import register as register_finetune
    from f1bench_pipeline.domains.f1.score_file import register as register_scoring
    from f1bench_pipeline.generation.cli import register as register_generation

    register_generation(sub)
    register_scoring(sub)
    register_finetune(sub)
