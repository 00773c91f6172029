"""Issue #44, third pass: a stint said to be run on a used set (``unstated_fact`` kind ``tyre_age``:
``extract/unstated.py``, ``vocabulary/tyre_age_words.py``), EN/ES/PT, both ways. The contexts state each
stint's tyre and laps, never whether its set was new or used: always unverifiable, as the human guide
labels it. "new"/"fresh" tyres after a stop, tyres worn during the stint and the verb "used" give none.

The context is a real one (``monaco_pace_context.py``); the same instance is read from the full warehouse
when it is there.
"""

from __future__ import annotations

import pytest

from f1bench_pipeline.domains.f1.extract import _extract
from f1bench_pipeline.domains.f1.verifier import UNVERIFIABLE, verify_claim
from f1bench_pipeline_tests.monaco_pace_context import ENTITIES, STINT_LAPS, index, real_instance

IDX = index(STINT_LAPS)
READ = [
    ("en", "HAM's final stint was on a used MEDIUM, while OCO's was on a fresh HARD."),
    ("en", "OCO switched to a used set of MEDIUMs on lap 16."),
    ("en", "HAM pitted for used **MEDIUM** tyres on lap 56."),
    ("es", "La última tanda de HAM fue con MEDIUM usados."),
    ("es", "OCO cambió a neumáticos MEDIUM usados en la vuelta 16."),
    ("pt", "O stint final de HAM foi com MEDIUM usados."),
    ("pt", "OCO trocou para pneus MEDIUM usados na volta 16."),
]


def _ages(text: str, lang: str, entities=ENTITIES) -> list:
    return [c for c in _extract(text, lang, entities) if c.type == "unstated_fact" and c.slots["kind"] == "tyre_age"]


@pytest.mark.parametrize("lang,text", READ)
def test_a_used_set_of_a_drivers_stint_is_unverifiable(lang, text):
    got = _ages(text, lang)
    assert len(got) == 1
    assert verify_claim(got[0], IDX).label == UNVERIFIABLE


@pytest.mark.parametrize("lang,text", [
    ("en", "HAM switched to fresh MEDIUMs on lap 56."),  # what any stop is taken to fit
    ("en", "OCO pitted onto new HARD tyres on lap 28."),
    ("en", "HAM remained on used HARD tyres for two more laps."),  # worn during the stint
    ("en", "He changed from his used HARD tyres to a new set of MEDIUMs."),
    ("en", "OCO used MEDIUM-MEDIUM-HARD."),  # the verb
    ("en", "Switching to a used set of tyres usually costs pace."),  # no driver: reasoning
    ("en", "HAM ran three stints.\n\nSwitching to a used set of tyres costs pace."),  # (not even in a one-driver answer)
    ("es", "OCO siguió con sus MEDIUM usados."),
    ("es", "HAM cambió a neumáticos HARD nuevos."),
    ("pt", "os pneus HARD já muito usados de HAM."),
    ("pt", "OCO trocou para pneus HARD novos."),
])
def test_no_tyre_age_where_none_is_stated(lang, text):
    assert _ages(text, lang) == []


def test_unverifiable_on_the_real_instance():
    idx, entities = real_instance()
    for lang, text in READ:
        assert [verify_claim(c, idx).label for c in _ages(text, lang, entities)] == [UNVERIFIABLE]
