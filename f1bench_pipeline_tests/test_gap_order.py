"""Issue #44, second pass: the order of two drivers stated beside a gap (``extract/gap_order.py``), in
EN/ES/PT, read from sentences in the style of real answers and verified against a real instance's
context.

The context is the 2025 Spanish Grand Prix's TSU/SAI undercut (instance
``2025_Spanish_Grand_Prix::undercut::TSU_SAI``, its structured context as the build stores it): TSU
ran behind SAI before the battle's stops (gap 1.596 s) and ahead after them (gap -10.552 s). Each
wording is tested both ways: read and verified right (a wrong direction contradicted), and a
neighbouring wording that must give no order (a hypothetical, a question, a sign legend, a sign that
is not the gap's, a negation, a gap without a when, a driver outside the gap's pair).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from f1bench_pipeline.domains.f1.claims import Claim
from f1bench_pipeline.domains.f1.context_index import ContextIndex, context_index
from f1bench_pipeline.domains.f1.extract import _extract
from f1bench_pipeline.domains.f1.instances import context as C
from f1bench_pipeline.domains.f1.instances.stated import stated_facts
from f1bench_pipeline.domains.f1.verifier import verify_claim

CONTEXT = {
    "battle": {"attacker": "TSU", "attacker_pit_lap": 8, "defender": "SAI", "defender_pit_lap": 9,
               "defender_position_after": 19, "defender_position_before": 16, "gap_after_s": -10.552,
               "gap_before_s": 1.596, "kind": "undercut", "lap_after": 10, "lap_before": 7, "position_after": 17,
               "position_before": 18, "success": True, "time_gained_s": 12.148},
    "drivers": [
        {"driver": "TSU", "final_position": 13, "n_stops": 1, "stints": [],
         "pit_stops": [{"from": "SOFT", "lap": 8, "to": "SOFT", "under_sc": False, "under_vsc": False}]},
        {"driver": "SAI", "final_position": 14, "n_stops": 1, "stints": [],
         "pit_stops": [{"from": "SOFT", "lap": 9, "to": "SOFT", "under_sc": False, "under_vsc": False}]},
    ],
    "entities": {"drivers": ["SAI", "TSU"], "teams": ["Red Bull", "Williams"]},
    "race": {"event": "Spanish Grand Prix", "laps": 66, "round": 9, "season": 2025},
}


def _index() -> ContextIndex:
    facts = [f for d in CONTEXT["drivers"] for f in C.driver_facts(d)] + C.battle_facts(CONTEXT["battle"])
    return ContextIndex(facts + stated_facts(CONTEXT), CONTEXT["entities"])


IDX = _index()


def _claims(text: str, lang: str, ctype: str) -> list[Claim]:
    return [c for c in _extract(text, lang, CONTEXT["entities"]) if c.type == ctype]


def _orders(text: str, lang: str) -> list[tuple[tuple, str]]:
    return [((c.slots["driver_a"], c.slots["driver_b"], c.slots["when"], c.slots["ahead"]), verify_claim(c, IDX).label)
            for c in _claims(text, lang, "relative_position")]


@pytest.mark.parametrize("text,lang,order,label", [
    # a parenthesis after the gap: the gap's when, the other driver of its pair
    ("- Before the stops, the gap from TSU to SAI was **1.596s** (TSU behind by 1.596s).", "en",
     ("TSU", "SAI", "before", False), "supported"),
    ("- Before the stops, the gap from TSU to SAI was **1.596s** (TSU ahead by 1.596s).", "en",
     ("TSU", "SAI", "before", True), "contradicted"),
    ("The gap TSU->SAI went from 1.596s to -10.552s (TSU ahead by 10.552s).", "en",
     ("TSU", "SAI", "after", True), "supported"),
    ("Before the pit sequence, the gap from TSU to SAI was 1.596 seconds (TSU leading SAI by 1.596s).", "en",
     ("TSU", "SAI", "before", True), "contradicted"),
    # an explanation of the sign
    ("After the stops the gap TSU->SAI was -10.552s, meaning TSU was ahead.", "en",
     ("TSU", "SAI", "after", True), "supported"),
    ("After the stops the gap TSU->SAI was -10.552s, meaning SAI was ahead.", "en",
     ("SAI", "TSU", "after", True), "contradicted"),
    ("Before the stops the gap TSU->SAI was +1.596s (the positive gap indicates TSU was trailing).", "en",
     ("TSU", "SAI", "before", False), "supported"),
    ("- The gap from TSU ahead of SAI was 1.596s before the stops (meaning SAI was actually ahead by 1.596s).", "en",
     ("SAI", "TSU", "before", True), "supported"),
    ("The gap TSU->SAI went from +1.596s to -10.552s (the negative gap indicates TSU was ahead).", "en",
     ("TSU", "SAI", "after", True), "supported"),
    # each parenthesis of a from-to gap its own number's
    ("The gap TSU->SAI went from +1.596s (TSU behind) to -10.552s (TSU ahead) after the stops.", "en",
     ("TSU", "SAI", "before", False), "supported"),
    ("The gap TSU->SAI went from +1.596s (TSU behind) to -10.552s (TSU ahead) after the stops.", "en",
     ("TSU", "SAI", "after", True), "supported"),
    ("El gap TSU->SAI pasó de +1.596 s (TSU por delante) a -10.552 s (SAI por delante) tras las paradas.", "es",
     ("TSU", "SAI", "before", True), "contradicted"),
    ("A diferença entre TSU e SAI mudou de +1,596s (SAI à frente) para -10,552s (TSU à frente) após as paradas.", "pt",
     ("SAI", "TSU", "before", True), "supported"),
    ("After the stops on lap 10, TSU was 10.552 s ahead of SAI.", "en", ("TSU", "SAI", "after", True), "supported"),
    # a sentence that explains the gap the one before it stated
    ("Before the stops the gap TSU->SAI was +1.596s. A positive gap indicates TSU was behind.", "en",
     ("TSU", "SAI", "before", False), "supported"),
    ("Before the stops the gap TSU->SAI was 1.596s. This means SAI was ahead.", "en",
     ("SAI", "TSU", "before", True), "supported"),
    ("Antes de las paradas el gap TSU->SAI era de 1.596 s; es decir, TSU iba por delante.", "es",
     ("TSU", "SAI", "before", True), "contradicted"),
    ("Antes das paradas o gap TSU->SAI era de 1,596 s. Isso significa que TSU estava atrás.", "pt",
     ("TSU", "SAI", "before", False), "supported"),
    # a finite verb of order with its amount (the amount becomes the gap)
    ("After the stops, SAI trailed TSU by 10.552 seconds.", "en", ("SAI", "TSU", "after", False), "supported"),
    ("After the stops, TSU led SAI by 10.552 seconds.", "en", ("TSU", "SAI", "after", True), "supported"),
    ("Before the stops, TSU led SAI by 1.596 seconds.", "en", ("TSU", "SAI", "before", True), "contradicted"),
    ("Before the stops, TSU trailed by 1.596s, but after the stops he led by 10.552s.", "en",
     ("TSU", "SAI", "before", False), "supported"),  # the when of its own clause
    # ES
    ("Antes de las paradas, el gap TSU->SAI era de 1.596 s (TSU por detrás por 1.596 s).", "es",
     ("TSU", "SAI", "before", False), "supported"),
    ("Antes de las paradas, el gap TSU->SAI era de 1.596 s (TSU por delante por 1.596 s).", "es",
     ("TSU", "SAI", "before", True), "contradicted"),
    ("Tras las paradas, TSU lideraba a SAI por 10.552 s.", "es", ("TSU", "SAI", "after", True), "supported"),
    ("Tras las paradas el gap TSU->SAI fue de -10.552 s, lo que significa que TSU estaba por delante.", "es",
     ("TSU", "SAI", "after", True), "supported"),
    # PT
    ("Antes das paradas, TSU estava 1,596 s atrás de SAI.", "pt", ("TSU", "SAI", "before", False), "supported"),
    ("Depois das paradas o gap TSU->SAI era de -10,552 s, o que significa que TSU estava à frente.", "pt",
     ("TSU", "SAI", "after", True), "supported"),
    ("Antes das paradas o gap TSU->SAI era de 1,596 s (gap positivo indica que TSU estava à frente).", "pt",
     ("TSU", "SAI", "before", True), "contradicted"),
    ("Depois das paradas, TSU liderava SAI por 10,552 s.", "pt", ("TSU", "SAI", "after", True), "supported"),
])
def test_order_beside_a_gap(text: str, lang: str, order: tuple, label: str) -> None:
    assert (order, label) in _orders(text, lang)


@pytest.mark.parametrize("text,lang", [
    ("If TSU had been ahead by 1.596 s before the stops, the undercut would not have been needed.", "en"),
    ("Was TSU ahead by 1.596 s before the stops?", "en"),
    ("Before the stops the gap TSU->SAI was 1.596 s (positive = TSU ahead).", "en"),  # a legend
    ("Before the stops the gap TSU->SAI was 1.596 s, and a negative gap indicates TSU was ahead.", "en"),  # not its sign
    ("Before the stops the gap TSU->SAI was 1.596 s, so TSU was not ahead by much.", "en"),
    ("The gap TSU->SAI was 1.596 s (TSU ahead by 1.596 s).", "en"),  # no when
    ("Before the stops, the gap from TSU to SAI was 1.596s (ALO ahead by 1.596s).", "en"),  # not the gap's pair
    ("The early stop led to a 10.552 s gap after the stops.", "en"),  # "led to": no order
    ("The gap from TSU ahead of SAI was 1.596s before the stops.", "en"),  # a gap's label
    ("The gap TSU->SAI moved from 1.596s to 10.552s around the stops, confirming TSU was trailing.", "en"),  # when?
    ("Antes de las paradas el gap TSU->SAI era de 1.596 s (positivo = TSU por delante).", "es"),
    ("Before the stops the gap TSU->SAI was 1.596s and TSU averaged 90.64s (TSU ahead on pace).", "en"),  # a pace's
    ("Before the stops the gap TSU->SAI was +1.596s. A negative gap indicates TSU was ahead.", "en"),  # not its sign
    ("Before the stops the gap TSU->SAI was 1.596s. SAI was ahead on the road later.", "en"),  # no explanation
    ("The gap TSU->SAI went from +1.596s to +10.552s. A positive gap indicates TSU was behind.", "en"),  # when?
    ("Si TSU hubiera estado por delante por 1.596 s antes de las paradas, no habría hecho falta.", "es"),
    ("Antes das paradas o gap TSU->SAI era de 1,596 s, mas TSU não estava à frente.", "pt"),
])
def test_no_order(text: str, lang: str) -> None:
    assert _orders(text, lang) == []


@pytest.mark.parametrize("text,lang,seconds", [
    ("- Before the stops, the gap from TSU to SAI was **1.596s** (TSU behind by 1.596s).", "en", [1.596]),
    ("After the stops, SAI trailed TSU by 10.552 seconds.", "en", [10.552]),
    ("Tras las paradas, TSU lideraba a SAI por 10.552 s.", "es", [10.552]),
])
def test_the_number_stays_the_gaps(text: str, lang: str, seconds: list[float]) -> None:
    """One reading per number: the amount is read once, as the gap; the order claim reads the words."""
    assert sorted({c.slots["seconds"] for c in _claims(text, lang, "gap")}) == seconds
    assert all(c.type in ("gap", "relative_position") for c in _extract(text, lang, CONTEXT["entities"]))


@pytest.mark.parametrize("text,lang,order,label", [
    ("Through the undercut, TSU reduced his deficit to SAI by 12.1 s.", "en", ("TSU", "SAI", "before", False),
     "supported"),
    ("By pitting first, TSU closed the gap to SAI.", "en", ("TSU", "SAI", "before", False), "supported"),
    ("With the undercut, SAI reduced his deficit to TSU.", "en", ("SAI", "TSU", "before", False), "contradicted"),
    ("Con la parada anticipada, TSU redujo la desventaja frente a SAI.", "es", ("TSU", "SAI", "before", False),
     "supported"),
    ("Com a parada antecipada, TSU reduziu a desvantagem para SAI.", "pt", ("TSU", "SAI", "before", False),
     "supported"),
])
def test_a_deficit_reduced_through_the_stops(text: str, lang: str, order: tuple, label: str) -> None:
    assert (order, label) in _orders(text, lang)


@pytest.mark.parametrize("text,lang", [
    ("The undercut did not help TSU reduce his deficit to SAI.", "en"),  # negated
    ("TSU pitted first in order to close the gap to SAI.", "en"),  # a purpose
    ("TSU closed the gap to SAI over laps 40-50.", "en"),  # no stop named: not the stops' order
    ("TSU probably reduced his deficit to SAI with the earlier stop.", "en"),  # hedged
    ("Con la parada, TSU quería reducir la desventaja frente a SAI.", "es"),  # no finite verb
    ("Com a parada, TSU não reduziu a desvantagem para SAI.", "pt"),
])
def test_no_deficit_order(text: str, lang: str) -> None:
    assert _orders(text, lang) == []


FULL_WAREHOUSE = Path(os.environ.get("FULL_WAREHOUSE", Path(__file__).resolve().parents[2] / "full" / "warehouse"))


def test_on_the_warehouse_instance():
    """The same readings verified against the full warehouse's copy of the instance (its own context)."""
    if not (FULL_WAREHOUSE / "instances").exists():
        pytest.skip(f"no warehouse at {FULL_WAREHOUSE} (set FULL_WAREHOUSE to a full build's)")
    import polars as pl

    from f1bench_pipeline.storage.warehouse import read_table

    rows = read_table(FULL_WAREHOUSE, "instances", {"season": 2025}).filter(
        (pl.col("id") == "2025_Spanish_Grand_Prix::undercut::TSU_SAI") & (pl.col("variant") == "default"))
    if not rows.height:
        pytest.skip(f"no 2025_Spanish_Grand_Prix::undercut::TSU_SAI at {FULL_WAREHOUSE}")
    row = rows.row(0, named=True)
    idx = context_index(row)
    entities = json.loads(row["entities"])
    cases = [("- Before the stops, the gap from TSU to SAI was **1.596s** (TSU behind by 1.596s).", "en", "supported"),
             ("Tras las paradas, TSU lideraba a SAI por 10.552 s.", "es", "supported"),
             ("Antes das paradas o gap TSU->SAI era de 1,596 s, o que significa que TSU estava à frente.", "pt",
              "contradicted")]
    for text, lang, label in cases:
        got = [verify_claim(c, idx).label for c in _extract(text, lang, entities) if c.type == "relative_position"]
        assert got == [label], text
