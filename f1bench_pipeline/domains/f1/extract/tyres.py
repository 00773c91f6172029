"""Tyres: compound changes, stint compounds and stint lap ranges.

* ``compound_change``: "MEDIUM->HARD", "from the medium to the hard", "del blando al duro" (from
  and to); "switched to HARD on lap 33", "pitted on lap 31 for MEDIUMs", then "and later to the
  soft" (to only; ``from`` when the sentence named the tyre run before); "pitted on lap 35 from
  MEDIUMs" (from only). Its lap is the nearest lap id not owned by another driver; a stated lap
  also gives a ``pit_lap``. A restatement without ``from`` or ``lap`` is dropped at the end.
* ``stint_compound``: a tyre tied to a stint ("second stint on HARD", "started on MEDIUM" = stint 1,
  "stayed out on old mediums": stint unknown).
* ``stint_laps``: a lap range or count in the phrase of a stint word, a tyre or the start.

No tyre change is read in a sentence about a red flag or a suspension (``Sentence.red_flag``),
nor under a key-value block whose key names one.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from f1bench_pipeline.domains.f1.extract.binding import compound_before, drivers_for, lap_for, span_start, tyre_owner
from f1bench_pipeline.domains.f1.extract.checks import (bounded_count, count_of_a_sequence, counted_stop, from_only,
                                                     in_lap_list, item_start, race_count, rival_bracket_driver,
                                                     some_laps_of_a_stint, stint_break)
from f1bench_pipeline.domains.f1.extract.layout import parent_keys
from f1bench_pipeline.domains.f1.extract.overlap import overlap_of_stops
from f1bench_pipeline.domains.f1.extract.patterns import (AFTER_A_BEFORE, ARROW_CONN, ASIDE, AT_START_AFTER,
                                                          BRACKETED_CHANGE_LAP, EACH_TIME, CHAIN_TO, CHANGE_CONN,
                                                          CHG_TO_BETWEEN, COME_OUT, COMPARE_BEFORE, COORD_F,
                                                          FIT_BETWEEN, FIT_VERBS, FOLLOWED_BY, FROM_BEFORE,
                                                          FROM_ONLY_BREAK, GERUND_BEFORE, HABITUAL_BEFORE, HABITUAL_WORD, IN_STINT,
                                                          LATER_LAP_AFTER, OF_BEFORE, ON_CMP, PIT_ON_BETWEEN,
                                                          RANGE_NOT_STINT_AFTER, RED_FLAG, SAME_SET, START_ON,
                                                          STINT_OF_BEFORE, STINT_TYRE_BREAK, STRONG_BREAK,
                                                          SUBRANGE_AFTER, SUBRANGE_BEFORE, SUBRANGE_CONTRAST,
                                                          TOTAL_BEFORE)
from f1bench_pipeline.domains.f1.extract.senses import net_of_stops_before, stop_phase_before
from f1bench_pipeline.domains.f1.extract.vocabulary import alternatives, word_set
from f1bench_pipeline.domains.f1.extract.tokens import (AFTER, BOTH, CHANGE, COMPOUND, DRIVER, LAP_WORD, NUMBER, ORDINAL,
                                                     ORDINAL_NUMBER, PIT, POSITION, START, STAY, STINT_NOUN, Token)

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence

_CHANGE_BREAK = frozenset({DRIVER, NUMBER, LAP_WORD, POSITION, COMPOUND})  # none between "from" and "to" tyre
_CHANGE_VERBS = frozenset({CHANGE, PIT, START})
_VERB_SEARCH_STOP = frozenset({DRIVER, COMPOUND, POSITION})
_PIT_OR_CHANGE = frozenset({PIT, CHANGE})
_DRIVER_OR_COMPOUND = frozenset({DRIVER, COMPOUND})
_PIT_OR_AFTER = frozenset({PIT, AFTER})
_DRIVER_OR_STINT = frozenset({DRIVER, STINT_NOUN})
_DRIVER_STINT_OR_CMP = frozenset({DRIVER, STINT_NOUN, COMPOUND})
_ORDINALS = frozenset({ORDINAL, ORDINAL_NUMBER})
# ordinals that place a stint in the race, not among the stints on one tyre ("the opening HARD stint")
RACE_ORDER_ORDINALS = word_set("race_order_ordinal")
CHG_TO_WORDS = word_set("chg_to")  # a change verb that holds its preposition: "foi para", "volvió a"
COME_OUT_VERBS = COME_OUT - word_set("start_noun")  # "salió", "saiu"; not "la salida" (the start)
# what makes "salió con HARD" a stop's out-lap: "a pista", "de boxes", "nuevos", "novos"
OUT_OF_PITS = re.compile(r"\b(?:" + "|".join(alternatives("out_of_pits")) + r")\b")


def compounds(doc: Document, sent: Sentence) -> None:
    """compound_change (from -> to, to-only, from-only; with its lap, which is also a pit_lap) and
    stint_compound (a tyre tied to a stint, the start or "stayed out on"); none under a red flag."""
    if sent.red_flag:
        return
    toks = sent.tokens
    keys = parent_keys(doc.text, next(t.start for t in toks if t.kind is COMPOUND))
    if keys is not None and any(RED_FLAG.search(k.lower().replace("_", " ")) for k in keys):
        return
    laps = sent.laps
    sent_s = sent.start
    low = doc.low
    cmps = [i for i, k in enumerate(sent.kinds) if k is COMPOUND]
    # a habit ("the stops typically required when switching from soft to hard"), a net ("two stops ... effectively one change from")
    done = {i for i in cmps if HABITUAL_WORD.search(low, max(0, toks[i].start - 100), toks[i].start) and
            HABITUAL_BEFORE.search(low, max(0, toks[i].start - 100), toks[i].start) or net_of_stops_before(low, toks[i].start)}
    targets: set[int] = set()
    # 1. from -> to: "MEDIUM->HARD", "from the medium to the hard", "del blando al duro", "SOFT por HARD"
    for a, b in zip(cmps, cmps[1:]):
        if a in done:
            continue
        ta, tb = toks[a], toks[b]
        if tb.start - ta.end > 48:
            continue
        if any(x.kind in _CHANGE_BREAK for x in toks[a + 1:b]):
            continue
        arrow = bool(ARROW_CONN.fullmatch(low, ta.end, tb.start))
        if not arrow:
            if not CHANGE_CONN.fullmatch(low, ta.end, tb.start):
                continue
            verb_before = any(x.kind in _CHANGE_VERBS and x.end <= ta.start and ta.start - x.end <= 40 for x in toks)
            if not (FROM_BEFORE.search(low, max(0, ta.start - 45), ta.start) or verb_before):
                continue
            if COMPARE_BEFORE.search(low, max(0, ta.start - 24), ta.start):
                continue
        done.update((a, b))
        targets.add(b)
        drivers = drivers_for(doc, sent, ta.start, ta.end, postfix=False, sent_s=sent_s)
        if GERUND_BEFORE.search(low, max(0, ta.start - 40), ta.start):
            subj = next((x for x in toks if x.kind is DRIVER and not x.is_object and x.tag != "pron" and
                         x.end <= ta.start), None)
            if subj is not None:
                drivers = [subj.value]  # "HAD pitted ... before OCO, switching from MEDIUM to HARD"
        rival = rival_bracket_driver(low, toks, ta.start, False)  # "SAI stopped before LEC (lap 21, HARD→MEDIUM)"
        drivers = [rival.value] if rival is not None else drivers
        m_lap = BRACKETED_CHANGE_LAP.search(low, max(0, ta.start - 12), ta.start)
        if m_lap is not None and not in_lap_list(toks, a, m_lap.start(1)):
            m_lap = None  # "Stint 1 (SOFT→MEDIUM)": a stint's index, not a lap
        if m_lap is not None and laps is not None:
            # "SAI pitted earlier than LAW, on lap 17 (SOFT → MEDIUM)": the change is the stop's driver's
            owner = next((sent.lap_owner.get(ls) for _lap, ls, le, _i in laps.ids if ls <= m_lap.start(1) < le), None)
            if owner:
                drivers = list(owner)
        for d in drivers:
            if m_lap is not None and laps is not None:
                # "stops on laps 18 (S→M), 40 (M→H) and 52 (H→H)": each change is its own lap's
                lap: int | None = int(m_lap.group(1))
                if PIT in sent.kind_set and not any(lap == x[0] for x in laps.ids):
                    doc.add("pit_lap", {"driver": d, "lap": lap}, span_start(sent, d, ta.start), tb.end)
            else:
                lap = lap_for(sent, laps, d, ta.start, tb.end)
            doc.add("compound_change", {"driver": d, "from": ta.value, "to": tb.value, "lap": lap},
                     span_start(sent, d, ta.start), tb.end)
            if lap is not None and not arrow:
                doc.add("pit_lap", {"driver": d, "lap": lap}, span_start(sent, d, ta.start), tb.end)
    # 2. to-only: "switched to HARD (on lap 33)", "pitted on lap 31 for MEDIUMs", "cambió a Medios",
    #    "cambiar a HARD en lap 33 y luego a INTERMEDIATE en lap 44", "otro set de Intermedios"
    prev_target: tuple[int, list[str]] | None = None
    for i in cmps:
        if i in done:
            continue
        t = toks[i]
        verb: Token | None = None
        vj = -1
        for j in range(i - 1, max(-1, i - 7), -1):
            x = toks[j]
            if (x.kind is CHANGE or x.kind is PIT) and t.start - x.end <= 45:
                verb, vj = x, j
                break
            if x.kind in _VERB_SEARCH_STOP or x.kind is NUMBER and x.tag:
                break
        drivers = []
        chained = False
        if verb is not None and (verb.word in FIT_VERBS and AT_START_AFTER.match(low, t.end) or
                                 verb.kind is PIT and counted_stop(toks, vj)):
            continue  # "montó SOFT al inicio": the starting tyre; "dos paradas con neumático medio": a plan
        if verb is not None and (CHG_TO_BETWEEN.fullmatch(low, verb.end, t.start) or
                                 (verb.word in FIT_VERBS or verb.word.rsplit(" ", 1)[-1] in CHG_TO_WORDS)
                                 and FIT_BETWEEN.fullmatch(low, verb.end, t.start)) and \
                not (verb.kind is PIT and PIT_ON_BETWEEN.search(low, verb.end, t.start)):
            drivers = drivers_for(doc, sent, verb.start, verb.end, postfix=False, sent_s=sent_s)
            anchor = verb.start
        elif prev_target is not None and t.start - toks[prev_target[0]].end <= 60 and \
                CHAIN_TO.fullmatch(low, toks[prev_target[0]].end, t.start):
            drivers, anchor, chained = prev_target[1], t.start, True
        else:
            continue
        if not drivers:
            continue
        done.add(i)
        same = bool(SAME_SET.search(low, max(0, t.start - 30), t.start))
        each = EACH_TIME.search(low, sent_s, t.start) is not None  # "laps 2, 3 and 4, each time switching to"
        for d in drivers:
            frm = t.value if same else (None if chained else compound_before(toks, i, d, anchor, targets, low))
            lap = None if each else lap_for(sent, laps, d, anchor, t.end)
            doc.add("compound_change", {"driver": d, "from": frm, "to": t.value, "lap": lap},
                     span_start(sent, d, anchor), t.end)
            if lap is not None:
                doc.add("pit_lap", {"driver": d, "lap": lap}, span_start(sent, d, anchor), t.end)
        prev_target = (i, drivers)
        targets.add(i)
    # 2b. from-only: "BEA pitted first on lap 35 from MEDIUMs"
    for i in cmps:
        if i in done:
            continue
        t = toks[i]
        if not from_only(low, t.start):
            continue
        verb = next((x for x in reversed(toks[:i]) if x.kind in _PIT_OR_CHANGE and t.start - x.end <= 40), None)
        if verb is None or any(x.kind in _DRIVER_OR_COMPOUND for x in toks[toks.index(verb) + 1:i]):
            continue
        if FROM_ONLY_BREAK.search(low, verb.end, t.start):
            continue  # "parada única y el uso del HARD", "troca para outro conjunto de INTERMEDIATE": no "from"
        done.add(i)
        for d in drivers_for(doc, sent, verb.start, verb.end, postfix=False, sent_s=sent_s):
            lap = lap_for(sent, laps, d, verb.start, t.end)
            doc.add("compound_change", {"driver": d, "from": t.value, "lap": lap},
                     span_start(sent, d, verb.start), t.end)
    # 3. stint compounds
    for i in cmps:
        if i in done:
            continue
        t = toks[i]
        stint, anchor = _stint_of(doc.low, toks, i)
        ran_by = tyre_owner(low, toks, i) if stint is None else None
        if ran_by is not None:  # "RUS’s fresh Medium", "los Medium nuevos de RUS": a tyre its owner ran
            doc.add("stint_compound", {"driver": ran_by.value, "compound": t.value, "stint": None},
                    min(ran_by.start, t.start), max(ran_by.end, t.end))
        if stint is None:
            continue
        drivers = drivers_for(doc, sent, t.start, t.end, postfix=False, sent_s=sent_s)
        end = toks[i + 2].end if stint != "on" and anchor == t.start and i + 2 < len(toks) else t.end
        for d in drivers:
            slots = {"driver": d, "compound": t.value, "stint": stint if isinstance(stint, int) and stint > 0 else None}
            doc.add("stint_compound", slots, min(anchor, span_start(sent, d, t.start)), end)


def _stint_of(low: str, toks: list[Token], i: int) -> tuple[int | str | None, int]:
    """Which stint a compound token is attached to: an ordinal / "stint N" in the same
    phrase, a race-start verb (stint 1), or "stayed out on CMP" (stint unknown: "on"); with the
    start of the phrase (for the span)."""
    t = toks[i]
    # "shorter first and second stints but a longer final SOFT stint": the ordinal before the tyre
    # belongs to the tyre's own stint word, not to a stint word further back
    own = 0 < i < len(toks) - 1 and toks[i - 1].kind in _ORDINALS and toks[i + 1].kind is STINT_NOUN
    blocked = own
    for j in range(i - 1, max(-1, i - 6) if not own else i - 1, -1):
        x = toks[j]
        if x.kind is COMPOUND or x.kind is STINT_NOUN and stint_break(low, x.end, t.start):
            blocked = True
            break  # "MEDIUM (stint 1, L1-L7) => HARD": the stint word belongs to the tyre before
        if x.kind is DRIVER and t.start - x.end <= 60 and ON_CMP.search(low, max(x.end, t.start - 30), t.start):
            return "on", x.start  # "GAS já estava nos HARD", "ALB, que permaneceu com o SOFT"
        if t.start - x.end > 45:
            break
        if x.kind is STINT_NOUN:
            if x.word.endswith("s"):
                return "on", t.start  # "his second and third stints on HARD": the tyre, no one stint
            if COORD_F.search(low, x.end, t.start) or STINT_TYRE_BREAK.search(low, x.end, t.start):
                return None, t.start  # "el segundo stint y cerrar con HARD", "his second stint than the medium"
            nxt = toks[j + 1] if j + 1 < len(toks) else None
            if nxt is not None and nxt.kind is NUMBER and not nxt.tag and nxt.start - x.end <= 3 and \
                    0 < nxt.value < 10 and \
                    nxt.start < t.start:
                return int(nxt.value), x.start
            prv = toks[j - 1] if j >= 1 else None
            if prv is not None and prv.kind is ORDINAL and x.start - prv.end <= 12:
                return prv.value if prv.value > 0 else "on", x.start
            if prv is not None and prv.kind is ORDINAL_NUMBER and x.start - prv.end <= 3:
                return prv.value, x.start
            if nxt is not None and nxt.kind is ORDINAL and nxt.start - x.end <= 3:  # "stint final"
                return nxt.value if nxt.value > 0 else "on", x.start
            return None, t.start
        if x.kind is START and t.start - x.end <= 30:
            if x.word in COME_OUT and (any(y.kind in _PIT_OR_AFTER for y in toks[:j]) or
                                       x.word in COME_OUT_VERBS and OUT_OF_PITS.search(low, x.end, t.end + 24)):
                # "Tras la parada, BEA salió ... en MEDIUM", "BEA salió a pista con duros", "ANT saiu com
                # pneus novos": out of the pits, not off the grid ("PIA salió con MEDIUM" still is)
                return None, t.start
            if (x.word in COME_OUT or i + 1 < len(toks) and toks[i + 1].kind is STINT_NOUN) and \
                    LATER_LAP_AFTER.match(low, t.end):
                # "LAT saiu com pneus HARD novos na volta 10": out of the pits; "began the HARD stint
                # on lap 22": a stint that began on lap 22, not the race's first
                return None, t.start
            if START_ON.fullmatch(low, x.end, t.start) or ON_CMP.search(low, x.end, t.start):
                return 1, x.start
            return None, t.start
        if (x.kind is STAY or x.kind is BOTH) and t.start - x.end <= 30 and ON_CMP.search(low, x.end, t.start):
            return "on", x.start
    # "LEC estendeu 1 volta a mais e fez uma volta rápida nos MEDIUM": the nearest driver before "on the CMP",
    # however many words lie between
    # (a bracketed aside, "(lap 10)", does not part them)
    x = t if blocked else next((y for y in reversed(toks[max(0, i - 14):i]) if y.kind in _DRIVER_STINT_OR_CMP), t)
    if x.kind is DRIVER and t.start - x.end - sum(map(len, ASIDE.findall(low, x.end, t.start))) <= 60 and \
            ON_CMP.search(low, max(x.end, t.start - 30), t.start):
        return "on", x.start
    if i + 2 < len(toks) and toks[i + 1].kind is STINT_NOUN and toks[i + 2].kind is NUMBER and \
            IN_STINT.fullmatch(low, t.end, toks[i + 1].start) and toks[i + 2].start - toks[i + 1].end <= 2 and \
            0 < toks[i + 2].value < 10:
        return int(toks[i + 2].value), t.start  # "ran the mediums in stint 2"
    if i + 1 < len(toks) and toks[i + 1].kind is STINT_NOUN and toks[i + 1].start - t.end <= 3:
        prv = toks[i - 1] if i >= 1 else None
        if prv is not None and prv.kind is ORDINAL and t.start - prv.end <= 3 and prv.value > 0:
            if prv.word in RACE_ORDER_ORDINALS:
                return prv.value, prv.start  # "the opening INTERMEDIATE stint": the race's first
            # "the first HARD stint", "the second SOFT stint": the first / second on that tyre, which
            # need not be the race's first or second stint: the tyre is stated, its stint is not
            return "on", prv.start
    return None, t.start


def stint_laps(doc: Document, sent: Sentence) -> None:
    """stint_laps: a lap range or count tied to a stint word, a tyre or the start ("stint 2, laps
    15-44", "a 21-lap SOFT stint"); not a sub-range, a statistic or the race distance."""
    laps = sent.laps
    if laps is None or not (laps.ranges or laps.counts):
        return
    toks = sent.tokens
    low = doc.low
    items = [("range", a, b, s, e, pl) for a, b, s, e, pl in laps.ranges] + \
            [("count", n, None, s, e, True) for n, s, e, _i in laps.counts
             if not race_count(low, s, e)  # "in a 57-lap race: MEDIUM from lap 1 ...", "faltando 16 voltas"
             and not bounded_count(low, s)]
    items.sort(key=lambda x: x[3])
    merged: list[dict[str, Any]] = []
    for it in items:
        m = merged[-1] if merged else None
        if m is not None and it[3] - m["e"] <= 28 and it[0] not in m["kinds"] and \
                not any(m["e"] <= t.start < it[3] and t.kind in _DRIVER_OR_STINT for t in toks) and \
                not SUBRANGE_CONTRAST.match(low, m["e"], it[3]):  # "laps 12-14 (part of a 19-lap stint)": two
            pass
        else:
            m = {"kinds": set(), "s": it[3], "e": it[4], "plural": True}
            merged.append(m)
        m["kinds"].add(it[0])
        m["e"] = max(m["e"], it[4])
        if it[0] == "range":
            m["start_lap"], m["end_lap"] = it[1], it[2]
            m["plural"] = it[5]
        else:
            m["n_laps"] = it[1]
    ctx_idx = [i for i, k in enumerate(sent.kinds)
               if k is STINT_NOUN or k is COMPOUND or k is START]
    for m in merged:
        s, e = m["s"], m["e"]
        stint = None
        compound = None
        follow_cmp = None
        before_cmps: list[int] = []
        ctx = False
        stint_word = several = False
        for idx in ctx_idx:
            t = toks[idx]
            if t.end <= s and s - t.end <= 45 or s <= t.start and t.start - e <= 25:
                # a word before this range that another range stands between belongs to that one
                # ("HARD (L12–L40), then unrecorded compound (L41–L71)")
                if t.end <= s and any(t.end <= m2["s"] < s for m2 in merged if m2 is not m):
                    continue
                if t.kind is STINT_NOUN:
                    ctx = True
                    if t.end <= s and COORD_F.search(low, t.end, s):
                        several = several or t.word.endswith("s") and s - t.end <= 24  # "stints of 21 and 24 laps"
                        continue
                    if s <= t.start and stint is not None:
                        continue  # "(stint 1, laps 1-45), then SOFT (stint 2, ...)": the earlier one is ours
                    stint_word = True
                    several = t.word.endswith("s")  # "second and third stints": no one stint's extent
                    if several:
                        continue
                    nxt = toks[idx + 1] if idx + 1 < len(toks) else None
                    prv = toks[idx - 1] if idx >= 1 else None
                    if nxt is not None and nxt.kind is NUMBER and not nxt.tag and nxt.start - t.end <= 3 and \
                            0 < nxt.value < 10:
                        stint = int(nxt.value)
                    elif prv is not None and prv.kind in _ORDINALS and t.start - prv.end <= 12 and prv.value > 0:
                        stint = prv.value
                    elif nxt is not None and nxt.kind is ORDINAL and nxt.start - t.end <= 3 and nxt.value > 0:
                        stint = nxt.value
                elif t.kind is COMPOUND:
                    if t.end <= s:
                        if not STRONG_BREAK.search(low, t.end, s) and not FOLLOWED_BY.search(low, t.end, s):
                            compound = t.value
                            before_cmps.append(idx)
                        ctx = True
                    elif t.start < e:
                        compound = compound or t.value
                        ctx = True
                    elif t.start - e <= 15 and follow_cmp is None and ON_CMP.search(low, e, t.start):
                        follow_cmp = t.value
                        ctx = True
                elif t.kind is START and t.end <= s and s - t.end <= 35:
                    ctx = True
                    if not LATER_LAP_AFTER.match(low, t.end):  # "starting it on lap 42": not the race's first
                        stint = stint or 1
        if follow_cmp is not None:
            compound = follow_cmp
        elif m["kinds"] == {"count"} and len(before_cmps) >= 2 and AFTER_A_BEFORE.search(low, max(0, s - 32), s):
            a, b = toks[before_cmps[-2]], toks[before_cmps[-1]]
            if ARROW_CONN.fullmatch(low, a.end, b.start) or CHANGE_CONN.fullmatch(low, a.end, b.start):
                compound = a.value  # "switched SOFT to MEDIUM after a 12-lap stint": 12 laps on the SOFT
        if not ctx or several or (not m["plural"] and not stint_word):
            continue
        if m["kinds"] == {"count"} and count_of_a_sequence(low, toks, before_cmps, s, e):
            continue  # "ran SOFT → MEDIUM → MEDIUM over 71 laps": the race's laps, no one stint's
        if m["kinds"] == {"count"} and (RANGE_NOT_STINT_AFTER.match(low, e) or
                                        TOTAL_BEFORE.search(low, max(0, s - 20), s) or
                                        OF_BEFORE.search(low, max(0, s - 8), s) and
                                        not STINT_OF_BEFORE.search(low, max(0, s - 48), s)):
            continue
        if "range" in m["kinds"] and (SUBRANGE_AFTER.match(low, e) or SUBRANGE_BEFORE.search(
                low, item_start(low, s), s) or some_laps_of_a_stint(low, s, e) or stop_phase_before(low, s)):
            continue  # a sub-range, a statistic over some laps, a round of stops' laps: no stint's extent
        drivers = drivers_for(doc, sent, s, e, postfix=True)
        if m["kinds"] == {"count"} and overlap_of_stops(doc, sent, e, drivers):
            continue  # "3 laps on new HARDs before OCO came in": the overlap of two stops
        n_laps = m.get("n_laps")
        if n_laps is None and "start_lap" in m:
            n_laps = m["end_lap"] - m["start_lap"] + 1
        for d in drivers:
            slots = {"driver": d, "stint": stint, "compound": compound, "start_lap": m.get("start_lap"),
                     "end_lap": m.get("end_lap"), "n_laps": n_laps}
            doc.add("stint_laps", slots, span_start(sent, d, s), e)
