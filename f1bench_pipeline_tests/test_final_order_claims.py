"""Issue #44, second pass: an advantage kept (or not) to the finish, a final result compared ("BEA kept
the advantage over GAS in the final order", "o resultado final não foi melhor para RUS ... sobre PIA") as
``relative_position`` with ``when`` "final", and a lead extended by a subject carried over from the
sentence before ("HAM não perdeu posição para TSU; na verdade, ele aumentou sua vantagem"), EN/ES/PT, both
ways.

The context is ``test_race_claims``': TSU behind SAI before the stops, ahead after, TSU P13, SAI P14.
"""

from __future__ import annotations

import pytest

from f1bench_pipeline.domains.f1.context_index import context_index
from f1bench_pipeline_tests.test_race_claims import FULL_WAREHOUSE, INSTANCE, _verdicts, _warehouse_row


def _order(text: str, lang: str, idx=None) -> list[tuple[str, str, str, bool, str]]:
    got = _verdicts(text, lang, "relative_position") if idx is None else _verdicts(text, lang, "relative_position", idx)
    return [(s["driver_a"], s["driver_b"], s["when"], s["ahead"], lbl) for s, lbl in got]


@pytest.mark.parametrize("text,lang,expected", [
    ("TSU kept the advantage over SAI in the final order.", "en", ("TSU", "SAI", "final", True, "supported")),
    ("SAI stayed ahead of TSU to the finish.", "en", ("SAI", "TSU", "final", True, "contradicted")),
    ("SAI did not keep his advantage to the finish.", "en", ("SAI", "TSU", "final", False, "supported")),
    ("The final result was worse for SAI than for TSU.", "en", ("SAI", "TSU", "final", False, "supported")),
    ("SAI mantuvo la ventaja sobre TSU hasta el final.", "es", ("SAI", "TSU", "final", True, "contradicted")),
    ("El resultado final fue mejor para SAI que para TSU.", "es", ("SAI", "TSU", "final", True, "contradicted")),
    ("TSU manteve a vantagem na ordem final.", "pt", ("TSU", "SAI", "final", True, "supported")),
    ("O undercut deu a TSU tempo suficiente para que, apesar do ritmo de SAI, TSU mantivesse a vantagem "
     "necessária na ordem final.", "pt", ("TSU", "SAI", "final", True, "supported")),
    ("O resultado final da corrida não foi melhor para TSU em termos de posição absoluta sobre SAI.", "pt",
     ("TSU", "SAI", "final", False, "contradicted")),
    # the subject before an object and a possessive ("de TSU", "sua"): SAI's advantage
    ("O overcut funcionou, pois SAI saiu à frente de TSU após sua parada e manteve essa vantagem até o final.", "pt",
     ("SAI", "TSU", "final", True, "contradicted")),
])
def test_an_advantage_kept_to_the_finish(text, lang, expected):
    assert [x for x in _order(text, lang) if x[2] == "final"] == [expected]


@pytest.mark.parametrize("text,lang", [
    ("TSU tried to keep the advantage to the finish.", "en"),  # a purpose
    ("TSU might have kept the advantage to the finish.", "en"),  # a hedge
    ("TSU kept the lead until the end of the stint.", "en"),  # not the finish
    ("The final result was better for TSU.", "en"),  # better than what?
    ("SAI parou cedo para que mantivesse a vantagem na ordem final.", "pt"),  # a purpose
    ("TSU quería mantener la ventaja hasta el final.", "es"),
])
def test_no_final_order_where_none_is_stated(text, lang):
    assert [x for x in _order(text, lang) if x[2] == "final"] == []


@pytest.mark.parametrize("text,lang", [
    ("TSU did not lose the position to SAI; in fact, he increased his lead.", "en"),
    ("TSU no perdió la posición ante SAI; de hecho, amplió su ventaja.", "es"),
    ("TSU não perdeu posição para SAI; na verdade, ele **aumentou sua vantagem**.", "pt"),
])
def test_a_lead_extended_by_the_subject_of_the_sentence_before(text, lang):
    # TSU ahead before (no: behind) and after (yes) the stops
    assert _order(text, lang) == [("TSU", "SAI", "before", True, "contradicted"),
                                  ("TSU", "SAI", "after", True, "supported")]


@pytest.mark.parametrize("text,lang", [
    ("TSU and SAI pitted together. He increased his lead.", "en"),  # two subjects before
    ("TSU stopped before SAI. He extended his lead.", "en"),
    ("TSU não perdeu posição para SAI.\n\nAumentou sua vantagem.", "pt"),  # a new paragraph
])
def test_no_carried_subject_where_it_is_not_clear(text, lang):
    assert _order(text, lang) == []


def test_final_order_on_the_warehouse_instance():
    row = _warehouse_row()
    if row is None:
        pytest.skip(f"no 2025 warehouse with {INSTANCE} at {FULL_WAREHOUSE} (set FULL_WAREHOUSE to a full build's)")
    idx = context_index(row)
    assert _order("SAI stayed ahead of TSU to the finish.", "en", idx)[0][-1] == "contradicted"
