"""The blind held-out style families (``robustness.blind``): generator checks and the property.

(a) The generator: every blind family renders in every language and decision type; every
    number it prints -- digits, numbers written as words, percentages, rounded seconds -- is
    in the instance's context or derivable from it; answers are deterministic and in the row's
    language; the blind set is disjoint from ``STYLES`` and leaves the default sample alone.
(b) The property: a faithful answer gets zero contradicted claims. The blind set is evaluated
    only at the end (xfail, not strict), and its failure report withholds the details: run
    ``benchmarks/style_robustness_bench.py --styles blind --json ...`` to see them.
"""

from __future__ import annotations

import json
import math
import re
from itertools import combinations
from typing import Any


from f1bench_pipeline_tests.robustness import blind
from f1bench_pipeline_tests.robustness.check import check
from f1bench_pipeline_tests.robustness.styles import BLIND, HELD_OUT, STYLES, faithful_answers, render

LANGS = ("en", "es", "pt")
KINDS = ("stint", "undercut", "overcut", "defense", "race_summary")
FAMILIES = tuple(sorted(BLIND))


# --------------------------------------------------------------------------- numbers in the context

_LAPTIME = re.compile(r"(?<![\d.,])(\d):(\d{2}(?:[.,]\d+)?)")
_NUMBER = re.compile(r"(?<![\d.,])\d+(?:[.,]\d+)?")
_PERCENT = re.compile(r"(?<![\d.,])(\d+)\s?(?:%|per ?cent|percent|por ciento|por cento)")
_SECONDS_AFTER = re.compile(r"\s?(?:s\b|sec|seg|second|segundo)")
_QA_LABEL = re.compile(r"(?im)^(?:\*\*)?[QA]\d+:")


def _walk(x: Any) -> list[float]:
    if isinstance(x, bool) or x is None:
        return []
    if isinstance(x, (int, float)):
        return [float(x)]
    if isinstance(x, dict):
        return [v for y in x.values() for v in _walk(y)]
    if isinstance(x, list):
        return [float(len(x))] + [v for y in x for v in _walk(y)]  # a count of items is derivable too
    return []


def allowed_values(row: dict[str, Any]) -> tuple[set[int], list[float], set[int]]:
    """Integers, reals and percentages an answer may print: the context's own numbers (JSON and
    text) and what is exactly derivable from them (differences, neighbours of laps, a/b as a
    percentage). 1 is always allowed (an article: un/una/um/uma)."""
    ctx = json.loads(row["context"])
    values = _walk(ctx) + [float(x.replace(",", ".")) for x in _NUMBER.findall(row.get("context_text") or "")]
    ints = {int(v) for v in values if float(v).is_integer()}
    derived = set(ints) | {1}
    for a in ints:
        derived |= {a - 1, a + 1}
    for a, b in combinations(sorted(ints), 2):
        derived.add(abs(a - b))
    pcts = set()
    for a in derived:
        for b in ints:
            if 0 < a <= b:
                x = 100.0 * a / b
                pcts |= {math.floor(x), math.ceil(x), int(round(x))}
    reals = sorted({abs(v) for v in values})
    derived_reals = list(reals) + [abs(a - b) for a, b in combinations(reals, 2)]
    return derived, derived_reals, pcts


def _word_numbers(lang: str) -> dict[str, int]:
    """Spelled numbers (cardinals 0..199 in every gender, ordinals 1..22) of one language."""
    out: dict[str, int] = {}
    for n in range(200):
        for g in ("m", "mn", "f"):
            for region in (None, "pt_pt"):
                out[blind.cardinal(n, lang, g, region)] = n
    for n in range(1, 23):
        w = blind.ordinal_word(n, lang)
        out[w] = n
        if lang != "en":
            out[" ".join(x[:-1] + "a" if x.endswith("o") else x for x in w.split())] = n
    if lang == "es":
        out.update({"primer": 1, "tercer": 3})
    return out


_WORDS = {lang: _word_numbers(lang) for lang in LANGS}
# In an answer mixing languages, words that are numbers in one language only are left out: "dos"
# (Portuguese "of the") and "once" (English "after").
_WORDS["mixed"] = {w: n for lang in LANGS for w, n in _WORDS[lang].items() if w not in ("dos", "once")}
_WORD_RE = {k: re.compile(r"(?<!\w)(" + "|".join(sorted(map(re.escape, m), key=len, reverse=True)) + r")(?!\w)")
            for k, m in _WORDS.items()}


def numbers_in(text: str, lang: str) -> list[tuple[str, float, int, str]]:
    """(as written, value, decimals, kind) for every number in ``text``: ``pct`` percentages,
    ``sec`` integers followed by a seconds unit (a rounded gap), ``num`` digits, ``word`` words."""
    out: list[tuple[str, float, int, str]] = []
    low = text.lower()
    for phrase in blind.FRACTION_PHRASES:
        low = re.sub(rf"(?<!\w){re.escape(phrase)}(?!\w)", " ", low)
    low = _QA_LABEL.sub(" ", low)
    for m in _PERCENT.finditer(low):
        out.append((m.group(0), float(m.group(1)), 0, "pct"))
    low = _PERCENT.sub(" ", low)
    for m in _LAPTIME.finditer(low):
        sec = m.group(2).replace(",", ".")
        out.append((m.group(0), int(m.group(1)) * 60 + float(sec), len(sec.split(".")[1]) if "." in sec else 0, "num"))
    low = _LAPTIME.sub(" ", low)
    for m in _NUMBER.finditer(low):
        s = m.group(0).replace(",", ".")
        d = len(s.split(".")[1]) if "." in s else 0
        kind = "sec" if d == 0 and _SECONDS_AFTER.match(low, m.end()) else "num"
        out.append((m.group(0), float(s), d, kind))
    for m in _WORD_RE[lang].finditer(low):
        out.append((m.group(0), float(_WORDS[lang][m.group(0)]), 0, "word"))
    return out


def unexplained_numbers(row: dict[str, Any], text: str, lang: str) -> list[str]:
    ints, reals, pcts = allowed_values(row)
    bad = []
    for written, x, d, kind in numbers_in(text, lang):
        if kind == "pct":
            ok = int(x) in pcts
        elif kind == "sec":
            ok = int(x) in ints or any(abs(v - x) <= 0.5 + 1e-9 for v in reals)
        elif d == 0:
            ok = int(x) in ints
        else:
            ok = any(abs(round(v, d) - x) < 1e-6 or abs(v - x) <= 0.5 * 10 ** -d + 1e-9 for v in reals)
        if not ok:
            bad.append(written)
    return bad


def test_the_number_check_catches_planted_numbers(rows_by_cell):
    """The checker itself: a planted lap, a lap in words, a wrong share and a wrong gap are caught."""
    row = rows_by_cell[("en", "undercut")][0]
    b = json.loads(row["context"])["battle"]
    assert not unexplained_numbers(row, f"{b['attacker']} pitted on lap {b['attacker_pit_lap']}.", "en")
    assert unexplained_numbers(row, "He pitted on lap 97.", "en") == ["97"]
    assert unexplained_numbers(row, "He pitted on lap ninety-seven.", "en") == ["ninety-seven"]
    assert unexplained_numbers(row, "Parou na volta noventa e sete.", "pt") == ["noventa e sete"]
    assert unexplained_numbers(row, "That was 150% of the race.", "en") == ["150%"]
    assert unexplained_numbers(row, "The gap was 123.456 s.", "en") == ["123.456"]
    assert not unexplained_numbers(row, "About a third of the race, less than a fifth of it.", "en")


# --------------------------------------------------------------------------- (a) the generator


def test_blind_registry():
    assert 8 <= len(BLIND) <= 13
    assert not BLIND & set(STYLES) and not BLIND & HELD_OUT
    assert set(blind.BLIND_SPECS) == BLIND and all(blind.BLIND_SPECS.values())


def test_every_blind_family_language_and_decision_type_renders(rows_by_cell):
    for lang in LANGS:
        for kind in KINDS:
            rows = rows_by_cell.get((lang, kind))
            assert rows, f"the sample has no {kind} instance in {lang}"
            for i, family in enumerate(FAMILIES):
                for j in range(3):
                    row = rows[(i + j) % len(rows)]
                    text = render(row, family, seed=100 * i + j)
                    assert isinstance(text, str) and len(text) > 40, (family, lang, kind, text)
                    assert not re.search(r"\{\w*\}|None|nan\b|UNKNOWN", text), (family, lang, kind, text)


def test_every_number_in_a_blind_answer_is_in_the_context(instances, rows_by_key):
    answers = faithful_answers(instances, n=len(BLIND) * 75, seed=11, styles=["blind"])
    bad = []
    for a in answers:
        lang = "mixed" if a["family"] == "mixed_lang" else a["lang"]
        missing = unexplained_numbers(rows_by_key[(a["id"], a["lang"])], a["text"], lang)
        if missing:
            bad.append((a["style"], a["id"], a["lang"], missing, a["text"][:400]))
    assert not bad, bad[:5]


_MARKERS = {"en": {"the", "lap", "laps", "stop", "stops", "ahead", "behind", "pass", "won", "podium", "gap", "pace"},
            "es": {"la", "de", "vuelta", "vueltas", "parada", "paradas", "delante", "detrás", "victoria", "podio", "ritmo"},
            "pt": {"na", "de", "volta", "voltas", "parada", "paradas", "frente", "atrás", "vitória", "pódio", "ritmo"}}


def test_blind_answers_are_in_the_rows_language(instances):
    answers = faithful_answers(instances, n=len(BLIND) * 15, seed=5, styles=["blind"])
    for a in answers:
        words = set(re.findall(r"\w+", a["text"].lower()))
        assert words & _MARKERS[a["lang"]], (a["style"], a["lang"], a["text"][:200])
    mixed = [a for a in answers if a["family"] == "mixed_lang"]
    others = {"en": _MARKERS["es"] | _MARKERS["pt"], "es": {"the", "lap", "laps", "ahead", "behind"},
              "pt": {"the", "lap", "laps", "ahead", "behind", "vuelta", "vueltas", "delante"}}
    switched = [a for a in mixed if set(re.findall(r"\w+", a["text"].lower())) & (others[a["lang"]] - _MARKERS[a["lang"]])]
    assert len(switched) >= len(mixed) // 2, "mixed_lang answers should switch language"


def test_blind_deterministic_and_stratified(instances):
    a = faithful_answers(instances, n=len(BLIND) * 15, seed=3, styles=["blind"])
    b = faithful_answers(instances, n=len(BLIND) * 15, seed=3, styles=["blind"])
    c = faithful_answers(instances, n=len(BLIND) * 15, seed=4, styles=["blind"])
    assert a == b
    assert [x["text"] for x in a] != [x["text"] for x in c]
    assert {(x["family"], x["lang"], x["kind"]) for x in a} == {(f, lang, k) for f in BLIND for lang in LANGS for k in KINDS}
    assert all(x["held_out"] and x["model"] == f"style-{x['style']}" for x in a)
    # by name, too
    one = faithful_answers(instances, n=4, seed=3, styles=["story", "qa"])
    assert {x["style"] for x in one} == {"story", "qa"}


def test_default_sample_has_no_blind_family(instances):
    assert not {x["family"] for x in faithful_answers(instances, n=len(STYLES) * 4, seed=3)} & BLIND


# --------------------------------------------------------------------------- (b) the property


def test_blind_faithful_answers_get_no_contradicted_claims(instances):
    answers = faithful_answers(instances, n=len(BLIND) * 30, seed=2026, styles=["blind"])
    report = check(instances, answers)
    assert report.counts["answers"].sum() == len(answers)
    # Details withheld (blind set): see benchmarks/style_robustness_bench.py --styles blind --json FILE.
    assert not report.failures, f"{len(report.failures)} contradicted claims in blind faithful answers"
