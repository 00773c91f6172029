"""``f1bench weather …``: build the weather domain, collect NWS forecasts, print the leaderboard."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def cmd_build(args: argparse.Namespace) -> int:
    from f1bench_pipeline.domains.weather.report import print_weather_leaderboard
    from f1bench_pipeline.domains.weather.build import build_weather
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


def cmd_score(args: argparse.Namespace) -> int:
    """Score a JSONL of weather answers made elsewhere: exit 0 all scored, 3 lines skipped, 1 nothing."""
    import json

    from f1bench_pipeline.domains.weather.score_file import read_answers, score_answers
    from f1bench_pipeline.domains.weather.sources import SAMPLE_BATCH
    from f1bench_pipeline.scoring.cli import leaderboard_rows, write_samples
    from f1bench_pipeline.settings import get_settings
    from f1bench_pipeline.storage.warehouse import read_table
    from f1bench_pipeline.summary import format_table

    settings = get_settings()
    batch = args.batch or SAMPLE_BATCH
    instances = read_table(settings.warehouse_dir, "weather_instances", {"batch": batch})
    if instances.is_empty() and batch == SAMPLE_BATCH:  # the embedded sample needs no build
        from f1bench_pipeline.domains import get_domain
        from f1bench_pipeline.domains.weather import sources
        from f1bench_pipeline.domains.weather.records import load_records

        instances = get_domain("weather").instance_rows(load_records(sources.SAMPLE_FILE), batch=batch)
    if instances.is_empty():
        print(f"f1bench weather score: batch {batch!r} has no weather_instances: `f1bench weather build --batch "
              f"{batch}` first", file=sys.stderr)
        return 1
    if not Path(args.file).is_file():
        print(f"f1bench weather score: {args.file}: no such file", file=sys.stderr)
        return 2
    answers, errors, lines = read_answers(args.file, set(instances["id"]), set(instances["variant"]),
                                          settings.max_answer_chars)
    for n, msg in errors[:50]:
        print(f"{args.file}:{n}: {msg}", file=sys.stderr)
    if args.strict and errors:
        print(f"f1bench weather score --strict: {len(errors)} bad line(s); nothing scored", file=sys.stderr)
        return 1
    claims, scores, board = score_answers(answers, instances)
    if args.samples and scores.height:
        texts = {(r["model"], r["id"], r["lang"], r["variant"]): r["text"] for r in answers.iter_rows(named=True)}
        write_samples(args.samples, scores, claims, texts)
    if args.format == "json":
        print(json.dumps({"file": args.file, "batch": batch, "lines": lines, "scored_lines": answers.height,
                          "bad_lines": len(errors), "leaderboard": board.to_dicts() if board.height else []},
                         indent=1, default=str))
    else:
        rows = leaderboard_rows(board) if board.height else []
        print(format_table(rows, list(rows[0]) if rows else ["model"]))
        print(f"\n{answers.height} of {lines} lines scored ({len(errors)} skipped), weather batch {batch}")
    if answers.is_empty():
        return 1
    return 3 if errors else 0


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
    sc = wsub.add_parser("score", help="score a JSONL of weather answers made elsewhere (id, model, lang, text | "
                                       "error[, variant]); exit 0 all scored, 3 lines skipped, 1 nothing")
    sc.add_argument("file")
    sc.add_argument("--batch", help="the batch the ids belong to (default: the embedded sample batch)")
    sc.add_argument("--format", choices=["table", "json"], default="table")
    sc.add_argument("--strict", action="store_true", help="score nothing if any line is bad (exit 1)")
    sc.add_argument("--samples", metavar="FILE", help="one JSON line per answer: claims with labels, missed facts, P/R/F1")
    sc.set_defaults(func=cmd_score)
    c = wsub.add_parser("collect", help="collect forecasts from api.weather.gov into a new batch")
    c.add_argument("--batch", required=True, help="e.g. nws-2026-06-01")
    c.add_argument("--locations", help="CSV location,lat,lon (default: data/weather/locations.csv)")
    c.add_argument("--base-url", help="API root (default https://api.weather.gov)")
    c.set_defaults(func=cmd_collect)
