"""Tyre compound names as they appear in timing, 2018 onward."""

from __future__ import annotations

import polars as pl

# 2018 used the seven-name range; 2019+ uses SOFT/MEDIUM/HARD per race.
DRY_COMPOUNDS_2018 = ("HYPERSOFT", "ULTRASOFT", "SUPERSOFT", "SOFT", "MEDIUM", "HARD", "SUPERHARD")
WET_COMPOUNDS = ("INTERMEDIATE", "WET")
UNKNOWN = "UNKNOWN"
KNOWN_COMPOUNDS = frozenset(DRY_COMPOUNDS_2018 + WET_COMPOUNDS + (UNKNOWN,))


def normalize_compound(col: str = "compound") -> pl.Expr:
    """Upper-case known names; anything missing or unrecognised becomes UNKNOWN (never guessed)."""
    c = pl.col(col).cast(pl.Utf8).str.strip_chars().str.to_uppercase()
    return pl.when(c.is_in(list(KNOWN_COMPOUNDS))).then(c).otherwise(pl.lit(UNKNOWN)).alias(col)
