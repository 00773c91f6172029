"""Issue #44, third pass: a place gained by the move, said of the move itself (``position_change``,
``extract/finish_gain.py``), EN/ES/PT, both ways: at the finish ("the gained track position did not convert
into a higher finishing position": ``at`` "finish", the order before the stops against the finishing
order) and through the stops ("The undercut succeeded in gaining track position": the move's attacker).

The context is ``test_race_claims``' (the real 2025 Spanish undercut TSU -> SAI): TSU behind SAI before
the stops, ahead after, TSU P13, SAI P14 (so TSU gained a place, through the stops and by the finish).
"""

from __future__ import annotations

import pytest

from f1bench_pipeline_tests.test_race_claims import _verdicts

BATTLE = {"en": "TSU undercut SAI on lap 8. ", "es": "TSU hizo el undercut a SAI en la vuelta 8. ",
          "pt": "TSU fez o undercut em SAI na volta 8. "}
BATTLE_REVERSED = {"en": "SAI tried an overcut on TSU. ", "es": "SAI intentó un overcut sobre TSU. ",
                   "pt": "SAI tentou um overcut sobre TSU. "}


def _changes(text: str, lang: str) -> list[tuple]:
    return [(s["driver"], s.get("rival"), s.get("at"), bool(s.get("denied")), lbl)
            for s, lbl in _verdicts(text, lang, "position_change")]


@pytest.mark.parametrize("lang,text,pair,expected", [
    # at the finish: a place gained by the finish denied (false here) or affirmed (true)
    ("en", "But the gained track position/gap did not convert into a higher finishing position.", BATTLE,
     ("TSU", "SAI", "finish", True, "contradicted")),
    ("en", "The undercut **translated into a better finishing position** than SAI.", BATTLE,
     ("TSU", "SAI", "finish", False, "supported")),
    ("en", "However, the overcut did not translate into a better finishing result for SAI.", BATTLE_REVERSED,
     ("SAI", "TSU", "finish", True, "supported")),
    ("es", "Sin embargo, la ventaja no se tradujo en una mejor posición final.", BATTLE,
     ("TSU", "SAI", "finish", True, "contradicted")),
    ("es", "Pero el overcut no se tradujo en una mejor posición final.", BATTLE_REVERSED,
     ("SAI", "TSU", "finish", True, "supported")),
    ("pt", "Mas isso não se traduziu em uma melhor posição final.", BATTLE, ("TSU", "SAI", "finish", True, "contradicted")),
    ("pt", "O ganho se traduziu em uma melhor posição final.", BATTLE, ("TSU", "SAI", "finish", False, "supported")),
    # through the stops, the move the subject: its attacker's place
    ("en", "The undercut succeeded in gaining track position.", BATTLE, ("TSU", "SAI", None, False, "supported")),
    ("en", "Yes, it worked in gaining track position.", BATTLE, ("TSU", "SAI", None, False, "supported")),
    ("en", "The overcut succeeded in gaining track position.", BATTLE_REVERSED, ("SAI", "TSU", None, False, "contradicted")),
])
def test_a_place_gained_by_the_move(lang, text, pair, expected):
    assert [x for x in _changes(pair[lang] + text, lang) if x[:2] == expected[:2] or x[1] is None] == [expected]


@pytest.mark.parametrize("lang,text", [
    ("en", "The gained track position did not convert into a higher finishing position."),  # no battle named
    ("en", "TSU undercut SAI, and ALO undercut NOR. The undercut succeeded in gaining track position."),  # which?
    ("en", "TSU undercut SAI. The data does not show that it succeeded in gaining track position."),  # the data
    ("en", "TSU undercut SAI. It might have translated into a better finishing position."),  # a hedge
    ("en", "TSU undercut SAI. The stint did not translate into better tyre life."),  # no finishing place
    ("en", "TSU undercut SAI. The undercut appears to have succeeded in gaining track position."),  # a hedge
    # a relative clause under a negation further back: no gain of the move stated
    ("en", "TSU undercut SAI. His run did not produce a pace advantage that translated into a better final result."),
    ("es", "TSU hizo el undercut a SAI. El ritmo no dio una ventaja que se tradujo en una mejor posición final."),
])
def test_no_place_where_none_is_stated(lang, text):
    # (none at the finish, and no place gained; "does not show that it succeeded" still gives race_order's denial,
    # a reading this module leaves alone)
    assert [x for x in _changes(text, lang) if x[2] == "finish" or not x[3]] == []


def test_a_driver_named_as_the_one_who_gained_is_race_orders():
    # "gaining TSU track position over SAI": race_order.changes' claim, not read again
    got = _changes("TSU undercut SAI. The undercut succeeded in gaining TSU track position over SAI.", "en")
    assert got == [("TSU", "SAI", None, False, "supported")]


def test_one_who_finished_behind_gained_no_place_by_the_finish():
    # the order before the stops unknown: SAI (P14) finished behind TSU (P13), so he gained no place by the finish
    from f1bench_pipeline.domains.f1.context_index import ContextIndex
    from f1bench_pipeline.domains.f1.instances import facts as F
    idx = ContextIndex([F.final_position("TSU", 13), F.final_position("SAI", 14)], {"drivers": ["SAI", "TSU"]})
    text = "SAI tried an overcut on TSU. But it did not convert into a higher finishing position."
    assert [(s["driver"], lbl) for s, lbl in _verdicts(text, "en", "position_change", idx)] == [("SAI", "supported")]
    text = "SAI tried an overcut on TSU. It converted into a higher finishing position."
    assert [(s["driver"], lbl) for s, lbl in _verdicts(text, "en", "position_change", idx)] == [("SAI", "contradicted")]
