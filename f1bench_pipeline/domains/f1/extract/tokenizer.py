"""The tokenizer: an answer's words, numbers, arrows and driver/team names as one sorted token list.

* Lexicon words: one regex per language (a prefix trie of its vocabulary, ``tokens.word_table``)
  over the lower-cased text; each word becomes a token of its kind unless its action drops it
  (``tokens.Action``): pace and race words are only consumed, "per lap" is no lap word, a
  compound word must read as a tyre (``compound_ok``).
* Numbers: "31", "2.61", "2,61" (a decimal comma in Spanish and Portuguese, or with a unit),
  "-0.9", "3.6 s" (tag "s"), "3rd"/"5º" (ORDINAL_NUMBER), "P5" (POSITION), "L15" (LAP_ID).
* Arrows ("->", "→", "=>"), and driver codes, surnames and team names (case-sensitive, on the
  neutralised text; "Hülkenberg (HUL)" is one mention; a driver code wins over a lexicon word
  at the same place, "NOR" over "nor").
* Then the references are bound (``references.bind_references``): pronouns, team descriptions and
  demonyms become driver tokens.
"""

from __future__ import annotations

import re
from operator import attrgetter
from typing import TYPE_CHECKING

from f1bench_pipeline.domains.f1.extract.references import bind_references
from f1bench_pipeline.domains.f1.extract.checks import next_word, per_before, prev_word, to_float
from f1bench_pipeline.domains.f1.extract.drivers import driver_regex, extra_codes, known_codes
from f1bench_pipeline.domains.f1.extract.patterns import (LAP_RANGE_AFTER, RAIN_TYRE_PREV, TENS_BEFORE, TWO_WORDS,
                                                       TYRE_FOLLOW, UNKNOWN_PREV, alt)
from f1bench_pipeline.domains.f1.extract.senses import generic_wet
from f1bench_pipeline.domains.f1.extract.tokens import (ARROW, DRIVER, LAP_ID, NUMBER, NUMBER_WORD, ORDINAL_NUMBER,
                                                     POSITION, TEAM, Action, Token, word_table)
from f1bench_pipeline.domains.f1.extract.vocabulary import AMBIGUOUS_COMPOUND_VETO, CODE_LIKE_WORDS, word_set

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document

# Numbers start with a digit (so ``re`` jumps from digit to digit); sign, "P5" and "L15" prefixes
# and the left boundary are read by the caller.
NUMBER_TOKEN = re.compile(r"\d{1,4}(?:[.,]\d{1,4})?(?![.,]?\d)"
                          r"(\s?" + alt("seconds_unit") + r"(?![^\W\d_])|\.?[º°ª](?!\w)|"
                          r"(?:st|nd|rd|th)(?![^\W\d_]))?")
ARROWS = ("->", "→", "=>")
BY_START = attrgetter("start")
CONSUME, LAP_WORD_ACTION, CHECK_COMPOUND = Action.CONSUME, Action.LAP_WORD, Action.CHECK_COMPOUND
MARKS_BATTLE, MARKS_REFERENCE = Action.MARKS_BATTLE, Action.MARKS_REFERENCE
# "unknown" is a compound only in a tyre phrase ("the unknown tyres", "al desconocido.")
UNKNOWN_WORDS = word_set("unknown_compound")
TYRE_NOUNS = word_set("tyre_noun")
LAP_NUMBER_AFTER = re.compile(r"[\s-]?\d")  # "lap-11/lap-12": a lap word with its number is no "per lap"


def tokenize(doc: Document) -> None:
    """Fill ``doc.toks`` (sorted by start) and the document's reference state: the drivers named,
    the single driver or the pair of the answer, whether it speaks of a battle or a defense."""
    table, words = word_table(doc.lang)
    low, clean, lang = doc.low, doc.clean, doc.lang
    toks: list[Token] = []
    add = toks.append
    lexget = table.get
    T = Token
    for m in words.finditer(low):
        w = m.group()
        info = lexget(w)
        if info is None:
            w = " ".join(w.split())
            info = lexget(w)
            if info is None:
                continue
        k, v, action = info
        if action is not None:
            if action is CONSUME:
                continue  # matched only to keep its words from other readings ("ritmo medio", "pit window")
            s, e = m.span()
            if action is LAP_WORD_ACTION:
                if s and per_before(low, s) and not (low[s - 1] == "/" and LAP_NUMBER_AFTER.match(low, e)):
                    continue  # "0.05 s/lap", "por vuelta"; not "lap-11/lap-12" (two laps)
            elif action is CHECK_COMPOUND:
                if not compound_ok(doc, w, s, e):
                    continue
            elif action is MARKS_BATTLE:
                doc.has_battle_word = True
            elif action is MARKS_REFERENCE:
                doc.refs = True
            else:
                doc.has_defense_word = True
            add(T(s, e, k, v, w))
        else:
            s, e = m.span()
            add(T(s, e, k, v, w))
    for m in NUMBER_TOKEN.finditer(low):
        s, e = m.span()
        prev = low[s - 1] if s else " "
        unit = m.group(1)
        if prev.isalnum() or prev == "_":
            if prev in "pl" and (s < 2 or not low[s - 2].isalnum()) and e - s <= 2 and unit is None:
                if prev == "p":  # "P5"
                    add(T(s - 1, e, POSITION, int(m.group()), "p"))
                else:  # "L15"
                    add(T(s - 1, e, LAP_ID, int(m.group()), "l"))
            continue
        if prev in ".," and s >= 2 and low[s - 2].isdigit():
            continue
        num = low[s:e - len(unit)] if unit else low[s:e]
        if prev in "-+" and (s < 2 or not low[s - 2].isalnum()):
            s -= 1
            num = prev + num
        if unit:
            unit = unit.strip()
            if unit[-1:] in "º°ª" or unit in ("st", "nd", "rd", "th"):
                if "," not in num and "." not in num and num[0] not in "+-":
                    add(T(s, e, ORDINAL_NUMBER, int(num), num, "ord"))
                continue
        if "," in num:
            val = to_float(num, lang, bool(unit))
            if val is None:
                continue
        else:
            try:
                val = float(num)
            except ValueError:
                continue
        add(T(s, e, NUMBER, val, num, "s" if unit else "", "." in num or "," in num))
    for arrow in ARROWS:
        i = low.find(arrow)
        while i >= 0:
            add(T(i, i + len(arrow), ARROW, None, arrow))
            i = low.find(arrow, i + len(arrow))
    # drivers and teams (case-sensitive, on the cleaned text)
    dpat, names = driver_regex(extra_codes(doc.ent_drivers) if doc.ent_drivers else ())
    dtoks: list[Token] = []
    for m in dpat.finditer(clean):
        s, e = m.span()
        if s and (clean[s - 1].isalnum() or clean[s - 1] in "-_"):
            continue
        name = m.group()
        k, v = names[name]
        if k is DRIVER:
            if dtoks and name == v and s - dtoks[-1].end <= 3:
                last_t = dtoks[-1]
                if last_t.kind is DRIVER and last_t.value == v and last_t.word != v and \
                        clean[last_t.end:s].strip() == "(":
                    last_t.end = e + (1 if clean[e:e + 1] == ")" else 0)  # "Hülkenberg (HUL)": one mention
                    continue
            dtoks.append(T(s, e, DRIVER, v, name))
        else:
            dtoks.append(T(s, e, TEAM, v, name))
            doc.refs = True
    dtoks.extend(_misspelt_codes(doc, clean, toks, dtoks))
    if dtoks:
        starts = {t.start for t in dtoks}
        if not starts.isdisjoint([t.start for t in toks if len(t.word) == 3]):
            toks = [t for t in toks if t.start not in starts]  # "NOR" is a driver, not the word "nor"
        toks.extend(dtoks)
    toks.sort(key=BY_START)
    low = doc.low
    # "thirty-six", "treinta y seis", "trinta e seis": the unit word is part of a larger number
    toks = [t for t in toks if t.kind is not NUMBER_WORD or not TENS_BEFORE.search(low, max(0, t.start - 14), t.start)]
    doc.toks = toks
    bind_references(doc, toks, dtoks)


def compound_ok(doc: Document, key: str, s: int, e: int) -> bool:
    """A compound word that reads as a tyre here: "hard to say", "very hard", "wet conditions",
    "medium term" are none; "the unknown tyres" is one."""
    surface = doc.clean[s:e]
    if key in UNKNOWN_WORDS:  # only in a tyre phrase: "the unknown tyres", "al desconocido."
        prev, nxt = prev_word(doc.low, s), next_word(doc.low, e)
        return prev in UNKNOWN_PREV and (nxt in TYRE_NOUNS or nxt in ("to", "al", "pelo", "por", "para") or
                                          doc.low[e:e + 2].strip()[:1] in (".", ";", ""))
    if len(surface) > 2 and surface.isupper():
        return True
    if key == "wet" and generic_wet(doc.low, s, e):
        return False  # "from wet to dry tyres": the weather's tyre category, not the full wet
    veto = AMBIGUOUS_COMPOUND_VETO.get(key)
    if veto is None:
        if key in ("de lluvia", "de chuva"):  # "condiciones de lluvia" is weather, not a tyre
            return prev_word(doc.low, s) in RAIN_TYRE_PREV or bool(LAP_RANGE_AFTER.match(doc.low, e))
        return True
    prev_veto, next_veto = veto
    if prev_veto and prev_word(doc.low, s) in prev_veto:
        return False
    if next_veto:
        nxt = next_word(doc.low, e)
        if nxt in ("de", "da", "do", "del") and LAP_RANGE_AFTER.match(doc.low, e):
            return True  # "duro de la vuelta 31 a la 78", "médio da volta 3": a stint's tyre
        if nxt in next_veto:
            # "hard to say" is no tyre, "from the hard to the soft" is
            m = TWO_WORDS.match(doc.low, e, e + 40)
            return bool(m and nxt == "to" and m.group(2) in TYRE_FOLLOW)
    return True


# (the look-behind after the first capital, not before it: ``re`` then skips from capital to capital)
_CODE_SHAPE = re.compile(r"[A-Z](?<![\w-][A-Z])[A-Z]{2}(?![\w-])")


def _misspelt_codes(doc: Document, clean: str, toks: list[Token], dtoks: list[Token]) -> list[Token]:
    """A misspelt driver code ("BEA pitted on lap 30 and HUC pitted on lap 33" in a race of HUL's):
    the one context driver a letter away. Left unread, its lap went to the driver before it; a word
    a letter away from two context drivers stays an unknown name (its claims are unverifiable)."""
    if not doc.ent_drivers:
        return []
    taken = {t.start for t in toks} | {t.start for t in dtoks}
    out: list[Token] = []
    for m in _CODE_SHAPE.finditer(clean):
        w = m.group()
        if m.start() in taken or w in CODE_LIKE_WORDS or w in doc.ent_drivers or w in known_codes():
            continue
        near = [c for c in doc.ent_drivers if len(c) == 3 and sum(a != b for a, b in zip(c, w)) == 1]
        if near:
            out.append(Token(m.start(), m.end(), DRIVER, near[0] if len(near) == 1 else w, w))
    return out
