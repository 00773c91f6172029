"""Words of a stint's average pace and degradation, and of comparisons of them (``extract/pace.py``); data only.

Regex fragments, lower case, the three languages together (a model mixes "pace" and "deg" into
Spanish and Portuguese answers). Each window is searched in a bounded stretch of one clause.
"""

from __future__ import annotations

# Substrings one of which a sentence holding a pace or degradation claim contains: the cheap
# prefilter run before any pattern (lower case).
PACE_STEMS = ("avg", "averag", "mean", "pace", "promedi", "media", "média", "ritmo", "tempo médio", "tiempo medio",
              "deg", "desgaste", "drop-off", "fall-off", "pace loss", "/lap", "/vuelta", "/volta", "per lap",
              "por vuelta", "por volta", "/v", "faster", "quicker", "slower", "rápid", "lent", "fastest", "quickest",
              "slowest", "lowest", "highest")

# A word naming an average lap time, before its number in the clause: "OCO's MEDIUM stint average
# (77.20s)", "avg 98.76s", "su stint 1 promedió 90.59s", "ritmo medio de 124.05 s", "média de 81.34s".
PACE_CUE = (r"\bavg\b|\baverag\w*|\bmean\b|\bpace\b|\bpromedi\w*|\bmedia\b|\bmédia\b|\bmedio\b|\bmédio\b|\britmo\b|"
            r"\bstint\s+time")
# The same cue written after its number: "82.56s de média", "87.1s on average", "91.2 s en promedio".
PACE_CUE_AFTER = (r"\s*(?:s|secs?|seconds?|segundos?)?\)?\s*(?:de\s+m[ée]dia|em\s+m[ée]dia|on\s+average|"
                  r"en\s+promedio|de\s+promedio|average\b|avg\b)")
# A time of one lap, or of the whole race, not a stint's average: "his fastest lap", "a 1:35.2 on lap 23",
# "median green-flag pace" (a defense's), "in-lap", "out-lap", "best lap", "la vuelta rápida", "a melhor volta".
LAP_LEVEL = (r"\bfastest\s+lap|\bquickest\s+lap|\bbest\s+lap|\bslowest\s+lap|\bmedian\b|\bmediana\b|\bin-?lap|"
             r"\bout-?lap|\bvuelta\s+(?:m[áa]s\s+)?r[áa]pida|\bmejor\s+vuelta|\bvolta\s+(?:mais\s+)?r[áa]pida|"
             r"\bmelhor\s+volta|\bsingle\s+lap|\bone\s+lap|\bfirst\s+lap|\blast\s+lap|\bprimera\s+vuelta|"
             r"\búltima\s+vuelta|\bprimeira\s+volta|\búltima\s+volta|\bqualif\w*|\bclasifica\w*|\bpole\b|"
             # a few laps counted, not a stint: "in his last 2 laps", "en las últimas vueltas", "nas primeiras 3 voltas"
             # (five laps at most: "the final 25 laps" is a stint)
             r"\b(?:last|final|first|opening|closing)\s+(?:[1-5]|two|three|four|five|few|couple\s+of)\s+laps\b|"
             r"\búltimas?\s+(?:[1-5]\s+|dos\s+|duas\s+|tres\s+|três\s+)?(?:vueltas|voltas)\b|"
             r"\bprimeras?\s+(?:[1-5]\s+|dos\s+|tres\s+)?vueltas\b|\bprimeiras?\s+(?:[1-5]\s+|duas\s+|três\s+)?voltas\b|"
             # an average over the whole race is no stint's: "the overall average of 70.44 s", "media global"
             r"\boverall\b|\bwhole\s+race|\bentire\s+race|\bfull\s+race|\brace\s+average|\bglobal\b|\bgeneral\b|"
             r"\btoda\s+la\s+carrera|\bcorrida\s+inteira|\btoda\s+a\s+corrida|\bgeral\b")
# A lap named in the clause before the number ("on lap 23", "vuelta 23", "L23"), or a range of laps
# (group 2: its end, "lap 17-18 avg"; a stint's long range, "laps 1-19", is told apart by its length).
LAP_NAMED = (r"\b(?:lap|laps|vuelta|vueltas|volta|voltas|giro|giros|l)\s*(\d{1,2})(?!\d)"
             r"(?:\s*(?:-|to|a|al|e|y|and)\s*(?:l\s*)?(\d{1,2})(?!\d))?")
# A lap named right after the number: "95.2s on lap 23", "(lap 23)".
LAP_AFTER = (r"\s*(?:s|secs?|seconds?|segundos?)?\s*(?:\(\s*|on\s+|in\s+|en\s+(?:la\s+)?|na\s+|no\s+)?"
             r"(?:lap|vuelta|volta|giro)\s+\d")

# A word naming degradation, before its per-lap number in the clause: "deg +0.421s/lap",
# "degradación de -0.106 s/vuelta", "degradação de +0.012s/lap", "a pace loss per lap of ...".
DEG_CUE = (r"\bdeg\b|\bdegrad\w*|\bdesgaste\b|\bdrop-?off\b|\bfall-?off\b|\bpace\s+loss\b|\btyre\s+wear\b|"
           r"\btire\s+wear\b")
# A per-lap figure that states a gain or a difference, not a degradation, even after a degradation word:
# "ganó 0.5 s por vuelta", "a gap of", "delta", "diferencia", "diferença" ("degraded faster (+0.083s/lap vs.
# HAM's +0.069s/lap)" and "higher than OCO's (+0.041s/lap)" are degradations).
PER_LAP_NOT_DEG_AFTER_CUE = (r"\bgap\b|\bdelta\b|\bdifference\b|\bdiferencia\b|\bdiferença\b|\bgain\w*|"
                             r"\bgan[óo]\w*|\bganh\w*|\blost\b|\blos(?:ing|es)\b|\bperd\w*")
# ... and, for a signed figure with no degradation word, a comparative before it ("faster by +0.3 s/lap")
PER_LAP_NOT_DEG_BEFORE = (PER_LAP_NOT_DEG_AFTER_CUE + r"|\bfaster\b|\bslower\b|\bquicker\b|"
                          r"\bm[áa]s\s+(?:r[áa]pido|lento)|\bmais\s+(?:r[áa]pido|lento)|\bthan\b|\bque\b|\bdo\s+que\b")

# Degradation stated only by its sign class: (sign, pattern). 0 is "close to zero".
_DEG = r"(?:degradation|degradación|degradacion|degradação|degradacao|desgaste|deg)"
_COPULA = r"(?:\s+(?:was|is|were|remained|stayed|era|fue|fueron|foi|foram|é|se\s+mantuvo|ficou))?"
_ADV = r"(?:\s+(?:very|slightly|clearly|actually|muy|ligeramente|levemente|claramente|bem|muito|mesmo))?"
_NEG = r"(?:negative|negativa|negativo)"
_POS = r"(?:positive|positiva|positivo)"
_ZERO = (r"(?:close\s+to\s+zero|near[\s-]zero|near\s+zero|almost\s+zero|virtually\s+zero|essentially\s+zero|"
         r"casi\s+nula|casi\s+cero|cercana\s+a\s+cero|pr[óo]xima\s+a\s+cero|pr[áa]cticamente\s+nula|"
         r"quase\s+nula|quase\s+zero|pr[óo]xima\s+de\s+zero|perto\s+de\s+zero|praticamente\s+nula)")
DEG_SIGN = ((-1, r"\b" + _NEG + r"\s+" + _DEG + r"\b|\b" + _DEG + _COPULA + _ADV + r"\s+" + _NEG + r"\b"),
            (1, r"\b" + _POS + r"\s+" + _DEG + r"\b|\b" + _DEG + _COPULA + _ADV + r"\s+" + _POS + r"\b"),
            (0, r"\b" + _ZERO + r"\s+" + _DEG + r"\b|\b" + _DEG + _COPULA + _ADV + r"\s+" + _ZERO))

# Comparatives. Pace: side a's average lap time lower ("faster") or higher ("slower") than side b's.
PACE_LOWER = r"\bfaster\b|\bquicker\b|\bm[áa]s\s+r[áa]pid[oa]s?\b|\bmais\s+r[áa]pid[oa]s?\b"
PACE_HIGHER = r"\bslower\b|\bm[áa]s\s+lent[oa]s?\b|\bmais\s+lent[oa]s?\b"
# Degradation: more / less of it ("LAW had more degradation than OCO", "menos degradação").
_DEG_OR_LOSS = r"(?:" + _DEG + r"|pace\s+loss)"  # "a higher pace loss per lap": more degradation
DEG_HIGHER = (r"\b(?:more|higher|greater|worse|heavier)\s+(?:tyre\s+|tire\s+)?" + _DEG_OR_LOSS + r"\b|\b(?:m[áa]s|mayor)\s+"
              + _DEG + r"\b|\b(?:mais|maior)\s+" + _DEG + r"\b|\bdegraded\s+more\b")
DEG_LOWER = (r"\b(?:less|lower|smaller|better|lighter)\s+(?:tyre\s+|tire\s+)?" + _DEG_OR_LOSS + r"\b|\b(?:menos|menor)\s+"
             + _DEG + r"\b|\bdegraded\s+less\b")
# The words linking a comparative to its second side: "than", "que", "do que" (not "vs": "faster (81.34s vs.
# 83.28s on the MEDIUM)" lists the values, it names no side).
THAN = r"\bthan\b|\bque\b|\bfrente\s+a\b|\bcomparado\s+(?:a|al|ao|com|con)\b|\bcompared\s+(?:to|with)\b"
# A superlative: "his fastest stint", "the lowest degradation", "el stint más rápido".
PACE_LOWEST = r"\bfastest\b|\bquickest\b|\bm[áa]s\s+r[áa]pid[oa]\s+de\b|\bmais\s+r[áa]pid[oa]\s+de\b"
PACE_HIGHEST = r"\bslowest\b"
DEG_LOWEST = r"\b(?:lowest|least|smallest)\s+" + _DEG + r"|\bmenor\s+" + _DEG
DEG_HIGHEST = r"\b(?:highest|most|greatest|heaviest|worst)\s+" + _DEG + r"|\bmayor\s+" + _DEG + r"|\bmaior\s+" + _DEG
# The scope of a superlative: the race ("of the race", "de la carrera", "da corrida", "of the field",
# "of anyone") or the driver's own stints ("his", "of his stints", "de sus stints", "of the three stints").
SCOPE_RACE = (r"\bof\s+the\s+(?:race|field|grid)\b|\bin\s+the\s+(?:race|field)\b|\bof\s+anyone\b|\bde\s+la\s+carrera\b|"
              r"\bdel\s+pelotón\b|\bda\s+corrida\b|\bdo\s+grid\b|\bde\s+todos\b")
SCOPE_DRIVER = (r"\bhis\s+(?:\w+\s+)?(?:fastest|quickest|slowest|lowest|highest)\b|\bof\s+(?:his|the\s+\w+)\s+stints\b|"
                r"\bde\s+sus\s+stints\b|\bdos\s+seus\s+stints\b|\bde\s+los\s+\w+\s+stints\b|\bdos\s+\w+\s+stints\b|"
                r"\b(?:race\s+)?data\s+(?:provided|shown|given)|\bstints\s+listed\b|\bsu\s+stint\s+más\b|\bseu\s+stint\s+mais\b")
