"""A lap-level pace claim (``extract/lap_pace.py``, ``verify_lap_pace.py``): the time, per-lap difference
or pace of one lap or a short stretch of laps, which the contexts (stint summaries) do not state.

EN/ES/PT, each class both ways: the claim is read and is unverifiable (or, its laps a whole stint of the
driver, verified as that stint's average); a neighbouring wording gives no such claim, or keeps its
old reading. Sentences are written in the style of real answers, not copied from the gold.

The context is a real one (``monaco_pace_context.py``: the 2025 Monaco overcut HAM -> OCO); the same
instance is read from the full warehouse when it is there.
"""

from __future__ import annotations

import pytest

from f1bench_pipeline.domains.f1.claims import Claim
from f1bench_pipeline.domains.f1.context_index import ContextIndex
from f1bench_pipeline.domains.f1.extract import _extract
from f1bench_pipeline.domains.f1.instances import facts as F
from f1bench_pipeline.domains.f1.instances.stated import stated_facts
from f1bench_pipeline.domains.f1.verifier import CONTRADICTED, SUPPORTED, UNVERIFIABLE, verify_claim
from f1bench_pipeline_tests.monaco_pace_context import ENTITIES, real_instance, STINT_LAPS, index
from f1bench_pipeline_tests.monaco_pace_context import stint as _stint

IDX = index([F.pit_lap("HAM", 18), F.pit_lap("HAM", 56), F.pit_lap("OCO", 16), F.pit_lap("OCO", 28),
             F.battle("overcut", "HAM", "OCO"), *STINT_LAPS])


def _claims(text: str, lang: str) -> list[Claim]:
    return _extract(text, lang, ENTITIES)


def _lap(text: str, lang: str) -> list[tuple[Claim, str]]:
    return [(c, verify_claim(c, IDX).label) for c in _claims(text, lang) if c.type == "lap_pace"]


def _only(text: str, lang: str) -> tuple[Claim, str]:
    got = _lap(text, lang)
    assert len(got) == 1, got
    return got[0]


# --- read, and unverifiable ------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, text, slots", [
    # a time tied to a short range of laps written tight before it, or to a lap written right after it
    ("en", "HAM kept his pace up on the old HARDs (laps 17-18 avg ~77.4s) before he pitted.",
     {"driver": "HAM", "stretch": "laps", "start_lap": 17, "end_lap": 18, "seconds": 77.4}),
    ("es", "HAM rodó fuerte con los HARD usados (vueltas 16-17: 77,51s) antes de su parada.",
     {"driver": "HAM", "start_lap": 16, "end_lap": 17, "seconds": 77.51}),
    ("pt", "OCO marcou 79.02s na volta 17, com os MEDIUM novos.",
     {"driver": "OCO", "stretch": "lap", "start_lap": 17, "seconds": 79.02}),
    ("en", "OCO's out-lap of 80.95s cost him the position.", {"driver": "OCO", "stretch": "out_lap", "seconds": 80.95}),
    # a per-lap difference tied to a lap pointed at, or to a few laps counted
    ("es", "Con gomas nuevas, HAM fue ~1.45s por vuelta más rápido que OCO en esa vuelta decisiva.",
     {"driver": "HAM", "stretch": "lap", "difference": 1.45}),
    ("en", "HAM was 0.9s per lap quicker than OCO in his last 2 laps on the HARDs.",
     {"driver": "HAM", "stretch": "laps", "difference": 0.9}),
    ("pt", "Nessa volta, HAM foi 1,2s por volta mais rápido que OCO.", {"driver": "HAM", "difference": 1.2}),
    # a driver's out-lap or in-lap said fast or slow
    ("en", "OCO's outlap on the new MEDIUMs (lap 17) was slower than HAM's in-lap on worn HARDs.",
     {"driver": "OCO", "stretch": "out_lap", "relation": "higher"}),
    ("en", "Pitting first allowed HAM to set a fast out-lap on the fresh MEDIUMs.",
     {"driver": "HAM", "stretch": "out_lap", "relation": "lower"}),
    ("es", "La vuelta de salida de OCO fue más lenta que la vuelta de entrada de HAM.",
     {"driver": "OCO", "stretch": "out_lap", "relation": "higher"}),
    ("es", "HAM hizo una vuelta de salida rápida con los MEDIUM nuevos.", {"driver": "HAM", "stretch": "out_lap"}),
    ("pt", "A volta de saída de OCO, com MEDIUM novos, foi mais lenta do que a de HAM.",
     {"driver": "OCO", "stretch": "out_lap", "relation": "higher"}),
    ("pt", "HAM fez uma volta de saída rápida após a parada.", {"driver": "HAM", "stretch": "out_lap", "relation": "lower"}),
    # a pace comparison over a few laps counted, or a short range of laps
    ("en", "In his final 3 laps on the worn HARDs, OCO was clearly slower than HAM.",
     {"driver": "OCO", "stretch": "laps", "relation": "higher"}),
    ("en", "HAM found a clear pace advantage on the fresh tyres while OCO was still out for laps 17-18.",
     {"driver": "HAM", "start_lap": 17, "end_lap": 18, "relation": "lower"}),
    ("es", "OCO, en sus últimas 2 vueltas con el MEDIUM gastado, fue bastante más lento que HAM.",
     {"driver": "OCO", "stretch": "laps", "relation": "higher"}),
    ("pt", "HAM, nas últimas 3 voltas antes da parada, foi mais rápido do que OCO.",
     {"driver": "HAM", "stretch": "laps", "relation": "lower"}),
])
def test_a_lap_level_pace_is_read_and_unverifiable(lang, text, slots):
    claim, label = _only(text, lang)
    assert {k: claim.slots.get(k) for k in slots} == slots, claim.slots
    assert label == UNVERIFIABLE
    assert claim.span is not None and claim.span.text in text


def test_the_unverifiable_reason_names_what_the_context_states():
    claim, _label = _only("HAM kept his pace up on the old HARDs (laps 17-18 avg ~77.4s) before he pitted.", "en")
    assert "stint averages only" in verify_claim(claim, IDX).reason


# --- a whole stint: verified as that stint's average -----------------------------------------------------

@pytest.mark.parametrize("lang, text, label", [
    ("en", "OCO's pace on the used MEDIUMs (laps 17-28 avg 77.20s) held up.", SUPPORTED),
    ("en", "OCO's pace on the used MEDIUMs (laps 17-28 avg 78.20s) held up.", None),  # (unbound: see below)
])
def test_a_range_that_is_a_whole_stint_keeps_the_stint_reading(lang, text, label):
    # a long range is a stint's: the stint-pace rule reads it as today, and verifies the value
    got = [(c.type, verify_claim(c, IDX).label) for c in _claims(text, lang) if c.type in ("lap_pace", "stint_pace")]
    assert [t for t, _l in got] == ["stint_pace"]
    if label is not None:
        assert got[0][1] == label


def test_a_short_range_that_is_a_whole_stint_is_verified_as_that_stint():
    ctx = {"drivers": [{"driver": "HAM", "stints": [_stint(1, "SOFT", 80.123, 0.1), _stint(2, "HARD", 77.5, 0.01)],
                        "pit_stops": []}]}
    idx = ContextIndex([F.stint_laps("HAM", 1, 1, 2), F.stint_laps("HAM", 2, 3, 50)] + stated_facts(ctx),
                       {"drivers": ["HAM"], "teams": []})
    for value, label in (("80.12", SUPPORTED), ("81.12", UNVERIFIABLE)):  # (bound by proximity: not contradicted)
        claims = [c for c in _extract(f"HAM opened on the SOFTs (laps 1-2 avg {value}s).", "en", {"drivers": ["HAM"]})
                  if c.type == "lap_pace"]
        assert len(claims) == 1 and verify_claim(claims[0], idx).label == label
    bound = Claim(type="lap_pace", slots={"driver": "HAM", "start_lap": 1, "end_lap": 2, "seconds": 81.12},
                  extractor="llm")
    assert verify_claim(bound, idx).label == CONTRADICTED  # (a certain driver: that stint's average is 80.12)


# --- must not: generic reasoning, a stint's value, a defense's stated pace --------------------------------

@pytest.mark.parametrize("lang, text", [
    # reasoning of no driver
    ("en", "Fresh tyres give a faster out-lap, which is why the undercut works."),
    ("en", "The undercut works because the out-lap on new tyres is faster than the in-lap on worn ones."),
    ("es", "Una vuelta de salida rápida es la clave de todo undercut."),
    ("pt", "Com pneus novos, a volta de saída é mais rápida do que a volta de entrada com pneus gastos."),
    # an out-lap named with no pace said of it
    ("en", "OCO's out-lap came on lap 17, behind HAM."),
    ("es", "La vuelta de salida de OCO fue la 17."),
    # "in lap 23" is a preposition, not an in-lap
    ("en", "OCO pitted in lap 16 and was slower than HAM on the MEDIUMs."),
    # a stint's average, though an out-lap or a lap is named before it
    ("en", "OCO's earlier stop allowed a fast out-lap (included in his stint 2 average of 77.20s)."),
    ("es", "En la segunda vuelta con MEDIUM nuevos, OCO (vuelta 18) registró un promedio de 77.20s en su stint."),
    ("pt", "OCO, depois da volta 17, teve média de 77,20s no stint 2."),
    # a long stretch of laps is a stint's; a comparison said of a stint, or of degradation
    ("en", "Over the final 25 laps HAM was faster than OCO."),
    ("en", "Although HAM was faster on average in that stint, the gain came earlier (laps 17-18 while OCO was on new tyres)."),
    ("en", "HAM's three stops in the first four laps meant he ran in traffic, which can degrade tyres faster."),
    # a stated difference of a stint comparison is pace_compare's
    ("en", "HAM was 0.8s per lap faster than OCO on the HARD."),
    # a defense's median pace is stated by its context
    ("en", "OCO's median pace over laps 20-21 was 0.3 s/lap faster than HAM's."),
    # a lap that bounds a stint, then its average ("until lap 14, with 90.64s average"), or a stint right after it
    ("en", "HAM stayed on the HARD until lap 18, with 77.73s average."),
    ("en", "OCO's fresh MEDIUM stint (which started lap 17, avg 77.20s) held up."),
    ("es", "HAM siguió con el HARD hasta la vuelta 18, con 77,73s de promedio."),
    ("pt", "HAM ficou no HARD até a volta 18, com 77,73s médios."),
    ("pt", "HAM teve um stint final mais forte antes do pit da volta 56 (75,67s no stint 19-56)."),
    # a lap named, then a verb: the stint's difference, not the lap's
    ("en", "HAM's new HARD (lap 19) was 0.30s/lap faster than OCO's worn MEDIUM."),
    # an intention, not what happened
    ("en", "The aim was for HAM to be faster than OCO over laps 17-18."),
    ("en", "HAM pitted on lap 18, aiming to run a fast out-lap on the new tyres."),
    ("es", "El objetivo era que HAM fuera más rápido que OCO en las vueltas 17-18."),
    ("pt", "O objetivo era que HAM fosse mais rápido que OCO nas voltas 17-18."),
])
def test_no_lap_level_claim(lang, text):
    assert _lap(text, lang) == []


def test_a_lap_time_keeps_the_stint_rules_off_its_number():
    # one reading per number: "lap 17-18 avg" is the two laps' time, not the stint's average
    types = [c.type for c in _claims("HAM's pace on the old HARDs (lap 17-18 avg ~77.73s) was strong.", "en")
             if c.type in ("lap_pace", "stint_pace")]
    assert types == ["lap_pace"]


# --- a real instance ---------------------------------------------------------------------------------------

def test_on_the_real_instance():
    idx, entities = real_instance()
    text = ("HAM's pace on the old HARDs (laps 17-18 avg ~77.6s) was stronger than OCO's out-lap. "
            "OCO's MEDIUM stint average (77.20s) was the benchmark.")
    got = sorted((c.type, verify_claim(c, idx).label) for c in _extract(text, "en", entities)
                 if c.type in ("lap_pace", "stint_pace"))
    assert got == [("lap_pace", UNVERIFIABLE), ("stint_pace", SUPPORTED)]
