"""Weather wording classes of issue #43, each in EN/ES/PT and both ways (sentences invented in the
style of real model answers): a MISREAD must not come back, a STILL_READ claim must be read.

13. A negated or qualitative precipitation statement ("no chance of rain", "sin probabilidad de
    lluvia", "sem chance de chuva", "virtually no chance", "dry", "tiempo seco") is no sky "rain";
    it is a chance-of-precipitation claim ``{"qualitative": "none"}`` with a named bound
    (``WeatherTolerances.precip_none_max_percent`` / ``precip_none_contradicted_from``).
14. A sky beside a percentage ("a chance of rain showers, with a 28% chance of precipitation"):
    the percentage states the chance of its own phrase only; the sky is still read.

GUARDS pass before and after: they keep the new grammar from reaching too far.
"""

from __future__ import annotations

import pytest

from f1bench_pipeline.domains.base import DomainClaim
from f1bench_pipeline.domains.weather import sources
from f1bench_pipeline.domains.weather.extractor import _extract
from f1bench_pipeline.domains.weather.facts import TOLERANCES, record_facts
from f1bench_pipeline.domains.weather.records import load_records
from f1bench_pipeline.domains.weather.verifier import (
    WeatherContext,
    verify_weather_claim,
)

NONE = ("precip_chance", {"qualitative": "none"})
RAIN, STORMS = ("sky", {"condition": "rain"}), ("sky", {"condition": "thunderstorms"})

# (class, lang, text, a claim that must NOT be read)
MISREAD = [
    (13, "en", "Sunny skies today with no chance of rain and a high near 95°F.", RAIN),
    (13, "en", "Virtually no chance of showers tonight under mostly clear skies.", RAIN),
    (13, "en", "There is zero chance of thunderstorms this evening.", STORMS),
    (13, "en", "Thunderstorms are not expected, with a light south breeze.", STORMS),
    (13, "en", "A low chance of rain, otherwise a pleasant day.", RAIN),
    (13, "es", "Cielo despejado y sin probabilidad de lluvia.", RAIN),
    (13, "es", "Prácticamente sin probabilidad de chubascos durante la noche.", RAIN),
    (13, "es", "No se esperan tormentas durante la jornada.", STORMS),
    (13, "es", "La probabilidad de lluvia es baja.", RAIN),
    (13, "pt", "Céu limpo e sem chance de chuva.", RAIN),
    (13, "pt", "Praticamente sem chance de pancadas de chuva à noite.", RAIN),
    (13, "pt", "Não há previsão de trovoadas para hoje.", STORMS),
    (13, "pt", "Baixa chance de chuva ao longo do dia.", RAIN),
]

# (class, lang, text, a claim that must be read)
STILL_READ = [
    (13, "en", "Sunny skies today with no chance of rain and a high near 95°F.", NONE),
    (13, "en", "Virtually no chance of precipitation, with a low around 61°F.", NONE),
    (13, "en", "Hot and dry, with a high of 101 °F.", NONE),
    (13, "en", "Expect a dry day with plenty of sunshine.", NONE),
    (13, "es", "Soleado y sin probabilidad de lluvia.", NONE),
    (13, "es", "Prácticamente sin probabilidad de precipitación esta noche.", NONE),
    (13, "es", "Tiempo seco, con una máxima de 31 °C.", NONE),
    (13, "es", "La probabilidad de lluvia es prácticamente nula.", NONE),
    (13, "pt", "Ensolarado, sem chance de chuva.", NONE),
    (13, "pt", "Praticamente sem chance de chuva durante a noite.", NONE),
    (13, "pt", "Tempo seco, com máxima de 31 °C.", NONE),
    (13, "pt", "Não deve chover em Phoenix hoje.", NONE),
    (14, "en", "A chance of rain showers, with a 28% chance of precipitation.", RAIN),
    (14, "en", "Expect a chance of showers and thunderstorms, with a 40% chance of precipitation.", STORMS),
    (14, "en", "Partly sunny with a slight chance of rain and a 20 percent chance of precipitation.", RAIN),
    (14, "es", "Posibilidad de chubascos, con una probabilidad de precipitación del 28 %.", RAIN),
    (14, "es", "Probabilidad de tormentas por la tarde, con un 40 % de probabilidad de precipitación.", STORMS),
    (14, "pt", "Chance de pancadas de chuva, com probabilidade de precipitação de 28%.", RAIN),
    (14, "pt", "Possibilidade de trovoadas, com 40% de chance de precipitação.", STORMS),
]

# readings that must not come, before or after (the reach of the new grammar)
GUARDS = [
    ("en", "Mostly dry, with a stray shower possible.", NONE),            # "mostly dry" allows a shower
    ("en", "No rain until after 2 pm, then showers become likely.", NONE),   # part of the period only
    ("en", "A dry morning, then a chance of showers.", NONE),
    ("en", "Dry air will keep the humidity low.", NONE),                  # the air, not the weather
    ("en", "A 28% chance of rain showers.", RAIN),                        # the percentage's own phrase
    ("en", "Dry conditions. A slight chance of showers after 2 pm.", NONE),  # the answer hedges its "dry"
    ("es", "Sin lluvias por la mañana.", NONE),
    ("es", "Un calor seco y sofocante.", NONE),
    ("es", "Mayormente seco y soleado.", NONE),
    ("es", "Probabilidad de lluvia del 30 %.", RAIN),
    ("pt", "Sem chuva pela manhã.", NONE),
    ("es", "Sin lluvias significativas.", NONE),                          # some rain, only not much
    ("pt", "Sem chuvas fortes previstas.", NONE),
    ("en", "It is not going to rain much this afternoon.", NONE),
    ("es", "No lloverá mucho.", NONE),
    ("pt", "Predominantemente seco, com pancadas isoladas.", NONE),
    ("pt", "Probabilidade de chuva de 30%.", RAIN),
]


def _read(text: str, lang: str) -> list[tuple[str, dict]]:
    return [(c.type, c.slots) for c in _extract(text, lang)]


@pytest.mark.parametrize("cls,lang,text,wrong", MISREAD)
def test_misread_does_not_come_back(cls, lang, text, wrong):
    assert wrong not in _read(text, lang)


@pytest.mark.parametrize("cls,lang,text,right", STILL_READ)
def test_still_read(cls, lang, text, right):
    assert right in _read(text, lang)


@pytest.mark.parametrize("lang,text,wrong", GUARDS)
def test_guards(lang, text, wrong):
    assert wrong not in _read(text, lang)


def test_every_class_has_three_languages_both_ways():
    for cls in (13, 14):
        assert {lang for c, lang, *_ in STILL_READ if c == cls} == {"en", "es", "pt"}
    assert {lang for c, lang, *_ in MISREAD if c == 13} == {"en", "es", "pt"}


# --- the bound of a "none" statement, on real records ------------------------------------------

@pytest.fixture(scope="module")
def by_percent():
    """One record per chance of precipitation."""
    out: dict[int, object] = {}
    for r in load_records(sources.SAMPLE_FILE):
        out.setdefault(r.ground_truth.precip_prob, r)
    return out


@pytest.mark.parametrize("percent,label", [
    (0, "supported"), (6, "supported"), (10, "supported"),       # NWS names no precipitation below a slight chance
    (14, "unverifiable"), (17, "unverifiable"),                  # between the two named bounds
    (20, "contradicted"), (76, "contradicted"),
])
def test_none_statement_is_bounded(by_percent, percent, label):
    assert TOLERANCES.precip_none_max_percent == 10 and TOLERANCES.precip_none_contradicted_from == 20
    ctx = WeatherContext(record_facts(by_percent[percent]))
    v = verify_weather_claim(DomainClaim(type="precip_chance", slots={"qualitative": "none"}), ctx)
    assert v.label == label, v.reason
    assert bool(v.matched) == (label == "supported") and bool(v.expected) == (label == "contradicted")


def test_none_statement_covers_the_key_fact_of_a_dry_record_only():
    """End to end: "Sunny, with no chance of rain" covers sky and precip_prob of a 0 % sunny record
    (before: a contradicted sky "rain" and nothing covered); a 28 % "chance of rain showers" record
    keeps its sky fact beside the percentage."""
    from f1bench_pipeline.domains import get_domain
    from f1bench_pipeline.domains.scoring import score_generations

    import polars as pl

    weather = get_domain("weather")
    recs = {r.id: r for r in load_records(sources.SAMPLE_FILE)}
    dry = next(r for r in recs.values() if r.ground_truth.sky_raw == "Sunny" and r.ground_truth.precip_prob == 0)
    showers = next(r for r in recs.values() if r.ground_truth.sky_raw == "Chance Rain Showers")
    p = showers.ground_truth.precip_prob
    texts = {
        (dry.id, "en"): "Sunny, with no chance of rain.",
        (dry.id, "es"): "Soleado, sin probabilidad de lluvia.",
        (dry.id, "pt"): "Ensolarado, sem chance de chuva.",
        (showers.id, "en"): f"A chance of rain showers, with a {p}% chance of precipitation.",
        (showers.id, "es"): f"Posibilidad de chubascos, con una probabilidad de precipitación del {p} %.",
        (showers.id, "pt"): f"Chance de pancadas de chuva, com probabilidade de precipitação de {p}%.",
    }
    inst = weather.instance_rows([dry, showers], batch="x")
    gens = pl.DataFrame([{"model": "m", "id": i, "lang": lang, "variant": "default", "status": "ok", "text": t}
                         for (i, lang), t in texts.items()])
    claims, scores = score_generations(weather, gens, inst)
    assert claims["label"].unique().to_list() == ["supported"] and claims.height == 12
    assert (scores["n_covered"] == 2).all()


def test_class_style_answers_on_every_record():
    """The class wordings on all 490 records × EN/ES/PT (``weather_class_style``): the faithful ones
    are all supported (before: "no chance of rain" a contradicted sky "rain", "a chance of rain
    showers" beside its percentage dropped); a "none" statement covers precip_prob where the record's
    chance is within the bound, and is contradicted on every record with a chance of 20 % or more."""
    import polars as pl

    from f1bench_pipeline.domains import get_domain
    from f1bench_pipeline.domains.scoring import score_generations
    from f1bench_pipeline_tests.weather_class_style import answer

    weather = get_domain("weather")
    recs = load_records(sources.SAMPLE_FILE)
    inst = weather.instance_rows(recs, batch="x")
    rows = [{"model": kind, "id": r.id, "lang": lang, "variant": "default", "status": "ok", "text": text}
            for kind in ("faithful", "perturbed") for r in recs for lang in ("en", "es", "pt")
            if (text := answer(r, lang, kind)) is not None]
    claims, scores = score_generations(weather, pl.DataFrame(rows), inst)
    faithful = claims.filter(pl.col("model") == "faithful")
    assert faithful["label"].unique().to_list() == ["supported"]
    covered = scores.filter(pl.col("model") == "faithful")["covered_facts"].to_list()
    assert all(any(str(f).startswith("precip_chance") for f in c) for c in covered)  # every answer covers it
    assert all(any(str(f).startswith("sky") for f in c) for c in covered)
    perturbed = claims.filter((pl.col("model") == "perturbed") & (pl.col("type") == "precip_chance"))
    n_wet = sum(1 for r in recs if r.ground_truth.precip_prob >= 20)
    assert perturbed.height == 3 * n_wet and perturbed["label"].unique().to_list() == ["contradicted"]
