"""How many worker processes a parallel stage uses: one rule for every stage.

Each stage (ingest loaders, season derivation, offline generation, scoring) reads its own
``F1BENCH_<STAGE>_WORKERS`` variable when it starts, so a run can be made serial (``1``) or
wider without touching the others; unset, it uses the CPUs this process may run on, capped,
and divided among the runs launched side by side with it (``set_run_share``: a build's stage
queues several runs at once, and Dagster's queue, not these pools, makes them parallel).
"""

from __future__ import annotations

import os
import threading
from typing import Any

from f1bench_pipeline.settings import process_setting_of


def usable_cpus() -> int:
    """CPUs this process may run on (its affinity mask where the OS has one)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


_run_share = 1  # runs of one stage sharing this machine (set in a run's process: set_run_share)


def set_run_share(runs: int) -> None:
    """This process runs one of ``runs`` runs launched together (in the run's record, heal.RUN_SHARE):
    an unset worker count is the usable CPUs divided among them."""
    global _run_share
    _run_share = max(1, runs)


def worker_count(env: str, cap: int) -> int:
    """``$env`` as a whole number of processes (at least 1), else the usable CPUs (divided among
    the runs sharing them, ``set_run_share``) up to ``cap``.

    A value that is not a whole number is an error naming the variable."""
    given = process_setting_of(env)
    if given:
        return int(given)
    return max(1, min(cap, usable_cpus() // _run_share))


class KeptPool:
    """A pool of ``spawn`` worker processes kept for the life of the process (no thread or lock of
    this process is inherited; the workers' imports are paid once), made anew when the key it was
    asked with changes (a worker count, the environment the workers read)."""

    def __init__(self) -> None:
        self._kept: tuple[Any, Any] | None = None
        self._lock = threading.Lock()

    def get(self, workers: int, key: Any = None) -> Any:
        """The pool of ``workers`` processes for ``key``."""
        import multiprocessing
        import multiprocessing.util
        from concurrent.futures import ProcessPoolExecutor

        with self._lock:
            if self._kept is not None and self._kept[0] == (workers, key):
                return self._kept[1]
            if self._kept is not None:
                self._kept[1].shutdown(wait=False, cancel_futures=True)
            pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
            # Shut down before the process exits. A process that is itself a multiprocessing child
            # (a run Dagster's code server launched) ends through multiprocessing's exit function,
            # which joins its children and never runs concurrent.futures' own shutdown: without
            # this its idle workers, and so the run's process, would wait for ever.
            multiprocessing.util.Finalize(pool, _shut, args=(pool,), exitpriority=10)
            self._kept = ((workers, key), pool)
            return pool

    def drop(self, wait: bool = False) -> None:
        """Shut the pool down (its workers exit; ``wait``: until they have)."""
        with self._lock:
            if self._kept is not None:
                self._kept[1].shutdown(wait=wait, cancel_futures=True)
            self._kept = None


SHUT_GRACE_SECONDS = 2.0  # a worker's time to end on SIGTERM before it is killed


def _shut(pool: Any) -> None:
    """Stop a pool's worker processes now (at exit: no work is waited for). SIGTERM first, then
    SIGKILL: a worker inherits an ignored SIGTERM from the process that started its parent (found
    in the test suite; a run's process would then wait on it for ever)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(SHUT_GRACE_SECONDS)
        if process.is_alive():
            process.kill()
            process.join(SHUT_GRACE_SECONDS)
