"""Issue #44, fourth pass: the move said to have worked (or not) for the finishing place ("the undercut did not
ultimately work for race position", "no funcionó para la posición final", "não funcionou em termos de posição
final"): ``position_change`` ``at`` "finish" of the move's attacker (``extract/finish_gain.py``), EN/ES/PT, both
ways. The failed-outcome word holds the negation ("did not work", "no funcionó": one token). "para la
posición final" was read before as a place through the stops (``race_order.position_sense``): "final" names
the finish, so it is the finish's now; "no funcionó para ganar la posición" keeps its reading (through the
stops). An open question ("whether it worked for race position", "si funcionó", "se o undercut funcionou")
gives none.

The context is ``test_race_claims``' (the real 2025 Spanish undercut TSU -> SAI): TSU behind SAI before the
stops, TSU P13 and SAI P14 at the finish: TSU gained a place by the finish.
"""

from __future__ import annotations

import pytest

from f1bench_pipeline_tests.test_finish_gain_claims import BATTLE, BATTLE_REVERSED, _changes
from f1bench_pipeline_tests.test_race_claims import FULL_WAREHOUSE, INSTANCE, _verdicts, _warehouse_row
from f1bench_pipeline.domains.f1.context_index import context_index


@pytest.mark.parametrize("lang,text,pair,expected", [
    ("en", "However, the undercut did not ultimately work for race position.", BATTLE,
     ("TSU", "SAI", "finish", True, "contradicted")),
    ("en", "The undercut worked for the final position as well.", BATTLE, ("TSU", "SAI", "finish", False, "supported")),
    ("en", "In the end the overcut did not work for race position.", BATTLE_REVERSED,
     ("SAI", "TSU", "finish", True, "supported")),
    ("es", "Pero el undercut no funcionó para la posición final.", BATTLE, ("TSU", "SAI", "finish", True, "contradicted")),
    ("es", "El overcut no funcionó en términos de posición final.", BATTLE_REVERSED,
     ("SAI", "TSU", "finish", True, "supported")),
    ("pt", "Mas o undercut não funcionou em termos de posição final.", BATTLE,
     ("TSU", "SAI", "finish", True, "contradicted")),
    ("pt", "O undercut funcionou para a posição final também.", BATTLE, ("TSU", "SAI", "finish", False, "supported")),
])
def test_worked_for_the_finishing_place(lang, text, pair, expected):
    assert [x for x in _changes(pair[lang] + text, lang) if x[:2] == expected[:2] or x[1] is None] == [expected]


@pytest.mark.parametrize("lang,text", [
    ("en", "Whether it worked for race position is not clear from the data."),  # an open question
    ("en", "The undercut may have worked for race position."),  # a hedge
    ("es", "No sabemos si funcionó para la posición final."),
    ("pt", "Resta saber se o undercut funcionou para a posição final."),
])
def test_no_finishing_place_from_a_question_or_a_hedge(lang, text):
    assert [x for x in _changes(BATTLE[lang] + text, lang) if x[2] == "finish"] == []


@pytest.mark.parametrize("lang,text", [
    ("es", "Pero el undercut no funcionó para ganar la posición."),
    ("pt", "Mas o undercut não funcionou para ganhar a posição."),
])
def test_a_place_through_the_stops_keeps_its_reading(lang, text):
    # no "final": the place through the stops (race_order), denied, contradicted here (TSU went ahead)
    assert _changes(BATTLE[lang] + text, lang) == [("TSU", "SAI", None, True, "contradicted")]


def test_on_the_warehouse_instance():
    row = _warehouse_row()
    if row is None:
        pytest.skip(f"no 2025 warehouse with {INSTANCE} at {FULL_WAREHOUSE} (set FULL_WAREHOUSE to a full build's)")
    idx = context_index(row)
    text = BATTLE["en"] + "However, the undercut did not ultimately work for race position."
    got = [(s.get("at"), bool(s.get("denied")), lbl) for s, lbl in _verdicts(text, "en", "position_change", idx)]
    assert got == [("finish", True, "contradicted")]
