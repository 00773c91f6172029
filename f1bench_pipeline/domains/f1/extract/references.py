"""References: which driver a pronoun, a description or a demonym stands for, and who is a clause's object.

* After tokenizing, in reading order (``bind_references``): a pronoun ("he/su/seu") is the last named
  driver unless it opens a sentence after one naming several; "the Ferrari driver" / "el piloto de
  Ferrari" the context's one driver of that team (needs ``driver_teams``); "the Spaniard" the one
  driver of that nationality. The answer's *single* driver (one named, or one in the context) and its
  *pair* (the first two named, or the context's two) are set here.
* Objects (per sentence, ``mark_objects``): a driver after 'undercut', 'held', 'passed' (or
  'on/over/sobre/a' once a battle word was seen), after a comparative ("than X") or right after a
  value ("P17 de ALO") is the clause's object; a pronoun in the sentence then refers to its subject.
* Asides: a driver in brackets or after "vs." is no antecedent of a pronoun after the aside closes
  (``aside``).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from typing import TYPE_CHECKING

from f1bench_pipeline.domains.f1.extract.checks import comparative_obj
from f1bench_pipeline.domains.f1.extract.drivers import driver_table
from f1bench_pipeline.domains.f1.extract.patterns import (DEMONYM_BEFORE, OBJ_MARK, POSS_AFTER, POSTFIX,
                                                          TEAM_DESC_AFTER, TEAM_DESC_BEFORE, VS_BEFORE)
from f1bench_pipeline.domains.f1.extract.tokens import (AHEAD, BATTLE, BEHIND, DEFEND, DEMONYM, DRIVER, NUMBER,
                                                        ORDINAL_NUMBER, PASS, POSITION, PRONOUN, PROTECT, TEAM, Token)

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document

_VERB_KINDS = frozenset({BATTLE, DEFEND, PASS, PROTECT})
_POSTFIX_VALUE_KINDS = frozenset({POSITION, NUMBER, ORDINAL_NUMBER})
_ORDER_KINDS = frozenset({AHEAD, BEHIND})
_OBJECT_PRONOUNS = frozenset({"him", "le", "lhe"})
# "ahead of SAI", "behind SAI", "por delante de SAI", "à frente de SAI": the driver an order is taken against
_ORDER_OBJECT_GAP = re.compile(r"\s+(?:(?:of|de|da|do)\s+)?")



def bind_references(doc: Document, toks: list[Token], dtoks: list[Token]) -> None:
    """Resolve pronouns, team descriptions and demonyms of ``toks`` (the document's tokens;
    ``dtoks``: its driver and team mentions) and set ``doc.named``, ``doc.single``, ``doc.pair``."""
    last: str | None = None
    named: list[str] = []
    if doc.refs:
        seen: tuple[list[int], list[str]] = ([], [])  # the drivers so far (starts, codes), in text order
        prev: Token | None = None
        unknown_until = -1  # an object pronoun left ambiguous: a pronoun after it in its sentence is as unknown
        for t in toks:
            if prev is not None and prev.kind is DRIVER:  # (the previous token, once resolved)
                seen[0].append(prev.start)
                seen[1].append(prev.value)
            prev = t
            k = t.kind
            if k is DRIVER:
                last = t.value
                if last not in named:
                    named.append(last)
            elif k is PRONOUN:
                if t.start < unknown_until:
                    continue  # "... did not help him get past TSU, since he was still behind": he is him
                if last is not None and not ambiguous_pronoun(doc, t, seen):
                    t.kind, t.value, t.tag = DRIVER, last, "pron"
                    # "allowed him to", "le permitió", "lhe permitiu": the verb's object, never its subject
                    t.is_object = t.word in _OBJECT_PRONOUNS
                elif t.word in _OBJECT_PRONOUNS:
                    unknown_until = _next_break(doc.low, t.end)
            elif k is TEAM:
                code = team_driver(doc, t)
                if code:
                    t.kind, t.value, t.tag = DRIVER, code, "desc"
                    last = code
            elif k is DEMONYM:
                code = demonym_driver(doc, t, named)
                if code:
                    t.kind, t.value, t.tag = DRIVER, code, "desc"
                    last = code
    else:
        for t in dtoks:
            if t.value not in named:
                named.append(t.value)
    doc.named = named
    cands = named or doc.ent_drivers
    doc.single = cands[0] if len(set(cands)) == 1 else None
    if len(named) >= 2:
        doc.pair = (named[0], named[1])
    elif len(doc.ent_drivers) == 2:
        doc.pair = (doc.ent_drivers[0], doc.ent_drivers[1])


def team_driver(doc: Document, t: Token) -> str | None:
    """'the Ferrari driver' / 'el piloto de Ferrari' / 'o piloto da Ferrari' -> the context
    driver of that team when unique (needs ``driver_teams``)."""
    if not doc.driver_teams:
        return None
    desc = bool(TEAM_DESC_BEFORE.search(doc.low, max(0, t.start - 22), t.start)) or \
        bool(TEAM_DESC_AFTER.match(doc.low, t.end, t.end + 14))
    if not desc:
        return None
    pool = doc.ent_drivers or list(doc.driver_teams)
    hits = [d for d in pool if doc.driver_teams.get(d) == t.value]
    return hits[0] if len(hits) == 1 else None


def demonym_driver(doc: Document, t: Token, named: list[str]) -> str | None:
    """"the Spaniard" / "el español" -> the one driver of that nationality among the context's
    and the named drivers."""
    if not DEMONYM_BEFORE.search(doc.low, max(0, t.start - 6), t.start):
        return None
    table = driver_table()
    pool = list(dict.fromkeys(list(doc.ent_drivers) + named))
    hits = [d for d in pool if table.get(d, {}).get("nationality") == t.value]
    return hits[0] if len(hits) == 1 else None


def mark_objects(doc: Document, toks: list[Token]) -> None:
    """A driver after 'undercut', 'held', 'passed' (or 'sobre/on/over/a' once a battle word
    was seen) following an earlier driver is the clause's object, as is 'P17 de ALO'."""
    seen_driver = False
    verb_since = False
    battle_seen = False
    verb_end = 0
    low = doc.low
    prev: Token | None = None
    for t in toks:
        k = t.kind
        if k is DRIVER:
            if seen_driver and t.tag != "pron" and not (low[t.end:t.end + 1] == "'" and POSS_AFTER.match(low, t.end)):
                s = t.start
                if verb_since and s - verb_end <= 14 or battle_seen and \
                        OBJ_MARK.search(low, max(0, s - 12), s) or comparative_obj(low, s):
                    t.is_object = True
                elif prev is not None and prev.kind in _POSTFIX_VALUE_KINDS and s - prev.end <= 6 and \
                        POSTFIX.fullmatch(low, prev.end, s):
                    t.is_object = True
            seen_driver = True
            verb_since = False
        elif k in _VERB_KINDS:
            verb_since = True
            verb_end = t.end
            if k is BATTLE:
                battle_seen = True
        prev = t


def resolve_pronouns(toks: list[Token], low: str = "") -> None:
    """'NOR undercut PIA by making his first stop': 'his' is the subject, not the object; nor is a
    driver named in an aside closed before the pronoun ("HUL stayed out longer (lap 33 vs. BEA lap
    30), extending his first stint": HUL's; ``aside``). Inside the aside, it is the aside's driver
    ("compared to STR's fresh tyres after his stop": STR's). Nor is the driver an order is taken
    against ("TSU emerged ahead of SAI after his stop", "TSU salió por delante de SAI tras su parada": TSU's)."""
    subj: str | None = None
    open_aside: Token | None = None  # a driver named in an aside after the subject
    pending: list[Token] = []  # drivers after the subject, looked at once a pronoun follows them
    prev: Token | None = None
    for t in toks:
        before, prev = prev, t
        if t.kind is DRIVER:
            if t.tag == "pron":
                for x in pending:
                    if low and aside(low, x, toks[0].start):
                        open_aside = x
                    else:
                        subj, open_aside = x.value, None
                pending.clear()
                if open_aside is not None and not _aside_closed(low, open_aside.end, t.start):
                    t.value = open_aside.value
                elif subj is not None:
                    t.value = subj
                else:  # a pronoun opening the clause's drivers is its subject ("did not allow him to pass TSU, as he ...")
                    subj = t.value
            elif not t.is_object:
                if subj is None:
                    subj = t.value
                elif not (before is not None and before.kind in _ORDER_KINDS and low and
                          _ORDER_OBJECT_GAP.fullmatch(low, before.end, t.start)):
                    pending.append(t)  # (the driver an order is taken against is no antecedent)


def _aside_closed(low: str, a: int, b: int) -> bool:
    """A bracket or a comma closes the aside between ``a`` and ``b``."""
    return low.find(")", a, b) >= 0 or low.find(",", a, b) >= 0


def aside(low: str, t: Token, lo: int) -> bool:
    """The driver ``t`` is named in an aside of its clause: inside brackets ("(lap 33 vs. BEA lap 30)")
    or compared with the subject ("vs. BEA", "frente a BEA"); ``lo``: the sentence start."""
    if low.rfind("(", lo, t.start) > low.rfind(")", lo, t.start):
        return True
    return VS_BEFORE.search(low, max(lo, t.start - 16), t.start) is not None


def ambiguous_pronoun(doc: Document, p: Token, seen: tuple[list[int], list[str]]) -> bool:
    """A pronoun opening its sentence after a sentence that named two or more drivers ("If RUS
    had waited until lap 14 like SAI, ...; he stopped on lap 11"): which one is not stated.
    ``seen``: the starts and codes of the drivers before ``p``, in text order (looked up by
    bisection: a long answer stays linear)."""
    starts, codes = seen
    ss = _last_break(doc, p.start)
    if ss < 0 or bisect_right(starts, ss) < bisect_left(starts, p.start):
        return False
    ps = max(_last_break(doc, ss), 0)
    named = set(codes[bisect_left(starts, ps):bisect_left(starts, ss)])
    return len(named) >= 2


_BREAKS = (". ", "; ", "\n")


def _next_break(low: str, start: int) -> int:
    """Where the first ". ", "; " or newline at or after ``start`` is (the text's end when none)."""
    found = [i for sep in _BREAKS if (i := low.find(sep, start)) >= 0]
    return min(found) if found else len(low)


def _last_break(doc: Document, end: int) -> int:
    """Where the last ". ", "; " or newline that ends before ``end`` starts (-1: none), as
    ``max(low.rfind(sep, 0, end))`` -- by bisection in the answer's break positions, found once:
    rfind on every pronoun of a long answer without a break was quadratic."""
    if doc.breaks is None:
        doc.breaks = tuple([m.start() for m in re.finditer(re.escape(sep), doc.low)] for sep in _BREAKS)
    best = -1
    for sep, at in zip(_BREAKS, doc.breaks, strict=True):
        k = bisect_right(at, end - len(sep)) - 1
        if k >= 0 and at[k] > best:
            best = at[k]
    return best

