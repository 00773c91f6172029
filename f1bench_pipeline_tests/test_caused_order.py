"""Issue #44, third pass: an order stated as what a move left (``extract/caused_order.py``), EN/ES/PT,
on the 2025 Spanish Grand Prix's TSU/SAI undercut (``test_gap_order.CONTEXT``: TSU behind SAI before
the stops, ahead after them). Read and judged both ways, and neighbouring wordings that must give no
order (negated, hedged, a purpose, a pronoun whose driver nothing names).
"""

from __future__ import annotations

import pytest

from f1bench_pipeline.domains.f1.extract import _extract
from f1bench_pipeline.domains.f1.verifier import verify_claim
from f1bench_pipeline_tests.test_gap_order import CONTEXT, IDX

OPENING = {"en": "TSU undercut SAI, pitting on lap 8. ", "es": "TSU hizo el undercut a SAI en la vuelta 8. ",
           "pt": "TSU fez o undercut em SAI na volta 8. "}


def _orders(text: str, lang: str) -> list[tuple[tuple, str]]:
    return [((c.slots["driver_a"], c.slots["driver_b"], c.slots["when"], c.slots["ahead"]), verify_claim(c, IDX).label)
            for c in _extract(OPENING[lang] + text, lang, CONTEXT["entities"]) if c.type == "relative_position"]


@pytest.mark.parametrize("text,lang,order,label", [
    ("The stop allowed him to stay ahead of SAI after both had made their stops.", "en",
     ("TSU", "SAI", "after", True), "supported"),
    ("The early stop allowed him to stay ahead of TSU.", "en", ("SAI", "TSU", "after", True), "contradicted"),
    ("The undercut helped TSU come out ahead.", "en", ("TSU", "SAI", "after", True), "supported"),
    ("The stop kept SAI ahead of TSU.", "en", ("SAI", "TSU", "after", True), "contradicted"),
    ("The swing left SAI behind.", "en", ("SAI", "TSU", "after", False), "supported"),
    ("Esto le permitió a TSU salir por delante tras la parada de SAI.", "es", ("TSU", "SAI", "after", True), "supported"),
    ("La parada dejó a TSU por detrás de SAI.", "es", ("TSU", "SAI", "after", False), "contradicted"),
    ("A diferença permitiu que TSU saísse à frente de SAI após a parada.", "pt", ("TSU", "SAI", "after", True),
     "supported"),
    ("A parada deixou SAI à frente de TSU.", "pt", ("SAI", "TSU", "after", True), "contradicted"),
])
def test_order_read_and_judged(text: str, lang: str, order: tuple, label: str) -> None:
    assert _orders(text, lang) == [(order, label)]


@pytest.mark.parametrize("text,lang", [
    ("However, the data does **not** show that the undercut was enough to put SAI ahead of TSU.", "en"),
    ("It did not allow SAI to stay ahead.", "en"),
    ("The stop may have kept SAI ahead of TSU.", "en"),
    ("In an effort to get SAI ahead, the team pitted him early.", "en"),
    ("The stop kept him ahead.", "en"),  # whose? no rival named
    ("SAI kept TSU behind for 12 laps.", "en"),  # an on-track hold
    ("SAI mantuvo a TSU detrás durante diez vueltas.", "es"),
    ("No le permitió a SAI salir por delante.", "es"),
    ("Para deixar SAI à frente de TSU, a equipe parou cedo.", "pt"),
])
def test_no_order(text: str, lang: str) -> None:
    assert _orders(text, lang) == []


def _both(text: str, lang: str) -> set[tuple[tuple, str]]:
    return set(_orders(text, lang))


@pytest.mark.parametrize("text,lang,orders", [
    # a deficit overcome: behind before; turned or reversed: ahead after too
    ("The 1.596s pre-pit gap was overcome because TSU gained pace.", "en",
     {(("TSU", "SAI", "before", False), "supported")}),
    ("Fresh tyres allowed SAI to overcome the deficit.", "en", {(("SAI", "TSU", "before", False), "contradicted")}),
    ("TSU turned a small deficit into a sizable advantage.", "en",
     {(("TSU", "SAI", "before", False), "supported"), (("TSU", "SAI", "after", True), "supported")}),
    ("SAI superó la desventaja inicial.", "es", {(("SAI", "TSU", "before", False), "contradicted")}),
    ("Isso indica que a diferença entre eles foi revertida a favor de TSU após o ciclo de pit stops.", "pt",
     {(("TSU", "SAI", "before", False), "supported"), (("TSU", "SAI", "after", True), "supported")}),
])
def test_deficit_overcome(text: str, lang: str, orders: set) -> None:
    assert _both(text, lang) == orders


@pytest.mark.parametrize("text,lang", [
    ("The strategy did not allow SAI to overcome the deficit.", "en"),  # negated
    ("So the undercut did not fully erase the gap.", "en"),
    ("TSU overcame the pace deficit.", "en"),  # not the pair's gap
    ("ANT's earlier stop turned the situation into a larger gap.", "en"),
    ("SAI could have overcome the deficit.", "en"),  # hedged
    ("Para superar la desventaja, SAI paró antes.", "es"),  # a purpose
])
def test_no_deficit_overcome(text: str, lang: str) -> None:
    assert _orders(text, lang) == []
