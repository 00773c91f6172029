"""``f1bench serve``: the audit web page (the parser only; the handler is ``audit.commands``)."""

from __future__ import annotations

from f1bench_pipeline.command import Handler


def register(sub) -> None:
    p = sub.add_parser("serve", help="the audit web page over the warehouse (read-only)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8765)
    p.set_defaults(func=Handler("f1bench_pipeline.audit.commands:cmd_serve"))
