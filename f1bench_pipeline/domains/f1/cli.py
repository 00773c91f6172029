"""Formula 1's ``f1bench`` commands: ``build``, ``derive``, ``summary``, ``refine``,
``cache-manifest``, ``generate``/``import``/``generations``, ``score`` and ``finetune`` (registered by
``domains.register_domain_commands``, like every domain's ``cli.py``).

Imports stay light at start-up: Dagster and FastF1 load only in the commands that need them.
"""

from __future__ import annotations

from f1bench_pipeline.command import Handler
from f1bench_pipeline.domains.f1.finetune.cli import register as register_finetune
from f1bench_pipeline.generation.cli import register as register_generation


def register(sub) -> None:  # noqa: ANN001 - argparse's private subparsers action
    p = sub.add_parser("build", help="ingest available races and derive the event tables (Dagster runs)")
    p.add_argument("--seasons", help="e.g. 2021,2024-2025 (default: all configured)")
    p.add_argument("--no-systems", action="store_true", help="skip generating and scoring the offline systems")
    p.add_argument("--force", action="store_true",
                   help="run every stage again (default: leave out runs whose assets are fresh, as Dagster sees them)")
    p.set_defaults(func=Handler("f1bench_pipeline.domains.f1.commands:cmd_build"))
    p = sub.add_parser("derive", help="re-derive event tables and instances from the raw Parquet already ingested")
    p.add_argument("--seasons", help="e.g. 2021,2024-2025 (default: all configured)")
    p.set_defaults(func=Handler("f1bench_pipeline.domains.f1.commands:cmd_derive"))
    p = sub.add_parser("summary", help="per-race summary of the warehouse")
    p.set_defaults(func=Handler("f1bench_pipeline.domains.f1.commands:cmd_summary"))
    p = sub.add_parser("refine", help="verifier-guided generation: send verified edits back for up to N rounds "
                                      "(Dagster runs) and print the round-by-round report")
    p.add_argument("systems", nargs="*", help="registry systems (default: the offline templates)")
    p.add_argument("--season", type=int, help="default: the test season")
    p.add_argument("--rounds", type=int, help="max rounds of edits (default: F1BENCH_REFINE_MAX_ROUNDS or 3)")
    p.add_argument("--max-cost-usd", type=float, help="spending cap in USD for each system's rounds in this run "
                                                       "(overrides the registry's max_cost_usd)")
    p.set_defaults(func=Handler("f1bench_pipeline.domains.f1.commands:cmd_refine"))
    p = sub.add_parser("cache-manifest", help="write a SHA-256 manifest for a FastF1 cache folder")
    p.add_argument("cache_dir")
    p.add_argument("--out")
    p.set_defaults(func=Handler("f1bench_pipeline.domains.f1.commands:cmd_cache_manifest"))

    register_generation(sub)
    register_score(sub)
    register_finetune(sub)


def register_score(sub) -> None:
    p = sub.add_parser("score", help="score a generations JSONL against the built benchmark and print the leaderboard "
                                     "(one row per prompt variant × system; exit 0 all scored, 1 nothing, 3 lines skipped)")
    p.add_argument("file")
    p.add_argument("--extractor", choices=["regex", "llm"], default="regex")
    p.add_argument("--format", choices=["table", "json"], default="table")
    p.add_argument("--strict", action="store_true", help="score nothing if any line is bad (exit 1)")
    p.add_argument("--samples", metavar="FILE",
                   help="write one JSON line per answer: text, claims with labels and spans, covered and missed "
                        "facts, precision, recall, F1")
    p.set_defaults(func=Handler("f1bench_pipeline.domains.f1.score_file:cmd_score"))
