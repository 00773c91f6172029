"""A place gained by the move, said of the move itself (``position_change``), EN/ES/PT (#44, third pass).

* at the finish (``at`` "finish": the order before the stops against the finishing order): "the gained
  track position did not convert into a higher finishing position", "the undercut did not translate
  into a better finishing position than HUL", "no se tradujo en una mejor posición final", "não se
  traduziu em uma melhor posição final" (``denied``); affirmed, "translated into a better finishing
  position" (a place gained by the finish);
* through the stops, the move the subject: "The undercut succeeded in gaining track position", "it
  worked in gaining track position", "el undercut logró ganar posición en pista", "o undercut conseguiu
  ganhar posição na pista". (A driver named as the one who gained is ``race_order.changes``'.)

Whose place: the move's attacker, of the one battle pair the answer's claims name so far (a rival
named after "than" must be its defender); none when the answer names no battle or several. Nothing
asserted gives no claim: a hedge or "the data does not show that ..." before it in its clause.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from f1bench_pipeline.domains.f1.extract.race_order import hedged
from f1bench_pipeline.domains.f1.extract.tokens import DRIVER, FAILED, NEGATION
from f1bench_pipeline.domains.f1.extract.vocabulary import finish_gain_words as W

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence

NEGATION_REACH = 30  # characters from a negation to the verb it denies ("did **not** translate into")
RIVAL_REACH = 30  # characters after the phrase searched for "than HUL" / "para LAW"

_FINISH = re.compile(W.FINISH)
_GAINED = re.compile(W.GAINED)
_RIVAL_AFTER = re.compile(W.RIVAL_AFTER)
_SHOW_BEFORE = re.compile(W.SHOW_BEFORE)
_CLAUSE_BREAK = re.compile(W.CLAUSE_BREAK)
_HEDGE_BEFORE = re.compile(W.HEDGE_BEFORE)
_RELATIVE_BEFORE = re.compile(W.RELATIVE_BEFORE)
_OPEN_BEFORE = re.compile(W.OPEN_BEFORE)
STEMS = W.STEMS


def _pair(doc: Document) -> tuple[str, str] | None:
    """The one (attacker, defender) the answer's battle claims so far name; None: none or several."""
    pairs = {(r[1]["attacker"], r[1]["defender"]) for r in doc.records
             if r[0] in ("battle", "battle_outcome") and r[1].get("attacker") and r[1].get("defender")}
    return pairs.pop() if len(pairs) == 1 else None


def _negated(sent: Sentence, s: int) -> bool:
    """A negation before ``s``, or a failed-outcome word holding its verb ("did not work for race position",
    "no funcionó para la posición final": one token)."""
    return any(x.kind is NEGATION and 0 <= s - x.end <= NEGATION_REACH or x.kind is FAILED and x.start <= s < x.end
               for x in sent.tokens)


def gains(doc: Document, sent: Sentence) -> None:
    low = doc.low
    seg = low[sent.start:sent.end]
    if not any(w in seg for w in STEMS):
        return
    for pat, at in ((_FINISH, "finish"), (_GAINED, None)):
        for m in pat.finditer(low, sent.start, sent.end):
            s, e = m.start(), m.end()
            if hedged(doc, sent, s) or _SHOW_BEFORE.search(low, max(sent.start, s - 60), s):
                continue  # "the data does not show that it succeeded in gaining track position"
            if at is None and any(r[0] == "position_change" and r[2] < e and s < r[3] for r in doc.records):
                continue  # a driver named as the one who gained: race_order's claim
            pair = _pair(doc)
            if pair is None:
                continue
            lo = sent.start
            for b in _CLAUSE_BREAK.finditer(low, sent.start, s):
                lo = b.end()
            if _HEDGE_BEFORE.search(low, lo, s) or _OPEN_BEFORE.search(low, lo, s):
                continue  # "appears to have succeeded in gaining track position"
            if _RELATIVE_BEFORE.search(low, max(lo, s - 20), s):
                continue  # "(did not produce) an advantage that translated into ...": said of the advantage
            negated = _negated(sent, s)
            if not negated and any(x.kind is NEGATION and lo <= x.start < s for x in sent.tokens):
                continue  # a negation further back in the clause: of another verb, or of this one (doubtful)
            named = {x.value for x in sent.tokens if x.kind is DRIVER and lo <= x.start < s}
            if len(named) > 1 or not named <= set(pair):
                continue  # "ALO and COL ...", a driver of no battle: whose gain is not said
            driver = named.pop() if named else pair[0]  # "STR's gain did not translate": his; else the move's
            end = e
            if at is not None and (rm := _RIVAL_AFTER.match(low, e)) is not None:
                key = "rival" if rm.group("rival") else "ben"
                who = next((x.value for x in sent.tokens if x.kind is DRIVER and x.start == rm.start(key)), None)
                if who not in pair:
                    continue  # "than a driver of no battle": whose place is not the move's
                driver = who if key == "ben" else (pair[1] if who == pair[0] else pair[0])
                end = rm.end()
            rival = pair[1] if driver == pair[0] else pair[0]
            slots = {"driver": driver, "gained": True, "rival": rival, "denied": negated or None}
            if at is not None:
                slots["at"] = at
            doc.add("position_change", slots, s, end)
