"""Issue #44, third pass: stints compared by their length in laps (``pace_comparison`` with ``metric``
"length": ``extract/stint_length.py``, ``verify_pace.py``), EN/ES/PT, both ways.

The context is a real one (``monaco_pace_context.py``: the 2025 Monaco overcut HAM -> OCO; HAM: HARD 18
laps, HARD 38, MEDIUM 22; OCO: MEDIUM 16, MEDIUM 12, HARD 49); the same instance is read from the full
warehouse when it is there. Sentences are written in the style of real answers, not copied from them.
"""

from __future__ import annotations

import pytest

from f1bench_pipeline.domains.f1.extract import _extract
from f1bench_pipeline.domains.f1.instances import facts as F
from f1bench_pipeline.domains.f1.verifier import CONTRADICTED, SUPPORTED, UNVERIFIABLE, verify_claim
from f1bench_pipeline_tests.monaco_pace_context import ENTITIES, STINT_LAPS, index, real_instance

TYRES = [F.stint_compound("HAM", 1, "HARD"), F.stint_compound("HAM", 2, "HARD"), F.stint_compound("HAM", 3, "MEDIUM"),
         F.stint_compound("OCO", 1, "MEDIUM"), F.stint_compound("OCO", 2, "MEDIUM"), F.stint_compound("OCO", 3, "HARD")]
IDX = index([*STINT_LAPS, *TYRES])


def _lengths(text: str, lang: str, entities=ENTITIES) -> list:
    return [c for c in _extract(text, lang, entities)
            if c.type == "pace_comparison" and c.slots.get("metric") == "length"]


READ = [
    # comparatives: side a's stint before, side b after "than" / "que" / "vs."
    ("en", "HAM's first stint was longer than OCO's.", {"driver_a": "HAM", "driver_b": "OCO", "stint_a": 1,
                                                       "relation": "higher"}, SUPPORTED),
    ("en", "OCO's second stint (12 laps) was slightly shorter than HAM's (38 laps).",
     {"driver_a": "OCO", "driver_b": "HAM", "stint_a": 2, "relation": "lower"}, SUPPORTED),
    ("en", "OCO's first stint was longer than HAM's.", {"driver_a": "OCO", "stint_a": 1}, CONTRADICTED),
    ("en", "OCO's HARD stint was much longer (49 laps vs. HAM's 38 laps), and it was also his quickest.",
     {"driver_a": "OCO", "driver_b": "HAM", "compound_a": "HARD"}, SUPPORTED),
    ("en", "For HAM, the Medium stint was much longer than his second stint.",
     {"driver_a": "HAM", "driver_b": "HAM", "compound_a": "MEDIUM", "stint_b": 2}, CONTRADICTED),
    # side b a tyre he ran twice, the relation true of one of them only: not decided
    ("en", "For HAM, the Medium stint was much longer than the Hard stint.", {"compound_b": "HARD"}, UNVERIFIABLE),
    # a difference in laps, checked exactly
    ("en", "So OCO stayed out **2 laps fewer** on the first stint than HAM.",
     {"driver_a": "OCO", "driver_b": "HAM", "stint_a": 1, "laps": 2, "relation": "lower"}, SUPPORTED),
    ("en", "But HAM's first stint was 4 laps longer than OCO's.", {"laps": 4}, CONTRADICTED),
    # superlatives over the driver's own stints
    ("en", "The 49-lap HARD stint was OCO's longest.", {"driver_a": "OCO", "scope": "driver", "compound_a": "HARD"},
     SUPPORTED),
    ("en", "HAM's longest stint was the **22-lap MEDIUM run** at the end.",
     {"driver_a": "HAM", "scope": "driver", "compound_a": "MEDIUM"}, CONTRADICTED),
    # a tyre he ran twice: said of the one the text names by its laps, true when one of them is the longest
    ("en", "HAM's longest stint was the 38 laps on the HARD.", {"compound_a": "HARD", "scope": "driver"}, SUPPORTED),
    ("es", "La primera tanda de HAM fue más larga que la de OCO.", {"driver_a": "HAM", "stint_a": 1}, SUPPORTED),
    ("es", "OCO hizo 2 vueltas menos en la primera tanda que HAM.", {"laps": 2, "stint_a": 1}, SUPPORTED),
    ("es", "Para OCO, la tanda con MEDIUM fue su tanda más larga.", {"scope": "driver", "compound_a": "MEDIUM"},
     CONTRADICTED),
    ("pt", "O primeiro stint de OCO foi mais longo que o de HAM.", {"driver_a": "OCO", "stint_a": 1}, CONTRADICTED),
    ("pt", "OCO ficou 2 voltas a menos no primeiro stint que HAM.", {"laps": 2}, SUPPORTED),
    ("pt", "O stint final de OCO foi mais longo que o de HAM.", {"driver_a": "OCO", "stint_a": -1},
     SUPPORTED),
]


@pytest.mark.parametrize("lang,text,slots,label", READ)
def test_a_stint_length_compared_is_read_and_verified(lang, text, slots, label):
    got = _lengths(text, lang)
    assert len(got) == 1, got
    assert slots.items() <= got[0].slots.items()
    assert verify_claim(got[0], IDX).label == label


@pytest.mark.parametrize("lang,text", [
    ("en", "HAM stayed out longer than OCO before his first stop."),  # a stop's lap, no stint named
    ("en", "OCO stayed out 2 laps longer than HAM on the first stint."),  # the stops' lap difference reads the 2
    ("en", "HAM had a longer first stint."),  # longer than what?
    ("en", "The final HARD stint was the longest of the race."),  # of his race or of the field's? not said
    ("en", "This was the longest stint."),  # of which stints?
    ("en", "HAM's first stint was not longer than OCO's."),  # negated
    ("en", "OCO's first stint on SOFT was longer (16 laps vs. 14 laps)."),  # side b named by its value only
    ("es", "HAM se quedó en pista más tiempo que OCO."),
    ("es", "HAM hizo un stint inicial más largo, pero lo clave es que OCO paró antes."),  # that "que" is another clause's
    ("pt", "HAM teve um primeiro stint mais longo."),
])
def test_no_length_comparison_where_none_is_stated(lang, text):
    assert _lengths(text, lang) == []


def test_side_b_ends_before_a_time_phrase():
    # "que OCO antes de montar medios": OCO's tyre then is the one he switched to, not side b's stint
    (c,) = _lengths("HAM alargó su stint con HARD 2 vueltas menos que OCO antes de montar duros.", "es")
    assert "compound_b" not in c.slots and c.slots["compound_a"] == "HARD"


def test_a_difference_read_by_the_stops_is_not_read_again():
    claims = _extract("OCO stayed out 2 laps longer than HAM on the first stint.", "en", ENTITIES)
    assert [c.type for c in claims if c.type in ("pit_lap_difference", "pace_comparison")] == ["pit_lap_difference"]


def test_verified_on_the_real_instance():
    idx, entities = real_instance()
    for lang, text, _slots, label in READ:
        got = _lengths(text, lang, entities)
        assert [verify_claim(c, idx).label for c in got] == [label], text


def test_equal_lengths_decide_nothing():
    idx = index([F.stint_laps("HAM", 1, 1, 20), F.stint_laps("OCO", 1, 1, 20), *TYRES])
    (c,) = _lengths("HAM's first stint was longer than OCO's.", "en")
    assert verify_claim(c, idx).label == UNVERIFIABLE
