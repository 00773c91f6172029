"""A place gained by the move, said of the move (``extract/finish_gain.py``), EN/ES/PT."""

from __future__ import annotations

from f1bench_pipeline.domains.f1.extract.vocabulary.race import race_words

# literals one of which every match holds (lower case): a substring test before any regex
STEMS = ("convert", "translat", "tradu", "convirti", "traduz", "track position", "posición en", "posicion en",
         "posição na", "posicao na", "race position", "final position", "finishing position", "posición final",
         "posicion final", "posição final", "posicao final")
_BETTER_EN = r"(?:\*\*)?(?:higher|better|improved)\s+(?:final\s+|finishing\s+|race\s+)(?:finishing\s+)?(?:position|place|result|spot)"
# a gain converted (or not) into the finishing order: "did not convert into a higher finishing position",
# "no se tradujo en una mejor posición final", "não se traduziu em uma melhor posição final"
FINISH = (r"\b(?:convert|translat)\w*\s+(?:in)?to\s+(?:an?\s+)?" + _BETTER_EN + r"\b"
          r"|\b(?:tradu|convirti)\w*\s+en\s+(?:una\s+)?(?:mejor\s+(?:posici[óo]n|resultado|puesto)\s+final|"
          r"posici[óo]n\s+final\s+(?:mejor|m[áa]s\s+alta))\b"
          r"|\b(?:traduz|convert)\w*\s+em\s+(?:uma\s+)?(?:melhor\s+(?:posi[çc][ãa]o|resultado|coloca[çc][ãa]o)\s+final|"
          r"posi[çc][ãa]o\s+final\s+(?:melhor|mais\s+alta))\b"
          # the move worked (or not) for the finishing place: "did not ultimately work for race position", "no
          # funcionó en términos de posición final", "não funcionou para a posição final"
          r"|\bwork(?:ed|s)?\s+(?:out\s+)?(?:for|in\s+terms\s+of)\s+(?:the\s+)?(?:race|final|finishing)\s+(?:race\s+)?"
          r"(?:position|place|result)\b"
          r"|\bfuncion(?:[óo]|aba)\s+(?:en|para|a\s+nivel\s+de|en\s+t[ée]rminos\s+de)\s+(?:la\s+)?posici[óo]n\s+final\b"
          r"|\bfuncion(?:ou|ava)\s+(?:em|para|em\s+termos\s+de)\s+(?:a\s+)?posi[çc][ãa]o\s+final\b")
# the move gained track position: "succeeded in gaining track position", "logró ganar posición en pista",
# "conseguiu ganhar posição na pista"
GAINED = (r"\b(?:succeeded|was\s+successful|worked)\s+in\s+(?:gaining|winning)\s+(?:the\s+)?track\s+position\b"
          r"|\b(?:logr[óo]|consigui[óo])\s+ganar\s+(?:la\s+)?posici[óo]n\s+en\s+(?:la\s+)?pista\b"
          r"|\b(?:conseguiu|logrou)\s+ganhar\s+(?:a\s+)?posi[çc][ãa]o\s+na\s+pista\b")
# whose finishing place: "than HUL" (the rival), "for LAW" (the one it was for)
RIVAL_AFTER = (r"[\s*]*(?:(?:than|que|do\s+que|frente\s+a)\s+(?P<rival>[a-z]{3})\b|(?:for|para)\s+(?P<ben>[a-z]{3})\b)")
# a claim about what the data show, not about the race: "the data does not show that it succeeded"
SHOW_BEFORE = r"\b(?:" + race_words("evidence") + r")\s+(?:that|que)?\s*(?:\w+\s+){0,4}$"
CLAUSE_BREAK = (r"[,;:\n(]|\s[-–—]\s|\b(?:but|because|since|though|although|pero|porque|ya\s+que|aunque|mas|pois|"
                r"j[áa]\s+que|embora)\b")
# a hedge before the verb in its clause: "appears to have succeeded", "parece haber logrado"
HEDGE_BEFORE = (r"\b(?:appears?|appeared|seems?|seemed|likely|probably|possibly|may|might|could|would|parece|pareci[óo]|"
                r"probablemente|posiblemente|provavelmente|possivelmente|aparentemente)\b")
# a relative clause: "a pace advantage that translated into a better final result" (said of no gain of the move)
RELATIVE_BEFORE = r"\b(?:that|which|que|la\s+cual|o\s+qual)\s+(?:\*\*)?(?:se\s+)?$"
# an open question before the verb in its clause: "whether it worked for race position", "si funcionó", "se o
# undercut funcionou" (Portuguese "se" right before the verb is the reflexive: "não se traduziu")
OPEN_BEFORE = r"\b(?:whether|if|si)\b|\bse\s+(?:\S+\s+){1,3}$"
