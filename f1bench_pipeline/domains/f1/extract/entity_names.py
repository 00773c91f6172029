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

_WORD_AFTER = r"(?![\w-])"  # a possessive ("Horner's") is the name; a compound word is not


@lru_cache(maxsize=1)
def _person_re() -> re.Pattern[str]:
    names = sorted(set(PERSONS_FULL) | set(PERSONS_SURNAME), key=len, reverse=True)
    return re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(n) for n in names) + ")" + _WORD_AFTER)


@lru_cache(maxsize=1)
def _first_name_re() -> re.Pattern[str]:
    # a first name alone: not followed by another capitalised word (that is a full name)
    names = sorted(FIRST_NAMES, key=len, reverse=True)
    return re.compile(r"(?<![\w-])(" + "|".join(re.escape(n) for n in names) + r")" + _WORD_AFTER
                      + r"(?!\s+[A-ZÁÉÍÓÚÄÖÜ][\w'’-]*[a-zäöüéíóú])")


def inserted_names(clean: str, ent_drivers: list[str], taken: list[tuple[int, int]]) -> list[tuple[str, int, int]]:
    """(name, start, end) of every first name or non-driver person in ``clean`` that is not in the
    context (``ent_drivers``) and not inside a span another name token already read (``taken``)."""
    out: list[tuple[str, int, int]] = []
    allowed = set(ent_drivers)

    def free(s: int, e: int) -> bool:
        return not any(a < e and s < b for a, b in taken)

    for m in _person_re().finditer(clean):
        if free(m.start(), m.end()):
            out.append((m.group(0), m.start(), m.end()))
    for m in _first_name_re().finditer(clean):
        codes = FIRST_NAMES[m.group(1)]
        if not allowed.intersection(codes) and free(m.start(), m.end()) \
                and not any(a <= m.start() < b for _n, a, b in out):
            out.append((codes[0] if len(codes) == 1 else m.group(1), m.start(), m.end()))
    return out
