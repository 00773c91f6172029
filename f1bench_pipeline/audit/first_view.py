"""The audit page's first view, computed when the scores are written (`f1bench build`), so the
page's first load reads it from the answers folder (``answers.py``) instead of waiting for the
bootstrap."""

from __future__ import annotations

import time
from pathlib import Path

from f1bench_pipeline.audit.answers import default_answers_dir
from f1bench_pipeline.audit.api import Warehouse, leaderboard


def store_first_view(warehouse_dir: Path | str, answers_dir: Path | None = None) -> float | None:
    """Compute the leaderboard the audit page shows first (the latest season, default prompt) into
    the answers folder, unless it is there for the warehouse as it is now: what `f1bench build`
    does once its scores are written, so the page's first load reads it. Seconds it took (None:
    it was stored already, or the warehouse is remote)."""
    w = Warehouse(warehouse_dir, answers_dir=answers_dir or default_answers_dir())
    if w.stored is None:
        return None
    t0 = time.perf_counter()
    leaderboard(w, None, "default")
    return time.perf_counter() - t0 if w.computed else None
