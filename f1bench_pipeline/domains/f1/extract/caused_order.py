"""An order stated as what a move left (``relative_position``; issue #44, third pass).

"the stop allowed him to stay ahead of RUS", "helped ANT come out ahead", "kept him ahead of HAD",
"leaving STR behind", "le permitió a GAS salir por delante", "dejando a BOR por detrás de LAW",
"permitiu que BOR saísse à frente de STR": the object driver ran ahead of (behind) the rival after the
stops. The driver is the one named after the verb; a pronoun ("him") is the other driver of the
answer's battle when the rival is named and is of that battle (else nothing: whose?). The rival is the
driver named after the order word, else the other driver of the battle. A negated ("not enough to put
RUS ahead of NOR"), hedged or purposive one ("in an effort to get him ahead") gives nothing, nor one an
order rule read already.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from f1bench_pipeline.domains.f1.extract.binding import other_of_pair
from f1bench_pipeline.domains.f1.extract.race_order import _denied, _subject_before, hedged, within
from f1bench_pipeline.domains.f1.extract.lap_difference import CLAUSE_BREAK
from f1bench_pipeline.domains.f1.extract.tokens import DRIVER, NEGATION, Token

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence

STEMS = ("allow", "help", "enabl", "kept", "keep", "left", "leaving", "put", "placed", "placing", "got ", "getting",
         "permiti", "ayud", "dej", "mantuvo", "manteniendo", "puso", "poniendo", "deix", "manteve", "mantendo",
         "colocou", "colocando", "ajudou")
_S = r"[\s*_]+"
_ORDER = r"(?P<ord>ahead|in front|behind|por delante|delante|por detr[áa]s|detr[áa]s|atr[áa]s|[àa] frente|na frente)\b"
_PATTERN = re.compile(
    r"\b(?:(?:allow|help|enabl|keep|plac|gett)(?:ed|ing|s|e)?|let|kept|left|leaving|put|putting|got)" + _S +
    r"(?P<obj>[a-z]{3}|him|her)" + _S + r"(?:to" + _S + r")?(?:(?:emerge|come out|come back|rejoin|stay|remain|get|be)"
    + _S + r")?(?:(?:just|narrowly|comfortably|still|safely|clearly)" + _S + r")?" + _ORDER + "|"
    r"\b(?:(?:le|lo)" + _S + r")?(?:permiti[óo]|permitiendo|ayud[óo]|dej[óo]|dejando|mantuvo|manteniendo|puso|poniendo)"
    + _S + r"a" + _S + r"(?P<obj_es>[a-z]{3})" + _S + r"(?:(?:salir|quedar|seguir|estar|ponerse|mantenerse|volver)"
    + _S + r")?" + _ORDER.replace("ord", "ord_es") + "|"
    r"\b(?:permitiu|permitindo|ajudou|deixou|deixando|manteve|mantendo|colocou|colocando)" + _S +
    r"(?:(?:que|a|o)" + _S + r")?(?P<obj_pt>[a-z]{3})" + _S + r"(?:(?:sair|sa[íi]sse|ficar|ficasse|seguir|estar|"
    r"permanecer|permanecesse|voltar)" + _S + r")?" + _ORDER.replace("ord", "ord_pt"))
_RIVAL = re.compile(r"[\s*_]+(?:of|de|do|da)[\s*_]+(?P<r>[a-z]{3})\b")
# a purpose, not a result: "in an effort to get him ahead", "para dejar a BOR por delante"
_PURPOSE = re.compile(r"\b(?:effort|attempt|trying|tried|try|aim|aimed|aiming|hope|hoping|hoped|intended|designed|meant|"
                      r"order|bid|plan|planned|para|intento|intentar|tentar|tentativa|objetivo|buscando|tentando)"
                      r"(?:[\s*_]+to)?[\s*_]+(?:\S+[\s*_]+){0,2}$")
PURPOSE_REACH = 40
# an on-track hold, not the stops' order: "kept SAI behind for 12 laps", "lo mantuvo detrás durante 10 vueltas"
_HELD_AFTER = re.compile(r"(?:[\s*_]+(?:of|de|do|da)[\s*_]+[a-z]{3})?[\s*_,]+(?:for[\s*_]+(?:\d+|\w+[\s*_]+laps)|throughout|"
                         r"during|until|durante|hasta|por[\s*_]+\d+|at[ée]|ao[\s*_]+longo)\b")  # characters before the verb in which a purpose word governs it
_AHEAD = frozenset({"ahead", "in front", "por delante", "delante", "à frente", "a frente", "na frente"})


def _driver_at(sent: Sentence, at: int) -> Token | None:
    return next((t for t in sent.tokens if t.start == at and t.kind is DRIVER and t.tag != "pron"), None)


def _read(doc: Document, sent: Sentence, m: re.Match) -> tuple[str, str, bool] | None:
    g = "obj" if m.group("obj") else "obj_es" if m.group("obj_es") else "obj_pt"
    order = m.group("ord") or m.group("ord_es") or m.group("ord_pt")
    r = _RIVAL.match(doc.low, m.end())
    rival_tok = _driver_at(sent, r.start("r")) if r else None
    obj_tok = _driver_at(sent, m.start(g))
    if obj_tok is not None:
        obj = obj_tok.value
    elif m.group(g) in ("him", "her") and rival_tok is not None:
        obj = other_of_pair(doc, rival_tok.value)  # "allowed him to stay ahead of RUS": RUS's rival
    else:
        return None
    rival = rival_tok.value if rival_tok is not None else other_of_pair(doc, obj) if obj else None
    if not obj or not rival or obj == rival:
        return None
    return obj, rival, order in _AHEAD


def negated_clause(doc: Document, sent: Sentence, s: int) -> bool:
    """A negation anywhere before ``s`` in its clause: "the data does not show that the undercut was enough
    to put RUS ahead of NOR" (a result is asserted only when nothing before it in the clause denies it)."""
    return any(x.kind is NEGATION and sent.start <= x.start < s and not CLAUSE_BREAK.search(doc.low, x.end, s)
               for x in sent.tokens)


def orders(doc: Document, sent: Sentence) -> None:
    low = doc.low
    if not within(low, sent.start, sent.end, STEMS):
        return
    for m in _PATTERN.finditer(low, sent.start, sent.end):
        s = m.start()
        if _denied(doc, sent, s) or hedged(doc, sent, s) or negated_clause(doc, sent, s) or \
                _PURPOSE.search(low, max(sent.start, s - PURPOSE_REACH), s):
            continue
        if any(r[0] == "relative_position" and r[2] < m.end() and s < r[3] for r in doc.records[-8:]):
            continue  # read already by an order rule
        if _HELD_AFTER.match(low, m.end()):
            continue
        got = _read(doc, sent, m)
        if got is None:
            continue
        a, b, ahead = got
        doc.add("relative_position", {"driver_a": a, "driver_b": b, "when": "after", "ahead": ahead}, s, m.end())


# "overcame the deficit", "allowed BEA to overcome the deficit", "turned a small deficit into a sizable advantage",
# "overturned a deficit of 1.175 seconds into a lead", "the 3.724s pre-pit gap was overcome", "superó la desventaja",
# "a diferença foi revertida a favor de ANT": the driver was behind before the stops (and, turned or reversed, ahead
# after). Only the gap between the pair (a size or a when-adjective between): not "the pace deficit", "the tyre gap".
OVERCOME_STEMS = ("overc", "overturn", "revers", "erase", "wiped", "turned", "supera", "superó", "superou", "remont",
                  "revirt", "revert", "anul")
_SIZE = (r"(?:(?:~|about|around|roughly|some|small|slight|initial|early|pre-?pit|pre-?stop|sizable|sizeable|big|large|"
         r"significant|[\d.,]+\s*(?:s|secs?|seconds?)|[\w.]+-second|inicial|pequeña|pequena|grande|previa|prévia|de)[\s*_]+){0,3}")
_NOUN = r"(?P<noun>deficit|déficit|desventaja|desvantagem|gap|diferencia|diferença)\b"
_ACTIVE = re.compile(r"\b(?P<verb>overcame|overcome|overturned|reversed|erased|wiped out|turned|super[óo]|remont[óo]|"
                     r"revirti[óo]|superou|reverteu)[\s*_]+(?:the|a|an|his|her|its|their|la|el|una|un|su|o|uma|um|sua|seu)"
                     r"[\s*_]+" + _SIZE + _NOUN + r"(?:[\s*_]+(?:of|de)[\s*_]+[\d.,]+\s*(?:s|secs?|seconds?|segundos?)\b)?")
_PASSIVE = re.compile(r"\b(?:the|a|an|this|that|la|el|a|o|essa|esa)[\s*_]+" + _SIZE + _NOUN +
                      r"(?:[\s*_]+(?:entre[\s*_]+ellos|entre[\s*_]+eles|between[\s*_]+them))?[\s*_]+(?:was|were|had been|fue|foi)"
                      r"[\s*_]+(?:\w+[\s*_]+)?(?P<verb>overcome|erased|wiped out|reversed|overturned|superad[ao]|revertid[ao])\b")
_INTO_LEAD = re.compile(r"[\s*_]+(?:into|en|em)[\s*_]+(?:a|an|una|un|uma|um)[\s*_]+(?:(?:\w+|[\d.,]+\s*s)[\s*_]+){0,3}?"
                        r"(?:lead|advantage|ventaja|vantagem)\b")
_FOR_WHOM = re.compile(r"[\s*_]+(?:in[\s*_]+(?P<a>[a-z]{3})(?:'s|’s)[\s*_]+favou?r|a[\s*_]+favor[\s*_]+(?:de|do|da)[\s*_]+"
                       r"(?P<b>[a-z]{3}))\b")
_ALLOWED_BEFORE = re.compile(r"\b(?:allow(?:ed|ing|s)?|help(?:ed|ing|s)?|enabl(?:ed|ing|es)?|let)[\s*_]+(?P<d>[a-z]{3})"
                             r"[\s*_]+(?:to[\s*_]+)?$")
_MOVE_SUBJECT = re.compile(r"\b(?:undercut|overcut|stop|move|strategy|parada|estrategia|estratégia)\b[\s*_]*$")


def _overcomer(doc: Document, sent: Sentence, m: re.Match, passive: bool) -> str | None:
    low = doc.low
    fav = _FOR_WHOM.match(low, m.end())
    if fav is not None:
        t = _driver_at(sent, fav.start("a") if fav.group("a") else fav.start("b"))
        return t.value if t is not None else None
    if passive:
        return doc.last_battle[0] if doc.last_battle else None  # "the pre-pit gap was overcome": by the move's attacker
    allowed = _ALLOWED_BEFORE.search(low, max(sent.start, m.start() - 40), m.start())
    if allowed is not None:
        t = _driver_at(sent, allowed.start("d"))
        return t.value if t is not None else None
    subj = _subject_before(doc, sent, m.start())
    if subj is not None:
        return subj.value
    if doc.last_battle and _MOVE_SUBJECT.search(low, max(sent.start, m.start() - 24), m.start()):
        return doc.last_battle[0]
    return None


def overcome(doc: Document, sent: Sentence) -> None:
    """relative_position (behind before; ahead after when turned or reversed) from a deficit overcome."""
    low = doc.low
    if not within(low, sent.start, sent.end, OVERCOME_STEMS):
        return
    for passive, pat in ((False, _ACTIVE), (True, _PASSIVE)):
        for m in pat.finditer(low, sent.start, sent.end):
            s, verb = m.start(), m.group("verb")
            if _denied(doc, sent, s) or hedged(doc, sent, s) or negated_clause(doc, sent, s) or \
                    _PURPOSE.search(low, max(sent.start, s - PURPOSE_REACH), s):
                continue
            into = _INTO_LEAD.match(low, m.end()) if verb.endswith("turned") else None
            if verb == "turned" and into is None:
                continue  # "turned the situation": no deficit overcome
            if m.group("noun") in ("gap", "diferencia", "diferença") and verb in ("turned", "overturned"):
                continue
            a = _overcomer(doc, sent, m, passive)
            b = other_of_pair(doc, a) if a else None
            if not a or not b:
                continue
            e = into.end() if into is not None else m.end()
            doc.add("relative_position", {"driver_a": a, "driver_b": b, "when": "before", "ahead": False}, s, e)
            if into is not None or verb.startswith(("revers", "revert", "revirt", "overturn")):
                doc.add("relative_position", {"driver_a": a, "driver_b": b, "when": "after", "ahead": True}, s, e)
