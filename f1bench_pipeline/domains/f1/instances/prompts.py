"""Prompts in English, Spanish and Portuguese, in two variants.

``default`` asks the question neutrally with no length instruction; ``cover_all`` also
asks for every fact the data supports. Wording follows how each language's F1 press and
broadcasts say it (undercut/overcut are used as loanwords in both ES and PT).
"""

from __future__ import annotations

LANGUAGES = ("en", "es", "pt")
VARIANTS = ("default", "cover_all")

SYSTEM = {
    "en": "You are a Formula 1 strategy analyst. Answer in English, using only the race data you are given.",
    "es": "Eres un analista de estrategia de Fórmula 1. Responde en español y usa solo los datos de carrera que se te dan.",
    "pt": "Você é um analista de estratégia de Fórmula 1. Responda em português, usando apenas os dados da corrida fornecidos.",
}

QUESTION = {
    "en": {
        "stint": "Explain {d0}'s tyre strategy in this race and how it shaped the result.",
        "undercut": "Explain how {d0} undercut {d1} via pit-stop timing, and whether it worked.",
        "overcut": "Explain how {d0} overcut {d1} via pit-stop timing, and whether it worked.",
        "defense": "Explain how {d0} defended against {d1} on track, and what it achieved.",
        "race_summary": "Summarise the {event} {season}: the result and the key strategic moments.",
    },
    "es": {
        "stint": "Explica la estrategia de neumáticos de {d0} en esta carrera y cómo influyó en el resultado.",
        "undercut": "Explica cómo {d0} le hizo el undercut a {d1} mediante el momento de su parada en boxes, y si funcionó.",
        "overcut": "Explica cómo {d0} le hizo el overcut a {d1} mediante el momento de su parada en boxes, y si funcionó.",
        "defense": "Explica cómo {d0} se defendió de {d1} en pista y qué consiguió con ello.",
        "race_summary": "Resume la carrera ({event} {season}): el resultado y los momentos estratégicos clave.",
    },
    "pt": {
        "stint": "Explique a estratégia de pneus de {d0} nesta corrida e como ela moldou o resultado.",
        "undercut": "Explique como {d0} fez o undercut em {d1} com o timing do pit stop, e se funcionou.",
        "overcut": "Explique como {d0} fez o overcut em {d1} com o timing do pit stop, e se funcionou.",
        "defense": "Explique como {d0} se defendeu de {d1} na pista e o que conseguiu com isso.",
        "race_summary": "Resuma a corrida ({event} {season}): o resultado e os momentos estratégicos decisivos.",
    },
}

GROUNDING = {
    "en": "Ground every claim in the data provided.",
    "es": "Fundamenta cada afirmación en los datos proporcionados.",
    "pt": "Fundamente cada afirmação nos dados fornecidos.",
}

COVER_ALL = {
    "en": "Cover every fact in the data that bears on it: each stop, lap, tyre compound, position, gap and time involved.",
    "es": "Menciona todos los datos que influyen en ello: cada parada, vuelta, compuesto, posición, diferencia y tiempo implicados.",
    "pt": "Cite todos os fatos dos dados que pesam nisso: cada parada, volta, composto, posição, diferença e tempo envolvidos.",
}

DATA_HEADER = {"en": "Race data:", "es": "Datos de la carrera:", "pt": "Dados da corrida:"}


def question(kind: str, lang: str, variant: str, focus: list[str], event: str, season: int) -> str:
    d0 = focus[0] if focus else ""
    d1 = focus[1] if len(focus) > 1 else ""
    parts = [QUESTION[lang][kind].format(d0=d0, d1=d1, event=event, season=season), GROUNDING[lang]]
    if variant == "cover_all":
        parts.append(COVER_ALL[lang])
    return " ".join(parts)


def user_message(context_text: str, prompt: str, lang: str) -> str:
    return f"{DATA_HEADER[lang]}\n{context_text}\n\n{prompt}"
