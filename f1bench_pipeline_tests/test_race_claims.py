"""Issue #44: stops under SC/VSC, positions around the stops and at the finish, position changes, lap
differences between two stops, laps to go and the race distance, in EN/ES/PT, read from sentences in
the style of real answers and verified against a real instance's context.

The context is the 2025 Spanish Grand Prix's TSU/SAI undercut (instance
``2025_Spanish_Grand_Prix::undercut::TSU_SAI``, its structured context as the build stores it): TSU
pitted on laps 8, 24, 44 and 54 (under SC), SAI on 9, 34 and 55 (under SC); TSU ran behind SAI before
the battle's stops and ahead after them; TSU finished P13, SAI P14; 66 laps. Each class is tested both
ways (read and verified right, and a neighbouring wording that must not give the claim), and the
verifiers once more on the full warehouse's copy of the instance when it is present.
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
from f1bench_pipeline.domains.f1.instances import facts as F
from f1bench_pipeline.domains.f1.instances.stated import stated_facts
from f1bench_pipeline.domains.f1.verifier import verify_claim
from f1bench_pipeline.domains.f1.verify_race import LAPS_TO_GO_TOLERANCE

INSTANCE = "2025_Spanish_Grand_Prix::undercut::TSU_SAI"


def _stops(*laps_sc: tuple[int, bool]) -> list[dict]:
    return [{"from": "SOFT", "lap": lap, "to": "SOFT", "under_sc": sc, "under_vsc": False} for lap, sc in laps_sc]


# the instance's structured context (stints left out: no claim of this module reads them)
CONTEXT = {
    "battle": {"attacker": "TSU", "attacker_pit_lap": 8, "defender": "SAI", "defender_pit_lap": 9,
               "defender_position_after": 19, "defender_position_before": 16, "gap_after_s": -10.552,
               "gap_before_s": 1.596, "kind": "undercut", "lap_after": 10, "lap_before": 7, "position_after": 17,
               "position_before": 18, "success": True, "time_gained_s": 12.148},
    "drivers": [
        {"driver": "TSU", "final_position": 13, "n_stops": 4, "pit_stops": _stops((8, False), (24, False), (44, False),
                                                                                  (54, True)), "stints": []},
        {"driver": "SAI", "final_position": 14, "n_stops": 3, "pit_stops": _stops((9, False), (34, False), (55, True)),
         "stints": []},
    ],
    "entities": {"drivers": ["SAI", "TSU"], "teams": ["Red Bull", "Williams"]},
    "race": {"event": "Spanish Grand Prix", "laps": 66, "round": 9, "season": 2025},
}


def _index() -> ContextIndex:
    facts = [f for d in CONTEXT["drivers"] for f in C.driver_facts(d)] + C.battle_facts(CONTEXT["battle"])
    facts += [F.race_laps(CONTEXT["race"]["laps"])] + stated_facts(CONTEXT)
    return ContextIndex(facts, CONTEXT["entities"])


IDX = _index()


def _claims(text: str, lang: str, ctype: str) -> list[Claim]:
    return [c for c in _extract(text, lang, CONTEXT["entities"]) if c.type == ctype]


def _verdicts(text: str, lang: str, ctype: str, idx: ContextIndex = IDX) -> list[tuple[dict, str]]:
    return [(c.slots, verify_claim(c, idx).label) for c in _claims(text, lang, ctype)]


# ---- stops under SC/VSC -------------------------------------------------------------------------

@pytest.mark.parametrize("text,lang,label", [
    ("TSU's lap-54 stop was made under the Safety Car.", "en", "supported"),
    ("The lap-55 stops were under SC/VSC.", "en", "supported"),
    ("TSU pitted on lap 24 under SC/VSC.", "en", "contradicted"),
    ("SAI cambió a blandos en la vuelta 55 (bajo SC/VSC).", "es", "supported"),
    ("TSU paró en la vuelta 8 (bajo Safety Car).", "es", "contradicted"),
    ("TSU paró en la vuelta 24 (parada en condiciones normales).", "es", "supported"),
    ("A parada de SAI na volta 55 foi feita sob Safety Car.", "pt", "supported"),
    ("SAI parou na volta 34 sob SC/VSC.", "pt", "contradicted"),
])
def test_a_stop_under_a_neutralisation(text, lang, label):
    got = _verdicts(text, lang, "stop_neutralisation")
    assert len(got) == 1 and got[0][1] == label, got


def test_a_named_kind_other_than_the_contexts_is_judged_on_the_neutralisation():
    # the context says SC; "under the VSC" names the neutralisation loosely: supported, the reason says so
    [c] = _claims("TSU pitted on lap 54 under the VSC.", "en", "stop_neutralisation")
    assert c.slots["kind"] == "VSC"
    v = verify_claim(c, IDX)
    assert v.label == "supported" and "the context says SC" in v.reason and v.matched == []


@pytest.mark.parametrize("text,lang", [
    ("TSU lost time under the VSC on lap 40.", "en"),  # no stop
    ("SAI may have pitted under green flag conditions.", "en"),  # a hedge
    ("Más probablemente, TSU paró en la vuelta 24 bajo Safety Car.", "es"),
    ("Talvez SAI tenha parado na volta 34 sob SC.", "pt"),
])
def test_no_neutralisation_claim_without_a_stop_asserted(text, lang):
    assert _claims(text, lang, "stop_neutralisation") == []


def test_stops_listed_then_an_ordinal_picks_the_neutralised_one():
    text = "SAI stopped on laps 34 and 55, and the second stop was made under SC/VSC."
    assert _verdicts(text, "en", "stop_neutralisation") == [({"neutralised": True, "driver": "SAI", "lap": 55},
                                                              "supported")]
    # a lap of the clause before is not the stop the phrase speaks of
    text = "After the switch to mediums on lap 34, SAI then made a later pit entry under SC/VSC."
    assert [s.get("lap") for s, _ in _verdicts(text, "en", "stop_neutralisation")] == [None]


def test_race_level_no_safety_car():
    assert _verdicts("There was no safety car in this race.", "en", "stop_neutralisation") == \
        [({"neutralised": False}, "contradicted")]
    quiet = ContextIndex([f for f in IDX.facts("stop_neutralisation") if not f.value["neutralised"]], None)
    [c] = _claims("Sin safety car en toda la carrera.", "es", "stop_neutralisation")
    assert verify_claim(c, quiet).label == "unverifiable"  # the context lists stops, not the race


# ---- positions around the stops and at the finish -----------------------------------------------

@pytest.mark.parametrize("text,lang,expected", [
    ("TSU was behind SAI before the stops and ahead of him after the stops.", "en",
     [("before", False, "supported"), ("after", True, "supported")]),
    ("TSU was ahead of SAI before the stops.", "en", [("before", True, "contradicted")]),
    ("TSU finished ahead of SAI.", "en", [("final", True, "supported")]),
    ("TSU estaba detrás de SAI antes de las paradas.", "es", [("before", False, "supported")]),
    ("Tras las paradas, SAI quedó por delante de TSU.", "es", [("after", True, "contradicted")]),
    ("TSU saiu à frente de SAI após as paradas.", "pt", [("after", True, "supported")]),
    ("SAI terminou atrás de TSU.", "pt", [("final", False, "supported")]),
    # a yes/no item in the context's own wording ("TSU ahead after the stops: yes")
    ("TSU undercut SAI.\n- SAI ahead after the stops: no\n- TSU behind before the stops: yes", "en",
     [("after", False, "supported"), ("before", False, "supported")]),
    ("TSU hizo undercut a SAI.\n- SAI por delante tras las paradas: sí", "es", [("after", True, "contradicted")]),
    ("TSU undercut SAI.\n- [x] TSU ahead after the stops\n- [ ] SAI ahead after the stops", "en",
     [("after", True, "supported"), ("after", False, "supported")]),
    ("TSU fez undercut em SAI.\n- TSU à frente depois das paradas: não", "pt", [("after", False, "contradicted")]),
    # a cross before a statement marks a bad outcome as often as a false item: no order either way
    ("TSU undercut SAI.\n- ❌ SAI stayed ahead of TSU after the stops, so the undercut failed.", "en", []),
    ("TSU hizo undercut a SAI.\n- ❌ TSU seguía detrás de SAI tras las paradas.", "es", []),
    ("TSU fez undercut em SAI.\n- ✗ TSU continuava atrás de SAI depois das paradas.", "pt", []),
    ("TSU undercut SAI.\n- ✅ TSU ahead after the stops", "en", [("after", True, "supported")]),
    # an unchecked box marks its item up to the item's first break; the statement after it asserts
    ("TSU undercut SAI.\n- [ ] SAI ahead after the stops — SAI stayed behind TSU after the stops.", "en",
     [("after", False, "supported")]),  # (the same order twice: one claim)
    ("TSU hizo undercut a SAI.\n- [ ] SAI delante de TSU tras las paradas — SAI seguía detrás de TSU tras las paradas.",
     "es", [("after", False, "supported")]),
    ("TSU fez undercut em SAI.\n- [ ] SAI à frente de TSU depois das paradas — SAI continuava atrás de TSU depois das paradas.",
     "pt", [("after", False, "supported")]),
    # a verdict in parentheses closes them: "(no)", not the Portuguese "(no contexto: ...)" ("in the context")
    ("TSU undercut SAI.\n- SAI ahead after the stops (no)", "en", [("after", False, "supported")]),
    ("TSU fez undercut em SAI. TSU ficou à frente de SAI depois das paradas (no contexto: «ahead: yes»).", "pt",
     [("after", True, "supported")]),
    ("TSU hizo undercut a SAI. TSU quedó por delante de SAI tras las paradas (no lo esperaba nadie).", "es",
     [("after", True, "supported")]),
    # "from ... behind ... to ... ahead": the from-side before the stops, the to-side after (decimal commas)
    ("TSU went from 1.60s behind SAI before the stops to 10.55s ahead of SAI after them.", "en",
     [("before", False, "supported"), ("after", True, "supported")]),
    ("TSU pasó de estar 1,60 s detrás de SAI antes de las paradas a 10,55 s por delante de SAI después.", "es",
     [("before", False, "supported"), ("after", True, "supported")]),
    ("TSU passou de 1,60 s atrás de SAI antes das paradas para 10,55 s à frente de SAI depois delas.", "pt",
     [("before", False, "supported"), ("after", True, "supported")]),
    ("TSU ran behind SAI before the stops but ahead of SAI after them.", "en",
     [("before", False, "supported"), ("after", True, "supported")]),
    ("TSU pasó de estar **1,60s** por detrás de SAI antes de las paradas a **cerca de 10,5 s** por delante después.",
     "es", [("before", False, "supported"), ("after", True, "supported")]),
    ("TSU rodava atrás de SAI antes das paradas, mas à frente depois.", "pt",
     [("before", False, "supported"), ("after", True, "supported")]),
])
def test_relative_position(text, lang, expected):
    got = [(s["when"], s["ahead"], label) for s, label in _verdicts(text, lang, "relative_position")]
    assert got == expected


def test_extended_lead_is_ahead_before_and_after():
    got = _verdicts("SAI undercut TSU. The stop extended SAI's lead over TSU.", "en", "relative_position")
    assert sorted((s["driver_a"], s["when"], label) for s, label in got) == \
        [("SAI", "after", "contradicted"), ("SAI", "before", "supported")]


@pytest.mark.parametrize("text,lang", [
    ("TSU pitted before the car ahead (SAI) in an effort to gain track position.", "en"),  # a noun's "ahead"
    ("TSU was not ahead of SAI before the stops.", "en"),  # negated
    ("TSU emerged 10 seconds farther ahead of SAI after the stops.", "en"),  # a change of the gap
    ("TSU ahora iba 3.2s por delante.", "es"),  # no when, no rival named
    ("Gap a SAI: +1,60 s antes, -10,55 s después (negativo = TSU detrás).", "es"),  # a sign's legend
    ("Gap para SAI: +1.60 s antes, -10.55 s depois (negativo = TSU atrás).", "pt"),
    ("Presumivelmente, TSU estava atrás de SAI antes das paradas.", "pt"),  # a hedge
    ("TSU undercut SAI. SAI failed to get ahead after the stops.", "en"),  # a failure is a negation
    ("TSU hizo undercut a SAI.\n- Undercut de TSU\n- Por delante tras las paradas: SAI", "es"),  # no subject on its line
])
def test_no_relative_position(text, lang):
    assert _claims(text, lang, "relative_position") == []


# ---- position changes through the stops ---------------------------------------------------------

@pytest.mark.parametrize("text,lang,expected", [
    ("The undercut gained TSU a position over SAI.", "en", "supported"),
    ("TSU did not gain a position on SAI.", "en", "contradicted"),
    ("TSU undercut SAI. The undercut did not work to gain a position.", "en", "contradicted"),
    ("TSU hizo un undercut a SAI. El undercut no funcionó para ganar posición.", "es", "contradicted"),
    ("TSU fez undercut em SAI. O undercut não funcionou para TSU ganhar a posição.", "pt", "contradicted"),
    ("TSU ganó la posición sobre SAI con la parada.", "es", "supported"),
    ("SAI no perdió la posición ante TSU en las paradas.", "es", "contradicted"),
    ("TSU fez undercut em SAI e não o ultrapassou.", "pt", "contradicted"),
    ("TSU fez undercut em SAI. TSU ultrapassou SAI nas paradas.", "pt", "supported"),
    # "depois"/"después" of the stops is through them: still read
    ("TSU fez undercut em SAI e depois das paradas ganhou a posição sobre SAI.", "pt", "supported"),
    ("TSU hizo undercut a SAI y después de las paradas ganó la posición a SAI.", "es", "supported"),
    # the data shown, not negated: the denial stays
    ("TSU undercut SAI. The data show that TSU did not gain a position on SAI.", "en", "contradicted"),
    ("TSU hizo undercut a SAI. Los datos muestran que TSU no ganó la posición a SAI.", "es", "contradicted"),
    ("TSU fez undercut em SAI. Os dados mostram que TSU não ganhou a posição de SAI.", "pt", "contradicted"),
])
def test_position_change(text, lang, expected):
    got = _verdicts(text, lang, "position_change")
    assert [label for _s, label in got] == [expected], got


@pytest.mark.parametrize("text,lang", [
    ("TSU undercut SAI in an effort to gain track position.", "en"),  # a purpose
    ("The data does not say that TSU passed SAI because of the undercut.", "en"),  # a report's negation
    # what the data do not show, said of the move ("it"): no denial of a place
    ("TSU undercut SAI, but the data does not show that it succeeded in gaining track position.", "en"),
    ("TSU hizo undercut a SAI, pero los datos no muestran que haya ganado la posición.", "es"),
    ("TSU fez undercut em SAI, mas os dados não mostram que ele ganhou a posição.", "pt"),
    ("TSU undercut SAI. He overtook SAI on track later in the race.", "en"),  # not through the stops
    ("TSU hizo undercut a SAI para intentar ganar posición.", "es"),
    ("TSU undercut SAI. The undercut did not work in terms of the final result.", "en"),  # the finish, not a place
    ("TSU fez undercut em SAI. O undercut não funcionou para SAI ganhar a posição.", "pt"),  # not the attacker
    ("TSU fez undercut em SAI e ganhou posição/tempo.", "pt"),  # a gain of time or place
    # a change placed later in the race: not the one through the stops
    ("TSU undercut SAI, but TSU was later re-passed and lost the position to SAI.", "en"),
    ("TSU hizo undercut a SAI, pero más tarde perdió la posición ante SAI.", "es"),
    ("TSU fez undercut em SAI, mas mais tarde perdeu a posição para SAI.", "pt"),
])
def test_no_position_change(text, lang):
    assert _claims(text, lang, "position_change") == []


# ---- lap differences between two stops ----------------------------------------------------------

@pytest.mark.parametrize("text,lang,laps,label", [
    ("TSU pitted one lap earlier than SAI.", "en", -1, "supported"),
    ("TSU pitted two laps after SAI.", "en", 2, "contradicted"),
    ("SAI stayed out one lap longer than TSU.", "en", 1, "supported"),
    ("TSU paró una vuelta antes que SAI.", "es", -1, "supported"),
    ("SAI paró dos vueltas antes que TSU.", "es", -2, "contradicted"),
    ("SAI se quedó una vuelta más fuera que TSU.", "es", 1, "supported"),
    ("TSU parou 1 volta antes de SAI.", "pt", -1, "supported"),
    ("SAI foi ao pit 10 voltas depois de TSU.", "pt", 10, "supported"),
])
def test_pit_lap_difference(text, lang, laps, label):
    got = _verdicts(text, lang, "pit_lap_difference")
    assert [(s["laps"], lbl) for s, lbl in got] == [(laps, label)], got
    # the count is the difference only: no stint length, no lap
    assert not [c for c in _extract(text, lang) if c.type in ("stint_laps", "pit_lap")]


def test_the_rival_from_the_pair_and_the_order_alone():
    got = _verdicts("TSU undercut SAI, pitting one lap earlier.", "en", "pit_lap_difference")
    assert got == [({"driver_a": "TSU", "driver_b": "SAI", "laps": -1, "rival_named": False}, "supported")]
    got = _verdicts("TSU undercut SAI. SAI paró dos vueltas después.", "es", "pit_lap_difference")
    assert got == [({"driver_a": "SAI", "driver_b": "TSU", "laps": 2, "rival_named": False}, "unverifiable")]
    got = _verdicts("SAI parou depois de TSU.", "pt", "pit_lap_difference")
    assert got == [({"driver_a": "SAI", "driver_b": "TSU", "laps": 1, "sign_only": True, "rival_named": True},
                     "supported")]


@pytest.mark.parametrize("text,lang", [
    ("TSU pitted two laps after the restart.", "en"),  # a date, not a difference
    ("Two laps later, SAI pitted.", "en"),
    ("TSU ran 2 laps longer on the softs than SAI.", "en"),  # a stint, not a stop
    ("TSU paró dos vueltas después de la salida del safety car.", "es"),
    ("O stint de TSU foi 2 voltas mais curto que o de SAI.", "pt"),
])
def test_no_pit_lap_difference(text, lang):
    assert _claims(text, lang, "pit_lap_difference") == []


# ---- laps to go and the race distance -----------------------------------------------------------

@pytest.mark.parametrize("text,lang,laps,label", [
    ("TSU pitted with 12 laps to go.", "en", 12, "supported"),
    ("TSU pitted with 20 laps to go.", "en", 20, "contradicted"),
    ("SAI paró a falta de 11 vueltas.", "es", 11, "supported"),
    ("SAI parou faltando 12 voltas.", "pt", 12, "supported"),  # R - lap = 11: within the convention's lap
])
def test_laps_to_go(text, lang, laps, label):
    assert LAPS_TO_GO_TOLERANCE == 1
    assert [(s["laps"], lbl) for s, lbl in _verdicts(text, lang, "laps_to_go")] == [(laps, label)]


def test_laps_to_go_of_no_stop_is_no_claim():
    assert _claims("With 10 laps to go, the safety car came out.", "en", "laps_to_go") == []


@pytest.mark.parametrize("text,lang", [
    ("TSU finished P13 in the 66-lap Spanish Grand Prix.", "en"),
    ("Race length: 66 laps.", "en"),
    ("Fue una carrera de 66 vueltas.", "es"),
    ("El GP de España de 66 vueltas.", "es"),
    ("Uma corrida de 66 voltas.", "pt"),
    ("Distância da corrida: 66 voltas.", "pt"),
])
def test_race_distance_in_three_languages(text, lang):
    assert _verdicts(text, lang, "race_laps") == [({"laps": 66}, "supported")]


def test_a_stint_of_many_laps_is_no_race_distance():
    assert _claims("TSU ran 21 laps on the mediums.", "en", "race_laps") == []


# ---- the same verifiers on the full warehouse's instance ----------------------------------------

# a full build's warehouse: FULL_WAREHOUSE, else ../full/warehouse beside the repo (the dev machine's layout)
FULL_WAREHOUSE = Path(os.environ.get("FULL_WAREHOUSE") or Path(__file__).resolve().parents[2] / "full" / "warehouse")


def _warehouse_row() -> dict | None:
    root = FULL_WAREHOUSE
    if not (root / "instances").exists():
        return None
    from f1bench_pipeline.storage.warehouse import read_table

    import polars as pl

    rows = read_table(root, "instances", {"season": 2025}).filter(
        (pl.col("id") == INSTANCE) & (pl.col("variant") == "default"))
    return rows.row(0, named=True) if rows.height else None


def test_verifiers_on_the_warehouse_instance():
    row = _warehouse_row()
    if row is None:
        pytest.skip(f"no 2025 warehouse with {INSTANCE} at {FULL_WAREHOUSE} (set FULL_WAREHOUSE to a full build's)")
    idx = context_index(row)
    assert json.loads(row["context"])["race"]["laps"] == 66
    cases = [("TSU pitted with 12 laps to go.", "en", "laps_to_go", "supported"),
             ("TSU's lap-54 stop was made under the Safety Car.", "en", "stop_neutralisation", "supported"),
             ("TSU estaba detrás de SAI antes de las paradas.", "es", "relative_position", "supported"),
             ("TSU parou 2 voltas depois de SAI.", "pt", "pit_lap_difference", "contradicted")]
    for text, lang, ctype, label in cases:
        assert [lbl for _s, lbl in _verdicts(text, lang, ctype, idx)] == [label], text
