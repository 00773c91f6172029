"""The handlers of ``f1bench query``, ``views`` and ``share-warehouse`` (parser: ``storage.cli``)."""

from __future__ import annotations

import argparse
import json
import sys

from f1bench_pipeline.settings import get_settings
from f1bench_pipeline.storage import queries
from f1bench_pipeline.storage.http_share import serve_until_interrupted, serve_warehouse
from f1bench_pipeline.storage.location import local_path
from f1bench_pipeline.storage.views import refresh_views
from f1bench_pipeline.text_table import format_table


def cmd_query(args: argparse.Namespace) -> int:
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


def cmd_share_warehouse(args: argparse.Namespace) -> int:
    folder = local_path(get_settings().warehouse_dir)
    if folder is None:
        print("f1bench share-warehouse: the warehouse is already at a URL; nothing to share", file=sys.stderr)
        return 2
    server = serve_warehouse(folder, args.host, args.port)
    host, port = str(server.server_address[0]), server.server_address[1]
    print(f"warehouse {folder} read-only on http://{host}:{port} — elsewhere: "
          f"F1BENCH_WAREHOUSE_URL=http://{host}:{port} f1bench query … (Ctrl-C to stop)", flush=True)
    return serve_until_interrupted(server)


def cmd_views(args: argparse.Namespace) -> int:
    s = get_settings()
    print("views:", ", ".join(refresh_views(s.warehouse_dir, s.duckdb_path)) or "(none: warehouse empty)")
    return 0
