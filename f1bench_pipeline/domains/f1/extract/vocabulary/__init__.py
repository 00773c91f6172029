"""The extractor's words, per language (``en.py``, ``es.py``, ``pt.py``; data only).

Each language module holds:

* ``LEXICON``: (kind, value, words) rows. Every word is lower case; a space inside a word matches
  any run of whitespace. The tokenizer turns each word into a token of that kind (see
  ``tokens.Kind``) carrying that value.
* ``WINDOWS``: named alternatives ("|"-separated regex fragments) that the window patterns
  (``patterns.py``) and word sets of the claim rules are built from.
* ``DEMONYMS``: nationality words -> Ergast nationality.

How the languages combine: English entries are always active (models mix "pit stop", "lap",
"undercut" into Spanish and Portuguese answers) and the answer's language adds its own (the
language wins a clash; ``lexicon_for``); an unknown language gets every vocabulary. Window
patterns, word sets and demonyms are the union of the three languages for every answer.

Lexicon kinds
-------------
LAPW      lap word (value "sg"/"pl")           PIT      pit-stop trigger (verb or noun)
NOPIT     "pit-timing", "pit window" (not a stop)
STINTN    stint noun                           CHG      tyre-change verb
START     race-start verb/noun                 STAY     stayed-out / ran-on verb
NUMW      number word (value int)              ORD      ordinal (value int; -1 last, 0 middle)
CMP       tyre compound (value canonical)      BATTLE   undercut/overcut (value kind)
OUTP/OUTN worked / failed                      OUTB     base form ("work") counted only negated
NEG       negator                              GAIN     time gained
REDUCE    "reduced/closed ... by X s"          GAP      gap / margin / difference
BEFORE/AFTER  when-words                       BEHIND/AHEAD  relative order
FINISH    finished                             PLACE    place / position noun
WIN       won the race                         RACE     race noun
DEF       held behind / defended               PASS     passed
EVENT     eventually / managed to              TEAMMATE teammate
PROTECT   protect                              PURSUER  "the pursuer"
PRON      he / his / él / su / ele / seu       BOTH     both drivers
AVG       average / pace / degradation (a number after it is no gap/gain)
YES       answer words after a question        NONE     "none"/"ningún"/"nenhum"
MOVE      "the move" / "la maniobra" / "a manobra" (marks a battle answer)

AVG, YES, RACE and NOPIT entries only *consume* words ("ritmo medio" is a pace, not a tyre;
"pit window" is no stop); they never reach the claim rules.
"""

from __future__ import annotations

from functools import cache
from types import ModuleType

from f1bench_pipeline.domains.f1.extract.vocabulary import en, es, pt
from f1bench_pipeline.domains.f1.extract.vocabulary.shared import (AMBIGUOUS_COMPOUND_VETO, CODE_LIKE_WORDS, TEAM_ALIASES,
                                                                    team_key)

__all__ = ["AMBIGUOUS_COMPOUND_VETO", "CODE_LIKE_WORDS", "DEMONYMS", "LANGUAGES", "TEAM_ALIASES", "alternatives", "lexicon_for",
           "team_key", "word_set", "words"]

LANGUAGES: dict[str, ModuleType] = {"en": en, "es": es, "pt": pt}
Entries = dict[str, tuple[str, object]]


def _entries(rows: tuple[tuple[str, object, str], ...]) -> Entries:
    out: Entries = {}
    for kind, value, words in rows:
        for w in words.split("|"):
            if w.strip():
                out[w.strip()] = (kind, value)
    return out


LEXICONS: dict[str, Entries] = {lang: _entries(module.LEXICON) for lang, module in LANGUAGES.items()}

# English entries that are ordinary words of another language ("no" = "in the" in Portuguese).
_EN_CLASHES: dict[str, frozenset[str]] = {"pt": frozenset({"no", "so", "do", "post"}), "es": frozenset({"so"})}


def lexicon_for(lang: str) -> Entries:
    """English entries plus the language's own (the language wins a clash); any other language:
    English, then Spanish, then Portuguese."""
    lang = (lang or "").lower()[:2]
    english = LEXICONS["en"]
    if lang == "en":
        return dict(english)
    merged = {k: v for k, v in english.items() if k not in _EN_CLASHES.get(lang, ())}
    if lang in ("es", "pt"):
        merged.update(LEXICONS[lang])
    else:  # unknown language: everything we have
        merged.update(LEXICONS["es"])
        merged.update(LEXICONS["pt"])
    return merged


# Nationality words of every language -> Ergast nationality.
DEMONYMS: dict[str, str] = {w: nationality for module in LANGUAGES.values()
                            for nationality, ws in module.DEMONYMS.items() for w in ws.split("|")}


def _split_top(fragments: str) -> list[str]:
    """Split "|"-separated regex fragments at the top level (not inside a group)."""
    out, depth, cur = [], 0, ""
    for ch in fragments:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "|" and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    out.append(cur)
    return out


@cache
def alternatives(name: str) -> tuple[str, ...]:
    """The alternatives of the window ``name`` in every language: English, then Spanish, then
    Portuguese (a language without the window adds nothing)."""
    parts = [module.WINDOWS[name] for module in LANGUAGES.values() if name in module.WINDOWS]
    if not parts:
        raise KeyError(f"no language defines the window {name!r}")
    return tuple(dict.fromkeys(a for p in parts for a in _split_top(p)))  # (a word of two languages once)


def words(name: str) -> str:
    """The window's alternatives of every language, "|"-joined (a regex alternation's body)."""
    return "|".join(alternatives(name))


def word_set(name: str) -> frozenset[str]:
    """The window's alternatives as a set of plain words."""
    return frozenset(alternatives(name))
