"""Pace wordings read in #44's fifth pass, EN/ES/PT, both ways:

* a comparison over the few laps between the stops (``lap_pace``, unverifiable; ``vocabulary/lap_window_words.py``):
  a range of up to ``WINDOW_LAPS`` laps against another driver or called a window / the same laps ("during laps
  15-18", "over those same laps", "during the 4-lap window", "en esas mismas vueltas", "nas mesmas voltas"), and an
  out-pacing verb ("outperformed", "superó en ritmo"); not a longer range (a stint), not one driver's own stretch;
* a comparison between two drivers on tyres of different age (``lap_pace``; ``extract/lap_age.py``): "STR on fresh
  HARD tires was faster than LAW on aging MEDIUMS"; not one driver's fresh and worn sets (his stints), not an
  average ("faster than HUL's average on the older MEDIUM tires": the stints');
* a pace comparison said by an adjective on the average's noun (``pace_comparison``; ``vocabulary/pace_noun_words.py``):
  "a lower average lap time than", "a better average pace than", "mejor ritmo medio que", "melhor ritmo médio do que",
  "uma média pior do que": judged as every stint comparison (supported and contradicted); not a degradation ("lower
  average degradation"), not one with no side b;
* side a's tyre as its sentence's subject, out of a value phrase's reach (``pace_sides.subject_tyre``): "LAW's
  average lap time on the HARD compound (105.30s) was over 1.6 seconds per lap faster than the average on the
  MEDIUM compound (106.93s)"; not across a tyre change.

Sentences are written in the style of real answers, not copied from them; the context is the real Monaco instance
of ``monaco_pace_context.py`` (HAM: HARD 77.73s, HARD 75.67s, MEDIUM 75.85s; OCO: MEDIUM 78.48s, MEDIUM 77.20s,
HARD 77.20s; OCO pitted on lap 16, HAM on lap 18), read from the full warehouse too when it is there.
"""

from __future__ import annotations

import pytest

from f1bench_pipeline.domains.f1.claims import Claim
from f1bench_pipeline.domains.f1.extract import _extract
from f1bench_pipeline.domains.f1.instances import facts as F
from f1bench_pipeline.domains.f1.verifier import CONTRADICTED, SUPPORTED, UNVERIFIABLE, verify_claim
from f1bench_pipeline_tests.monaco_pace_context import ENTITIES, STINT_LAPS, index, real_instance

IDX = index([F.pit_lap("HAM", 18), F.pit_lap("HAM", 56), F.pit_lap("OCO", 16), F.pit_lap("OCO", 28),
             F.battle("overcut", "HAM", "OCO"), *STINT_LAPS])


def _of(text: str, lang: str, ctype: str, entities: dict = ENTITIES) -> list[Claim]:
    return [c for c in _extract(text, lang, entities) if c.type == ctype]


LAP_LEVEL = [
    # a window of laps between the stops
    ("en", "The key gain came because OCO's fresh MEDIUM pace was much faster than HAM's aging HARD pace during laps "
           "15-18.", {"driver": "OCO", "start_lap": 15, "end_lap": 18, "relation": "lower"}),
    ("en", "During laps 17-18, HAM was slower than OCO.", {"driver": "HAM", "start_lap": 17, "relation": "higher"}),
    ("en", "OCO's new MEDIUM tyres for laps 16-18 were clearly quicker than HAM's HARDs on those same laps.",
     {"driver": "OCO", "start_lap": 16, "end_lap": 18, "relation": "lower"}),
    ("en", "OCO's pace over laps 16-19 significantly outperformed HAM's over the same laps.",
     {"driver": "OCO", "start_lap": 16, "end_lap": 19, "relation": "lower"}),
    ("en", "During the 3-lap window, OCO was faster than HAM.", {"driver": "OCO", "stretch": "laps", "relation": "lower"}),
    ("es", "En las vueltas 15-18, OCO fue más rápido que HAM en esas mismas vueltas.",
     {"driver": "OCO", "start_lap": 15, "end_lap": 18, "relation": "lower"}),
    ("pt", "Nas voltas 15 a 18, HAM foi mais lento do que OCO nas mesmas voltas.",
     {"driver": "HAM", "start_lap": 15, "end_lap": 18, "relation": "higher"}),
    # two drivers on tyres of different age
    ("en", "OCO on fresh MEDIUM tires was significantly faster than HAM on aging HARDs.",
     {"driver": "OCO", "stretch": "laps", "relation": "lower"}),
    ("en", "HAM on his old HARDs was slower than OCO on new MEDIUMs.", {"driver": "HAM", "relation": "higher"}),
    ("es", "Los MEDIUM nuevos de OCO fueron mucho más rápidos que los HARD gastados de HAM.",
     {"driver": "OCO", "relation": "lower"}),
    ("pt", "Os pneus MEDIUM novos de OCO foram mais rápidos do que os HARD desgastados de HAM.",
     {"driver": "OCO", "relation": "lower"}),
]


@pytest.mark.parametrize("lang, text, slots", LAP_LEVEL)
def test_a_comparison_between_the_stops_is_lap_level_and_unverifiable(lang, text, slots):
    got = _of(text, lang, "lap_pace")
    assert len(got) == 1, got
    assert {k: got[0].slots.get(k) for k in slots} == slots, got[0].slots
    assert verify_claim(got[0], IDX).label == UNVERIFIABLE
    assert _of(text, lang, "pace_comparison") == []  # (no stint comparison read from the same words)


@pytest.mark.parametrize("lang, text", [
    ("en", "OCO was faster than HAM on laps 5-16."),  # a long range: a stint
    ("en", "OCO was faster during laps 15-18."),  # one driver's stretch, no window named
    ("en", "OCO was outpaced by HAM over laps 16-18."),  # the passive turns the relation: not read
    ("en", "OCO was not faster than HAM on fresh MEDIUMs against his old HARDs."),  # negated
])
def test_no_lap_level_claim_from_the_neighbouring_wordings(lang, text):
    assert _of(text, lang, "lap_pace") == []


@pytest.mark.parametrize("lang, text", [
    ("en", "OCO's fresh HARDs were faster than his worn MEDIUMs."),  # one driver's sets: his stints
    ("en", "OCO's HARD average on fresh tyres was faster than HAM's average on the older MEDIUM tyres."),  # averages
    ("es", "Los HARD nuevos de OCO fueron más rápidos que sus MEDIUM gastados."),
    ("pt", "Os HARD novos de OCO foram mais rápidos do que os seus MEDIUM gastos."),
])
def test_tyres_of_one_driver_or_averages_stay_stint_comparisons(lang, text):
    assert _of(text, lang, "lap_pace") == []


NOUN = [
    ("en", "HAM's MEDIUM stint had a worse average lap time than his second stint.", SUPPORTED),
    ("en", "OCO's HARD stint had a worse average lap time than his first stint.", CONTRADICTED),
    ("en", "HAM's second stint had a lower average lap time than his first stint.", SUPPORTED),
    ("en", "HAM's second stint showed better average pace than his MEDIUM stint.", SUPPORTED),
    ("es", "El segundo stint de HAM tuvo un mejor ritmo medio que su primer stint.", SUPPORTED),
    ("es", "El stint con MEDIUM de HAM tuvo una peor media que su segundo stint.", SUPPORTED),
    ("pt", "O segundo stint de HAM teve um melhor ritmo médio do que o primeiro stint.", SUPPORTED),
    ("pt", "O stint com HARD de OCO teve uma média pior do que o seu primeiro stint.", CONTRADICTED),
]


@pytest.mark.parametrize("lang, text, label", NOUN)
def test_a_comparison_by_the_averages_adjective_is_judged(lang, text, label):
    got = _of(text, lang, "pace_comparison")
    assert len(got) == 1, got
    assert got[0].slots["metric"] == "pace"
    assert verify_claim(got[0], IDX).label == label, (got[0].slots, verify_claim(got[0], IDX).reason)


@pytest.mark.parametrize("lang, text", [
    ("en", "HAM's second stint had lower average degradation than his first stint."),  # a degradation, not a pace
    ("en", "HAM's second stint had a lower average lap time."),  # no side b
    ("en", "HAM's average lap time was 75.67s in his second stint."),  # the noun with no adjective
    ("es", "El segundo stint de HAM tuvo un mejor ritmo medio."),
])
def test_no_pace_comparison_from_the_noun_alone(lang, text):
    assert [c for c in _of(text, lang, "pace_comparison") if c.slots["metric"] == "pace"] == []


def test_side_a_tyre_as_the_sentences_subject():
    text = ("HAM's average lap time on the MEDIUM compound (75.85s) was over 1.8 seconds per lap faster than the "
            "average on the HARD compound (77.73s).")
    got = _of(text, "en", "pace_comparison")
    assert len(got) == 1, got
    assert (got[0].slots["compound_a"], got[0].slots["compound_b"]) == ("MEDIUM", "HARD")
    # across a tyre change the subject's tyre is not pinned
    changed = ("After switching from the HARD, HAM's average lap time on the MEDIUM compound (75.85s) was over 1.8 "
               "seconds per lap faster than the average on the HARD compound (77.73s).")
    assert _of(changed, "en", "pace_comparison") == []


def test_on_the_real_instance():
    idx, entities = real_instance()
    for lang, text, _slots in LAP_LEVEL:
        for c in _of(text, lang, "lap_pace", entities):
            assert verify_claim(c, idx).label == UNVERIFIABLE, (text, c)
    for lang, text, label in NOUN:
        got = _of(text, lang, "pace_comparison", entities)
        assert [verify_claim(c, idx).label for c in got] == [label], (text, got)


STOP_TIMES = [
    ("en", "HAM's pit stop time was 1.04 seconds faster than OCO's."),
    ("en", "OCO's stop on lap 16 took 2.4s."),
    ("en", "HAM lost about 20s in the pit lane on lap 18."),
    ("es", "La parada de OCO duró 2,4 s."),
    ("es", "El tiempo de parada de HAM fue de 2,6 s."),
    ("es", "HAM perdió unos 20 s en boxes."),
    ("pt", "A parada de OCO durou 2,4 s."),
    ("pt", "HAM perdeu cerca de 20 s no pit."),
]


@pytest.mark.parametrize("lang, text", STOP_TIMES)
def test_a_stops_time_stated_as_a_number_is_unverifiable(lang, text):
    got = _of(text, lang, "unstated_fact")
    assert [c.slots for c in got] == [{"kind": "pit_time"}], got
    assert verify_claim(got[0], IDX).label == UNVERIFIABLE
    assert [c.type for c in _extract(text, lang, ENTITIES) if c.type in ("gap", "gain", "stint_pace")] == []


@pytest.mark.parametrize("lang, text", [
    ("en", "A pit stop typically costs about 20s in the pit lane."),  # a general remark
    ("en", "HAM likely lost ~20s in the pit lane."),  # a hedge
    ("en", "HAM's average stop time was 75.67 seconds."),  # a stint's average by another name: the stint rule's
    ("es", "Una parada suele costar unos 20 s en boxes."),
    ("pt", "A parada de OCO provavelmente durou 2,4 s."),
])
def test_no_stop_time_claim_from_the_neighbouring_wordings(lang, text):
    assert [c for c in _of(text, lang, "unstated_fact") if c.slots["kind"] == "pit_time"] == []


OWN_VALUE = [
    ("en", "HAM's average lap time improved to 75.67s, over 2 seconds faster than his first stint.", SUPPORTED),
    ("en", "HAM's average lap time was 75.85s, faster than his second stint.", CONTRADICTED),
    ("es", "El ritmo medio de HAM mejoró a 75,67 s, más rápido que su primer stint.", SUPPORTED),
    ("pt", "A média de HAM caiu para 75,67s, mais rápida do que no primeiro stint.", SUPPORTED),
]


@pytest.mark.parametrize("lang, text, label", OWN_VALUE)
def test_side_a_named_by_its_value_against_another_stint_of_the_driver(lang, text, label):
    got = _of(text, lang, "pace_comparison")
    assert len(got) == 1, got
    assert "value_a" in got[0].slots and "stint_b" in got[0].slots, got[0].slots
    assert verify_claim(got[0], IDX).label == label, (got[0].slots, verify_claim(got[0], IDX).reason)


@pytest.mark.parametrize("lang, text", [
    # the value is side b of an earlier comparison in the clause, not side a of this one
    ("en", "HAM's first stint averaged 77.73s, slower than the second stint's 75.67s, but faster than the final stint."),
    # side b named by a tyre HAM ran twice: which stint is not said (not read by its value)
    ("en", "HAM's average lap time improved to 75.85s, faster than his HARD stint."),
])
def test_no_value_side_a_from_the_neighbouring_wordings(lang, text):
    assert [c for c in _of(text, lang, "pace_comparison") if "value_a" in c.slots] == []
