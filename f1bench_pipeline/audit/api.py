"""Read-only queries behind the audit page (DuckDB over the warehouse; no Dagster, no litellm)."""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import duckdb

from f1bench_pipeline.audit.answers import StoredAnswers
from f1bench_pipeline.figures.pr_data import figure_data
from f1bench_pipeline.figures.pr_figure import PRINT_DPI, render
from f1bench_pipeline.scoring.leaderboard_cli import INSTANCE_SETS_SQL, instance_set_warning
from f1bench_pipeline.storage.location import normalise
from f1bench_pipeline.storage.reader import reader
from f1bench_pipeline.storage.views import has_files
from f1bench_pipeline.scoring.report import reading_coverage_warnings, stale_context_notes

#: the tables behind ``/api/leaderboard`` (the views it reads): a change of their files recomputes it
LEADERBOARD_TABLES = ("scores", "review_scores", "instances")


class Warehouse:
    """The warehouse views in one cached in-memory DuckDB, shared by the server's threads.

    Building the views (listing every table, creating ~40 views) is what a request used to
    pay; now it is paid when the set of tables changes or after ``refresh_seconds``. New files
    of a known table need no rebuild: the views read globs, listed at query time. Each request
    runs on its own cursor of the shared connection (DuckDB cursors are safe across threads).
    Never locks the warehouse file: the database is in memory.
    """

    def __init__(self, warehouse_dir: Path | str, refresh_seconds: float = 30.0, answers_dir: Path | None = None):
        """``answers_dir``: where memo() keeps its answers on disk too (``answers.py``), so a
        restarted server answers at once; None: in memory only."""
        self.dir = normalise(warehouse_dir)  # a local Path, or a warehouse URL
        self.refresh_seconds = refresh_seconds
        self._lock = threading.Lock()
        self._con: duckdb.DuckDBPyConnection | None = None
        self._fingerprint: tuple | None = None
        self._built = 0.0
        self._has: dict[str, bool] = {}
        self._answers: dict[tuple, Any] = {}  # memo(): answers computed for the data state _answered
        self._answered: tuple | None = None
        self._computing: dict[tuple, threading.Lock] = {}
        self.computed = 0  # how many answers memo() computed (the rest came from memory or disk)
        self.stored = StoredAnswers(answers_dir, str(self.dir)) if answers_dir is not None and isinstance(
            self.dir, Path) else None

    def data_state(self) -> tuple | None:
        """What the leaderboard reads, as it is now: every Parquet file of :data:`LEADERBOARD_TABLES`
        (path, size, mtime), and the set of tables. A write of scores (a new partition, or one
        rewritten) changes it; a stat per file, milliseconds even on the full build. None for a
        remote root (listing it is a request): its answers are kept ``refresh_seconds``."""
        if not isinstance(self.dir, Path):
            return None
        files = []
        for table in LEADERBOARD_TABLES:
            for folder, _dirs, names in os.walk(self.dir / table):
                for name in names:
                    if name.endswith(".parquet"):
                        st = os.stat(os.path.join(folder, name))
                        files.append((os.path.join(folder, name), st.st_size, st.st_mtime_ns))
        return (self._tables(), tuple(sorted(files)))

    def memo(self, key: tuple, compute: Callable[[], Any]) -> Any:
        """``compute()``'s answer, computed once per data state (:meth:`data_state`): the second
        request of the same key reads it from memory, a change of the scores recomputes it.
        Requests of one key at once wait for one computation rather than each running it."""
        state = self.data_state()
        local = state is not None
        if state is None:  # remote: by age, like the connection
            state = ("age", int(time.monotonic() // max(self.refresh_seconds, 1e-3)))
        with self._lock:
            if state != self._answered:
                self._answers, self._answered, self._computing = {}, state, {}
            if key in self._answers:
                return self._answers[key]
            gate = self._computing.setdefault(key, threading.Lock())
        with gate:
            with self._lock:
                if self._answered == state and key in self._answers:
                    return self._answers[key]
            stored = self.stored.get(state, key) if self.stored is not None and local else None
            if stored is not None:
                answer = stored
            else:
                answer = compute()
                if self.stored is not None and local:
                    self.stored.put(state, key, answer)
            with self._lock:
                self.computed += stored is None
                if self._answered == state:
                    self._answers[key] = answer
            return answer

    def memoized(self, key: tuple) -> bool:
        """Whether ``key``'s answer is in memory for the data as it is now."""
        state = self.data_state()
        with self._lock:
            return state is not None and state == self._answered and key in self._answers

    def _tables(self) -> tuple:
        """The warehouse's table folders: a new table (a first materialization) needs new views."""
        if isinstance(self.dir, Path):
            return tuple(sorted(p.name for p in self.dir.iterdir() if p.is_dir())) if self.dir.is_dir() else ()
        return ()  # a remote root is refreshed by age only (listing it is a request)

    def _connection(self) -> duckdb.DuckDBPyConnection:
        with self._lock:
            fingerprint = self._tables()
            if (self._con is None or fingerprint != self._fingerprint
                    or time.monotonic() - self._built > self.refresh_seconds):
                # (the old connection is not closed here: a long query of another thread -- a
                # leaderboard computed in the background -- may still run on a cursor of it; it
                # closes once garbage, when the last of those cursors is done)
                self._con = reader(self.dir)
                self._fingerprint, self._built, self._has = fingerprint, time.monotonic(), {}
            return self._con

    def has(self, table: str) -> bool:
        self._connection()  # drops the cache when the warehouse changed
        if table not in self._has:
            self._has[table] = has_files(self.dir, table)
        return self._has[table]

    def rows(self, sql: str, params: list | None = None) -> list[dict[str, Any]]:
        cur = self._connection().cursor()
        try:
            cur.execute(sql, params or [])
            cols = [d[0] for d in cur.description]
            return [dict(zip(cols, r)) for r in cur.fetchall()]
        except duckdb.CatalogException:
            return []
        finally:
            cur.close()


def options(w: Warehouse) -> dict[str, Any]:
    out: dict[str, Any] = {"empty": not w.has("instances"), "seasons": [], "races": [], "systems": [],
                           "langs": ["en", "es", "pt"], "variants": ["default", "cover_all"]}
    if out["empty"]:
        return out
    out["seasons"] = [r["season"] for r in w.rows("SELECT DISTINCT season FROM instances ORDER BY season")]
    out["races"] = w.rows("SELECT DISTINCT season, round, event FROM instances ORDER BY season, round")
    if w.has("scores"):
        out["systems"] = [r["model"] for r in w.rows("SELECT DISTINCT model FROM scores ORDER BY model")]
    return out


def instances(w: Warehouse, season: int, round_: int) -> list[dict[str, Any]]:
    return w.rows(
        "SELECT DISTINCT id, decision_type, n_facts FROM instances WHERE season = ? AND round = ? ORDER BY decision_type, id",
        [season, round_])


_SHOWN = ("id", "context_text", "prompt", "facts", "decision_type", "season")


def generation(w: Warehouse, instance_id: str, model: str, lang: str, variant: str) -> dict[str, Any]:
    """One answer with the context it was given: today's instance row, or the older version
    (``instance_versions``) whose hash the generation records (``context_current`` false)."""
    inst = w.rows("SELECT * FROM instances WHERE id = ? AND lang = ? AND variant = ?", [instance_id, lang, variant])
    given = None
    if w.has("generations"):
        g = w.rows("SELECT * FROM generations WHERE id = ? AND model = ? AND lang = ? AND variant = ?",
                   [instance_id, model, lang, variant])
        given = g[0] if g else None
    sha = given.get("context_sha256") if given else None
    current = inst[0].get("context_sha256") if inst else None
    shown, context_current = (inst[0] if inst else None), (None if sha is None else sha == current)
    if sha and sha != current and w.has("instance_versions"):
        old = w.rows("SELECT * FROM instance_versions WHERE context_sha256 = ?", [sha])
        shown = old[0] if old else shown
    if shown is None:
        return {"found": False}
    out: dict[str, Any] = {"found": True, **{k: shown[k] for k in _SHOWN}, "facts": json.loads(shown["facts"]),
                           "text": None, "status": None, "claims": [], "score": None,
                           "context_current": context_current}
    if given:
        out.update(text=given["text"], status=given["status"], error=given["error"])
    if w.has("claims"):
        out["claims"] = w.rows(
            "SELECT claim_index, type, slots, span_start, span_end, span_text, label, reason, matched_fact FROM claims "
            "WHERE id = ? AND model = ? AND lang = ? AND variant = ? ORDER BY claim_index",
            [instance_id, model, lang, variant])
    if w.has("scores"):
        s = w.rows("SELECT n_claims, n_supported, n_contradicted, n_unverifiable, precision, recall, f1, "
                   "covered_facts, missed_facts, status, extraction_status FROM scores "
                   "WHERE id = ? AND model = ? AND lang = ? AND variant = ?", [instance_id, model, lang, variant])
        out["score"] = s[0] if s else None
    return out


def leaderboard(w: Warehouse, season: int | None, variant: str) -> dict[str, Any]:
    """The leaderboard of one season and prompt variant (None: the latest season): computed once
    per state of the scores (``Warehouse.memo``; the bootstrap intervals take seconds on the full
    build), then answered from memory."""
    if season is None:  # the latest season: the same answer as naming it (one computation for both)
        latest = w.memo(("latest_season",), lambda: w.rows("SELECT max(season) AS s FROM leaderboard_generations"))
        season = latest[0]["s"] if latest else None
    return w.memo(("leaderboard", season, variant), lambda: _leaderboard(w, season, variant))


def warm_leaderboards(w: Warehouse) -> None:
    """Compute every season × variant's leaderboard not yet in memory (the page's selectors), the
    page's first view first, so a change of selector answers at once."""
    opts = options(w)
    for variant in opts["variants"]:
        for season in [None, *reversed(opts["seasons"])]:
            leaderboard(w, season, variant)  # (memoized: nothing to do)


def _leaderboard(w: Warehouse, season: int | None, variant: str) -> dict[str, Any]:
    if not w.has("scores"):
        return {"rows": [], "by_lang": [], "ranking": [], "inversion": None, "pairs": [], "coverage_warnings": []}
    season_sql = "season = ?" if season is not None else "season = (SELECT max(season) FROM leaderboard_generations)"
    params = [season] if season is not None else []
    where = f"{season_sql} AND variant = ? AND extractor = 'regex'"
    # one bootstrap for the table and the plot: every language's row, split here
    board = w.rows(f"SELECT * FROM leaderboard WHERE {where} AND decision_type = 'all' ORDER BY f1 DESC, model, lang",
                   [*params, variant])
    rows = [r for r in board if r["lang"] == "all"]
    by_lang = sorted((r for r in board if r["lang"] != "all"), key=lambda r: (r["model"], r["lang"]))
    ranking = w.rows(f"SELECT * FROM ranking_inversion WHERE {where} AND lang = 'all' "
                     "ORDER BY rank_by_f1", [*params, variant])
    inversion = w.rows(f"SELECT * FROM ranking_inversion_significance WHERE {where} AND lang = 'all'", [*params, variant])
    pairs = w.rows(f"SELECT * FROM system_pair_differences WHERE {where} AND lang = 'all' AND decision_type = 'all' "
                   "ORDER BY system_a, system_b", [*params, variant])

    shown = rows[0]["season"] if rows else season
    sets = w.rows(INSTANCE_SETS_SQL.format(extra=""), [shown, variant, "regex"]) if shown is not None else []
    # (a leaderboard view of a warehouse made before n_context_stale existed has no such column: no note)
    notes = [*reading_coverage_warnings(by_lang), *stale_context_notes(rows), *filter(None, [instance_set_warning(sets)])]
    return {"rows": rows, "by_lang": by_lang, "ranking": ranking, "inversion": inversion[0] if inversion else None,
            "pairs": pairs, "coverage_warnings": notes}


def rounds(w: Warehouse, instance_id: str, model: str, lang: str, variant: str) -> list[dict[str, Any]]:
    """Verifier-guided rounds of one answer (round 0 = the stored generation), oldest first."""
    if not w.has("refinement_rounds"):
        return []
    return w.rows(
        "SELECT round, status, precision, recall, f1, n_claims, n_contradicted, n_unverifiable, n_fix, n_add, n_remove, "
        "stop_reason, instructions, text FROM refinement_rounds "
        "WHERE id = ? AND model = ? AND lang = ? AND variant = ? ORDER BY round", [instance_id, model, lang, variant])


FIGURE_TYPES = {"svg": "image/svg+xml", "png": "image/png", "pdf": "application/pdf"}
_FIGURE_LOCK = threading.Lock()  # matplotlib's rc settings are process-wide: one drawing at a time


def figure(w: Warehouse, season: int | None, variant: str, fmt: str) -> bytes | None:
    """The precision–recall figure of a season (default: the latest scored) as ``fmt`` bytes:
    ``f1bench plot``'s drawing, from the same leaderboard rows; None when nothing is scored."""
    if fmt not in FIGURE_TYPES:
        raise ValueError(f"figure format {fmt!r} (svg, png or pdf)")
    if not w.has("scores"):
        return None
    if season is None:
        latest = w.rows("SELECT max(season) AS s FROM leaderboard_generations WHERE variant = ?", [variant])
        season = latest[0]["s"] if latest else None
        if season is None:
            return None
    data = figure_data(lambda sql, params: w.rows(sql, params), int(season), variant)
    if not data.points:
        return None
    with _FIGURE_LOCK:
        return render(data, fmt, PRINT_DPI)
