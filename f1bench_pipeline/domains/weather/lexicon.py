"""Words of the weather extractor and templates, per language (EN/ES/PT).

Matching runs on a *folded* copy of the answer: lower case, accents stripped one
character for one (``fold``), so spans found there are spans of the original text.
Entries are regex fragments over folded text; longer entries win over their prefixes
("mostly sunny" over "sunny", "nor-noroeste" over "noroeste").
"""

from __future__ import annotations

import re

_ACCENTS = str.maketrans("áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑºª˚–—",
                         "aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN°a°--")


def fold(text: str) -> str:
    """Lower case without accents, same length as ``text`` (offsets survive)."""
    out = text.translate(_ACCENTS).lower()
    return out if len(out) == len(text) else text.lower()  # a char whose lower() grows: keep offsets


# --- compass -----------------------------------------------------------------------------------
# code → names per language (folded). The first name is what the templates write.
COMPASS_NAMES: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {
        "N": ("north", "northerly"), "NNE": ("north-northeast", "north northeast"),
        "NE": ("northeast", "north-east", "north east", "northeasterly"),
        "ENE": ("east-northeast", "east northeast"), "E": ("east", "easterly"),
        "ESE": ("east-southeast", "east southeast"),
        "SE": ("southeast", "south-east", "south east", "southeasterly"),
        "SSE": ("south-southeast", "south southeast"), "S": ("south", "southerly"),
        "SSW": ("south-southwest", "south southwest"),
        "SW": ("southwest", "south-west", "south west", "southwesterly"),
        "WSW": ("west-southwest", "west southwest"), "W": ("west", "westerly"),
        "WNW": ("west-northwest", "west northwest"),
        "NW": ("northwest", "north-west", "north west", "northwesterly"),
        "NNW": ("north-northwest", "north northwest"),
    },
    "es": {
        "N": ("norte",), "NNE": ("nor-noreste", "nornoreste", "norte-noreste", "nor-nordeste", "nornordeste"),
        "NE": ("noreste", "nordeste"), "ENE": ("este-noreste", "estenoreste", "este-nordeste", "estenordeste"),
        "E": ("este",), "ESE": ("este-sureste", "estesureste", "este-sudeste", "estesudeste"),
        "SE": ("sureste", "sudeste"), "SSE": ("sur-sureste", "sursureste", "sur-sudeste", "sursudeste"),
        "S": ("sur",), "SSW": ("sur-suroeste", "sursuroeste", "sur-sudoeste", "sursudoeste"),
        "SW": ("suroeste", "sudoeste"), "WSW": ("oeste-suroeste", "oestesuroeste", "oeste-sudoeste", "oestesudoeste"),
        "W": ("oeste",), "WNW": ("oeste-noroeste", "oestenoroeste"),
        "NW": ("noroeste",), "NNW": ("nor-noroeste", "nornoroeste", "norte-noroeste"),
    },
    "pt": {
        "N": ("norte",), "NNE": ("nor-nordeste", "nornordeste", "norte-nordeste"),
        "NE": ("nordeste",), "ENE": ("les-nordeste", "leste-nordeste", "es-nordeste"),
        "E": ("leste", "este"), "ESE": ("les-sudeste", "leste-sudeste", "es-sudeste"),
        "SE": ("sudeste", "sueste"), "SSE": ("su-sudeste", "sul-sudeste"),
        "S": ("sul",), "SSW": ("su-sudoeste", "sul-sudoeste"),
        "SW": ("sudoeste",), "WSW": ("oes-sudoeste", "oeste-sudoeste"),
        "W": ("oeste",), "WNW": ("oes-noroeste", "oeste-noroeste"),
        "NW": ("noroeste",), "NNW": ("nor-noroeste", "norte-noroeste"),
    },
}
# Abbreviations (matched case-sensitively on the original text, only next to a wind mention).
COMPASS_ABBREV = {code: code for code in ("N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW",
                                          "WSW", "W", "WNW", "NW", "NNW")}
COMPASS_ABBREV.update({"NO": "NW", "SO": "SW", "NNO": "NNW", "ONO": "WNW", "OSO": "WSW", "SSO": "SSW", "O": "W"})
# Bare words that are also common words: accepted only after these (folded) prepositions.
AMBIGUOUS_DIRECTION: dict[str, dict[str, tuple[str, ...]]] = {"es": {"este": ("del ", "de ", "al ", "el ", "desde ")},
                       "pt": {"este": ("de ", "do ", "ao ", "o ")}}

WIND_WORDS = {
    "en": r"winds?|breezes?|breezy|blowing|gusts?",
    "es": r"vientos?|brisas?|rachas?|rafagas?|soplando|soplara[n]?",
    "pt": r"ventos?|brisas?|rajadas?|soprando|soprara[mo]?",
}
GUST_WORDS = r"gusts?|gusting|rafagas?|rachas?|rajadas?"

# --- temperature -------------------------------------------------------------------------------
HIGH_WORDS = r"highs?|maximum|max|daytime high|maxima|maximas|temperatura maxima|maximo|top(?:ping)? out"
LOW_WORDS = r"lows?|minimum|min|overnight low|minima|minimas|temperatura minima|minimo"
TREND_WORDS = (r"falling|rising|dropping|climbing|cooling|warming|bajando|subiendo|descendiendo|cayendo|"
               r"caindo|subindo|descendo|baixando")
APPARENT_WORDS = r"feels? like|heat index|wind chill|sensacion termica|sensacao termica"
TEMP_WORDS = r"temperatures?|temperaturas?|temps?"

# --- precipitation -----------------------------------------------------------------------------
HUMIDITY_WORDS = r"humidity|humedad|umidade"
PRECIP_PHRASES = {
    "en": r"(?:chance|probability|likelihood|odds|risk)\s+(?:of\s+)?(?:rain|showers?|precipitation|thunderstorms?|storms?)"
          r"|(?:rain|precipitation|shower)\s+(?:chance|probability)",
    "es": r"(?:probabilidad(?:es)?|posibilidad(?:es)?|chance)\s+(?:de\s+)?(?:lluvias?|precipitacion(?:es)?|chubascos?|tormentas?)",
    "pt": r"(?:probabilidade|possibilidade|chance)s?\s+(?:de\s+)?(?:chuvas?|precipitacao|precipitacoes|pancadas de chuva|trovoadas?)",
}
NEGATION = r"\b(?:no|not|without|sin|sem|nao|ni|nem|zero)\s+(?:\w+\s+)?$"

# --- sky ---------------------------------------------------------------------------------------
SKY_WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {
        "thunderstorms": (r"showers and thunderstorms", r"rain and thunderstorms", r"thunderstorms?", r"t-storms?",
                          r"thundershowers?", r"thunder", r"storms?"),
        "snow": (r"snow showers?", r"snow", r"flurries", r"sleet", r"freezing rain"),
        "fog": (r"patchy fog", r"fog", r"foggy", r"haze", r"hazy", r"mist", r"smoke"),
        "rain": (r"rain showers?", r"showers?", r"rain", r"rainy", r"drizzle"),
        "mostly_clear": (r"mostly sunny", r"mostly clear"),
        "partly_cloudy": (r"partly cloudy", r"partly sunny"),
        "cloudy": (r"mostly cloudy", r"cloudy", r"overcast"),
        "clear": (r"sunny", r"sunshine", r"clear(?! (?:that|of|to|from|up|enough)\b)", r"fair"),
    },
    "es": {
        "thunderstorms": (r"chubascos y tormentas(?: electricas)?", r"lluvias? y tormentas(?: electricas)?",
                          r"tormentas? electricas?", r"tormentas?", r"tronadas?"),
        "snow": (r"nevadas?", r"nieve", r"aguanieve"),
        "fog": (r"niebla", r"neblina", r"bruma", r"calima"),
        "rain": (r"chubascos?", r"lluvias?", r"lloviznas?", r"aguaceros?", r"precipitaciones"),
        "mostly_clear": (r"(?:mayormente|mayoritariamente|predominantemente|mayoria) (?:soleados?|despejados?|claros?|asoleados?)",
                         r"casi despejados?"),
        "partly_cloudy": (r"parcialmente (?:nublados?|soleados?|cubiertos?|nubosos?)", r"intervalos nubosos",
                          r"nubosidad parcial", r"nubes y claros"),
        "cloudy": (r"(?:mayormente|predominantemente|muy) (?:nublados?|nubosos?|cubiertos?)", r"nublados?",
                   r"cubiertos?", r"encapotados?", r"nubosos?"),
        "clear": (r"soleados?", r"despejados?", r"asoleados?", r"cielos? claros?"),
    },
    "pt": {
        "thunderstorms": (r"pancadas de chuva (?:com|e) trovoadas?", r"chuvas? (?:com|e) trovoadas?", r"trovoadas?",
                          r"tempestades?", r"temporais"),
        "snow": (r"neve",),
        "fog": (r"nevoeiros?", r"neblina", r"nevoa", r"bruma", r"cerracao"),
        "rain": (r"pancadas de chuva", r"chuvas?", r"chuviscos?", r"garoa", r"aguaceiros?"),
        "mostly_clear": (r"(?:predominantemente|majoritariamente|maioritariamente|quase totalmente) "
                         r"(?:ensolarados?|limpos?|claros?|aberto)", r"quase limpo", r"ceu quase limpo"),
        "partly_cloudy": (r"parcialmente (?:nublados?|ensolarados?|encobertos?)", r"sol entre nuvens",
                          r"nebulosidade parcial"),
        "cloudy": (r"(?:predominantemente|majoritariamente|muito) (?:nublados?|encobertos?)", r"nublados?",
                   r"encobertos?", r"ceu fechado"),
        "clear": (r"ensolarados?", r"ceu limpo", r"ceu claro", r"ceu aberto", r"limpos?(?= (?:durante|o dia|a noite|e\b))"),
    },
}

# What the templates write for each sky category.
SKY_PHRASE = {
    "en": {"clear": "clear skies", "mostly_clear": "mostly clear skies", "partly_cloudy": "partly cloudy skies",
           "cloudy": "cloudy skies", "rain": "rain", "thunderstorms": "thunderstorms", "fog": "fog", "snow": "snow"},
    "es": {"clear": "cielo despejado", "mostly_clear": "cielo mayormente despejado",
           "partly_cloudy": "cielo parcialmente nublado", "cloudy": "cielo nublado", "rain": "lluvia",
           "thunderstorms": "tormentas", "fog": "niebla", "snow": "nieve"},
    "pt": {"clear": "céu limpo", "mostly_clear": "céu predominantemente limpo",
           "partly_cloudy": "céu parcialmente nublado", "cloudy": "céu nublado", "rain": "chuva",
           "thunderstorms": "trovoadas", "fog": "nevoeiro", "snow": "neve"},
}


def alternation(fragments: list[str]) -> str:
    """Longest fragments first, so a phrase beats its own prefix at the same position."""
    return "|".join(sorted(set(fragments), key=lambda f: (-len(f), f)))


def compass_pattern(lang: str) -> tuple[re.Pattern[str], dict[str, str]]:
    names = COMPASS_NAMES.get(lang, COMPASS_NAMES["en"])
    lookup: dict[str, str] = {}
    for code, words in names.items():
        for w in words:
            lookup[w] = code
            lookup[w.replace("-", " ")] = code
            lookup[w.replace("-", "")] = code
    frags = [re.escape(w).replace(r"\-", "-").replace(r"\ ", " ") for w in lookup]
    frags = [f.replace("-", "[- ]?") if "-" in f else f for f in frags]
    return re.compile(r"\b(?:" + alternation(frags) + r")\b"), lookup


def sky_pattern(lang: str) -> tuple[re.Pattern[str], list[tuple[re.Pattern[str], str]]]:
    words = SKY_WORDS.get(lang, SKY_WORDS["en"])
    frags, each = [], []
    for cat, entries in words.items():
        for e in entries:
            frags.append(e)
            each.append((re.compile(r"(?:" + e + r")\Z"), cat))
    # Longest-first by regex text length approximates phrase length well enough for these entries.
    return re.compile(r"\b(?:" + alternation(frags) + r")\b"), each
