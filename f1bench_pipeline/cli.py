"""`f1bench` command line: each benchmark domain's commands (F1: build, derive, generate, score,
finetune...; weather ...), then the shared ones (query, serve, views, leaderboard, plot, eval, review, sql).

Imports stay light at start-up: Dagster and FastF1 load only in the commands that need them.
"""

from __future__ import annotations

import argparse
import sys

from f1bench_pipeline.audit.cli import register as register_serve
from f1bench_pipeline.discovery import register_domain_commands
from f1bench_pipeline.errors import EXIT_USAGE, UserError
from f1bench_pipeline.evaluation.cli import register as register_eval
from f1bench_pipeline.figures.cli import register as register_plot
from f1bench_pipeline.generation.cli import register as register_generation
from f1bench_pipeline.orchestration import heal
from f1bench_pipeline.orchestration.cli import register as register_register_systems
from f1bench_pipeline.orchestration.interrupt import EXIT_INTERRUPTED, interrupted_line, stop_on_signals
from f1bench_pipeline.review.cli import register as register_review
from f1bench_pipeline.scoring.cli import register as register_leaderboard
from f1bench_pipeline.storage.cli import register as register_storage
from f1bench_pipeline.storage.cli import register_sql


def _debug_requested() -> bool:
    """``F1BENCH_DEBUG`` (read while an error is being reported: a value that does not parse is not a second error)."""
    from f1bench_pipeline.settings import SettingsError, process_setting

    try:
        return bool(process_setting("debug"))
    except SettingsError:
        return False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="f1bench", description=__doc__)
    parser.add_argument("--debug", action="store_true",
                        help="show the traceback of a user error (also F1BENCH_DEBUG=1)")
    sub = parser.add_subparsers(dest="command", required=True)
    register_domain_commands(sub)  # each domain's commands (its folder's cli.py: F1's `build`, `f1bench weather …`)
    for register in (register_generation, register_storage, register_serve, register_register_systems,
                     register_leaderboard, register_plot, register_eval, register_review, register_sql):
        register(sub)
    args = parser.parse_args(argv)
    # after parsing: the settings load pydantic, which `f1bench --help` must not (test_scoring)
    from f1bench_pipeline.generation.progress import terminal
    from f1bench_pipeline.settings import set_environment

    set_environment("F1BENCH_LITELLM_QUIET", "1", default_only=True)  # generation.llm: no litellm banner per failed call
    heal.launched_by = f"f1bench {args.command}"  # every run this command makes carries it (a tag)

    try:
        with terminal(), stop_on_signals() as received:  # progress of model calls on stderr; Ctrl-C / SIGTERM
            try:
                code = int(args.func(args) or 0)
                if received:  # the handler's KeyboardInterrupt was swallowed (interrupt.raise_if_interrupted)
                    raise KeyboardInterrupt
                return code
            except Exception:
                if received:  # a library made the signal its own error (DuckDB: RuntimeError "Query interrupted")
                    raise KeyboardInterrupt from None
                raise
    except KeyboardInterrupt:  # SIGINT or SIGTERM: no later run started, in-flight ones failed through Dagster
        print(interrupted_line(args.command, received), file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # `f1bench query … | head`: the reader left, nothing is wrong
        sys.stderr.close()
        return 0
    except UserError as exc:  # the user's mistake: one line naming it, no traceback
        if args.debug or _debug_requested():
            raise
        print(f"f1bench: {exc.one_line()}", file=sys.stderr)
        return EXIT_USAGE


if __name__ == "__main__":
    sys.exit(main())
