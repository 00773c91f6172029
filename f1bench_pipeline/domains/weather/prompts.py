"""Weather instances: one row per forecast period × language × prompt variant.

The model sees the record's data (``context_text``: the NWS values, as in the shared
records) under a header in its language, and a question in that language: write the
forecast for that place and period. ``cover_all`` also asks for every element.
"""

from __future__ import annotations

import json

import polars as pl

from f1bench_pipeline.domains.base import domain_facts_to_json
from f1bench_pipeline.domains.weather.facts import record_facts
from f1bench_pipeline.domains.weather.records import ForecastRecord

LANGUAGES = ("en", "es", "pt")
VARIANTS = ("default", "cover_all")
DECISION_TYPE = "forecast"

SYSTEM = {
    "en": "You are a weather forecaster. Answer in English, using only the forecast data you are given.",
    "es": "Eres un meteorólogo. Responde en español y usa solo los datos de pronóstico que se te dan.",
    "pt": "Você é um meteorologista. Responda em português, usando apenas os dados de previsão fornecidos.",
}
QUESTION = {
    "en": "Write the weather forecast for {location}, {period}, for a general audience.",
    "es": "Escribe el pronóstico del tiempo para {location}, {period}, para el público general.",
    "pt": "Escreva a previsão do tempo para {location}, {period}, para o público em geral.",
}
GROUNDING = {
    "en": "Ground every statement in the data provided.",
    "es": "Fundamenta cada afirmación en los datos proporcionados.",
    "pt": "Fundamente cada afirmação nos dados fornecidos.",
}
COVER_ALL = {
    "en": "Cover every element of the data: temperature, sky, wind speed and direction, and chance of precipitation.",
    "es": "Menciona todos los elementos de los datos: temperatura, cielo, velocidad y dirección del viento y probabilidad de precipitación.",
    "pt": "Cite todos os elementos dos dados: temperatura, céu, velocidade e direção do vento e probabilidade de precipitação.",
}
DATA_HEADER = {"en": "Forecast data:", "es": "Datos del pronóstico:", "pt": "Dados da previsão:"}

INSTANCE_SCHEMA = {
    "id": pl.Utf8, "lang": pl.Utf8, "variant": pl.Utf8, "decision_type": pl.Utf8, "kind": pl.Utf8,
    "batch": pl.Utf8, "location": pl.Utf8, "period": pl.Utf8, "context": pl.Utf8, "context_text": pl.Utf8,
    "system_prompt": pl.Utf8, "prompt": pl.Utf8, "user_message": pl.Utf8, "facts": pl.Utf8,
    "context_facts": pl.Utf8, "entities": pl.Utf8, "n_facts": pl.Int64, "reference": pl.Utf8,
}


def question(lang: str, variant: str, location: str, period: str) -> str:
    parts = [QUESTION[lang].format(location=location, period=period), GROUNDING[lang]]
    if variant == "cover_all":
        parts.append(COVER_ALL[lang])
    return " ".join(parts)


def user_message(context_text: str, prompt: str, lang: str) -> str:
    return f"{DATA_HEADER[lang]}\n{context_text}\n\n{prompt}"


def instance_rows(records: list[ForecastRecord], batch: str) -> pl.DataFrame:
    rows = []
    for r in records:
        facts = domain_facts_to_json(record_facts(r))
        context = r.model_dump_json()
        entities = json.dumps({"locations": [r.location]}, sort_keys=True)
        for lang in LANGUAGES:
            for variant in VARIANTS:
                q = question(lang, variant, r.location, r.period)
                rows.append({
                    "id": r.id, "lang": lang, "variant": variant, "decision_type": DECISION_TYPE,
                    "kind": r.ground_truth.temp_kind, "batch": batch, "location": r.location, "period": r.period,
                    "context": context, "context_text": r.context_text, "system_prompt": SYSTEM[lang], "prompt": q,
                    "user_message": user_message(r.context_text, q, lang), "facts": facts, "context_facts": facts,
                    "entities": entities, "n_facts": len(json.loads(facts)), "reference": r.reference,
                })
    return pl.DataFrame(rows, schema=INSTANCE_SCHEMA)
