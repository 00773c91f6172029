"""Inserted entities (issue #44): a driver or team the answer names that the context does not hold
is an ``entity`` claim — by surname or code (the tokenizer), and now also by a first name alone,
a person who is no driver (team principals, former champions) and team variants ("Mercedes-AMG",
"RB", "Audi"). Both ways, in EN/ES/PT: a name the context holds gives no claim, and an ordinary
word that looks like a name gives none."""

from __future__ import annotations

import pytest

from f1bench_pipeline.domains.f1.extract import extract_claims
from f1bench_pipeline.domains.f1.verifier import ContextIndex, verify_claim

NOR_STINT = {"drivers": ["NOR"], "teams": ["McLaren"]}
BATTLE = {"drivers": ["ANT", "HUL"], "teams": ["Kick Sauber", "Mercedes"]}


def entities(text: str, lang: str, ents: dict) -> list[str]:
    return [c.slots["name"] for c in extract_claims(text, lang, ents) if c.type == "entity"]


@pytest.mark.parametrize("lang,text,expected", [
    ("en", "NOR kept the lead while Max was never in this fight.", []),  # "Max" is left out (max pace)
    ("en", "NOR pitted early; Oscar stayed out two more laps.", ["PIA"]),
    ("en", "NOR pitted before Oscar's stop.", ["PIA"]),
    ("es", "NOR paró pronto; Oscar siguió en pista dos vueltas más.", ["PIA"]),
    ("pt", "NOR parou cedo; Charles ficou na pista mais duas voltas.", ["LEC"]),
    ("en", "As Checo often did, NOR managed the tyres.", ["PER"]),
    ("es", "Como hacía Fernando, NOR cuidó los neumáticos.", ["ALO"]),
])
def test_a_first_name_alone(lang, text, expected):
    assert entities(text, lang, NOR_STINT) == expected


@pytest.mark.parametrize("lang,text", [
    ("en", "Lando managed the hard tyres well and NOR finished P2."),
    ("es", "Lando gestionó bien el duro y NOR terminó segundo."),
    ("pt", "Lando administrou bem o duro e NOR terminou em segundo."),
    ("en", "Lando Norris pitted on lap 20."),  # a full name: the surname's token, in the context
    ("en", "Oscar Piastri's teammate NOR pitted on lap 20.".replace("Oscar Piastri's teammate ", "")),
])
def test_a_first_name_the_context_holds_gives_no_claim(lang, text):
    assert entities(text, lang, NOR_STINT) == []


def test_a_first_name_with_a_surname_is_read_once_by_the_surname():
    assert entities("NOR beat Oscar Piastri and Kimi Antonelli.", "en", NOR_STINT) == ["PIA", "ANT"]
    assert entities("Kimi defended well against HUL.", "en", BATTLE) == []  # Kimi Antonelli is ANT
    assert sorted(entities("Kimi defended well against HUL.", "en", NOR_STINT)) == ["HUL", "Kimi"]  # RAI or ANT


@pytest.mark.parametrize("lang,text,expected", [
    ("en", "Toto Wolff said the call was right; Mercedes-AMG gained from it.", ["Mercedes-AMG", "Toto Wolff"]),
    ("es", "Según Wolff, la parada fue correcta.", ["Wolff"]),
    ("pt", "Uma estratégia digna de Senna: NOR segurou a posição.", ["Senna"]),
    ("en", "Christian Horner's Red Bull Racing was not in the fight.", ["Red Bull Racing", "Christian Horner"]),
])
def test_people_who_are_no_driver_and_team_variants(lang, text, expected):
    assert sorted(entities(text, lang, NOR_STINT)) == sorted(expected)


@pytest.mark.parametrize("text,expected", [
    ("ANT's Mercedes-AMG stayed ahead of HUL.", []),  # Mercedes is the context's team
    ("HUL's Sauber, soon Audi, held on.", ["Audi"]),
    ("Racing Bulls and RB are one team; VCARB too.", ["Racing Bulls", "RB", "VCARB"]),
])
def test_team_variants(text, expected):
    assert entities(text, "en", BATTLE) == expected


@pytest.mark.parametrize("lang,text", [
    ("en", "Max gap: 1.2 s before the stops; NOR pitted on lap 20."),
    ("en", "Max. degradation was +0.081 s/lap for NOR."),
    ("es", "Franco dominio de NOR: paró en la vuelta 20."),
    ("es", "Lance decisivo: NOR paró en la vuelta 20."),
    ("pt", "Máx. degradação de NOR: +0,081 s/volta."),
    ("en", "The Villeneuve-style move by NOR worked."),  # a surname inside a compound word
    ("en", "NOR's stop was a stella call, said the brown-haired engineer."),
])
def test_words_that_look_like_names_give_no_claim(lang, text):
    assert entities(text, lang, NOR_STINT) == []


def test_entity_claims_are_unverifiable():
    claims = [c for c in extract_claims("Oscar stayed out; Toto Wolff agreed.", "en", NOR_STINT) if c.type == "entity"]
    assert len(claims) == 2
    idx = ContextIndex([], NOR_STINT)
    assert all(verify_claim(c, idx).label == "unverifiable" for c in claims)
    assert all(c.span is not None and c.span.text in ("Oscar", "Toto Wolff") for c in claims)


def test_without_the_contexts_entities_no_entity_claim():
    assert entities("Oscar stayed out; Toto Wolff agreed.", "en", None) == []  # type: ignore[arg-type]
