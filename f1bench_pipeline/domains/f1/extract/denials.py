"""A move denied: ``battle`` with ``denied`` (#44, second pass), read by ``battles.battles``.

"O overcut de GAS não ocorreu em relação a ALB", "the undercut never happened", "no hubo undercut",
"não houve undercut", "there was no overcut between GAS and ALB". Its verdict (``verify_stops``): a
contradiction when the context states that move and it worked.

Kept apart, with their old readings:

* "GAS did not undercut ALB", "LEC no le hizo un overcut a ALB" (a verb negated, the rival named): the
  guide's ``battle_outcome`` false (``battles.battles``);
* "the undercut did not work", "el undercut no funcionó", "o undercut não deu certo": an outcome
  (``battles.outcome``);
* a hedge before ("we cannot say there was an overcut") gives nothing.

The attacker is the one the move names ("de GAS", "GAS's overcut"); without one, "between X and Y"
names the pair, else the answer's pair, either way round (``either_way``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from f1bench_pipeline.domains.f1.extract.binding import other_of_pair
from f1bench_pipeline.domains.f1.extract.checks import hedge_before
from f1bench_pipeline.domains.f1.extract.lap_difference import CLAUSE_BREAK
from f1bench_pipeline.domains.f1.extract.tokens import DRIVER
from f1bench_pipeline.domains.f1.extract.vocabulary.stop_words import stop_words

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence

DENIAL_REACH = 40  # characters from the move to "did not happen" after it ("o overcut de GAS não ocorreu")
_QUOTES = r"[\s*_“”\"'‘’«»]*"
_NOT_OCCURRED = re.compile(r"\b(?:" + stop_words("not_occurred") + r")\b")
_NO_MOVE_BEFORE = re.compile(r"\b(?:" + stop_words("no_move_before") + r")(?:\s+(?:an?|un|um|el|la|o|the))?" + _QUOTES + "$")
_NO_BEFORE = re.compile(r"\bno" + _QUOTES + "$")
_NO_MOVE_AFTER = re.compile(_QUOTES + r"\s*(?:attempt\s+)?(?:" + stop_words("no_move_after") + r")\b")
_BETWEEN = re.compile(_QUOTES + r"\s*(?:" + stop_words("between") + r")\s+$")
# what "no" alone before the move may also be: "no undercut attempt was made" is a denial too, but "no
# undercut gain", "no overcut effect" speak of the move's result: only the move noun then a stop
_NOUN_AFTER = re.compile(_QUOTES + r"(?:effective|efectivo|efetivo|successful|exitoso|bem-sucedido|gain|ganancia|ganho|"
                         r"attempt|intento|tentativa|gain|ganancia|ganho|effect|efecto|efeito|"
                         r"advantage|ventaja|vantagem|benefit|beneficio|benefício)")
_QUOTED_BY = re.compile(_QUOTES + r"\s*(?:by|of|de|do|da|por)\s+")
# what every denial before the move holds ("there was no", "no hubo", "não houve", English "no"), and what
# every denial after it holds ("did not happen", "no se produjo", "não ocorreu"): substring tests first
_BEFORE_STEMS = ("there", "no ", "hubo", "existi", "produjo", "se dio", "no hay", "houve", "ocorreu", "aconteceu",
                 "não há")
_AFTER_STEMS = ("happen", "occur", "place", "materiali", "exist", "ocurri", "produj", "produc", "sucedi", "lugar", "se dio",
                "concret", "ocorr", "acontec", "se deu", "not there", "n't there", "not real",
                "n't real", "achieved")


def _after(doc: Document, sent: Sentence, t) -> re.Match | None:
    low = doc.low
    hi = min(sent.end, t.end + DENIAL_REACH)
    m = _NOT_OCCURRED.search(low, t.end, hi)
    if m is None or CLAUSE_BREAK.search(low, t.end, m.start()):
        return None
    # only the move's own words between: its quotes, its attacker ("de GAS"), no other verb's subject
    between = [x for x in sent.tokens if t.end <= x.start < m.start()]
    if len(between) > 1 or any(x.kind is not DRIVER for x in between):
        return None
    return m


def denial(doc: Document, sent: Sentence, i: int, att: str | None, dfn: str | None, rival: bool) -> bool:
    """Add a denied battle for the move token ``sent.tokens[i]`` when the text denies it happened;
    True when it did (the caller reads the move no further)."""
    t = sent.tokens[i]
    low = doc.low
    lo = max(sent.start, t.start - 40)
    before_win, after_win = low[lo:t.start], low[t.end:min(sent.end, t.end + DENIAL_REACH)]
    if not any(map(before_win.__contains__, _BEFORE_STEMS)) and not any(map(after_win.__contains__, _AFTER_STEMS)):
        return False
    before = _NO_MOVE_BEFORE.search(low, lo, t.start)
    if before is None and doc.lang in ("en", "xx") and _NO_BEFORE.search(low, lo, t.start) and \
            _NO_MOVE_AFTER.match(low, t.end):
        before = _NO_BEFORE.search(low, lo, t.start)  # "no undercut was made" (English only: PT "no" is "in the")
    if before is not None and _NOUN_AFTER.match(low, t.end):
        before = None  # "there was no undercut gain": the result, not the move
    after = None if before is not None else _after(doc, sent, t)
    if before is None and after is None:
        return False
    start = before.start() if before is not None else t.start
    if hedge_before(low, start):
        return True  # "we cannot say there was an overcut": nothing asserted, and no other reading
    if before is not None and rival and att and dfn and \
            low[before.start():before.end()].strip(" *_“”\"'").split()[-1:] in (["no"], ["an"], ["a"]):
        return False  # "there was no undercut by TSU on HAM": the guide's failed outcome (battles.battles)
    if att is None:  # "o “overcut” de GAS": the attacker after the move's quotes
        m = _QUOTED_BY.match(low, t.end)
        nxt = next((x for x in sent.tokens if x.start >= t.end), None)
        if m is not None and nxt is not None and nxt.start == m.end() and nxt.kind is DRIVER and nxt.tag != "pron":
            att = nxt.value
            dfn = other_of_pair(doc, att) if doc.pair and att in doc.pair else None
    either = att is None
    if either:
        pair = _between_pair(doc, sent, t)
        if pair is None and doc.pair is None:
            return True
        att, dfn = pair or doc.pair  # type: ignore[misc]
    elif dfn is None:
        return True
    if att == dfn:
        return True
    end = max(t.end, after.end() if after is not None else 0)
    doc.add("battle", {"kind": t.value, "attacker": att, "defender": dfn, "denied": True,
                       "either_way": True if either else None}, start, end)
    return True


def _between_pair(doc: Document, sent: Sentence, t) -> tuple[str, str] | None:
    """"(no overcut) between GAS and ALB", "entre GAS y ALB": the two drivers named right after."""
    names = [x for x in sent.tokens if x.kind is DRIVER and x.tag != "pron" and t.end <= x.start <= t.end + 40]
    if len(names) < 2 or not _BETWEEN.fullmatch(doc.low, t.end, names[0].start):
        return None
    return names[0].value, names[1].value
