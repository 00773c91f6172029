"""The handlers of the commands ``f1bench_pipeline.figures.cli`` parses."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from f1bench_pipeline.errors import UserError
from f1bench_pipeline.figures.pr_data import figure_data, reader_rows, scored_seasons
from f1bench_pipeline.figures.pr_figure import FORMATS, PRINT_DPI, render
from f1bench_pipeline.settings import get_settings
from f1bench_pipeline.storage.views import has_files


def _listed(text: str | None) -> list[str] | None:
    return [v.strip() for v in text.split(",") if v.strip()] if text else None


def cmd_plot(args: argparse.Namespace) -> int:
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

