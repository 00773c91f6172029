"""Issue #44, second pass: a stop counted by its ordinal ("his second stop came on lap 30", "su primera
parada", "a última parada de SAI") is the ``ordinal`` slot of ``pit_lap``, verified against the order of
the driver's stops when the context lists them all (``verify_stops.py``), in EN/ES/PT, both ways.

The context is ``test_race_claims``' (2025 Spanish Grand Prix, TSU/SAI undercut): TSU stopped on laps 8,
24, 44 and 54, SAI on 9, 34 and 55.
"""

from __future__ import annotations

import pytest

from f1bench_pipeline.domains.f1.context_index import ContextIndex, context_index
from f1bench_pipeline.domains.f1.instances import facts as F
from f1bench_pipeline.domains.f1.verifier import verify_claim
from f1bench_pipeline_tests.test_race_claims import FULL_WAREHOUSE, IDX, INSTANCE, _claims, _warehouse_row


def _pit(text: str, lang: str, idx: ContextIndex = IDX) -> list[tuple[dict, str]]:
    return [(c.slots, verify_claim(c, idx).label) for c in _claims(text, lang, "pit_lap")]


@pytest.mark.parametrize("text,lang,driver,lap,ordinal,label", [
    ("TSU made his first stop on lap 8.", "en", "TSU", 8, 1, "supported"),
    ("TSU's second stop came on lap 44.", "en", "TSU", 44, 2, "contradicted"),  # his third
    ("TSU's final stop on lap 54 was made under the safety car.", "en", "TSU", 54, -1, "supported"),
    ("SAI made his fourth pit stop on lap 55.", "en", "SAI", 55, 4, "contradicted"),  # three stops
    ("SAI hizo su primera parada en la vuelta 34.", "es", "SAI", 34, 1, "contradicted"),
    ("La última parada de SAI fue en la vuelta 55.", "es", "SAI", 55, -1, "supported"),
    ("A segunda parada de TSU foi na volta 24.", "pt", "TSU", 24, 2, "supported"),
    ("TSU fez sua terceira parada na volta 54.", "pt", "TSU", 54, 3, "contradicted"),  # his fourth
    # a stop verb counted
    ("TSU pitted for the second time on lap 24.", "en", "TSU", 24, 2, "supported"),
    ("TSU paró por segunda vez en la vuelta 44.", "es", "TSU", 44, 2, "contradicted"),
    ("SAI parou pela primeira vez na volta 9.", "pt", "SAI", 9, 1, "supported"),
])
def test_a_counted_stop_is_checked_against_the_order_of_the_drivers_stops(text, lang, driver, lap, ordinal, label):
    got = [(s, lbl) for s, lbl in _pit(text, lang) if s["lap"] == lap]
    assert got == [({"driver": driver, "lap": lap, "ordinal": ordinal}, label)], got


@pytest.mark.parametrize("text,lang", [
    ("The first stop came on lap 8 when TSU pitted.", "en"),  # the exchange's first stop: no owner
    ("TSU's first stop under the safety car was on lap 54.", "en"),  # counted among his SC stops only
    ("SAI foi o primeiro a parar, na volta 9.", "pt"),  # the first of the pair to stop
    ("TSU paró por segunda vez tras la vuelta 24.", "es"),  # after lap 24, not on it
    ("For the first time, TSU pitted on lap 8.", "en"),
    ("TSU pitted for the first time under the safety car on lap 54.", "en"),
])
def test_no_ordinal_where_the_stop_is_not_counted_among_the_drivers_own(text, lang):
    assert all("ordinal" not in s for s, _lbl in _pit(text, lang))


def test_the_first_stop_of_a_driver_keeps_the_plain_verdict_where_the_context_lists_some_stops_only():
    # a race summary lists the battle stops only (no stop count): the ordinal cannot be checked
    some = ContextIndex([F.pit_lap("TSU", 8), F.pit_lap("TSU", 54)], {"drivers": ["TSU", "SAI"], "teams": []})
    assert _pit("TSU's second stop came on lap 54.", "en", some) == [({"driver": "TSU", "lap": 54, "ordinal": 2},
                                                                     "supported")]
    # a red-flag tyre change official timing counts as a stop: the count, and so the order, is ambiguous
    red = ContextIndex([F.n_stops("TSU", 2, 3), F.pit_lap("TSU", 8), F.pit_lap("TSU", 54)], None)
    assert _pit("TSU's first stop came on lap 54.", "en", red)[0][1] == "supported"


def test_the_out_lap_reading_holds_only_for_the_counted_stop():
    # lap 25 is the out-lap of TSU's second stop (24): read so, supported; not of his first
    [(slots, label)] = _pit("TSU's second stop came on lap 25.", "en")
    assert slots["ordinal"] == 2 and label == "supported"
    assert _pit("TSU's first stop came on lap 25.", "en")[0][1] == "contradicted"


def test_a_contradiction_names_the_counted_stop():
    [c] = _claims("SAI hizo su primera parada en la vuelta 34.", "es", "pit_lap")
    v = verify_claim(c, IDX)
    assert v.expected == [F.pit_lap("SAI", 9).fact_id] and "lap 9" in v.reason


def test_counted_stops_on_the_warehouse_instance():
    row = _warehouse_row()
    if row is None:
        pytest.skip(f"no 2025 warehouse with {INSTANCE} at {FULL_WAREHOUSE} (set FULL_WAREHOUSE to a full build's)")
    idx = context_index(row)
    assert [lbl for _s, lbl in _pit("TSU's second stop came on lap 24.", "en", idx)] == ["supported"]
    assert [lbl for _s, lbl in _pit("SAI hizo su primera parada en la vuelta 34.", "es", idx)] == ["contradicted"]
