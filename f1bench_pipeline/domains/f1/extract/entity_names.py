"""Names an answer may insert that the driver/team tokens do not read (issue #44's inserted entity).

The tokenizer reads driver codes, the 2018-2025 drivers' surnames and team names; the ``entity``
claim (``finalize.entity_claims``) names one the context does not hold. Three classes of name
escape it, the same in every language:

* a driver's **first name alone** ("Max", "Lando", "Checo"): taken only when no capitalised word
  follows it (a surname does: "Max Verstappen" is the surname's token), and only for first names
  that are no ordinary word — "Max" (max pace), "Lance", "Jack", "Franco" (es/pt "frank"), "Oliver"
  and "Logan" are left out. A first name whose driver the context holds gives no claim;
* a **person who is no driver of the table**: team principals, officials and former champions,
  by full name, or by a surname that is no ordinary word ("Wolff", "Horner", "Senna");
* team variants are aliases of ``vocabulary.team_variants`` (read by the tokenizer).

The claim names a table driver by code, anyone else as written.
"""

from __future__ import annotations

import re
from functools import lru_cache

from f1bench_pipeline.domains.f1.extract.tokens import trie_regex

# first name -> the table drivers' codes (several: "Kimi" is RAI and ANT; "Jack" AIT and DOO)
FIRST_NAMES: dict[str, tuple[str, ...]] = {
    "Alex": ("ALB",), "Alexander": ("ALB",), "Antonio": ("GIO",), "Brendon": ("HAR",), "Carlos": ("SAI",),
    "Charles": ("LEC",), "Checo": ("PER",), "Daniel": ("RIC",), "Daniil": ("KVY",), "Esteban": ("OCO",),
    "Fernando": ("ALO",), "Gabriel": ("BOR",), "George": ("RUS",), "Guanyu": ("ZHO",), "Isack": ("HAD",),
    "Kevin": ("MAG",), "Kimi": ("RAI", "ANT"), "Lando": ("NOR",), "Lewis": ("HAM",), "Liam": ("LAW",),
    "Marcus": ("ERI",), "Mick": ("MSC",), "Nicholas": ("LAT",), "Nico": ("HUL",), "Nikita": ("MAZ",),
    "Nyck": ("DEV",), "Ollie": ("BEA",), "Oscar": ("PIA",), "Óscar": ("PIA",), "Pierre": ("GAS",),
    "Pietro": ("FIT",), "Robert": ("KUB",), "Romain": ("GRO",), "Sebastian": ("VET",), "Sergey": ("SIR",),
    "Sergio": ("PER",), "Stoffel": ("VAN",), "Valtteri": ("BOT",), "Yuki": ("TSU",),
}

# people who are no driver of the 2018-2025 table: full names, and surnames that are no word
PERSONS_FULL: tuple[str, ...] = (
    "Toto Wolff", "Christian Horner", "Fred Vasseur", "Frédéric Vasseur", "Frederic Vasseur", "Andrea Stella",
    "Zak Brown", "Laurent Mekies", "James Vowles", "Ayao Komatsu", "Mike Krack", "Andy Cowell", "Oliver Oakes",
    "Flavio Briatore", "Mattia Binotto", "Jonathan Wheatley", "Alan Permane", "Guenther Steiner",
    "Günther Steiner", "Otmar Szafnauer", "Franz Tost", "Helmut Marko", "Adrian Newey", "Stefano Domenicali",
    "Mohammed Ben Sulayem", "Michael Schumacher", "Ayrton Senna", "Alain Prost", "Niki Lauda", "Nico Rosberg",
    "Jenson Button", "Felipe Massa", "Mark Webber", "Rubens Barrichello", "David Coulthard", "Mika Häkkinen",
    "Mika Hakkinen", "Damon Hill", "Jacques Villeneuve", "Nigel Mansell", "Nelson Piquet", "Juan Pablo Montoya",
)
PERSONS_SURNAME: tuple[str, ...] = (
    "Wolff", "Horner", "Vasseur", "Mekies", "Vowles", "Komatsu", "Briatore", "Binotto", "Szafnauer", "Newey",
    "Domenicali", "Senna", "Prost", "Lauda", "Rosberg", "Barrichello", "Coulthard", "Häkkinen", "Hakkinen",
    "Villeneuve", "Mansell", "Montoya",
)

_PERSONS = frozenset(PERSONS_FULL) | frozenset(PERSONS_SURNAME)
# a first name followed by a capitalised word is a full name (the surname's token reads it)
_FULL_NAME_NEXT = re.compile(r"\s+[A-ZÁÉÍÓÚÄÖÜ][\w'’-]*[a-zäöüéíóú]")


@lru_cache(maxsize=1)
def _names_re() -> re.Pattern[str]:
    # one prefix trie over every name (a flat alternation cost ~8% of the extraction); no leading
    # assertion, so ``re`` jumps between capitals: the left boundary is checked below. A possessive
    # ("Horner's") is the name; a compound word ("Villeneuve-style") is not.
    return re.compile(trie_regex(sorted(_PERSONS | set(FIRST_NAMES))) + r"(?![\w-])")


def inserted_names(clean: str, ent_drivers: list[str], taken: list[tuple[int, int]]) -> list[tuple[str, int, int]]:
    """(name, start, end) of every first name or non-driver person in ``clean`` that is not in the
    context (``ent_drivers``) and not inside a span another name token already read (``taken``)."""
    out: list[tuple[str, int, int]] = []
    allowed = set(ent_drivers)
    for m in _names_re().finditer(clean):
        s, e, name = m.start(), m.end(), m.group(0)
        if s and (clean[s - 1].isalnum() or clean[s - 1] in "_-"):
            continue
        if any(a < e and s < b for a, b in taken):
            continue
        if name in _PERSONS:
            out.append((name, s, e))
            continue
        codes = FIRST_NAMES[name]
        if not allowed.intersection(codes) and not _FULL_NAME_NEXT.match(clean, e):
            out.append((codes[0] if len(codes) == 1 else name, s, e))
    return out
