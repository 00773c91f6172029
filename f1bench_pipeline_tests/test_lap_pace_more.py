"""More wordings of a lap-level pace (``lap_pace``; ``vocabulary/lap_more_words.py``, ``extract/lap_pace.py``),
EN/ES/PT, both ways (#44, third pass).

* read, and unverifiable: a single lap by what it was said fast or slow ("completed a full lap ... which
  was fast enough"), a driver's best lap ("his fastest lap", "su vuelta más rápida", "sua melhor volta"), a
  comparison over a few laps pointed at or counted in other ways ("over the next two laps", "his first few
  laps", "during that extra lap", "esas dos vueltas", "sus primeras vueltas", "nas voltas finais"), an
  out/in-lap's pace said strong or weak, and a lap time written m:ss.s ("a 1:32.4 on lap 20");
* not read: "an extra lap" (the stops' timing), the final seven laps (a stint), "the fastest lap times"
  of a tyre, a hedged comparison ("likely faster than ... his next few laps"), a stint average written
  m:ss.s (the stint's, as before).

Sentences are written in the style of real answers, not copied from them; the context is the real Monaco
instance of ``monaco_pace_context.py`` (read from the full warehouse when it is there).
"""

from __future__ import annotations

import pytest

from f1bench_pipeline.domains.f1.claims import Claim
from f1bench_pipeline.domains.f1.extract import _extract
from f1bench_pipeline.domains.f1.instances import facts as F
from f1bench_pipeline.domains.f1.verifier import UNVERIFIABLE, verify_claim
from f1bench_pipeline_tests.monaco_pace_context import ENTITIES, STINT_LAPS, index, real_instance

IDX = index([F.pit_lap("HAM", 18), F.pit_lap("HAM", 56), F.pit_lap("OCO", 16), F.pit_lap("OCO", 28),
             F.battle("overcut", "HAM", "OCO"), *STINT_LAPS])


def _lap(text: str, lang: str, entities: dict = ENTITIES) -> list[Claim]:
    return [c for c in _extract(text, lang, entities) if c.type == "lap_pace"]


READ = [
    ("en", "On lap 17, while OCO pitted, HAM completed a full lap on his worn HARDs, which was fast enough to pull away.",
     {"driver": "HAM", "stretch": "lap", "relation": "lower"}),
    ("en", "HAM set his fastest lap right before his stop on lap 18.", {"driver": "HAM", "stretch": "lap"}),
    ("en", "Over the next two laps, OCO was clearly quicker than HAM on the new MEDIUMs.",
     {"driver": "OCO", "stretch": "laps", "relation": "lower"}),
    ("en", "In his first few laps on the HARD, OCO was slower than HAM.",
     {"driver": "OCO", "stretch": "laps", "relation": "higher"}),
    ("en", "During that extra lap, HAM was 1.2s per lap faster than OCO.",
     {"driver": "HAM", "stretch": "lap", "difference": 1.2}),
    ("en", "After the stop, OCO's out-lap pace was surprisingly weak on the cold MEDIUMs.",
     {"driver": "OCO", "stretch": "out_lap", "relation": "higher"}),
    ("en", "HAM ran a 1:17.4 on lap 17 on the old HARDs.",
     {"driver": "HAM", "stretch": "lap", "start_lap": 17, "seconds": 77.4}),
    ("es", "En sus primeras vueltas con el HARD, OCO fue más lento que HAM.",
     {"driver": "OCO", "stretch": "laps", "relation": "higher"}),
    ("es", "HAM marcó su vuelta más rápida justo antes de parar.", {"driver": "HAM", "stretch": "lap"}),
    ("es", "Durante esas dos vueltas, HAM fue más rápido que OCO.", {"driver": "HAM", "stretch": "laps"}),
    ("es", "OCO marcó 1:19,02 en la vuelta 17.", {"driver": "OCO", "start_lap": 17, "seconds": 79.02}),
    ("pt", "Nas voltas finais, HAM foi mais rápido do que OCO.", {"driver": "HAM", "stretch": "laps"}),
    ("pt", "Nessas duas voltas, OCO foi mais lento que HAM.", {"driver": "OCO", "relation": "higher"}),
    ("pt", "HAM fez sua melhor volta antes da parada.", {"driver": "HAM", "stretch": "lap"}),
]


@pytest.mark.parametrize("lang, text, slots", READ)
def test_another_lap_level_wording_is_read_and_unverifiable(lang, text, slots):
    got = _lap(text, lang)
    assert len(got) == 1, got
    assert {k: got[0].slots.get(k) for k in slots} == slots, got[0].slots
    assert verify_claim(got[0], IDX).label == UNVERIFIABLE


@pytest.mark.parametrize("lang, text", [
    ("en", "OCO stayed out an extra lap and was slower than HAM."),  # the stops' timing
    ("en", "HAM ran the final 7 laps faster than OCO."),  # a stint, not a few laps
    ("en", "The MEDIUM offered the fastest lap times of OCO's race."),  # a tyre's average
    ("en", "OCO's laps were likely faster than HAM's out-lap and possibly his next few laps."),  # a guess
    ("en", "HAM's average on the HARD was 1:17.4 over the stint."),  # a stint's average (stint_pace)
    ("pt", "A melhor volta média de HAM foi com o MEDIUM."),  # an average
])
def test_no_lap_pace_from_the_neighbouring_wordings(lang, text):
    assert _lap(text, lang) == []


def test_a_stint_average_written_m_ss_keeps_its_reading():
    got = [c for c in _extract("HAM's average on the HARD was 1:17.4 over the stint.", "en", ENTITIES)
           if c.type == "stint_pace"]
    assert [c.slots["seconds"] for c in got] == [77.4]


def test_unverifiable_on_the_real_instance():
    idx, entities = real_instance()
    for lang, text, _slots in READ:
        for c in _lap(text, lang, entities):
            assert verify_claim(c, idx).label == UNVERIFIABLE, (text, c)
