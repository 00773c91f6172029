"""A pattern gated by its literals (``extract/literal_gate.py``) finds exactly what the pattern finds.

The gate reads from a pattern a few strings one of which every match holds, and answers "no match"
at once for a string holding none of them (#44's speed). It must never hide a match: checked on
patterns written for the purpose, on every pattern of the extract package over sentences of the
rules' kinds, and (when ../shared is present) over every answer of the paper's dev and more sets.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import re
from pathlib import Path

import pytest

import f1bench_pipeline.domains.f1.extract as extract_pkg
from f1bench_pipeline.domains.f1.extract.literal_gate import GatedPattern, gated, required_literals
from f1bench_pipeline.domains.f1.extract.patterns import VS_PAIR, alt
from f1bench_pipeline.domains.f1.extract.text import prepare

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "paper_generations"

SENTENCES = [
    "VER pitted on lap 31 for hards; NOR was effectively one stop ahead (median green-flag pace).",
    "It is impossible to determine if the undercut worked: LEC waited until lap 40, typically too late.",
    "El piloto tenía una ventaja neta de 2,1 s; en la práctica, la parada fue gratis bajo el coche de seguridad.",
    "A estratégia planejada era de duas paradas, mas a chuva mudou tudo: HAM x RUS terminou 1-2.",
    "The out-lap was faster than LEC's in-lap over the last three laps, respectively 1.2 s and 0.8 s.",
    "thirty-six laps on the medium, then twenty-two on the hard; PIA vs. NOR (battle), aimed to undercut",
    "Had PIA reacted on lap 27 he would have kept the place.",
    "",
]


@pytest.mark.parametrize(("pattern", "literals"), [
    (r"\bmedian|\bmediana|green-?flag", {"median", "green"}),
    (r"\bhad (?:he|she|it) (?:waited|stopped|pitted)", {"had he ", "had she ", "had it "}),  # (fewest, long enough)
    (r"\b(?:effectively|in effect|net)\b", {"effectively", "in effect", "net"}),
    (r"\bm[áa]s\s+r[áa]pid[oa]s?\b", {"rapid", "rápid"}),
    (r"\b(?:wait\w*|esper\w*)\b[^.;:\n]{0,14}$", {"wait", "esper"}),
    (r"(\d{1,2})\s*/\s*$", {"/"}),
])
def test_literals_read_from_the_pattern(pattern, literals):
    assert set(required_literals(re.compile(pattern)) or ()) == literals


@pytest.mark.parametrize("pattern", [r"\w+", r"[a-z]{3}\d", r"(?i)median", r"x?y?", r"[abcdefgh]z?"])
def test_no_literals_no_gate(pattern):
    compiled = re.compile(pattern)
    assert required_literals(compiled) is None
    assert gated(compiled) is compiled


def _same(gate: GatedPattern, text: str) -> None:
    p = gate.regex
    for pos, end in ((0, len(text)), (3, len(text) - 2), (len(text) // 2, len(text))):
        assert gate.search(text, pos, end) == p.search(text, pos, end) or \
            gate.search(text, pos, end).span() == p.search(text, pos, end).span()  # type: ignore[union-attr]
        for method in ("match", "fullmatch"):
            a, b = getattr(gate, method)(text, pos, end), getattr(p, method)(text, pos, end)
            assert (a and a.span()) == (b and b.span())
        assert [m.span() for m in gate.finditer(text, pos, end)] == [m.span() for m in p.finditer(text, pos, end)]


def _extract_patterns(in_use: bool) -> dict[str, re.Pattern[str]]:
    """The compiled patterns of the extract package's modules (``in_use``: only those gated there)."""
    out = {}
    for mod in pkgutil.iter_modules(extract_pkg.__path__):
        module = importlib.import_module(f"{extract_pkg.__name__}.{mod.name}")
        for name, value in vars(module).items():
            if isinstance(value, GatedPattern):
                out[f"{mod.name}.{name}"] = value.regex
            elif not in_use and isinstance(value, re.Pattern) and isinstance(value.pattern, str):
                out[f"{mod.name}.{name}"] = value
    return out


def _texts(limit: int | None) -> list[str]:
    texts = list(SENTENCES)
    for name in ("dev.jsonl", "more.jsonl"):
        path = SHARED / name
        if path.exists():
            texts += [json.loads(x).get("text") or "" for x in path.read_text(encoding="utf-8").splitlines()
                      if x.strip()][:limit]
    return texts


@pytest.mark.parametrize(("in_use", "limit"), [(True, None), (False, 100)])
def test_every_extract_pattern_gated_finds_what_it_finds(in_use, limit):
    """No pattern of the extract package has a match in a string that holds none of its literals: the
    patterns gated in the package over every answer of ../shared (2,000 real answers, when present),
    every pattern with literals over the first hundred of each set."""
    patterns = {k: p for k, p in _extract_patterns(in_use).items() if required_literals(p) is not None}
    assert len(patterns) > (15 if in_use else 300)
    strings = [s for t in _texts(limit) for s in prepare(t)]
    for name, p in patterns.items():
        gate = gated(p)
        assert isinstance(gate, GatedPattern)
        for s in strings:
            if not gate.holds(s):
                assert p.search(s) is None, (name, gate.literals)


@pytest.mark.parametrize("text", SENTENCES)
def test_gated_methods_agree_with_the_pattern(text):
    for pattern in (r"\bmedian|\bmediana|green-?flag", r"\b(?:effectively|in effect|net[oa]?)\b", r"\brespectiv",
                    r"\b(?:wait\w*|esper\w*)\b[^.;:\n]{0,14}", r"[^.;\n]{0,60}?\b(?:rain|lluvia|chuva)"):
        gate = gated(re.compile(pattern))
        assert isinstance(gate, GatedPattern)
        _same(gate, text)
        _same(gate, text.lower())


def test_the_memo_follows_the_string():
    gate = gated(re.compile(r"\bnet\b"))
    assert gate.search("a net gain") is not None
    assert gate.search("a gain") is None
    assert gate.search("a net gain", 2) is not None
    assert gate.search("a net gain", 3) is None  # (a window: the pattern's own answer)


@pytest.mark.parametrize("text", ["VER vs NOR", "xVER vs NOR", "_VER vs NOR", "1VER vs NOR", "ÉVER vs NOR",
                                  "(VER x NOR) and LEC contra HAM", "VERvs NOR", "AVER vs NORR", "ABCD vs NOR",
                                  "é VER contra NOR", "VER vs. NOR; PIA versus\nNOR"])
def test_vs_pair_reads_as_the_word_boundary_form(text):
    """VS_PAIR's look-behind after the first capital is the leading ``\\b`` it replaced."""
    old = re.compile(r"\b([A-Z]{3})\s+" + alt("vs_pair") + r"\s+([A-Z]{3})\b")
    assert [(m.span(), m.groups()) for m in VS_PAIR.finditer(text)] == \
        [(m.span(), m.groups()) for m in old.finditer(text)]


_CAPS = ["VER", "xVER NOR", "_VER vs NOR", "1VER", "ÉVER", "-VER (HUL)", "ABC-", "(ABC)", "ÀBC DÉF", "A B", "ABé", "HÜL",
         "VER, NOR e HAM", "AB1 CD", "lap 12 VER\nNOR"]


@pytest.mark.parametrize("text", _CAPS)
def test_capital_scans_read_as_their_boundary_forms(text):
    """The code scans over whole answers (language._CODE, tokenizer._CODE_SHAPE) with the leading
    boundary written after the first capital find what the boundary-first forms found."""
    from f1bench_pipeline.domains.f1.extract.tokenizer import _CODE_SHAPE
    from f1bench_pipeline.language import _CODE

    for new, old in ((_CODE, r"\b[A-Z]{2,}\b"), (_CODE_SHAPE, r"(?<![\w-])[A-Z]{3}(?![\w-])")):
        assert [m.span() for m in new.finditer(text)] == [m.span() for m in re.finditer(old, text)]
