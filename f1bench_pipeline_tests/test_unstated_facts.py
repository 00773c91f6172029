"""Facts no context states (``unstated_fact``: ``extract/unstated.py``, ``verify_unstated.py``) and
degradation compared by an adjective or a verb (``vocabulary/deg_compare_words.py``, read by
``pace_compare.py``), EN/ES/PT, both ways.

* weather and track conditions ("in wet conditions", "the track was drying", "pista molhada"), points ("in
  the points", "mantenerse en puntos", "zona de pontos") and the time a stop lost ("a cheap stop", "parada
  barata", "sem perda significativa de tempo") are read and always unverifiable; a tyre's name, a
  condition, a hedge, a general remark, "key points" or a gain with its value give no such claim;
* "degraded more severely", "se degradó más", "degradação mais acentuada", "degradou menos": a degradation
  comparison, judged on the signed values (more negative: the laps got faster, less degradation).

Sentences are written in the style of real answers (more.jsonl, dev.jsonl), not copied from them. The
context is a real one (``monaco_pace_context.py``: the 2025 Monaco overcut HAM -> OCO; HAM's stints deg
-0.515, +0.010, -0.014 s/lap, OCO's -0.472, +0.081, +0.024); the same instance is read from the full
warehouse when it is there.
"""

from __future__ import annotations

import pytest

from f1bench_pipeline.domains.f1.claims import Claim
from f1bench_pipeline.domains.f1.extract import _extract
from f1bench_pipeline.domains.f1.instances import facts as F
from f1bench_pipeline.domains.f1.verifier import CONTRADICTED, SUPPORTED, UNVERIFIABLE, verify_claim
from f1bench_pipeline_tests.monaco_pace_context import ENTITIES, STINT_LAPS, index, real_instance

IDX = index([F.pit_lap("HAM", 18), F.pit_lap("HAM", 56), F.pit_lap("OCO", 16), F.pit_lap("OCO", 28),
             F.final_position("HAM", 5), F.final_position("OCO", 7), *STINT_LAPS])


def _unstated(text: str, lang: str) -> list[Claim]:
    return [c for c in _extract(text, lang, ENTITIES) if c.type == "unstated_fact"]


READ = [
    # weather and track conditions, stated of this race
    ("en", "HAM started on the HARD in wet conditions and only switched on lap 18.", "weather"),
    ("en", "The track was drying, so OCO's switch to MEDIUMs on lap 16 came at the right time.", "weather"),
    ("en", "When the rain returned, HAM stayed out on his HARDs.", "weather"),
    ("en", "OCO's early stint was run in a wet or mixed opening phase.", "weather"),
    ("es", "HAM arrancó con HARD en condiciones de lluvia y paró en la vuelta 18.", "weather"),
    ("es", "OCO cambió a MEDIUM cuando la pista se estaba secando.", "weather"),
    ("es", "Las condiciones pasaron de mojado a seco antes de la parada de HAM.", "weather"),
    ("pt", "HAM manteve-se competitivo no início em condições molhadas.", "weather"),
    ("pt", "OCO correu com MEDIUM numa pista que estava secando.", "weather"),
    # points
    ("en", "HAM finished P5, comfortably in the points.", "points"),
    ("en", "The two-stop plan still gave OCO a points finish in P7.", "points"),
    ("es", "La estrategia le permitió a OCO mantenerse en puntos.", "points"),
    ("es", "HAM terminó P5 y logró sumar puntos con esa estrategia.", "points"),
    ("pt", "OCO terminou em P7, dentro da zona de pontos.", "points"),
    ("pt", "A estratégia foi suficiente para HAM pontuar.", "points"),
    # the time a stop lost or saved
    ("en", "HAM's stop on lap 18 cost him little time.", "pit_time"),
    ("en", "OCO got a cheap pit stop on lap 16.", "pit_time"),
    ("en", "The lap-28 stop was effectively a free stop for OCO.", "pit_time"),
    ("es", "La parada de OCO en la vuelta 16 fue una parada barata.", "pit_time"),
    ("es", "HAM perdió menos tiempo en boxes de lo que ganó en pista.", "pit_time"),
    ("pt", "OCO fez a parada da volta 16 sem perda significativa de tempo.", "pit_time"),
    ("pt", "HAM perdeu pouco tempo no box na volta 18.", "pit_time"),
]


@pytest.mark.parametrize("lang, text, kind", READ)
def test_an_unstated_fact_is_read_and_unverifiable(lang, text, kind):
    got = _unstated(text, lang)
    assert [c.slots for c in got] == [{"kind": kind}], got
    verdict = verify_claim(got[0], IDX)
    assert verdict.label == UNVERIFIABLE
    assert "context states no" in verdict.reason or "not championship points" in verdict.reason


@pytest.mark.parametrize("lang, text", [
    # a tyre's name: the context states the compound
    ("en", "HAM switched from wet-weather tyres to slicks on lap 18."),
    ("en", "OCO ran wet tyres at the start before his stop."),
    ("es", "HAM montó neumáticos de lluvia al inicio y paró en la vuelta 18."),
    ("pt", "OCO usou pneus de chuva no início e parou na volta 16."),
    # a condition, a hedge or a general remark: nothing stated of this race
    ("en", "If it had rained, HAM's HARDs would have been the wrong tyre."),
    ("en", "OCO's negative degradation was likely due to a drying track."),
    ("en", "Intermediates are designed for wet conditions, so HAM stayed on slicks."),
    ("es", "La degradación negativa de OCO posiblemente se debió a una pista que se secaba."),
    ("pt", "Isso provavelmente indica condições molhadas no início para HAM."),
    # one explanation offered among others
    ("en", "OCO's lap times rose as the MEDIUMs wore out or the track dried."),
    ("pt", "Os pneus de HAM melhoraram (evolução da pista ou condições de pista secando)."),
    # a denial: the answer says the context does not state it
    ("en", "The data does not show rain or track conditions for HAM's race."),
    # points of an argument, not the championship's
    ("en", "The key data points for HAM are his pit laps 18 and 56."),
    ("pt", "Pontos-chave: HAM parou na volta 18 e OCO na volta 16."),
    ("es", "Los puntos clave: HAM paró en la vuelta 18."),
    # a general remark on stops, and a time lost with its value (the gain's claim)
    ("en", "Pitting under a Safety Car typically reduces the time lost in the pits, as HAM did on lap 18."),
    ("es", "Parar bajo SC/VSC normalmente reduce la pérdida de tiempo en boxes, como hizo OCO."),
    ("en", "HAM lost less time in the pits than OCO, gaining 1.1 s on lap 18."),
    # a time loss of no stop: tyre wear
    ("en", "The low degradation allowed HAM to push to the finish without significant time loss."),
])
def test_no_unstated_fact(lang, text):
    assert _unstated(text, lang) == []


def test_the_gain_keeps_its_reading_beside_a_time_loss():
    claims = _extract("HAM lost less time in the pits than OCO, gaining 1.1 s on lap 18.", "en", ENTITIES)
    assert [c.slots["seconds"] for c in claims if c.type == "gain"] == [1.1]


def test_one_claim_per_kind_and_sentence():
    got = _unstated("HAM started in wet conditions, and the rain returned before his stop, a free stop.", "en")
    assert sorted(c.slots["kind"] for c in got) == ["pit_time", "weather"]


def unverifiable_on_the_real_instance(cases: list[tuple[str, str, str]]) -> None:
    """Every unstated fact the ``(lang, text, kind)`` cases give is unverifiable on the real instance."""
    idx, entities = real_instance()
    for lang, text, _kind in cases:
        for c in _extract(text, lang, entities):
            if c.type == "unstated_fact":
                assert verify_claim(c, idx).label == UNVERIFIABLE


def test_unverifiable_on_the_real_instance():
    unverifiable_on_the_real_instance(READ)


# --- degradation compared by an adjective or a verb ------------------------------------------------------

def _deg_comparisons(text: str, lang: str, idx=IDX, entities: dict = ENTITIES) -> list[tuple[Claim, str]]:
    return [(c, verify_claim(c, idx).label) for c in _extract(text, lang, entities)
            if c.type == "pace_comparison" and c.slots.get("metric") == "degradation"]


DEG = [
    # OCO's stint 2 (+0.081) against his HARD stint (+0.024): more degradation
    ("en", "OCO's second stint degraded more severely than his HARD stint.", {"relation": "higher", "stint_a": 2,
                                                                            "compound_b": "HARD"}, SUPPORTED),
    ("en", "OCO's second stint showed a more severe degradation than his HARD stint.", {"relation": "higher"},
     SUPPORTED),
    ("en", "OCO's second stint showed gentler degradation than his HARD stint.", {"relation": "lower"}, CONTRADICTED),
    ("es", "El segundo stint de OCO se degradó más que su stint con HARD.", {"relation": "higher"}, SUPPORTED),
    ("es", "OCO sufrió una degradación más severa en el segundo stint que con el HARD.", {"relation": "higher"},
     SUPPORTED),
    ("es", "El segundo stint de OCO se degradó menos que su stint con HARD.", {"relation": "lower"}, CONTRADICTED),
    ("pt", "O segundo stint de OCO teve uma degradação mais acentuada que o stint de HARD.", {"relation": "higher"},
     SUPPORTED),
    ("pt", "O segundo stint de OCO degradou menos que o stint de HARD.", {"relation": "lower"}, CONTRADICTED),
    # signed values: HAM's MEDIUM (-0.014) against his second stint (+0.010): the MEDIUM's laps got faster
    ("en", "HAM's MEDIUM stint degraded more severely than his second stint (-0.014 vs +0.010 s/lap).",
     {"relation": "higher", "compound_a": "MEDIUM", "stint_b": 2}, CONTRADICTED),
    ("es", "El MEDIUM de HAM se degradó menos que su segundo stint.", {"relation": "lower", "compound_a": "MEDIUM"},
     SUPPORTED),
    # the noun's adjective after a copula, side a's tyre (and its value) named after it: OCO's HARD +0.024 against
    # his second stint's +0.081
    ("en", "OCO's degradation rate was higher with the HARD (+0.024s/lap) compared to his second stint (+0.081s/lap).",
     {"relation": "higher", "compound_a": "HARD", "stint_b": 2}, CONTRADICTED),
    ("en", "OCO's degradation was slightly lower on the HARD than in his second stint.",
     {"relation": "lower", "compound_a": "HARD", "stint_b": 2}, SUPPORTED),
    ("es", "La degradación de OCO fue menor con el HARD que en su segundo stint.", {"relation": "lower",
                                                                                  "compound_a": "HARD"}, SUPPORTED),
    ("pt", "A taxa de degradação de OCO foi maior com o HARD do que no segundo stint.", {"relation": "higher",
                                                                                       "compound_a": "HARD"},
     CONTRADICTED),
]


@pytest.mark.parametrize("lang, text, slots, label", DEG)
def test_a_degradation_comparison_by_adjective_is_read_and_judged_by_sign(lang, text, slots, label):
    got = _deg_comparisons(text, lang)
    assert len(got) == 1, got
    claim, verdict = got[0]
    assert {k: claim.slots.get(k) for k in slots} == slots, claim.slots
    assert verdict == label


@pytest.mark.parametrize("lang, text", [
    ("en", "OCO's HARD stint showed faster degradation at first, then settled."),  # no side b
    ("es", "La degradación fue más severa al final del stint de OCO."),  # no side b
    ("en", "OCO's degradation rate was higher than the average for the harder compound."),  # no stint as side b
    ("en", "OCO's degradation was lower than expected on the HARD."),  # no side b
    ("pt", "O pneu de OCO não degradou mais que o esperado."),  # no stint compared, negated
    # its own measure: "lower in absolute value" is not the signed comparison the context's values decide
    ("pt", "O HARD de HAM degradou menos que o MEDIUM, pois a taxa foi menor em valor absoluto (-0,014 vs -0,515)."),
    ("en", "HAM's HARD degraded less severely than his MEDIUM in absolute terms."),
])
def test_no_degradation_comparison_without_two_sides(lang, text):
    assert _deg_comparisons(text, lang) == []


def test_the_degradation_comparison_on_the_real_instance():
    idx, entities = real_instance()
    for lang, text, _slots, label in DEG:
        got = _deg_comparisons(text, lang, idx, entities)
        assert len(got) == 1 and got[0][1] == label, (text, got)
