"""The call loop: every work item answered once, concurrently, within the system's limits.

``run_generations(system, items, cache)`` returns one record per item, in input order:

1. Items already in the cache are answered from it (no call).
2. The rest go through ``system.concurrency`` asyncio workers calling
   ``litellm.acompletion``. Call starts are spaced to ``system.rpm``; a 429 pauses every
   worker of the system for its ``Retry-After`` (``retry-after-ms`` first) (``ratelimit``).
   The offline templates (``f1bench/``, CPU-bound: litellm's own ~5 ms per call) are answered
   by worker processes instead when ``OFFLINE_PARALLEL_MIN`` or more are pending
   (``offline_workers``, ``$F1BENCH_OFFLINE_WORKERS``), in chunks, each call made and cached
   exactly as here (``offline``).
3. Each call is retried on 429 / 5xx / timeout / connection errors / malformed responses
   up to ``system.max_attempts`` attempts, with exponential backoff (``backoff_base_s``
   doubling, capped at ``backoff_max_s``, equal jitter: ``retry``). Parameters the model does
   not support are left out by litellm's own mapping (``drop_params`` per call; the run's
   ``adaptations`` name them); one a provider still rejects is translated or dropped
   (``classify.adapt_params``) and the call made again; the adaptation then applies to
   every later call of the run (``call``).
4. A final answer (ok, truncated, content_filtered, refused) is written to the cache the
   moment it returns; an error is recorded (sanitized message) and the run goes on.
5. Progress (done / total, calls per second, ETA, errors so far, cost, statuses) is
   reported at most every ``progress_every_s`` seconds (a heartbeat keeps it going while
   calls are slow) through ``on_progress`` — or, without one, Dagster's / Python's logger
   at INFO — and to the terminal the CLI has open (``progress``); the counts are ``stats``.
6. A spending cap (``max_cost_usd``: the argument, else the system's) bounds the cost
   recorded for the items of the run — answers already in the cache count at their
   recorded cost, plus ``spent_usd`` spent elsewhere (earlier refinement rounds). Before
   each call the engine adds the call's estimated cost (the mean recorded cost of this
   model's answers so far; before the first one, the prompt counted with litellm's
   tokenizer and the system's whole output budget, priced with the cost map or the
   registry — ``budget``) to what is spent and what is in flight (``spend``). When that
   would pass the cap the call waits for the calls in flight; with none left, the run stops
   cleanly: every answer is kept, and each item not called gets status ``budget_exhausted``
   (written, never cached), so a rerun with a higher cap calls exactly those. A capped model
   whose cost cannot be estimated is not called at all.

litellm's own retries are off (``num_retries=0``, per call: ``llm.call_options``; no global
of litellm's is changed), so ``attempts`` counts every request. The key is read from the
environment when the first call is about to be made (a fully cached rerun needs none); a
system whose ``api_key: os.environ/NAME`` is unset raises ``MissingSecretError`` then, and so
does one that names no variable while those its provider reads are unset, or whose provider
litellm does not know (``provider_check``: a run the UI or a sensor starts stops there too).

A local system (``local:`` in the registry) is served by a model server this function
starts (``localmodel.server.local_server``, a subprocess) when at least one item is not in
the cache, and stops when the calls are done — a fully cached rerun loads no model.

This module composes those parts; ``WorkItem`` and ``RunStats`` are importable from here.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from f1bench_pipeline.generation import offline
from f1bench_pipeline.generation.cache import BUDGET_EXHAUSTED, DiskCache
from f1bench_pipeline.generation.call import Caller, WorkItem
from f1bench_pipeline.generation.progress import LineSink, Reporter, announce, default_sink
from f1bench_pipeline.generation.registry import System
from f1bench_pipeline.generation.spend import SpendingCap
from f1bench_pipeline.generation.stats import RunStats

__all__ = ["RunStats", "WorkItem", "run_generations", "run_sync"]

log = logging.getLogger(__name__)


class _Run:
    """One run of ``run_generations``: the cache read, the workers, the cap and the progress."""

    def __init__(self, system: System, items: list[WorkItem], cache: DiskCache,
                 on_progress: Callable[[str, dict], None] | None, progress_every_s: float,
                 max_cost_usd: float | None = None, spent_usd: float = 0.0, label: str | None = None):
        self.system = system
        self.items = items
        self.cache = cache
        self.on_progress = on_progress
        self.progress_every_s = progress_every_s
        cap = max_cost_usd if max_cost_usd is not None else system.max_cost_usd
        self.stats = RunStats(total=len(items), max_cost_usd=cap, spent_usd=spent_usd)
        self.label = label or system.name
        sink = (LineSink(self._emit, progress_every_s) if on_progress is not None
                else default_sink(progress_every_s))
        self.progress = Reporter(self.label, len(items), [sink])
        self.cap = SpendingCap(system, self.stats)
        self.caller = Caller(system, cache, learned=self.stats.adaptations)

    def _account(self, rec: dict[str, Any], from_cache: bool) -> None:
        self.stats.count(rec, from_cache)
        self.cap.observe(rec)
        if from_cache:
            self.progress.advance(rec["status"], cached=True)
        elif rec["status"] == BUDGET_EXHAUSTED:
            self.progress.advance(rec["status"], called=False)
        else:
            self.progress.advance(rec["status"], cost_usd=rec.get("cost_usd"))

    def _emit(self, line: str, _snap: Any) -> None:
        """A progress line for ``on_progress``, with the run's counts so far."""
        if self.on_progress is not None:
            self.stats.elapsed_s = time.perf_counter() - self.stats.started
            self.on_progress(line, self.stats.as_dict())

    def _not_called(self, item: WorkItem) -> dict[str, Any]:
        return self.caller.record(item, BUDGET_EXHAUSTED, cost_usd=0.0,
                                  error=f"not called: {self.stats.budget_stop}; raise the cap and rerun to answer it")

    async def run(self) -> list[dict[str, Any]]:
        results: list[dict[str, Any] | None] = [None] * len(self.items)
        pending: asyncio.Queue[int] = asyncio.Queue()
        for i, item in enumerate(self.items):
            rec = self.cache.get(item.cache_key)
            if rec is not None:
                rec["from_cache"] = True
                results[i] = rec
                self._account(rec, from_cache=True)
            else:
                pending.put_nowait(i)
        if pending.empty():
            self.progress.begin()
        else:
            from f1bench_pipeline.generation.llm import close_clients, get_litellm
            from f1bench_pipeline.generation.provider_check import check_provider

            litellm = get_litellm()
            self.caller.prepare()
            check_provider(self.system)  # before any request: a missing key is no error to retry
            self.cap.start()
            self.progress.begin()  # after litellm's import (seconds): the rate measures the calls

            async def worker() -> None:
                while True:
                    try:
                        i = pending.get_nowait()
                    except asyncio.QueueEmpty:
                        return
                    item = self.items[i]
                    est = await self.cap.admit(item)
                    rec = self._not_called(item) if est is None else await self.caller.call(litellm, item)
                    rec["from_cache"] = False
                    results[i] = rec
                    self._account(rec, from_cache=False)
                    if est is not None:
                        await self.cap.release(est, rec)

            def answered_offline(i: int, rec: dict[str, Any]) -> None:
                rec["from_cache"] = False
                results[i] = rec
                self._account(rec, from_cache=False)
                self.stats.spent_usd += rec.get("cost_usd") or 0.0

            async def heartbeat() -> None:
                while True:
                    await asyncio.sleep(min(1.0, self.progress_every_s))
                    self.progress.tick()

            n_workers = min(self.system.concurrency, pending.qsize())
            n_procs = offline.processes_for(self.caller, pending.qsize())
            beat = asyncio.create_task(heartbeat())
            try:
                if n_procs:  # CPU-bound template calls: litellm's per-call CPU on every core
                    left = await offline.answer_in_processes(
                        self.caller, self.items, [pending.get_nowait() for _ in range(pending.qsize())], n_procs,
                        answered_offline)
                    for i in left:
                        pending.put_nowait(i)
                    n_workers = min(n_workers, len(left))
                if not n_procs or n_workers:
                    await asyncio.gather(*(worker() for _ in range(n_workers)))
            finally:
                beat.cancel()
                await close_clients(litellm)
        self.stats.elapsed_s = time.perf_counter() - self.stats.started
        st = self.stats
        if st.budget_stop is not None:
            n = st.statuses[BUDGET_EXHAUSTED]
            msg = (f"{self.label}: stopped by the spending cap — {st.budget_stop}. {n} of {st.total} not called "
                   f"(status {BUDGET_EXHAUSTED}, not cached); every answer is kept. Raise max_cost_usd "
                   "(or pass --max-cost-usd) and rerun to call exactly those.")
            self.progress.note(msg)  # to on_progress / the run's log, and the open terminal
        self.progress.finish()
        return [r for r in results if r is not None]


def run_generations(system: System, items: list[WorkItem], cache: DiskCache,
                    on_progress: Callable[[str, dict], None] | None = None,
                    progress_every_s: float = 10.0,
                    models_dir: Path | None = None, *,
                    max_cost_usd: float | None = None, spent_usd: float = 0.0,
                    label: str | None = None) -> tuple[list[dict[str, Any]], RunStats]:
    """Answer every item (cache first, then calls); returns (records in item order, stats).

    ``max_cost_usd`` overrides the system's cap for this run (None: the system's);
    ``spent_usd`` is already counted against it (earlier rounds of the same run).
    ``label`` names the task in progress lines (default: the system's name).

    For a local system without a base URL, a model server runs for the duration of the calls
    (``models_dir``: its checkpoint cache, default ``<data_dir>/models``); it is not started
    when every item is cached. A server that cannot start raises (``WeightsError`` /
    ``LocalServerError``, naming the weights): no call could succeed, so none is recorded."""
    if system.local is not None and not system.resolved_api_base() and \
            any(not cache.has(it.cache_key) for it in items):
        from f1bench_pipeline.localmodel.server import local_server

        def event(msg: str) -> None:
            log.info("%s: %s", system.name, msg)
            if on_progress:
                on_progress(f"{system.name}: {msg}", {})
            announce(f"{system.name}: {msg}")

        with local_server(system.local, system.served_name, models_dir=models_dir, on_event=event) as api_base:
            # The base URL is a connection setting: not part of any cache key, so the port may change freely.
            served = system.model_copy(update={"api_base": api_base})
            return run_generations(served, items, cache, on_progress, progress_every_s, max_cost_usd=max_cost_usd,
                                   spent_usd=spent_usd, label=label)
    run = _Run(system, items, cache, on_progress, progress_every_s, max_cost_usd, spent_usd, label)
    records = run_sync(run.run)
    return records, run.stats


def run_sync(factory: Callable[[], Any]) -> Any:
    """Run a coroutine to completion from sync code, even when a loop is already running here
    (a notebook): then it runs on a fresh loop in a helper thread."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(factory())
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = asyncio.run(factory())
        except BaseException as exc:  # noqa: BLE001 - re-raised in the caller's thread
            box["error"] = exc

    t = threading.Thread(target=target, name="f1bench-generation")
    t.start()
    t.join()
    if "error" in box:
        raise box["error"]
    return box["value"]
