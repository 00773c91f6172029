"""Issue #44, fourth pass: a lap difference between two stops counted by the English article ("SAI pitted a
lap later than TSU", "boxed a lap earlier", "stayed out a lap longer than TSU"), read as "one lap" is
(``pit_lap_difference``, ``extract/lap_difference.article_count``); Spanish "una vuelta" and Portuguese "uma
volta" are number words already, so the class is read alike in the three languages. Both ways: a lap
that is a date ("a lap later, the safety car came out", "a lap after the restart"), "a lap 34 stop" or a
plan ("earlier than planned") gives none.

The context is ``test_race_claims``': TSU stopped on laps 8, 24, 44 and 54, SAI on 9, 34 and 55.
"""

from __future__ import annotations

import pytest

from f1bench_pipeline_tests.test_race_claims import _verdicts


def _diff(text: str, lang: str) -> list[tuple]:
    return [(s["driver_a"], s["driver_b"], s["laps"], lbl) for s, lbl in _verdicts(text, lang, "pit_lap_difference")
            if not s.get("sign_only")]


@pytest.mark.parametrize("text,lang,expected", [
    ("SAI pitted a lap later than TSU.", "en", ("SAI", "TSU", 1, "supported")),
    ("SAI pitted a lap earlier than TSU.", "en", ("SAI", "TSU", -1, "contradicted")),
    ("TSU went for the undercut on SAI, boxing a lap earlier.", "en", ("TSU", "SAI", -1, "supported")),
    ("SAI stayed out a lap longer than TSU before switching tyres.", "en", ("SAI", "TSU", 1, "supported")),
    ("TSU came in on lap 8 and SAI followed a lap later.", "en", ("SAI", "TSU", 1, "supported")),
    # the same class in Spanish and Portuguese ("una"/"uma": a number word)
    ("SAI entró a boxes una vuelta antes que TSU.", "es", ("SAI", "TSU", -1, "contradicted")),
    ("SAI paró una vuelta después que TSU.", "es", ("SAI", "TSU", 1, "supported")),
    ("SAI parou uma volta depois de TSU.", "pt", ("SAI", "TSU", 1, "supported")),
    ("TSU fez o pit stop uma volta antes de SAI.", "pt", ("TSU", "SAI", -1, "supported")),
])
def test_one_lap_counted_by_the_article(text, lang, expected):
    assert _diff(text, lang) == [expected]


@pytest.mark.parametrize("text,lang", [
    ("TSU pitted on lap 8; a lap later, the safety car came out.", "en"),  # a date, not a difference
    ("SAI pitted a lap after the restart.", "en"),  # a date: "after" followed by no driver
    ("TSU pitted a lap earlier than planned.", "en"),  # no rival we can name
    ("SAI made a lap 34 stop, TSU one on lap 24.", "en"),  # a lap number, not a count
    ("SAI lost time on a lap later in the stint.", "en"),  # no stop or stay-out verb
    ("TSU paró en la vuelta 8; una vuelta después salió el safety car.", "es"),
    ("TSU parou na volta 8; uma volta depois entrou o safety car.", "pt"),
])
def test_no_difference_from_an_article_that_counts_no_gap_between_stops(text, lang):
    assert _diff(text, lang) == []
