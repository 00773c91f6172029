"""A stint's average pace, its degradation and comparisons of them (``extract/pace.py``,
``extract/pace_compare.py``, ``verify_pace.py``): EN/ES/PT wordings read and verified right, the
neighbouring wordings that must not give the claim, and the tolerances' edges.

The context is a real one: the 2025 Monaco overcut HAM -> OCO, its stints as its context states
them (HAM: HARD 77.73s -0.515, HARD 75.67s +0.010, MEDIUM 75.85s -0.014; OCO: MEDIUM 78.48s -0.472,
MEDIUM 77.20s +0.081, HARD 77.20s +0.024), read through ``instances/stated.py``; the same instance is
read from the full warehouse when it is there.
"""

from __future__ import annotations

import pytest

from f1bench_pipeline.domains.f1.claims import NEAR, SUBJECT, Claim
from f1bench_pipeline.domains.f1.context_index import ContextIndex
from f1bench_pipeline.domains.f1.extract import _extract
from f1bench_pipeline.domains.f1.extract.pace_cues import resolution
from f1bench_pipeline.domains.f1.instances import facts as F
from f1bench_pipeline.domains.f1.instances.stated import stated_facts
from f1bench_pipeline.domains.f1.verifier import CONTRADICTED, SUPPORTED, UNVERIFIABLE, verify_claim
from f1bench_pipeline.domains.f1.verify_pace import CLEARLY_NONZERO_S_PER_LAP, NEAR_ZERO_S_PER_LAP
from f1bench_pipeline_tests.monaco_pace_context import ENTITIES, real_instance, index
from f1bench_pipeline_tests.monaco_pace_context import stint as _stint

PACE_TYPES = ("stint_pace", "stint_degradation", "pace_comparison")


CTX_FACTS = [F.pit_lap("HAM", 18), F.pit_lap("OCO", 16), F.battle("overcut", "HAM", "OCO")]
IDX = index(CTX_FACTS)


def _read(text: str, lang: str) -> list[tuple[Claim, str]]:
    return [(c, verify_claim(c, IDX).label) for c in _extract(text, lang, ENTITIES) if c.type in PACE_TYPES]


def _only(text: str, lang: str) -> tuple[Claim, str]:
    got = _read(text, lang)
    assert len(got) == 1, got
    return got[0]


# --- read and verified right -----------------------------------------------------------------------

@pytest.mark.parametrize("lang, text, ctype, slots, label", [
    # stint_pace: EN / ES / PT, cue before or after, stint or tyre pinned
    ("en", "OCO's MEDIUM stint average (77.20s) was the benchmark.", "stint_pace",
     {"driver": "OCO", "seconds": 77.2, "compound": "MEDIUM"}, SUPPORTED),
    ("en", "In stint 2 HAM averaged 75.67s.", "stint_pace", {"driver": "HAM", "seconds": 75.67, "stint": 2}, SUPPORTED),
    ("en", "In stint 2 HAM averaged ~75.7s.", "stint_pace", {"driver": "HAM", "resolution": 0.1}, SUPPORTED),
    ("en", "In stint 2 HAM averaged 76.67s.", "stint_pace", {"driver": "HAM", "stint": 2}, CONTRADICTED),
    ("en", "HAM: stint 3, avg 77.73s.", "stint_pace", {"driver": "HAM", "stint": 3}, CONTRADICTED),  # stint 1's value
    ("es", "HAM: su stint 2 promedió 75.67s.", "stint_pace", {"driver": "HAM", "stint": 2}, SUPPORTED),
    ("es", "El ritmo medio de OCO fue de 78.48s en su primer stint.", "stint_pace", {"driver": "OCO"}, SUPPORTED),
    ("pt", "HAM fez 75.85s de média no MEDIUM.", "stint_pace", {"driver": "HAM", "compound": "MEDIUM"}, SUPPORTED),
    ("pt", "No stint 2, OCO teve média de 77,20s.", "stint_pace", {"driver": "OCO", "seconds": 77.2, "stint": 2},
     SUPPORTED),
    ("pt", "No stint 2, OCO teve média de 79,20s.", "stint_pace", {"driver": "OCO", "stint": 2}, CONTRADICTED),
    # stint_degradation: the value (signed as written) or only its sign class
    ("en", "OCO's stint 2 showed deg +0.081s/lap.", "stint_degradation",
     {"driver": "OCO", "s_per_lap": 0.081, "sign": 1, "stint": 2}, SUPPORTED),
    ("en", "OCO's stint 2 showed deg -0.081s/lap.", "stint_degradation", {"driver": "OCO", "stint": 2}, CONTRADICTED),
    ("es", "La degradación de HAM en el stint 1 fue de -0.515 s/vuelta.", "stint_degradation",
     {"driver": "HAM", "s_per_lap": -0.515, "stint": 1}, SUPPORTED),
    ("pt", "HAM: stint 2 com degradação de +0.010s/volta.", "stint_degradation", {"driver": "HAM", "stint": 2},
     SUPPORTED),
    ("en", "HAM had negative degradation in the first stint.", "stint_degradation",
     {"driver": "HAM", "sign": -1, "stint": 1}, SUPPORTED),
    ("es", "OCO tuvo una degradación positiva en el stint 2.", "stint_degradation", {"driver": "OCO", "sign": 1},
     SUPPORTED),
    ("pt", "No stint 2, HAM teve degradação quase nula.", "stint_degradation", {"driver": "HAM", "sign": 0},
     SUPPORTED),
    ("pt", "No stint 1, HAM teve degradação quase nula.", "stint_degradation", {"driver": "HAM", "sign": 0},
     CONTRADICTED),
    # pace_comparison: two drivers on the same stint, two stints of one driver, a superlative
    ("en", "In stint 2, HAM's average pace was faster than OCO's.", "pace_comparison",
     {"metric": "pace", "relation": "lower", "driver_a": "HAM", "driver_b": "OCO", "stint_a": 2}, SUPPORTED),
    ("en", "In stint 2, HAM's average pace was slower than OCO's.", "pace_comparison", {"relation": "higher"},
     CONTRADICTED),
    ("es", "En el stint 2, HAM fue más rápido que OCO en ritmo medio.", "pace_comparison", {"relation": "lower"},
     SUPPORTED),
    ("pt", "No stint 2, HAM foi mais lento que OCO em média.", "pace_comparison", {"relation": "higher"}, CONTRADICTED),
    ("en", "In stint 1 OCO had less degradation than HAM.", "pace_comparison",
     {"metric": "degradation", "relation": "lower"}, CONTRADICTED),  # -0.472 vs -0.515: OCO's is the higher
    ("es", "En el stint 2, OCO tuvo más degradación que HAM.", "pace_comparison", {"metric": "degradation"},
     SUPPORTED),
    ("en", "HAM's HARD stint 2 was his fastest stint on average.", "pace_comparison", {"scope": "driver"}, SUPPORTED),
    ("en", "HAM's stint 3 was his fastest stint on average.", "pace_comparison", {"scope": "driver"}, CONTRADICTED),
    ("en", "OCO's HARD stint had the lowest degradation of the race.", "pace_comparison", {"scope": "race"},
     UNVERIFIABLE),
])
def test_read_and_verified(lang, text, ctype, slots, label):
    got = [(c, v) for c, v in _read(text, lang) if c.type == ctype]
    assert len(got) == 1, _read(text, lang)
    claim, verdict = got[0]
    assert {k: claim.slots.get(k) for k in slots} == slots
    assert verdict == label


@pytest.mark.parametrize("lang, text, n", [
    ("es", "El primer stint de HAM tuvo un ritmo medio de 77.73 s por vuelta.", 1),  # an average written per lap
    ("en", "HAM started on HARDs (laps 1-18), with an average lap time of 77.73s.", 1),  # the stint's own range
    ("en", "HAM ran the final 22 laps on MEDIUMs, averaging 75.85s.", 1),  # a stint's laps counted
    ("en", "On the HARD stint the average pace was:\n- HAM: 75.67s\n- OCO: 77.20s", 2),  # a list under its title
    ("pt", "Ritmo médio no primeiro stint:\n- HAM: 77.73s\n- OCO: 78.48s", 2),
])
def test_layouts_of_a_stint_average(lang, text, n):
    got = [(c.type, v) for c, v in _read(text, lang)]
    assert got == [("stint_pace", SUPPORTED)] * n


def test_a_time_in_minutes_and_seconds():
    c, v = _only("HAM's stint 2 average was 1:15.67.", "en")
    assert (c.slots["seconds"], v) == (75.67, SUPPORTED)
    c, v = _only("| Piloto | Compuesto | Media |\n|---|---|---|\n| HAM | HARD | 1:15,67 |", "es")  # under a "Media" column
    assert (c.slots["seconds"], v) == (75.67, SUPPORTED)
    assert _read("HAM set a 1:15.2 on lap 23.", "en") == []  # one lap's time


@pytest.mark.parametrize("lang, text", [
    ("en", "HAM's laps 17-18 averaged 77.73s."),  # a stretch of two laps
    ("en", "Lap times on lap 30:\n- HAM: 75.67s\n- OCO: 77.20s"),  # a list under a title naming no average
    ("pt", "Na volta 23, a média de HAM foi 75.67s."),  # one lap named
])
def test_layouts_that_are_no_stint_average(lang, text):
    assert _read(text, lang) == []


def test_a_stated_difference_is_checked_within_the_context_rounding():
    # HAM's stint 2 (75.67) against his stint 1 (77.73): 2.06 s faster
    c, v = _only("HAM's HARD stint 2 was 2.1 seconds per lap faster on average than his stint 1.", "en")
    assert (c.slots.get("difference"), v) == (2.1, SUPPORTED)
    c, v = _only("HAM's HARD stint 2 was 1.5 seconds per lap faster on average than his stint 1.", "en")
    assert v == CONTRADICTED
    c, v = _only("HAM's HARD stint 2 was over 1.5 seconds per lap faster on average than his stint 1.", "en")
    assert "difference" not in c.slots and v == SUPPORTED  # a bound: only the sign is checked


# --- neighbours that give no claim of these types ------------------------------------------------------

@pytest.mark.parametrize("lang, text", [
    ("en", "HAM's lap 17-18 average was ~77.73s."),  # a stretch of laps
    ("en", "HAM set a 75.2s on lap 23."),  # one lap's time
    ("en", "OCO's fastest lap was a 75.9s."),
    ("en", "HAM's median green-flag pace was 75.123s."),  # a defense's median pace
    ("en", "HAM was 0.5 s/lap faster than OCO."),  # a pace difference, no degradation
    ("en", "HAM was faster than OCO after the stop."),  # no stint's pace
    ("en", "HAM was not faster than OCO in stint 2 on average."),  # negated
    ("es", "HAM ganó 0.3s por vuelta frente a OCO."),  # a gain per lap
    ("es", "La vuelta rápida de OCO fue de 75.90s."),
    ("pt", "HAM foi 0,5s por volta mais rápido que OCO."),
    ("pt", "A melhor volta de HAM foi 75.40s."),
    ("en", "The gap grew to 8.043s after the stops."),  # a gap keeps its reading
])
def test_neighbours_give_no_pace_claim(lang, text):
    assert _read(text, lang) == []


def test_a_gap_keeps_its_reading_and_a_pace_its_own():
    claims = _extract("HAM averaged 75.67s in stint 2, and the gap to OCO grew to 8.043s.", "en", ENTITIES)
    types = {c.type: c.slots for c in claims}
    assert types["stint_pace"]["seconds"] == 75.67 and types["gap"]["seconds"] == 8.043


def test_a_compared_value_belongs_to_the_driver_named_with_it():
    got = _read("OCO: su stint 2 promedió 77.20s frente a 75.67s de HAM.", "es")
    assert sorted((c.slots["driver"], c.slots["seconds"], v) for c, v in got) == [("HAM", 75.67, SUPPORTED),
                                                                                  ("OCO", 77.2, SUPPORTED)]
    got = _read("OCO's stint 2 degradation was higher (+0.081s/lap versus +0.010s/lap of HAM).", "en")
    assert sorted((c.slots["driver"], c.slots["s_per_lap"]) for c, _v in got if c.type == "stint_degradation") == \
        [("HAM", 0.01), ("OCO", 0.081)]


def test_a_stint_compared_with_or_the_previous_values_does_not_pin_the_value():
    c, v = _only("Compared to the first stint, HAM averaged 75.67s.", "en")
    assert "stint" not in c.slots and v == SUPPORTED
    got = _read("HAM's average improved from 77.73s per lap in the first stint to 75.67s in the second stint.", "en")
    assert [(c.slots.get("stint"), v) for c, v in got] == [(1, SUPPORTED), (2, SUPPORTED)]


@pytest.mark.parametrize("lang, text", [
    ("en", "HAM's overall average was 76.40s."),  # the whole race's, no stint's
    ("es", "El promedio general de HAM fue de 76.40s."),
    ("en", "HAM and OCO averaged 75.67s and 77.20s respectively."),  # whose is whose: by order only
    ("en", "HAM's second stint was faster (-0.104s/lap) than OCO's second stint."),  # a rate, not an average
    ("en", "HAM's average pace was faster than OCO's HARD stint."),  # HAM's stint not named
    ("pt", "HAM, em suas últimas 2 voltas com o HARD gasto, foi bem mais lento em média do que OCO com MEDIUM novo."),
    ("en", "In his last 3 laps on old HARDs, HAM's average pace was slower than OCO's on fresh MEDIUMs."),
    ("es", "En las últimas vueltas del stint, HAM fue más lento que OCO en ritmo medio."),
])
def test_no_stint_claim_when_the_stint_or_its_owner_is_not_said(lang, text):
    assert _read(text, lang) == []


def test_a_stint_written_after_the_second_driver_qualifies_both_sides():
    c, v = _only("OCO had more degradation than HAM in stint 2.", "en")
    assert (c.slots.get("stint_a"), c.slots.get("stint_b"), v) == (2, 2, SUPPORTED)


def test_a_stint_the_context_states_no_value_of_or_no_compound_of():
    assert _v("stint_pace", driver="HAM", stint=4, seconds=75.67) == UNVERIFIABLE
    ctx = {"drivers": [{"driver": "HUL", "stints": [_stint(1, "MEDIUM", 107.5, 0.1), _stint(3, "UNKNOWN", 106.127, 0.0)],
                        "pit_stops": []}]}
    idx = ContextIndex(stated_facts(ctx), {"drivers": ["HUL"]})
    claim = Claim(type="stint_pace", slots={"driver": "HUL", "compound": "MEDIUM", "seconds": 106.13}, binding=SUBJECT)
    assert verify_claim(claim, idx).label == UNVERIFIABLE  # stint 3's tyre is not known: maybe MEDIUM
    ctx["drivers"][0]["stints"][0]["compound"] = "HARD"
    idx = ContextIndex(stated_facts(ctx), {"drivers": ["HUL"]})
    assert verify_claim(claim, idx).label == SUPPORTED  # no MEDIUM stint: the one of unknown tyre may be it


def test_a_tyre_left_or_compared_with_does_not_pin_the_value():
    c, v = _only("After the MEDIUM stint, OCO's average fell to 77.20s.", "en")
    assert "compound" not in c.slots and v == SUPPORTED
    c, v = _only("HAM's pace was similar to the MEDIUM stint: 75.67s.", "en")
    assert "compound" not in c.slots and v == SUPPORTED


# --- the verifier's tolerances and bindings -------------------------------------------------------------

def _v(ctype: str, binding: str | None = SUBJECT, **slots):
    return verify_claim(Claim(type=ctype, slots=slots, binding=binding), IDX).label


@pytest.mark.parametrize("seconds, res, label", [
    (75.67, 0.01, SUPPORTED), (75.66, 0.01, CONTRADICTED), (75.7, 0.1, SUPPORTED), (75.8, 0.1, CONTRADICTED),
    (76, 1.0, SUPPORTED), (74, 1.0, CONTRADICTED),
])
def test_pace_matches_within_half_the_coarser_last_digit(seconds, res, label):
    assert _v("stint_pace", driver="HAM", stint=2, seconds=seconds, resolution=res) == label


def test_the_value_is_compared_as_the_context_states_it():
    ctx = {"drivers": [{"driver": "ANT", "stints": [_stint(1, "MEDIUM", 93.669, -0.046), _stint(2, "HARD", 91.395, 0.0025)],
                        "pit_stops": []}]}
    idx = ContextIndex(stated_facts(ctx), {"drivers": ["ANT"]})
    label = lambda ctype, **s: verify_claim(Claim(type=ctype, slots=s, binding=SUBJECT), idx).label  # noqa: E731
    assert label("stint_pace", driver="ANT", stint=2, seconds=91.39) == SUPPORTED  # stated "91.39s"
    assert label("stint_pace", driver="ANT", stint=2, seconds=91.40) == CONTRADICTED
    assert label("stint_degradation", driver="ANT", stint=2, s_per_lap=0.003, sign=1) == SUPPORTED  # stated "+0.003"


def test_which_stint_and_which_driver():
    # unpinned: any stint of the driver; pinned elsewhere: contradicted
    assert _v("stint_pace", driver="HAM", seconds=75.85) == SUPPORTED
    assert _v("stint_pace", driver="HAM", compound="HARD", seconds=75.85) == CONTRADICTED
    # a value matching nothing of its driver: contradicted only when bound to the subject
    assert _v("stint_pace", driver="HAM", seconds=80.11) == CONTRADICTED
    assert _v("stint_pace", binding=NEAR, driver="HAM", seconds=80.11) == UNVERIFIABLE
    assert _v("stint_pace", binding=None, driver="HAM", seconds=80.11) == UNVERIFIABLE  # regex, binding not recorded
    # another driver's value: the binding may be wrong
    assert _v("stint_pace", driver="HAM", seconds=78.48) == UNVERIFIABLE
    # a driver with no stated stints
    assert _v("stint_pace", driver="VER", seconds=78.48) == UNVERIFIABLE


def test_degradation_sign_classes_and_the_near_zero_tolerance():
    def sign_label(value: float, sign: int) -> str:
        ctx = {"drivers": [{"driver": "NOR", "stints": [_stint(1, "SOFT", 90.0, value)], "pit_stops": []}]}
        idx = ContextIndex(stated_facts(ctx), {"drivers": ["NOR"]})
        return verify_claim(Claim(type="stint_degradation", slots={"driver": "NOR", "sign": sign}, binding=SUBJECT),
                            idx).label

    assert sign_label(NEAR_ZERO_S_PER_LAP, 0) == SUPPORTED
    assert sign_label((NEAR_ZERO_S_PER_LAP + CLEARLY_NONZERO_S_PER_LAP) / 2, 0) == UNVERIFIABLE
    assert sign_label(-CLEARLY_NONZERO_S_PER_LAP - 0.001, 0) == CONTRADICTED
    assert sign_label(-0.081, -1) == SUPPORTED and sign_label(-0.081, 1) == CONTRADICTED
    assert sign_label(0.0004, 1) == UNVERIFIABLE  # stated "+0.000": neither sign
    # a value written without its sign is compared by size
    assert _v("stint_degradation", driver="HAM", stint=1, s_per_lap=0.515) == SUPPORTED
    assert _v("stint_degradation", driver="HAM", stint=1, s_per_lap=0.515, sign=1) == CONTRADICTED


def test_comparisons_need_one_stint_a_side_to_be_contradicted():
    cmp = lambda **s: verify_claim(Claim(type="pace_comparison", slots={"metric": "pace", **s}), IDX).label  # noqa: E731
    assert cmp(relation="lower", driver_a="HAM", driver_b="OCO", compound_a="MEDIUM") == SUPPORTED  # all pairs hold
    assert cmp(relation="higher", driver_a="HAM", driver_b="OCO", compound_a="MEDIUM") == UNVERIFIABLE  # 1 x 2 pairs
    assert cmp(relation="lower", driver_a="HAM", driver_b="OCO", compound_a="HARD") == UNVERIFIABLE  # one pair fails
    assert cmp(relation="lower", driver_a="HAM", driver_b="OCO", stint_a=3, stint_b=2) == SUPPORTED
    assert cmp(relation="lower", driver_a="OCO", driver_b="OCO", stint_a=2, stint_b=3) == UNVERIFIABLE  # 77.20 = 77.20
    assert cmp(relation="lower", driver_a="HAM", scope="race", stint_a=2) == UNVERIFIABLE


def test_resolution_is_the_last_written_digit():
    assert [resolution(w) for w in ("77.20", "77.7", "78", "0,421", "-0.05")] == [0.01, 0.1, 1.0, 0.001, 0.01]


# --- a real instance ------------------------------------------------------------------------------------

def test_on_the_real_instance():
    idx, entities = real_instance()
    text = ("OCO's fresh MEDIUM stint average (77.20s) was slower than HAM's HARD pace in stint 2 (avg 75.67s, "
            "deg +0.010s/lap).")
    got = {(c.type, v.label) for c in _extract(text, "en", entities) if c.type in PACE_TYPES
           for v in [verify_claim(c, idx)]}
    assert got == {("stint_pace", SUPPORTED), ("stint_degradation", SUPPORTED), ("pace_comparison", SUPPORTED)}


@pytest.mark.parametrize("lang, text", [
    ("en", "HAM ran stint 2 on the hard tyres, with an average of 75.67 s and a degradation of -0.515 s/lap."),
    ("es", "HAM hizo el stint 2 con el neumático duro, con una media de 75.67 s y una degradación de -0.515 s/vuelta."),
    ("pt", "HAM fez o stint 2 com o pneu duro, com média de 75.67 s e degradação de -0.515 s/volta."),
])
def test_a_degradation_joined_to_the_average_before_it_is_that_stints(lang, text):
    # the average's stint pins the degradation joined to it: -0.515 is stint 1's, so stint 2's is contradicted
    got = {c.type: (c.slots.get("stint"), v) for c, v in _read(text, lang)}
    assert got == {"stint_pace": (2, SUPPORTED), "stint_degradation": (2, CONTRADICTED)}


def test_a_degradation_of_another_clause_is_not_pinned_by_the_average_before_it():
    got = {c.type: c.slots for c, _v in _read("HAM's stint 2 averaged 75.67s, while OCO's degradation was +0.081s/lap.", "en")}
    assert got["stint_pace"]["stint"] == 2 and "stint" not in got["stint_degradation"]
