"""The handler of ``f1bench serve`` (parser: ``audit.cli``)."""

from __future__ import annotations

import argparse

from f1bench_pipeline.audit.answers import default_answers_dir
from f1bench_pipeline.audit.server import serve
from f1bench_pipeline.settings import get_settings
from f1bench_pipeline.storage.http_share import serve_until_interrupted


def cmd_serve(args: argparse.Namespace) -> int:
    # computed leaderboards kept across restarts, outside the data dir (the page only reads it)
    server = serve(get_settings().warehouse_dir, args.host, args.port, answers_dir=default_answers_dir())
    host, port = str(server.server_address[0]), server.server_address[1]
    print(f"f1bench audit page on http://{host}:{port}/ (Ctrl-C to stop)", flush=True)
    return serve_until_interrupted(server)
