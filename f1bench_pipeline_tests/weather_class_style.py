"""Weather answers in the wordings of issue #43's classes 13 and 14, for every record and language
(test material: ``test_weather_classes.py`` and ``benchmarks/weather_text_bench.py``).

* ``faithful``: a record with a chance of precipitation up to 10 % and a sky without precipitation
  says so qualitatively ("Sunny, with no chance of rain" / "Tiempo seco" / "Sem chance de chuva",
  wordings rotated by record); a record whose sky names rain or storms with a chance of at least
  20 % gives both in one sentence ("A chance of rain showers, with a 28% chance of
  precipitation"); others state the percentage alone. Every claim is true of its record.
* ``perturbed``: the "none" wording on every record with a chance of at least 20 % (false: each
  must be contradicted).
"""

from __future__ import annotations

from f1bench_pipeline.domains.weather.lexicon import SKY_PHRASE
from f1bench_pipeline.domains.weather.records import ForecastRecord

NONE_WORDS = {
    "en": ("with no chance of rain", "with virtually no chance of precipitation", "and dry conditions",
           "and it will stay dry"),
    "es": ("sin probabilidad de lluvia", "prácticamente sin probabilidad de precipitación", "y tiempo seco",
           "sin lluvias"),
    "pt": ("sem chance de chuva", "praticamente sem chance de precipitação", "e tempo seco", "sem chuva"),
}
NONE_SENTENCES = {
    "en": ("No chance of rain.", "Virtually no chance of precipitation.", "It will stay dry.", "Dry conditions expected."),
    "es": ("Sin probabilidad de lluvia.", "Prácticamente sin probabilidad de precipitación.", "Tiempo seco.",
           "No se esperan lluvias."),
    "pt": ("Sem chance de chuva.", "Praticamente sem chance de precipitação.", "Tempo seco.", "Não deve chover."),
}
CHANCE_OF = {  # class 14: the sky's precipitation as a chance, beside the percentage
    "en": {"rain": "A chance of rain showers", "thunderstorms": "A chance of showers and thunderstorms"},
    "es": {"rain": "Posibilidad de chubascos", "thunderstorms": "Posibilidad de tormentas"},
    "pt": {"rain": "Chance de pancadas de chuva", "thunderstorms": "Possibilidade de trovoadas"},
}
WITH_PCT = {"en": "with a {p}% chance of precipitation", "es": "con una probabilidad de precipitación del {p} %",
            "pt": "com probabilidade de precipitação de {p}%"}
PCT_ALONE = {"en": "Chance of precipitation: {p}%.", "es": "Probabilidad de precipitación del {p} %.",
             "pt": "Probabilidade de precipitação de {p}%."}
HIGH_LOW = {"en": ("High of {t} °F.", "Low of {t} °F."), "es": ("Máxima de {t} °F.", "Mínima de {t} °F."),
            "pt": ("Máxima de {t} °F.", "Mínima de {t} °F.")}
PRECIP_SKY = ("rain", "thunderstorms", "snow")


def _sky(lang: str, cat: str) -> str:
    phrase = SKY_PHRASE[lang][cat]
    return phrase[0].upper() + phrase[1:]


def answer(record: ForecastRecord, lang: str, kind: str = "faithful") -> str | None:
    """The answer of ``kind`` for one record, or None when the record has no such wording."""
    g, n = record.ground_truth, int(record.id.split("::")[1])
    temp = HIGH_LOW[lang][0 if g.temp_kind == "high" else 1].format(t=g.temp)
    none = NONE_WORDS[lang][n % len(NONE_WORDS[lang])]
    p = g.precip_prob
    if kind == "perturbed":
        if p is None or p < 20:
            return None
        return f"{temp} {NONE_SENTENCES[lang][n % len(NONE_SENTENCES[lang])]}"
    if p is not None and p <= 10 and g.sky not in PRECIP_SKY:
        return f"{_sky(lang, g.sky)} {none}. {temp}"
    if p is not None and p >= 20 and g.sky in CHANCE_OF[lang]:
        return f"{CHANCE_OF[lang][g.sky]}, {WITH_PCT[lang].format(p=p)}. {temp}"
    return f"{_sky(lang, g.sky)}. {PCT_ALONE[lang].format(p=p)} {temp}"
