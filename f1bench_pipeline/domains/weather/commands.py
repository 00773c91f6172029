"""The handlers of the commands ``f1bench_pipeline.domains.weather.cli`` parses."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from f1bench_pipeline.domains import get_domain
from f1bench_pipeline.domains.weather import sources
from f1bench_pipeline.domains.weather.collector import (
    CollectionError,
    NWSClient,
    collect,
    load_locations,
)
from f1bench_pipeline.domains.weather.records import load_records
from f1bench_pipeline.domains.weather.report import print_weather_leaderboard
from f1bench_pipeline.domains.weather.score_file import read_answers, score_answers
from f1bench_pipeline.domains.weather.sources import (
    LOCATIONS_FILE,
    SAMPLE_BATCH,
    batches_dir,
    check_batch_name,
)
from f1bench_pipeline.scoring.printout import leaderboard_rows, write_samples
from f1bench_pipeline.settings import get_settings
from f1bench_pipeline.storage.warehouse import read_table
from f1bench_pipeline.text_table import format_table


def cmd_leaderboard(args: argparse.Namespace) -> int:
    if not print_weather_leaderboard(get_settings().warehouse_dir, args.batch, args.variant):
        print("no weather scores yet: run `f1bench weather build`", file=sys.stderr)
        return 1
    return 0


def cmd_score(args: argparse.Namespace) -> int:
    """Score a JSONL of weather answers made elsewhere: exit 0 all scored, 3 lines skipped, 1 nothing."""
    settings = get_settings()
    batch = args.batch or SAMPLE_BATCH
    instances = read_table(settings.warehouse_dir, "weather_instances", {"batch": batch})
    if instances.is_empty() and batch == SAMPLE_BATCH:  # the embedded sample needs no build

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

