"""Ambiguous wording: a claim is supported when any named reading of it is true of the
context (``verifier.READINGS``), and each reading has a neighbour that stays contradicted."""

from __future__ import annotations

import pytest

from f1bench_pipeline.domains.f1.instances import facts as F
from f1bench_pipeline.domains.f1.claims import NEAR, SUBJECT, Claim
from f1bench_pipeline.scoring.metrics import score_generation
from f1bench_pipeline.domains.f1.verifier import (
    BOUND, COMPOUND_TOTAL, CONTRADICTED, GAP_CHANGE, GAP_OTHER_REFERENCE, OUT_LAP, OUTCOME_TIME_GAINED, READINGS, STINT_FROM_PIT_LAP,
    SUPPORTED, ContextIndex, verify_claim,
)

# HAM overcut OCO: HAM pitted lap 18 (HARD->HARD), OCO lap 16; HAM gained 5.433 s but stayed behind.
CONTEXT = [
    F.pit_lap("HAM", 18), F.compound_change("HAM", 18, "HARD", "HARD"), F.pit_lap("OCO", 16),
    F.compound_change("OCO", 16, "MEDIUM", "MEDIUM"),
    F.stint_laps("HAM", 1, 1, 18), F.stint_laps("HAM", 2, 19, 56), F.stint_compound("HAM", 2, "HARD"),
    F.battle("overcut", "HAM", "OCO"), F.battle_outcome("HAM", "OCO", False), F.gain("HAM", "OCO", 5.433),
    F.gap("HAM", "OCO", "before", 2.61), F.gap("HAM", "OCO", "after", 8.043),
]
IDX = ContextIndex(CONTEXT, {"drivers": ["HAM", "OCO"], "teams": []})


def _v(ctype: str, **slots):
    return verify_claim(Claim(type=ctype, slots=slots), IDX)


@pytest.mark.parametrize("ctype, slots, reading", [
    ("battle_outcome", {"success": True, "attacker": "HAM", "defender": "OCO"}, OUTCOME_TIME_GAINED),
    ("pit_lap", {"driver": "HAM", "lap": 19}, OUT_LAP),
    ("compound_change", {"driver": "OCO", "from": "MEDIUM", "to": "MEDIUM", "lap": 17}, OUT_LAP),
    ("stint_laps", {"driver": "HAM", "start_lap": 18, "end_lap": 56, "n_laps": 39}, STINT_FROM_PIT_LAP),
    ("gap", {"driver_a": "HAM", "driver_b": "OCO", "seconds": 8.04, "when": "before"}, GAP_OTHER_REFERENCE),
    ("gap", {"driver_a": "HAM", "driver_b": "OCO", "seconds": -5.4}, GAP_CHANGE),
])
def test_an_alternative_reading_supports_and_is_named(ctype, slots, reading):
    v = _v(ctype, **slots)
    assert (v.label, v.reading) == (SUPPORTED, reading)
    assert reading in READINGS and "read as" in v.reason
    assert v.matched == []  # an alternative reading covers no oracle fact
    assert score_generation([v], CONTEXT).n_covered == 0


@pytest.mark.parametrize("ctype, slots", [
    ("pit_lap", {"driver": "HAM", "lap": 20}),  # two laps after the stop
    ("pit_lap", {"driver": "HAM", "lap": 17}),  # the lap before
    ("compound_change", {"driver": "OCO", "from": "MEDIUM", "to": "HARD", "lap": 17}),  # wrong compound
    ("stint_laps", {"driver": "HAM", "start_lap": 17, "end_lap": 56}),  # two laps early
    ("stint_laps", {"driver": "HAM", "start_lap": 1, "end_lap": 17}),  # first stint: no stop before it
    ("gap", {"driver_a": "HAM", "driver_b": "OCO", "seconds": 4.0}),  # neither gap nor gain
])
def test_the_neighbour_of_each_reading_stays_contradicted(ctype, slots):
    v = _v(ctype, **slots)
    assert v.label == CONTRADICTED and v.reading is None and v.expected


def test_a_failed_move_that_did_get_ahead_stays_contradicted():
    ctx = [F.battle("undercut", "NOR", "PIA"), F.battle_outcome("NOR", "PIA", True), F.gain("NOR", "PIA", 1.2)]
    idx = ContextIndex(ctx, {"drivers": ["NOR", "PIA"]})
    v = verify_claim(Claim(type="battle_outcome", slots={"success": False}), idx)
    assert v.label == CONTRADICTED
    ok = verify_claim(Claim(type="battle_outcome", slots={"success": True}), idx)
    assert (ok.label, ok.reading, ok.matched) == (SUPPORTED, None, ["battle_outcome(pair=NOR|PIA, success=true)"])


def test_the_plain_reading_wins_and_covers():
    v = _v("pit_lap", driver="HAM", lap=18)
    assert (v.label, v.reading) == (SUPPORTED, None) and v.matched == ["pit_lap(driver=HAM, lap=18)"]
    v = _v("battle_outcome", success=False)
    assert (v.label, v.reading) == (SUPPORTED, None)


def test_a_tyre_change_without_its_old_compound_is_checked_on_what_it_states():
    v = _v("compound_change", driver="OCO", to="MEDIUM", lap=16)
    assert v.label == SUPPORTED and v.matched == [] and v.reading is None
    assert _v("compound_change", driver="OCO", to="MEDIUM").label == SUPPORTED
    assert _v("compound_change", driver="OCO", to="SOFT", lap=16).label == CONTRADICTED
    assert _v("compound_change", driver="OCO", to="MEDIUM", lap=20).label == CONTRADICTED
    assert _v("compound_change", driver="OCO", to="MEDIUM", lap=17).reading == OUT_LAP
    assert _v("compound_change", driver="XXX", to="MEDIUM").label == "unverifiable"


# HAM ran HARD in both stints (18 + 38 = 56 laps on the HARD).
TOTAL_IDX = ContextIndex(CONTEXT + [F.stint_compound("HAM", 1, "HARD")], {"drivers": ["HAM", "OCO"], "teams": []})


def test_laps_on_a_tyre_over_its_stints():
    """"HAM ran the HARD for 56 laps": the sum of his HARD stints, not one stint (compound_total)."""
    v = verify_claim(Claim(type="stint_laps", slots={"driver": "HAM", "compound": "HARD", "n_laps": 56}), TOTAL_IDX)
    assert (v.label, v.reading, v.matched) == (SUPPORTED, COMPOUND_TOTAL, [])
    for n in (55, 57):  # a sum off by one stays contradicted, as a stint length does
        w = verify_claim(Claim(type="stint_laps", slots={"driver": "HAM", "compound": "HARD", "n_laps": n}), TOTAL_IDX)
        assert w.label == CONTRADICTED and w.reading is None
    one = verify_claim(Claim(type="stint_laps", slots={"driver": "HAM", "compound": "HARD", "n_laps": 38}), TOTAL_IDX)
    assert one.label == SUPPORTED and one.reading is None and one.matched  # one stint: the plain reading


@pytest.mark.parametrize("ctype, slots, label", [
    ("gain", {"seconds": 4.0, "bound": "min", "attacker": "HAM", "defender": "OCO"}, SUPPORTED),  # 5.433 > 4
    ("gain", {"seconds": 7.0, "bound": "min", "attacker": "HAM", "defender": "OCO"}, CONTRADICTED),
    ("gain", {"seconds": 6.0, "bound": "max", "attacker": "HAM", "defender": "OCO"}, SUPPORTED),
    ("gain", {"seconds": 4.0, "bound": "max", "attacker": "HAM", "defender": "OCO"}, CONTRADICTED),
    ("gap", {"seconds": 3.5, "bound": "max", "when": "before", "driver_a": "HAM", "driver_b": "OCO"}, SUPPORTED),
    ("gap", {"seconds": 2.0, "bound": "max", "when": "before", "driver_a": "HAM", "driver_b": "OCO"}, CONTRADICTED),
    ("gap", {"seconds": 7.0, "bound": "min", "when": "after", "driver_a": "HAM", "driver_b": "OCO"}, SUPPORTED),
])
def test_a_bound_is_checked_as_a_bound(ctype, slots, label):
    """"gained more than 4 seconds" is true of 5.433 and covers no fact; "more than 7" is not."""
    v = _v(ctype, **slots)
    assert v.label == label
    if label == SUPPORTED:
        assert v.reading == BOUND and v.matched == []


def test_a_change_that_states_only_the_tyre_removed_is_checked_on_it():
    """"OCO pitted from the MEDIUMs on lap 16" is true of MEDIUM->MEDIUM on lap 16 and covers
    nothing; from the HARD, or on lap 20, it is contradicted."""
    ok = _v("compound_change", driver="OCO", **{"from": "MEDIUM"}, lap=16)
    assert ok.label == SUPPORTED and ok.matched == [] and "new compound" in ok.reason
    assert _v("compound_change", driver="OCO", **{"from": "HARD"}).label == CONTRADICTED
    assert _v("compound_change", driver="OCO", **{"from": "MEDIUM"}, lap=20).label == CONTRADICTED
    assert _v("compound_change", driver="OCO", **{"from": "MEDIUM"}, lap=17).reading == OUT_LAP


def test_rain_tyres_are_either_rain_tyre():
    """"pneus de chuva" (RAIN) is true of intermediates and of full wets, and of nothing else."""
    idx = ContextIndex([F.stint_compound("NOR", 1, "INTERMEDIATE"), F.stint_compound("NOR", 2, "WET"),
                        F.stint_compound("NOR", 3, "MEDIUM")], {"drivers": ["NOR"], "teams": []})
    for stint, label in ((1, SUPPORTED), (2, SUPPORTED), (3, CONTRADICTED)):
        v = verify_claim(Claim(type="stint_compound", slots={"driver": "NOR", "compound": "RAIN", "stint": stint}), idx)
        assert v.label == label, stint


def test_a_bound_close_to_the_value_states_the_value():
    """"gained over 5.4 seconds" for 5.433 is the plain reading: supported and covering the gain."""
    v = _v("gain", seconds=5.4, bound="min", attacker="HAM", defender="OCO")
    assert v.label == SUPPORTED and v.reading is None and v.matched


# --------------------------------------------------------------------------- a reading never rescues a doubtful binding

@pytest.mark.parametrize("ctype, slots, reading", [
    ("pit_lap", {"driver": "HAM", "lap": 19}, OUT_LAP),
    ("compound_change", {"driver": "OCO", "from": "MEDIUM", "to": "MEDIUM", "lap": 17}, OUT_LAP),
    ("compound_change", {"driver": "OCO", "to": "MEDIUM", "lap": 17}, OUT_LAP),
    ("stint_laps", {"driver": "HAM", "start_lap": 18, "end_lap": 56, "n_laps": 39}, STINT_FROM_PIT_LAP),
])
def test_a_reading_applies_to_a_claim_bound_to_its_subject_only(ctype, slots, reading):
    """The extractor records how a claim's driver was bound (Claim.binding): bound to the subject
    (or not recorded, as by the LLM extractor), the alternative reading still supports it; bound
    only by proximity (an object, a compared driver), it gets the plain verdict, whose reason names
    the reading not taken."""
    for binding in (SUBJECT, None):
        v = verify_claim(Claim(type=ctype, slots=slots, binding=binding), IDX)
        assert (v.label, v.reading) == (SUPPORTED, reading), binding
    v = verify_claim(Claim(type=ctype, slots=slots, binding=NEAR), IDX)
    assert (v.label, v.reading, v.matched) == (CONTRADICTED, None, []) and v.expected
    assert "bound by proximity" in v.reason


def test_a_claim_bound_by_proximity_keeps_its_plain_verdict():
    """Only the alternative reading is refused: the plain reading supports (and covers) as before."""
    v = verify_claim(Claim(type="pit_lap", slots={"driver": "HAM", "lap": 18}, binding=NEAR), IDX)
    assert (v.label, v.reading, v.matched) == (SUPPORTED, None, ["pit_lap(driver=HAM, lap=18)"])
    w = verify_claim(Claim(type="pit_lap", slots={"driver": "HAM", "lap": 25}, binding=NEAR), IDX)
    assert w.label == CONTRADICTED and "bound by proximity" not in w.reason  # no reading would have matched


# HAM pitted on lap 18 (CONTEXT): lap 19 is its out-lap. Bound to HAM as the subject, the out-lap reading
# supports it; bound to HAM as the driver compared with ("two laps before HAM on lap 19": whose lap?), not.
@pytest.mark.parametrize("lang, subject, compared", [
    ("en", "HAM pitted on lap 19.", "OCO pitted two laps before HAM on lap 19."),
    ("es", "HAM paró en la vuelta 19.", "OCO paró dos vueltas antes que HAM en la vuelta 19."),
    ("pt", "HAM parou na volta 19.", "OCO parou duas voltas antes de HAM na volta 19."),
])
def test_the_extractor_records_how_the_driver_was_bound(lang, subject, compared):
    from f1bench_pipeline.domains.f1.extract import _extract

    def pit(text):
        return [c for c in _extract(text, lang) if c.type == "pit_lap" and c.slots == {"driver": "HAM", "lap": 19}]
    (own,) = pit(subject)
    (other,) = pit(compared)
    assert (own.binding, other.binding) == (SUBJECT, NEAR)
    assert verify_claim(own, IDX).reading == OUT_LAP
    assert (verify_claim(other, IDX).label, verify_claim(other, IDX).reading) == (CONTRADICTED, None)


@pytest.mark.parametrize("lang, text", [
    ("en", "OCO undercut HAM, who pitted on lap 19."),
    ("en", "OCO pitted two laps before HAM's stop on lap 19."),
    ("es", "OCO le hizo el undercut a HAM, que paró en la vuelta 19."),
    ("pt", "OCO fez o undercut em HAM, que parou na volta 19."),
    ("en", "OCO pitted a lap before HAM (lap 19)."),
    ("es", "OCO paró una vuelta antes que HAM (vuelta 19)."),
    ("pt", "Paradas sob SC (OCO volta 18, HAM volta 19)."),
])
def test_a_relative_clause_a_possessive_or_a_driver_written_before_the_value_states_its_owner(lang, text):
    from f1bench_pipeline.domains.f1.extract import _extract

    pits = [c for c in _extract(text, lang) if c.type == "pit_lap" and c.slots == {"driver": "HAM", "lap": 19}]
    assert [c.binding for c in pits] == [SUBJECT]


# ANT's second stop is "Pit lap 30: MEDIUM->UNKNOWN": a pit lap with no compound_change fact (issue #43).
UNKNOWN_IDX = ContextIndex([F.pit_lap("ANT", 12), F.compound_change("ANT", 12, "INTERMEDIATE", "MEDIUM"),
                            F.pit_lap("ANT", 30), F.stint_compound("ANT", 1, "INTERMEDIATE"),
                            F.stint_compound("ANT", 2, "MEDIUM"), F.stint_laps("ANT", 1, 1, 12),
                            F.stint_laps("ANT", 2, 13, 30), F.stint_laps("ANT", 3, 31, 44)], {"drivers": ["ANT"]})


@pytest.mark.parametrize("slots, label", [
    ({"from": "MEDIUM", "lap": 30}, SUPPORTED),  # "a second stop on lap 30 from MEDIUM": the stint it ended
    ({"from": "MEDIUM"}, SUPPORTED),  # no lap: the unknown stop is one of the driver's stops
    ({"from": "HARD", "lap": 30}, CONTRADICTED),  # the stint before it was on MEDIUM
    ({"from": "MEDIUM", "lap": 29}, CONTRADICTED),  # no stop on lap 29
    ({"from": "HARD", "to": "MEDIUM"}, CONTRADICTED),
    ({"to": "HARD", "lap": 30}, "unverifiable"),  # the context leaves the new tyre unknown
    ({"from": "MEDIUM", "to": "HARD", "lap": 30}, "unverifiable"),
])
def test_a_stop_to_an_unknown_compound_is_judged_on_its_stints(slots, label):
    v = verify_claim(Claim(type="compound_change", slots={"driver": "ANT", **slots}), UNKNOWN_IDX)
    assert v.label == label, v.reason
    if label == SUPPORTED:
        assert v.matched == []  # the change is no oracle fact: it covers nothing
    known = verify_claim(Claim(type="compound_change", slots={"driver": "ANT", "from": "INTERMEDIATE", "to": "MEDIUM",
                                                               "lap": 12}), UNKNOWN_IDX)
    assert known.label == SUPPORTED and known.matched  # a known change is still read plainly, and covers


@pytest.mark.parametrize("slots, label", [
    # "HUL's final stint (laps 31-44) on the same MEDIUM tires": the context's stint 3 is UNKNOWN
    ({"compound": "MEDIUM", "start_lap": 31, "end_lap": 44}, "unverifiable"),
    ({"compound": "MEDIUM", "start_lap": 32, "end_lap": 44}, CONTRADICTED),  # no stint has those laps
    ({"compound": "INTERMEDIATE", "start_lap": 13, "end_lap": 30}, CONTRADICTED),  # stint 2's tyre is stated: MEDIUM
    ({"compound": "MEDIUM", "start_lap": 13, "end_lap": 30}, SUPPORTED),
])
def test_a_tyre_named_for_a_stint_whose_tyre_the_context_leaves_unknown_is_unverifiable(slots, label):
    v = verify_claim(Claim(type="stint_laps", slots={"driver": "ANT", **slots}), UNKNOWN_IDX)
    assert v.label == label, v.reason
