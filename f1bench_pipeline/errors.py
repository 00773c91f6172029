"""Mistakes of the user, said in one line.

A ``UserError`` is a value the user gave that cannot work (an unknown system, a season
outside the configured ones, a variable that does not parse, a key variable that is not
set). ``f1bench`` prints ``f1bench: <message>`` on one line and exits 2, without a
traceback unless ``--debug`` (or ``F1BENCH_DEBUG=1``). Domain errors that are the user's
subclass it beside their own base (``SettingsError(UserError, ValueError)``), so callers
that catch ``ValueError`` keep working.
"""

from __future__ import annotations

EXIT_USAGE = 2


class UserError(Exception):
    """A mistake of the user; its message names the variable, value, line or name at fault."""

    def one_line(self) -> str:
        return " ".join(str(self).split())


class UnknownSystemError(UserError, KeyError):
    """A system name that is not in the registry (a ``KeyError`` for older callers)."""

    def __str__(self) -> str:  # a KeyError's str() quotes its message
        return str(self.args[0]) if self.args else ""


class SeasonError(UserError, ValueError):
    """A season outside the configured ones."""
