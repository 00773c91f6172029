"""A pattern compiled to skip to its first characters (``extract/first_chars.py``) finds exactly what the
pattern finds (#44's speed: no output may change).

``skipping`` reads from a pattern's parse tree the characters its matches start with and puts them in the
search block of the compiled pattern. Checked on patterns written for the purpose (a ``\\b`` before and
after ``pos``, optional heads, groups), and on every pattern of the extract package -- each one the package
now uses against the pattern compiled from its own text -- over sentences of the rules' kinds and (when
../shared is present) over one answer in six of the paper's dev and more sets.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import re

import pytest

import f1bench_pipeline.domains.f1.extract as extract_pkg
from f1bench_pipeline.domains.f1.extract.first_chars import _c, _first, _p, skipping
from f1bench_pipeline.domains.f1.extract.literal_gate import GatedPattern
from f1bench_pipeline.domains.f1.extract.text import prepare
from f1bench_pipeline.domains.f1.extract.tokens import word_table
from f1bench_pipeline_tests.test_literal_gate import SENTENCES as GATE_SENTENCES
from f1bench_pipeline_tests.test_literal_gate import SHARED

# the literal gate's sentences, and a few the skipping sets meet at a candidate letter mid-text
SENTENCES = [*GATE_SENTENCES,
             "HUL gained time on STR; the gap shrank to 1.1 s and BOR fell further back → OCO extended his lead.",
             "Ele ficou mais atrás; quedó más atrás."]


def _same(fast: re.Pattern[str], slow: re.Pattern[str], text: str) -> None:
    for pos, end in ((0, len(text)), (1, len(text)), (3, len(text) - 2), (len(text) // 2, len(text))):
        a, b = fast.search(text, pos, end), slow.search(text, pos, end)
        assert (a and (a.span(), a.groups())) == (b and (b.span(), b.groups())), (slow.pattern[:80], text[:80], pos)
        assert [(m.span(), m.groups()) for m in fast.finditer(text, pos, end)] == \
            [(m.span(), m.groups()) for m in slow.finditer(text, pos, end)], (slow.pattern[:80], text[:80], pos)
        a, b = fast.match(text, pos, end), slow.match(text, pos, end)
        assert (a and a.span()) == (b and b.span())


@pytest.mark.parametrize(("pattern", "first"), [
    (r"\bfastest\s+lap|\bmedian\b", "fm"),
    (r"\b(?:before|after|antes)\s+(?:the\s+)?stops", "ba"),
    (r"(?=[ao])(?:(?P<up>\bopened\b)|(?P<down>\balso\b))", "oa"),
    (r"(?:se\s+)?de(?:grad|sgaste)", "sd"),
    (r"\b[úu]ltimas?\s+vueltas", "úu"),
    (r"(?<!\w)(?:lap|vuelta)s?(?!\w)", "lv"),
])
def test_first_characters_read_from_the_pattern(pattern, first):
    assert _first(list(_p.parse(pattern).data)) == {(_c.LITERAL, ord(c)) for c in first}


def test_first_class_with_categories():
    """A ``\\d`` or ``\\w`` at the start is kept as its category (the search block's class tests it)."""
    assert _first(list(_p.parse(r"\b(?:\d+\s*laps|p\d)").data)) == {(_c.CATEGORY, _c.CATEGORY_DIGIT), (_c.LITERAL, ord("p"))}
    assert _first(list(_p.parse(r"(?<!\w)\w+\s+lap").data)) == {(_c.CATEGORY, _c.CATEGORY_WORD)}


@pytest.mark.parametrize("pattern", [r".\bfoo", r"x?y?", r"(?i)\bmedian", r"\d\s*s\b", r"[^.]{0,5}$",
                                     r"\b[^a]b", r"median", r"[ab]c"])
def test_nothing_to_read_or_already_read(pattern):
    compiled = re.compile(pattern)
    assert skipping(compiled) is compiled  # (a category, empty matches, ignore-case; a prefix re reads itself)


@pytest.mark.parametrize("pattern", [r"\bfastest\s+lap|\bmedian\b", r"\b(?:lap|laps)\s*(\d{1,2})(?!\d)",
                                     r"\b(?:\d+\s*laps|p\d)", r"(?<!\w)\w+\s+lap",
                                     r"(?=[ao])(?:(?P<up>\bopened\b)|(?P<down>\balso\b))", r"(?:se\s+)?de(?:grad|sgaste)"])
def test_same_matches_around_pos(pattern):
    slow = re.compile(pattern)
    fast = skipping(slow)
    assert fast is not slow and fast.pattern == slow.pattern and fast.groupindex == slow.groupindex
    for text in ("xfastest lap, the median lap 12", "amedian; opened also", "se degrad, sedesgaste de grad",
                 "fastest lap", "laps 3", "", "é opened", "12 laps, p3 ٣ laps, x5 laps"):
        for pos in range(len(text) + 1):
            for end in (len(text), max(pos, len(text) - 1)):
                a, b = fast.search(text, pos, end), slow.search(text, pos, end)
                assert (a and (a.span(), a.groups())) == (b and (b.span(), b.groups()))
                assert [m.span() for m in fast.finditer(text, pos, end)] == [m.span() for m in slow.finditer(text, pos, end)]


def _package_patterns() -> dict[str, tuple[re.Pattern[str], re.Pattern[str]]]:
    """Each pattern the extract package's modules use, with the pattern compiled afresh from its own text."""
    out = {}
    for mod in pkgutil.iter_modules(extract_pkg.__path__):
        module = importlib.import_module(f"{extract_pkg.__name__}.{mod.name}")
        for name, value in vars(module).items():
            p = value.regex if isinstance(value, GatedPattern) else value
            if isinstance(p, re.Pattern) and isinstance(p.pattern, str):
                out[f"{mod.name}.{name}"] = (p, re.compile(p.pattern, p.flags))
    for lang in ("en", "es", "pt", "xx"):
        p = word_table(lang)[1]
        out[f"word_table.{lang}"] = (p, re.compile(p.pattern, p.flags))
    return out


def test_the_package_skips():
    """The package's patterns were recompiled at import (most of them: a ``\\b`` before their words)."""
    pats = _package_patterns()
    skipped = [k for k, (fast, slow) in pats.items() if skipping(slow) is not slow]
    assert len(skipped) > 100
    # (a pattern shared by several modules is one object: recompiled once, the same in each)
    assert all(fast.pattern == slow.pattern for fast, slow in pats.values())


def test_package_patterns_on_sentences():
    for fast, slow in _package_patterns().values():
        for s in SENTENCES:
            for text in (s, s.lower(), prepare(s)[1]):
                _same(fast, slow, text)


def test_package_patterns_on_real_answers():
    rows = []
    for name in ("dev.jsonl", "more.jsonl"):
        path = SHARED / name
        if path.exists():
            rows += [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]
    if not rows:
        pytest.skip("../shared/data/paper_generations not present (the real answers)")
    texts = [t for r in rows if (t := r.get("text"))][::20]  # (one answer in 20: every pattern, ~100 answers; CI time)
    pats = [(f, s) for f, s in _package_patterns().values() if f is not s]
    for text in texts:
        low = prepare(text)[1]  # (the rules search the lower-cased text; the sentences above cover the rest)
        for fast, slow in pats:
            assert [(m.span(), m.groups()) for m in fast.finditer(low)] == \
                [(m.span(), m.groups()) for m in slow.finditer(low)], slow.pattern[:80]
