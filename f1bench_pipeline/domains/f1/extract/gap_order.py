"""The order of two drivers stated beside a gap (``relative_position``; issue #44, second pass).

Models restate a signed gap and say who was ahead: "the gap from HAM to RUS was -2.5 s (HAM ahead by
2.5 s)", "HAM was leading RUS by 2.5 seconds", "RUS trailed HAM by 1.2 s", "a gap of -2.9 s, meaning
HAM was ahead", "(HAM por delante por 2.5 s)", "HAM lideraba a RUS por 2.5 s", "RUS estava 1,2 s atrás
de HAM", "o que significa que HAM estava à frente". The gap's number stays the gap's (``gaps.py``);
this rule reads only the direction words, with the ``when`` of the gap they sit beside and, when only
one driver is named, the other driver of that gap. An order ``race_order.positions`` already read,
a negated or hedged one, a sign legend ("positive = HAM ahead"), a sign word that is not the gap's own
sign ("a negative gap indicates HAM ..." beside +2.5 s), a gap's label ("the gap from HAM ahead of
RUS was ..."), a from-to gap's two whens that nothing tells apart, and a sentence that states both
orders of one pair give nothing (precision first). The gap may end the previous sentence when this one
opens by explaining it ("... was -0.9 s. A negative gap indicates GAS was ahead."). A finite verb with
its amount that no gap rule reads ("RUS trailed HAM by 1.2 s") gives the gap too (``_verb_gap``).
``deficits``: "X reduced his deficit to Y", "X closed the gap to Y" through the stops: X behind Y before.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from f1bench_pipeline.domains.f1.extract.binding import other_of_pair
from f1bench_pipeline.domains.f1.extract.gaps import add_gap, gap_when, orient
from f1bench_pipeline.domains.f1.extract.lap_difference import CLAUSE_BREAK, object_before
from f1bench_pipeline.domains.f1.extract.race_order import LEGEND_BEFORE, hedged
from f1bench_pipeline.domains.f1.extract.tokens import AHEAD, BATTLE, BEHIND, DRIVER, NEGATION, NUMBER, PIT, Token

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence

# substrings one of which every order word holds: a sentence without one is not searched
_STEMS = ("ahead", "front", "lead", "led ", "behind", "trail", "delante", "detr", "frente", "atr", "lider")
_AHEAD_WORDS = frozenset({"ahead", "in front", "leading", "delante", "por delante", "à frente", "a frente", "na frente"})
_BEHIND_WORDS = frozenset({"behind", "trailing", "detrás", "por detrás", "detras", "atrás", "atras"})
# finite verbs of order ("led OCO by 1.11 s", "trailed HAM", "lideraba a RUS"): not tokens of their own
_VERB = re.compile(r"\b(?:(?P<ahead>led|lideraba|liderava|lideró|liderou)|(?P<behind>trailed))\b")
GAP_REACH = 80  # characters from the end of the gap's span to the order word it explains
SUBJECT_REACH = 40  # characters from the subject to its order word ("HAM was 2.5 s behind")
NEGATION_REACH = 40  # characters before the subject a negation governs ("not because HAM was ahead")
# what may stand between the subject and its order word: a copula, an adverb, the gap's size
_FILLER = re.compile(r"[\s*_]*(?:(?:was|is|were|had been|has been|stayed|remained|came out|sat|ran|now|still|already|"
                     r"just|only|slightly|clearly|actually|really|effectively|estaba|estuvo|iba|seguía|quedó|salió|ahora|todavía|ya|ligeramente|"
                     r"claramente|estava|esteve|ficou|seguia|saiu|agora|ainda|já|ligeiramente|claramente)[\s*_]+)*"
                     r"(?:[-–+]?~?\d+(?:[.,]\d+)?\s*(?:s|secs?|seconds?|segundos?)\b[\s*_]*)?")
_RIVAL_AFTER = re.compile(r"[\s*_]*(?:of|de|do|da|a|al|ao)?[\s*_]*")
# "by 2.5 s", "por 2.5 s", "em 2,5 s", "de 2,5 s": the gap's own number right after the order word
_BY_AMOUNT = re.compile(r"[\s*_]*(?:by|por|em|de)\s+[\s*_]*[-–+]?~?(?P<n>\d+(?:[.,]\d+)?)\s*(?:s|secs?|seconds?|segundos?)\b")
_SIGN_WORD = re.compile(r"\b(?:(?P<neg>negative|negativo|negativa)|(?P<pos>positive|positivo|positiva))\b")
_SIGNED = re.compile(r"[-–+]?\d+(?:[.,]\d+)?")


def _recent(doc: Document, sent: Sentence, ctype: str) -> list[list[Any]]:
    """The records of ``ctype`` read in this sentence so far (the records are appended in order)."""
    out = []
    for r in reversed(doc.records):
        if r[3] < sent.start:
            break
        if r[0] == ctype and r[2] >= sent.start:
            out.append(r)
    return out[::-1]


def _mentions(doc: Document, sent: Sentence) -> list[tuple[int, int, bool]]:
    """(start, end, ahead) of every order word of the sentence."""
    out = [(t.start, t.end, t.kind is AHEAD) for t in sent.tokens
           if (t.kind is AHEAD and t.word in _AHEAD_WORDS) or (t.kind is BEHIND and t.word in _BEHIND_WORDS)]
    low = doc.low
    if "led " in low[sent.start:sent.end] or "trailed" in low[sent.start:sent.end] or \
            "lider" in low[sent.start:sent.end]:
        out += [(m.start(), m.end(), m.group("ahead") is not None) for m in _VERB.finditer(low, sent.start, sent.end)]
    return sorted(out)


def _subject(doc: Document, sent: Sentence, s: int) -> Token | None:
    last = None
    for t in sent.tokens:
        if t.end > s:
            break
        if t.kind is DRIVER and t.tag != "pron":
            last = t
    if last is None or s - last.end > SUBJECT_REACH or not _FILLER.fullmatch(doc.low, last.end, s) or \
            object_before(doc.low, last):
        return None  # "the gap from TSU ahead of COL was -1.958 s": a gap's label, no one's order
    return last


def _rival(doc: Document, sent: Sentence, e: int) -> Token | None:
    m = _RIVAL_AFTER.match(doc.low, e)
    at = m.end() if m else e
    return next((t for t in sent.tokens if t.start == at and t.kind is DRIVER and t.tag != "pron"), None)


def _number(x: str) -> float:
    return float(x.replace(",", "."))


def _beside(doc: Document, sent: Sentence, gaps: list[list[Any]], subj: Token, s: int, e: int) -> list[Any] | None:
    """The gap the order word at [s, e) explains: the one of the number right after it ("ahead by
    2.5 s"), else the last one before it, within ``GAP_REACH`` (of the two of "went from -3.9 s to
    0.5 s", the one a sign word names: "the negative gap indicates STR was behind"). None when
    ambiguous."""
    by = _BY_AMOUNT.match(doc.low, e)
    if by is not None:
        n = _number(by.group("n"))
        same = [g for g in gaps if abs(g[1]["seconds"] - n) < 5e-4 and g[1].get("when")]
        whens = {g[1]["when"] for g in same}
        return same[0] if len(whens) == 1 else None
    paren = _number_before(doc, sent, subj)
    if paren is not None:  # "from -3.2 s (HAD behind) to +1.1 s (HAD ahead)": each its own number's gap
        same = [g for g in gaps if abs(g[1]["seconds"] - abs(paren.value)) < 5e-4 and g[1].get("when")]
        return same[0] if len({g[1]["when"] for g in same}) == 1 else None  # (another number's words: no gap's)
    before = [g for g in gaps if g[2] < s and s - g[3] <= GAP_REACH and g[1].get("when")]
    if not before:
        return None
    g = max(before, key=lambda r: r[3])
    tied = [r for r in before if r[3] == g[3]]
    if len({r[1]["when"] for r in tied}) > 1:
        signed = [r for r in tied if _sign_word(doc, sent, subj) is not None and _sign_ok(doc, sent, r, subj)]
        if len(signed) != 1:
            return None  # "moving from 4.2 s to 5.9 s, confirming ALB was trailing": before, after or both?
        g = signed[0]
    if CLAUSE_BREAK.search(doc.low, g[3], s) and not re.search(r"[(,:]|\b(?:meaning|means|indicat|signif|indica|shows|so\b|i\.e\.)",
                                                                 doc.low[g[3]:s]):
        return None
    return g


def _verb_gap(doc: Document, sent: Sentence, subj: Token, s: int, e: int) -> list[Any] | None:
    """"RUS trailed HAM by 1.2 s after the stops", "lideraba a SAI por 0.8 s": a finite verb of order
    with its amount, which no gap rule reads: the number becomes the gap (subject -> rival, its when
    from the when-words beside it), and the verb the order."""
    low = doc.low
    if not _VERB.match(low, s):
        return None
    rival = _rival(doc, sent, e)
    by = _BY_AMOUNT.match(low, rival.end if rival is not None else e)
    x = next((t for t in sent.secs if by is not None and t.start <= by.start("n") < t.end), None)
    if x is None or id(x) in sent.used:
        return None
    b = rival.value if rival is not None else other_of_pair(doc, subj.value)
    if b is None or b == subj.value:
        return None
    brk = CLAUSE_BREAK.search(low, x.end, sent.end)  # (not the next clause's "but after the stops he led ...")
    when = gap_when(low, [t for t in sent.tokens if brk is None or t.start < brk.start()], subj.start, x)
    if when is None:
        return None
    sent.used.add(id(x))
    n = len(doc.records)
    add_gap(doc, orient(doc, (subj.value, b)), x, when, subj.start, x.end)
    return doc.records[n] if len(doc.records) > n else None


# a sentence that explains the gap the previous one stated: "A negative gap indicates STR was behind.",
# "This means HAM was ahead.", "Es decir, ...", "Isso significa que ..."
_FOLLOW = re.compile(r"[\s>*_•(-]*(?:(?:this|that|which|it)\s+(?:means|meant|indicates|indicated|shows|showed)|"
                     r"(?:so|thus|therefore|i\.e\.|meaning|es decir|ou seja)\b|"
                     r"(?:an?|the|this|that)\s+(?:negative|positive)\s+(?:gap|value|sign|number)\s+(?:indicates|means|shows)|"
                     r"(?:esto|eso|lo que|isso|isto|o que)\s+(?:significa|indica|muestra|mostra)|"
                     r"(?:el|un|o|um)\s+(?:gap|valor)\s+(?:negativo|positivo)\s+(?:indica|significa))\b")
FOLLOW_REACH = 60  # characters from the end of the previous sentence's gap to this sentence


def _previous_gaps(doc: Document, sent: Sentence) -> list[list[Any]]:
    """The gaps of the previous sentence, when this one opens by explaining them and nothing but the
    rest of that sentence (no number) stands between."""
    low = doc.low
    if not _FOLLOW.match(low, sent.start):
        return []
    out = []
    for r in reversed(doc.records):
        if r[3] > sent.start:
            continue
        if r[0] != "gap" or sent.start - r[3] > FOLLOW_REACH or any(c.isdigit() for c in low[r[3]:sent.start]) or \
                "\n\n" in low[r[3]:sent.start]:
            break
        out.append(r)
    return out[::-1]


# a number in seconds (not "after lap 13, HAM was ..."), then an opening parenthesis or comma right before the
# subject: "-3.2 s (HAD behind)",
# "+3.7 s, meaning GAS ahead", "1,1 s (o que significa que HAD ..."
# (or a verb right after the number: "-2.362s indica que STR iba por detrás", "+3.7 s means GAS was ahead", fifth pass)
_PAREN_BEFORE = re.compile(r"[\s*_]*(?:(?:s|secs?|seconds?|segundos?)\b)?[\s*_]*(?:[(,][\s*_]*(?:(?:meaning|i\.e\.,?|so|"
                           r"(?:o que|lo que|que) significa(?: que)?|es decir,?|ou seja,?)\s+)?|(?<=[\s*_])(?:indicates|"
                           r"means|shows|indica|significa|muestra|mostra)(?:\s+(?:that|que))?\s+)$")


def _number_before(doc: Document, sent: Sentence, subj: Token) -> Token | None:
    x = next((t for t in reversed(sent.tokens) if t.kind is NUMBER and t.end <= subj.start), None)  # (a pace too)
    if x is None or x.tag != "s" or subj.start - x.end > 40 or not _PAREN_BEFORE.fullmatch(doc.low, x.end, subj.start):
        return None
    return x


def _sign_ok(doc: Document, sent: Sentence, gap: list[Any], subj: Token) -> bool:
    """A sign word before the subject ("negative gap indicates HAM ...") must be the sign of the gap's
    number as written; "positive = HAM ahead" beside -2.5 s is a legend, not this gap's order."""
    word = _sign_word(doc, sent, subj)
    if word is None:
        return True
    want = gap[1]["seconds"]
    for m in _SIGNED.finditer(doc.low, gap[2], gap[3]):  # (the gap's own span: it may end the previous sentence)
        if abs(_number(m.group().lstrip("-–+")) - want) < 5e-4:
            return (m.group()[0] in "-–") == (word.group("neg") is not None)
    return False


def _sign_word(doc: Document, sent: Sentence, subj: Token) -> re.Match | None:
    """The last sign word shortly before the subject ("the negative gap indicates HAM ...")."""
    words = list(_SIGN_WORD.finditer(doc.low, max(sent.start, subj.start - NEGATION_REACH), subj.start))
    return words[-1] if words else None


def orders(doc: Document, sent: Sentence) -> None:
    """relative_position from an order word beside a gap read in this sentence."""
    low = doc.low
    if not any(map(low[sent.start:sent.end].__contains__, _STEMS)):
        return
    gaps = _recent(doc, sent, "gap") if sent.secs else []
    if not gaps:
        gaps = _previous_gaps(doc, sent)
        if not gaps and not sent.secs:
            return  # (with a number of its own: "SAI trailed TSU by 10.5 s", read by ``_verb_gap``)
    known = _recent(doc, sent, "relative_position")
    new: list[tuple[dict[str, Any], int, int]] = []
    for s, e, ahead in _mentions(doc, sent):
        if any(r[2] <= s < r[3] or r[2] < e <= r[3] for r in known):
            continue  # read already ("ALB was behind ANT before the stops")
        subj = _subject(doc, sent, s)
        if subj is None:
            continue
        lo = max(sent.start, subj.start - NEGATION_REACH)
        if any(x.kind is NEGATION and lo <= x.start < s and not CLAUSE_BREAK.search(low, x.end, subj.start)
               for x in sent.tokens) or hedged(doc, sent, subj.start):
            continue  # "not because HAM was ahead", "if HAM had been ahead"
        if LEGEND_BEFORE.search(low, max(sent.start, subj.start - 30), subj.start):
            continue
        gap = _beside(doc, sent, gaps, subj, s, e) or _verb_gap(doc, sent, subj, s, e)
        if gap is None:
            continue
        pair = (gap[1]["driver_a"], gap[1]["driver_b"]) if "driver_a" in gap[1] else \
            (subj.value, other_of_pair(doc, subj.value))
        if subj.value not in pair or not _sign_ok(doc, sent, gap, subj):
            continue
        rival_tok = _rival(doc, sent, e)
        rival = rival_tok.value if rival_tok is not None else pair[1] if subj.value == pair[0] else pair[0]
        if rival is None or rival not in pair or rival == subj.value:
            continue
        slots = {"driver_a": subj.value, "driver_b": rival, "when": gap[1]["when"], "ahead": ahead}
        new.append((slots, subj.start, max(e, rival_tok.end if rival_tok is not None else e)))
    added: list[dict[str, Any]] = []
    for slots, s, e in new:
        a, b, when, ahead = slots["driver_a"], slots["driver_b"], slots["when"], slots["ahead"]
        said = [(r[1]["driver_a"], r[1]["driver_b"], r[1].get("ahead")) for r in known if r[1].get("when") == when] + \
            [(x["driver_a"], x["driver_b"], x["ahead"]) for x, _, _ in new if x["when"] == when]
        if any({p, q} == {a, b} and (ahead if p == a else not ahead) != o for p, q, o in said):
            continue  # the sentence states both orders of the pair: no order
        if any(r[1] == slots for r in known) or slots in added:
            continue
        added.append(slots)
        doc.add("relative_position", slots, s, e)


# "X reduced his deficit to Y", "X closed the gap to Y", "redujo la desventaja frente a Y", "reduziu a
# desvantagem para Y": X was behind Y before the stops. A finite verb (or "X's deficit"); "the gap" only
# with "closed" ("reduced the gap to 0.07 s" is a gap's size, and a leader's gap may be "reduced" too).
_DEFICIT_STEMS = ("deficit", "déficit", "desventaja", "desvantagem", "closed the gap", "closing the gap")
_DEFICIT = re.compile(
    r"\b(?:(?:reduced|cut|trimmed|narrowed|halved|redujo|recortó|acortó|redujeron|reduziu|diminuiu|recortou|cortou)"
    r"\s+(?:(?:his|her|the|its|su|la|sua|a|o|seu)\s+)?(?:(?P<own>[a-z]{3})(?:'s|’s)\s+)?"
    r"(?:deficit|déficit|desventaja|desvantagem)|(?P<closed>closed)\s+(?:the|his|her)\s+gap)"
    r"(?:\s+(?:relativa|relativo))?\s+(?:to|on|behind|with|frente\s+a|respecto\s+(?:a|de)|con|ante|para|em\s+relação\s+(?:a|ao)|"
    r"sobre|com|a|al|ao)\s+(?P<rival>[a-z]{3})\b")
_STOP_KINDS = frozenset({PIT, BATTLE})


def deficits(doc: Document, sent: Sentence) -> None:
    """relative_position (behind, before the stops) from a deficit reduced or a gap closed through the
    stops: the sentence names a stop or the move ("closed the gap to BOR over laps 54-66" does not);
    negated, hedged or purposive ones ("to close the gap") give nothing."""
    low = doc.low
    seg = low[sent.start:sent.end]
    if not any(map(seg.__contains__, _DEFICIT_STEMS)) or sent.kind_set.isdisjoint(_STOP_KINDS):
        return
    for m in _DEFICIT.finditer(low, sent.start, sent.end):
        rival = next((t for t in sent.tokens if t.start == m.start("rival") and t.kind is DRIVER and t.tag != "pron"),
                     None)
        if rival is None:
            continue
        if m.group("own"):
            subj = next((t for t in sent.tokens if t.start == m.start("own") and t.kind is DRIVER), None)
        else:
            subj = next((t for t in reversed(sent.tokens) if t.kind is DRIVER and t.tag != "pron" and
                         t.end <= m.start()), None)
            if subj is not None and (m.start() - subj.end > SUBJECT_REACH or subj.is_object or
                                     object_before(low, subj) or CLAUSE_BREAK.search(low, subj.end, m.start())):
                subj = None
        if subj is None or subj.value == rival.value:
            continue
        lo = max(sent.start, subj.start - NEGATION_REACH)
        if any(x.kind is NEGATION and lo <= x.start < m.start() for x in sent.tokens) or \
                hedged(doc, sent, m.start()) or low.endswith("to ", 0, subj.start):
            continue
        doc.add("relative_position", {"driver_a": subj.value, "driver_b": rival.value, "when": "before",
                                      "ahead": False}, subj.start, m.end())
