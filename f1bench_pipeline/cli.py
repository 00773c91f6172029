"""`f1bench` command line: each benchmark domain's commands (F1: build, derive, generate, score,
finetune...; weather ...), then the shared ones (query, serve, views, leaderboard, plot, eval, review, sql).

Imports stay light at start-up: Dagster and FastF1 load only in the commands that need them.
"""

from __future__ import annotations

import argparse
import sys


def cmd_query(args: argparse.Namespace) -> int:
    import json

    from f1bench_pipeline.settings import get_settings
    from f1bench_pipeline.storage import queries
    from f1bench_pipeline.summary import format_table

    if not args.name:
        for name, doc in queries.available().items():
            print(f"{name:40s} {doc}")
        return 0
    s = get_settings()
    try:
        cols, rows = queries.run(args.name, s.warehouse_dir, s.duckdb_path)
    except queries.QueryError as exc:
        print(f"f1bench query: {exc}", file=sys.stderr)
        return 2
    if args.format == "json":
        print(json.dumps([dict(zip(cols, r)) for r in rows], default=str, indent=1))
    else:
        print(format_table([dict(zip(cols, r)) for r in rows], cols))
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from f1bench_pipeline.audit.answers import default_answers_dir
    from f1bench_pipeline.audit.server import serve
    from f1bench_pipeline.settings import get_settings

    # computed leaderboards kept across restarts, outside the data dir (the page only reads it)
    server = serve(get_settings().warehouse_dir, args.host, args.port, answers_dir=default_answers_dir())
    host, port = server.server_address[:2]
    print(f"f1bench audit page on http://{host}:{port}/ (Ctrl-C to stop)", flush=True)
    return _serve_until_interrupted(server)


def _serve_until_interrupted(server) -> int:
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


def cmd_share_warehouse(args: argparse.Namespace) -> int:
    from f1bench_pipeline.settings import get_settings
    from f1bench_pipeline.storage.http_share import serve_warehouse
    from f1bench_pipeline.storage.location import local_path

    folder = local_path(get_settings().warehouse_dir)
    if folder is None:
        print("f1bench share-warehouse: the warehouse is already at a URL; nothing to share", file=sys.stderr)
        return 2
    server = serve_warehouse(folder, args.host, args.port)
    host, port = server.server_address[:2]
    print(f"warehouse {folder} read-only on http://{host}:{port} — elsewhere: "
          f"F1BENCH_WAREHOUSE_URL=http://{host}:{port} f1bench query … (Ctrl-C to stop)", flush=True)
    return _serve_until_interrupted(server)


def cmd_register_systems(args: argparse.Namespace) -> int:
    from f1bench_pipeline.orchestration.dynamic_partitions import register_model_partitions
    from f1bench_pipeline.orchestration.instance import open_instance

    added = register_model_partitions(open_instance())
    print("model partitions added: " + (", ".join(added) if added else "none (all registered)")
          + " (systems that can run here: offline, local, on this machine, key set, or with generations)")
    return 0


def cmd_views(args: argparse.Namespace) -> int:
    from f1bench_pipeline.settings import get_settings
    from f1bench_pipeline.storage.views import refresh_views

    s = get_settings()
    print("views:", ", ".join(refresh_views(s.warehouse_dir, s.duckdb_path)) or "(none: warehouse empty)")
    return 0


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
    from f1bench_pipeline.domains import register_domain_commands

    register_domain_commands(sub)  # each domain's commands (its folder's cli.py: F1's `build`, `f1bench weather …`)
    p = sub.add_parser("query", help="run a named read-only query from sql/ (no name: list them)")
    p.add_argument("name", nargs="?")
    p.add_argument("--format", choices=["table", "json"], default="table")
    p.set_defaults(func=cmd_query)
    p = sub.add_parser("serve", help="the audit web page over the warehouse (read-only)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8765)
    p.set_defaults(func=cmd_serve)
    p = sub.add_parser("share-warehouse", help="serve the local Parquet warehouse read-only over HTTP "
                                               "(byte ranges) for DuckDB on other machines")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8766)
    p.set_defaults(func=cmd_share_warehouse)
    p = sub.add_parser("register-systems", help="add the systems.yaml entries that can run here (offline, local, on this "
                       "machine, key set, or with generations) to the `models` partitions")
    p.set_defaults(func=cmd_register_systems)
    p = sub.add_parser("views", help="(re)create the DuckDB views in data/warehouse.duckdb")
    p.set_defaults(func=cmd_views)
    from f1bench_pipeline.scoring.leaderboard_cli import register as register_leaderboard

    register_leaderboard(sub)
    from f1bench_pipeline.figures.cli import register as register_plot

    register_plot(sub)
    from f1bench_pipeline.evaluation.cli import register as register_eval

    register_eval(sub)
    from f1bench_pipeline.evaluation.inspect_log import register as register_import_inspect

    register_import_inspect(sub)
    from f1bench_pipeline.review.cli import register as register_review

    register_review(sub)
    from f1bench_pipeline.storage.shell import register as register_sql

    register_sql(sub)
    args = parser.parse_args(argv)
    from f1bench_pipeline.settings import set_environment

    set_environment("F1BENCH_LITELLM_QUIET", "1", default_only=True)  # generation.llm: no litellm banner per failed call
    from f1bench_pipeline.errors import EXIT_USAGE, UserError
    from f1bench_pipeline.generation.progress import terminal
    from f1bench_pipeline.orchestration import heal
    from f1bench_pipeline.orchestration.interrupt import EXIT_INTERRUPTED, interrupted_line, stop_on_signals

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
