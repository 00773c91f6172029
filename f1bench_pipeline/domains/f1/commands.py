"""The handlers of the commands ``f1bench_pipeline.domains.f1.cli`` parses."""

from __future__ import annotations

import argparse
from pathlib import Path

from f1bench_pipeline.discovery import domain_build_steps
from f1bench_pipeline.domains.f1.ingest.cache_manifest import write_manifest
from f1bench_pipeline.domains.f1.race_summary import print_race_summary
from f1bench_pipeline.domains.f1.refinement.report import print_refinement_report
from f1bench_pipeline.settings import get_settings
from f1bench_pipeline.scoring.report import print_leaderboard

# ``runs`` (F1's Dagster runs) is imported by the handlers that run something: Dagster's import costs
# ~2.5 s that `f1bench summary` and `cache-manifest` need not pay (4.9 s against 0.9 s measured).


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
    from f1bench_pipeline.domains.f1.runs import build

    settings = get_settings()
    report = build(_seasons(args.seasons), with_systems=not args.no_systems, force=args.force)
    skipped = f" ({report['skipped']} skipped, listed below)" if report.get("skipped") else ""
    loaded = report.get("loaded", report["races"])
    print(f"\nbuilt {loaded} race{'' if loaded == 1 else 's'}{skipped} in {report['total_seconds']:.1f} s\n")
    print_race_summary(settings.warehouse_dir)
    print_leaderboard(settings.warehouse_dir, settings.test_season)
    if not args.no_systems:
        print_refinement_report(settings.warehouse_dir, settings.test_season)
        for step in domain_build_steps():  # each other domain's leaderboard (weather's)
            step.print_summary(settings)
    return 0


def cmd_refine(args: argparse.Namespace) -> int:
    from f1bench_pipeline.domains.f1.runs import run_refinement

    settings = get_settings()
    season = args.season or settings.test_season
    ok = run_refinement([season], args.systems or None, args.rounds, max_cost_usd=args.max_cost_usd)
    print_refinement_report(settings.warehouse_dir, season)
    return 0 if all(ok.values()) else 1


def cmd_derive(args: argparse.Namespace) -> int:
    from f1bench_pipeline.domains.f1.runs import derive

    settings = get_settings()
    derive(_seasons(args.seasons) or settings.seasons)
    print_race_summary(settings.warehouse_dir)
    return 0


def cmd_summary(args: argparse.Namespace) -> int:
    print_race_summary(get_settings().warehouse_dir)
    return 0


def cmd_cache_manifest(args: argparse.Namespace) -> int:
    out = Path(args.out or Path(args.cache_dir) / "MANIFEST.sha256")
    n = write_manifest(Path(args.cache_dir), out)
    print(f"wrote {n} checksums to {out}")
    return 0

