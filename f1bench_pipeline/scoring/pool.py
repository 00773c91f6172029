"""The scoring worker processes, kept for the life of the process (no polars import here).

``score.score_parallel`` scores a large partition on every core with this pool.
A command that knows early that it will score many answers (``f1bench score FILE``) calls
``prestart`` first with its domain's warm-up: the workers import the scoring code and compile
the extractor's patterns (~1 s each) while this process reads its inputs, instead of after.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from f1bench_pipeline.settings import ENV_PREFIX, environment
from f1bench_pipeline.workers import KeptPool

PARALLEL_MIN_ROWS = 2000     # fewer generations are scored in this process (a pool costs ~1 s to start)
PARALLEL_WORKERS_ENV = "F1BENCH_SCORING_WORKERS"  # worker processes (1: this process only)
_POOL = KeptPool()


def scoring_workers() -> int:
    """``$F1BENCH_SCORING_WORKERS``, else the usable CPUs (at most 8)."""
    from f1bench_pipeline.workers import worker_count

    return worker_count(PARALLEL_WORKERS_ENV, cap=8)


def scoring_pool(workers: int) -> Any:
    """The kept pool of ``workers`` processes; made anew when the count or the F1BENCH_* environment
    the scoring code reads (lexicon / driver files) changed since it started."""
    return _POOL.get(workers, tuple(sorted((k, v) for k, v in environment().items() if k.startswith(ENV_PREFIX))))


def drop_scoring_pool() -> None:
    _POOL.drop()


def prestart(expected_rows: int, warm: Callable[..., None], *args: Any) -> None:
    """Start the workers ``score.score_parallel`` will use for ``expected_rows`` generations
    (none when it would score them in this process), each running ``warm(*args)`` now: a
    module-level function (a worker imports it by name) importing the domain's scoring code
    (``domains.scoring.warm_worker`` with the domain's name)."""
    workers = scoring_workers()
    if workers < 2 or expected_rows <= PARALLEL_MIN_ROWS:
        return
    pool = scoring_pool(workers - 1)
    for _ in range(workers - 1):
        pool.submit(warm, *args)
