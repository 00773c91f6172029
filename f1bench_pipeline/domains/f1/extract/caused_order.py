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
from f1bench_pipeline.domains.f1.extract.race_order import _denied, hedged, within
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
