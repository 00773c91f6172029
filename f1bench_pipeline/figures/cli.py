"""`f1bench plot`: the precision–recall figure of a season, to a file.

    f1bench plot --out fig.svg [--season Y] [--variant V] [--langs en,es] [--systems a,b] [--dpi N]

The format is the suffix of ``--out``: .svg and .pdf (vector), .png (at ``--dpi``, 300 by
default: print resolution). Every scored system × language of the season is drawn with the
leaderboard's 95% intervals; ``--langs`` / ``--systems`` keep some.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def _listed(text: str | None) -> list[str] | None:
    return [v.strip() for v in text.split(",") if v.strip()] if text else None


def cmd_plot(args: argparse.Namespace) -> int:
    from f1bench_pipeline.errors import UserError
    from f1bench_pipeline.figures.pr_data import figure_data, reader_rows, scored_seasons
    from f1bench_pipeline.figures.pr_figure import FORMATS, PRINT_DPI, render
    from f1bench_pipeline.settings import get_settings
    from f1bench_pipeline.storage.views import has_files

    out = Path(args.out)
    fmt = out.suffix.lower().lstrip(".")
    if fmt not in FORMATS:
        raise UserError(f"--out {args.out}: the suffix names the format: .svg, .pdf or .png")
    s = get_settings()
    season = s.checked_season(args.season)
    if not has_files(s.warehouse_dir, "scores"):
        raise UserError(f"no scores in the warehouse {s.warehouse_dir}: run `make demo` (or `f1bench build`) first")
    langs, systems = _listed(args.langs), _listed(args.systems)
    rows, close = reader_rows(s.warehouse_dir)
    try:
        data = figure_data(rows, season, args.variant, langs, systems)
        seasons = scored_seasons(rows, args.variant) if not data.points else []
        if not data.points:
            have = sorted({r["model"] for r in rows(
                "SELECT DISTINCT model FROM leaderboard_generations WHERE season = ? AND variant = ?",
                [season, args.variant])})
    finally:
        close()
    if not data.points:
        if systems and have:
            raise UserError(f"--systems {args.systems}: none scored in season {season}, {args.variant} prompt "
                            f"(scored: {', '.join(have)})")
        raise UserError(f"nothing scored in season {season}, {args.variant} prompt"
                        + (f" for --langs {args.langs}" if langs else "")
                        + (f" (seasons with scores: {', '.join(map(str, seasons))})" if seasons else
                           ": run `make demo` or `f1bench build`"))
    missing = sorted(set(systems or ()) - set(data.systems))
    body = render(data, fmt, args.dpi or PRINT_DPI)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(body)
    n_sys, n_langs = len(data.systems), len(data.langs)
    print(f"wrote {out} ({fmt}, {len(body):,} bytes): season {season}, {args.variant} prompt, "
          f"{n_sys} system{'s' * (n_sys != 1)} × {n_langs} language{'s' * (n_langs != 1)}, "
          f"{len(data.pairs)} inverted pair{'s' * (len(data.pairs) != 1)}")
    if missing:
        print(f"WARN not scored in season {season}, {args.variant} prompt: {', '.join(missing)}", file=sys.stderr)
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("plot", help="the precision-recall figure of a season (every system x language, 95%% "
                                    "intervals, iso-F1 curves, inverted pairs) as SVG, PDF or PNG")
    p.add_argument("--out", required=True, help="the file to write: .svg, .pdf or .png (the suffix names the format)")
    p.add_argument("--season", type=int, help="default: the test season")
    p.add_argument("--variant", default="default", help="prompt variant (default, cover_all)")
    p.add_argument("--langs", help="comma-separated languages to draw (default: every scored one)")
    p.add_argument("--systems", help="comma-separated systems to draw (default: every scored one)")
    p.add_argument("--dpi", type=int, help="PNG resolution (default 300: print)")
    p.set_defaults(func=cmd_plot)
