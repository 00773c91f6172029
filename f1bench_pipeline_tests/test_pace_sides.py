"""Comparisons whose sides their own clause leaves implicit (``extract/pace_sides.py``, read by
``pace_compare.py``, verified by ``verify_pace.py``), EN/ES/PT, both ways:

* side b named only by its value in a bracket: "faster on average (97.48s vs. 99.15s)", "a higher pace
  loss per lap (-0.039s/lap vs. -0.028s/lap)" ("pace loss per lap" is degradation);
* side a named as the tyre switched to, then referred to: "the switch to Hard ... a compound that showed
  less degradation than the Medium stint";
* side a named by a stint heading opening its line: "- **Stint 2 (HARD):** ... faster on average than ...".

The context is a real one: ``monaco_pace_context.py`` (the 2025 Monaco overcut HAM -> OCO).
"""

from __future__ import annotations

import pytest

from f1bench_pipeline.domains.f1.claims import Claim
from f1bench_pipeline.domains.f1.extract import _extract
from f1bench_pipeline.domains.f1.instances import facts as F
from f1bench_pipeline.domains.f1.verifier import CONTRADICTED, SUPPORTED, UNVERIFIABLE, verify_claim
from f1bench_pipeline_tests.monaco_pace_context import ENTITIES, index

IDX = index([F.pit_lap("HAM", 18), F.pit_lap("OCO", 16)])


def _comparisons(text: str, lang: str, entities: dict = ENTITIES) -> list[tuple[Claim, str]]:
    return [(c, verify_claim(c, IDX).label) for c in _extract(text, lang, entities) if c.type == "pace_comparison"]


def _only(text: str, lang: str, entities: dict = ENTITIES) -> tuple[Claim, str]:
    got = _comparisons(text, lang, entities)
    assert len(got) == 1, got
    return got[0]


@pytest.mark.parametrize("lang, text, slots, label", [
    # side b by its value: pace
    ("en", "HAM's MEDIUM stint was faster on average (75.85s vs. 77.73s).",
     {"metric": "pace", "relation": "lower", "compound_a": "MEDIUM", "value_b": 77.73}, SUPPORTED),
    ("en", "HAM's MEDIUM stint was slower on average (75.85s vs. 77.73s).", {"relation": "higher"}, CONTRADICTED),
    ("es", "El stint con MEDIUM de HAM fue más rápido en promedio (75,85s frente a 77,73s).",
     {"compound_a": "MEDIUM", "value_b": 77.73}, SUPPORTED),
    ("pt", "O stint de MEDIUM de HAM foi mais lento em média (75,85s vs. 75,67s).", {"relation": "higher"}, SUPPORTED),
    # side b by its value: another driver's stint ("HAM's second stint ... (75.67s vs. 77.20s)": OCO's 77.20s)
    ("en", "HAM's second stint was faster on average (75.67s vs. 77.20s).", {"stint_a": 2, "value_b": 77.2}, SUPPORTED),
    # side b by its value: degradation, "pace loss per lap" is degradation
    ("en", "HAM's stint 2 showed a slightly higher pace loss per lap (+0.010s/lap vs. -0.014s/lap).",
     {"metric": "degradation", "relation": "higher", "stint_a": 2, "value_b": -0.014}, SUPPORTED),
    ("en", "HAM's stint 2 showed a lower pace loss per lap (+0.010s/lap vs. -0.014s/lap).",
     {"metric": "degradation", "relation": "lower"}, CONTRADICTED),
    ("es", "El stint 2 de HAM tuvo menos degradación (+0.010s/vuelta frente a -0.515s/vuelta).",
     {"metric": "degradation", "relation": "lower", "stint_a": 2}, CONTRADICTED),
    ("pt", "O stint 2 de HAM teve mais degradação (+0.010s/volta vs. -0.515s/volta).",
     {"metric": "degradation", "relation": "higher", "stint_a": 2}, SUPPORTED),
    # side a: the tyre switched to, referred to as "a compound that"
    ("en", "OCO's switch to the HARD put him on a compound that showed less degradation than his first stint.",
     {"metric": "degradation", "relation": "lower", "compound_a": "HARD", "stint_b": 1}, CONTRADICTED),
    ("en", "OCO's switch to the HARD put him on a compound that showed more degradation than his first stint.",
     {"compound_a": "HARD", "relation": "higher"}, SUPPORTED),
    ("es", "El cambio de OCO al HARD le dio un compuesto que tuvo más degradación que su primer stint.",
     {"compound_a": "HARD", "relation": "higher"}, SUPPORTED),
    ("pt", "A troca de OCO para o HARD deu-lhe um composto que teve menos degradação do que o seu primeiro stint.",
     {"compound_a": "HARD", "relation": "lower"}, CONTRADICTED),
])
def test_an_implicit_side_is_read_and_verified(lang, text, slots, label):
    claim, got = _only(text, lang)
    assert {k: claim.slots.get(k) for k in slots} == slots, claim.slots
    assert got == label


def test_a_stint_heading_opening_the_line_is_side_a():
    text = "HAM ran three stints.\n- **Stint 2 (HARD):** average 75.67s, which is 2.06 seconds per lap faster on " \
           "average than the first stint."
    claim, label = _only(text, "en", {"drivers": ["HAM"], "teams": []})
    assert claim.slots.get("stint_a") == 2 and claim.slots.get("stint_b") == 1 and label == SUPPORTED


@pytest.mark.parametrize("lang, text", [
    ("en", "HAM's MEDIUM stint was faster on average (75.85s vs. 77.73s for OCO)."),  # side b another driver's, named
    ("en", "HAM's MEDIUM stint was faster on average."),  # no side b at all
    # ("HAM was faster on average (75.85s vs. 77.73s)": side a named by its value, test_pace_both_values.py)
    ("en", "OCO had a compound that showed less degradation than his first stint."),  # no tyre switched to
    ("en", "OCO went to the HARD and HAM to the MEDIUM, a compound that showed less degradation than the first stint."),
    ("en", "HAM's MEDIUM stint was faster on average (75.85s vs. 0.3s/lap)."),  # not two lap times
])
def test_no_comparison_when_a_side_stays_implicit(lang, text):
    assert _comparisons(text, lang) == []


def test_side_b_by_a_value_no_stint_states_is_unverifiable():
    claim, label = _only("HAM's MEDIUM stint was faster on average (75.85s vs. 79.99s).", "en")
    assert claim.slots["value_b"] == 79.99 and label == UNVERIFIABLE
