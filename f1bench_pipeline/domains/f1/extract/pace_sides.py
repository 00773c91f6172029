"""The sides of a pace or degradation comparison that its own clause leaves implicit (``pace_compare.py``).

* side a named as the tyre switched to, then referred to: "The switch to Hard allowed ANT to finish on
  a compound that showed less degradation than the Medium stint", "exploit a tyre that was faster",
  "cambió al HARD, un compuesto que fue más rápido", "trocou para o HARD, um pneu que foi mais rápido";
* side a named by a stint heading opening its line: "- **Stint 2 (MEDIUM):** Average lap time was
  92.16 seconds, which is 1.90 seconds per lap faster on average than the HARD stint";
* side a's tyre named right after the comparative, before "than"/"compared to": "LAW's degradation rate was
  slightly higher with MEDIUM tyres (-0.154s/lap) compared to HARD tyres", "fue mayor con el MEDIUM que con el HARD";
* side b named by its value only, in a bracket right after the comparative: "faster on average
  (97.48s vs. 99.15s)", "a slightly higher pace loss per lap (-0.039s/lap vs. -0.028s/lap)", "más
  rápido (91.20s frente a 93.60s)": the first value is side a's, the second names side b (the stint
  of side b's driver whose stated value it is: ``value_b``, to ``resolution_b``); when the clause names no
  stint of side a either, the first value names it (``value_a``: "OCO's degradation rate was lower
  (+0.095s/lap vs +0.109s/lap)", "BEA mantuvo un ritmo más rápido (91.20s frente a 93.60s)").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from f1bench_pipeline.domains.f1.extract.pace_cues import _anothers, resolution
from f1bench_pipeline.domains.f1.extract.tokens import CHANGE, COMPOUND, DRIVER, NUMBER, STINT_NOUN

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence

REFERENT_REACH = 40  # characters from "a compound that" to its comparative ("that showed **less degradation**")
HEADING_REACH = 12  # characters from a line's start to the stint heading opening it ("- **Stint 2")

# "a compound that", "the tyre which", "un compuesto que", "um pneu que": side a referred to
_REFERENT = re.compile(r"\b(?:a|an|the|this|that|un|una|el|este|ese|um|uma|o|esse|este)\s+(?:\w+\s+)?(?:tyre|tire|"
                       r"compound|neum[áa]tico|compuesto|goma|pneu|composto)\s+(?:that|which|que)\b")
# the tyre a driver switched to: "switch to the HARD", "onto fresh MEDIUMs", "al HARD", "para o HARD"
_TO_TYRE = re.compile(r"\b(?:to|onto|into|for|al|a\s+los|a\s+la|a|hacia|para|pro|pelo)\s+(?:the\s+|el\s+|los\s+|o\s+|"
                      r"os\s+|fresh\s+|new\s+|nuevos?\s+|novos?\s+)?$")
_HEADING = re.compile(r"[\s>*#_-]*$")
# "(97.48s vs. 99.15s)", "(-0.039s/lap vs. -0.028s/lap)", "(91.20 s frente a 93.60 s)"
_VS_VALUES = re.compile(r"[\s*_]*(?:on\s+average\s*|en\s+promedio\s*|em\s+m[ée]dia\s*|per\s+lap\s*|por\s+vuelta\s*|"
                        r"por\s+volta\s*)?[\s*_]*\(\s*([+-]?\d+(?:[.,]\d+)?)\s*(?:s|secs?|seconds?|segundos?)?\s*"
                        r"(?:/\s*(?:lap|vuelta|volta|v)\b|per\s+lap|por\s+vuelta|por\s+volta)?\s*"
                        r"(?:vs\.?|versus|frente\s+a|contra)\s*([+-]?\d+(?:[.,]\d+)?)")


def referred_side_a(doc: Document, sent: Sentence, s: int) -> dict[str, Any]:
    """Side a of a comparative at ``s`` when its clause refers to it ("a compound that ...") or a stint
    heading opens its line; {} when neither pins one stint or tyre."""
    low = doc.low
    ref = None
    for m in _REFERENT.finditer(low, max(sent.start, s - REFERENT_REACH - 30), s):
        ref = m
    if ref is not None and s - ref.end() <= REFERENT_REACH:
        switched = [x for x in sent.tokens if x.kind is COMPOUND and x.end <= ref.start() and
                    _TO_TYRE.search(low, max(sent.start, x.start - 20), x.start)]
        if len({x.value for x in switched}) == 1:
            return {"compound": switched[0].value}
    line = low.rfind("\n", 0, s) + 1
    for i, x in enumerate(sent.tokens):
        if x.start >= s:
            break
        if x.kind is STINT_NOUN and line <= x.start <= line + HEADING_REACH and _HEADING.fullmatch(low, line, x.start):
            nxt = sent.tokens[i + 1] if i + 1 < len(sent.tokens) else None
            if nxt is not None and nxt.kind is NUMBER and not nxt.decimal and 0 < nxt.value < 10 and \
                    nxt.start - x.end <= 2:
                return {"stint": int(nxt.value)}
    return {}


# a preposition tying the tyre after the comparative to side a: "higher with MEDIUM tyres", "mayor con el MEDIUM"
_TYRE_PREP = re.compile(r"\s+(?:in\s+slope\s+)?(?:with|on|for|con|en|com|no|na|nos|nas)\s+(?:the\s+|his\s+|el\s+|los\s+|sus?\s+|"
                        r"o\s+|os\s+|seus?\s+)?(?:\*\*)?$")


def side_a_after(doc: Document, sent: Sentence, e: int, than: int) -> dict[str, Any]:
    """Side a's tyre named between the comparative ending at ``e`` and its "than" at ``than``: one tyre, tied
    to the comparative by a preposition, and no driver between; {} otherwise."""
    between = [x for x in sent.tokens if e <= x.start < than]
    tyres = [x for x in between if x.kind is COMPOUND]
    if len(tyres) != 1 or any(x.kind is DRIVER for x in between):
        return {}
    if _TYRE_PREP.fullmatch(doc.low, e, tyres[0].start) is None:
        return {}
    return {"compound": tyres[0].value}


def side_b_by_value(doc: Document, sent: Sentence, e: int) -> dict[str, Any] | None:
    """Side b named by its value in a bracket right after the comparative ending at ``e``."""
    m = _VS_VALUES.match(doc.low, e, sent.end)
    if m is None:
        return None
    word, first = m.group(2), m.group(1)
    return {"value": float(word.replace(",", ".")), "resolution": resolution(word.lstrip("+-")), "end": m.end(),
            "value_a": float(first.replace(",", ".")), "resolution_a": resolution(first.lstrip("+-"))}


def subject_tyre(doc: Document, sent: Sentence, s: int) -> dict[str, Any]:
    """(#44, fifth pass) Side a's tyre as the subject of its sentence, further from the comparative at ``s`` than a
    value's phrase reaches: "LAW's average lap time on the HARD compound (105.30s) was over 1.6 seconds per lap faster
    than the average on the MEDIUM compound", "**Second Stint (HARD, Laps 22-53):** ... nearly 1.73 seconds per lap
    faster on average compared to the MEDIUM stint". One tyre before the comparative in its sentence, no tyre change
    and no tyre compared with ("after the MEDIUM"); {} otherwise."""
    low = doc.low
    semi = low.rfind(";", sent.start, s)
    lo = sent.start if semi < 0 else semi + 1
    tyres = [x for x in sent.tokens if lo <= x.start < s and x.kind is COMPOUND]
    if len({x.value for x in tyres}) != 1 or any(lo <= x.start < s and x.kind is CHANGE for x in sent.tokens) or \
            any(_anothers(low, sent, x.start) for x in tyres):
        return {}
    return {"compound": tyres[0].value}
