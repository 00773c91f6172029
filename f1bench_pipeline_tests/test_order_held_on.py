"""Issue #44, fourth pass: an order said to have held on ("OCO remained ahead", "(STR still behind)", "COL
siguió por delante", "SAI continuou atrás de TSU", "maintained his position ahead of SAI"), with no cue of its
own, is the battle's order after the stops (``race_order._when``). What it says held before is presupposed,
not asserted: no claim of the order before. Found unread 110 times in the tuned answers.

Both ways: an order held over a stretch of laps ("until lap 30", "durante la primera tanda", "até a volta
30", "on lap 7") or a purpose ("needed to stay ahead") gives none; a cue of its own still decides ("before
the stops ... and remained behind after them"). The context is ``test_race_claims``' (the real 2025 Spanish
undercut TSU -> SAI: TSU behind before the stops, ahead after them).
"""

from __future__ import annotations

import pytest

from f1bench_pipeline_tests.test_order_when_cues import _orders


@pytest.mark.parametrize("text,lang,expected", [
    ("SAI cut the gap by 1.4 seconds, but TSU remained ahead.", "en", [("TSU", "SAI", "after", True, "supported")]),
    ("The gap closed to -0.8s (SAI still behind).", "en", [("SAI", "TSU", "after", False, "supported")]),
    ("TSU maintained his position ahead of SAI.", "en", [("TSU", "SAI", "after", True, "supported")]),
    ("TSU stayed behind SAI.", "en", [("TSU", "SAI", "after", False, "contradicted")]),
    ("SAI redujo la diferencia, pero TSU siguió por delante.", "es", [("TSU", "SAI", "after", True, "supported")]),
    ("La brecha bajó, pero TSU permaneció detrás de SAI.", "es", [("TSU", "SAI", "after", False, "contradicted")]),
    ("O gap caiu, mas SAI continuou atrás de TSU.", "pt", [("SAI", "TSU", "after", False, "supported")]),
    ("O gap caiu para -0,8s (SAI ainda atrás).", "pt", [("SAI", "TSU", "after", False, "supported")]),
    ("TSU manteve-se atrás de SAI.", "pt", [("TSU", "SAI", "after", False, "contradicted")]),
    # a cue of its own decides
    ("TSU was behind SAI before the stops and remained behind after them.", "en",
     [("TSU", "SAI", "before", False, "supported"), ("TSU", "SAI", "after", False, "contradicted")]),
])
def test_an_order_that_held_on_is_the_one_after_the_stops(text, lang, expected):
    assert _orders(text, lang) == expected


@pytest.mark.parametrize("text,lang", [
    ("TSU stayed ahead of SAI until lap 30.", "en"),
    ("TSU was still behind SAI on lap 7.", "en"),
    ("TSU needed to stay ahead of SAI.", "en"),
    ("SAI siguió detrás de TSU durante la primera tanda.", "es"),
    ("TSU seguía detrás de SAI hasta la vuelta 8.", "es"),
    ("TSU permaneceu à frente de SAI até a volta 30.", "pt"),
    ("SAI ainda estava atrás de TSU enquanto rodava com pneus velhos.", "pt"),
])
def test_an_order_held_over_a_stretch_gives_none(text, lang):
    assert _orders(text, lang) == []
