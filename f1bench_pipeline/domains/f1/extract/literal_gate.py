"""A pattern gated by its literals: a regex that is not searched in an answer that holds none of them.

Many rule patterns open with ``\\b`` and an alternation of words ("\\b(?:effectively|in effect|net|...)"):
``re`` finds no literal prefix to skip to, so it tries the whole alternation at every position of the
window, and most answers hold none of the words. ``required_literals`` reads from the pattern itself
(its parse tree) a few strings one of which every match contains (as RE2's prefilter does); ``gated``
wraps the compiled pattern so that it first tests, once per answer, whether the string it is given
holds any of them (a substring test, much cheaper), and answers "no match" at once when it does not.

Sound by construction: a match inside ``string[pos:endpos]`` contains one of the literals, which is then
a substring of ``string``. A pattern whose literals cannot be read (a case-insensitive flag, a class of
many characters at every place, ...) is returned as it is.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Iterator
from typing import Any

# the parser of ``re`` (``re._parser`` since Python 3.11, ``sre_parse`` before; not in the type stubs)
_p: Any = importlib.import_module("re._parser" if sys.version_info >= (3, 11) else "sre_parse")
_c: Any = importlib.import_module("re._constants" if sys.version_info >= (3, 11) else "sre_constants")

_MAX_SET = 64  # the most strings a set of exact strings may hold before it is given up (bounds the work)
_MAX_CLASS = 4  # a character class of at most this many characters ("[oa]", "[áa]") is read as literals
# literals this long are rare enough: among the candidates, the one with the fewest such literals is
# tested (each literal is one substring search of the answer), the longest on a tie
_LONG_ENOUGH = 5

Info = tuple[frozenset[str] | None, frozenset[str] | None]  # (every string it can match, or None; literals)


def _best(cands: list[frozenset[str]]) -> frozenset[str] | None:
    """The candidate literal set to test: long enough literals, the fewest of them; or None."""
    good = [c for c in cands if c and "" not in c]
    return max(good, key=lambda c: (min(min(map(len, c)), _LONG_ENOUGH), -len(c), min(map(len, c))), default=None)


def _seq(items: list[tuple[Any, Any]]) -> Info:
    cur: frozenset[str] | None = frozenset([""])
    exact = True
    cands: list[frozenset[str]] = []
    for op, av in items:
        ex, lit = _node(op, av)
        if ex is not None and cur is not None and len(cur) * len(ex) <= _MAX_SET:
            cur = frozenset(a + b for a in cur for b in ex)
            cands.append(cur)  # (each prefix read so far is in every match too, and so are the item's literals)
            if lit is not None:
                cands.append(lit)
            continue
        exact = False
        if cur is not None:
            cands.append(cur)
        if lit is not None:
            cands.append(lit)
        cur = ex if ex is not None and len(ex) <= _MAX_SET else frozenset([""])
    if cur is not None:
        cands.append(cur)
    return (cur if exact else None), _best(cands)


def _alts(alternatives: list[list[tuple[Any, Any]]]) -> Info:
    infos = [_seq(list(a)) for a in alternatives]
    exacts = [ex for ex, _ in infos]
    exact: frozenset[str] | None = None
    if all(ex is not None for ex in exacts):
        exact = frozenset().union(*exacts)  # type: ignore[arg-type]
        if len(exact) > _MAX_SET:
            exact = None
    lits = [lit for _, lit in infos]
    lit = frozenset().union(*lits) if all(x is not None for x in lits) else None  # type: ignore[arg-type]
    return exact, lit


def _node(op: Any, av: Any) -> Info:
    if op is _c.LITERAL:
        return frozenset([chr(av)]), None
    if op is _c.IN:
        chars = [chr(v) for o, v in av if o is _c.LITERAL]
        if len(chars) == len(av) and len(chars) <= _MAX_CLASS:
            return frozenset(chars), None
        return None, None
    if op in (_c.AT, _c.ASSERT, _c.ASSERT_NOT):
        return frozenset([""]), None  # zero-width: matches no character
    if op is _c.SUBPATTERN:
        _group, add_flags, del_flags, sub = av
        if add_flags & re.IGNORECASE or del_flags:
            raise ValueError("case-insensitive")
        return _seq(list(sub))
    if op is _c.BRANCH:
        return _alts(av[1])
    if op is getattr(_c, "ATOMIC_GROUP", None):
        return _seq(list(av))
    if op in (_c.MAX_REPEAT, _c.MIN_REPEAT, getattr(_c, "POSSESSIVE_REPEAT", None)):
        lo, hi, sub = av
        ex, lit = _seq(list(sub))
        if lo == 1 and hi == 1:
            return ex, lit
        if lo == 0 and hi == 1 and ex is not None:
            return ex | {""}, None
        return None, (_best([ex]) or lit) if lo >= 1 and ex is not None else (lit if lo >= 1 else None)
    return None, None  # any character, a category, a negated class, a back-reference: no literal


def required_literals(pattern: re.Pattern[str]) -> tuple[str, ...] | None:
    """Strings one of which every match of ``pattern`` contains; None when they cannot be read."""
    if not isinstance(pattern.pattern, str) or pattern.flags & re.IGNORECASE:
        return None
    try:
        parsed = _p.parse(pattern.pattern, pattern.flags)
        if parsed.state.flags & re.IGNORECASE:
            return None
        _exact, lit = _seq(list(parsed))
    except (ValueError, RecursionError, re.error):
        return None
    if lit is None:
        return None
    # a literal containing a shorter one adds no test ("net" covers "neto", "neta")
    words = sorted(lit, key=len)
    kept: list[str] = []
    for w in words:
        if not any(k in w for k in kept):
            kept.append(w)
    return tuple(kept)


class GatedPattern:
    """A compiled pattern with the ``search``/``match``/``fullmatch``/``finditer`` of ``re.Pattern``,
    which answers "no match" for a string holding none of its literals. Whether the string holds one is
    remembered for the last string seen (the answer being read), in one tuple (safe across threads)."""

    __slots__ = ("regex", "literals", "_memo")

    def __init__(self, regex: re.Pattern[str], literals: tuple[str, ...]) -> None:
        self.regex = regex
        self.literals = literals
        self._memo: tuple[str | None, bool] = (None, False)

    def holds(self, string: str) -> bool:
        memo = self._memo
        if memo[0] is string:
            return memo[1]
        has = any(map(string.__contains__, self.literals))  # (no generator frame per literal)
        self._memo = (string, has)
        return has

    @property
    def pattern(self) -> str:
        return self.regex.pattern

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.regex.search(string, pos, endpos) if self.holds(string) else None

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.regex.match(string, pos, endpos) if self.holds(string) else None

    def fullmatch(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.regex.fullmatch(string, pos, endpos) if self.holds(string) else None

    def finditer(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match[str]]:
        return self.regex.finditer(string, pos, endpos) if self.holds(string) else iter(())


Searchable = GatedPattern | re.Pattern[str]  # what ``gated`` returns: either has search/match/fullmatch/finditer


def gated(pattern: re.Pattern[str]) -> Searchable:
    """``pattern`` gated by its literals (``GatedPattern``), or itself when none can be read."""
    literals = required_literals(pattern)
    return pattern if literals is None else GatedPattern(pattern, literals)
