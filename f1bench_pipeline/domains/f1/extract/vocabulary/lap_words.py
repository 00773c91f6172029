"""Words of a lap-level pace claim (``extract/lap_pace.py``), EN/ES/PT: a single lap or a short
stretch of laps that is no whole stint, and the pace words said of it.

Regex sources, compiled by ``lap_pace.py`` on the lower-cased answer.
"""

from __future__ import annotations

# Literal pieces, one of which a sentence must hold for the lap-pace rule to look further (a substring
# test before any regex): an out/in-lap, a demonstrative or counted lap, a lap range.
STEMS = ("lap", "vuelta", "volta")

# An out-lap or in-lap: "out-lap", "outlap", "in-lap", "inlap" ("in lap 23" is a preposition: no
# hyphen, no match), "vuelta de salida/entrada", "volta de saída/entrada".
OUT_IN_LAP = (r"\b(?:out|in)-?laps?\b|\bvueltas?\s+de\s+(?:salida|entrada)\b|\bvoltas?\s+de\s+(?:sa[íi]da|entrada)\b")

# A speed word said of a lap: before it ("a fast out-lap", "a slower in-lap") ...
SPEED_BEFORE = (r"\b(?:fast|faster|quick|quicker|slow|slower|strong|stronger|weak|weaker|rapid|blistering|"
                r"mighty|poor)\s+$")
# ... or after it, in its phrase or as its predicate ("vuelta de salida rápida", "OCO's outlap on
# fresh MEDIUM tires (lap 17) was slower than", "sua volta de saída foi mais lenta").
SPEED_AFTER = (r"\s*(?:m[áa]s\s+|mais\s+|muy\s+|muito\s+)?(?:r[áa]pid[ao]s?|lent[ao]s?|veloz|fuerte|forte)\b|"
               r"[^.;:\n]{0,50}?\b(?:was|were|is|fue|era|foi)\s+(?:\w+\s+)?(?:much\s+|far\s+|mucho\s+|muito\s+|"
               r"m[áa]s\s+|mais\s+)?(?:faster|slower|quicker|fast|slow|quick|stronger|weaker|r[áa]pid[ao]s?|lent[ao]s?)\b")
# A driver's own lap: a verb frame between the driver and the lap ("allowed him to set a fast
# out-lap", "OCO did a quick in-lap", "HAD hizo una vuelta de salida rápida", "fez uma volta de saída").
OWN_LAP_VERB = (r"\b(?:set|sets|setting|did|do|does|doing|had|have|has|ran|run|runs|running|made|make|makes|making|"
                r"completed|complete|produced|produce|delivered|deliver|put\s+in|puts\s+in|managed|hizo|hace|marc[óo]|"
                r"complet[óo]|rod[óo]|tuvo|tiene|fez|faz|marcou|completou|teve|tem)\s+(?:a|an|una|uma|un|um|su|sua|"
                r"his|her)?\s*(?:\w+\s+)?$")

# A lap pointed at ("on that lap", "en esa vuelta crítica", "nessa volta"), or a few laps counted
# ("in his last 2 laps", "las últimas dos vueltas", "nas primeiras 3 voltas"): five at most, as
# ``pace_words.LAP_LEVEL`` counts them.
THAT_LAP = (r"\b(?:that|this)\s+(?:\w+\s+)?lap\b|\b(?:esa|esta|aquella)\s+vuelta\b|\b(?:essa|nessa|esta|nesta|aquela|"
            r"naquela)\s+volta\b")
COUNTED = (r"\b(?:last|final|first|opening|closing)\s+(?:[1-5]|two|three|four|five|couple\s+of)\s+laps\b|"
           r"\b[úu]ltimas\s+(?:[1-5]|dos|duas|tres|três)\s+(?:vueltas|voltas)\b|"
           r"\bprimeras\s+(?:[1-5]|dos|tres)\s+vueltas\b|\bprimeiras\s+(?:[1-5]|duas|três)\s+voltas\b")
# A short range of laps ("lap 17-18", "laps 11 to 12", "vueltas 23-24", "voltas 9 e 10"); the rule
# keeps ranges of fewer than ``SHORT_RANGE_LAPS`` laps (pace_cues.py): "laps 1-19" is a stint.
RANGE = (r"\b(?:lap|laps|vuelta|vueltas|volta|voltas)\s*(\d{1,2})\s*(?:-|–|to|a|al|e|y|and)\s*(\d{1,2})(?!\d)")
# One lap named right before or after a time: "on lap 23", "(lap 17)", "en la vuelta 23", "na volta 23".
ONE_LAP = r"\b(?:lap|vuelta|volta)\s+(\d{1,2})(?!\d)(?!\s*(?:-|–|to|a|al|e|y|and)\s*\d)"

# A pace advantage said of a driver ("gained a significant pace advantage", "ventaja de ritmo",
# "vantagem de ritmo"), beside the comparatives of ``pace_words`` (faster, más lento, mais rápido).
PACE_EDGE = (r"\bpace\s+(?:advantage|deficit|edge)\b|\bventaja\s+de\s+ritmo\b|\bvantagem\s+de\s+ritmo\b|"
             r"\bdesventaja\s+de\s+ritmo\b|\bdesvantagem\s+de\s+ritmo\b")

# A defense's context states its drivers' median pace over the laps of the run: a sentence about it
# is no lap-level claim.
STATED_RUN = r"\bmedian|\bmediana|green-?flag"
