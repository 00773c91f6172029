"""The language an answer is written in, measured (RQ2 compares languages: an answer to the
Spanish prompt written in English must not count as Spanish).

``detect(text)`` is py3langid's naive Bayes classifier (its model ships inside the wheel),
restricted to ``CANDIDATES``: the benchmark's languages and the few an answer is likely to
slip into. Chosen by measurement (benchmarks/RESULTS.md): on the 1,997 published EN/ES/PT
answers it agrees with lingua on every full answer, never confuses Spanish and Portuguese,
is the more accurate of the two on short prefixes, and is faster and smaller.

An answer too short to tell (fewer than ``MIN_WORDS`` words: abstentions such as "No data.",
a list of driver codes) or classified with a probability under ``MIN_PROBABILITY`` has no
language (None): unknown, never counted as the wrong one. The thresholds are constants, not
settings: the value is recorded in the generations table when an answer is written, and must
not depend on the environment of the process that wrote it.

Pure: no Dagster. The model loads once per process (~1-2 s), on the first detection.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from itertools import islice
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import polars as pl

COLUMN = "lang_detected"
# en/es/pt: the prompts'; fr/it/de: what a multilingual model slips into. No Catalan or Galician:
# they sit so close to Spanish and Portuguese that short Spanish/Portuguese answers read as them.
CANDIDATES = ("en", "es", "pt", "fr", "it", "de")
# Below 12 words a classification is often wrong (an F1 answer opens with driver codes and
# compound names: "VER SOFT HARD"); at 12 words and p >= 0.9 the published answers' prefixes
# are 97.8% right, 2.1% unknown, 0.1% wrong (benchmarks/RESULTS.md).
MIN_WORDS = 12
MIN_PROBABILITY = 0.9
_WORD = re.compile(r"[^\W\d_]{2,}")  # letters only: numbers, lap times and "P1" say nothing of a language
# Driver codes (VER, LEC) and compound names (SOFT, HARD) are the same in every language: not words.
# (``\b[A-Z]{2,}\b`` with its leading ``\b`` as a look-behind after the first capital: ``re`` then skips
# from capital to capital instead of trying the pattern at every character; the same matches)
_CODE = re.compile(r"[A-Z](?<!\w[A-Z])[A-Z]+\b")


@cache
def _identifier():
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    ident = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
    ident.set_languages(list(CANDIDATES))
    return ident


def words(text: str) -> int:
    """The words of ``text`` that carry language: letters only, not upper-case codes."""
    return len(_WORD.findall(_CODE.sub(" ", text or "")))


def detect(text: str | None) -> str | None:
    """The ISO 639-1 code of the language ``text`` is written in (one of ``CANDIDATES``), or None
    when it is too short or too uncertain to tell."""
    if not text:
        return None
    plain = _CODE.sub(" ", text)  # (once: both the word count and the classifier read it)
    # (counted up to MIN_WORDS only: a long answer's words need not all be listed)
    if sum(1 for _w in islice(_WORD.finditer(plain), MIN_WORDS)) < MIN_WORDS:
        return None
    lang, prob = _identifier().classify(plain)
    return str(lang) if prob >= MIN_PROBABILITY else None


def detect_many(texts: Iterable[str | None]) -> list[str | None]:
    return [detect(t) for t in texts]


def wrong_language(asked: str | None, detected: str | None) -> bool | None:
    """True when the answer is in another language than the one asked; None when either is unknown."""
    if not asked or not detected:
        return None
    return detected != asked


def with_detected(df: pl.DataFrame) -> pl.DataFrame:
    """``df`` (rows with ``text``) with ``lang_detected`` filled where it is missing: the whole
    column for a table written before it existed, else the null rows (detection is idempotent:
    a short answer stays null)."""
    import polars as pl

    if df.is_empty() or "text" not in df.columns:
        return df if COLUMN in df.columns or df.is_empty() else df.with_columns(pl.lit(None, pl.Utf8).alias(COLUMN))
    if COLUMN not in df.columns:
        df = df.with_columns(pl.lit(None, pl.Utf8).alias(COLUMN))
    missing = df[COLUMN].is_null() & df["text"].is_not_null() & (df["text"] != "")
    if not missing.any():
        return df
    texts = df["text"].to_list()
    known = df[COLUMN].to_list()
    filled = [detect(t) if m else k for t, k, m in zip(texts, known, missing.to_list())]
    return df.with_columns(pl.Series(COLUMN, filled, dtype=pl.Utf8))
