"""``f1bench register-systems`` (the parser only; the handler is ``orchestration.commands``)."""

from __future__ import annotations

from f1bench_pipeline.command import Handler


def register(sub) -> None:
    p = sub.add_parser("register-systems", help="add the systems.yaml entries that can run here (offline, local, on "
                       "this machine, key set, or with generations) to the `models` partitions")
    p.set_defaults(func=Handler("f1bench_pipeline.orchestration.commands:cmd_register_systems"))
