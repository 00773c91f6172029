"""Stops under a neutralisation (issue #44).

* ``stop_neutralisation``: "the lap-33 stops were under SC/VSC", "BOR's lap-66 stop was under
  SC/VSC", "vuelta 54 (bajo SC/VSC)", "paradas ... sob Safety Car", "(parada en condiciones
  normales)" (not neutralised), in a sentence with a stop or tyre-change word: one claim per lap the
  clause names before the phrase (with the driver when the clause names exactly one), or of the
  one driver named without a lap. "no safety car" with no stop named is race-level.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from f1bench_pipeline.domains.f1.extract.lap_difference import CLAUSE_BREAK
from f1bench_pipeline.domains.f1.extract.race_order import DENY_BEFORE, hedged, within
from f1bench_pipeline.domains.f1.extract.tokens import BOTH, CHANGE, DRIVER, ORDINAL, PIT
from f1bench_pipeline.domains.f1.extract.vocabulary.race import race_words

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence

# a neutralisation word ("SC", "VSC", "Safety Car", "coche de seguridad"), then what stands before and after it
_SC_WORD = re.compile(r"(?:" + race_words("vsc") + "|" + race_words("sc") + r")(?:\s*/\s*(?:" + race_words("vsc") + r"))?")
_UNDER_BEFORE = re.compile(r"\b(?:" + race_words("under") + r")\s+\**$")
_ASSISTED_AFTER = re.compile(r"[- ](?:assisted|aided|timed)\b")
_GREEN = re.compile(r"\b(?:" + race_words("green") + r")\b")
_NO_SC = re.compile(r"\b(?:" + race_words("no_sc") + r")")
_OR_OTHER_AFTER = re.compile(r"\s*(?:or|o|ou)\s+(?:a\s+|an\s+|un\s+|um\s+|the\s+)?(?:virtual|vsc|safety|sc\b)")
_LAP_AFTER = re.compile(r"[\s*]*(?:on|in|at|en|na|no)\s+(?:the\s+|la\s+|a\s+)?(?:lap|vuelta|volta)\s+\**(\d{1,2})\b")
_LAP_LIST_GAP = re.compile(r"[\s*,()&/-]*(?:(?:and|y|e|or|o|ou)[\s*]+)?(?:(?:laps?|vueltas?|voltas?)[\s*]+)?")
_NEUTRAL_CUE = (" sc", "(sc", "/sc", "*sc", "vsc", "safety", "segur", "normal", "green", "verde")
_GREEN_STEMS = ("green", "verde", "normal")


def neutralisations(doc: Document, sent: Sentence) -> None:
    """stop_neutralisation from "under SC/VSC", "bajo Safety Car", "sob VSC", "condiciones normales"."""
    low = doc.low
    if not within(low, sent.start, sent.end, _NEUTRAL_CUE):
        return
    # (the phrase regexes from a little before the first cue word: most of a sentence precedes it)
    first = min((i for i in (low.find(w, sent.start, sent.end) for w in _NEUTRAL_CUE) if i >= 0), default=sent.start)
    lo = max(sent.start, first - 40)
    found = []
    for m in _SC_WORD.finditer(low, lo, sent.end):
        u = _UNDER_BEFORE.search(low, max(sent.start, m.start() - 28), m.start())
        if u is not None or _ASSISTED_AFTER.match(low, m.end()):
            found.append((u.start() if u is not None else m.start(), m.end(), True, _kind(m.group(0))))
    if within(low, lo, sent.end, _GREEN_STEMS):
        found += [(m.start(), m.end(), False, None) for m in _GREEN.finditer(low, lo, sent.end)]
    if not found:
        no_sc = _NO_SC.search(low, sent.start, sent.end) if PIT not in sent.kind_set else None
        if no_sc:
            doc.add("stop_neutralisation", {"neutralised": False}, no_sc.start(), no_sc.end())
        return
    if PIT not in sent.kind_set and CHANGE not in sent.kind_set:
        return  # "lost time under the VSC": no stop
    ids = sorted(sent.laps.ids, key=lambda x: x[1]) if sent.laps is not None else []
    prev = sent.start
    for s, e, neutralised, kind in sorted(found):
        if DENY_BEFORE.search(low, max(sent.start, s - 12), s):
            neutralised, kind = not neutralised, None
        if kind is not None and _OR_OTHER_AFTER.match(low, e):
            kind = None  # "under Safety Car or Virtual Safety Car": either
        if hedged(doc, sent, s):
            prev = e
            continue  # "more probably, to switch ... under a Safety Car", "who may have pitted under green flag"
        laps = _laps_of(doc, sent, ids, prev, s)
        if not laps:
            after = _LAP_AFTER.match(low, e)  # "under SC/VSC on lap 69"
            laps = [int(after.group(1))] if after else []
        drivers = {t.value for t in sent.tokens if t.kind is DRIVER and prev <= t.start < s}
        both = any(t.kind is BOTH and prev <= t.start < s for t in sent.tokens)
        driver = drivers.pop() if len(drivers) == 1 and not both else None
        if driver is None and not drivers and not both and doc.single:
            driver = doc.single  # "This stop happened under SC/VSC" in an answer about one driver
        if not laps and (driver is None or not neutralised):
            prev = e
            continue  # a green-flag stop needs its lap: "pitted under green flag" of no stop in particular
        which: list[int | None] = [*laps] if laps else [None]
        for lap in which:
            doc.add("stop_neutralisation", {"neutralised": neutralised, "driver": driver, "lap": lap, "kind": kind},
                    prev if prev > sent.start else sent.start, e)
        prev = e


def _laps_of(doc: Document, sent: Sentence, ids: list, lo: int, s: int) -> list[int]:
    """The laps a neutralisation phrase at ``s`` is said of: the last list of lap ids before it (from
    ``lo``) in its own clause ("laps 2, 3 and 4 were under SC", "vuelta 54 (bajo SC/VSC)"), or the
    one an ordinal picks from it ("stops on laps 11 and 29, and the second stop was under SC")."""
    low = doc.low
    group: list[tuple[int, int, int]] = []  # (lap, start, end)
    for lap, ls, le, _i in ids:
        if not lo <= ls < s:
            continue
        if group and not _LAP_LIST_GAP.fullmatch(low, group[-1][2], ls):
            group = []
        group.append((lap, ls, le))
    if not group:
        return []
    end = group[-1][2]
    nth = [t.value for t in sent.tokens if t.kind is ORDINAL and end <= t.start < s]
    if nth and len(group) > 1:  # (an ordinal past the list: "... and the second stop was under SC/VSC")
        k = nth[-1]
        return [group[-1][0]] if k == -1 else [group[k - 1][0]] if isinstance(k, int) and 1 <= k <= len(group) else []
    if CLAUSE_BREAK.search(low, end, s):
        return []  # "After the switch on lap 57, OCO then had three more pit entries under SC/VSC": not lap 57
    return sorted({lap for lap, _s, _e in group})


def _kind(phrase: str) -> str | None:
    """SC, VSC, or None for "SC/VSC" (either)."""
    vsc = "vsc" in phrase or "virtual" in phrase
    sc = re.search(r"\bsc\b|safety[- ]car(?! virtual)|seguridad(?! virtual)|segurança(?! virtual)", phrase.replace("virtual safety", "")) is not None
    return None if vsc and sc else "VSC" if vsc else "SC"
