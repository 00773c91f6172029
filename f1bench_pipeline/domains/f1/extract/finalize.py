"""The final pass: records become claims.

* Pairs: a battle-scoped claim (gain, battle_outcome, gap) without a pair gets the answer's first
  battle pair, unless its span names another driver or the answer names several battles (then a
  guessed pair whose drivers its span does not name is dropped too).
* Repeats (same type and slots) are dropped, the first span kept; restatements subsumed by a
  fuller claim too ("switched to hards" after "MEDIUM->HARD", "31 laps" after "laps 14-44"); a
  gap's ``when`` is filled from a later restatement that states it.
* One reading per number: a number token read as two different quantities (a lap and a stop
  count, a stint's index and its length, a race distance and a stint length) gives no claim at
  all (``one_reading_per_number``).
* Spans are clipped to the text and trimmed of markdown and punctuation at their ends.
* ``entity`` claims: drivers and teams outside the context's entities (when given).
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING, Any

from pydantic import TypeAdapter

from f1bench_pipeline.domains.f1.claims import Claim
from f1bench_pipeline.domains.f1.extract.drivers import known_codes
from f1bench_pipeline.domains.f1.extract.entity_names import inserted_names
from f1bench_pipeline.domains.f1.extract.patterns import CODE, NO_PAIR, PAIR_SLOTS, RETRACTED_AFTER, RETRACTION_WORD, VS_PAIR
from f1bench_pipeline.domains.f1.extract.provenance import record_bindings
from f1bench_pipeline.domains.f1.extract.tokens import (DRIVER, LAP_ID, LAP_WORD, NUMBER, NUMBER_WORD,
                                                     ORDINAL_NUMBER, PIT, PLACE, POSITION, STINT_NOUN, TEAM, Token)

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document

_CLAIMS = TypeAdapter(list[Claim])
_TRIM_LEFT = frozenset("*_`#|,;:).")
_TRIM_RIGHT = frozenset("*_`#|,;:(")


def finalize(doc: Document) -> list[Claim]:
    """The document's records as claims: pairs filled or dropped, repeats and restatements dropped,
    spans trimmed."""
    recs = one_reading_per_number(doc)
    first_battle = first_outcome = None
    full_changes: set[tuple] = set()
    lapped: set[tuple] = set()
    range_laps: set[tuple] = set()
    tyres_named: dict[str, list[tuple]] = {}  # driver -> (stint, compound, start, end) of his stint_compound claims
    for ctype, slots, _s, _e in recs:  # (one pass over the records for the look-ups below)
        if ctype == "compound_change":
            if "from" in slots:
                full_changes.add((slots["driver"], slots.get("to")))
            if "lap" in slots:
                lapped.add((slots["driver"], slots.get("from"), slots.get("to")))
        elif ctype == "stint_laps":
            if "start_lap" in slots:
                range_laps.add((slots["driver"], slots.get("n_laps")))
        elif ctype == "stint_compound":
            tyres_named.setdefault(slots["driver"], []).append((slots.get("stint"), slots["compound"], _s, _e))
        elif ctype == "battle":
            if first_battle is None:
                first_battle = (slots["attacker"], slots["defender"])
        elif ctype == "battle_outcome":
            if first_outcome is None and "attacker" in slots:
                first_outcome = (slots["attacker"], slots["defender"])
    first_pair = first_battle or first_outcome
    # Several battles in one answer (a race summary): a gain, outcome or gap whose span names
    # neither driver of its pair was given a guessed pair; keep the claim, drop the guess.
    pairs = {frozenset((sl["attacker"], sl["defender"])) for ct, sl, _s, _e in recs
             if ct in ("battle", "battle_outcome") and "attacker" in sl}
    pairs |= {frozenset(m.groups()) for m in VS_PAIR.finditer(doc.text)}
    several = len(pairs) >= 2
    if several:
        first_pair = None
    gap_seen: dict[tuple, list[Any]] = {}
    out: list[dict[str, Any]] = []
    seen: set = set()
    text = doc.text
    n = len(text)
    low = doc.low
    # (a substring test first: the retraction words are rare, and a word search over every answer is not free)
    retracting = any(map(low.__contains__, _RETRACTION_STEMS)) and RETRACTION_WORD.search(low) is not None
    for ctype, slots, s, e in recs:
        if retracting and RETRACTED_AFTER.match(doc.low, e):
            continue  # "98.57s on MEDIUM is likely a typo": taken back by the answer itself
        if several and ctype in PAIR_SLOTS and PAIR_SLOTS[ctype][0] in slots:
            a, b = PAIR_SLOTS[ctype]
            span = text[max(0, s):max(0, e)]
            if slots[a] not in span and slots[b] not in span:
                slots = {k: v for k, v in slots.items() if k not in (a, b)}
        if NO_PAIR in slots:
            pass
        elif first_pair and ctype in PAIR_SLOTS and PAIR_SLOTS[ctype][0] not in slots and \
                any(c not in first_pair and (c in doc.ent_drivers or c in known_codes())
                    for c in CODE.findall(text[max(0, s):max(0, e)])):
            pass  # its span names another driver: the answer's first pair is not this claim's
        elif ctype == "battle_outcome" or ctype == "gain":
            if "attacker" not in slots and first_pair:
                slots["attacker"], slots["defender"] = first_pair
        elif ctype == "compound_change":
            # "de intermedios a neumáticos de lluvia": set against the intermediates, rain tyres are wets
            for a, b in (("from", "to"), ("to", "from")):
                if slots.get(a) == "RAIN" and slots.get(b) == "INTERMEDIATE":
                    slots[a] = "WET"
            if "from" not in slots and (slots["driver"], slots.get("to")) in full_changes or \
                    "lap" not in slots and (slots["driver"], slots.get("from"), slots.get("to")) in lapped:
                continue
        elif ctype == "stint_laps":
            if "start_lap" not in slots and (slots["driver"], slots.get("n_laps")) in range_laps:
                continue
            if "compound" not in slots and slots["driver"] in tyres_named:
                tyre = _tyre_of_the_stint(text, slots, s, e, tyres_named[slots["driver"]])
                if tyre is not None:
                    slots = {**slots, "compound": tyre}
        elif ctype == "gap":
            if "driver_a" not in slots and first_pair:
                slots["driver_a"], slots["driver_b"] = first_pair
            gk = (slots.get("driver_a"), slots.get("driver_b"), slots["seconds"])
            prev = gap_seen.get(gk)
            if prev is not None and ("when" not in slots or "when" not in prev[1]):
                if "when" not in prev[1] and "when" in slots:  # a restatement that says when
                    prev[1]["when"] = slots["when"]
                continue
        key = (ctype, frozenset(slots.items()))  # (values are str / int / float / bool)
        if key in seen:
            continue
        seen.add(key)
        if s < 0:
            s = 0
        elif s > n:
            s = n
        if e > n:
            e = n
        if e < s:
            e = s
        while s < e and (text[s] in _TRIM_LEFT or text[s].isspace()):
            s += 1
        while e > s and (text[e - 1] in _TRIM_RIGHT or text[e - 1].isspace()):
            e -= 1
        if ctype == "gap":
            gap_seen[gk] = [ctype, slots]
        if NO_PAIR in slots:  # the "do not guess a pair" marker is no slot
            slots = {k: v for k, v in slots.items() if k != NO_PAIR}
        out.append({"type": ctype, "slots": slots, "span": {"start": s, "end": e, "text": text[s:e]},
                    "extractor": "regex"})
    record_bindings(doc, out)  # how each driver claim's driver was bound (Claim.binding)
    return _CLAIMS.validate_python(out)


_RETRACTION_STEMS = ("typo", "err", "label", "etiquet", "rotul")

# how far (characters, on the same line) a stint's tyre claim may sit from the claim of its laps
STINT_TYRE_REACH = 80


def _tyre_of_the_stint(text: str, slots: dict[str, Any], s: int, e: int, named: list[tuple]) -> str | None:
    """The tyre a stint_laps claim leaves out, when a stint_compound claim of the same driver on the
    same line names it for the same stint ("ALO's **INTERMEDIATE stint**: laps 1-11", "Started on
    HARD and ran them for 34 laps (Stint 1: laps 1-34)"): the two are one statement, split by the
    rules, and the human reads the stint's laps with its tyre. Only one tyre may fit: the same stint
    index, or neither indexed, or the first stint and a range from lap 1."""
    stint, start = slots.get("stint"), slots.get("start_lap")
    found = set()
    for c_stint, compound, cs, ce in named:
        if ce <= s:
            a, b = ce, s
        elif cs >= e:
            a, b = e, cs
        else:
            a = b = s
        if b - a > STINT_TYRE_REACH or "\n" in text[a:b]:
            continue
        if c_stint == stint or (c_stint == 1 and stint is None and start == 1):
            found.add(compound)
    return found.pop() if len(found) == 1 else None


# What a number in a claim's slot is read as. Slots of one reading may share a token (the lap of a
# stop and of its tyre change, a stint's last lap and its stop); slots of two readings may not.
READING_OF_SLOT: dict[tuple[str, str], str] = {
    ("pit_lap", "lap"): "lap", ("compound_change", "lap"): "lap", ("stint_laps", "start_lap"): "lap",
    ("stint_laps", "end_lap"): "lap", ("stint_laps", "n_laps"): "stint length", ("race_laps", "laps"): "race distance",
    ("n_stops", "n"): "stop count", ("final_position", "position"): "position", ("stint_laps", "stint"): "stint index",
    ("stint_compound", "stint"): "stint index", ("gain", "seconds"): "seconds", ("gap", "seconds"): "seconds",
    ("pit_lap_difference", "laps"): "lap difference", ("laps_to_go", "laps"): "laps to go",
    ("pace_comparison", "laps"): "stint length difference",
}
_NUMERIC_KINDS = frozenset({NUMBER, NUMBER_WORD, POSITION, LAP_ID, ORDINAL_NUMBER})
# claim type -> {slot: reading} (a record of another type, or another slot, reads no number)
_READINGS_OF_TYPE: dict[str, dict[str, str]] = {}
for (_type, _slot), _reading in READING_OF_SLOT.items():
    _READINGS_OF_TYPE.setdefault(_type, {})[_slot] = _reading


def one_reading_per_number(doc: Document) -> list[list[Any]]:
    """The records, without those that read a number token another record reads as another
    quantity ("BEA's lap-14 stop" as lap 14 *and* 14 stops): when two rules compete for a number,
    neither claim is emitted. A slot's token is the last number of that value in its record's span."""
    recs = doc.records
    toks = doc.toks
    nums = [i for i, t in enumerate(toks) if t.kind in _NUMERIC_KINDS and isinstance(t.value, (int, float))]
    if len(recs) < 2 or not nums:
        return recs
    starts = [toks[i].start for i in nums]  # (sorted: tokens are in text order)
    readings: dict[int, set[str]] = {}
    users: dict[int, list[int]] = {}
    for r, (ctype, slots, s, e) in enumerate(recs):
        read = _READINGS_OF_TYPE.get(ctype)
        if read is None:
            continue
        taken: set[int] = set()  # (within one record the rule chose; the slots' spans may overlap)
        for slot, v in slots.items():  # (in the record's slot order: the first slot to take a token keeps it)
            reading = read.get(slot)
            if reading is None or not isinstance(v, (int, float)) or isinstance(v, bool):
                continue
            tok = cued = None
            for i in nums[bisect_left(starts, s):bisect_left(starts, e)]:  # the numbers in the span
                t = toks[i]
                if abs(abs(float(t.value)) - abs(float(v))) < 1e-9:
                    tok = t
                    if _cued(toks, i, reading):
                        cued = t
            # "stint 1 ran from lap 1": the stint's 1 follows "stint", the lap's "lap"; a count must be
            # written as one ("18 laps", "2 stops"): a stint's length computed from its range reads no token
            tok = cued if cued is not None or reading in _CUED_ONLY else tok
            if tok is None or id(tok) in taken:
                continue
            taken.add(id(tok))
            readings.setdefault(id(tok), set()).add(reading)
            users.setdefault(id(tok), []).append(r)
    drop = {r for key, rs in users.items() if len(readings[key]) > 1 for r in rs}
    return [rec for r, rec in enumerate(recs) if r not in drop] if drop else recs


_CUE_BEFORE = {"lap": frozenset({LAP_WORD}), "stint index": frozenset({STINT_NOUN}), "position": frozenset({PLACE})}
_CUE_AFTER = {"stop count": frozenset({PIT}), "stint length": frozenset({LAP_WORD}),
              "race distance": frozenset({LAP_WORD}), "stint index": frozenset({STINT_NOUN}),
              "lap difference": frozenset({LAP_WORD}), "laps to go": frozenset({LAP_WORD})}
# readings whose number is always written next to its cue: without one, the slot was inferred
# ("started on the MEDIUM" is stint 1, "laps 1-18" is 18 laps) and reads no token
_CUED_ONLY = frozenset({"stop count", "stint length", "race distance", "stint index", "position", "lap difference",
                        "laps to go"})


def _cued(toks: list[Token], i: int, reading: str) -> bool:
    """The words next to a number say it is this reading: "lap 18", "L18", "stint 1", "2 stops",
    "18 laps", "P5"."""
    t = toks[i]
    if reading == "lap" and t.kind is LAP_ID or reading == "position" and t.kind in (POSITION, ORDINAL_NUMBER):
        return True
    before = _CUE_BEFORE.get(reading)
    if before and i >= 1 and toks[i - 1].kind in before and t.start - toks[i - 1].end <= 3:
        return True
    after = _CUE_AFTER.get(reading)
    return bool(after and i + 1 < len(toks) and toks[i + 1].kind in after and toks[i + 1].start - t.end <= 3)


def entity_claims(doc: Document) -> None:
    """entity: a driver or team named in the answer but not in the context (only with ``entities``)."""
    if doc.entities is None:
        return
    allowed = set(doc.ent_drivers)
    for t in doc.toks:
        if t.kind is DRIVER and t.tag == "":
            if t.value not in allowed:
                doc.add("entity", {"name": t.value}, t.start, t.end)
        elif t.kind is TEAM and t.value not in doc.ent_teams:
            doc.add("entity", {"name": t.word}, t.start, t.end)
    # first names alone and people who are no driver (team principals, former champions)
    taken = [(t.start, t.end) for t in doc.toks if t.kind is DRIVER or t.kind is TEAM]
    for name, s, e in inserted_names(doc.clean, doc.ent_drivers, taken):
        doc.add("entity", {"name": name}, s, e)
