"""A stint said to be run on a used set of tyres (``unstated_fact`` kind ``tyre_age``, ``extract/unstated.py``), EN/ES/PT.

The contexts state each stint's tyre and laps, never whether its set was new or used when fitted. Only
the marked statement is read: a stint, or the tyre a driver switched to, said to be a used set ("OCO's
final stint was on a used MEDIUM", "switched to a used HARD", "la última tanda fue con MEDIUM usados",
"trocou para pneus HARD usados"). Not read: "new"/"fresh" tyres after a stop (what any stop is taken to
fit: a human does not label it), tyres that got used during the stint ("stayed out on used MEDIUMs",
"from his used HARD tyres", "pneus já muito usados": wear, which the stint's laps state), the verb
("VER used SOFT-MEDIUM-SOFT").
"""

from __future__ import annotations

STEMS = ("used", "usad")

_TYRE = (r"(?:soft|medium|hard|intermediate|inter|wet|blando|medio|duro|intermedio|macio|m[ée]dio|"
         r"intermedi[áa]rio)s?")
_TYRE_NOUN = r"(?:tyres?|tires?|set|neum[áa]ticos?|gomas?|compuestos?|pneus?|jogo)"
# the stint or the change it is said of, right before: "stint was on a", "switched to a", "pitted for",
# "la tanda fue con", "cambió a", "trocou para", "montou"
_EN_LEAD = (r"(?:\bstint\s+(?:was\s+|being\s+)?(?:run\s+)?on|\b(?:switch(?:ed|ing)?|chang(?:ed|ing)|mov(?:ed|ing)|"
            r"went)\s+(?:on)?to|\bonto|\bpitted\s+for|\bfitted\s+with|\bput\s+on|\bbolted\s+on)")
_ES_PT_LEAD = (r"(?:\b(?:tanda|stint|relevo)(?:\s+final|\s+[úu]ltim[oa])?(?:\s+de\s+[a-z]{3})?\s+(?:fue\s+|foi\s+)?(?:con|com)|\b(?:cambi[óo]|pas[óo]|mont[óo]|"
               r"trocou|mudou|passou|montou|colocou)\s+(?:a|al|para|pro|por)?)")
# "<lead> (a|the) used (set of) MEDIUM(s)", "<lead> (unos|os) (neumáticos|pneus) MEDIUM usados"
TYRE_AGE = (_EN_LEAD + r"\s+(?:an?\s+|the\s+|\*\*)*used\s+(?:\*\*)?(?:set\s+of\s+)?(?:\*\*)?" + _TYRE + r"\b"
            r"|" + _ES_PT_LEAD + r"\s+(?:unos\s+|os\s+|uns\s+|\*\*)*(?:" + _TYRE_NOUN + r"\s+)?(?:\*\*)?" + _TYRE +
            r"(?:\*\*)?\s+usad[oa]s?\b")
