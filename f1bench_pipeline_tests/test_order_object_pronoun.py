"""Issue #44, fourth pass: the driver an order is taken against is no antecedent of a pronoun
("TSU emerged ahead of SAI after his lap-54 stop": the stop is TSU's, the clause's subject). Read
against the nearest driver, the stop went to SAI and was contradicted: a false contradiction found in
real answers in all three languages ("BEA saiu à frente de HAD após sua parada no lap 23", "TSU salió
detrás de BOR tras su parada en la vuelta 56", "BOR, who was running behind COL, made his second pit
stop on lap 36").

Both ways: a relative clause or a possessive naming the compared driver still gives him the stop, and a
pronoun after an object of 'undercut' keeps binding to the subject, as before. The context is
``test_race_claims``' (the real 2025 Spanish undercut TSU -> SAI: TSU stopped on laps 8, 24, 44, 54;
SAI on 9, 34, 55).
"""

from __future__ import annotations

import pytest

from f1bench_pipeline_tests.test_race_claims import _verdicts


def _stops(text: str, lang: str) -> list[tuple]:
    return [(s["driver"], s["lap"], lbl) for s, lbl in _verdicts(text, lang, "pit_lap")]


@pytest.mark.parametrize("text,lang,expected", [
    ("TSU emerged ahead of SAI after his lap-54 stop.", "en", ("TSU", 54, "supported")),
    ("TSU finished behind SAI after his stop on lap 24.", "en", ("TSU", 24, "supported")),
    ("TSU salió por delante de SAI tras su parada en la vuelta 54.", "es", ("TSU", 54, "supported")),
    ("TSU quedó detrás de SAI después de su parada en la vuelta 44.", "es", ("TSU", 44, "supported")),
    ("TSU saiu à frente de SAI após sua parada na volta 54.", "pt", ("TSU", 54, "supported")),
    ("TSU ficou atrás de SAI depois da sua parada na volta 24.", "pt", ("TSU", 24, "supported")),
    # a wrong lap is still caught, on the right driver
    ("TSU emerged ahead of SAI after his lap-50 stop.", "en", ("TSU", 50, "contradicted")),
])
def test_a_pronoun_after_the_compared_driver_is_the_subject(text, lang, expected):
    assert _stops(text, lang) == [expected]


@pytest.mark.parametrize("text,lang,expected", [
    # a relative clause or a possessive names the compared driver's own stop
    ("TSU emerged ahead of SAI, who stopped on lap 55.", "en", ("SAI", 55, "supported")),
    ("TSU was ahead of SAI until SAI's stop on lap 55.", "en", ("SAI", 55, "supported")),
    ("TSU quedó por delante de SAI, que paró en la vuelta 55.", "es", ("SAI", 55, "supported")),
    ("TSU ficou à frente de SAI, que parou na volta 55.", "pt", ("SAI", 55, "supported")),
    # the object of 'undercut' was never an antecedent
    ("TSU undercut SAI by making his stop on lap 8.", "en", ("TSU", 8, "supported")),
])
def test_the_compared_driver_keeps_his_own_stop(text, lang, expected):
    assert _stops(text, lang) == [expected]


# A pronoun opening a sentence's drivers is its subject, and an object pronoun ("him", "le", "lhe") is the
# verb's object, never the subject of the next verb. Found on a blind held-out answer (class only): "did not
# enable him to overtake Y, as he remained behind" gave "Y remained behind" (a false contradiction).

@pytest.mark.parametrize("text,lang", [
    ("SAI stopped on lap 9. The stop did not enable him to overtake TSU, as he remained behind after both had "
     "stopped.", "en"),
    ("SAI stopped on lap 9. The overcut did not allow him to pass TSU, since he was still behind after the stops.",
     "en"),
    ("SAI parou na volta 9. A parada não lhe permitiu ultrapassar TSU, pois ele continuou atrás depois das paradas.",
     "pt"),
    ("SAI paró en la vuelta 9. La parada no le permitió adelantar a TSU, porque él siguió detrás tras las paradas.",
     "es"),
])
def test_the_pronoun_after_an_object_pronoun_is_the_same_driver(text, lang):
    assert [(s["driver_a"], s["driver_b"], s["when"], s["ahead"], lbl)
            for s, lbl in _verdicts(text, lang, "relative_position")] == [("SAI", "TSU", "after", False, "supported")]


@pytest.mark.parametrize("text,lang", [
    ("The pit stop came after 9 laps for SAI, allowing him to keep a faster pace compared to TSU who pitted later.",
     "en"),
    ("La parada llegó tras 9 vueltas para SAI, lo que le permitió un ritmo más rápido frente a TSU, que paró después.",
     "es"),
    ("A parada veio após 9 voltas para SAI, o que lhe permitiu um ritmo mais rápido frente a TSU, que parou depois.",
     "pt"),
])
def test_an_object_pronoun_is_no_stop_difference_subject(text, lang):
    assert _verdicts(text, lang, "pit_lap_difference") == []


# The object pronoun left ambiguous (its sentence follows one naming both drivers): the subject pronoun after it
# in the same sentence is the same unknown driver, not the one named between them.
@pytest.mark.parametrize("text,lang", [
    ("SAI tried an overcut on TSU with his stop on lap 9. Yet the later stop did not help him get past TSU, since "
     "he was still behind after both cars pitted.", "en"),
    ("SAI intentó un overcut sobre TSU con su parada en la vuelta 9. Pero la estrategia no le permitió superar a "
     "TSU, ya que él seguía detrás cuando ambos habían parado.", "es"),
    ("SAI tentou um overcut sobre TSU com sua parada na volta 9. Mas a estratégia não lhe permitiu passar TSU, já "
     "que ele continuava atrás depois que ambos pararam.", "pt"),
])
def test_a_pronoun_after_an_ambiguous_object_pronoun_gives_no_order(text, lang):
    assert [(s["driver_a"], lbl) for s, lbl in _verdicts(text, lang, "relative_position")
            if s["when"] == "after"] == []
