"""Offline template calls answered by worker processes, for a large offline run.

litellm costs ~5 ms of CPU per call, under the GIL: one process answers the offline templates
on one core. A large offline run (``OFFLINE_PARALLEL_MIN`` pending calls or more) is split into
chunks answered by a pool of worker processes (``spawn``: no thread or lock of this process is
inherited), kept for the life of the process so litellm is imported once per worker. Each
worker answers its chunk exactly as the run's own :class:`~call.Caller` would (through
``litellm.acompletion``, cached there the moment it returns). Offline systems cost nothing and
have no rate limit, so neither the spending cap nor the limiter has anything to hold back.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from f1bench_pipeline.generation.call import Caller, WorkItem
from f1bench_pipeline.workers import KeptPool, worker_count

log = logging.getLogger(__name__)
OFFLINE_WORKERS_ENV = "F1BENCH_OFFLINE_WORKERS"  # processes for offline calls (1: this process only)
OFFLINE_PARALLEL_MIN = 2000  # fewer pending offline calls run in this process (a pool costs ~2-3 s to start)
OFFLINE_CHUNK = 500          # items per task sent to a worker
_POOL = KeptPool()  # litellm imported once per worker, for the life of the process


def offline_workers() -> int:
    """Worker processes for offline calls: ``$F1BENCH_OFFLINE_WORKERS``, else the usable CPUs (at most 8)."""
    return worker_count(OFFLINE_WORKERS_ENV, cap=8)


def processes_for(caller: Caller, n_pending: int) -> int:
    """Worker processes to answer ``n_pending`` calls of ``caller`` with (0: this process)."""
    n_procs = offline_workers()
    parallel = (caller.system.offline and n_procs > 1 and n_pending >= OFFLINE_PARALLEL_MIN
                and not caller.limiter.interval)
    return n_procs if parallel else 0


def _offline_pool(n: int) -> ProcessPoolExecutor:
    return _POOL.get(n)


def _drop_offline_pool() -> None:
    _POOL.drop()


async def answer_in_processes(caller: Caller, items: list[WorkItem], pending: list[int], n_procs: int,
                              answered: Callable[[int, dict[str, Any]], None]) -> list[int]:
    """Answer ``items[i]`` for each ``i`` of ``pending`` in ``n_procs`` worker processes, in
    chunks of ``OFFLINE_CHUNK`` items; ``answered(i, record)`` as the chunks come back, and the
    adaptations the workers learned go to ``caller.learned``. Returns the items left unanswered
    when the pool broke (none otherwise): the caller answers them in this process."""
    loop = asyncio.get_running_loop()
    pool = _offline_pool(n_procs)
    setup = caller.setup()
    done: set[int] = set()

    async def one(chunk: list[int]) -> None:
        recs, learned = await loop.run_in_executor(pool, _offline_chunk, setup, [items[i] for i in chunk])
        for i, rec in zip(chunk, recs, strict=True):
            done.add(i)
            answered(i, rec)
        for note in learned:
            if note not in caller.learned:
                caller.learned.append(note)

    chunks = [pending[k:k + OFFLINE_CHUNK] for k in range(0, len(pending), OFFLINE_CHUNK)]
    tasks = [asyncio.ensure_future(one(c)) for c in chunks]
    try:
        await asyncio.gather(*tasks)
    except BrokenProcessPool as exc:
        # No worker could start or one died: the items not answered yet are called here.
        _drop_offline_pool()
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        log.warning("%s: offline worker processes failed (%s); answering the rest in this process",
                    caller.system.name, exc)
        return [i for i in pending if i not in done]
    return []


def _offline_chunk(setup: tuple, items: list[WorkItem]) -> tuple[list[dict[str, Any]], list[str]]:
    """In a worker process: answer ``items`` as :meth:`Caller.call` does (cache writes included);
    returns (records in item order, adaptations learned here)."""
    from f1bench_pipeline.generation.llm import close_clients, get_litellm

    caller = Caller.from_setup(setup)
    litellm = get_litellm()

    async def answer() -> list[dict[str, Any]]:
        try:
            return [await caller.call(litellm, it) for it in items]
        finally:
            await close_clients(litellm)

    return asyncio.run(answer()), list(caller.learned)
