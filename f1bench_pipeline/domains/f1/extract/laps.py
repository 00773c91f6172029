"""Laps: lap mentions, pit laps and the race distance.

A sentence's lap mentions (``lap_mentions``) are lap ids ("lap 31", "vuelta 31", "L31", "the 31st
lap", lists "laps 12, 30 and 45"), ranges ("laps 14-44", "L21-L51", "between laps 1 and 18") and lap
counts ("a 21-lap stint", "20 de 53 vueltas"); the tyre rules read them too. A lap id becomes a
``pit_lap`` when a pit word governs it and no reading as another lap fits better: a stint's start
or its tyre's lap, a lap that dates a gap or a position ("before the stops (lap 7)"), the end of a
range, a lap waited for, "from lap N", two nearby laps of two drivers ("the lap-66/67 sequence").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from f1bench_pipeline.domains.f1.extract.binding import assign_parallel, drivers_for, span_start
from f1bench_pipeline.domains.f1.extract.checks import (clause_start, elided_before, from_lap_before, index_number,
                                                     lap_pair_after, plain_number, rival_bracket_driver)
from f1bench_pipeline.domains.f1.extract.patterns import (LAP_TIME_BETWEEN, AND_CONN, BARE_AFTER_BEFORE, BETWEEN_BEFORE, COMPARATIVE_AFTER,
                                                       COUNT_DET_BEFORE, COUNT_OF_M, DEADLINE_BEFORE, DRIVER_TO_LAP,
                                                       ELIDED_AFTER, FINISH_AT_BEFORE, GAP_AFTER, LAPNUM_GAP, LIST_CONN,
                                                       N_OF_BEFORE, OWNER_AFTER, PLURAL_LAPS, RACE_AFTER, RACE_BEFORE,
                                                       RANGE_CONN, RANGE_END_BEFORE, REF_PHRASE_BEFORE,
                                                       REFERENCE_LAP_BEFORE, REFERENCE_PHRASE, SPACE_DASH,
                                                       STINT_LAP_BEFORE, STINT_START_BEFORE, TRIGGER_BREAK, UNTIL_BEFORE,
                                                       UNTIL_FINISH, VERB_TO_LAP, WAIT_BEFORE, WAITED_UNTIL_BEFORE)
from f1bench_pipeline.domains.f1.extract.senses import paired_lap_owner
from f1bench_pipeline.domains.f1.extract.sentence import Laps
from f1bench_pipeline.domains.f1.extract.tokens import (BOTH, CHANGE, DRIVER, LAP_ID, LAP_WORD, NUMBER, NUMBER_WORD,
                                                     NEGATION, ORDINAL_NUMBER, PIT, STAY, Token)

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence

# A stop count above this is no count: in "Stops: RIC 22 vs TSU 24" (no lap word) the numbers are laps.
MAX_STOP_COUNT = 5
_LAP_KINDS = frozenset({LAP_ID, NUMBER, NUMBER_WORD, ORDINAL_NUMBER, LAP_WORD})
_LAP_ID_OR_NUMBER = frozenset({LAP_ID, NUMBER})


def lap_mentions(doc: Document, sent: Sentence) -> Laps:
    """The sentence's lap ids, ranges and counts; the numbers they take are marked used."""
    low = doc.low
    toks = sent.tokens
    used = sent.used
    ids: list[tuple[int, int, int, int]] = []  # (lap, s, e, tok index)
    ranges: list[tuple[int, int, int, int, bool]] = []  # (a, b, s, e, plural lap word)
    counts: list[tuple[int, int, int, int]] = []  # (n, s, e, tok index)
    n = len(toks)
    plain = plain_number
    ks = sent.kinds
    skip = 0  # the next index to read (a mention may consume the tokens after it)
    for i, k in enumerate(ks):
        if i < skip or k not in _LAP_KINDS:
            continue
        t = toks[i]
        if k is LAP_ID:
            nxt = toks[i + 1] if i + 1 < n else None
            if nxt is not None and nxt.kind in _LAP_ID_OR_NUMBER and (nxt.kind is LAP_ID or plain(nxt)) and \
                    t.value <= nxt.value and nxt.start - t.end <= 6 and RANGE_CONN.fullmatch(low, t.end, nxt.start):
                ranges.append((int(t.value), int(nxt.value), t.start, nxt.end, True))  # "L21-L51", "L1–9"
                used.add(id(nxt))
                skip = i + 2
                continue
            ids.append((t.value, t.start, t.end, i))
        elif (k is NUMBER or k is NUMBER_WORD) and i + 1 < n and toks[i + 1].kind is LAP_WORD and \
                toks[i + 1].start - t.end <= 3 and (k is NUMBER_WORD or plain(t)) and \
                SPACE_DASH.fullmatch(low, t.end, toks[i + 1].start):
            lw = toks[i + 1]
            value = int(t.value)
            hyphen = "-" in low[t.end:lw.start]  # "the 53-lap race", "a 21-lap stint"
            if value >= 2 and not COMPARATIVE_AFTER.match(low, lw.end) and \
                    (hyphen or not COUNT_DET_BEFORE.search(low, max(0, t.start - 12), t.start)):
                counts.append((value, t.start, lw.end, i))
            used.add(id(t))
            skip = i + 2
            continue
        elif k is NUMBER and plain(t) and t.value >= 2 and i + 1 < n and toks[i + 1].kind is NUMBER:
            m = COUNT_OF_M.match(low, t.end)  # "20 de 53 vueltas": a 20-lap stint of a 53-lap race
            if m and int(toks[i + 1].value) == int(m.group(1)) and not index_number(low, toks, i):
                # (ends after "de 53 vueltas": a tyre after it is the count's, "41 de 52 vueltas con INTER")
                counts.append((int(t.value), t.start, m.end(), i))
                used.add(id(t))
        elif k is ORDINAL_NUMBER and i + 1 < n and toks[i + 1].kind is LAP_WORD and toks[i + 1].value == "sg" and \
                toks[i + 1].start - t.end <= 2:
            ids.append((t.value, t.start, toks[i + 1].end, i))
            skip = i + 2
            continue
        elif k is LAP_WORD and i + 1 < n:
            nt = toks[i + 1]
            if plain(nt) and nt.start - t.end <= 8 and LAPNUM_GAP.fullmatch(low, t.end, nt.start):
                if i + 2 < n and toks[i + 2].kind is LAP_WORD and toks[i + 2].start - nt.end <= 2:
                    continue  # "laps 13 laps" -> a count, read at the next step
                a = int(nt.value)
                j = i + 2
                nxt = toks[j] if j < n else None
                if nxt is not None and nxt.kind is LAP_WORD and j + 1 < n:
                    nxt2 = toks[j + 1]
                else:
                    nxt2 = None
                if nxt is not None and plain(nxt) and a <= nxt.value and nxt.start - nt.end <= 24 and \
                        (RANGE_CONN.fullmatch(low, nt.end, nxt.start) or AND_CONN.fullmatch(low, nt.end, nxt.start)
                         and BETWEEN_BEFORE.search(low, max(0, t.start - 12), t.start)):  # "between laps 1 and 18"
                    plural = t.value == "pl" or "-" not in low[nt.end:nxt.start]
                    ranges.append((a, int(nxt.value), t.start, nxt.end, plural))
                    used.add(id(nt))
                    used.add(id(nxt))
                    skip = j + 1
                    continue
                if nxt2 is not None and plain(nxt2) and a <= nxt2.value and nxt2.start - nt.end <= 24 and \
                        RANGE_CONN.fullmatch(low, nt.end, nxt2.start):
                    ranges.append((a, int(nxt2.value), t.start, nxt2.end, True))
                    used.add(id(nt))
                    used.add(id(nxt2))
                    skip = j + 2
                    continue
                ids.append((a, t.start, nt.end, i + 1))
                used.add(id(nt))
                last = nt
                while j < n and plain(toks[j]) and toks[j].start - last.end <= 16 and \
                        LIST_CONN.fullmatch(low, last.end, toks[j].start) and \
                        not (j + 1 < n and toks[j + 1].kind is LAP_WORD and toks[j + 1].start - toks[j].end <= 2):
                    ids.append((int(toks[j].value), toks[j].start, toks[j].end, j))
                    used.add(id(toks[j]))
                    last = toks[j]
                    j += 1
                skip = j
                continue
    return Laps(ids, ranges, counts)


def _elided_laps(doc: Document, sent: Sentence) -> list[tuple[int, int, int, int]]:
    """'paró en la 18', '... en la 33': a lap number without its lap word after 'en la'/'na'."""
    out = []
    low = doc.low
    toks = sent.tokens
    ks = sent.kinds
    for i in [i for i, k in enumerate(ks) if k is NUMBER]:
        t = toks[i]
        if not t.tag and not t.decimal and 0 < t.value < 100 and id(t) not in sent.used and \
                elided_before(low, t.start) and not ELIDED_AFTER.match(low, t.end) and \
                not RANGE_END_BEFORE.search(low, max(0, t.start - 28), t.start) and \
                not (doc.lang == "es" and low[max(0, t.start - 4):t.start].rstrip().endswith(" no")):
            nxt = toks[i + 1] if i + 1 < len(toks) else None
            if nxt is None or nxt.kind is not LAP_WORD or nxt.start - t.end > 3:
                out.append((int(t.value), t.start, t.end, i))
    return out


def _until_ends_race(low: str, toks: list[Token], ids: list[tuple[int, int, int, int]], s: int) -> bool:
    """"until lap N" at ``s`` is the end of the race, not a stop: the race or its finish is named
    around it ("completing the race on that set until lap 50"), or a stop on an earlier lap of the
    sentence began the stint it ends ("pitted on lap 37 and switched to SOFT until lap 71"). A
    stint ended or a stop put off "until lap 40" ("retrasar la parada hasta la vuelta 40", "stayed
    out until lap 19") stays a stop."""
    if UNTIL_FINISH.search(low, max(0, s - 80), s + 40):
        return True
    lo = clause_start(low, s, 90)
    if any(t.kind is STAY and lo <= t.start and t.end <= s for t in toks):
        return False
    drivers = [t.start for t in toks if t.kind is DRIVER]
    return any(t.kind is PIT and t.end <= ls < s and ls - t.end <= 30 and not any(le <= d < s for d in drivers)
               for t in toks for _lap, ls, le, _i in ids)  # (another driver named since: his own stop)


def _waited_until(low: str, toks: list[Token], s: int) -> bool:
    """"TSU waited until lap 14 (to stop)", "esperó hasta la vuelta 14": the stop put off to that lap;
    not "did not wait until lap 14", "no esperó hasta la vuelta 14" (no stop stated then)."""
    m = WAITED_UNTIL_BEFORE.search(low, max(0, s - 40), s)
    if m is None:
        return False
    w = m.start(1)
    if any(t.kind is NEGATION and t.end <= w and w - t.end <= 12 for t in toks):
        return False
    # "esperó hasta la vuelta 28 y luego paró en la 30": the stop is the later lap's
    pits = [t.end for t in toks if t.kind is PIT and t.start > s]
    return not any(t.kind is NUMBER and p <= t.start <= p + 16 for t in toks for p in pits)


def _pit_verb_governs(low: str, toks: list[Token], s: int) -> bool:
    """A pit verb right before the lap ("pitted on lap 25", "parou na volta 25")."""
    return any(t.kind is PIT and t.end <= s and s - t.end <= 12 and not t.word.endswith("s")
               and VERB_TO_LAP.fullmatch(low, t.end, s) for t in toks)


def _has_pit_trigger(low: str, toks: list[Token], s: int, e: int) -> bool:
    """A pit or change word before the lap and within its reach (not past a colon, an arrow or
    ", then"), a stayed-out word just before it, or a pit word just after it; or a driver right
    before the lap in a list that spells out the stops of the clause before its colon ("paró antes:
    TSU en la vuelta 2 y HAM en la 4"); or the lap waited until ("waited until lap 14"), or the first
    thing in a compared driver's bracket ("three laps before LEC (lap 21, ...)")."""
    if _stops_spelled_out(low, toks, s):
        return True
    for t in toks:
        k = t.kind
        if t.end <= s:
            if (k is PIT or k is CHANGE) and s - t.end <= 160 and \
                    (s - t.end <= 16 or not TRIGGER_BREAK.search(low, t.end, s)):
                return True
            if k is STAY and s - t.end <= 30 and not PLURAL_LAPS.search(low, t.end, e) and \
                    not LAP_TIME_BETWEEN.search(low, t.end, s):
                return True  # "stayed out until lap 19"; not "stayed out (laps 36 and 37)": laps run, no stop
        elif t.start >= e:
            if t.start - e > 14:
                break
            if k is PIT:
                return True
    return _waited_until(low, toks, s) or rival_bracket_driver(low, toks, s, True) is not None


def _heading_laps(doc: Document, sent: Sentence) -> list[tuple[int, int, int, int]]:
    """"Pit laps: HAM 18 vs OCO 16", "Vueltas de parada: HAM 18, OCO 16": bare numbers right after
    a driver, after a colon closing a heading with a lap word and a pit word."""
    low = doc.low
    toks = sent.tokens
    colon = low.find(":", sent.start, sent.end)
    if colon < 0 or colon - sent.start > 40:
        return []
    head = [t.kind for t in toks if t.end <= colon]
    if PIT not in head:
        return []
    # "Stops: RIC 22 vs TSU 24": with no lap word, numbers above any stop count are laps
    floor = 0 if LAP_WORD in head else MAX_STOP_COUNT
    out = []
    for i in range(1, len(toks)):
        t, d = toks[i], toks[i - 1]
        if t.start > colon and t.kind is NUMBER and plain_number(t) and d.kind is DRIVER and d.tag != "pron" and \
                SPACE_DASH.fullmatch(low, d.end, t.start) and not (i + 1 < len(toks) and toks[i + 1].kind is LAP_WORD):
            out.append((int(t.value), t.start, t.end, i))
    if floor and not (out and all(x[0] > floor for x in out)):
        return []  # "Stops: RIC 1 vs TSU 2": counts
    return out


def _stops_spelled_out(low: str, toks: list[Token], s: int) -> bool:
    """The lap at ``s`` follows its driver ("TSU en la vuelta 2", "HUL on lap 5") after a colon that
    closes a clause with a pit word ("stopped a lap earlier: HUL on lap 5 and HAD on lap 6")."""
    prev = None
    for t in toks:
        if t.end > s:
            break
        prev = t
    if prev is None or prev.kind is not DRIVER or s - prev.end > 18 or not DRIVER_TO_LAP.fullmatch(low, prev.end, s):
        return False
    colon = low.rfind(":", max(0, prev.start - 60), prev.start)
    if colon < 0 or "\n" in low[colon:prev.start]:
        return False
    return any(t.kind is PIT and t.end <= colon and colon - t.end <= 40 for t in toks)


def pit_laps(doc: Document, sent: Sentence) -> None:
    """pit_lap: a lap governed by a pit word ("pitted on lap 25", "box en la 18"), unless it dates
    something else (a stint start, a reference lap of a gap, a range end, a lap waited for)."""
    laps = sent.laps
    kind_set = sent.kind_set
    if sent.red_flag or laps is None and not (PIT in kind_set and NUMBER in kind_set):
        return
    toks = sent.tokens
    sent_s = sent.start
    ids = list(laps.ids) if laps else []
    heading_owner: dict[int, str] = {}
    if PIT in kind_set and NUMBER in kind_set:
        known = {x[1] for x in ids}  # (elided laps are numbers: none without a NUM token)
        heading = [x for x in _heading_laps(doc, sent) if x[1] not in known]
        # "Stops: RIC 22 vs TSU 24": each number is the driver's right before it
        heading_owner = {x[1]: toks[x[3] - 1].value for x in heading}  # (the rival's bracket adds below)
        extra = [x for x in _elided_laps(doc, sent) if x[1] not in known] + heading
        if extra:
            ids = sorted(ids + extra, key=lambda x: x[1])
    if not ids:
        return
    low = doc.low
    cands = [x for x in ids if not from_lap_before(low, x[1]) and _has_pit_trigger(low, toks, x[1], x[2])
             and not STINT_START_BEFORE.search(low, max(0, x[1] - 50), x[1])
             and not REFERENCE_LAP_BEFORE.search(low, max(0, x[1] - 60), x[1])
             and not (BARE_AFTER_BEFORE.search(low, max(0, x[1] - 16), x[1])
                      and REFERENCE_PHRASE.search(low, sent_s, x[1]))
             and not (REF_PHRASE_BEFORE.search(low, max(sent_s, x[1] - 100), x[1])
                      and (GAP_AFTER.match(low, x[2]) or GAP_AFTER.match(low, max(sent_s, x[1] - 70), x[1]))
                      and not _pit_verb_governs(low, toks, x[1])
                      and not OWNER_AFTER.match(doc.text, x[2]))
             and not lap_pair_after(low, x[0], x[2])
             and not (WAIT_BEFORE.search(low, max(0, x[1] - 30), x[1]) and not _waited_until(low, toks, x[1]))
             and not DEADLINE_BEFORE.search(low, max(0, x[1] - 24), x[1])
             and not (UNTIL_BEFORE.search(low, max(0, x[1] - 24), x[1]) and _until_ends_race(low, toks, ids, x[1]))
             and not FINISH_AT_BEFORE.search(low, max(0, x[1] - 40), x[1])
             and not STINT_LAP_BEFORE.search(low, max(0, x[1] - 24), x[1])]
    if not cands:
        return
    for x in cands:  # "three laps before LEC (lap 21, HARD→MEDIUM)": LEC's own stop
        rival = rival_bracket_driver(low, toks, x[1], True)
        if rival is not None:
            heading_owner[x[1]] = rival.value
    both = any(t.kind is BOTH and t.start < cands[0][1] for t in toks) if BOTH in kind_set else False
    if both and len(cands) > 1:
        return  # "both pitted on laps 2 and 3": who pitted when is not stated
    parallel = assign_parallel(doc, sent, cands)
    for lap, s, e, _i in cands:
        drivers = [heading_owner[s]] if s in heading_owner else parallel[s] if s in parallel else \
            drivers_for(doc, sent, s, e, sent_s=sent_s)
        paired = paired_lap_owner(low, sent, lap, s)  # "the lap-66/lap-67 exchange": the second driver's lap
        drivers = drivers if paired is None else paired
        sent.lap_owner[s] = drivers
        for d in drivers:
            doc.add("pit_lap", {"driver": d, "lap": lap}, span_start(sent, d, s), e)


def race_laps(doc: Document, sent: Sentence) -> None:
    """race_laps: a lap count of 20 or more stated as the race's ("the 57-lap race", "58 de 70 voltas")."""
    laps = sent.laps
    if laps is None or not laps.counts or max(c[0] for c in laps.counts) < 20:
        return
    low = doc.low
    toks = sent.tokens
    for n, s, e, i in laps.counts:
        if n < 20:
            continue
        # "58 of 70 laps" is a share of the distance; "stint 1 of 26 laps" is an index and a length
        if RACE_AFTER.match(low, e) or RACE_BEFORE.search(low, max(0, s - 40), s) or \
                N_OF_BEFORE.search(low, max(0, s - 12), s) and not (i > 0 and index_number(low, toks, i - 1)):
            doc.add("race_laps", {"laps": n}, s, e)
