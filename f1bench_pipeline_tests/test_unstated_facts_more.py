"""More wordings of the facts no context states (``unstated_fact``; ``vocabulary/unstated_more_words.py``),
EN/ES/PT, both ways (#44, third pass).

* a dry race or track, mixed or changing conditions ("what became a dry race", "a now-dry track", "carrera
  seca", "corrida seca"), a place in the points by its end or missed points ("in the lower points", "missed
  out on points", "zona baja de los puntos", "sem pontuar"), and the time a stop lost said by a past verb or
  a stop's time ("minimized the usual time penalty", "with minimal time penalty", "a longer stop time",
  "a slow stop", "minimizó la pérdida de tiempo", "parada lenta") are read and always
  unverifiable;
* dry tyres or a dry stint (a tyre the context names), a tyre named by its conditions ("neumáticos de pista
  seca"), a purpose ("the optimal tyre for dry conditions"), a present-tense property ("pitting under the SC
  minimizes time loss"), the strategy's time in the pits ("the one-stop strategy minimized time lost in the
  pits"), "minor points" of an argument, a stop time with its value, and a time loss of no
  stop give none.

Sentences are written in the style of real answers, not copied from them; the context is the real Monaco
instance of ``monaco_pace_context.py`` (read from the full warehouse when it is there).
"""

from __future__ import annotations

import pytest

from f1bench_pipeline.domains.f1.verifier import UNVERIFIABLE, verify_claim
from f1bench_pipeline_tests.test_unstated_facts import IDX, _unstated, unverifiable_on_the_real_instance


READ = [
    ("en", "Running the HARD for 56 laps in what became a dry race cost HAM little.", "weather"),
    ("en", "OCO's final stint showed strong pace on a now-dry track.", "weather"),
    ("en", "HAM's strategy was shaped by changing conditions in the opening laps.", "weather"),
    ("en", "By lap 16 the track was fully dry, and OCO switched to MEDIUMs.", "weather"),
    ("es", "HAM terminó la carrera seca con un solo cambio de neumáticos.", "weather"),
    ("es", "OCO paró en la vuelta 16, con condiciones cambiantes en pista.", "weather"),
    ("pt", "A corrida seca favoreceu a estratégia de uma parada de HAM.", "weather"),
    ("pt", "OCO enfrentou condições mistas até a volta 16.", "weather"),
    ("en", "The two stops kept OCO in the lower points, P7 at the flag.", "points"),
    ("en", "HAM narrowly missed out on points despite the late stop.", "points"),
    ("es", "OCO terminó en la zona baja de los puntos tras su segunda parada.", "points"),
    ("pt", "OCO terminou na parte baixa dos pontos com a estratégia de duas paradas.", "points"),
    ("pt", "HAM terminou sem pontuar apesar da parada tardia.", "points"),
    ("en", "By pitting under the Safety Car, HAM minimized the usual time penalty of a stop.", "pit_time"),
    ("en", "The lap-16 stop allowed OCO to change tyres with minimal pit lane time penalty.", "pit_time"),
    ("en", "OCO's second pit stop resulted in a longer stop time than HAM's.", "pit_time"),
    ("en", "HAM had a slow stop on lap 18.", "pit_time"),
    ("es", "Al parar bajo SC, OCO minimizó la pérdida de tiempo en boxes.", "pit_time"),
    ("es", "HAM sufrió una parada lenta en la vuelta 18.", "pit_time"),
    ("pt", "Parando sob SC, HAM minimizou a perda de tempo no box.", "pit_time"),
    ("pt", "A parada de OCO sob VSC minimizou o tempo perdido no pit lane.", "pit_time"),
    ("es", "La parada de HAM bajo SC minimizó el tiempo perdido en boxes.", "pit_time"),
    ("pt", "OCO fez a parada na volta 16 com uma perda mínima de tempo.", "pit_time"),
]


@pytest.mark.parametrize("lang, text, kind", READ)
def test_another_wording_of_an_unstated_fact_is_read_and_unverifiable(lang, text, kind):
    got = _unstated(text, lang)
    assert [c.slots for c in got] == [{"kind": kind}], got
    assert verify_claim(got[0], IDX).label == UNVERIFIABLE


@pytest.mark.parametrize("lang, text", [
    # a dry tyre, a dry stint, a tyre for dry conditions: the context names the compound
    ("en", "HAM pitted for dry tyres on lap 18."),
    ("en", "OCO began a long dry stint on the MEDIUM after lap 16."),
    ("en", "The HARD is the optimal tyre for dry conditions, so HAM kept it."),
    ("en", "HAM made no conventional dry-weather strategy call before lap 18."),
    ("es", "OCO montó neumáticos de pista seca en la vuelta 16."),
    ("pt", "HAM trocou para pneus para pista seca na volta 18."),
    # a hedge, a general property of pitting under a neutralisation
    ("en", "HAM's pace improved, probably on a now-dry track."),
    ("en", "Pitting under the Safety Car minimizes time loss, which is why HAM stopped on lap 18."),
    # points of an argument (a stop time with its value is read since the fifth pass: test_pace_fifth_pass.py)
    ("en", "There are a few minor points to note about OCO's strategy."),
    # the strategy's time in the pits, not a stop's (the human gold labels no claim there)
    ("en", "Two stops put OCO at a disadvantage in total pit lane time."),
    ("en", "The one-stop strategy successfully minimized time lost in the pits for HAM."),
    ("en", "HAM's long HARD stint minimized total pit stop time loss."),
    ("pt", "Com apenas uma parada, HAM minimizou o tempo perdido no box ao longo da corrida."),
    ("es", "La estrategia de OCO minimizó la pérdida de tiempo en boxes con una sola parada."),
    # a time loss of no stop
    ("en", "The stable HARD stint kept HAM in position with minimal time loss."),
])
def test_no_unstated_fact_from_the_neighbouring_wordings(lang, text):
    assert _unstated(text, lang) == []


def test_unverifiable_on_the_real_instance():
    unverifiable_on_the_real_instance(READ)
