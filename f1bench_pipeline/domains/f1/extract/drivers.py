"""Driver names: the Ergast driver table, surname -> code, and the driver/team name regex.

Drivers are three-letter codes; surnames of the 2018-2025 drivers (Ergast ``drivers.csv``, with
and without accents, "de Vries" also as "De Vries") map to codes; a context's codes that the
table lacks join the regex too. Team names map to canonical team keys (``vocabulary.shared``).
"""

from __future__ import annotations

import csv
import re
import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import Any

# DRIVERS_CSV: the Ergast driver table, package data (data/ergast; F1BENCH_DRIVERS_CSV overrides it).
from f1bench_pipeline.package_data import DRIVERS_CSV, MissingPackageData
from f1bench_pipeline.domains.f1.extract.tokens import DRIVER, TEAM, trie_regex
from f1bench_pipeline.domains.f1.extract.vocabulary import TEAM_ALIASES, team_key
from f1bench_pipeline.settings import process_setting

__all__ = ["DRIVERS_CSV", "driver_regex", "driver_table", "extra_codes", "known_codes", "surname_to_code",
           "team_key_cached"]


def _strip_accents(s: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", s) if not unicodedata.combining(c))


@lru_cache(maxsize=1)
def driver_table() -> dict[str, dict[str, Any]]:
    """code -> {"surnames": [...], "nationality": str}, read once from Ergast ``drivers.csv``
    (the 2018-2025 drivers). A missing or driverless file is an error, never an empty table: without
    it no surname ("Leclerc") would yield a claim, and every score would silently change."""
    out: dict[str, dict[str, Any]] = {}
    override = process_setting("drivers_csv")
    path = Path(override or DRIVERS_CSV)
    if not path.is_file():
        raise MissingPackageData(
            f"the driver table {path} (F1BENCH_DRIVERS_CSV) does not exist" if override else
            f"the Ergast driver table {path} is missing: the f1bench_pipeline install is incomplete "
            "(drivers.csv is package data of the wheel); reinstall it, or set F1BENCH_DRIVERS_CSV")
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            code = (row.get("code") or "").strip()
            sur = (row.get("surname") or "").strip()
            if not re.fullmatch(r"[A-Z]{3}", code) or not sur:
                continue
            names = {sur, _strip_accents(sur)}
            if sur[:1].islower():  # "de Vries" -> also "De Vries"
                names |= {sur[:1].upper() + sur[1:], _strip_accents(sur[:1].upper() + sur[1:])}
            entry = out.setdefault(code, {"surnames": [], "nationality": row.get("nationality") or ""})
            for n in sorted(names):
                if n not in entry["surnames"]:
                    entry["surnames"].append(n)
    if not out:
        raise ValueError(f"the driver table {path} has no driver with a three-letter code and a surname "
                         "(expected Ergast's drivers.csv columns code, surname, nationality)")
    return out


@lru_cache(maxsize=1)
def known_codes() -> frozenset[str]:
    return frozenset(driver_table())


@lru_cache(maxsize=1)
def surname_to_code() -> dict[str, str]:
    return {n: code for code, d in driver_table().items() for n in d["surnames"]}


@lru_cache(maxsize=16)
def driver_regex(extra: tuple[str, ...]) -> tuple[re.Pattern[str], dict[str, tuple[str, str]]]:
    """One trie over codes (the table's and ``extra``), surnames and team names, and name ->
    (DRIVER, code) or (TEAM, team key). No leading assertion, so ``re`` can jump between capital
    letters; the left word boundary is checked by the caller."""
    names: dict[str, tuple[str, str]] = {}
    for team in TEAM_ALIASES:
        names[team] = (TEAM, TEAM_ALIASES[team])
    for sur, code in surname_to_code().items():
        names[sur] = (DRIVER, code)
    for code in set(driver_table()) | set(extra):
        names[code] = (DRIVER, code)
    return re.compile(trie_regex(sorted(names)) + r"(?![\w-])"), names


@lru_cache(maxsize=256)
def _extra_codes_of(codes: tuple[str, ...]) -> tuple[str, ...]:
    known = driver_table()
    return tuple(sorted(c for c in codes if len(c) == 3 and c.isupper() and c.isalpha() and c not in known))


def extra_codes(ent_drivers: list[str]) -> tuple[str, ...]:
    """The context's driver codes missing from the driver table (they join the driver regex)."""
    return _extra_codes_of(tuple(ent_drivers))


team_key_cached = lru_cache(maxsize=1024)(team_key)
