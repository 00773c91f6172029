"""Whose order an order word states, and when, where the plain reading finds no subject (#44, fifth pass).

``race_order.positions`` takes the last driver before "ahead"/"behind" in its own clause. Four wordings put
the subject elsewhere, and one puts the when-cue further back:

* **a relative clause**: "SAI, who was behind LAW before the stops", "ALB, que estaba detrás de HAD antes de las
  paradas", "BEA, que estava atrás de SAI antes das paradas": the driver the clause hangs on (a comma before
  "who"/"que", the verb right after it).
* **a gerund's subject after a preposition**: "contributed to HUL finishing ahead of BEA", "con ALB terminando
  por delante de HAD", "com BEA terminando à frente de GAS": the driver right before the gerund is its subject,
  not an object.
* **a verb sharing the sentence's subject**: "PIA gained 0.712s on NOR but remained behind", "TSU pitted later
  and emerged ahead", "HAD reversed the track position, moving from behind OCO to ahead of OCO", "SAI recortó
  tiempo pero siguió detrás", "PIA ganhou tempo mas continuou atrás": the conjunction (or a comma and a
  gerund) is followed right away by the order's verb, so its subject is the sentence's first driver, when every
  other driver before the conjunction is an object.
* **emerged from the exchange**: "NOR emerged from the pit sequence in front of PIA", "salió de la secuencia de
  paradas por delante de COL", "saiu da sequência de paradas à frente de": the order after the stops. Not "emerged
  from his stop / the pits behind STR", "salió de boxes": the order right after one's own stop, before the rival's
  (the undercut's driver emerges behind), which the context does not state.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from f1bench_pipeline.domains.f1.extract.tokens import DRIVER, LAP_ID, LAP_WORD, NEGATION, Token

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence

NEGATION_REACH = 40  # characters from a negation to the subject it governs (as race_order's)
SHARED_REACH = 120  # characters from the sentence's subject to the conjunction whose verb shares it

_ADVERB = r"(?:(?:still|already|directly|just|clearly|todavía|todavia|aún|aun|ya|directamente|ainda|já|ja|diretamente)\s+)?"
# "SAI, who was behind LAW", "ALB, que estaba detrás de HAD", "BEA, que estava atrás de SAI" (ends at the order word)
_RELATIVE = re.compile(r"(?P<d>\b[a-z]{3}),\s+(?:who|que|quien)\s+(?:was|had been|were|estaba|iba|había estado|"
                       r"estava|ia|tinha estado)\s+" + _ADVERB + r"$")
# "to HUL finishing", "con ALB terminando", "com BEA terminando": a gerund right after the driver
_GERUND_AFTER = re.compile(r"\s+(?:finishing|ending up|ending the race|emerging|coming out|being|terminando|"
                           r"acabando|saliendo|saindo|estando|ficando)\b")
# "... but remained behind", "... and emerged ahead", "..., moving from behind": the order's verb right after
# the conjunction (ends at the order word; "from"/"de" keep the from-side reading of "moving from behind X")
_SHARED = re.compile(r"(?:(?:,\s*|\s+)(?P<c>but|and|yet|though|pero|y|aunque|mas|e|porém|porem)\s+(?:then\s+|still\s+|"
                     r"luego\s+|depois\s+)?(?:remained|stayed|was|emerged|came out|finished|fell|dropped|ended up|"
                     r"siguió|siguio|permaneció|permanecio|quedó|quedo|salió|salio|terminó|termino|estaba|"
                     r"continuou|permaneceu|ficou|saiu|terminou|estava)|(?P<g>,)\s*(?:moving|emerging|coming out|"
                     r"finishing|going|pasando|saliendo|terminando|passando|saindo))\s+" + _ADVERB +
                     r"(?:(?:from|de|desde)\s+)?$")
_SHARED_STEMS = ("but", "and", "yet", "though", "pero", " y ", "aunque", "mas", " e ", "porém", "porem", ",")
# the whole exchange, both drivers' stops: "emerged from the pit sequence", "salió de la secuencia de paradas"; not
# "from his stop", "from the pits", "de boxes": the order right after one's own stop, before the rival's (an undercut's
# driver emerges behind), which the context does not state
_EMERGE_FROM = re.compile(r"\b(?:emerged|came out|exited|salió|salio|saiu)\s+(?:from|out of|of|de|del|da|do|das|dos)\s+"
                          r"(?:the\s+|their\s+|both\s+|la\s+|el\s+|los\s+|las\s+|a\s+|o\s+|as\s+|os\s+|ambas\s+)?"
                          r"(?:(?:pit|pit-stop|pit stop|stop)\s+(?:sequence|cycle|exchange|window|phase)|exchange|stops|"
                          r"pit stops|(?:secuencia|ciclo|ventana|sequência|sequencia|janela) de (?:paradas|pit stops|boxes)|"
                          r"paradas)\s+(?:on track\s+|en pista\s+|na pista\s+)?"
                          r"(?:~?\d+(?:[.,]\d+)?\s*(?:s|secs?|seconds?|segundos?)\s+)?$")
EMERGE_FROM_STEMS = ("emerged", "came out", "exited", "sali", "saiu")
EMERGE_FROM_REACH = 60  # characters from the emerge verb to the order word ("emerged from the pit sequence 3 s behind")


def relative_subject(doc: Document, sent: Sentence, s: int) -> Token | None:
    """The driver a relative clause ending right before the order word at ``s`` hangs on."""
    low = doc.low
    lo = max(sent.start, s - 40)
    if "," not in low[lo:s]:
        return None
    m = _RELATIVE.search(low, lo, s)
    if m is None:
        return None
    return next((t for t in sent.tokens if t.start == m.start("d") and t.kind is DRIVER and t.tag != "pron"), None)


def gerund_subject(low: str, t: Token) -> bool:
    """The driver ``t`` is a gerund's subject ("contributed to HUL finishing ahead"), though after a preposition."""
    return _GERUND_AFTER.match(low, t.end) is not None


def shared_subject(doc: Document, sent: Sentence, s: int, object_before) -> Token | None:
    """The sentence's subject, when the order word at ``s`` follows a conjunction (or a comma and a gerund) whose
    verb shares it: the first driver of the sentence, every other driver up to the conjunction an object."""
    low = doc.low
    lo = max(sent.start, s - 40)
    if not any(map(low[lo:s].__contains__, _SHARED_STEMS)):
        return None
    m = _SHARED.search(low, lo, s)
    if m is None:
        return None
    c = m.start("c") if m.group("c") else m.start("g")
    named = [t for t in sent.tokens if t.kind is DRIVER and t.end <= c]
    if not named:
        return None
    first = named[0]
    if first.is_object or first.tag == "pron" or object_before(low, first) or c - first.end > SHARED_REACH or \
            low.find("\n", first.end, c) >= 0 or ";" in low[first.end:c]:
        return None
    if any(not (t.is_object or object_before(low, t)) and t.value != first.value for t in named[1:]):
        return None  # another subject between: whose verb is it?
    return first


def _emerge_from(low: str, lo: int, s: int) -> re.Match[str] | None:
    w = max(lo, s - EMERGE_FROM_REACH)
    return _EMERGE_FROM.search(low, w, s) if any(map(low[w:s].__contains__, EMERGE_FROM_STEMS)) else None


def emerged_from(low: str, lo: int, s: int) -> bool:
    """An emerge verb and the stop it came out of right before the order word at ``s`` (from ``lo``)."""
    return _emerge_from(low, lo, s) is not None


def other_subject(doc: Document, sent: Sentence, s: int, object_before, clause_break: re.Pattern[str],
                  reach: int) -> Token | None:
    """The subject of the order word at ``s`` when the last driver before it is none: a relative clause's, a
    gerund's after a preposition (within ``reach``, in the clause), or the sentence's shared by a conjunction."""
    rel = relative_subject(doc, sent, s)
    if rel is not None:
        return rel
    low = doc.low
    last = sent.last_driver_before(s)
    if last is not None and last.tag != "pron" and s - last.end <= reach and gerund_subject(low, last) and \
            not clause_break.search(low, last.end, s):
        return None if _negated_before(doc, sent, last, clause_break) else last
    subj = shared_subject(doc, sent, s, object_before)
    return None if subj is None or _negated_before(doc, sent, subj, clause_break) else subj


def _negated_before(doc: Document, sent: Sentence, subj: Token, clause_break: re.Pattern[str]) -> bool:
    """A negation before the subject in its clause ("did not result in BOR finishing ahead of OCO"): what follows is
    not asserted (as ``race_order``'s own subject test)."""
    lo = max(sent.start, subj.start - NEGATION_REACH)
    return any(x.kind is NEGATION and lo <= x.start < subj.start and not clause_break.search(doc.low, x.end, subj.start)
               for x in sent.tokens)


# "allowed him to overtake", "enabled BEA to pass", "permitió a HAD superar", "permitiu que STR superasse", "permitiu a
# STR ultrapassar": the pass as what the move or stop made happen (ends at the pass word)
_CAUSED = re.compile(r"\b(?:allowed|allowing|enabled|enabling|helped|helping|permitted|permitió|permitio|permitiendo|"
                     r"permitiu|permitindo|ajudou)\s+(?:a\s+|que\s+)?(?P<d>[a-z]{2,4})\s+(?:to\s+|a\s+)?$")
CAUSED_REACH = 30  # characters from the cause verb to the pass word
_ALTERNATIVE = re.compile(r"\s*(?:/|\bor\b|\bo\b|\bou\b)")  # "helped him overtake/close on LAW": one or the other


def _word_end(low: str, s: int) -> int:
    e = s
    while e < len(low) and (low[e].isalpha() or low[e] == "-"):
        e += 1
    return e


def caused_pass(doc: Document, sent: Sentence, s: int, stop_kinds: frozenset[str]) -> Token | None:
    """The driver a cause verb right before the pass word at ``s`` lets pass ("the undercut allowed BEA to overtake
    GAS"), when a stop or the move is named before it in the sentence; None otherwise."""
    low = doc.low
    lo = max(sent.start, s - CAUSED_REACH)
    m = _CAUSED.search(low, lo, s) if any(map(low[lo:s].__contains__, ("allow", "enabl", "help", "permit", "ajud"))) \
        else None
    if m is None or not any(t.kind in stop_kinds and t.end <= m.start() for t in sent.tokens) or \
            any(t.kind is LAP_ID or t.kind is LAP_WORD for t in sent.tokens) or _ALTERNATIVE.match(low, _word_end(low, s)):
        return None  # "by the time HAD pitted again at lap 20, ... allowing ALB to overtake": another stop's; "overtake/close on"
    return next((t for t in sent.tokens if t.start == m.start("d") and t.kind is DRIVER), None)


# the finish named beside an order: "ahead of GAS in the final classification", "behind GAS at the finish", "en la
# clasificación final", "no resultado final" (the order at the finish, as "finished ahead of")
_FINAL_CUE = re.compile(r"\b(?:at the (?:finish|end of the race|(?:chequered |checkered )?flag)|in the final (?:classification|"
                        r"result|results|standings|order)|in the race result|al final de la carrera|en la clasificación final|"
                        r"en el resultado final|en la meta|no final da corrida|na classificação final|no resultado final|"
                        r"na bandeirada)\b")
FINAL_STEMS = ("finish", "end of the race", "flag", "final", "result", "meta")


def final_cue(low: str, lo: int, s: int, hi: int) -> bool:
    """The finish named in the order word's clause: from ``lo`` to the word at ``s``, or after it up to ``hi``."""
    return any(map(low[lo:hi].__contains__, FINAL_STEMS)) and _FINAL_CUE.search(low, lo, hi) is not None
