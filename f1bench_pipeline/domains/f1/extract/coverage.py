"""Reading coverage: how much of an answer's checkable surface the extractor read.

Precision first (package docstring) means the extractor gives up a doubtful number rather than
read it into a wrong slot. The price is invisible unless it is measured: an answer written in a
style the rules do not read scores few claims, and a high precision over a handful of claims
looks like a faithful model. ``reading_coverage`` makes that visible.

The *readable* tokens of an answer are those the extractor's own tokenizer
(``tokenizer.tokenize``, the same offsets) reads as

* numbers written in digits: "31", "2.61", "-0.9", "3.6 s" (``NUMBER``),
* positions "P5" (``POSITION``), lap ids "L15" (``LAP_ID``), ordinal numbers "3rd", "5º"
  (``ORDINAL_NUMBER``),
* driver mentions by code or surname (``DRIVER`` without a tag; a pronoun or a team
  description resolved to a driver, "he", "the Ferrari driver", is no mention of its own).

Number words ("two stops", "dos paradas") and team names are not counted: "un"/"uma" are
articles as often as numbers, and a team is never a claim's subject.

A readable token is *accounted for* when it overlaps the span of some claim of the answer, or
when one of the ``SKIP_RULES`` says it is a quantity the claim schema never checks (so no claim
should read it). ``reading_coverage`` = accounted / readable, ``None`` for an answer without a
readable token. The skip rules are deliberately few, each a quantity with no claim type
(``domains/f1/claims.py``); a number of a checkable kind (a lap, a gap, a position, a stint length)
that no claim covers stays unaccounted — that is what the measure is for.

Pure: no Dagster, no warehouse; ``reading`` never raises on an answer (like ``extract_claims``).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, NamedTuple

from f1bench_pipeline.domains.f1.extract.document import Document
from f1bench_pipeline.domains.f1.extract.pace_cues import (
    PACE_MAX_S,
    PACE_MIN_S,
    average_cued,
    degradation_figure,
    lap_level,
)
from f1bench_pipeline.domains.f1.extract.text import sentence_spans
from f1bench_pipeline.domains.f1.extract.tokenizer import tokenize
from f1bench_pipeline.domains.f1.extract.tokens import DRIVER, NUMBER, READABLE_KINDS, ExtractedClaims, readable_tokens
from f1bench_pipeline.domains.f1.extract.vocabulary import LEXICONS, words
from f1bench_pipeline.domains.f1.extract.vocabulary.race import race_words

# The deliberate skip rules: name -> what they cover. Each is a number the claim schema has no
# type for; the order is the order they are tried in (the first that holds names the skip).
SKIP_RULES: dict[str, str] = {
    "per_lap_rate": "a figure per lap that is no stint's degradation (no degradation word before it in its "
                    "clause, no sign): a pace difference or a gain per lap ('0.3 s/lap faster', 'ganó 0.5 s por "
                    "vuelta'); a degradation figure ('deg +0.421s/lap', '-0.026s/vuelta') or an average written per "
                    "lap ('an average of 90.79s/lap') is a stint claim's and no skip",
    "pace": "a number right after a pace word in its clause (the extractor's own 'avg_word' window: "
            "avg, average, pace, deg, lap time, faster/slower; media, promedio, ritmo, degradación; "
            "média, ritmo, degradação …) that is no stint's average: a pace delta ('pace advantage of 0.3s'), "
            "a lap-level time ('lap 17-18 avg ~77.73s', 'median pace 95.123s'); a stint's average "
            "('avg 77.20s', 'média de 91.61s') is a stint_pace claim's and no skip",
    "lap_time": "a time of 55-200 s written with decimals that the text does not call an average: one lap's "
                "time ('a 95.2s on lap 23', 'his fastest lap, 95.53s') or a bare time ('95.53s vs 95.72s'), "
                "never a gap or a gain in these contexts",
    "year": "a four-digit year 1950-2099 ('the 2025 season')",
    "list_number": "the number of a list item or heading at the start of a line ('1. ', '2) ', '### 3.')",
    "percent": "a percentage ('40%', '40 percent', '40 por ciento')",
    "pace_difference": "a time followed by a pace comparative ('1.4s faster', '0,3 s más lento', '0.2s mais rápido') "
                       "that no pace_comparison reads (its two stints not named: a lap's, a driver's overall)",
    "lap_difference": "a count of laps between two events with no stop or stay-out verb before it in its clause "
                      "('a stint 13 laps longer', '4 vueltas menos en el primer stint'); a difference between two "
                      "stops ('stopped 3 laps earlier', 'se quedó 4 vueltas más', 'parou 2 voltas antes') is a "
                      "pit_lap_difference claim's",
    "laps_to_go": "laps left in the race with no stop word before it in its clause ('with 10 laps to go, the safety "
                  "car came out'); the laps to go at a stop ('pitted with 16 laps to go', 'paró a falta de 12 "
                  "vueltas') are a laps_to_go claim's",
    "narrative_driver": "a driver named in a sentence that states no checkable number (reasons, hedges, "
                        "conclusions: 'suggesting HUL used it to get through the early phase')",
}


class ReadableToken(NamedTuple):
    """One readable token: [start, end) offsets in the answer, its kind (``READABLE_KINDS``
    value), the text, and what accounts for it: ``"claim"``, ``"restated"`` (a value a claim about a
    driver of its sentence states), a ``SKIP_RULES`` name, or ``None``. (A named tuple: every
    answer scored makes ~25 of them, and a frozen dataclass costs several times as much to make.)"""

    start: int
    end: int
    kind: str
    text: str
    accounted_by: str | None

    @property
    def accounted(self) -> bool:
        return self.accounted_by is not None


@dataclass(frozen=True)
class Reading:
    """The readable tokens of one answer and the coverage they give."""

    tokens: tuple[ReadableToken, ...]

    @property
    def n_readable(self) -> int:
        return len(self.tokens)

    @property
    def n_accounted(self) -> int:
        return sum(t.accounted for t in self.tokens)

    @property
    def coverage(self) -> float | None:
        return self.n_accounted / self.n_readable if self.tokens else None

    def unaccounted(self) -> list[ReadableToken]:
        return [t for t in self.tokens if not t.accounted]


def _pit_words() -> str:
    """Stop words of every language (the lexicon's PIT rows), longest first."""
    ws = {w for lex in LEXICONS.values() for w, (kind, _v) in lex.items() if kind == "PIT"}
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(ws, key=len, reverse=True))


def _lap_words() -> str:
    """Lap nouns of every language (the lexicon's LAPW rows), longest first."""
    ws = {w for lex in LEXICONS.values() for w, (kind, _v) in lex.items() if kind == "LAPW"}
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(ws, key=len, reverse=True))


@cache
def _patterns() -> dict[str, re.Pattern[str]]:
    laps = _lap_words()
    return {
        # after the number (matched at its end)
        "per_lap_after": re.compile(r"\s*(?:/\s*(?:" + words("per_lap_slash") + r")|(?:" + words("per_lap_phrase")
                                    + r"))\b"),
        "percent_after": re.compile(r"\s*(?:%|percent\b|per\s+cent\b|por\s+ciento\b|por\s+cento\b)"),
        "to_go_after": re.compile(r"[\s-]*(?:" + laps + r")\s+(?:" + words("to_go_after") + r")\b"),
        "pace_cmp_after": re.compile(r"\s*(?:of\s+|de\s+)?(?:faster|slower|quicker|m[áa]s\s+r[áa]pid[oa]s?|"
                                     r"m[áa]s\s+lent[oa]s?|mais\s+r[áa]pid[oa]s?|mais\s+lent[oa]s?)\b"),
        "lap_cmp_after": re.compile(r"[\s-]*(?:" + laps + r")\s+(?:" + words("comparative_after") + r")"),
        "more_laps_after": re.compile(r"\s+(?:more|extra|further|additional|m[áa]s|mais)\s+(?:" + laps + r")\b"),
        # before the number (searched in a short window ending at its start)
        "pace_before": re.compile(r"(?:" + words("avg_word") + r")[^.\n;:]{0,14}$"),
        "laps_left_before": re.compile(r"\b(?:" + words("laps_left") + r")\s+(?:\w+\s+)?$"),
        "line_start_before": re.compile(r"(?:^|\n)[ \t>*#_-]*$"),
        "list_mark_after": re.compile(r"[.)](?:\s|\*|$)"),
        "stop_before": re.compile(r"\b(?:" + _pit_words() + "|" + race_words("stay_out") + "|" + race_words("stop_phrase")
                                  + r")\b"),
    }


def _skip_rule(low: str, s: int, e: int, kind: str, value: Any, decimal: bool) -> str | None:
    """The first ``SKIP_RULES`` name that covers the number ``low[s:e]``, else None."""
    if kind != NUMBER:
        return None
    p = _patterns()
    v = abs(value) if isinstance(value, (int, float)) else None
    stint_time = v is not None and decimal and PACE_MIN_S <= v < PACE_MAX_S
    if p["per_lap_after"].match(low, e, e + 20):
        # a degradation figure, or an average written per lap, is the schema's: not skipped
        if degradation_figure(low, s, e) or stint_time and average_cued(low, s, e) and not lap_level(low, s, e):
            return None
        return "per_lap_rate"
    lo = max(0, s - 30)
    if p["pace_before"].search(low[lo:s]):
        # a stint's average is the schema's (stint_pace): skipped only when it is a lap's time
        return "pace" if not stint_time or lap_level(low, s, e) else None
    if stint_time and v is not None and v >= 55:
        return "lap_time" if lap_level(low, s, e) or not average_cued(low, s, e) else None
    if v is not None and not decimal and e - s == 4 and 1950 <= v <= 2099:
        return "year"
    if not decimal and p["list_mark_after"].match(low, e) and p["line_start_before"].search(low[max(0, s - 12):s]):
        return "list_number"
    if p["percent_after"].match(low, e, e + 16):
        return "percent"
    if p["pace_cmp_after"].match(low, e, e + 24):
        return "pace_difference"
    if p["to_go_after"].match(low, e, e + 40) or p["laps_left_before"].search(low[max(0, s - 30):s]):
        return None if _stop_before(low, s, p) else "laps_to_go"  # (a stop's laps to go is a claim's)
    if not decimal and (p["lap_cmp_after"].match(low, e, e + 40) or p["more_laps_after"].match(low, e, e + 30)):
        return None if _stop_before(low, s, p) else "lap_difference"  # (two stops' difference is a claim's)
    return None


STOP_REACH = 90  # characters before a count in which a stop or stay-out verb makes it a claim's (lap_difference.py)


def _stop_before(low: str, s: int, p: dict[str, re.Pattern[str]]) -> bool:
    """A stop word or stay-out verb before ``s`` in its clause: the count is a stop's, read by a claim."""
    lo = max(0, s - STOP_REACH)
    lo = max(lo, low.rfind("\n", lo, s) + 1, low.rfind(". ", lo, s) + 2, low.rfind("; ", lo, s) + 2)
    return p["stop_before"].search(low, lo, s) is not None


def _claims_read(claims: Iterable[Any]) -> tuple[list[tuple[int, int, frozenset[str]]], set[tuple[str, float]]]:
    """(spans, stated) of the claims, in one pass: spans are (start, end, slot strings) of every
    claim with a span -- a ``Claim`` or ``DomainClaim`` (``span.start``/``span.end``, ``slots``), or
    a ``(start, end)`` pair; stated is (driver code, number) of every numeric slot of a claim naming
    that driver."""
    spans: list[tuple[int, int, frozenset[str]]] = []
    stated: set[tuple[str, float]] = set()
    for c in claims:
        if isinstance(c, tuple):
            spans.append((int(c[0]), int(c[1]), frozenset()))
            continue
        slots = getattr(c, "slots", None)
        if isinstance(slots, dict):
            codes = [v for v in slots.values() if isinstance(v, str)]
            if codes:
                for v in slots.values():
                    if isinstance(v, (int, float)) and not isinstance(v, bool):
                        stated.update((d, float(v)) for d in codes)
        else:
            codes = []
        sp = getattr(c, "span", None)
        if sp is None or sp.start is None or sp.end is None:
            continue
        spans.append((sp.start, sp.end, frozenset(codes)))
    return spans, stated


def _merged(spans: Iterable[tuple[int, int]]) -> tuple[list[int], list[int]]:
    """Overlapping spans merged: (starts, ends), sorted."""
    starts: list[int] = []
    ends: list[int] = []
    for a, b in sorted(spans):
        if ends and a <= ends[-1]:
            ends[-1] = max(ends[-1], b)
        else:
            starts.append(a)
            ends.append(b)
    return starts, ends


def _in_claim(starts: list[int], ends: list[int], s: int, e: int) -> bool:
    """Does [s, e) overlap a merged claim span?"""
    k = bisect_left(starts, e) - 1  # the last span starting before e
    return k >= 0 and ends[k] > s


def reading(text: str, lang: str, claims: Sequence[Any]) -> Reading:
    """The readable tokens of ``text`` (in ``lang``) and what accounts for each, given the claims
    extracted from it (anything with ``span.start``/``span.end`` offsets into ``text``; their
    slots are read for driver codes).

    A number, position, lap id or ordinal is accounted for by a claim whose span overlaps it, else
    by a claim about a driver named in its sentence with that value in a slot (``restated``: the
    extractor keeps one claim of a repeated fact, "pitted on lap 31. On lap 31 he switched"), else
    by the first skip rule that covers it. A driver mention is accounted for by a claim whose span
    overlaps it or by a claim of the same sentence with that driver in a slot (the extractor binds
    a number to a driver of its own sentence), else by ``narrative_driver`` when its sentence
    states no checkable number (each of its numbers, if any, claimed by nothing and under a skip rule).
    """
    if not isinstance(text, str) or not text.strip():
        return Reading(())
    bounds = None
    if isinstance(claims, ExtractedClaims) and (claims.text is text or claims.text == text):
        low, toks = claims.low, claims.tokens  # the extractor's own reading of this answer
        bounds = claims.sentence_ends
    else:
        doc = Document(text, lang if isinstance(lang, str) else "en", None, None)
        try:
            tokenize(doc)
        except Exception:  # noqa: BLE001 - never raise on an answer (as extract_claims); nothing read
            return Reading(())
        low, toks = doc.low, readable_tokens(doc.toks)
    sentences = sentence_spans(low, [t[0] for t in toks], bounds)
    claimed, stated = _claims_read(claims)
    starts, ends = _merged((a, b) for a, b, _d in claimed)
    out: list[ReadableToken] = []
    for s, e, i, j in sentences:
        drivers_here: set[str] = set()
        for a, _b, codes in claimed:
            if s <= a < e:
                drivers_here |= codes
        here = toks[i:j]
        named_here = {value for _s, _e, kind, value, _d in here if kind is DRIVER}
        checkable = False  # a number of the sentence that a claim reads or no skip rule covers
        undecided: list[int] = []  # indexes in ``out`` of driver mentions decided at the sentence's end
        for start, end, kind, value, decimal in here:
            by: str | None = None
            if _in_claim(starts, ends, start, end):
                by = "claim"
                checkable = checkable or kind is not DRIVER
            elif kind is DRIVER:
                if value in drivers_here:
                    by = "claim"
                else:
                    undecided.append(len(out))
            elif any((d, value) in stated for d in named_here):
                by = "restated"  # the extractor drops a repeat of a claim (finalize): its value is claimed
                checkable = True
            else:
                by = _skip_rule(low, start, end, kind, value, decimal)
                checkable = checkable or by is None
            out.append(ReadableToken(start, end, READABLE_KINDS[kind], text[start:end], by))
        if not checkable:
            for k in undecided:
                out[k] = out[k]._replace(accounted_by="narrative_driver")
    return Reading(tuple(out))


def reading_coverage(text: str, lang: str, claims: Sequence[Any]) -> float | None:
    """accounted / readable tokens of the answer (``None`` when it has no readable token)."""
    return reading(text, lang, claims).coverage


def unaccounted_spans(text: str, lang: str, claims: Sequence[Any]) -> list[tuple[int, int, str]]:
    """(start, end, text) of every readable token no claim and no skip rule accounts for."""
    return [(t.start, t.end, t.text) for t in reading(text, lang, claims).unaccounted()]
