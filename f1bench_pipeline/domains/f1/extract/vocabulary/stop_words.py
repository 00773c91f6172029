"""Words of the stop and move claims of #44's second pass (``extract/stop_ordinals.py``,
``extract/denials.py``, ``extract/final_order.py``, ``extract/stop_compare.py``): a stop counted by its
ordinal, a move denied, an advantage kept to the finish, a stop much earlier or later than another's.

Data only: regex fragments ("|"-separated alternatives) per language; ``stop_words(name)`` joins the
three languages (models mix English words into Spanish and Portuguese answers), longest first. Kept
apart from the per-language vocabularies, which are near their size limit.
"""

from __future__ import annotations

from functools import cache

_EN: dict[str, str] = {
    # the owner of a stop counted by its ordinal: "his second stop", "LEC's first stop"
    "possessive": r"his|her|their|its",
    # what may stand between "his first stop" and its lap: "came on lap 30", "was at lap 12"
    "bridge": r"came|comes|was|is|were|happened|took place|fell|occurred|arrived|on|at|in|the",
    # a stop counted among some stops only, not all of the driver's: "his first stop under the SC"
    "counted_among": r"under|during|behind|of the (?:window|exchange|battle|pair|sequence|cycle)",
    # a move denied after it: "the overcut did not happen"
    "not_occurred": r"(?:did not|didn't|does not|doesn't|never) (?:happen|occur|take place|materiali[sz]e|exist)|"
                    r"(?:was not|wasn't|is not|isn't) (?:there|real|achieved)|never happened|never occurred",
    # a move denied before it: "there was no overcut"
    # (not bare "no": Portuguese "no undercut" is "in the undercut"; "no undercut was made" is read by its verb)
    "no_move_before": r"there was no|there wasn't an?|there was not an?|there is no|there were no",
    # after "no <move>" in English: "no undercut was made", "no overcut took place"
    "no_move_after": r"(?:was|were) (?:ever )?(?:made|performed|executed|done|carried out|completed|attempted)|"
                     r"occurred|happened|took place",
    # a move's place after the move: "between GAS and ALB"
    "between": r"between",
    # an advantage kept to the finish ("kept the advantage over GAS in the final order")
    "kept": r"kept|keeps|held|holds|retained|retains|maintained|maintains|stayed|stays|remained",
    # a base form keeps only negated: "did not keep the advantage to the finish"
    "keep_base": r"keep|hold|retain|maintain|stay|remain",
    "advantage": r"(?:the |his |her |its |that |this |a |an )?(?:advantage|lead|edge|position|place)",
    "final_order": r"in the final (?:order|result|classification|standings)|at the finish|to the finish|"
                   r"until the finish|to the (?:end|flag|chequered flag|checkered flag)|in the final classification|"
                   r"at the flag|at the end of the race|until the end",
    # a stop much earlier/later than another's
    "much": r"much|far|significantly|considerably|well|a lot|clearly",
    "earlier": r"earlier|sooner",
    "later": r"later",
}

_ES: dict[str, str] = {
    "possessive": r"su|sus",
    "bridge": r"fue|ocurrió|ocurrio|llegó|llego|se produjo|tuvo lugar|se dio|hizo|en|a|la|el",
    "counted_among": r"bajo|durante|con|de la ventana|del intercambio|de la batalla|del ciclo",
    "not_occurred": r"no (?:ocurrió|ocurrio|se produjo|existió|existio|sucedió|sucedio|tuvo lugar|se dio|se concretó|"
                    r"se concreto|se materializó|se materializo|llegó a producirse|llego a producirse)|nunca (?:ocurrió|existió)",
    "no_move_before": r"no hubo(?: un| ningún| ningun)?|no existió(?: un| ningún)?|no se produjo(?: un| ningún)?|"
                      r"no se dio(?: un| ningún)?|no hay(?: un| ningún)?",
    "between": r"entre",
    "kept": r"mantuvo|mantiene|mantuviera|mantuviese|conservó|conservo|conserva|retuvo|siguió|siguio|quedó|quedo|se mantuvo",
    "keep_base": r"mantener|conservar|retener|seguir",
    "advantage": r"(?:la |su |esa |esta |una )?(?:ventaja|posición|posicion|delantera)",
    "final_order": r"en el (?:orden|resultado) final|en la clasificación final|en la clasificacion final|"
                   r"hasta (?:el final|la meta|la bandera)|al final de la carrera|en la meta",
    "much": r"mucho|bastante|muy|claramente",
    "earlier": r"antes|más temprano|mas temprano",
    "later": r"después|despues|más tarde|mas tarde",
}

_PT: dict[str, str] = {
    "possessive": r"sua|seu|suas|seus",
    "bridge": r"foi|ocorreu|aconteceu|veio|chegou|se deu|fez|na|no|em|a|o",
    "counted_among": r"sob|durante|com|da janela|do ciclo|da batalha|da troca",
    "not_occurred": r"não (?:ocorreu|aconteceu|existiu|se concretizou|se deu|se materializou|chegou a ocorrer)|"
                    r"nao (?:ocorreu|aconteceu|existiu)|nunca (?:ocorreu|aconteceu|existiu)",
    "no_move_before": r"não houve(?: um| nenhum)?|nao houve(?: um| nenhum)?|não existiu(?: um| nenhum)?|"
                      r"não ocorreu(?: um| nenhum)?|não aconteceu(?: um| nenhum)?|não há(?: um| nenhum)?",
    "between": r"entre",
    "kept": r"manteve|mantém|mantem|mantivesse|mantivera|conservou|conserva|segurou|reteve|continuou|ficou|permaneceu",
    "keep_base": r"manter|conservar|segurar|continuar|permanecer",
    "advantage": r"(?:a |sua |essa |esta |uma )?(?:vantagem|posição|posicao|dianteira)(?: necessária| necessaria)?",
    "final_order": r"na (?:ordem|classificação|classificacao) final|no resultado final|até (?:o final|a bandeira|a linha)|"
                   r"ate o final|no final da corrida|na linha de chegada",
    "much": r"muito|bem|bastante|claramente",
    "earlier": r"antes|mais cedo",
    "later": r"depois|mais tarde",
}

STOP_WORDS: dict[str, dict[str, str]] = {"en": _EN, "es": _ES, "pt": _PT}


@cache
def stop_words(name: str) -> str:
    """The alternatives of ``name`` in the three languages, "|"-joined, longest first (a regex body)."""
    alts: dict[str, None] = {}
    for lang in STOP_WORDS.values():
        depth, cur = 0, ""
        for ch in lang.get(name, "") + "|":
            depth += (ch == "(") - (ch == ")")
            if ch == "|" and depth == 0:
                if cur:
                    alts[cur] = None
                cur = ""
            else:
                cur += ch
    return "|".join(sorted(alts, key=len, reverse=True))
