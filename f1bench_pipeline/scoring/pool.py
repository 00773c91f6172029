"""The scoring worker processes, kept for the life of the process (no polars import here).

``score.score_generations_parallel`` scores a large partition on every core with this pool.
A command that knows early that it will score many answers (``f1bench score FILE``) calls
``prestart`` first: the workers import the scoring code and compile the extractor's patterns
(~1 s each) while this process reads its inputs, instead of after.
"""

from __future__ import annotations

import os
from typing import Any

PARALLEL_MIN_ROWS = 2000     # fewer generations are scored in this process (a pool costs ~1 s to start)
PARALLEL_WORKERS_ENV = "F1BENCH_SCORING_WORKERS"  # worker processes (1: this process only)
_POOL: tuple[tuple, Any] | None = None


def scoring_workers() -> int:
    """``$F1BENCH_SCORING_WORKERS``, else the usable CPUs (at most 8)."""
    from f1bench_pipeline.workers import worker_count

    return worker_count(PARALLEL_WORKERS_ENV, cap=8)


def scoring_pool(workers: int) -> Any:
    """A pool kept for the life of the process (``spawn``: no thread or lock of this process is
    inherited); made anew when the worker count or the F1BENCH_* environment the scoring code
    reads (lexicon / driver files) changed since it started."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    global _POOL
    key = (workers, tuple(sorted((k, v) for k, v in os.environ.items() if k.startswith("F1BENCH_"))))
    if _POOL is not None and _POOL[0] == key:
        return _POOL[1]
    if _POOL is not None:
        _POOL[1].shutdown(wait=False, cancel_futures=True)
    _POOL = (key, ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")))
    return _POOL[1]


def drop_scoring_pool() -> None:
    global _POOL
    if _POOL is not None:
        _POOL[1].shutdown(wait=False, cancel_futures=True)
    _POOL = None


def prestart(expected_rows: int) -> None:
    """Start the workers ``score_generations_parallel`` will use for ``expected_rows`` generations
    (none when it would score them in this process), each importing the scoring code now."""
    workers = scoring_workers()
    if workers < 2 or expected_rows <= PARALLEL_MIN_ROWS:
        return
    pool = scoring_pool(workers - 1)
    for _ in range(workers - 1):
        pool.submit(_warm)


def _warm() -> None:
    """In a worker: the imports and compiled patterns every chunk needs."""
    from f1bench_pipeline.domains.f1.extract.tokens import word_table
    from f1bench_pipeline.scoring import score  # noqa: F401  (the chunk function's module)

    for lang in ("en", "es", "pt"):
        word_table(lang)
