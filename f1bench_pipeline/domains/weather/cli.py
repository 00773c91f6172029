"""``f1bench weather …``: build the weather domain, collect NWS forecasts, print the leaderboard."""

from __future__ import annotations

from f1bench_pipeline.command import Handler


def register(sub) -> None:
    p = sub.add_parser("weather", help="the NOAA/NWS weather domain: build, collect, leaderboard")
    wsub = p.add_subparsers(dest="weather_command", required=True)
    b = wsub.add_parser("build", help="records, instances, offline systems' generations and scores of a batch "
                                      "(Dagster runs), then the leaderboard")
    b.add_argument("--batch", help="collection batch (default: shared-2025, the embedded sample)")
    b.add_argument("--variant", default="default", choices=["default", "cover_all"])
    b.add_argument("systems", nargs="*", help="registry systems (default: the offline templates)")
    b.set_defaults(func=Handler("f1bench_pipeline.domains.weather.build:cmd_build"))
    lb = wsub.add_parser("leaderboard", help="the weather leaderboard (rank by precision vs rank by F1)")
    lb.add_argument("--batch")
    lb.add_argument("--variant", default="default", choices=["default", "cover_all"])
    lb.set_defaults(func=Handler("f1bench_pipeline.domains.weather.commands:cmd_leaderboard"))
    sc = wsub.add_parser("score", help="score a JSONL of weather answers made elsewhere (id, model, lang, text | "
                                       "error[, variant]); exit 0 all scored, 3 lines skipped, 1 nothing")
    sc.add_argument("file")
    sc.add_argument("--batch", help="the batch the ids belong to (default: the embedded sample batch)")
    sc.add_argument("--format", choices=["table", "json"], default="table")
    sc.add_argument("--strict", action="store_true", help="score nothing if any line is bad (exit 1)")
    sc.add_argument("--samples", metavar="FILE", help="one JSON line per answer: claims with labels, missed facts, P/R/F1")
    sc.set_defaults(func=Handler("f1bench_pipeline.domains.weather.commands:cmd_score"))
    c = wsub.add_parser("collect", help="collect forecasts from api.weather.gov into a new batch")
    c.add_argument("--batch", required=True, help="e.g. nws-2026-06-01")
    c.add_argument("--locations", help="CSV location,lat,lon (default: data/weather/locations.csv)")
    c.add_argument("--base-url", help="API root (default https://api.weather.gov)")
    c.set_defaults(func=Handler("f1bench_pipeline.domains.weather.commands:cmd_collect"))

