"""Stints stated by their first lap only, or shared out over drivers (issue #43, classes 6 and 7).

* ``stint_laps`` from one bound: "ran the HARD from lap 22", "llevó el HARD desde la vuelta 22",
  "usou o HARD a partir da volta 22" give ``{driver, compound, start_lap}``: the claim states the
  stint's first lap and its tyre, and is checked on what it states (its end, the race's last lap
  or the next stop, is not written). Not when the lap opens a range ("from lap 22 to 40": the
  range rule's), when the clause is about pace or counts laps ("ran 10 laps on the HARD from lap
  22": some laps of a stint), nor without a verb or preposition that puts the driver on the tyre.
* a plural stint word shared out over drivers: "Hard stints of 21 laps for OCO (laps 19-39)
  against 24 laps for GAS" gives one ``stint_laps`` per driver named right after its count (with
  the bracketed range after the name when it spans that many laps).
* a strategy as its tyres in order: "TSU's strategy was MEDIUM-SOFT-HARD", "a MEDIUM-HARD strategy",
  "la estrategia de TSU fue MEDIUM → SOFT → HARD", "a estratégia de TSU foi MEDIUM-SOFT-HARD" give a
  ``stint_compound`` per stint (1, 2, 3): the sequence named as the strategy is the whole race's.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from f1bench_pipeline.domains.f1.extract.binding import drivers_for, span_start
from f1bench_pipeline.domains.f1.extract.checks import clause_start
from f1bench_pipeline.domains.f1.extract.patterns import ON_CMP, PACE_WORD, alt, words
from f1bench_pipeline.domains.f1.extract.tokens import ARROW, COMPOUND, DRIVER, STAY, STINT_NOUN, Token

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence

_ARTICLE = r"(?:(?:the|la|el|a|o)\s+)?"
# between the tyre and its first lap: "HARD from ", "HARD tyres from ", "HARD desde la ", "HARD a partir da "
FROM_LAP_AFTER_CMP = re.compile(r"[\s*_]*(?:" + alt("tyre_noun") + r"[\s*_]+)?" + alt("from_lap_before") + r"\w*\s+"
                                + _ARTICLE)
# a verb that puts the driver on the tyre, right before it: "ran the", "llevó el", "usou o"
RUN_BEFORE = re.compile(r"\b" + alt("stint_run_verb") + r"\s+(?:" + alt("on_cmp_det") + r"\s+){0,3}$")
# the lap opens a range: "from lap 22 to 40", "desde la vuelta 22 hasta la 40", "da volta 22 à 40"
RANGE_AFTER = re.compile(r"\s*(?:-|–|—|(?:" + words("range_to") + r")\s)\s*" + _ARTICLE + "(?:" + alt("lap_word_any")
                         + r"s?\s*)?\d")
# "stints of 21 laps for OCO", "21 vueltas para OCO": the count's driver, right after it
FOR_DRIVER = re.compile(r"\s+" + alt("owner_after") + r"\s+$")
# between two tyres of a sequence: a hyphen, a slash or an arrow, nothing else
SEQUENCE_JOIN = re.compile(r"[\s*_]*(?:-|–|—|/|->|=>|→|>)[\s*_]*")
# the sequence named as the strategy: "strategy was ", "estrategia de TSU fue ", "strategy: ", "strategy ("
STRATEGY_BEFORE = re.compile(r"\b" + alt("strategy_noun") + r"(?:\s+(?:de|do|da|of)\s+[\w’']+)?[\s*_]*"
                             r"(?:was|is|fue|foi|era|:|=|\()?[\s*_]*$")
STRATEGY_AFTER = re.compile(r"[\s*_]*(?:tyre\s+|tire\s+)?" + alt("strategy_noun") + r"\b")
BRACKET_RANGE = re.compile(r"\s*\(\s*" + alt("lap_word_any") + r"s?\s*(\d{1,2})\s*[-–]\s*(\d{1,2})\s*\)")


def stint_from_lap(doc: Document, sent: Sentence) -> None:
    """stint_laps {driver, compound, start_lap}: "ran the HARD from lap 22"."""
    laps = sent.laps
    if laps is None or not laps.ids or sent.red_flag:
        return
    low = doc.low
    toks = sent.tokens
    for lap, ls, le, _i in laps.ids:
        cmp = _tyre_before(toks, ls)
        if cmp is None or not FROM_LAP_AFTER_CMP.fullmatch(low, cmp.end, ls) or RANGE_AFTER.match(low, le):
            continue
        lo = clause_start(low, cmp.start, 60)
        if not (RUN_BEFORE.search(low, max(lo, cmp.start - 40), cmp.start) or
                ON_CMP.search(low, max(lo, cmp.start - 30), cmp.start) or
                any(t.kind is STAY and lo <= t.start and t.end <= cmp.start for t in toks)):
            continue
        hi = min(sent.end, le + 60)
        if PACE_WORD.search(low, lo, hi) or any(lo <= c[1] < hi for c in laps.counts):
            continue  # "his pace on the HARD from lap 22", "10 laps on the HARD from lap 22": some laps
        for d in drivers_for(doc, sent, cmp.start, cmp.end, postfix=False, sent_s=sent.start):
            doc.add("stint_laps", {"driver": d, "compound": cmp.value, "start_lap": int(lap)},
                    span_start(sent, d, cmp.start), le)


def _tyre_before(toks: list[Token], s: int) -> Token | None:
    """The last token before offset ``s`` when it is a tyre."""
    prev = None
    for t in toks:
        if t.start >= s:
            break
        prev = t
    return prev if prev is not None and prev.kind is COMPOUND else None


def shared_stints(doc: Document, sent: Sentence) -> None:
    """stint_laps per driver of "HARD stints of 21 laps for OCO (laps 19-39) against 24 laps for GAS"."""
    laps = sent.laps
    if laps is None or len(laps.counts) < 2:
        return
    low = doc.low
    toks = sent.tokens
    kinds = sent.kinds
    # a plural stint word with its tyre right before or after it ("Hard stints", "stints on HARD")
    head = next((i for i, k in enumerate(kinds) if k is STINT_NOUN and toks[i].word.endswith("s") and
                 (i > 0 and kinds[i - 1] is COMPOUND and toks[i].start - toks[i - 1].end <= 2 or
                  i + 1 < len(toks) and kinds[i + 1] is COMPOUND and ON_CMP.search(low, toks[i].end,
                                                                                  toks[i + 1].start))),
                None)
    if head is None:
        return
    cmp = toks[head - 1] if head > 0 and kinds[head - 1] is COMPOUND else toks[head + 1]
    found = []
    for n, s, e, _i in laps.counts:
        if s < toks[head].end:
            continue
        d = next((t for t in toks if t.kind is DRIVER and t.start >= e and t.tag != "pron"), None)
        if d is None or d.start - e > 10 or not FOR_DRIVER.fullmatch(low, e, d.start):
            return  # a count without its driver: the share is not stated
        found.append((n, s, d))
    if len(found) < 2 or len({d.value for _n, _s, d in found}) < len(found):
        return
    for n, s, d in found:
        slots = {"driver": d.value, "compound": cmp.value, "n_laps": n}
        end = d.end
        m = BRACKET_RANGE.match(low, d.end)
        if m and int(m.group(2)) - int(m.group(1)) + 1 == n:
            slots["start_lap"], slots["end_lap"] = int(m.group(1)), int(m.group(2))
            end = m.end()
        doc.add("stint_laps", slots, s, end)


def strategy_sequence(doc: Document, sent: Sentence) -> None:
    """stint_compound per stint of "TSU's strategy was MEDIUM-SOFT-HARD"."""
    if sent.kinds.count(COMPOUND) < 2:
        return
    low = doc.low
    toks = sent.tokens
    i = 0
    n = len(toks)
    while i < n:
        if toks[i].kind is not COMPOUND:
            i += 1
            continue
        run = [toks[i]]
        j = i + 1
        while j < n:
            t = toks[j]
            if t.kind is ARROW:
                j += 1
                continue
            if t.kind is COMPOUND and SEQUENCE_JOIN.fullmatch(low, run[-1].end, t.start):
                run.append(t)
                j += 1
                continue
            break
        i = j
        if len(run) < 2:
            continue
        s, e = run[0].start, run[-1].end
        if not (STRATEGY_BEFORE.search(low, max(sent.start, s - 40), s) or STRATEGY_AFTER.match(low, e)):
            continue
        for d in drivers_for(doc, sent, s, e, postfix=True):
            for k, t in enumerate(run, start=1):
                doc.add("stint_compound", {"driver": d, "compound": t.value, "stint": k}, span_start(sent, d, s), e)
