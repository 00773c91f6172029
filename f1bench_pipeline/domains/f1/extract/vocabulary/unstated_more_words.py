"""More wordings of the facts no context states (``extract/unstated.py``), EN/ES/PT, beside ``unstated_words``.

The third pass's reading of the tune text: a dry race or track ("what became a dry race", "a now-dry
track", "pista seca", "corrida seca"), mixed or changing conditions ("in wet or mixed conditions",
"condiciones cambiantes"), a place in the points said by its end ("in the lower points", "zona baja de
los puntos"), missed points ("missed out on points", "sin puntuar"), and the time a stop lost said by a
past verb or a stop's time ("minimized the usual time penalty", "with minimal pit lane time penalty",
"a longer stop time", "a slow stop", "minimizó la pérdida de tiempo", "parada lenta"). Not read: the
strategy's time in the pits ("the one-stop strategy minimized time lost in the pits", "total pit lane
time": ``STRATEGY_BEFORE``), a present-tense property ("pitting under SC minimizes time loss": a general remark),
"dry tyres"/"dry stint" (a tyre, which the context names), a tyre named by its conditions
("neumáticos de pista seca", "pneus para pista seca": ``TYRE_BEFORE``), "minor points" (a remark).
"""

from __future__ import annotations

# Literal pieces, by kind, one of which every match of that kind's pattern holds (lower case); whole phrases,
# not "dry" or "lento" alone (frequent words: the kind's regex would run on most sentences).
WEATHER_STEMS = ("dry race", "dry track", "dry conditions", "dry surface", "now dry", "fully dry", "completely dry",
                 "was dry", "became dry", "become dry", "is dry", "mixed conditions", "mixed track", "mixed weather",
                 "changing conditions", "changing track", "changing weather", "changeable", "variable conditions",
                 "variable track", "variable weather", "pista seca", "carrera seca", "corrida seca", "tiempo seco",
                 "tempo seco", "ya seca", "já seca", "ja seca", "completamente seca", "se secó", "se seco", "secou", "mixtas", "cambiantes", "condiciones variables", "secas",
                 "de seco", "ão seca", "ao seca", "mistas", "variáveis", "variaveis", "instáveis", "instaveis")
POINTS_STEMS = ("points", "puntos", "puntuar", "pontos", "pontuar")
PIT_TIME_STEMS = ("minimized", "minimised", "minimizó", "minimizo", "minimizou", "time penalty", "stop time", "slow stop", "slow pit", "parada lenta", "paradas lentas",
                  "stop lento", "stops lentos")
STEMS = WEATHER_STEMS + POINTS_STEMS + PIT_TIME_STEMS

# a dry race or track, mixed or changing conditions: "what became a dry race", "a now-dry track", "the
# track was fully dry", "wet or mixed conditions", "pista seca", "condiciones cambiantes", "corrida seca"
WEATHER = (
    r"\b(?:now[- ]|fully\s+|completely\s+)?dry\s+(?:race|track|conditions|surface)\b"
    r"|\btrack\s+(?:was|became|had\s+become|is)\s+(?:now\s+|fully\s+|completely\s+)?dry\b"
    r"|\b(?:mixed|changing|changeable|variable)\s+(?:track\s+|weather\s+)?conditions\b"
    r"|\b(?:pista|carrera)\s+(?:ya\s+|completamente\s+)?seca\b|\bpista\s+se\s+sec[óo]\b|\btiempo\s+seco\b"
    r"|\bcondiciones\s+(?:secas|de\s+seco|mixtas|cambiantes|variables)\b"
    r"|\b(?:pista|corrida)\s+(?:j[áa]\s+|completamente\s+)?seca\b|\bpista\s+secou\b|\btempo\s+seco\b"
    r"|\bcondi[çc](?:[ãa]o|[õo]es)\s+(?:secas?|mistas|vari[áa]veis|inst[áa]veis)\b"
)
# the whole strategy's time in the pits, not a stop's: "the one-stop strategy minimized time lost in the pits",
# "the long stint minimized total pit stop time loss", "apenas uma parada minimizou o tempo perdido" (the human
# gold labels no claim there); said of a time loss ("a strategic benefit, allowing a free stop" is a stop's)
STRATEGY_BEFORE = (r"\b(?:strateg(?:y|ies)|estrat[ée]gias?|one[- ]stop|single[- ]stop|sola\s+parada|[úu]nica\s+parada|"
                   r"apenas\s+uma\s+parada|stint|tanda|total|overall)\b")
# a tyre named by the conditions it is for, right before the phrase: "neumáticos de pista seca", "pneus
# para pista seca", "tyres for a dry track"
TYRE_BEFORE = (r"\b(?:neum[áa]ticos?|gomas?|pneus?|compuestos?|compostos?|ruedas?|tyres?|tires?|slicks?)\s+"
               r"(?:de|para|for)\s+(?:la\s+|a\s+|the\s+|una\s+|uma\s+)?$")
# a place in the points by its end, missed points: "in the lower points", "missed out on points", "zona
# baja de los puntos", "sin puntuar", "parte baixa dos pontos", "sem pontuar"
POINTS = (
    r"\b(?:in|into)\s+the\s+(?:lower|bottom|upper|top)\s+points\b|\b(?:lower|bottom|upper)\s+(?:end|half|reaches)\s+"
    r"of\s+the\s+points\b|\bmiss\w*\s+(?:out\s+on\s+)?(?:the\s+)?points\b"
    r"|\b(?:zona|parte)\s+(?:baja|alta)\s+de\s+(?:los\s+)?puntos\b|\bsin\s+puntuar\b"
    r"|\b(?:zona|parte)\s+(?:baixa|alta)\s+d(?:os|e)\s+pontos\b|\bsem\s+pontuar\b"
)
_PIT = r"(?:pit[- ]?(?:lane|stop)\s+)?"
# the time a stop lost, by a past verb or a stop's time: "minimized the usual time penalty", "with minimal
# pit lane time penalty", "a longer stop time", "a slow stop", "minimizó la pérdida
# de tiempo", "con una pérdida mínima de tiempo", "parada lenta", "minimizou a perda de tempo"
PIT_TIME = (
    r"\bminimi[sz]ed\s+(?:the\s+|his\s+|her\s+|its\s+|their\s+)?(?:usual\s+|normal\s+|typical\s+)?" + _PIT +
    r"time\s+(?:loss|lost|penalty)\b"
    r"|\b(?:with|at)\s+(?:a\s+)?(?:minimal|minimum|little|reduced|almost\s+no|no)\s+" + _PIT +
    r"time\s+(?:loss|lost|penalty)\b"
    r"|\b(?:longer|shorter|slower|quicker)\s+(?:pit[- ]?)?stop\s+time\b"
    r"|\bslow\s+(?:pit[- ]?)?stop\b"
    r"|\bminimiz[óo]\s+(?:la\s+)?p[ée]rdida\s+de\s+tiempo\b|\bminimizou\s+(?:a\s+)?perda\s+de\s+tempo\b"
    r"|\bminimiz[óo]\s+el\s+tiempo\s+perdido\b|\bminimizou\s+o\s+tempo\s+perdido\b"
    r"|\bcon\s+(?:una\s+)?(?:m[íi]nima|reducida)\s+p[ée]rdida\s+de\s+tiempo\b"
    r"|\bcom\s+(?:uma\s+)?(?:m[íi]nima|reduzida)\s+perda\s+de\s+tempo\b"
    r"|\b(?:con|com)\s+(?:una\s+|uma\s+)?(?:p[ée]rdida|perda)\s+(?:de\s+tiempo\s+|de\s+tempo\s+)?(?:m[íi]nima|reducida|reduzida)\b"
    r"|\bparadas?\s+lentas?\b|\bpit[- ]?stops?\s+lentos?\b"
)
