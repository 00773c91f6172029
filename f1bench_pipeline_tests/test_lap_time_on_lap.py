"""Issue #44, fourth pass: a driver's out-lap or in-lap said by the time lost or gained on it or by its
advantage ("OCO lost a large amount of time on his in-lap", "BEA's out-lap advantage was decisive", "his in-lap
pace advantage", "perdió mucho tiempo en su vuelta de entrada", "tuvo ventaja en su vuelta de salida", "perdeu
muito tempo na sua volta de entrada"): ``lap_pace`` (``extract/lap_pace.words``, ``vocabulary/lap_more_words``),
unverifiable, as the human gold labels a lap-level pace. Both ways: reasoning of no driver ("fresh tyres give
an out-lap advantage", "the undercut gains time on the out-lap"), a hedge ("likely lost time on his in-lap")
and a time gained on a rival named (a gain's) give none.

The context is the real Monaco instance of ``monaco_pace_context.py`` (HAM overcut OCO; read from the full
warehouse when it is there).
"""

from __future__ import annotations

import pytest

from f1bench_pipeline.domains.f1.extract import _extract
from f1bench_pipeline.domains.f1.verifier import UNVERIFIABLE, verify_claim
from f1bench_pipeline_tests.monaco_pace_context import ENTITIES, real_instance
from f1bench_pipeline_tests.test_lap_pace_more import IDX


def _lap(text: str, lang: str, idx=IDX, entities: dict = ENTITIES) -> list[tuple]:
    return [(c.slots["driver"], c.slots["stretch"], c.slots.get("relation"), verify_claim(c, idx).label)
            for c in _extract(text, lang, entities) if c.type == "lap_pace"]


@pytest.mark.parametrize("lang, text, expected", [
    ("en", "OCO lost a large amount of time on his in-lap (lap 16) compared to HAM.", ("OCO", "in_lap", "higher")),
    ("en", "HAM's out-lap advantage on lap 19 was therefore decisive.", ("HAM", "out_lap", "lower")),
    ("en", "HAM's in-lap pace advantage, while OCO was already on new MEDIUMs, was enough.", ("HAM", "in_lap", "lower")),
    ("en", "OCO gained some time on his out-lap but not enough.", ("OCO", "out_lap", "lower")),
    ("es", "OCO perdió mucho tiempo en su vuelta de entrada.", ("OCO", "in_lap", "higher")),
    ("es", "HAM tuvo ventaja en su vuelta de salida tras parar en la vuelta 18.", ("HAM", "out_lap", "lower")),
    ("pt", "OCO perdeu muito tempo na sua volta de entrada.", ("OCO", "in_lap", "higher")),
    ("pt", "HAM ganhou tempo na sua volta de saída.", ("HAM", "out_lap", "lower")),
])
def test_time_lost_or_gained_on_a_drivers_own_lap(lang, text, expected):
    assert _lap(text, lang) == [(*expected, UNVERIFIABLE)]


@pytest.mark.parametrize("lang, text", [
    ("en", "Fresh tyres give an out-lap advantage."),  # reasoning, no driver
    ("en", "The undercut gains time on the out-lap."),
    ("en", "OCO likely lost a lot of time on his in-lap."),  # a guess
    ("es", "OCO probablemente perdió tiempo en su vuelta de entrada."),
    ("pt", "Pneus novos dão vantagem na volta de saída."),
])
def test_no_lap_pace_from_reasoning_or_a_guess(lang, text):
    assert _lap(text, lang) == []


def test_on_the_real_instance():
    idx, entities = real_instance()
    assert _lap("OCO lost a large amount of time on his in-lap.", "en", idx, entities) == \
        [("OCO", "in_lap", "higher", UNVERIFIABLE)]
