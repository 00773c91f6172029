"""Issue #44, second pass: a stop much earlier or later than another driver's, both laps stated ("BOR's
stop was lap 49, while STR's was much earlier at lap 51") as ``pit_lap_difference`` by its sign, pinned
to the stated laps (``lap_a``/``lap_b``: the sign of those two stops decides, not any pair of the
drivers' stops), EN/ES/PT, both ways.

The context is ``test_race_claims``': TSU stopped on laps 8, 24, 44 and 54, SAI on 9, 34 and 55.
"""

from __future__ import annotations

import pytest

from f1bench_pipeline_tests.test_race_claims import _verdicts


def _diff(text: str, lang: str) -> list[tuple]:
    return [(s["driver_a"], s["driver_b"], s["laps"], s.get("lap_a"), s.get("lap_b"), lbl)
            for s, lbl in _verdicts(text, lang, "pit_lap_difference")]


@pytest.mark.parametrize("text,lang,expected", [
    # SAI's lap-34 stop came after TSU's lap-24 one (though SAI's lap-9 stop was before TSU's lap 24)
    ("TSU's stop came on lap 24, while SAI's stop was much earlier at lap 34.", "en",
     ("SAI", "TSU", -1, 34, 24, "contradicted")),
    ("TSU's stop came on lap 24, and SAI's stop came much later, on lap 34.", "en",
     ("SAI", "TSU", 1, 34, 24, "supported")),
    ("TSU paró en la vuelta 8 y SAI mucho más tarde, en la vuelta 34.", "es", ("SAI", "TSU", 1, 34, 8, "supported")),
    ("SAI paró en la vuelta 34 y TSU mucho más tarde, en la vuelta 24.", "es",
     ("TSU", "SAI", 1, 24, 34, "contradicted")),
    ("SAI parou na volta 55, e TSU parou bem mais cedo, na volta 54.", "pt", ("TSU", "SAI", -1, 54, 55, "supported")),
    ("TSU parou na volta 8, e SAI parou bem mais cedo, na volta 34.", "pt",
     ("SAI", "TSU", -1, 34, 8, "contradicted")),
])
def test_a_stop_compared_with_both_laps_stated(text, lang, expected):
    assert expected in _diff(text, lang)


@pytest.mark.parametrize("text,lang", [
    ("TSU pitted on lap 8 and later on lap 24, while SAI stopped on lap 9.", "en"),  # later than his own stop
    ("SAI was much faster later, on lap 34, after TSU's stop on lap 24.", "en"),  # not said of a stop
    ("TSU parou na volta 8, e SAI bem depois.", "pt"),  # no lap stated
])
def test_no_pinned_difference(text, lang):
    assert [x for x in _diff(text, lang) if x[3] is not None] == []


def test_a_count_before_the_comparative_stays_the_lap_differences():
    # "one lap later, on lap 9": the count's (lap_difference), not pinned
    assert _diff("TSU pitted on lap 8, SAI one lap later, on lap 9.", "en") == [("SAI", "TSU", 1, None, None,
                                                                                "supported")]
