"""Precipitation wording the sky reading must not take literally (issue #43, classes 13 and 14).

* **No / negligible precipitation** ("no chance of rain", "virtually no chance of showers",
  "sunny and dry", "sin probabilidad de lluvia", "tiempo seco", "sem chance de chuva",
  "praticamente sem chance de chuva") is a statement about the chance of precipitation, not a
  sky "rain": :func:`none_statements` gives its spans, which the extractor reads as a
  ``precip_chance`` claim ``{"qualitative": "none"}`` (the verifier's bound:
  ``WeatherTolerances.precip_none_max_percent`` / ``precip_none_contradicted_from``).
  Only the plain nouns of rain count ("no thunderstorms" still allows showers), and no claim is
  made when the clause limits it to part of the period ("no rain until 2 pm", "a dry morning").
* **Negated or hedged mentions** (:func:`masked_spans`): "no thunderstorms", "rain is not
  expected", "a low chance of rain", "poca probabilidad de lluvia", "baixa chance de chuva" name
  no sky condition either (and make no claim: "low" has no agreed bound).
* **A percentage binds one precipitation phrase** (:func:`bound_phrases`): in "a chance of rain
  showers, with a 28% chance of precipitation" the 28% is the chance of precipitation, and "a
  chance of rain showers" still names the sky's rain.

All patterns run on folded text (``lexicon.fold``: lower case, no accents).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

_CHANCE = {
    "en": r"(?:chances?|probability|likelihood|risk|odds|threat|possibility|prospect)\s+(?:of|for)\s+(?:any\s+)?",
    "es": r"(?:probabilidad(?:es)?|posibilidad(?:es)?|riesgo|chance|pronostico|prevision)\s+(?:de|del)\s+",
    "pt": r"(?:chances?|probabilidades?|possibilidades?|riscos?|previsao)\s+(?:de|da|do)\s+",
}
# the nouns of rain itself: a "none" statement about these is one about the chance of precipitation
_RAIN = {
    "en": r"(?:rain(?:fall)?|rain showers?|showers?|precipitation|precip)",
    "es": r"(?:lluvias?|precipitacion(?:es)?|chubascos?)",
    "pt": r"(?:chuvas?|precipitac(?:ao|oes)|pancadas de chuva)",
}
# every precipitation word (masked from the sky reading when negated or hedged, never a claim)
_ANY = {
    "en": r"(?:rain(?:fall)?|showers?|precipitation|precip|drizzle|thunderstorms?|t-storms?|storms?|thunder|snow|sleet)",
    "es": r"(?:lluvias?|precipitacion(?:es)?|chubascos?|lloviznas?|tormentas?(?: electricas?)?|nieve|nevadas?)",
    "pt": r"(?:chuvas?|precipitac(?:ao|oes)|pancadas de chuva|chuviscos?|garoa|trovoadas?|tempestades?|neve)",
}
_NONE_Q = {
    "en": r"(?:(?:virtually|almost|practically|essentially|nearly|basically)\s+no|next\s+to\s+no|little\s+(?:or|to)\s+no"
          r"|hardly\s+any|barely\s+any|not\s+any|without\s+any|without|no|zero|nil)",
    "es": r"(?:(?:practicamente|casi)\s+(?:sin|ninguna?)|sin\s+ninguna?|sin|ninguna?|nula|cero)",
    "pt": r"(?:(?:praticamente|quase)\s+(?:sem|nenhuma?)|sem\s+nenhuma?|sem|nenhuma?|nula|zero)",
}
_NIL = {
    "en": r"(?:(?:virtually|essentially|practically|almost|nearly|basically|near|close\s+to)\s+)?"
          r"(?:zero|nil|none|negligible|non-?existent)",
    "es": r"(?:(?:practicamente|casi)\s+)?(?:nula|cero|despreciable|insignificante|inexistente)",
    "pt": r"(?:(?:praticamente|quase)\s+)?(?:nula|zero|desprezivel|insignificante|inexistente)",
}
_COPULA = {"en": r"(?:is|are|will\s+be|remains?|stays?)\s+", "es": r"(?:es|sera|(?:del|de))\s+",
           "pt": r"(?:e|sera|(?:de|da))\s+"}
_CH_HEAD = {"en": r"(?:chances?|probability|likelihood|risk|odds)", "es": r"(?:probabilidad|posibilidad|riesgo|chance)",
            "pt": r"(?:chances?|probabilidade|possibilidade|risco)"}
_NOT_EXPECTED = {
    "en": r"(?:(?:will\s+not|won[’']?t|is\s+not|isn[’']?t|not)\s+(?:expected\s+to\s+|going\s+to\s+|forecast\s+to\s+)?rain\b"
          r"|{R}\s+(?:is|are)\s+not\s+(?:expected|forecast|anticipated|in\s+the\s+forecast)"
          r"|{R}\s+(?:isn[’']?t|aren[’']?t)\s+(?:expected|forecast|anticipated|in\s+the\s+forecast)"
          r"|{R}[\s*_]*:[\s*_]*(?:none|nil|zero|no\b|not\s+expected))",
    "es": r"(?:no\s+(?:se\s+)?(?:esperan?|preven?|pronostican?|anticipan?|hay|habra)\s+(?:{C})?{R}"
          r"|no\s+(?:va\s+a\s+llover|llovera|se\s+espera\s+que\s+llueva)"
          r"|{R}[\s*_]*:[\s*_]*(?:ninguna|nula|no\s+se\s+esperan?))",
    "pt": r"(?:nao\s+(?:ha|havera|se\s+esperam?|sao\s+esperadas?|e\s+esperada|esta\s+prevista|estao\s+previstas)\s+(?:{C})?{R}"
          r"|nao\s+(?:deve|vai|devera)\s+chover|nao\s+chovera"
          r"|{R}[\s*_]*:[\s*_]*(?:nenhuma|nula|nao\s+(?:ha|e\s+esperada)))",
}
# "dry" as the weather of the period, not of the air ("dry air", "calor seco", "clima seco")
_DRY = {
    "en": r"(?:(?:stay|stays|staying|remain|remains|remaining|be|is|looks?|looking|keeps?\s+it|keeping\s+it|turning)\s+dry\b"
          r"|\bdry\s+(?:day|night|weather|conditions|forecast|period|skies|today|tonight|all\s+day|all\s+night|throughout)\b"
          r"|\b(?:{A})\s+(?:and|but)\s+dry\b|\bdry\s+and\s+(?:{A})\b|(?:^|[,:]\s*)dry\s*(?=,|$)|\b(?:rain|precipitation)[- ]free\b)",
    "es": r"(?:(?:tiempo|dia|jornada|noche|condiciones|periodo|pronostico)\s+sec[oa]s?\b"
          r"|(?:mantendra|mantiene|permanecera|permanece|sera|estara|seguira|continuara)\s+(?:el\s+tiempo\s+)?sec[oa]s?\b"
          r"|\b(?:{A})\s+(?:y|pero)\s+sec[oa]s?\b|\bsec[oa]s?\s+y\s+(?:{A})\b)",
    "pt": r"(?:(?:tempo|dia|noite|condicoes|periodo)\s+sec[oa]s?\b"
          r"|(?:permanece|permanecera|continua|continuara|fica|ficara|sera|estara|segue|seguira)\s+(?:o\s+tempo\s+)?sec[oa]s?\b"
          r"|\b(?:{A})\s+(?:e|mas)\s+sec[oa]s?\b|\bsec[oa]s?\s+e\s+(?:{A})\b)",
}
_DRY_PAIR = {
    "en": r"sunny|clear|hot|warm|mild|cool|pleasant|breezy|windy|cloudy|calm|bright|fair|cold|skies|sky|weather",
    "es": r"(?:soleado|despejado|caluroso|calido|templado|fresco|agradable|ventoso|nublado|soleada|despejada|calurosa|"
          r"calida|templada|fresca|ventosa|nublada)s?",
    "pt": r"(?:ensolarad[oa]|quente|limp[oa]|agradavel|amen[oa]|fresc[oa]|nublad[oa]|abafad[oa])s?",
}
# "mostly dry" allows a shower: no bound
_HEDGE = re.compile(r"\b(?:mostly|generally|largely|mainly|partly|relatively|fairly|somewhat|primarily|predominantly|"
                    r"mayormente|mayoritariamente|generalmente|predominantemente|relativamente|principalmente|bastante|"
                    r"majoritariamente|geralmente)\s+$")
_LOW = {
    "en": r"(?:low|small|slim|minimal|minor|little|remote|tiny|very\s+low|very\s+small)\s+",
    "es": r"(?:baja|escasa|minima|poca|remota|pequena|reducida|muy\s+baja)\s+",
    "pt": r"(?:baixa|pequena|minima|pouca|remota|reduzida|muito\s+baixa)\s+",
}
_LOW_AFTER = {"en": r"(?:low|slim|small|minimal|remote|unlikely)", "es": r"(?:baja|escasa|minima|remota|reducida)",
              "pt": r"(?:baixa|pequena|minima|remota|reduzida)"}
_UNLIKELY = {"en": r"{Y}\s+(?:is|are|seems?|looks?)\s+(?:very\s+)?unlikely|unlikely\s+to\s+(?:rain|see\s+(?:any\s+)?{Y})",
             "es": r"(?:{Y})\s+(?:es|son|sera|seran|parece|parecen)?\s*poco\s+probables?",
             "pt": r"(?:{Y})\s+(?:e|sao|sera|serao|parece|parecem)?\s*pouco\s+provave(?:l|is)"}
# a clause limited to part of the period: the statement is no bound on the period's chance
_PART = {
    "en": r"\b(?:after|before|until|till|between|from|later|early|by\s+\d|this\s+(?:morning|afternoon|evening)|"
          r"(?:in|during|through)\s+the\s+(?:morning|afternoon|evening)|morning|afternoon|evening|start|first\s+half|second\s+half)\b",
    "es": r"\b(?:despues|antes|hasta|entre|a\s+partir|desde|mas\s+tarde|manana|tarde|madrugada|primera\s+mitad|segunda\s+mitad|"
          r"inicio|comienzo)\b",
    "pt": r"\b(?:depois|antes|ate|entre|a\s+partir|desde|mais\s+tarde|manha|tarde|madrugada|primeira\s+metade|"
          r"segunda\s+metade|inicio|comeco)\b",
}
# "sin lluvias significativas", "sem chuvas fortes", "won't rain much": some rain, only not much
_ONLY_HEAVY = re.compile(r"\s+(?:significant|heavy|measurable|notable|of\s+note|significativas?|importantes?|intensas?|"
                         r"fuertes?|fortes?|abundantes?|relevantes?|considerables?|consideraveis|apreciables?|"
                         r"torrenciale?s?|torrenciais|volumosas?|much|a\s+lot|heavily|hard|mucho|muito|demasiado)\b")
# every pattern above holds one of these words (a cheap test before the grammar)
_TRIGGER = re.compile(r"\b(?:no|not|non|zero|nil|none|without|never|dry|free|unlikely|hardly|barely|negligible|sin|"
                      r"ningun[ao]?|nula|cero|sec[oa]s?|poco|despreciable|insignificante|inexistente|sem|nenhuma?|nao|"
                      r"pouco|desprezivel)\b|n[’']t\b")
# "low", "mínima" are mostly temperatures: a hedge only beside a word of chance
_SMALL = re.compile(r"\b(?:low|small|slim|minimal|minor|little|remote|tiny|baja|escasa|minima|poca|remota|pequena|"
                    r"reducida|baixa|pouca|reduzida)\b")
_CHANCE_WORD = re.compile(r"\b(?:chances?|probab|posib|possib|likelihood|odds|risk|riesgo|risco)")
_CLAUSE_END = re.compile(r"[,:()\u2013\u2014]|\s-\s|\b(?:but|then|while|although|pero|luego|aunque|mientras|mas|porem|"
                         r"depois|enquanto|embora)\b")


@lru_cache(maxsize=8)
def _grammar(lang: str) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """(none statements, negated or hedged mentions, partial-period words) for one language."""
    lang = lang if lang in _RAIN else "en"
    ch, rain, anyw, q = _CHANCE[lang], _RAIN[lang], _ANY[lang], _NONE_Q[lang]
    none = [
        rf"\b{q}\s+(?:{ch})?{rain}\b",                                              # no chance of rain / sin lluvia
        rf"\b(?:a\s+)?{_NIL[lang]}\s+(?:percent\s+)?{ch}{rain}\b" if lang == "en"
        else rf"\b{_CH_HEAD[lang]}\s+{_NIL[lang]}\s+(?:de|da|do)\s+{rain}\b",          # near-zero chance of rain / probabilidad nula de lluvia
        rf"\b{ch}{rain}\s+(?:{_COPULA[lang]})?{_NIL[lang]}\b",                            # the chance of rain is nil
        _NOT_EXPECTED[lang].format(R=rain, C=ch),                                    # rain is not expected / no se esperan lluvias
        _DRY[lang].format(A=_DRY_PAIR[lang]),                                        # sunny and dry / tiempo seco
    ]
    if lang == "en":
        none.append(rf"\b{rain}\s+chances?\s+{_COPULA[lang]}{_NIL[lang]}\b")         # rain chances are nil
    masked = [
        rf"\b{q}\s+(?:{ch})?{anyw}\b",                                               # no thunderstorms / sin tormentas
        rf"\b{_LOW[lang]}{ch}{anyw}\b",                                             # a low chance of rain
        rf"\b{ch}{anyw}\s+(?:{_COPULA[lang]})?(?:(?:very|muy|muito)\s+)?{_LOW_AFTER[lang]}\b",  # the chance of rain is low
        _UNLIKELY[lang].format(Y=anyw),                                              # rain is unlikely
        _NOT_EXPECTED[lang].format(R=anyw, C=ch),                                   # no se esperan tormentas
        rf"\b{anyw}\s+(?:is|are)\s+not\s+likely" if lang == "en" else r"(?!x)x",
    ]
    return (re.compile("|".join(f"(?:{p})" for p in none)), re.compile("|".join(f"(?:{p})" for p in masked)),
            re.compile(_PART[lang]))


def _clause(sent: str, a: int, b: int) -> str:
    """The clause around sent[a:b] (bounded by commas, brackets, dashes and 'but'/'then')."""
    starts = [m.end() for m in _CLAUSE_END.finditer(sent, 0, a)]
    end = _CLAUSE_END.search(sent, b)
    return sent[starts[-1] if starts else 0: end.start() if end else len(sent)]


def read(sent: str, lang: str) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """(:func:`none_statements`, :func:`masked_spans`) of one sentence; a sentence without a word
    of negation, dryness or smallness has neither (checked first: most sentences)."""
    if not (_TRIGGER.search(sent) or (_SMALL.search(sent) and _CHANCE_WORD.search(sent))):
        return [], []
    none_re, masked, part = _grammar(lang)
    found = list(none_re.finditer(sent))
    return _whole_period(sent, lang, found, part), [m.span() for m in found] + [m.span() for m in masked.finditer(sent)]


def none_statements(sent: str, lang: str) -> list[tuple[int, int]]:
    """Spans (in ``sent``, folded) stating no or negligible precipitation for the whole period."""
    none_re, _masked, part = _grammar(lang)
    return _whole_period(sent, lang, none_re.finditer(sent), part)


def _whole_period(sent: str, lang: str, found: Iterable[re.Match[str]], part: re.Pattern[str]) -> list[tuple[int, int]]:
    out = []
    for m in found:
        a, b = m.span()
        text = m.group(0)
        dry = re.search(r"\bdry\b|\bsec[oa]s?\b", text)
        if dry and re.search(_DRY_PAIR[lang if lang in _DRY_PAIR else "en"], text):
            a, b = a + dry.start(), a + dry.end()  # "mostly sunny and dry": the claim is "dry", the sky stays
        a += len(text) - len(text.lstrip(" ,:")) if not dry else 0
        if _HEDGE.search(sent[:a]) or part.search(_clause(sent, a, b)) or _ONLY_HEAVY.match(sent, b):
            continue  # "mostly dry" allows a shower; "no rain until 2 pm" bounds part of the period only
        out.append((a, b))
    return out


def masked_spans(sent: str, lang: str) -> list[tuple[int, int]]:
    """Spans whose precipitation words name no sky condition: negated, hedged or "none" statements."""
    none_re, masked, _part = _grammar(lang)
    return [m.span() for m in none_re.finditer(sent)] + [m.span() for m in masked.finditer(sent)]


def bound_phrases(phrases: list[tuple[int, int]], percents: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The precipitation phrase each percentage states the chance of: the nearest one in its sentence."""
    bound = []
    for pa, pb in percents:
        near = min(phrases, key=lambda s: max(s[0] - pb, pa - s[1], 0), default=None)
        if near is not None and near not in bound:
            bound.append(near)
    return bound
