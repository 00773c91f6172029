"""Words of a gain stated by its direction only (``extract/gap_trend.py``), EN/ES/PT.

Finite verbs only: "gained time", "lost ground to", "fell further back", "extended his lead", "opened a
lead over", "came out with a much larger lead", "ganó/perdió tiempo", "quedó más atrás", "amplió su
ventaja", "abrió una ventaja", "salió con una ventaja mucho mayor", "ganhou/perdeu tempo", "ficou mais
atrás", "abriu uma vantagem"; a base form or a gerund ("to gain time", "closing the gap") is a purpose or
a description, no statement of what happened. And the gap's size: "the gap shrank/grew", "la brecha se
redujo", "o gap aumentou".
"""

from __future__ import annotations

# (words may be set in bold: "**más atrás** en tiempo", "gained **time**")
_SOME = r"(?:(?:some|more|significant|substantial|considerable|valuable|a lot of|much|net|algo de|más|mucho|bastante|" \
        r"algum|mais|muito|bastante)[\s*_]+)?"
_TIME = r"(?:time|ground|tiempo|terreno|tempo)\b"
_ADJ = r"(?:(?:\w+[\s*_]+){0,2})"  # "a (very) significant lead", "una ventaja (bastante) clara"
_LEAD = r"(?:lead|advantage|margin|cushion|ventaja|margen|vantagem|margem)\b"
_MORE = r"(?:(?:much|even|far|significantly|considerably|mucho|aún|bastante|muito|ainda|bem)[\s*_]+)?"

# the subject gained time on the rival (+1)
GAINED = (r"\b(?:gained[\s*_]+" + _SOME + _TIME + r"|made up[\s*_]+" + _SOME + r"(?:time|ground)\b|clawed back[\s*_]+" + _SOME
          + r"time\b|closed in\b(?=[\s*_]+on\b)|"
          r"(?:extended|increased|stretched|widened|grew)[\s*_]+(?:his|her|their|its|the)[\s*_]+" + _LEAD + r"|"
          r"opened(?:[\s*_]+up)?[\s*_]+an?[\s*_]+" + _ADJ + r"(?:lead|advantage|gap|margin)\b|"
          r"(?:came out|emerged|rejoined)[\s*_]+with[\s*_]+an?[\s*_]+" + _MORE + r"(?:larger|bigger|greater|wider|increased)[\s*_]+"
          + _LEAD + r"|"
          r"gan[óo][\s*_]+" + _SOME + _TIME + r"|(?:ampli[óo]|aument[óo]|extendi[óo]|estir[óo])[\s*_]+(?:su|la)[\s*_]+"
          r"(?:ventaja|margen)\b|abri[óo][\s*_]+una[\s*_]+" + _ADJ + r"(?:ventaja|brecha|diferencia)\b|"
          r"sali[óo][\s*_]+con[\s*_]+una[\s*_]+ventaja[\s*_]+" + _MORE + r"(?:mayor|m[áa]s[\s*_]+amplia|m[áa]s[\s*_]+grande)\b|"
          r"ganhou[\s*_]+" + _SOME + _TIME + r"|(?:ampliou|aumentou|estendeu)[\s*_]+(?:sua|a)[\s*_]+(?:vantagem|margem)\b|"
          r"abriu[\s*_]+uma[\s*_]+" + _ADJ + r"(?:vantagem|diferen[çc]a)\b|saiu[\s*_]+com[\s*_]+uma[\s*_]+vantagem[\s*_]+" + _MORE
          + r"maior\b)")
# the subject lost time to the rival (-1)
LOST = (r"\b(?:lost[\s*_]+" + _SOME + _TIME + r"|(?:fell|dropped|slipped|drifted)[\s*_]+(?:further|farther)[\s*_]+(?:back|behind)\b|"
        r"perdi[óo][\s*_]+" + _SOME + _TIME + r"|perdeu[\s*_]+" + _SOME + _TIME + r"|"
        r"(?:qued[óo]|cay[óo]|sali[óo]|ficou|caiu|saiu)[\s*_]+(?:(?:o|ou|y|e|a[úu]n|ainda|todav[íi]a|qued[óo]|sali[óo]|ficou|saiu|"
        r"respecto[\s*_]+(?:a|de)|"
        r"frente[\s*_]+a|em[\s*_]+rela[çc][ãa]o[\s*_]+(?:a|ao)|[a-z]{3})[\s*_]+){0,5}(?:m[áa]s|mais)[\s*_]+atr[áa]s\b)")
# what may stand between the verb and its rival: "lost time to HAM", "ganó tiempo respecto a SAI"
RIVAL_BEFORE = (r"[\s*_]*(?:(?:relative to|compared to|compared with|versus|vs\.?|against|on|over|to|from|with|"
                r"respecto[\s*_]+(?:a|al|de|del)|frente[\s*_]+a|sobre|con|ante|a|al|de|em[\s*_]+rela[çc][ãa]o[\s*_]+(?:a|ao)|para|do|da|ao)"
                r"[\s*_]+)")
# a clause that ends after the verb, or a phase of the stops: no rival named, the battle's other driver
NO_RIVAL_AFTER = (r"(?:[\s*_]+(?:in|en|em)[\s*_]+(?:time|tiempo|tempo)\b)?[\s*_]*(?:[.;,!)\n]|$|and\b|but\b|y\b|e\b|pero\b|mas\b|"
                  r"(?:\S+[\s*_]+){0,2}?(?:in|through|during|across|via|after|following|en|durante|con|tras|despu[ée]s[\s*_]+de|na|no|nas|nos|"
                  r"com|ap[óo]s|depois[\s*_]+d[aoe]s?)[\s*_]+(?:the[\s*_]+|that[\s*_]+|this[\s*_]+|"
                  r"their[\s*_]+|his[\s*_]+|her[\s*_]+|la[\s*_]+|el[\s*_]+|las[\s*_]+|los[\s*_]+|esa[\s*_]+|esta[\s*_]+|su[\s*_]+|sus[\s*_]+|a[\s*_]+|o[\s*_]+|as[\s*_]+|os[\s*_]+|essa[\s*_]+|"
                  r"sua[\s*_]+|seu[\s*_]+|suas[\s*_]+)?"
                  r"(?:pit|stop|undercut|overcut|exchange|parada|troca|ventana|janela)|"
                  r"by[\s*_]+(?:pitting|stopping)|al[\s*_]+parar|ao[\s*_]+parar)")

# the gap's size: "the gap shrank" (-1), "el gap aumentó" (+1)
GAP_NOUN = (r"\b(?:the|this|that|their|el|la|esa|esta|o|a|essa|esta)[\s*_]+(?:(?P<x>[a-z]{3})\s*(?:->|→|-to-|–|-)\s*(?P<y>[a-z]{3})[\s*_]+)?"
            r"(?:gap|interval|brecha|diferencia|distancia|diferen[çc]a|dist[âa]ncia)"
            r"(?:[\s*_]+(?:between|entre)[\s*_]+(?P<p>[a-z]{3})[\s*_]+(?:and|y|e)[\s*_]+(?P<q>[a-z]{3}))?[\s*_]+"
            r"(?:(?:only|then|actually|instead|further|also|just|simply|solo|s[óo]lo|luego|s[óo]|apenas|ent[ãa]o)[\s*_]+)?")
SHRANK = (r"(?:shrank|shrunk|narrowed|closed|decreased|fell|came down|dropped|"
          r"se[\s*_]+redujo|disminuy[óo]|se[\s*_]+acort[óo]|se[\s*_]+cerr[óo]|baj[óo]|"
          r"diminuiu|se[\s*_]+reduziu|reduziu-se|encurtou|caiu|se[\s*_]+fechou)\b")
GREW = (r"(?:grew|widened|increased|rose|opened up|expanded|"
        r"creci[óo]|aument[óo]|se[\s*_]+ampli[óo]|se[\s*_]+agrand[óo]|"
        r"aumentou|cresceu|se[\s*_]+ampliou|ampliou-se)\b")
# "the gap increased in OCO's favor", "a favor de OCO": the driver who gained
FAVOUR_AFTER = (r"[\s*_]*(?:in[\s*_]+(?P<a>[a-z]{3})(?:'s|’s)[\s*_]+favou?r|a[\s*_]+favor[\s*_]+(?:de|do|da)[\s*_]+(?P<b>[a-z]{3}))\b")
# a question asked or left open around the verb: "whether TSU gained or lost time", "we cannot determine"
OPEN = (r"\b(?:whether|cannot|can't|unclear|not clear|unknown|or lost|or gained|si[\s*_]+gan|o[\s*_]+perdi|ou[\s*_]+perdeu|"
        r"no[\s*_]+sabemos|n[ãa]o[\s*_]+sabemos|no[\s*_]+se[\s*_]+puede|n[ãa]o[\s*_]+se[\s*_]+pode|no[\s*_]+podemos|n[ãa]o[\s*_]+podemos|se[\s*_]+ganhou)\b")
