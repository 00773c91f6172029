"""What the precision–recall figure draws, read from the warehouse views (no matplotlib, no Dagster).

The points and their 95% intervals are the ``leaderboard`` view's rows (one bootstrap,
``scoring/leaderboard.py``), per system × language of one season and prompt variant; the
inverted pairs are the ``system_pair_differences`` rows that ``f1bench build`` prints under its
leaderboard (``summary.OPPOSITE_PAIR``: ordered oppositely by precision and by F1, both paired
intervals excluding 0), per language and pooled ('all'). Nothing is recomputed here.

Every function takes ``rows(sql, params) -> list[dict]``: a reader connection's (the CLI, the
asset) or the audit server's cached one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from f1bench_pipeline.scoring.report import OPPOSITE_PAIR

Rows = Callable[[str, list[Any]], list[dict[str, Any]]]

POINTS_SQL = """
SELECT model, lang, n_scored, precision, precision_lo, precision_hi, recall, recall_lo, recall_hi, f1, f1_lo, f1_hi
FROM leaderboard
WHERE season = ? AND variant = ? AND extractor = ? AND decision_type = 'all' AND lang <> 'all'
  AND precision IS NOT NULL AND recall IS NOT NULL
ORDER BY model, lang
"""

# systems × languages with scored answers but no precision: every answer made no claim (abstained)
UNPLACED_SQL = """
SELECT model, lang FROM leaderboard
WHERE season = ? AND variant = ? AND extractor = ? AND decision_type = 'all' AND lang <> 'all'
  AND precision IS NULL AND n_scored > 0
ORDER BY model, lang
"""

PAIRS_SQL = f"""
SELECT lang, system_a, system_b, precision_diff, f1_diff FROM system_pair_differences
WHERE season = ? AND variant = ? AND extractor = ? AND decision_type = 'all' AND {OPPOSITE_PAIR}
ORDER BY lang, system_a, system_b
"""

SEASONS_SQL = "SELECT DISTINCT season FROM leaderboard_generations WHERE variant = ? AND extractor = ? ORDER BY season"


@dataclass(frozen=True)
class Point:
    """One system × language: mean precision and recall with their bootstrap intervals."""

    system: str
    lang: str
    precision: float
    recall: float
    f1: float
    n_scored: int
    precision_lo: float | None = None
    precision_hi: float | None = None
    recall_lo: float | None = None
    recall_hi: float | None = None

    @property
    def label(self) -> str:
        return f"{self.system} · {self.lang}"


@dataclass(frozen=True)
class Pair:
    """Two systems ordered oppositely by precision and by F1 (``lang`` 'all': pooled over languages)."""

    lang: str
    system_a: str
    system_b: str
    precision_diff: float
    f1_diff: float


@dataclass
class FigureData:
    season: int
    variant: str
    extractor: str = "regex"
    points: list[Point] = field(default_factory=list)
    pairs: list[Pair] = field(default_factory=list)
    # (system, lang) scored but not placeable: no claim in any answer, so no precision (recall 0)
    unplaced: list[tuple[str, str]] = field(default_factory=list)

    @property
    def systems(self) -> list[str]:
        return sorted({p.system for p in self.points})

    @property
    def langs(self) -> list[str]:
        return sorted({p.lang for p in self.points})

    @property
    def title(self) -> str:
        return f"Precision vs recall — season {self.season}, {self.variant} prompt, {self.extractor} extractor"


def _float(v: Any) -> float | None:
    return None if v is None or v != v else float(v)  # NaN (v != v) reads as no interval


def figure_data(rows: Rows, season: int, variant: str = "default", langs: Sequence[str] | None = None,
                systems: Sequence[str] | None = None, extractor: str = "regex") -> FigureData:
    """The points and inverted pairs of one season and variant, kept to ``langs`` and ``systems``
    (None: all). A pair is kept when both its systems are."""
    pts = []
    for r in rows(POINTS_SQL, [season, variant, extractor]):
        if (langs and r["lang"] not in langs) or (systems and r["model"] not in systems):
            continue
        pts.append(Point(system=r["model"], lang=r["lang"], precision=float(r["precision"]), recall=float(r["recall"]),
                         f1=float(r["f1"] or 0.0), n_scored=int(r["n_scored"] or 0),
                         precision_lo=_float(r["precision_lo"]), precision_hi=_float(r["precision_hi"]),
                         recall_lo=_float(r["recall_lo"]), recall_hi=_float(r["recall_hi"])))
    shown = {p.system for p in pts}
    pairs = [Pair(r["lang"], r["system_a"], r["system_b"], float(r["precision_diff"]), float(r["f1_diff"]))
             for r in rows(PAIRS_SQL, [season, variant, extractor])
             if r["system_a"] in shown and r["system_b"] in shown and (not langs or r["lang"] in (*langs, "all"))]
    unplaced = [(r["model"], r["lang"]) for r in rows(UNPLACED_SQL, [season, variant, extractor])
                if not (langs and r["lang"] not in langs) and not (systems and r["model"] not in systems)]
    return FigureData(season, variant, extractor, pts, pairs, unplaced)


def scored_seasons(rows: Rows, variant: str = "default", extractor: str = "regex") -> list[int]:
    return [int(r["season"]) for r in rows(SEASONS_SQL, [variant, extractor])]


def reader_rows(warehouse_dir: Any) -> tuple[Rows, Callable[[], None]]:
    """(rows, close) over a fresh read-only connection to the warehouse views."""
    from f1bench_pipeline.storage.reader import reader

    con = reader(warehouse_dir)

    def rows(sql: str, params: list[Any]) -> list[dict[str, Any]]:
        cur = con.execute(sql, params)
        cols = [d[0] for d in cur.description]
        return [dict(zip(cols, r)) for r in cur.fetchall()]

    return rows, con.close
