"""Formula 1's ``f1bench`` commands: ``build``, ``derive``, ``summary``, ``refine``,
``cache-manifest``, the season-based generation commands, ``score`` and ``finetune`` (registered by
``discovery.register_domain_commands``, like every domain's ``cli.py``).

    f1bench dry-run [--systems a,b] [--season Y] [--max-cost-usd X]
                                                  calls still needed and their estimated cost
    f1bench generate [--systems a,b] [--season Y] [--yes] [--no-dagster] [--max-cost-usd X]
                                                  materialize generations (default: offline systems);
                                                  a paid system shows the dry-run and needs --yes
                                                  (or a typed "y") before any call. Live progress
                                                  (done/total, rate, ETA, errors, cost) on stderr;
                                                  --max-cost-usd caps each system's spending
    f1bench rerun SYSTEM [--season Y] [--score-only]
                                                  one system × season through Dagster (generations,
                                                  claims, scores; what `make rerun` runs); an
                                                  imported system (no registry entry) is rescored
    f1bench import-generations FILE [--strict] [--dry-run] [--no-dagster] [--no-score]
                                                  import a JSONL of outputs made elsewhere, score
                                                  it (the score_only job) and print its leaderboard rows
    f1bench import-inspect LOG [--model NAME] [the options of import-generations]
                                                  the answers of an Inspect AI log, imported the same way

Imports stay light at start-up: Dagster and FastF1 load only in the commands that need them.
"""

from __future__ import annotations

import argparse

from f1bench_pipeline.command import Handler
from f1bench_pipeline.domains.f1.finetune.cli import register as register_finetune

GENERATION_COMMANDS = "f1bench_pipeline.domains.f1.generation_commands"


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


def import_options(p: argparse.ArgumentParser) -> None:
    """The options of ``cmd_import`` (``import-generations``, and ``import-inspect``, which calls it)."""
    p.add_argument("--strict", action="store_true", help="import nothing if any line is bad")
    p.add_argument("--dry-run", action="store_true", help="check and summarize, write nothing")
    p.add_argument("--no-dagster", action="store_true",
                   help="do not record the import in the Dagster instance (nor score it: scoring is a Dagster run; "
                        "the command that scores it is printed)")
    p.add_argument("--no-score", action="store_true",
                   help="import only: no claims or scores (the `f1bench rerun SYSTEM --score-only` that scores it "
                        "is printed)")
    p.add_argument("--max-errors", type=int, default=50, help="bad lines to print")
    p.add_argument("--score-mismatched", action="store_true",
                   help="score lines whose context_sha256 no version of their instance has against today's facts "
                        "(marked context_current false) instead of giving them status context_mismatch")


def register_generation(sub) -> None:  # noqa: ANN001 - argparse's private subparsers action
    """F1's generation commands: a season's calls and their cost, its generations, a system's rerun,
    and the import of answers made elsewhere (a JSONL, an Inspect AI log)."""
    p = sub.add_parser("dry-run", help="calls a generation would make and their estimated cost (no calls)")
    p.add_argument("--systems", help="comma-separated registry names (default: all)")
    p.add_argument("--season", type=int, help="default: the test season")
    p.add_argument("--max-cost-usd", type=float, help="show how many calls this cap would let through "
                                                       "(default: each system's max_cost_usd)")
    p.set_defaults(func=Handler(f"{GENERATION_COMMANDS}:cmd_dry_run"))

    p = sub.add_parser("generate", help="generate model outputs (default: the offline template systems)")
    p.add_argument("--systems", help="comma-separated registry names (default: the offline systems)")
    p.add_argument("--season", type=int, help="default: the test season")
    p.add_argument("--yes", action="store_true", help="make paid calls without asking")
    p.add_argument("--no-dagster", action="store_true", help="run directly, without a Dagster run")
    p.add_argument("--progress-every", type=float, default=10.0,
                   help="seconds between progress lines on stderr when it is not a terminal (a terminal gets a bar)")
    p.add_argument("--max-cost-usd", type=float,
                   help="spending cap in USD for each system's partition in this run, cached answers included "
                        "(overrides the registry's max_cost_usd); what it keeps from being called gets status "
                        "budget_exhausted and a rerun with a higher cap calls exactly that")
    p.set_defaults(func=Handler(f"{GENERATION_COMMANDS}:cmd_generate"))

    p = sub.add_parser("rerun", help="one system on one season through Dagster: generations, claims and "
                                     "scores (what `make rerun` and the UI run)")
    p.add_argument("system", help="a registry name, or an imported system's (with --score-only)")
    p.add_argument("--season", type=int, help="default: the test season")
    p.add_argument("--score-only", action="store_true", help="claims and scores of the stored generations (no call)")
    p.set_defaults(func=Handler(f"{GENERATION_COMMANDS}:cmd_rerun"))

    p = sub.add_parser("import-generations", aliases=["import"],
                       help="import a JSONL of generations (id, model, lang, text | error[, variant, "
                            "context_sha256 | messages]), score it and print its leaderboard rows")
    p.add_argument("file")
    import_options(p)
    p.set_defaults(func=Handler(f"{GENERATION_COMMANDS}:cmd_import"))

    p = sub.add_parser("import-inspect", help="import an Inspect AI log's answers into generations and score them "
                                              "(the f1bench Inspect task: f1bench_pipeline/evaluation/inspect_task.py)")
    p.add_argument("log", help="the .eval or .json log `inspect eval` wrote")
    p.add_argument("--model", help="system name to record the answers under (default: the log's model)")
    import_options(p)
    p.set_defaults(func=Handler("f1bench_pipeline.domains.f1.inspect_log:cmd_import_inspect"))


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
