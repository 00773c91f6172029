"""Words of the race-order claims (``extract/lap_difference.py``, ``extract/race_order.py``): lap
differences between stops, laps to go, stops under a neutralisation, positions around the stops.

Data only: regex fragments ("|"-separated alternatives) per language; ``race_words(name)`` joins the
three languages (models mix English words into Spanish and Portuguese answers). Kept apart from the
per-language vocabularies, which are near their size limit.
"""

from __future__ import annotations

from functools import cache

_EN: dict[str, str] = {
    # a report of the data ("the data does not show that ..."): what follows is not said of the race
    "evidence": r"show|shows|indicate|indicates|confirm|confirms|prove|proves|establish|establishes|support|supports",
    # after "<N> lap(s)": the direction of the difference
    "earlier": r"earlier|sooner|before",
    "later": r"later|after",
    "longer": r"longer|more|further|extra",  # only after a stay-out verb: "stayed out one lap longer"
    "rival_prep": r"than|that of|from",
    # a stay-out verb before "N laps longer": the driver's stop came later
    "stay_out": r"stayed out|stay out|staying out|stays out|remained out|remained on track|stayed on track|"
                r"(?:extended|extending|stretched|stretching) (?:his|her|their|the) (?:first|opening) stint|went longer",
    # a stop stated as a phrase the stop words do not cover
    "stop_phrase": r"came into the pits|came in",
    # "with 16 laps to go", "16 laps remaining"
    "to_go": r"to go|remaining|left",
    "to_go_before": r"with|leaving",
    # neutralisations
    "sc": r"safety[- ]car|\bsc\b",
    "vsc": r"virtual safety[- ]car|\bvsc\b",
    "under": r"under(?: the| a)?|during(?: the| a)?|behind(?: the)?|with(?: the| a)?|in(?: the| a)?",
    "green": r"under green(?: flag)?|green[- ]flag|normal conditions|racing conditions",
    "no_sc": r"no safety[- ]car|no sc\b|no vsc\b|without (?:a |any )?safety[- ]car|no neutrali[sz]ation",
    # positions around the stops
    "ahead": r"ahead of|in front of|clear of",
    "behind": r"behind",
    # (a demonstrative or "both" names the same stops: "before these stops", "after this pit sequence")
    "when_before": r"(?:before|prior to) (?:the|these|this|those|both|their) (?:stops?|pit ?stops?|pit phase|pit cycle|"
                   r"pit sequence|pit window|sequence|exchange|undercut|"
                   r"overcut)|pre-stops?|pre-pit",
    "when_after": r"(?:after|following) (?:the|these|this|those|both) (?:stops?|pit ?stops?|pit phase|pit cycle|"
                  r"pit sequence|pit window|sequence|exchange|undercut|"
                  r"overcut)|"
                  r"post-stops?|post-pit|after (?:his|their|her) (?:stops?|pit ?stops?)|after them|after that|"
                  r"afterwards?|thereafter|"
                  # a change across the exchange: "jumped ahead of GAS through the pit stops" (fifth pass)
                  r"(?:through|via|across) (?:the|these|both|their) (?:stops|pit ?stops|pit sequence|pit cycle|"
                  r"pit exchange|pit phase|stop sequence)",
    "emerge": r"emerged|came out|rejoined|exited|came back out",
    # an order that held on ("OCO remained ahead", "(STR still behind)"): of the battle, after the stops
    "continued": r"remained|remains|stayed|stays|still|continued|was still|maintained (?:(?:his|her|its|the) )?"
                 r"(?:track )?position",
    # an order held over a stretch of laps, not through the stops: "stayed ahead until lap 31"
    "stretch": r"until|till|while|whilst|during|for \d+ laps|on lap|laps? \d|stint|to stay|to remain",
    "finish": r"finished|finishing|crossed the line|came home|ended the race|was classified|classified",
    "lead_kept": r"extended|increased|grew|stretched|built",
    "lead_noun": r"lead|advantage",
    "gain_pos": r"gained|gain|gaining|gains|took",  # ("took the position from GAS")
    "lose_pos": r"lost|lose|losing|loses",
    "position_noun": r"(?:track |a |the |one )?(?:position|place|spot)",
    "deny": r"did not|didn't|does not|doesn't|never|failed to|not",
    # a driver right after one of these is an object, not the subject of what follows
    "object_prep": r"of|to|on|over|than|from|with|for|vs\.?|versus|against",
}

_ES: dict[str, str] = {
    "evidence": r"muestra|muestran|indica|indican|confirma|confirman|demuestra|demuestran|permite afirmar|"
                r"permiten afirmar|permite concluir|permiten concluir",
    "earlier": r"antes|más temprano|mas temprano",
    "later": r"después|despues|más tarde|mas tarde",
    "longer": r"más|mas",
    "rival_prep": r"que|de|respecto a|respecto de",
    "stay_out": r"se quedó|quedándose|quedandose|permaneció|permanecer|aguantó|seguía en pista|siguió en pista|"
                r"continuó en pista|(?:estiró|alargó|extendió|extender|estirar|alargar) (?:su|el) (?:primer|stint inicial)"
                r"(?: stint)?",
    "stop_phrase": r"entró a boxes|entró en boxes|pasó por boxes|hizo su parada|hizo la parada|hizo su pit ?stop",
    "to_go": r"restantes|para el final|por disputar",
    "to_go_before": r"a falta de|faltando|quedando|restando|cuando faltaban|cuando quedaban",
    "sc": r"safety[- ]car|coche de seguridad|auto de seguridad|\bsc\b",
    "vsc": r"virtual safety[- ]car|safety[- ]car virtual|coche de seguridad virtual|\bvsc\b",
    "under": r"bajo(?: el| un)?|durante(?: el| un)?|con(?: el| un)?|en(?: el| un)?|en condiciones de",
    "green": r"condiciones normales|bandera verde|en verde",
    "no_sc": r"sin safety[- ]car|sin coche de seguridad|sin sc\b|sin vsc\b|ningún safety[- ]car|no hubo safety[- ]car",
    "ahead": r"por delante de|delante de|al frente de",
    "behind": r"por detrás de|detrás de|detras de",
    # "los pit stops", "el pit stop": the borrowed nouns take the masculine article
    "when_before": r"antes de (?:las|los|sus|la|el|su|estas|esas|esta|esa|ambas) (?:paradas?|detenciones|pit ?stops?|boxes)",
    "when_after": r"(?:después de|despues de|tras) (?:las|los|sus|la|el|su|estas|esas|esta|esa|ambas) "
                  r"(?:paradas?|detenciones|pit ?stops?|boxes)|(?:a través de|mediante) (?:las|los|sus|ambas) "
                  r"(?:paradas|pit ?stops|secuencia de paradas)|"
                  r"después(?! de)|despues(?! de)|tras ellas|luego",
    "emerge": r"salió|salio|volvió a pista|quedó|pasó a|paso a",  # ("pasó a estar por delante": came to be ahead)
    "continued": r"siguió|siguio|seguía|seguia|sigue|continuó|continuo|continuaba|permaneció|permanecio|se mantuvo|"
                 r"se mantenía|todavía|todavia|aún|aun|mantuvo (?:su |la )?posición",
    "stretch": r"hasta|mientras|durante|por \d+ vueltas|en la vuelta|vueltas? \d|tanda|stint|para seguir|"
               r"para mantenerse|para permanecer",
    "finish": r"terminó|termino|acabó|finalizó|cruzó la meta|se clasificó",
    "lead_kept": r"amplió|amplio|aumentó|aumento|extendió",
    "lead_noun": r"ventaja",
    "gain_pos": r"ganó|gano|ganar|ganando|le quitó|le arrebató",  # ("le quitó la posición a GAS")
    "lose_pos": r"perdió|perdio|perder|perdiendo",
    "position_noun": r"(?:una |la )?(?:posición|posicion|plaza|puesto)",
    "deny": r"no|nunca",
    "object_prep": r"respecto a|respecto de|sobre|frente a|contra|ante|a|de|con|para",
}

_PT: dict[str, str] = {
    "evidence": r"mostra|mostram|indica|indicam|confirma|confirmam|comprova|comprovam|permite afirmar|"
                r"permitem afirmar|permite concluir|permitem concluir",
    "earlier": r"antes|mais cedo",
    "later": r"depois|mais tarde",
    "longer": r"a mais|mais",
    "rival_prep": r"que|de|do que|em relação a",
    "stay_out": r"ficou na pista|ficou fora|ficou|permaneceu na pista|permaneceu|continuou na pista|"
                r"(?:esticou|prolongou|estendeu|alongou) (?:seu|o) (?:primeiro|stint inicial)(?: stint)?",
    "stop_phrase": r"foi ao pit|foi aos boxes|entrou nos boxes|entrou no pit|fez o pit|fez a parada|fez seu pit ?stop|"
                   r"fez sua parada",
    "to_go": r"restantes|para o fim|para o final",
    "to_go_before": r"faltando|restando|a falta de|quando faltavam|quando restavam",
    "sc": r"safety[- ]car|carro de segurança|\bsc\b",
    "vsc": r"virtual safety[- ]car|safety[- ]car virtual|carro de segurança virtual|\bvsc\b",
    "under": r"sob(?: o| um)?|durante(?: o| um)?|com(?: o| um)?|em condições de",
    "green": r"condições normais|bandeira verde",
    "no_sc": r"sem safety[- ]car|sem carro de segurança|sem sc\b|sem vsc\b|nenhum safety[- ]car|não houve safety[- ]car",
    "ahead": r"à frente de|a frente de|na frente de|adiante de",
    "behind": r"atrás de|atras de|por trás de",
    "when_before": r"antes d(?:as|os|a|o|essas|estas|essa|esta) (?:paradas?|pit ?stops?|trocas)",
    # "após" takes the article without "de" ("após as paradas"), "depois" with it ("depois das paradas")
    "when_after": r"(?:depois|após|apos) d(?:as|os|a|o|essas|estas|essa|esta) (?:paradas?|pit ?stops?|trocas)|depois(?! d)|"
                  r"depois delas|(?:após|apos) (?:as|os|a|o|suas|seus|sua|seu|essas|estas|ambas) (?:paradas?|pit ?stops?|trocas)|"
                  r"após elas|(?:através|por meio) d(?:as|os) (?:paradas|pit ?stops|sequência de paradas)",
    "emerge": r"saiu|voltou à pista|ficou|passou a",  # ("passou a estar à frente": came to be ahead)
    "continued": r"continuou|continuava|permaneceu|permanecia|seguiu|seguia|manteve-se|se manteve|ainda|"
                 r"manteve (?:sua |a )?posição",
    "stretch": r"até|ate|enquanto|durante|por \d+ voltas|na volta|voltas? \d|stint|para continuar|para se manter|"
               r"para permanecer",
    "finish": r"terminou|acabou|cruzou a linha|finalizou|se classificou|classificou-se",
    "lead_kept": r"ampliou|aumentou|estendeu",
    "lead_noun": r"vantagem",
    "gain_pos": r"ganhou|ganhar|ganhando|tomou",  # ("tomou a posição de GAS")
    "lose_pos": r"perdeu|perder|perdendo",
    "position_noun": r"(?:uma |a )?(?:posição|posicao|colocação|lugar)",
    "deny": r"não|nao|nunca",
    "object_prep": r"em relação a|sobre|contra|para|a|de|do|da|com",
}

RACE_WORDS: dict[str, dict[str, str]] = {"en": _EN, "es": _ES, "pt": _PT}


def _split_top(fragments: str) -> list[str]:
    """"|"-separated fragments split at the top level (not inside a group)."""
    out, depth, cur = [], 0, ""
    for ch in fragments:
        depth += (ch == "(") - (ch == ")")
        if ch == "|" and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    return [*out, cur]


@cache
def race_words(name: str) -> str:
    """The alternatives of ``name`` in the three languages, "|"-joined, longest first (a regex body)."""
    alts = dict.fromkeys(a for lang in RACE_WORDS.values() for a in _split_top(lang.get(name, "")) if a)
    return "|".join(sorted(alts, key=len, reverse=True))
