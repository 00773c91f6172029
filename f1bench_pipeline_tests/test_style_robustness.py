"""Style-robustness generator and property (issue #13).

(a) The generator itself: every number an answer prints is in its instance's context (or
    derivable from it: a lap difference, the lap after a pit lap, a gap seen from the other
    driver, a difference of two averages, rounded); every style × language × decision type
    renders; answers are deterministic for a seed; held-out families are a fixed ~30%.
(b) The property the benchmark needs: a faithful answer, in any style, gets zero
    contradicted claims from the regex extractor + verifier, in every language and decision
    type (a seeded sample here; ``benchmarks/style_robustness_bench.py`` runs many more).
"""

from __future__ import annotations

import json
import re
from itertools import combinations
from typing import Any

import polars as pl
import pytest

from f1bench_pipeline_tests.robustness.check import check
from f1bench_pipeline_tests.robustness.styles import HELD_OUT, STYLES, faithful_answers, render

LANGS = ("en", "es", "pt")
KINDS = ("stint", "undercut", "overcut", "defense", "race_summary")


# --------------------------------------------------------------------------- numbers in the context

_LAPTIME = re.compile(r"(?<![\d.,])(\d):(\d{2}(?:[.,]\d+)?)")
_NUMBER = re.compile(r"(?<![\d.,])\d+(?:[.,]\d+)?")
_LIST_MARK = re.compile(r"(?m)^\s*\d{1,2}\.(?=\s)")
_WORDS = {w: i for i, w in enumerate(["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                                       "ten"])}
_WORDS.update({"un": 1, "una": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8,
               "um": 1, "uma": 1, "dois": 2, "duas": 2, "três": 3, "quatro": 4, "sete": 7, "oito": 8})


def _walk(x: Any) -> list[float]:
    if isinstance(x, bool) or x is None:
        return []
    if isinstance(x, (int, float)):
        return [float(x)]
    if isinstance(x, dict):
        return [v for y in x.values() for v in _walk(y)]
    if isinstance(x, list):
        return [v for y in x for v in _walk(y)]
    return []


def allowed_values(row: dict[str, Any]) -> tuple[set[int], list[float]]:
    """Integers and reals an answer may print: the context's own numbers (JSON and text), and
    what is derivable from them (differences, neighbours of laps, sign flips)."""
    ctx = json.loads(row["context"])
    values = _walk(ctx) + [float(x.replace(",", ".")) for x in _NUMBER.findall(row.get("context_text") or "")]
    ints = {int(v) for v in values if float(v).is_integer()}
    derived_ints = set(ints)
    for a in ints:
        derived_ints |= {a - 1, a + 1}
    for a, b in combinations(sorted(ints), 2):
        derived_ints.add(abs(a - b))
    reals = sorted({abs(v) for v in values})
    derived_reals = list(reals) + [abs(a - b) for a, b in combinations(reals, 2)]
    return derived_ints, derived_reals


def numbers_in(text: str) -> list[tuple[str, float, int]]:
    """(as written, value, decimals) of every number in ``text``; lap times m:ss.sss in seconds."""
    out = []
    for m in _LAPTIME.finditer(text):
        sec = m.group(2).replace(",", ".")
        out.append((m.group(0), int(m.group(1)) * 60 + float(sec), len(sec.split(".")[1]) if "." in sec else 0))
    text = _LAPTIME.sub(" ", text)
    text = _LIST_MARK.sub(" ", text)  # "3. **Pace**:" numbers the list, it states nothing
    for m in _NUMBER.finditer(text):
        s = m.group(0).replace(",", ".")
        out.append((m.group(0), float(s), len(s.split(".")[1]) if "." in s else 0))
    return out


def unexplained_numbers(row: dict[str, Any], text: str) -> list[str]:
    ints, reals = allowed_values(row)
    bad = []
    for written, x, d in numbers_in(text):
        if d == 0:
            if int(x) not in ints:
                bad.append(written)
        elif not any(abs(round(v, d) - x) < 1e-6 or abs(v - x) <= 0.5 * 10 ** -d + 1e-9 for v in reals):
            bad.append(written)
    for w in re.findall(r"[a-zà-ú]+", text.lower()):
        if w in ("one", "two", "three", "four", "five", "six", "dos", "tres", "cuatro", "dois", "duas", "três",
                 "quatro", "cinco", "seis") and _WORDS[w] not in ints:
            bad.append(w)
    return bad


# --------------------------------------------------------------------------- (a) the generator


def test_style_registry():
    assert len(STYLES) == len(set(STYLES)) >= 15
    assert HELD_OUT < set(STYLES)
    assert 0.25 <= len(HELD_OUT) / len(STYLES) <= 0.35
    assert "outlap" in STYLES and "outlap" not in HELD_OUT  # judged on its own, in the tuned set


def test_every_style_language_and_decision_type_renders(rows_by_cell):
    for lang in LANGS:
        for kind in KINDS:
            rows = rows_by_cell.get((lang, kind))
            assert rows, f"the sample has no {kind} instance in {lang}"
            for i, style in enumerate(STYLES):
                row = rows[i % len(rows)]
                text = render(row, style, seed=i)
                assert isinstance(text, str) and len(text) > 40, (style, lang, kind, text)
                assert not re.search(r"\{\w*\}|None|nan\b", text), (style, lang, kind, text)


def test_every_number_is_in_the_context(instances):
    rows = {(r["id"], r["lang"]): r for r in instances.unique(subset=["id", "lang"], keep="first").to_dicts()}
    answers = faithful_answers(instances, n=len(STYLES) * 60, seed=11)
    bad = []
    for a in answers:
        missing = unexplained_numbers(rows[(a["id"], a["lang"])], a["text"])
        if missing:
            bad.append((a["style"], a["id"], a["lang"], missing, a["text"][:300]))
    assert not bad, bad[:5]


def test_answers_are_in_the_rows_language(instances):
    markers = {"en": (" the ", " on "), "es": (" la ", " en ", " de "), "pt": (" na ", " da ", " de ", " o ")}
    for a in faithful_answers(instances, n=len(STYLES) * 6, seed=5):
        assert any(m in a["text"] for m in markers[a["lang"]]), (a["lang"], a["text"][:200])


def test_deterministic_per_seed(instances):
    a = faithful_answers(instances, n=80, seed=3)
    b = faithful_answers(instances, n=80, seed=3)
    c = faithful_answers(instances, n=80, seed=4)
    assert a == b
    assert [x["text"] for x in a] != [x["text"] for x in c]
    assert {x["style"] for x in a} == set(STYLES)
    assert all(x["model"] == f"style-{x['style']}" and x["held_out"] == (x["style"] in HELD_OUT) for x in a)


def test_stratified_over_languages_and_decision_types(instances):
    answers = faithful_answers(instances, n=len(STYLES) * 15, seed=1)
    cells = {(a["style"], a["lang"], a["kind"]) for a in answers}
    assert cells == {(s, lang, k) for s in STYLES for lang in LANGS for k in KINDS}


def test_unknown_style_is_an_error(instances):
    with pytest.raises(KeyError):
        faithful_answers(instances, n=1, seed=0, styles=["no-such-style"])


def test_checker_reports_contradictions_of_an_unfaithful_answer(instances):
    """The checker finds a planted falsehood (so a clean report means something)."""
    row = next(r for r in instances.filter(pl.col("kind") == "undercut").to_dicts())
    b = json.loads(row["context"])["battle"]
    wrong = f"{b['attacker']} pitted on lap {b['attacker_pit_lap'] + 5}."
    report = check(instances, [{"id": row["id"], "lang": row["lang"], "style": "planted", "text": wrong}])
    assert len(report.failures) == 1 and report.failures[0]["type"] == "pit_lap"
    assert report.counts["contradicted"].sum() == 1


# --------------------------------------------------------------------------- (b) the property


def test_faithful_answers_get_no_contradicted_claims(instances):
    answers = faithful_answers(instances, n=len(STYLES) * 60, seed=2026)
    report = check(instances, answers)
    assert report.counts["answers"].sum() == len(answers)
    covered = report.counts.filter(pl.col("answers") > 0)
    assert set(covered["lang"]) == set(LANGS) and set(covered["style"]) == set(STYLES)
    assert covered["decision_type"].n_unique() == len(KINDS)
    shown = [(f["style"], f["lang"], f["type"], f["slots"], f["reason"], f["excerpt"]) for f in report.failures[:10]]
    assert not report.failures, f"{len(report.failures)} contradicted claims in faithful answers, e.g. {shown}"
