"""`f1bench plot`: the precision–recall figure of a season, to a file.

    f1bench plot --out fig.svg [--season Y] [--variant V] [--langs en,es] [--systems a,b] [--dpi N]

The format is the suffix of ``--out``: .svg and .pdf (vector), .png (at ``--dpi``, 300 by
default: print resolution). Every scored system × language of the season is drawn with the
leaderboard's 95% intervals; ``--langs`` / ``--systems`` keep some.
"""

from __future__ import annotations

import argparse

from f1bench_pipeline.command import Handler


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("plot", help="the precision-recall figure of a season (every system x language, 95%% "
                                    "intervals, iso-F1 curves, inverted pairs) as SVG, PDF or PNG")
    p.add_argument("--out", required=True, help="the file to write: .svg, .pdf or .png (the suffix names the format)")
    p.add_argument("--season", type=int, help="default: the test season")
    p.add_argument("--variant", default="default", help="prompt variant (default, cover_all)")
    p.add_argument("--langs", help="comma-separated languages to draw (default: every scored one)")
    p.add_argument("--systems", help="comma-separated systems to draw (default: every scored one)")
    p.add_argument("--dpi", type=int, help="PNG resolution (default 300: print)")
    p.set_defaults(func=Handler("f1bench_pipeline.figures.commands:cmd_plot"))

