"""Issue #44, second pass: a move denied ("the undercut never happened", "no hubo undercut", "o undercut
de TSU não ocorreu", "there was no overcut between TSU and SAI") is a ``battle`` with ``denied``,
contradicted when the context states that move and it worked (``verify_stops.denied_battle``), EN/ES/PT.
The negated verb with the rival named ("TSU did not undercut SAI") keeps the guide's reading
(``battle_outcome`` false), and the outcome wordings ("did not work", "no funcionó", "não deu certo")
theirs.

The context is ``test_race_claims``': TSU undercut SAI, and it worked.
"""

from __future__ import annotations

import pytest

from f1bench_pipeline.domains.f1.context_index import ContextIndex
from f1bench_pipeline.domains.f1.instances import facts as F
from f1bench_pipeline.domains.f1.verifier import verify_claim
from f1bench_pipeline_tests.test_race_claims import CONTEXT, IDX, _claims

ENTITIES = CONTEXT["entities"]


def _denied(text: str, lang: str, idx: ContextIndex = IDX) -> list[tuple[dict, str]]:
    return [(c.slots, verify_claim(c, idx).label) for c in _claims(text, lang, "battle") if c.slots.get("denied")]


@pytest.mark.parametrize("text,lang,kind,attacker,either,label", [
    ("The undercut by TSU never happened.", "en", "undercut", "TSU", False, "contradicted"),
    ("There was no undercut between TSU and SAI.", "en", "undercut", "TSU", True, "contradicted"),
    ("No undercut was made in this exchange.", "en", "undercut", None, True, "contradicted"),
    ("SAI's overcut did not happen.", "en", "overcut", "SAI", False, "supported"),  # the context's move is another
    ("No hubo undercut: las paradas no cambiaron nada.", "es", "undercut", None, True, "contradicted"),
    ("El undercut de TSU no se produjo.", "es", "undercut", "TSU", False, "contradicted"),
    ("O “undercut” de TSU não ocorreu em relação a SAI.", "pt", "undercut", "TSU", False, "contradicted"),
    ("Não houve overcut entre SAI e TSU.", "pt", "overcut", "SAI", True, "supported"),
])
def test_a_denied_move(text, lang, kind, attacker, either, label):
    got = _denied(text, lang)
    assert len(got) == 1, got
    slots, lbl = got[0]
    assert slots["kind"] == kind and lbl == label, got
    assert attacker is None or slots["attacker"] == attacker
    assert bool(slots.get("either_way")) == either


def test_a_denied_move_that_failed_in_the_context_is_its_failure():
    failed = ContextIndex([F.battle("undercut", "TSU", "SAI"), F.battle_outcome("TSU", "SAI", False)], ENTITIES)
    assert _denied("The undercut by TSU never happened.", "en", failed)[0][1] == "supported"
    assert _denied("No hubo undercut.", "es", ContextIndex([], ENTITIES))[0][1] == "unverifiable"


@pytest.mark.parametrize("text,lang,success", [
    ("TSU did not undercut SAI.", "en", False),  # the guide's failed outcome, not a denied move
    ("The undercut did not work.", "en", False),
    ("El undercut no funcionó.", "es", False),
    ("O undercut não deu certo.", "pt", False),
])
def test_outcome_wordings_keep_their_reading(text, lang, success):
    assert _denied(text, lang) == []
    assert [c.slots["success"] for c in _claims(text, lang, "battle_outcome")] == [success]


@pytest.mark.parametrize("text,lang", [
    ("SAI não perdeu a posição diretamente no undercut.", "pt"),  # PT "no": "in the"
    ("There was no undercut gain for TSU.", "en"),  # the move's result, not the move
    ("We cannot say there was an undercut.", "en"),  # a hedge
    ("No hubo un undercut efectivo de TSU.", "es"),  # an outcome ("efectivo")
    ("TSU undercut SAI on lap 8.", "en"),
    ("TSU’s undercut attempt was not on the first stop, because TSU pitted on lap 8.", "en"),  # which stop, not whether
])
def test_no_denied_move(text, lang):
    assert _denied(text, lang) == []
