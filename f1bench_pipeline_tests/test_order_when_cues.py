"""Issue #44, fourth pass: when an order holds, said with the stops' cue in each language's own
grammar. Portuguese "após" takes the article without "de" ("após as paradas"; "depois das paradas" has
it), Spanish borrows "los pit stops" with the masculine article, English says "following/prior to the
stops". Missing, an order after the stops went unread, or took the earlier cue of its sentence ("de
-3,936s (STR atrás) antes das paradas para +0,52s (STR à frente) após as paradas" read STR ahead
*before* the stops: a false contradiction in a real answer).

Both ways: a lap is no cue ("após a volta 8" gives no order), nor is an order with no cue. The context
is ``test_race_claims``' (the real 2025 Spanish undercut TSU -> SAI: TSU behind before the stops, ahead
after them).
"""

from __future__ import annotations

import pytest

from f1bench_pipeline_tests.test_race_claims import _verdicts


def _orders(text: str, lang: str) -> list[tuple]:
    return [(s["driver_a"], s["driver_b"], s["when"], s["ahead"], lbl)
            for s, lbl in _verdicts(text, lang, "relative_position")]


@pytest.mark.parametrize("text,lang,expected", [
    ("TSU estava à frente de SAI após as paradas.", "pt", [("TSU", "SAI", "after", True, "supported")]),
    ("TSU permaneceu atrás de SAI após os pit stops.", "pt", [("TSU", "SAI", "after", False, "contradicted")]),
    ("O gap passou de -0,8s (TSU atrás de SAI) antes das paradas para +1,2s (TSU à frente de SAI) após as paradas.",
     "pt", [("TSU", "SAI", "before", False, "supported"), ("TSU", "SAI", "after", True, "supported")]),
    ("TSU estaba por delante de SAI tras los pit stops.", "es", [("TSU", "SAI", "after", True, "supported")]),
    ("TSU iba por detrás de SAI antes de los pit stops.", "es", [("TSU", "SAI", "before", False, "supported")]),
    ("TSU was ahead of SAI following the stops.", "en", [("TSU", "SAI", "after", True, "supported")]),
    ("TSU was ahead of SAI prior to the stops.", "en", [("TSU", "SAI", "before", True, "contradicted")]),
])
def test_an_order_with_the_stops_cue(text, lang, expected):
    assert _orders(text, lang) == expected


@pytest.mark.parametrize("text,lang", [
    ("TSU estava à frente de SAI após a volta 8.", "pt"),  # a lap, not the stops
    ("TSU estava à frente de SAI.", "pt"),  # no cue: when is not said
    ("TSU estaba por delante de SAI tras la vuelta 8.", "es"),
    ("TSU was ahead of SAI following lap 8.", "en"),
])
def test_no_order_without_the_stops_cue(text, lang):
    assert _orders(text, lang) == []
