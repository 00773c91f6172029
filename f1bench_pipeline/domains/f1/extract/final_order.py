"""An advantage kept (or not) to the finish: ``relative_position`` with ``when`` "final" (#44, second pass).

* "BEA kept the advantage over GAS in the final order", "HAM stayed ahead of RUS to the finish", "ALO
  mantuvo la ventaja sobre STR hasta el final", "BEA manteve a vantagem na ordem final" (the rival the
  driver named after, else the answer's pair); negated ("did not keep his advantage to the finish"):
  behind. A subjunctive ("mantivesse", "mantuviera") counts only as a result ("tempo suficiente para que
  BEA mantivesse ..."), not as a purpose ("parou cedo para que mantivesse ...": nothing asserted).
* "the final result was not better for RUS over PIA", "el resultado final fue peor para HAM que para
  RUS", "o resultado final não foi melhor para RUS em termos de posição sobre PIA": better for X over Y
  is X ahead at the finish; negated, behind. Only with the rival named (better than what, else?).

"finished ahead of GAS", "terminó por delante de" are ``race_order.positions``' (its finish verbs).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from f1bench_pipeline.domains.f1.extract.binding import other_of_pair
from f1bench_pipeline.domains.f1.extract.lap_difference import CLAUSE_BREAK, object_before
from f1bench_pipeline.domains.f1.extract.race_order import hedged
from f1bench_pipeline.domains.f1.extract.tokens import DRIVER, NEGATION, Token
from f1bench_pipeline.domains.f1.extract.vocabulary.stop_words import stop_words

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence

SUBJECT_REACH = 80  # characters from the driver to the verb that keeps his advantage (an object between)
RESULT_REACH = 90  # characters from "suficiente para que" to the subject of its subjunctive (an aside between)
_AHEAD = r"ahead|in front|clear|por delante|delante|adelante|à frente|a frente|na frente|na dianteira"
_RIVAL = r"(?:\s+(?:over|of|on|to|sobre|de|del|a|em relação a|em relação ao|frente a)\s+(?P<rival>[a-z]{3})\b)?"
_KEPT = re.compile(r"\b(?P<verb>" + stop_words("kept") + r"|(?P<base>" + stop_words("keep_base") + r"))\s+(?:(?:" + stop_words("advantage") + r")|(?:" + _AHEAD + r"))"
                   + _RIVAL + r"(?:\s+[\w-]+){0,2}?[\s,]+(?:" + stop_words("final_order") + r")\b"
                   r"(?!\s+(?:of|del?|da|do)\s+(?!(?:the\s+|la\s+|a\s+)?(?:race|carrera|corrida)\b))")  # not "of the stint"
# a subjunctive keeps only as a result: "tempo suficiente para que BEA mantivesse"
_SUBJUNCTIVE = frozenset({"mantuviera", "mantuviese", "mantivesse", "mantivera"})
_RESULT_BEFORE = re.compile(r"\b(?:suficiente|bastante|enough|lo justo|o bastante)\b")
# one of these is in every verb of _KEPT (a substring test before its search)
_KEPT_STEMS = ("kept", "keep", "held", "hold", "retain", "maintain", "stay", "remain", "mant", "conserv", "reten", "retuv",
               "sigui", "segui", "qued", "ficou", "permane", "continu", "segur", "reteve")
_BETTER = re.compile(r"\b(?:final result|final outcome|final classification|resultado final|clasificación final|"
                     r"classificação final)\b[^.;\n]{0,30}?\b(?P<neg>no |não |nao )?(?:was|is|fue|es|foi|é|ficou)\s+"
                     r"(?P<neg2>not\s+)?(?:(?P<better>better|mejor|melhor)|(?P<worse>worse|peor|pior))\s+(?:for|para)\s+"
                     r"(?P<who>[a-z]{3})\b[^.;\n]{0,40}?\b(?:over|than|que|sobre|do que|em relação a)\s+"
                     r"(?:(?:para|for)\s+)?(?P<rival>[a-z]{3})\b")
# one of these is in every final-order phrase and every final result compared (substring tests first)
_STEMS = ("final", "finish", "the end", "flag", "meta", "chegada", "bandeira", "linha")


def _driver_at(sent: Sentence, at: int) -> Token | None:
    return next((t for t in sent.tokens if t.start == at and t.kind is DRIVER and t.tag != "pron"), None)


def _subject(doc: Document, sent: Sentence, s: int) -> Token | None:
    """The last driver named before ``s`` in its clause that is no object ("BEA saiu à frente de HAD após sua
    parada e manteve essa vantagem": BEA, not HAD nor "sua"), at most ``SUBJECT_REACH`` back."""
    low = doc.low
    named = [t for t in sent.tokens if t.end <= s and t.kind is DRIVER and s - t.end <= SUBJECT_REACH]
    for t in reversed(named):
        if CLAUSE_BREAK.search(low, t.end, s):
            return None
        if t.tag != "pron" and not t.is_object and not object_before(low, t):
            return t
    return None


def kept(doc: Document, sent: Sentence) -> None:
    """relative_position (when "final") from an advantage kept to the finish or a final result compared."""
    low = doc.low
    cue = doc.__dict__.get("_final_cue")  # (the answer-wide test once per answer)
    if cue is None:
        cue = doc.__dict__["_final_cue"] = any(map(low.__contains__, _STEMS))
    if not cue:
        return
    seg = low[sent.start:sent.end]
    if not any(map(seg.__contains__, _STEMS)):
        return
    for m in _KEPT.finditer(low, sent.start, sent.end) if any(map(seg.__contains__, _KEPT_STEMS)) else ():
        subj = _subject(doc, sent, m.start())
        if subj is None or hedged(doc, sent, m.start()):
            continue
        if m.group("verb") in _SUBJUNCTIVE and not _RESULT_BEFORE.search(low, max(sent.start, subj.start - RESULT_REACH), subj.start):
            continue  # "parou cedo para que mantivesse a vantagem": a purpose
        neg = any(x.kind is NEGATION and subj.end <= x.start < m.start() for x in sent.tokens)
        if m.group("base") and not neg:
            continue  # "tried to keep the advantage to the finish": a purpose; only "did not keep" is stated
        _add(doc, sent, subj.value, m, not neg, subj.start)
    if any(map(seg.__contains__, ("result", "resultado", "classifica", "clasifica"))):
        for m in _BETTER.finditer(low, sent.start, sent.end):
            who = _driver_at(sent, m.start("who"))
            if who is None or hedged(doc, sent, m.start()):
                continue
            ahead = (m.group("better") is not None) != bool(m.group("neg") or m.group("neg2"))
            _add(doc, sent, who.value, m, ahead, m.start())


def _add(doc: Document, sent: Sentence, a: str, m: re.Match, ahead: bool, start: int) -> None:
    r = _driver_at(sent, m.start("rival")) if m.group("rival") else None
    if m.group("rival") and r is None:
        return  # "over the ..." is no driver
    rival = r.value if r is not None else other_of_pair(doc, a)
    if rival is None or rival == a:
        return
    doc.add("relative_position", {"driver_a": a, "driver_b": rival, "when": "final", "ahead": ahead}, start, m.end())
