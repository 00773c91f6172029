"""Issue #44, fourth pass: an order after the stops said of a named stop ("When TSU finally pitted on lap 54, he
emerged ahead of SAI", "Tras parar en la vuelta 54, TSU salió por delante de SAI", "Quando TSU parou na volta 54,
ele saiu à frente de SAI"): ``relative_position`` takes the stop's lap (``stop_lap``, ``extract/order_stop.py``)
and is judged only when that stop lies in the battle's window; a stop outside it leaves the order after it
unstated (unverifiable, as the human gold labels it), and the stop itself keeps its ``pit_lap`` claim. Both
ways: the battle's own stop keeps the verdict, two stop laps named or none give no slot.

The context is ``test_race_claims``' (the real 2025 Spanish undercut TSU -> SAI): the battle's stops on laps 8
and 9, its order taken on laps 7 and 10 (TSU behind, then ahead); TSU also stopped on 24, 44 and 54.
"""

from __future__ import annotations

import pytest

from f1bench_pipeline.domains.f1.context_index import context_index
from f1bench_pipeline_tests.test_race_claims import FULL_WAREHOUSE, INSTANCE, _verdicts, _warehouse_row


def _orders(text: str, lang: str, idx=None) -> list[tuple]:
    got = _verdicts(text, lang, "relative_position") if idx is None else _verdicts(text, lang, "relative_position", idx)
    return [(s["driver_a"], s["driver_b"], s["when"], s.get("stop_lap"), lbl) for s, lbl in got]


@pytest.mark.parametrize("text,lang,expected", [
    # a later stop of TSU's: the context orders the pair only around the battle's stops
    ("When TSU finally pitted on lap 54, he emerged ahead of SAI.", "en", ("TSU", "SAI", "after", 54, "unverifiable")),
    ("Tras parar en la vuelta 54, TSU salió por delante de SAI.", "es", ("TSU", "SAI", "after", 54, "unverifiable")),
    ("Quando TSU parou na volta 54, ele saiu à frente de SAI.", "pt", ("TSU", "SAI", "after", 54, "unverifiable")),
    # the battle's own stop: judged as before
    ("When TSU pitted on lap 8, he emerged ahead of SAI.", "en", ("TSU", "SAI", "after", 8, "supported")),
    ("Tras su parada en la vuelta 8, TSU salió por delante de SAI.", "es", ("TSU", "SAI", "after", 8, "supported")),
    ("Quando TSU parou na volta 8, ele saiu atrás de SAI.", "pt", ("TSU", "SAI", "after", 8, "contradicted")),
])
def test_an_order_after_a_named_stop(text, lang, expected):
    assert _orders(text, lang) == [expected]


@pytest.mark.parametrize("text,lang,expected", [
    ("TSU emerged ahead of SAI after the stops.", "en", ("TSU", "SAI", "after", None, "supported")),  # no stop named
    # two stop laps named: which one is meant is not said
    ("After TSU pitted on lap 8 and SAI on lap 55, TSU emerged ahead of SAI.", "en",
     ("TSU", "SAI", "after", None, "supported")),
    ("TSU parou na volta 54 e SAI na volta 9; TSU saiu à frente de SAI.", "pt", ("TSU", "SAI", "after", None, "supported")),
    # an order before the stops takes no stop lap
    ("Before the stops TSU was behind SAI, and TSU pitted on lap 54 later.", "en",
     ("TSU", "SAI", "before", None, "supported")),
])
def test_no_stop_lap_when_none_or_two_are_named(text, lang, expected):
    assert _orders(text, lang) == [expected]


def test_the_stop_keeps_its_pit_lap_claim():
    assert [(s["driver"], s["lap"], lbl) for s, lbl in _verdicts(
        "When TSU finally pitted on lap 54, he emerged ahead of SAI.", "en", "pit_lap")] == [("TSU", 54, "supported")]


def test_on_the_warehouse_instance():
    row = _warehouse_row()
    if row is None:
        pytest.skip(f"no 2025 warehouse with {INSTANCE} at {FULL_WAREHOUSE} (set FULL_WAREHOUSE to a full build's)")
    idx = context_index(row)
    assert _orders("When TSU finally pitted on lap 54, he emerged ahead of SAI.", "en", idx) == \
        [("TSU", "SAI", "after", 54, "unverifiable")]
    assert _orders("When TSU pitted on lap 8, he emerged ahead of SAI.", "en", idx) == \
        [("TSU", "SAI", "after", 8, "supported")]
