"""Issue #44, fifth pass: orders and places in wordings the earlier passes left unread, mined from tuned answers
(``more.jsonl`` tune, ``dev.jsonl`` of tuned questions), each read in EN/ES/PT with cases both ways.

* the stops named with a demonstrative ("before these stops", "antes de esas paradas", "antes dessas paradas");
* emerged from the whole exchange ("emerged from the pit sequence in front of"), not from one's own stop;
* a relative clause's order ("SAI, who was behind TSU before the stops");
* a gerund's subject after a preposition ("contributed to TSU finishing ahead of SAI");
* a verb sharing the sentence's subject ("SAI gained time on TSU but remained behind", ", moving from behind");
* a place held with no order word (``position_change`` denied, lost: ``extract/held_position.py``).

The context is ``test_race_claims``' (the real 2025 Spanish undercut TSU -> SAI: TSU behind before the stops,
ahead after them, 13th to SAI's 14th at the finish).
"""

from __future__ import annotations

import pytest

from f1bench_pipeline_tests.test_order_when_cues import _orders
from f1bench_pipeline_tests.test_race_claims import _verdicts


def _changes(text: str, lang: str) -> list[tuple]:
    return [(s["driver"], s["gained"], s.get("denied"), s.get("rival"), s.get("at"), lbl)
            for s, lbl in _verdicts(text, lang, "position_change")]


@pytest.mark.parametrize("text,lang,expected", [
    ("Before these stops, TSU was behind SAI.", "en", [("TSU", "SAI", "before", False, "supported")]),
    ("After this pit sequence, TSU was behind SAI.", "en", [("TSU", "SAI", "after", False, "contradicted")]),
    ("Antes de esas paradas, TSU estaba detrás de SAI.", "es", [("TSU", "SAI", "before", False, "supported")]),
    ("Tras esas paradas, SAI estaba por delante de TSU.", "es", [("SAI", "TSU", "after", True, "contradicted")]),
    ("Antes dessas paradas, TSU estava atrás de SAI.", "pt", [("TSU", "SAI", "before", False, "supported")]),
    ("Após essas paradas, TSU estava à frente de SAI.", "pt", [("TSU", "SAI", "after", True, "supported")]),
])
def test_the_stops_named_with_a_demonstrative(text, lang, expected):
    assert _orders(text, lang) == expected


@pytest.mark.parametrize("text,lang", [
    ("Before this lap, TSU was behind SAI.", "en"),  # a lap, not the stops
    ("Antes de esa vuelta, TSU estaba detrás de SAI.", "es"),
    ("Antes dessa volta, TSU estava atrás de SAI.", "pt"),
])
def test_a_demonstrative_lap_is_no_stops_cue(text, lang):
    assert _orders(text, lang) == []


@pytest.mark.parametrize("text,lang,expected", [
    ("TSU emerged from the pit sequence in front of SAI.", "en", [("TSU", "SAI", "after", True, "supported")]),
    ("SAI came out of the pit cycle 10.5 seconds behind TSU.", "en", [("SAI", "TSU", "after", False, "supported")]),
    ("TSU salió de la secuencia de paradas por delante de SAI.", "es", [("TSU", "SAI", "after", True, "supported")]),
    ("SAI saiu da sequência de paradas à frente de TSU.", "pt", [("SAI", "TSU", "after", True, "contradicted")]),
])
def test_emerged_from_the_exchange_is_the_order_after_the_stops(text, lang, expected):
    assert _orders(text, lang) == expected


@pytest.mark.parametrize("text,lang", [
    # right after one's own stop the rival has not stopped yet: an order the context does not state
    ("TSU emerged from his pit stop behind SAI.", "en"),
    ("TSU emerged from the pits behind SAI.", "en"),
    ("TSU salió de su parada detrás de SAI.", "es"),
    ("TSU saiu da sua parada atrás de SAI.", "pt"),
])
def test_emerged_from_ones_own_stop_gives_no_order(text, lang):
    assert _orders(text, lang) == []


@pytest.mark.parametrize("text,lang,expected", [
    ("This was an undercut attempt by TSU, who was behind SAI before the stops.", "en",
     [("TSU", "SAI", "before", False, "supported")]),
    ("Fue un undercut de TSU, que estaba por delante de SAI antes de las paradas.", "es",
     [("TSU", "SAI", "before", True, "contradicted")]),
    ("Foi um undercut de TSU, que estava atrás de SAI antes das paradas.", "pt",
     [("TSU", "SAI", "before", False, "supported")]),
])
def test_a_relative_clauses_order(text, lang, expected):
    assert _orders(text, lang) == expected


@pytest.mark.parametrize("text,lang", [
    ("This was an undercut attempt by TSU, who was behind SAI.", "en"),  # no cue: when?
    ("Fue un undercut de TSU, que estaba detrás de SAI.", "es"),
    ("Foi um undercut de TSU, que estava atrás de SAI.", "pt"),
])
def test_a_relative_clause_without_a_cue_gives_none(text, lang):
    assert _orders(text, lang) == []


@pytest.mark.parametrize("text,expected", [
    ("The undercut contributed to TSU finishing ahead of SAI.", [("TSU", "SAI", "final", True, "supported")]),
    ("The stop led to SAI finishing ahead of TSU.", [("SAI", "TSU", "final", True, "contradicted")]),
    ("The gap went from TSU being 1.6s behind SAI to TSU being 10.5s ahead.",
     [("TSU", "SAI", "before", False, "supported"), ("TSU", "SAI", "after", True, "supported")]),
])
def test_a_gerunds_subject_after_a_preposition(text, expected):
    assert _orders(text, "en") == expected


@pytest.mark.parametrize("text", [
    "The undercut did not result in SAI finishing ahead of TSU.",  # negated before its subject
    "It may have contributed to SAI finishing ahead of TSU.",  # hedged
])
def test_a_negated_or_hedged_gerund_gives_none(text):
    assert _orders(text, "en") == []


@pytest.mark.parametrize("text,lang,expected", [
    ("SAI cut 1.4 seconds from TSU's lead but remained behind.", "en", [("SAI", "TSU", "after", False, "supported")]),
    ("TSU pitted a lap earlier and emerged ahead.", "en", [("TSU", "SAI", "after", True, "supported")]),
    ("TSU reversed the order, moving from behind SAI to ahead of SAI.", "en",
     [("TSU", "SAI", "before", False, "supported"), ("TSU", "SAI", "after", True, "supported")]),
    ("SAI recortó tiempo a TSU pero siguió detrás.", "es", [("SAI", "TSU", "after", False, "supported")]),
    ("SAI ganhou tempo sobre TSU mas continuou à frente.", "pt", [("SAI", "TSU", "after", True, "contradicted")]),
])
def test_a_verb_sharing_the_sentences_subject(text, lang, expected):
    assert _orders(text, lang) == expected


@pytest.mark.parametrize("text,lang", [
    ("The gap to SAI shrank but remained large.", "en"),  # the object is no subject; "large" no order
    ("TSU and SAI pitted, but SAI's gap grew.", "en"),
    ("SAI gained on TSU during the stint but remained behind.", "en"),  # held over a stretch
    ("SAI gained time on TSU but did not emerge ahead.", "en"),  # negated
    ("SAI ganó tiempo frente a TSU durante la tanda pero siguió detrás.", "es"),
    ("SAI ganhou tempo sobre TSU durante o stint mas continuou atrás.", "pt"),
])
def test_no_shared_subject(text, lang):
    assert _orders(text, lang) == []


@pytest.mark.parametrize("text,lang,expected", [
    ("TSU maintained track position after the stops.", "en", [("TSU", False, True, "SAI", None, "supported")]),
    ("SAI retained the position and finished P14.", "en", [("SAI", False, True, "TSU", "finish", "contradicted")]),
    ("TSU held on to the place over SAI through the pit sequence.", "en",
     [("TSU", False, True, "SAI", None, "supported")]),
    ("SAI mantuvo su posición frente a TSU tras las paradas.", "es", [("SAI", False, True, "TSU", None, "contradicted")]),
    ("TSU conservó la posición, terminando P13.", "es", [("TSU", False, True, "SAI", "finish", "supported")]),
    ("TSU manteve a posição até o fim.", "pt", [("TSU", False, True, "SAI", "finish", "supported")]),
    ("SAI manteve sua posição em relação a TSU.", "pt", [("SAI", False, True, "TSU", None, "contradicted")]),
])
def test_a_place_held_is_no_place_lost(text, lang, expected):
    assert _changes(text, lang) == expected


@pytest.mark.parametrize("text,lang", [
    ("TSU did not keep his position.", "en"),  # lost to whom?
    ("TSU needed to maintain position.", "en"),  # a purpose
    ("TSU kept the position until lap 30.", "en"),  # a stretch of laps
    ("TSU kept the position until the end of the stint.", "en"),
    ("TSU maintained position in the top 10.", "en"),  # a place in a group
    ("TSU may have kept the position.", "en"),
    ("TSU no mantuvo la posición.", "es"),
    ("TSU mantuvo la posición durante la tanda.", "es"),
    ("TSU não manteve a posição.", "pt"),
    ("TSU manteve a posição até a volta 30.", "pt"),
])
def test_no_place_held(text, lang):
    assert _changes(text, lang) == []


@pytest.mark.parametrize("text,lang,expected", [
    ("TSU maintained position ahead.", "en", [("TSU", "SAI", "after", True, "supported")]),
    ("TSU mantuvo la posición hasta el final.", "es", [("TSU", "SAI", "final", True, "supported")]),
])
def test_a_place_held_with_an_order_keeps_the_orders_reading(text, lang, expected):
    assert _orders(text, lang) == expected
    assert _changes(text, lang) == []


@pytest.mark.parametrize("text,lang,expected", [
    ("The gap TSU->SAI went from -1.6s to +10.5s. This means -1.6s indicates TSU was behind.", "en",
     [("TSU", "SAI", "before", False, "supported")]),
    ("La brecha TSU->SAI pasó de -1.6s a +10.5s. Esto significa que (-1.6s indica que TSU iba por detrás).", "es",
     [("TSU", "SAI", "before", False, "supported")]),
    ("O gap TSU->SAI passou de -1,6s para +10,5s. Ou seja, +10,5s mostra que TSU estava atrás.", "pt",
     [("TSU", "SAI", "after", False, "contradicted")]),
])
def test_a_number_explained_by_a_verb_takes_its_gaps_when(text, lang, expected):
    assert _orders(text, lang) == expected


def test_a_from_to_gap_explained_by_no_number_gives_none():
    # which of the two gaps "indicates" explains is not said
    assert _orders("The gap TSU->SAI went from -1.6s to +10.5s. This indicates TSU was behind.", "en") == []


@pytest.mark.parametrize("text,lang,expected", [
    ("Con la parada, TSU pasó a estar por delante de SAI.", "es", [("TSU", "SAI", "after", True, "supported")]),
    ("Com a parada, SAI passou a estar à frente de TSU.", "pt", [("SAI", "TSU", "after", True, "contradicted")]),
])
def test_came_to_be_ahead_is_the_order_after_the_stops(text, lang, expected):
    assert _orders(text, lang) == expected


@pytest.mark.parametrize("text,lang", [
    ("O gap passou a ser menor, com TSU atrás de SAI.", "pt"),  # "passou a" of the gap, no cue for the order
    ("La diferencia pasó a ser menor, con TSU detrás de SAI.", "es"),
])
def test_came_to_be_of_something_else_gives_no_order(text, lang):
    assert _orders(text, lang) == []


@pytest.mark.parametrize("text,lang,expected", [
    # the move named with no driver ("o undercut"): the one the place is said of, on the answer's pair
    ("O undercut ocorreu no primeiro ciclo de pits, mas não funcionou para TSU ganhar a posição.", "pt",
     [("TSU", True, True, "SAI", None, "contradicted")]),
    ("The undercut came in the first pit cycle, but it did not work for SAI to gain position.", "en",
     [("SAI", True, True, "TSU", None, "supported")]),
    ("El undercut ocurrió en el primer ciclo de paradas, pero no funcionó para que SAI ganara posición.", "es",
     [("SAI", True, True, "TSU", None, "supported")]),
])
def test_a_place_not_gained_said_of_a_driver_named(text, lang, expected):
    assert _changes(text, lang) == expected


def test_a_place_not_gained_said_of_no_driver_needs_the_battle():
    assert _changes("The undercut came in the first pit cycle, but it did not work for the team to gain position.",
                    "en") == []


def _published_index(with_stops: bool):
    """A context that orders the pair by the gap's sign only (the paper's published format), as
    ``benchmarks/published_context.py`` rebuilds it: the battle's stops on laps 8 and 9 carried by the order."""
    from f1bench_pipeline.domains.f1.context_index import ContextIndex
    from f1bench_pipeline.domains.f1.instances import facts as F
    from f1bench_pipeline_tests.test_race_claims import CONTEXT
    from f1bench_pipeline.domains.f1.instances import context as C
    out = [f for d in CONTEXT["drivers"] for f in C.driver_facts(d)]
    for when, ahead in (("before", "SAI"), ("after", "TSU")):
        f = F.running_order("TSU", "SAI", when, ahead)
        if with_stops:
            f.value["stops"] = [8, 9]
        out.append(f)
    return ContextIndex(out, CONTEXT["entities"])


@pytest.mark.parametrize("with_stops,label", [(True, "unverifiable"), (False, "supported")])
def test_an_order_after_another_stop_is_judged_only_with_the_battles_stops_known(with_stops, label):
    text = "When TSU finally pitted on lap 54, he emerged ahead of SAI."
    got = _verdicts(text, "en", "relative_position", _published_index(with_stops))
    assert [(s["stop_lap"], lbl) for s, lbl in got] == [(54, label)]


def test_an_order_after_the_battles_own_stop_is_judged_on_its_stops():
    got = _verdicts("When TSU pitted on lap 8, he emerged ahead of SAI.", "en", "relative_position", _published_index(True))
    assert [(s["stop_lap"], lbl) for s, lbl in got] == [(8, "supported")]


# ---- second round: a change across the exchange, a place taken, a pass the move allowed, a lead held ----------

@pytest.mark.parametrize("text,lang,expected", [
    ("TSU jumped ahead of SAI through the pit stops.", "en", [("TSU", "SAI", "after", True, "supported")]),
    ("TSU se puso por delante de SAI a través de las paradas.", "es", [("TSU", "SAI", "after", True, "supported")]),
    ("SAI ficou à frente de TSU através das paradas.", "pt", [("SAI", "TSU", "after", True, "contradicted")]),
])
def test_an_order_across_the_exchange_is_the_one_after_it(text, lang, expected):
    assert _orders(text, lang) == expected


@pytest.mark.parametrize("text,lang", [
    ("TSU was ahead of SAI through the first stint.", "en"),  # a stint, not the stops
    ("TSU iba por delante de SAI a través de la primera tanda.", "es"),
    ("TSU estava à frente de SAI através do primeiro stint.", "pt"),
])
def test_an_order_across_something_else_gives_none(text, lang):
    assert _orders(text, lang) == []


@pytest.mark.parametrize("text,lang,expected", [
    ("TSU undercut SAI. SAI lost the position to TSU in the pit sequence.", "en",
     [("SAI", False, None, "TSU", None, "supported")]),
    ("TSU undercut SAI. TSU took the position from SAI through the stops.", "en",
     [("TSU", True, None, "SAI", None, "supported")]),
    ("TSU hizo el undercut a SAI. SAI le quitó la posición a TSU con la parada.", "es",
     [("SAI", True, None, "TSU", None, "contradicted")]),
    ("TSU fez o undercut em SAI. TSU tomou a posição de SAI com a parada.", "pt",
     [("TSU", True, None, "SAI", None, "supported")]),
])
def test_a_place_taken_or_lost_to_a_rival_named(text, lang, expected):
    assert _changes(text, lang) == expected


@pytest.mark.parametrize("text,lang", [
    ("TSU undercut SAI. TSU gained the position.", "en"),  # "the position": which one, on whom?
    ("TSU undercut SAI. TSU took the place of SAI in the team.", "en"),  # no place in the race
    ("TSU hizo el undercut a SAI. TSU tomó la decisión de parar.", "es"),
    ("TSU fez o undercut em SAI. TSU tomou a decisão de parar.", "pt"),
])
def test_no_place_taken(text, lang):
    assert _changes(text, lang) == []


@pytest.mark.parametrize("text,lang,expected", [
    ("TSU undercut SAI. The undercut allowed TSU to overtake SAI.", "en", [("TSU", True, None, "SAI", None, "supported")]),
    ("TSU undercut SAI. TSU gained 12 seconds during this pit phase, which allowed him to overtake SAI.", "en",
     [("TSU", True, None, "SAI", None, "supported")]),
    ("TSU hizo el undercut a SAI. La parada le permitió a SAI superar a TSU.", "es",
     [("SAI", True, None, "TSU", None, "contradicted")]),
    ("TSU fez o undercut em SAI. A parada antecipada permitiu a TSU ultrapassar SAI.", "pt",
     [("TSU", True, None, "SAI", None, "supported")]),
])
def test_a_pass_the_move_allowed(text, lang, expected):
    assert _changes(text, lang) == expected


@pytest.mark.parametrize("text", [
    "TSU undercut SAI. Fresh tyres allowed TSU to overtake SAI later in the race.",  # later: not the stops'
    "TSU undercut SAI. His pace allowed TSU to overtake SAI.",  # no stop or move named as the cause
    "TSU undercut SAI. The undercut may have allowed TSU to overtake SAI.",  # hedged
    "TSU undercut SAI. By the time SAI pitted again on lap 24, TSU had closed in, allowing TSU to overtake SAI.",
    "TSU undercut SAI. TSU's earlier stop helped him overtake/close on SAI.",  # one or the other
])
def test_no_pass_the_move_allowed(text):
    assert _changes(text, "en") == []


@pytest.mark.parametrize("text,lang,expected", [
    ("TSU kept the lead after the stops.", "en", [("TSU", "SAI", "after", True, "supported")]),
    ("SAI held onto the lead over TSU until the finish.", "en", [("SAI", "TSU", "final", True, "contradicted")]),
    ("TSU mantuvo el liderato frente a SAI.", "es", [("TSU", "SAI", "after", True, "supported")]),
    ("TSU manteve a dianteira até o fim.", "pt", [("TSU", "SAI", "final", True, "supported")]),
])
def test_a_lead_held_is_the_order_after_the_stops(text, lang, expected):
    assert _orders(text, lang) == expected


@pytest.mark.parametrize("text,lang", [
    ("TSU kept the lead until lap 30.", "en"),
    ("TSU did not keep the lead.", "en"),
    ("TSU needed to keep the lead.", "en"),
    ("TSU kept the lead in the championship.", "en"),
    ("TSU kept the lead until the end of the stint.", "en"),  # the stint's end, not the finish
    ("TSU mantuvo el liderato durante la tanda.", "es"),
    ("TSU não manteve a liderança.", "pt"),
])
def test_no_lead_held(text, lang):
    assert _orders(text, lang) == []


@pytest.mark.parametrize("text,lang,expected", [
    ("In the final classification, TSU was ahead of SAI.", "en", [("TSU", "SAI", "final", True, "supported")]),
    ("SAI ended up ahead of TSU at the finish.", "en", [("SAI", "TSU", "final", True, "contradicted")]),
    ("TSU was classified ahead of SAI.", "en", [("TSU", "SAI", "final", True, "supported")]),
    # "quedó"/"ficou" (ended up) with the finish named: the order at the finish, not after the stops
    ("En la clasificación final, TSU quedó por delante de SAI.", "es", [("TSU", "SAI", "final", True, "supported")]),
    ("SAI se clasificó por delante de TSU.", "es", [("SAI", "TSU", "final", True, "contradicted")]),
    ("TSU ficou à frente de SAI no resultado final.", "pt", [("TSU", "SAI", "final", True, "supported")]),
])
def test_an_order_with_the_finish_named_is_the_finishing_order(text, lang, expected):
    assert _orders(text, lang) == expected


@pytest.mark.parametrize("text,lang", [
    ("TSU was ahead of SAI after the stops and at the finish.", "en"),  # both named in one clause: which?
    ("TSU was not ahead of SAI in the final classification.", "en"),  # negated
    ("TSU iba por delante de SAI tras las paradas y al final de la carrera.", "es"),
    ("TSU estava à frente de SAI após as paradas e no resultado final.", "pt"),
])
def test_an_order_with_the_finish_and_the_stops_named_gives_none(text, lang):
    assert _orders(text, lang) == []


def test_on_the_warehouse_instance():
    """The same readings against the real instance built from the 2025 season (not the hand-copied context)."""
    from f1bench_pipeline.domains.f1.context_index import context_index
    from f1bench_pipeline_tests.test_race_claims import FULL_WAREHOUSE, INSTANCE, _warehouse_row
    row = _warehouse_row()
    if row is None:
        pytest.skip(f"no 2025 warehouse with {INSTANCE} at {FULL_WAREHOUSE} (set FULL_WAREHOUSE to a full build's)")
    idx = context_index(row)

    def labels(text: str, ctype: str) -> list[str]:
        return [lbl for _s, lbl in _verdicts(text, "en", ctype, idx)]
    assert labels("This was an undercut attempt by TSU, who was behind SAI before the stops.", "relative_position") == \
        ["supported"]
    assert labels("TSU emerged from the pit sequence in front of SAI.", "relative_position") == ["supported"]
    assert labels("The undercut contributed to SAI finishing ahead of TSU.", "relative_position") == ["contradicted"]
    assert labels("TSU maintained track position after the stops.", "position_change") == ["supported"]
    assert labels("In the final classification, TSU was ahead of SAI.", "relative_position") == ["supported"]
