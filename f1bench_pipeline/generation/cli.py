"""``f1bench`` subcommands of the generation stage every domain shares (a domain's own — F1's
``dry-run``, ``generate``, ``rerun``, ``import-generations`` — are in its ``cli.py``). Wire with
``register(subparsers)``.

    f1bench systems                               the registry: names, partition keys, models
    f1bench serve-model --weights SPEC [--adapter DIR] [--port N] [--name NAME] [--threads N]
                                                  an OpenAI-compatible server over local weights
                                                  (what a `local:` system runs by itself)
"""

from __future__ import annotations

import argparse

from f1bench_pipeline.command import Handler
from f1bench_pipeline.localmodel.server import add_arguments as serve_arguments


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the shared generation subcommands to the ``f1bench`` parser's subparsers."""
    p = subparsers.add_parser("systems", help="list the system registry (systems.yaml) and partition keys")
    p.set_defaults(func=Handler("f1bench_pipeline.generation.commands:cmd_systems"))

    p = subparsers.add_parser("serve-model", help="serve local weights (GGUF, checkpoint folder, + LoRA adapter) "
                                                  "over the OpenAI protocol; prints the base URL")
    serve_arguments(p)
    p.set_defaults(func=Handler("f1bench_pipeline.generation.commands:cmd_serve_model"))
