"""``f1bench weather …``: build the weather domain, collect NWS forecasts, print the leaderboard."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def cmd_build(args: argparse.Namespace) -> int:
    from f1bench_pipeline.domains.weather.report import print_weather_leaderboard
    from f1bench_pipeline.orchestration.weather import build_weather
    from f1bench_pipeline.settings import get_settings

    settings = get_settings()
    ok = build_weather(args.batch, args.systems or None, settings)
    print_weather_leaderboard(settings.warehouse_dir, args.batch, args.variant)
    return 0 if all(ok.values()) else 1


def cmd_leaderboard(args: argparse.Namespace) -> int:
    from f1bench_pipeline.domains.weather.report import print_weather_leaderboard
    from f1bench_pipeline.settings import get_settings

    if not print_weather_leaderboard(get_settings().warehouse_dir, args.batch, args.variant):
        print("no weather scores yet: run `f1bench weather build`", file=sys.stderr)
        return 1
    return 0


def cmd_collect(args: argparse.Namespace) -> int:
    from f1bench_pipeline.domains.weather.collector import (
        CollectionError,
        NWSClient,
        collect,
        load_locations,
    )
    from f1bench_pipeline.domains.weather.sources import (
        LOCATIONS_FILE,
        SAMPLE_BATCH,
        batches_dir,
        check_batch_name,
    )
    from f1bench_pipeline.settings import get_settings

    batch = check_batch_name(args.batch)
    if batch == SAMPLE_BATCH:
        print(f"{SAMPLE_BATCH} is the embedded sample; name a new batch", file=sys.stderr)
        return 2
    locations = load_locations(Path(args.locations) if args.locations else LOCATIONS_FILE)
    folder = batches_dir(get_settings().data_dir) / batch
    client = NWSClient(base_url=args.base_url) if args.base_url else NWSClient()
    try:
        report = collect(locations, folder, client, progress=print)
    except CollectionError as exc:
        print(f"f1bench weather collect: {exc}", file=sys.stderr)
        print(f"(the locations collected are kept in {folder}; run the same command again to retry the rest)",
              file=sys.stderr)
        return 1
    print(f"batch {batch}: {report.records} records from {len(report.collected)} locations "
          f"({len(report.skipped)} already present) in {folder}")
    if report.dropped_periods:
        print(f"{len(report.dropped_periods)} periods dropped: " + "; ".join(report.dropped_periods[:5]))
    print(f"next: f1bench weather build --batch {batch}")
    return 0


def register(sub) -> None:
    p = sub.add_parser("weather", help="the NOAA/NWS weather domain: build, collect, leaderboard")
    wsub = p.add_subparsers(dest="weather_command", required=True)
    b = wsub.add_parser("build", help="records, instances, offline systems' generations and scores of a batch "
                                      "(Dagster runs), then the leaderboard")
    b.add_argument("--batch", help="collection batch (default: shared-2025, the embedded sample)")
    b.add_argument("--variant", default="default", choices=["default", "cover_all"])
    b.add_argument("systems", nargs="*", help="registry systems (default: the offline templates)")
    b.set_defaults(func=cmd_build)
    lb = wsub.add_parser("leaderboard", help="the weather leaderboard (rank by precision vs rank by F1)")
    lb.add_argument("--batch")
    lb.add_argument("--variant", default="default", choices=["default", "cover_all"])
    lb.set_defaults(func=cmd_leaderboard)
    c = wsub.add_parser("collect", help="collect forecasts from api.weather.gov into a new batch")
    c.add_argument("--batch", required=True, help="e.g. nws-2026-06-01")
    c.add_argument("--locations", help="CSV location,lat,lon (default: data/weather/locations.csv)")
    c.add_argument("--base-url", help="API root (default https://api.weather.gov)")
    c.set_defaults(func=cmd_collect)
