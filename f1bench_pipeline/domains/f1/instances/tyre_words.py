"""Compound names as the template sentences write them, per language (``verbalize``, and
``verbalize_stated`` which ``verbalize`` imports: its own module, so neither imports the other's)."""

from __future__ import annotations

COMPOUND_WORDS = {
    "en": {"SOFT": "soft", "MEDIUM": "medium", "HARD": "hard", "INTERMEDIATE": "intermediate", "WET": "full wet",
           "HYPERSOFT": "hypersoft", "ULTRASOFT": "ultrasoft", "SUPERSOFT": "supersoft", "SUPERHARD": "superhard",
           "UNKNOWN": "unknown"},
    "es": {"SOFT": "blando", "MEDIUM": "medio", "HARD": "duro", "INTERMEDIATE": "intermedio", "WET": "de lluvia extrema",
           "HYPERSOFT": "hiperblando", "ULTRASOFT": "ultrablando", "SUPERSOFT": "superblando", "SUPERHARD": "superduro",
           "UNKNOWN": "desconocido"},
    "pt": {"SOFT": "macio", "MEDIUM": "médio", "HARD": "duro", "INTERMEDIATE": "intermediário", "WET": "de chuva extrema",
           "HYPERSOFT": "hipermacio", "ULTRASOFT": "ultramacio", "SUPERSOFT": "supermacio", "SUPERHARD": "superduro",
           "UNKNOWN": "desconhecido"},
}


def tyre(compound: str, lang: str) -> str:
    return COMPOUND_WORDS[lang].get(compound, compound.lower())
