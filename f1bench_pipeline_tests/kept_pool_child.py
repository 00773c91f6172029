"""The target of ``test_parallel_scoring::test_a_process_that_kept_a_pool_still_exits``: a small
module (only ``workers`` imported), so a spawn child of a loaded test session starts quickly."""

from __future__ import annotations

import os
import sys

_KEPT: list = []  # a module's kept pool, as scoring/pool.py keeps one (alive until the process exits)


def use_a_kept_pool() -> None:
    """A multiprocessing child (as a run launched by Dagster's code server is) that keeps a pool
    and returns; says on stderr when its work is done, so a slow start is told from a hang."""
    from f1bench_pipeline.workers import KeptPool

    _KEPT.append(KeptPool())
    worker = _KEPT[0].get(1).submit(os.getpid).result(timeout=120)
    assert worker != os.getpid()
    print("kept-pool child: work done", file=sys.stderr, flush=True)
