"""A sub-command's handler, named ``"module:function"`` and imported when the command runs.

Every ``cli.py`` builds its part of the parser when ``f1bench`` starts; the handlers live in
modules beside it (``commands.py``, or the module a command is about) that import what they need
at their top: polars, DuckDB, Dagster or litellm (seconds each). So ``f1bench --help``, and the
parsing of every command, loads none of them (test_scoring), and a handler's module header shows
what the command depends on.
"""

from __future__ import annotations

import argparse
import importlib
from dataclasses import dataclass


@dataclass(frozen=True)
class Handler:
    """``func`` of a sub-parser (``p.set_defaults(func=Handler("pkg.commands:cmd_x"))``)."""

    target: str

    def __call__(self, args: argparse.Namespace) -> int:
        module, _, name = self.target.partition(":")
        return getattr(importlib.import_module(module), name)(args)
