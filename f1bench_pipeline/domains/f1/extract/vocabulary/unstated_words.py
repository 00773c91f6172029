"""Words of facts an instance's context cannot state (``extract/unstated.py``), EN/ES/PT.

The contexts state stints, stops, gaps and results: never the weather, championship points or the time
a stop cost. Each pattern is a statement about this race, not a tyre's name ("wet-weather tyres",
"pneus de chuva", "INTERMEDIATE") nor a general remark ("pitting under SC typically reduces the time
loss": ``GENERAL``).
"""

from __future__ import annotations

# Literal pieces, by kind, one of which every match of that kind's pattern holds (lower case): substring tests
# before any regex (a sentence is searched only for the kinds whose pieces it holds).
WEATHER_STEMS = ("wet", "rain", "drying", "dried", "damp", "lluvi", "llov", "mojad", "húmed", "humed", "secando",
                 "secaba", "chuv", "chov", "molhad", "úmid", "umid", "secava")
POINTS_STEMS = ("points", "puntos", "puntu", "pontos", "pontu")
PIT_TIME_STEMS = ("cheap", "free", "cost", "barat", "gratis", "grátis", "gratuit", "menos tiempo", "menos tempo",
                  "poco tiempo", "pouco tempo", "perda", "pérdida", "perdida", "time loss", "time lost")
STEMS = WEATHER_STEMS + POINTS_STEMS + PIT_TIME_STEMS

_COND_EN = r"(?:conditions?|track|surface|race|phase|start|opening|weather|spell|session|running)"
# weather and track conditions: "in wet conditions", "the track was drying", "rain returned", "condiciones
# de lluvia", "pista mojada", "de mojado a seco", "pista molhada", "a pista secava", "condições molhadas"
WEATHER = (
    r"\b(?:wet|damp|rainy|drying|wet[- ]to[- ]dry|wet[- ]dry[- ]wet|dry[- ]to[- ]wet)\s+"
    r"(?:(?!tyres?\b|tires?\b|compounds?\b|intermediates?\b|inters?\b)\w+\s+){0,2}"
    + _COND_EN + r"\b"
    r"|\bin\s+the\s+(?:wet|damp)\b|\btrack\s+(?:was\s+|is\s+|kept\s+|started\s+|began\s+)?(?:drying|dried)\b"
    r"|\b(?:the\s+)?rain\s+(?:returned|came|fell|started|began|stopped|eased|arrived)\b|\breturn\s+of\s+(?:the\s+)?rain\b"
    r"|\b(?:it|when\s+it)\s+(?:rained|started\s+raining|began\s+raining|was\s+raining)\b"
    r"|\bcondiciones\s+(?:de\s+)?(?:lluvia|mojad[oa]s?|h[úu]medas?)\b|\bpista\s+(?:mojada|h[úu]meda)\b|\bpista\s+(?:que\s+)?(?:se\s+)?(?:estaba\s+|iba\s+|fue\s+)?(?:se\s+)?(?:secando|secaba)\b"
    r"|\bbajo\s+(?:la\s+)?lluvia\b|\bde\s+mojado\s+a\s+seco\b|\ben\s+mojado\b|\b(?:llovi[óo]|llov[íi]a|empez[óo]\s+a\s+llover)\b"
    r"|\bcondi[çc](?:[ãa]o|[õo]es)\s+(?:de\s+)?(?:chuva|molhad[ao]s?|[úu]midas?)\b"
    r"|\bpista\s+(?:molhada|[úu]mida)\b|\bpista\s+(?:que\s+)?(?:se\s+)?(?:estava\s+|ia\s+|foi\s+)?(?:se\s+)?(?:secando|secava)\b|\btrecho\s+(?:molhado|[úu]mido)\b"
    r"|\bsob\s+chuva\b|\bde\s+molhado\s+para\s+seco\b|\b(?:choveu|chovia|come[çc]ou\s+a\s+chover)\b"
)
# points: "finished in the points", "a points finish", "scored points", "en puntos", "puntuar", "zona de pontos"
POINTS = (
    r"\b(?:in|into|inside|outside|out\s+of|within|(?:end|edge)\s+of)\s+the\s+points\b|\bpoints[- ](?:finish|paying|scoring|position|"
    r"positions|place|places|zone)\b|\b(?:scor\w+|secur\w+|earn\w*|collect\w*|bank\w*|took|claim\w*)\s+(?:\w+\s+)?points\b"
    r"|\b(?:en|a|dentro\s+de|fuera\s+de|zona\s+de|posici[óo]n\s+de|posiciones\s+de)\s+(?:los\s+)?puntos\b"
    r"|\bpuntu(?:ar|[óo]|aron|ando)\b|\b(?:sum\w+|asegur\w+|consigui\w+|obtuv\w+|logr\w+)\s+(?:\w+\s+)?puntos\b"
    r"|\b(?:nos|aos|fora\s+dos|dentro\s+dos|limite\s+dos|zona\s+de|posi[çc][ãa]o\s+de|posi[çc][õo]es\s+de)\s+pontos\b"
    r"|\bpontu(?:ar|ou|aram|ando)\b|\b(?:marc\w+|garant\w+|conquist\w+|som\w+)\s+(?:\w+\s+)?pontos\b"
)
# a tyre's name, not the conditions: "wet weather tyres"
TYRE_AFTER = r"[\s-]*(?:tyres?|tires?|compounds?|rubber|sets?)\b"
# a purpose, not this race's conditions: "intermediates are designed for wet conditions", "pneus para pista molhada"
PURPOSE_BEFORE = (r"\b(?:for|para|designed|meant|made|built|suited|ideal|pensad[oa]s?|dise[ñn]ad[oa]s?|"
                  r"projetad[oa]s?|feit[oa]s?)\s+(?:for\s+|to\s+|para\s+)?(?:the\s+|a\s+|an\s+|las?\s+|los\s+|os?\s+|"
                  r"as\s+|uma?\s+)?$")
# not points of the race: "key points", "data points", "pontos-chave", "puntos clave"
NOT_POINTS_AFTER = r"[\s-]*(?:key|chave|clave|importantes?|principales?|principais)\b"
_STOP = r"(?:(?:pit\s*)?stops?|pit|parada|paradas|pit\s*stop)"
# time lost or saved in the pits: "a cheap stop", "a free pit stop", "cost him little time", "perdió menos tiempo
# en boxes", "parada barata", "sem perda significativa de tempo"
PIT_TIME = (
    r"(?<![-\w])[\"'“]?(?:cheap|cheaper|free|low-cost)[\"'”]?\s+(?:\w+\s+)?" + _STOP + r"\b"
    r"|\bcost\s+(?:(?:him|her|them|it|\w{3})\s+)?(?:very\s+)?(?:little|less|minimal|almost\s+no|no|hardly\s+any)\s+time\b"
    r"|\bparadas?\s+(?:m[áa]s\s+)?(?:barat[ao]s?|gratis|gr[áa]tis|gratuitas?)\b"
    r"|\bperdi\w*\s+(?:muy\s+)?(?:menos|poco)\s+tiempo\s+en\s+(?:boxes|(?:el\s+)?pit|(?:la\s+)?parada|pits)\b"
    r"|\bperd\w*\s+(?:muito\s+)?(?:menos|pouco)\s+tempo\s+(?:no|nos|na)\s+(?:box|boxes|pit|pits|parada)\b"
    r"|\bsem\s+(?:grande\s+|muita\s+)?perda\s+(?:significativa\s+|relevante\s+|grande\s+)?de\s+tempo\b"
    r"|\bsin\s+(?:gran\s+|mucha\s+)?p[ée]rdida\s+(?:significativa\s+|relevante\s+)?de\s+tiempo\b"
    r"|\b(?:with|at)\s+(?:minimal|little|almost\s+no|no\s+significant|reduced)\s+time\s+(?:loss|lost)\b"
)
# a general remark, not this stop's: "which typically reduces", "normalmente", "suele", "costuma"
GENERAL = (r"\b(?:typically|usually|generally|normally|often|tends?\s+to|normalmente|generalmente|habitualmente|"
           r"suele|suelen|costuma|costumam|geralmente|tipicamente|t[íi]picamente)\b")
# a hedge or a condition: nothing asserted ("likely wet conditions", "if it had rained", "possibly due to a drying track")
HEDGE = (r"\b(?:may|might|could|would|likely|probably|possibly|perhaps|presumably|suggests?|suggesting|if|whether|"
         r"podr[íi]a|quiz[áa]s?|probablemente|posiblemente|sugiere|si|pudo|poderia|provavelmente|possivelmente|"
         r"talvez|sugere|caso|se\s+tivesse|pode\s+ter)\b")
