"""More comparatives of degradation (``extract/pace_compare.py``), EN/ES/PT, beside ``pace_words``'
"more degradation" / "degraded more": an adjective of severity ("degraded more severely", "a more
severe degradation", "degradación más severa", "degradação mais acentuada") or the verb compared ("se
degradó más", "degradou menos") or the noun's adjective after a copula ("the degradation rate was slightly higher
with MEDIUM tyres (-0.154s/lap) compared to HARD tyres", "his degradation was lower (+0.095s/lap vs +0.109s/lap)"). The comparison is judged on the signed s/lap values, as the gold does
(a more negative value: the laps got faster, less degradation).
"""

from __future__ import annotations

_DEG_NOUN = r"(?:degradation|degradaci[óo]n|degrada[çc][ãa]o|degradacao|desgaste)"
_MORE_ADJ = r"(?:severe|pronounced|marked|significant|aggressive)"
_LESS_ADJ = r"(?:severe|pronounced|marked|significant)"
_ES_PT_HIGH = r"(?:severa|fuerte|forte|pronunciada|acentuada|intensa|r[áa]pida|alta|elevada|agresiva|agressiva)"
_ES_PT_LOW = r"(?:suave|leve|baja|baixa|contenida|contida|moderada)"
_VERB_ES_PT = r"(?:se\s+)?degrad(?:[óo]|aba|aron|aban|ou|ava|aram|avam)"  # "se degradó", "degradou"

# the noun, a copula, then the adjective: "the degradation rate was slightly higher", "su degradación fue mayor",
# "a taxa de degradação foi maior"
_COPULA = (r"(?:\s+rates?)?(?:\s+(?:de|do|da|of)\s+[A-Za-z]{3})?\s+(?:was|were|is|remained|fue|era|fueron|foi|foram)\s+(?:also\s+|tamb[ée]m\s+|tambi[ée]n\s+)?"
           r"(?:slightly\s+|much\s+|far\s+|significantly\s+|clearly\s+|ligeramente\s+|levemente\s+|un\s+poco\s+|"
           r"um\s+pouco\s+|mucho\s+|muito\s+|bem\s+)?")
_NOUN = r"\b(?:" + _DEG_NOUN + r"|deg)"

DEG_HIGHER = (r"\b(?:more\s+" + _MORE_ADJ + r"|steeper|harsher|sharper)\s+(?:tyre\s+|tire\s+)?" + _DEG_NOUN
              + r"\b|\b" + _DEG_NOUN + r"\s+(?:m[áa]s|mais)\s+" + _ES_PT_HIGH + r"\b|\b" + _VERB_ES_PT
              + r"\s+(?:mucho\s+|muito\s+|bastante\s+)?(?:m[áa]s|mais)\b"
              + r"|" + _NOUN + _COPULA + r"(?:higher|greater|worse|mayor|peor|maior|pior)\b")
DEG_LOWER = (r"\b(?:less\s+" + _LESS_ADJ + r"|gentler|milder)\s+(?:tyre\s+|tire\s+)?" + _DEG_NOUN
             + r"\b|\b" + _DEG_NOUN + r"\s+(?:m[áa]s|mais)\s+" + _ES_PT_LOW + r"\b|\b" + _DEG_NOUN
             + r"\s+(?:menos|menor)\s+(?:severa|pronunciada|acentuada|intensa)\b|\b" + _VERB_ES_PT
             + r"\s+(?:mucho\s+|muito\s+|bastante\s+)?menos\b"
             + r"|" + _NOUN + _COPULA + r"(?:lower|smaller|better|menor|mejor|melhor)\b")
