"""Issue #44, third pass: a gain stated by its direction only (``gain`` with ``sign_only``:
``extract/gap_trend.py``, ``verify_gap_trend.py``), EN/ES/PT, on two real instances' contexts.

* 2025 Abu Dhabi HAD/SAI undercut (its structured context as the build stores it): HAD ran ahead before
  and after the stops and his lead grew, 4.686 s to 9.108 s (HAD gained 4.422 s; no swap, so the gap's
  size is judged too).
* 2025 Spanish TSU/SAI undercut (``test_gap_order.CONTEXT``): TSU went from 1.596 s behind to 10.552 s
  ahead (a swap: "the gap shrank" has no single reading there, so it is unverifiable).

Each wording is tested both ways: read and judged right (the wrong direction contradicted), and a
neighbouring wording that must give no direction (a purpose, a hedge, an open question, a negation, a
change with its size, time lost in a phase that is not the battle's net).
"""

from __future__ import annotations

import json

import pytest

from f1bench_pipeline.domains.f1.claims import Claim
from f1bench_pipeline.domains.f1.context_index import ContextIndex
from f1bench_pipeline.domains.f1.extract import _extract
from f1bench_pipeline.domains.f1.instances import context as C
from f1bench_pipeline.domains.f1.instances.stated import stated_facts
from f1bench_pipeline.domains.f1.verifier import verify_claim
from f1bench_pipeline.domains.f1.verify_gap_trend import NO_CHANGE
from f1bench_pipeline_tests import test_gap_order

ABU_DHABI = {
    "battle": {"attacker": "HAD", "attacker_pit_lap": 14, "defender": "SAI", "defender_pit_lap": 18,
               "defender_position_after": 18, "defender_position_before": 13, "gap_after_s": -9.108,
               "gap_before_s": -4.686, "kind": "undercut", "lap_after": 19, "lap_before": 13, "position_after": 16,
               "position_before": 8, "success": True, "time_gained_s": 4.422},
    "drivers": [
        {"driver": "HAD", "final_position": 17, "n_stops": 1, "stints": [],
         "pit_stops": [{"from": "MEDIUM", "lap": 14, "to": "HARD", "under_sc": False, "under_vsc": False}]},
        {"driver": "SAI", "final_position": 13, "n_stops": 1, "stints": [],
         "pit_stops": [{"from": "MEDIUM", "lap": 18, "to": "HARD", "under_sc": False, "under_vsc": False}]},
    ],
    "entities": {"drivers": ["HAD", "SAI"], "teams": ["Racing Bulls", "Williams"]},
    "race": {"event": "Abu Dhabi Grand Prix", "laps": 58, "round": 24, "season": 2025},
}
OPENING = {"en": "HAD undercut SAI, pitting on lap 14 against lap 18. ",
           "es": "HAD hizo el undercut a SAI, parando en la vuelta 14 frente a la 18. ",
           "pt": "HAD fez o undercut em SAI, parando na volta 14 contra a 18. "}
SWAP_OPENING = {"en": "TSU undercut SAI, pitting on lap 8. ", "es": "TSU hizo el undercut a SAI en la vuelta 8. ",
                "pt": "TSU fez o undercut em SAI na volta 8. "}


def _index(ctx: dict) -> ContextIndex:
    facts = [f for d in ctx["drivers"] for f in C.driver_facts(d)] + C.battle_facts(ctx["battle"])
    return ContextIndex(facts + stated_facts(ctx), ctx["entities"])


IDX = _index(ABU_DHABI)
SWAP_IDX = _index(test_gap_order.CONTEXT)


def _signs(text: str, lang: str, ctx: dict = ABU_DHABI, idx: ContextIndex = IDX) -> list[tuple[tuple, str]]:
    claims: list[Claim] = [c for c in _extract(text, lang, ctx["entities"]) if c.type == "gain" and c.slots.get("sign_only")]
    return [((c.slots["attacker"], c.slots["defender"], c.slots["seconds"], bool(c.slots.get("of_gap"))),
             verify_claim(c, idx).label) for c in claims]


@pytest.mark.parametrize("text,lang,claim,label", [
    # a gain's direction, the rival named after the verb
    ("SAI lost time to HAD through the stops.", "en", ("SAI", "HAD", -1.0, False), "supported"),
    ("SAI gained time relative to HAD in the pit sequence.", "en", ("SAI", "HAD", 1.0, False), "contradicted"),
    ("So HAD **gained time** relative to SAI.", "en", ("HAD", "SAI", 1.0, False), "supported"),
    ("SAI lost ground to HAD.", "en", ("SAI", "HAD", -1.0, False), "supported"),
    ("HAD lost ground to SAI.", "en", ("HAD", "SAI", -1.0, False), "contradicted"),
    ("SAI perdió tiempo frente a HAD.", "es", ("SAI", "HAD", -1.0, False), "supported"),
    ("HAD perdió tiempo respecto a SAI.", "es", ("HAD", "SAI", -1.0, False), "contradicted"),
    ("SAI ganhou tempo em relação a HAD.", "pt", ("SAI", "HAD", 1.0, False), "contradicted"),
    ("SAI perdeu tempo para HAD.", "pt", ("SAI", "HAD", -1.0, False), "supported"),
    # no rival named: the battle's other driver, when the clause ends or goes on with the stops
    ("By pitting first, HAD gained time.", "en", ("HAD", "SAI", 1.0, False), "supported"),
    ("SAI fell further back after the stops.", "en", ("SAI", "HAD", -1.0, False), "supported"),
    ("HAD fell further behind.", "en", ("HAD", "SAI", -1.0, False), "contradicted"),
    ("SAI quedó más atrás tras su parada.", "es", ("SAI", "HAD", -1.0, False), "supported"),
    ("HAD salió o quedó respecto de SAI **más atrás en tiempo**, no más cerca.", "es", ("HAD", "SAI", -1.0, False),
     "contradicted"),
    ("HAD ficou mais atrás.", "pt", ("HAD", "SAI", -1.0, False), "contradicted"),
    ("The undercut gained time.", "en", ("HAD", "SAI", 1.0, False), "supported"),
    # a lead opened, extended or larger
    ("HAD opened a significant lead over SAI after the stops.", "en", ("HAD", "SAI", 1.0, False), "supported"),
    ("SAI came out with a much larger advantage.", "en", ("SAI", "HAD", 1.0, False), "contradicted"),
    ("HAD emerged with a much larger lead.", "en", ("HAD", "SAI", 1.0, False), "supported"),
    ("HAD salió con una ventaja mucho mayor tras su parada más temprana.", "es", ("HAD", "SAI", 1.0, False), "supported"),
    ("SAI abriu uma vantagem significativa após os pit stops.", "pt", ("SAI", "HAD", 1.0, False), "contradicted"),
    ("SAI amplió su ventaja sobre HAD.", "es", ("SAI", "HAD", 1.0, False), "contradicted"),
    # the gap's size (no swap here), and the driver a change favoured
    ("The gap shrank.", "en", ("HAD", "SAI", -1.0, True), "contradicted"),
    ("Instead, the gap widened significantly.", "en", ("HAD", "SAI", 1.0, True), "supported"),
    ("The HAD->SAI gap increased.", "en", ("HAD", "SAI", 1.0, True), "supported"),
    ("La brecha se redujo.", "es", ("HAD", "SAI", -1.0, True), "contradicted"),
    ("El gap aumentó.", "es", ("HAD", "SAI", 1.0, True), "supported"),
    ("O gap diminuiu.", "pt", ("HAD", "SAI", -1.0, True), "contradicted"),
    ("The gap increased in SAI's favour.", "en", ("SAI", "HAD", 1.0, False), "contradicted"),
    ("Mas o gap aumentou a favor de HAD.", "pt", ("HAD", "SAI", 1.0, False), "supported"),
])
def test_direction_read_and_judged(text: str, lang: str, claim: tuple, label: str) -> None:
    assert _signs(OPENING[lang] + text, lang) == [(claim, label)]


@pytest.mark.parametrize("text,lang", [
    ("HAD tried to gain time on SAI.", "en"),  # a purpose: no finite verb
    ("Closing the gap was the aim.", "en"),
    ("SAI may have gained time on HAD.", "en"),  # hedged
    ("We cannot determine whether SAI gained or lost time relative to HAD.", "en"),  # left open
    ("SAI did not lose time to HAD.", "en"),  # negated
    ("SAI didn't gain any time.", "en"),
    ("HAD gained time by 4.4 s.", "en"),  # with its size: the gain rule's
    ("The gap grew to 9.108s.", "en"),  # the gap rule's
    ("Instead, the gap **grew**, from **4.686s** to **9.108s**.", "en"),
    ("SAI lost time during the laps he extended.", "en"),  # no rival, not the battle's net
    ("If SAI had pitted earlier, the gap would have shrunk.", "en"),  # a counterfactual
    ("Did the gap shrink?", "en"),  # a question
    ("SAI intentó ganar tiempo.", "es"),
    ("No sabemos si SAI ganó tiempo.", "es"),
    ("SAI não perdeu tempo para HAD.", "pt"),
])
def test_no_direction(text: str, lang: str) -> None:
    assert _signs(OPENING[lang] + text, lang) == []


@pytest.mark.parametrize("text,lang,claim,label", [
    # across a swap the size has no single direction; who gained still has one
    ("The gap shrank.", "en", ("TSU", "SAI", -1.0, True), "unverifiable"),
    ("O gap aumentou.", "pt", ("TSU", "SAI", 1.0, True), "unverifiable"),
    ("TSU gained time on SAI.", "en", ("TSU", "SAI", 1.0, False), "supported"),
    ("SAI ganó tiempo frente a TSU.", "es", ("SAI", "TSU", 1.0, False), "contradicted"),
])
def test_swap(text: str, lang: str, claim: tuple, label: str) -> None:
    assert _signs(SWAP_OPENING[lang] + text, lang, test_gap_order.CONTEXT, SWAP_IDX) == [(claim, label)]


def test_no_change_is_no_direction() -> None:
    """A gain within the context's rounding is no direction either way."""
    ctx = {**ABU_DHABI, "battle": {**ABU_DHABI["battle"], "gap_after_s": -4.686, "time_gained_s": NO_CHANGE / 2}}
    idx = _index(ctx)
    assert _signs(OPENING["en"] + "HAD gained time on SAI.", "en", ctx, idx) == [(("HAD", "SAI", 1.0, False), "unverifiable")]
    assert _signs(OPENING["en"] + "The gap grew.", "en", ctx, idx) == [(("HAD", "SAI", 1.0, True), "unverifiable")]


def test_sign_only_covers_no_fact() -> None:
    c = [c for c in _extract(OPENING["en"] + "SAI lost time to HAD.", "en", ABU_DHABI["entities"])
         if c.type == "gain"][0]
    v = verify_claim(c, IDX)
    assert v.label == "supported" and v.matched == []


def test_on_the_warehouse_instance() -> None:
    """The Abu Dhabi battle as the full build stores it: the same verdicts from its own context index."""
    from f1bench_pipeline.domains.f1.context_index import context_index
    from f1bench_pipeline_tests.test_race_claims import FULL_WAREHOUSE

    iid = "2025_Abu_Dhabi_Grand_Prix::undercut::HAD_SAI"
    if not (FULL_WAREHOUSE / "instances").exists():
        pytest.skip(f"no 2025 warehouse at {FULL_WAREHOUSE} (set FULL_WAREHOUSE to a full build's)")
    import polars as pl

    from f1bench_pipeline.storage.warehouse import read_table
    rows = read_table(FULL_WAREHOUSE, "instances", {"season": 2025}).filter(
        (pl.col("id") == iid) & (pl.col("variant") == "default"))
    if not rows.height:
        pytest.skip(f"{iid} is not in {FULL_WAREHOUSE}")
    row = rows.row(0, named=True)
    assert json.loads(row["context"])["battle"] == ABU_DHABI["battle"]
    idx = context_index(row)
    for text, lang, label in (("SAI perdió tiempo frente a HAD.", "es", "supported"),
                              ("SAI came out with a much larger advantage.", "en", "contradicted"),
                              ("O gap diminuiu.", "pt", "contradicted")):
        assert [lbl for _c, lbl in _signs(OPENING[lang] + text, lang, ABU_DHABI, idx)] == [label], text
