"""Issue #44, fourth pass: a stop delayed by a count of laps (``extract/stop_delay.py``): "SAI's one-lap delay in
pitting", "SAI delayed his stop by one lap", "SAI retrasó su parada una vuelta respecto a TSU", "o atraso de
uma volta na parada de SAI", as ``pit_lap_difference`` with ``laps`` positive (the driver stopped later),
EN/ES/PT, both ways: a delay of no stop ("a one-lap delay behind the safety car"), a delay in seconds, a
difference already read ("two laps later, a two-lap delay") and a delay of no driver give none (or the old
reading).

The context is ``test_race_claims``': TSU stopped on laps 8, 24, 44 and 54, SAI on 9, 34 and 55 (SAI's first
stop one lap after TSU's).
"""

from __future__ import annotations

import pytest

from f1bench_pipeline_tests.test_race_claims import _verdicts

BATTLE = {"en": "TSU undercut SAI. ", "es": "TSU hizo el undercut a SAI. ", "pt": "TSU fez o undercut em SAI. "}


def _diff(text: str, lang: str) -> list[tuple]:
    return [(s["driver_a"], s["driver_b"], s["laps"], lbl)
            for s, lbl in _verdicts(BATTLE[lang] + text, lang, "pit_lap_difference") if not s.get("sign_only")]


@pytest.mark.parametrize("text,lang,expected", [
    ("SAI's one-lap delay in pitting let TSU through.", "en", ("SAI", "TSU", 1, "supported")),
    ("SAI delayed his stop by one lap, and TSU came out ahead.", "en", ("SAI", "TSU", 1, "supported")),
    ("SAI delayed his stop by one lap than TSU.", "en", ("SAI", "TSU", 1, "supported")),
    ("SAI retrasó su parada una vuelta respecto a TSU.", "es", ("SAI", "TSU", 1, "supported")),
    ("SAI pagó caro el retraso de una vuelta en su parada.", "es", ("SAI", "TSU", 1, "supported")),
    ("SAI adiou sua parada em uma volta, e TSU saiu na frente.", "pt", ("SAI", "TSU", 1, "supported")),
    ("SAI perdeu a posição com o atraso de uma volta na parada.", "pt", ("SAI", "TSU", 1, "supported")),
    # the wrong driver delayed: TSU stopped first, so no pair of stops has TSU one lap after SAI
    ("TSU delayed his stop by one lap than SAI.", "en", ("TSU", "SAI", 1, "contradicted")),
])
def test_a_stop_delayed_by_a_count_of_laps(text, lang, expected):
    assert _diff(text, lang) == [expected]


@pytest.mark.parametrize("text,lang", [
    ("SAI had a one-lap delay behind the safety car.", "en"),  # no stop
    ("SAI's 2-second delay in the pits cost him.", "en"),  # a time, no lap count
    ("The one-lap delay was favourable.", "en"),  # no driver it is said of
    ("El retraso de una vuelta fue favorable.", "es"),
    ("O atraso de uma volta foi favorável.", "pt"),
])
def test_no_difference_from_a_delay_of_no_stop_or_no_driver(text, lang):
    assert _diff(text, lang) == []


def test_a_difference_read_already_is_not_read_again():
    # "two laps later" is lap_difference's reading of the count; the delay noun after it adds nothing
    assert _diff("SAI pitted one lap later, a one-lap delay that cost him.", "en") == [("SAI", "TSU", 1, "supported")]


@pytest.mark.parametrize("text,lang", [
    ("SAI delayed his stop relative to TSU, staying out on the old tyres.", "en"),
    ("SAI retrasó su parada respecto a TSU.", "es"),
    ("Isso significa que SAI atrasou a parada em relação a TSU.", "pt"),
])
def test_a_stop_delayed_relative_to_a_named_rival_is_the_order(text, lang):
    got = [(s["driver_a"], s["driver_b"], s["laps"], s.get("sign_only"), lbl)
           for s, lbl in _verdicts(BATTLE[lang] + text, lang, "pit_lap_difference")]
    assert got == [("SAI", "TSU", 1, True, "supported")]


@pytest.mark.parametrize("text,lang", [
    ("SAI delayed his stop until lap 9.", "en"),  # no rival named: the order is not said against whom
    ("SAI delayed his stop relative to the plan.", "en"),
    ("SAI retrasó su parada hasta la vuelta 9.", "es"),
    ("SAI atrasou a parada até a volta 9.", "pt"),
])
def test_no_order_from_a_delay_without_a_named_rival(text, lang):
    got = [s for s, _lbl in _verdicts(BATTLE[lang] + text, lang, "pit_lap_difference") if s.get("sign_only")]
    assert got == []
