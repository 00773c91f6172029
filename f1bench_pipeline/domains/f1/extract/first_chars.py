"""A pattern compiled so that a search skips to the characters its matches can start with.

``re`` reads the characters a match may start with only from a pattern's first item. Most rule patterns
open with ``\\b`` ("\\bfastest\\s+lap|\\bmedian\\b|...", "\\b(?:before|after|...)"), a look-ahead or a group,
and then ``re`` finds none: a search enters the matcher at every position of its window. ``skipping``
reads the set from the pattern's parse tree instead (the zero-width items at its start looked through:
``\\b``, ``^``, look-arounds; groups and alternatives entered) and compiles the same pattern with that set
in its search block, so a search runs a tight loop from candidate character to candidate character and
enters the matcher only there. Nothing else of the compiled pattern changes.

Sound by construction: every match consumes a first character from the set (an item the set cannot be
read from, or one that may match nothing, gives no set: the pattern is returned as it is, as is one
that already has a prefix or set of its own, or a flag this does not handle: ignore-case, locale). Only
``search``, ``finditer``, ``findall``, ``sub`` and ``split`` use the block; ``match`` ignores it. The
pattern's text (``.pattern``) is the original one. ``test_first_chars.py`` checks it on every pattern of the
package over the real answers.
"""

from __future__ import annotations

import importlib
import re
import sys
from typing import Any

from f1bench_pipeline.domains.f1.extract.literal_gate import GatedPattern

# the parser, compiler and engine of ``re`` (private modules, not in the type stubs; ``sre_*`` before 3.11)
_p: Any = importlib.import_module("re._parser" if sys.version_info >= (3, 11) else "sre_parse")
_c: Any = importlib.import_module("re._constants" if sys.version_info >= (3, 11) else "sre_constants")
_k: Any = importlib.import_module("re._compiler" if sys.version_info >= (3, 11) else "sre_compile")
_sre: Any = importlib.import_module("_sre")



Item = tuple[Any, Any]  # a class item of the parse tree: (LITERAL, code), (RANGE, (lo, hi)) or (CATEGORY, \d \w \s ...)


def _first(items: list[tuple[Any, Any]]) -> set[Item] | None:
    """The class (its items) every match of the sequence ``items`` starts with (it consumes at least one
    character), or None."""
    for at, (op, av) in enumerate(items):
        if op in (_c.MAX_REPEAT, _c.MIN_REPEAT) and av[0] == 0 and av[1] == 1:
            # an optional item ("(?:se\\s+)?de"): its own first characters or those of what follows it
            own, rest = _first(list(av[2])), _first(items[at + 1:])
            return None if own is None or rest is None else own | rest
        if op in (_c.AT, _c.ASSERT, _c.ASSERT_NOT):
            continue  # zero-width: the next item consumes the first character
        if op is _c.LITERAL:
            return {(op, av)}
        if op is _c.IN:
            if any(o is _c.NEGATE for o, _v in av):
                return None
            return set(av)  # (literals, ranges, categories: a class item each)
        if op is _c.BRANCH:
            out: set[Item] = set()
            for alt in av[1]:
                f = _first(list(alt))
                if f is None:
                    return None
                out |= f
            return out
        if op is _c.SUBPATTERN:
            _group, add_flags, del_flags, sub = av
            return None if add_flags or del_flags else _first(list(sub))
        if op is getattr(_c, "ATOMIC_GROUP", None):
            return _first(list(av))
        if op in (_c.MAX_REPEAT, _c.MIN_REPEAT, getattr(_c, "POSSESSIVE_REPEAT", None)) and av[0] >= 1:
            return _first(list(av[2]))
        return None  # any character, a repeat that may be absent, a back-reference
    return None  # (nothing consumed)


def skipping(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """``pattern`` compiled with the characters its matches start with in its search block (same matches),
    or itself when they cannot be read or ``re`` already reads them."""
    if not isinstance(pattern.pattern, str) or pattern.flags & (re.IGNORECASE | re.LOCALE | re.DEBUG):
        return pattern
    try:
        parsed = _p.parse(pattern.pattern, pattern.flags)
        flags = pattern.flags | parsed.state.flags
        if flags & (re.IGNORECASE | re.LOCALE) or parsed.getwidth()[0] == 0:
            return pattern  # (a pattern that may match nothing gets no search block)
        if _k._get_literal_prefix(parsed, flags)[0] or _k._get_charset_prefix(parsed, flags):
            return pattern  # ``re`` skips already
        first = _first(list(parsed.data))
        if not first:
            return pattern
        # the search block of a pattern that opened with the class of those characters, of the same widths
        head = _p.SubPattern(parsed.state, [(_c.IN, sorted(first, key=repr))])
        head.width = parsed.getwidth()
        code: list[int] = []
        _k._compile_info(code, head, flags)
        _k._compile(code, parsed.data, flags)
        code.append(_c.SUCCESS)
        indexgroup: list[str | None] = [None] * parsed.state.groups
        for name, i in parsed.state.groupdict.items():
            indexgroup[i] = name
        return _sre.compile(pattern.pattern, flags, code, parsed.state.groups - 1, parsed.state.groupdict,
                            tuple(indexgroup))
    except (TypeError, ValueError, AttributeError, IndexError, RuntimeError, RecursionError, re.error):
        return pattern  # (another Python's internals: the pattern as it is)


def skip_in_modules(prefix: str) -> int:
    """Recompile with ``skipping`` every pattern held at module level by the loaded modules under ``prefix``
    (plain or inside a ``literal_gate.GatedPattern``); a pattern imported by several modules becomes one new
    object in all of them. Returns how many were recompiled."""
    done: dict[int, re.Pattern[str]] = {}
    n = 0
    for name, module in list(sys.modules.items()):
        if module is None or not (name == prefix or name.startswith(prefix + ".")):
            continue
        for key, value in list(vars(module).items()):
            target = value.regex if isinstance(value, GatedPattern) else value
            if not isinstance(target, re.Pattern):
                continue
            new = done.get(id(target))
            if new is None:
                new = done[id(target)] = skipping(target)
                n += new is not target
            if new is target:
                continue
            if isinstance(value, GatedPattern):
                value.regex = new
            else:
                setattr(module, key, new)
    return n
