"""A pace comparison said by an adjective on the average's noun (``extract/pace_compare.py``), EN/ES/PT (#44, fifth
pass), beside ``pace_words``' comparatives ("faster", "más rápido", "mais lento"): "a lower average lap time (81.59s)
compared to his first Soft stint (83.10s)", "a slightly better average lap time (71.36s vs. 71.39s)", "better average
pace than the Medium stint", "a worse average than ALB", "mejor ritmo medio que", "peor media que", "melhor ritmo
médio do que", "ritmo médio superior ao", "média pior". Side a's average lap time is the lower for "better", "lower",
"stronger", "superior", the higher for "worse", "higher", "weaker", "inferior"; the sides are read as for every pace
comparison (a "than"/"compared to" side, or side b by its value in a bracket). Not read: the average's noun with no
adjective ("its average was 81.59s"), a degradation ("lower average degradation": its own comparatives), "better
pace" with no average (a lap's as often as a stint's).
"""

from __future__ import annotations

_EN_NOUN = r"(?:average|avg)\b(?!\s+(?:deg|degrad|tyre\s+wear|tire\s+wear))(?:\s+(?:race\s+|stint\s+)?(?:lap\s+times?|pace|speed|times?))?"
_ES_NOUN = r"(?:ritmo\s+(?:medio|promedio)|medias?|promedios?|tiempos?\s+medios?)\b"
_PT_NOUN = r"(?:ritmo\s+m[ée]dio|m[ée]dias?|tempos?\s+m[ée]dios?)\b"

PACE_LOWER = (r"\b(?:better|lower|stronger)\s+" + _EN_NOUN
              + r"|\bmejor(?:es)?\s+" + _ES_NOUN + r"|\bmelhor(?:es)?\s+" + _PT_NOUN
              + r"|\britmo\s+(?:medio\s+|m[ée]dio\s+)?superior\b|\bm[ée]dias?\s+(?:de\s+volta\s+)?melhor(?:es)?\b"
              + r"|\bmedias?\s+(?:de\s+vuelta\s+)?mejor(?:es)?\b")
PACE_HIGHER = (r"\b(?:worse|higher|weaker)\s+" + _EN_NOUN
               + r"|\bpeor(?:es)?\s+" + _ES_NOUN + r"|\bpior(?:es)?\s+" + _PT_NOUN
               + r"|\britmo\s+(?:medio\s+|m[ée]dio\s+)?inferior\b|\bm[ée]dias?\s+(?:de\s+volta\s+)?pior(?:es)?\b"
               + r"|\bmedias?\s+(?:de\s+vuelta\s+)?peor(?:es)?\b")

# literals one of which every comparative above holds (the rule's cheap prefilter: two words, not "lower" alone, which
# every degradation sentence holds)
_EN = tuple(f"{a} {n}" for a in ("better", "lower", "stronger", "worse", "higher", "weaker") for n in ("average", "avg"))
_ES_PT = tuple(f"{a} {n}" for a in ("mejor", "mejores", "peor", "peores", "melhor", "melhores", "pior", "piores")
               for n in ("ritmo", "media", "média", "promedio", "tiempo", "tempo"))
STEMS = _EN + _ES_PT + ("ritmo superior", "ritmo inferior", "medio superior", "médio superior", "medio inferior",
                        "médio inferior", "media mejor", "medias mejor", "media de vuelta mejor", "media peor",
                        "média melhor", "médias melhor", "média de volta melhor", "média pior", "media melhor",
                        "media pior", "medias peor", "médias pior")
# the adjectives alone: a cheap literal test before the two-word stems are searched
FIRST = ("better", "lower", "stronger", "worse", "higher", "weaker", "mejor", "peor", "melhor", "pior", "superior",
         "inferior")
