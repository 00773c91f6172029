"""Issue #44, fourth pass: a pace or degradation comparison whose two sides are named by their values only,
in a bracket after the comparative, no stint of side a named ("HAM's degradation rate was lower
(-0.014s/lap vs +0.081s/lap)", "la degradación de HAM fue menor (... frente a ...)", "a degradação de HAM
foi maior (... vs ...)"): ``pace_comparison`` with ``value_a`` (side a: the driver's stint whose stated
value it is) and ``value_b``, EN/ES/PT, both ways.

The context is ``test_pace_claims``' (the 2025 Monaco overcut HAM -> OCO): HAM's stints HARD 77.73s
-0.515, HARD 75.67s +0.010, MEDIUM 75.85s -0.014; OCO's MEDIUM 78.48s -0.472, MEDIUM 77.20s +0.081, HARD
77.20s +0.024.
"""

from __future__ import annotations

import pytest

from f1bench_pipeline.domains.f1.extract import _extract
from f1bench_pipeline.domains.f1.verifier import CONTRADICTED, SUPPORTED, UNVERIFIABLE, verify_claim
from f1bench_pipeline_tests.monaco_pace_context import real_instance
from f1bench_pipeline_tests.test_pace_claims import ENTITIES, IDX


def _compared(text: str, lang: str, idx=IDX, entities=ENTITIES) -> list[tuple[dict, str]]:
    return [(c.slots, verify_claim(c, idx).label) for c in _extract(text, lang, entities)
            if c.type == "pace_comparison"]


@pytest.mark.parametrize("lang, text, metric, relation, label", [
    # HAM's MEDIUM (-0.014) against OCO's second MEDIUM (+0.081): lower
    ("en", "HAM's degradation rate was lower (-0.014s/lap vs +0.081s/lap).", "degradation", "lower", SUPPORTED),
    ("en", "HAM had the higher degradation (-0.014s/lap vs +0.081s/lap).", "degradation", "higher", CONTRADICTED),
    # a degradation written without its sign is found by its size, then judged on the signed values
    ("en", "HAM showed lower degradation (0.014s/lap vs 0.081s/lap).", "degradation", "lower", SUPPORTED),
    ("es", "La degradación de HAM fue menor (-0.014 s/vuelta frente a +0.081 s/vuelta).", "degradation", "lower",
     SUPPORTED),
    ("es", "HAM tuvo una degradación más severa (+0.010 s/vuelta frente a +0.081 s/vuelta).", "degradation",
     "higher", CONTRADICTED),
    ("pt", "HAM teve menor degradação (-0.014s/volta contra +0.081s/volta).", "degradation", "lower", SUPPORTED),
    ("pt", "A degradação de HAM foi maior (-0.014 s/volta vs +0.024 s/volta).", "degradation", "higher",
     CONTRADICTED),
    # a pace, likewise: HAM's 75.67s or 75.85s stint against OCO's 77.20s (two stints: true of both) or 78.48s
    ("en", "HAM was faster on average (75.67s vs. 77.20s).", "pace", "lower", SUPPORTED),
    ("es", "HAM fue más lento en promedio (75.67s frente a 78.48s).", "pace", "higher", CONTRADICTED),
    ("pt", "HAM foi mais rápido em média (75.85s contra 78.48s).", "pace", "lower", SUPPORTED),
    # both values HAM's own (MEDIUM 75.85s, first HARD 77.73s): until the fourth pass no claim (side a unnamed)
    ("en", "HAM was faster on average (75.85s vs. 77.73s).", "pace", "lower", SUPPORTED),
    ("es", "HAM fue más rápido en promedio (75,85s frente a 77,73s).", "pace", "lower", SUPPORTED),
    ("pt", "HAM foi mais rápido em média (75,85s vs. 77,73s).", "pace", "lower", SUPPORTED),
])
def test_both_sides_named_by_their_values(lang, text, metric, relation, label):
    got = [(s, lbl) for s, lbl in _compared(text, lang) if "value_a" in s]
    assert len(got) == 1, got
    slots, lbl = got[0]
    assert (slots["metric"], slots["relation"], slots["driver_a"], lbl) == (metric, relation, "HAM", label)


@pytest.mark.parametrize("lang, text", [
    # two drivers in the sentence: whose "his" is is unsure, so side a is not pinned by a value
    ("en", "HAM averaged 75.85s against OCO's 77.20s, and his degradation rate was lower (-0.014s/lap vs +0.081s/lap)."),
    ("es", "HAM promedió 75.85s frente a los 77.20s de OCO, y su degradación fue menor (-0.014 frente a +0.081)."),
    ("pt", "HAM fez 75.85s contra 77.20s de OCO, e sua degradação foi menor (-0.014 vs +0.081)."),
])
def test_no_value_pinned_side_a_when_two_drivers_are_named(lang, text):
    assert [s for s, _ in _compared(text, lang) if "value_a" in s] == []


def test_a_value_of_no_stint_of_the_driver_is_unverifiable():
    # -0.200 is none of HAM's degradations: side a is not known, nothing is decided
    got = [(s, lbl) for s, lbl in _compared("HAM's degradation rate was higher (-0.200s/lap vs +0.081s/lap).", "en")
           if "value_a" in s]
    assert [lbl for _s, lbl in got] == [UNVERIFIABLE]


def test_a_named_stint_keeps_its_reading():
    # side a named by its tyre: pinned by the tyre, as before (no value_a)
    got = _compared("HAM's MEDIUM degradation was lower (-0.014s/lap vs +0.081s/lap).", "en")
    assert got and all("value_a" not in s and s.get("compound_a") == "MEDIUM" for s, _ in got)


def test_on_the_real_instance():
    idx, entities = real_instance()
    got = [(s, lbl) for s, lbl in _compared("HAM's degradation rate was lower (-0.014s/lap vs +0.081s/lap).", "en",
                                             idx, entities) if "value_a" in s]
    assert [lbl for _s, lbl in got] == [SUPPORTED]


@pytest.mark.parametrize("lang, text, relation, label, diff", [
    # two drivers, no stint named, each side's average stated: the values pin the stints (HAM's 75.67s stint 2,
    # OCO's 78.48s stint 1, or OCO's 77.20s, which two of his stints state: true of both, supported)
    ("en", "HAM's average lap time (75.67s) was 1.53 seconds per lap faster than OCO's (77.20s).", "lower", SUPPORTED,
     1.53),
    ("en", "HAM's average lap time (75.67s) was 0.80 seconds per lap faster than OCO's (78.48s).", "lower", CONTRADICTED,
     0.8),
    ("en", "HAM's average lap time (75.67s) was slower than OCO's (78.48s).", "higher", CONTRADICTED, None),
    ("es", "El ritmo medio de HAM (75,67 s) fue más rápido que el de OCO (78,48 s).", "lower", SUPPORTED, None),
    ("es", "La media de HAM (75,67 s) fue más lenta que la de OCO (78,48 s).", "higher", CONTRADICTED, None),
    ("pt", "A média de HAM (75.67s) foi mais rápida que a de OCO (78.48s).", "lower", SUPPORTED, None),
    ("pt", "HAM teve média (75,67s) mais lenta do que OCO (78,48s).", "higher", CONTRADICTED, None),
])
def test_two_drivers_compared_by_their_stated_averages(lang, text, relation, label, diff):
    got = [(s, lbl) for s, lbl in _compared(text, lang) if "value_a" in s]
    assert len(got) == 1, got
    slots, lbl = got[0]
    assert (slots["driver_a"], slots["driver_b"], slots["relation"], slots.get("difference"), lbl) == \
        ("HAM", "OCO", relation, diff, label)


@pytest.mark.parametrize("lang, text", [
    ("en", "HAM's average (75.67s) was faster than OCO's."),  # side b's value not stated
    ("en", "HAM was faster than OCO (77.20s)."),  # side a's value not stated
    ("en", "HAM, at 75.85s and then 75.67s, was faster on average than OCO's (77.20s)."),  # two values of side a
    ("es", "HAM fue más rápido que OCO (77,20 s)."),
    ("pt", "A média de HAM (75.67s) foi mais rápida que a de OCO."),
])
def test_no_value_pinned_sides_when_a_value_is_missing(lang, text):
    assert [s for s, _ in _compared(text, lang) if "value_a" in s] == []
