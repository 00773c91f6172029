"""A place held with no order word (#44, fifth pass): ``position_change`` denied, lost.

"HAD maintained track position after the stops", "NOR retained the position and finished P2", "HUL mantuvo su
posición", "conservó la posición frente a SAI", "BEA manteve a posição até o fim": whoever was ahead, the driver
lost no place to the rival (the one named after "over"/"relative to"/"frente a"/"em relação a", else the other
driver of the answer's pair): ``position_change`` {driver, gained: false, denied: true}, through the stops, or
by the finish (``at`` "finish") when the clause goes on to the finish ("to the finish", "and finished P2", "hasta
el final", "até o fim"). It asserts no order (a driver behind who held his place stayed behind), so it is read
as the swap that did not happen, never as an order.

A lead held ("BEA kept the lead over GAS", "mantuvo el liderato", "manteve a liderança") is an order: the driver
ahead after the stops (``relative_position``; at the finish when the clause goes on to it); what it says held
before is presupposed, not asserted (as ``race_order``'s order that held on).

Not read: an order word after it ("maintained his position ahead of LEC": ``race_order``'s order that held on),
a place in a group ("held position in the top 10", "en zona de puntos"), a base form or subjunctive (a purpose:
"to maintain position", "para que mantuviera"), a negation or hedge, a hold over a stretch of laps ("until lap
30", "during the stint", "durante la tanda").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from f1bench_pipeline.domains.f1.extract.binding import other_of_pair
from f1bench_pipeline.domains.f1.extract.lap_difference import CLAUSE_BREAK, object_before
from f1bench_pipeline.domains.f1.extract.race_order import hedged
from f1bench_pipeline.domains.f1.extract.tokens import DRIVER, NEGATION, Token
from f1bench_pipeline.domains.f1.extract.vocabulary.race import race_words

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence

SUBJECT_REACH = 60  # characters from the driver to the verb that holds his place
NEGATION_REACH = 40  # characters from a negation back before the verb ("did not keep his position")
FINISH_REACH = 60  # characters from the place held to a finish cue that scopes it ("... and finished P2")

# one of these is in every verb of _HELD (an answer-wide gate and a substring test before the search)
STEMS = ("maintained", "retained", "kept", "held", "preserved", "mantuvo", "conserv", "retuvo", "manteve", "segurou",
         "preservou")
_HELD = re.compile(
    r"\b(?:maintained|retained|kept|held(?:\s+on\s+to)?|preserved|mantuvo|conservó|conservo|retuvo|manteve|conservou|"
    r"segurou|preservou)\s+(?:(?:his|her|their|its|the|this|that|su|la|esa|esta|sua|a|essa|esta)\s+)?(?:track\s+)?"
    r"(?:position|place|posición|posicion|puesto|plaza|posição|posicao|colocação|colocacao|lugar)"
    r"(?:\s+(?:advantage|en pista|na pista))?\b"
    # an order word after it is race_order's; a place in a group is no place on the rival
    r"(?![\s*]*(?:ahead|in front|behind|clear of|por delante|delante|detrás|detras|atrás|atras|à frente|a frente|"
    r"na frente|in the top|in the points|in p\d|en (?:la )?zona|en (?:los )?puntos|na zona|nos pontos|de vantagem|"
    r"de ventaja))"
    r"(?:[\s*]+(?:over|relative to|against|to|from|on|sobre|frente a|respecto a|ante|em relação a|diante de)\s+"
    r"(?P<rival>[a-z]{3})\b)?")
_FINISH_AFTER = re.compile(r"[^.;\n]{0," + str(FINISH_REACH) + r"}?\b(?P<cue>to the (?:finish|end|flag|checkered flag)|until the (?:finish|end|flag)|"
                           r"finish(?:ed|ing)?|the final (?:result|classification|order)|hasta (?:el final|la meta|"
                           r"la bandera)|termin(?:ó|o|ando)|até (?:o fim|o final|a bandeira|a chegada)|terminou|"
                           r"terminando)\b"
                           # "until the end of the stint" is no finish ("of the race" is)
                           r"(?!\s+(?:of|del?|da|do)\s+(?!(?:the\s+|la\s+|a\s+)?(?:race|carrera|corrida)\b))")
# a lead held: "BEA kept the lead over GAS", "mantuvo el liderato", "manteve a liderança" (an order, ahead)
LEAD_STEMS = ("lead", "lider", "delantera", "dianteira")
_LEAD_HELD = re.compile(
    r"\b(?:kept|held(?:\s+on\s+to|\s+onto)?|maintained|retained|preserved|kept hold of|mantuvo|conservó|conservo|retuvo|"
    r"manteve|conservou|segurou)\s+(?:the|his|her|their|its|el|la|su|a|sua)\s+(?:lead|liderato|liderazgo|delantera|"
    r"liderança|lideranca|dianteira)\b(?!\s+(?:in|of|del|de|do|no|en)\s+(?:the\s+|el\s+|o\s+)?(?:championship|standings|"
    r"campeonato|mundial))"
    r"(?:[\s*]+(?:over|on|ahead of|sobre|frente a|respecto a|em relação a)\s+(?P<rival>[a-z]{3})\b)?")
_ORDER_TYPES = frozenset({"relative_position", "position_change"})
_STRETCH = re.compile(r"\b(?:" + race_words("stretch") + r")\b")


def _subject(doc: Document, sent: Sentence, s: int) -> Token | None:
    """The last driver before ``s`` in its clause that is no object, at most ``SUBJECT_REACH`` back."""
    low = doc.low
    named = [t for t in sent.tokens if t.end <= s and t.kind is DRIVER and s - t.end <= SUBJECT_REACH]
    for t in reversed(named):
        if CLAUSE_BREAK.search(low, t.end, s):
            return None
        if not t.is_object and not object_before(low, t):
            return t
    return None


def held(doc: Document, sent: Sentence) -> None:
    low = doc.low
    seg = low[sent.start:sent.end]
    if not any(map(seg.__contains__, STEMS)):
        return
    leads = _LEAD_HELD.finditer(low, sent.start, sent.end) if any(map(seg.__contains__, LEAD_STEMS)) else ()
    for m in [*_HELD.finditer(low, sent.start, sent.end), *leads]:
        subj = _subject(doc, sent, m.start())
        if subj is None or hedged(doc, sent, m.start()):
            continue
        lo = max(sent.start, m.start() - NEGATION_REACH)
        if any(x.kind is NEGATION and lo <= x.start < m.start() for x in sent.tokens):
            continue  # "did not keep his position": which place went, to whom?
        fin = _FINISH_AFTER.match(low, m.end(), sent.end)
        rest = low[m.end():fin.start("cue") if fin else min(sent.end, m.end() + FINISH_REACH)]
        if _STRETCH.search(rest):
            continue  # "kept the position until lap 30", "mantuvo la posición durante la tanda": not the stops'
        r = next((t for t in sent.tokens if m.group("rival") and t.start == m.start("rival") and t.kind is DRIVER and
                  t.tag != "pron"), None)
        rival = r.value if r is not None else other_of_pair(doc, subj.value)
        if rival is None or rival == subj.value:
            continue
        start = min(subj.start, m.start())
        if any(r[0] in _ORDER_TYPES and r[2] < m.end() and start < r[3] for r in doc.records):
            continue  # "mantuvo la posición hasta el final": final_order's order at the finish (one reading)
        if m.re is _LEAD_HELD:  # an order: ahead after the stops, or at the finish
            doc.add("relative_position", {"driver_a": subj.value, "driver_b": rival, "when": "final" if fin else "after",
                                          "ahead": True}, start, m.end())
            continue
        slots = {"driver": subj.value, "gained": False, "denied": True, "rival": rival}
        if fin is not None:
            slots["at"] = "finish"
        doc.add("position_change", slots, start, m.end())
