"""Defenses: who held whom behind, whether the pursuer got past, and a protected teammate.

* ``defense``: "BOT held off STR", "defended from", "mantuvo a HAM detrás" (a "held/kept" verb needs
  its "behind/at bay"), with the laps when stated ("for 12 laps"); not negated, not a heading
  ("**Defense:**").
* ``defense_outcome``: "STR eventually passed BOT", "acabó adelantando" (passed), negated (not
  passed); the pair from the sentence or the last defense.
* ``teammate_protected``: "protected his teammate OCO" (OCO's teammate in the context when the
  defender is not named), "no teammate to protect" (teammate "none").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from f1bench_pipeline.domains.f1.extract.patterns import (CLAUSE_BREAK, DEF_LAPS, DEF_NEEDS_REST, DEF_REST, LABEL_AFTER,
                                                       MATE_BETWEEN, PASS_EVENT)
from f1bench_pipeline.domains.f1.extract.senses import pass_via_stops
from f1bench_pipeline.domains.f1.extract.tokens import (DEFEND, DRIVER, EVENTUALLY, NEGATION, NONE_WORD, NUMBER_WORD, PASS,
                                                     PROTECT, PURSUER, TEAMMATE)

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence

_NO_MATE = frozenset({NEGATION, NONE_WORD})


def defense(doc: Document, sent: Sentence) -> None:
    """defense (defender, pursuer, laps): "BOT held off STR (for 12 laps)", "mantuvo a HAM detrás";
    the defender is the driver before the verb, else the last defense's or the single driver."""
    toks = sent.tokens
    low = doc.low
    for i, k in enumerate(sent.kinds):
        if k is not DEFEND:
            continue
        t = toks[i]
        if LABEL_AFTER.match(low, t.end):
            continue  # "**Defense:** BOT defended from STR": a heading; the sentence after it says who
        after = [x for x in toks[i + 1:] if x.kind is DRIVER and x.start - t.end <= 25]
        if not after:
            continue
        before = [x for x in toks[:i] if x.kind is DRIVER and t.start - x.end <= 40]
        pursuer = after[0].value
        defender = before[-1].value if before else None
        if defender is None:
            if doc.last_defense:
                defender = doc.last_defense[0]
            elif doc.single and doc.single != pursuer:
                defender = doc.single
        if not defender or defender == pursuer:
            continue
        if t.word in DEF_NEEDS_REST and not DEF_REST.match(low, after[0].end, after[0].end + 30):
            continue  # "held HAM behind", "kept HAM behind", "mantuvo a HAM detrás"
        if any(x.kind is NEGATION and x.end <= t.start and t.start - x.end <= 14 for x in toks):
            continue
        m = DEF_LAPS.match(low, after[0].end, after[0].end + 70)
        n = int(m.group(1)) if m else None
        doc.last_defense = (defender, pursuer)
        doc.add("defense", {"defender": defender, "pursuer": pursuer, "laps": n},
                 before[-1].start if before else t.start, m.end() if m else after[0].end)


def defense_outcome(doc: Document, sent: Sentence) -> None:
    """defense_outcome (passed) in an answer about a defense: "STR eventually passed BOT", "never got
    past" (passed=false), "the pursuer passed"."""
    if not doc.has_defense_word:
        return
    toks = sent.tokens
    low = doc.low
    for i, k in enumerate(sent.kinds):
        if k is not PASS and k is not EVENTUALLY:
            continue
        t = toks[i]
        if t.kind is not PASS and not (t.kind is EVENTUALLY and t.word in PASS_EVENT):
            continue
        if pass_via_stops(low, toks, i):
            continue  # "the overcut allowed TSU to overtake COL via the pit sequence": the battle's, no defense's
        negs = [x for x in toks[:i] if x.kind is NEGATION and t.start - x.end <= 26 and
                not CLAUSE_BREAK.search(low, x.end, t.start)]
        subj = [x for x in toks[:i] if x.kind is DRIVER and t.start - x.end <= 40]
        obj = [x for x in toks[i + 1:] if x.kind is DRIVER and x.start - t.end <= 14]
        slots: dict[str, Any] = {"passed": not negs}
        if subj and obj and subj[-1].value != obj[0].value:
            slots["pursuer"], slots["defender"] = subj[-1].value, obj[0].value
        elif doc.last_defense:
            slots["defender"], slots["pursuer"] = doc.last_defense
        elif not any(x.kind is PURSUER for x in toks[:i]):
            continue
        s = negs[-1].start if negs else (subj[-1].start if subj else t.start)
        for x in toks[:i]:
            if x.kind is PURSUER:
                s = min(s, x.start)
        doc.add("defense_outcome", slots, s, obj[0].end if obj else t.end)


def teammate(doc: Document, sent: Sentence) -> None:
    """teammate_protected (defender, teammate or "none") next to a protect word: "protected his
    teammate OCO", "no teammate to protect"."""
    toks = sent.tokens
    low = doc.low
    for i, k in enumerate(sent.kinds):
        if k is not TEAMMATE:
            continue
        t = toks[i]
        if not any(x.kind is PROTECT and abs(x.start - t.start) <= 45 for x in toks):
            continue
        mate = None
        nxt = [x for x in toks[i + 1:] if x.start - t.end <= 22]
        if nxt and nxt[0].kind is DRIVER and nxt[0].tag != "pron" and MATE_BETWEEN.fullmatch(low, t.end, nxt[0].start):
            mate = nxt[0].value
        if mate is None and any((x.kind in _NO_MATE or x.kind is NUMBER_WORD and x.value == 0) and t.start - x.end <= 30
                                for x in toks[:i]):
            mate = "none"
        if mate is None:
            continue
        prev = [x for x in toks[:i] if x.kind is DRIVER and x.value != mate and t.start - x.end <= 60]
        named = [x for x in prev if x.tag != "pron" and not x.is_object]
        owner = None
        if named:
            owner = named[-1].value  # "That protected ALO's teammate OCO"
        elif doc.last_defense and doc.last_defense[0] != mate:
            owner = doc.last_defense[0]
        elif mate != "none" and doc.driver_teams.get(mate):
            team = doc.driver_teams[mate]  # "su compañero de equipo OCO": OCO's teammate in the context
            pool = [d for d in (doc.ent_drivers or list(doc.driver_teams)) if d != mate]
            hits = [d for d in pool if doc.driver_teams.get(d) == team]
            owner = hits[0] if len(hits) == 1 else None
        if owner is None and prev:
            owner = prev[-1].value
        if owner is None and doc.single and doc.single != mate:
            owner = doc.single
        if owner is None:
            continue
        prot = [x.start for x in toks if x.kind is PROTECT and abs(x.start - t.start) <= 45]
        s = min(prot + [x.start for x in prev[-1:]] + [t.start])
        doc.add("teammate_protected", {"defender": owner, "teammate": mate}, s,
                 nxt[0].end if mate != "none" and nxt else t.end)
