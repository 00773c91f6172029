"""``f1bench leaderboard`` (the parser only; the handler is ``scoring.leaderboard_cli``)."""

from __future__ import annotations

import argparse

from f1bench_pipeline.command import Handler


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("leaderboard", help="the leaderboard of the warehouse (the `leaderboard` view), one row per system")
    p.add_argument("--season", type=int, help="default: the test season")
    p.add_argument("--variant", default="default", help="prompt variant (default, cover_all)")
    p.add_argument("--lang", default="all", help="en, es, pt or all")
    p.add_argument("--decision-type", default="all", help="undercut, overcut, stint_strategy, ... or all")
    p.add_argument("--common", action="store_true",
                   help="compare the systems on the answers they all gave (same id, language, variant)")
    p.add_argument("--include-wrong-language", action="store_true",
                   help="count in the figures the answers written in another language than the one asked "
                        "(default: counted in n_wrong_language only; F1BENCH_LEADERBOARD_INCLUDE_WRONG_LANGUAGE)")
    p.add_argument("--format", choices=["table", "json", "csv"], default="table")
    p.set_defaults(func=Handler("f1bench_pipeline.scoring.leaderboard_cli:cmd_leaderboard"))
