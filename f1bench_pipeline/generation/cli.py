"""``f1bench`` subcommands of the generation stage. Wire with ``register(subparsers)``.

    f1bench systems                               the registry: names, partition keys, models
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
    f1bench serve-model --weights SPEC [--adapter DIR] [--port N] [--name NAME] [--threads N]
                                                  an OpenAI-compatible server over local weights
                                                  (what a `local:` system runs by itself)

Imports stay light: Dagster, polars work and litellm load inside the commands.
"""

from __future__ import annotations

import argparse
import sys

from f1bench_pipeline.command import Handler
from f1bench_pipeline.localmodel.server import add_arguments as serve_arguments


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


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the generation subcommands to the ``f1bench`` parser's subparsers."""
    p = subparsers.add_parser("systems", help="list the system registry (systems.yaml) and partition keys")
    p.set_defaults(func=Handler("f1bench_pipeline.generation.commands:cmd_systems"))

    p = subparsers.add_parser("dry-run", help="calls a generation would make and their estimated cost (no calls)")
    p.add_argument("--systems", help="comma-separated registry names (default: all)")
    p.add_argument("--season", type=int, help="default: the test season")
    p.add_argument("--max-cost-usd", type=float, help="show how many calls this cap would let through "
                                                       "(default: each system's max_cost_usd)")
    p.set_defaults(func=Handler("f1bench_pipeline.generation.commands:cmd_dry_run"))

    p = subparsers.add_parser("generate", help="generate model outputs (default: the offline template systems)")
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
    p.set_defaults(func=Handler("f1bench_pipeline.generation.commands:cmd_generate"))

    p = subparsers.add_parser("rerun", help="one system on one season through Dagster: generations, claims and "
                                             "scores (what `make rerun` and the UI run)")
    p.add_argument("system", help="a registry name, or an imported system's (with --score-only)")
    p.add_argument("--season", type=int, help="default: the test season")
    p.add_argument("--score-only", action="store_true", help="claims and scores of the stored generations (no call)")
    p.set_defaults(func=Handler("f1bench_pipeline.generation.commands:cmd_rerun"))

    p = subparsers.add_parser("import-generations", aliases=["import"],
                              help="import a JSONL of generations (id, model, lang, text | error[, variant, "
                                   "context_sha256 | messages]), score it and print its leaderboard rows")
    p.add_argument("file")
    import_options(p)
    p.set_defaults(func=Handler("f1bench_pipeline.generation.commands:cmd_import"))

    p = subparsers.add_parser("serve-model", help="serve local weights (GGUF, checkpoint folder, + LoRA adapter) "
                                                  "over the OpenAI protocol; prints the base URL")
    serve_arguments(p)
    p.set_defaults(func=Handler("f1bench_pipeline.generation.commands:cmd_serve_model"))


def main(argv: list[str] | None = None) -> int:
    """Standalone entry (``python -m f1bench_pipeline.generation.cli``) until wired into ``f1bench``."""
    parser = argparse.ArgumentParser(prog="f1bench-generation", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return int(args.func(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
