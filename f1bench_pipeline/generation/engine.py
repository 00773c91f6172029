"""The call loop: every work item answered once, concurrently, within the system's limits.

``run_generations(system, items, cache)`` returns one record per item, in input order:

1. Items already in the cache are answered from it (no call).
2. The rest go through ``system.concurrency`` asyncio workers calling
   ``litellm.acompletion``. Call starts are spaced to ``system.rpm``; a 429 pauses every
   worker of the system for its ``Retry-After`` (``retry-after-ms`` first). The offline
   templates (``f1bench/``, CPU-bound: litellm's own ~5 ms per call) are answered by worker
   processes instead when ``OFFLINE_PARALLEL_MIN`` or more are pending (``offline_workers``,
   ``$F1BENCH_OFFLINE_WORKERS``), in chunks, each call made and cached exactly as here.
3. Each call is retried on 429 / 5xx / timeout / connection errors / malformed responses
   up to ``system.max_attempts`` attempts, with exponential backoff (``backoff_base_s``
   doubling, capped at ``backoff_max_s``, equal jitter). Parameters the model does not
   support are left out by litellm's own mapping (``drop_params`` per call; the run's
   ``adaptations`` name them); one a provider still rejects is translated or dropped
   (``classify.adapt_params``) and the call made again; the adaptation then applies to
   every later call of the run.
4. A final answer (ok, truncated, content_filtered, refused) is written to the cache the
   moment it returns; an error is recorded (sanitized message) and the run goes on.
5. Progress (done / total, calls per second, ETA, errors so far, cost, statuses) is
   reported at most every ``progress_every_s`` seconds (a heartbeat keeps it going while
   calls are slow) through ``on_progress`` — or, without one, Dagster's / Python's logger
   at INFO — and to the terminal the CLI has open (``progress``).
6. A spending cap (``max_cost_usd``: the argument, else the system's) bounds the cost
   recorded for the items of the run — answers already in the cache count at their
   recorded cost, plus ``spent_usd`` spent elsewhere (earlier refinement rounds). Before
   each call the engine adds the call's estimated cost (the mean recorded cost of this
   model's answers so far; before the first one, the prompt counted with litellm's
   tokenizer and the system's whole output budget, priced with the cost map or the
   registry — ``budget``) to what is spent and what is in flight. When that would pass the
   cap the call waits for the calls in flight; with none left, the run stops cleanly: every
   answer is kept, and each item not called gets status ``budget_exhausted`` (written,
   never cached), so a rerun with a higher cap calls exactly those. A capped model whose
   cost cannot be estimated is not called at all.

litellm's own retries are off (``num_retries=0``, per call: ``llm.call_options``; no global
of litellm's is changed), so ``attempts`` counts every request. The key is read from the
environment when the first call is about to be made (a fully cached rerun needs none); a
system whose ``api_key: os.environ/NAME`` is unset raises ``MissingSecretError`` then.

A local system (``local:`` in the registry) is served by a model server this function
starts (``localmodel.server.local_server``, a subprocess) when at least one item is not in
the cache, and stops when the calls are done — a fully cached rerun loads no model.
"""

from __future__ import annotations

import asyncio
import logging
import random
import threading
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from f1bench_pipeline.generation.cache import BUDGET_EXHAUSTED, DiskCache
from f1bench_pipeline.generation.classify import adapt_params, classify_exception, classify_response
from f1bench_pipeline.generation.progress import LineSink, Reporter, announce, default_sink
from f1bench_pipeline.generation.registry import System
from f1bench_pipeline.generation.sanitize import sanitize
from f1bench_pipeline.workers import KeptPool, worker_count

log = logging.getLogger(__name__)
MAX_ADAPTATIONS = 3


@dataclass
class WorkItem:
    """One call: an instance in one language and prompt variant."""

    id: str
    lang: str
    variant: str
    messages: list[dict[str, str]]
    cache_key: str
    decision_type: str = ""
    metadata: dict[str, Any] | None = None  # offline systems only: the oracle (never sent over the network)


@dataclass
class RunStats:
    total: int = 0
    cache_hits: int = 0
    calls: int = 0          # items answered by a call in this run
    requests: int = 0       # HTTP requests (attempts) made in this run
    retries: int = 0
    statuses: Counter = field(default_factory=Counter)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    cost_unknown: int = 0   # calls whose cost litellm could not price
    adaptations: list[str] = field(default_factory=list)
    started: float = field(default_factory=time.perf_counter)
    elapsed_s: float = 0.0
    max_cost_usd: float | None = None  # the cap in force (None: none)
    spent_usd: float = 0.0  # counted against the cap: spent_usd given + cached answers + this run's calls
    budget_stop: str | None = None  # why the cap stopped the run (None: it did not)

    @property
    def done(self) -> int:
        return sum(self.statuses.values())

    @property
    def calls_per_s(self) -> float:
        return self.calls / self.elapsed_s if self.elapsed_s > 0 else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "total": self.total, "done": self.done, "cache_hits": self.cache_hits, "calls": self.calls,
            "requests": self.requests, "retries": self.retries, "statuses": dict(self.statuses),
            "prompt_tokens": self.prompt_tokens, "completion_tokens": self.completion_tokens,
            "cost_usd": round(self.cost_usd, 6), "cost_unknown": self.cost_unknown,
            "adaptations": sorted(set(self.adaptations)), "elapsed_s": round(self.elapsed_s, 3),
            "calls_per_s": round(self.calls_per_s, 2), "errors": self.statuses.get("error", 0),
            "max_cost_usd": self.max_cost_usd, "spent_usd": round(self.spent_usd, 6),
            "budget_exhausted": self.statuses.get(BUDGET_EXHAUSTED, 0), "budget_stop": self.budget_stop,
        }


class RateLimiter:
    """Spaces call starts to ``rpm`` and holds every worker during a provider's cool-down."""

    def __init__(self, rpm: float = 0):
        self.interval = 60.0 / rpm if rpm and rpm > 0 else 0.0
        self.next_slot = 0.0
        self.pause_until = 0.0

    def pause(self, seconds: float) -> None:
        self.pause_until = max(self.pause_until, time.monotonic() + seconds)

    async def acquire(self) -> None:
        while True:
            now = time.monotonic()
            if now < self.pause_until:
                await asyncio.sleep(self.pause_until - now)
                continue
            if self.interval:
                slot = max(now, self.next_slot)
                self.next_slot = slot + self.interval
                if slot > now:
                    await asyncio.sleep(slot - now)
                if time.monotonic() < self.pause_until:
                    continue
            return


class MalformedResponse(Exception):
    """The provider answered 200 with something that is not a chat completion (retried)."""


def _content_text(content: Any) -> str:
    """Message content as text (a list of content parts is joined)."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [p.get("text", "") if isinstance(p, dict) else getattr(p, "text", "") or "" for p in content]
        return "".join(str(p) for p in parts)
    return str(content)


def _now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class _Run:
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
        # the cap's bookkeeping (see the module docstring, 6.)
        self._reserved = 0.0   # estimated cost of the calls in flight
        self._in_flight = 0
        self._priced_n = 0     # answers with a recorded cost (cached or called) ...
        self._priced_usd = 0.0  # ... and their total: the per-call estimate once there is one
        self._budget: asyncio.Condition | None = None
        self.limiter = RateLimiter(system.rpm)
        self.params: dict[str, Any] = dict(system.params)  # replaced by an adapted copy as rejections are learned
        self.param_notes: list[str] = []  # the adaptations self.params carries
        self.options: dict[str, Any] = {}  # litellm settings for every call (llm.call_options)
        self.supported: list[str] | None = None  # litellm's parameter mapping for the model
        self.connection: dict[str, Any] = {}  # api_base / api_key: resolved when the calls start
        self.secrets = system.secret_values()
        self._rng = random.Random()

    # --- bookkeeping ---
    def _account(self, rec: dict[str, Any], from_cache: bool) -> None:
        st = self.stats
        st.statuses[rec["status"]] += 1
        if rec["status"] in ("ok", "truncated", "refused") and rec.get("cost_usd") is not None:
            self._priced_n += 1
            self._priced_usd += rec["cost_usd"]
        if from_cache:
            st.cache_hits += 1
            st.spent_usd += rec.get("cost_usd") or 0.0
            self.progress.advance(rec["status"], cached=True)
            return
        if rec["status"] == BUDGET_EXHAUSTED:
            self.progress.advance(rec["status"], called=False)
            return
        st.calls += 1
        st.requests += rec.get("attempts") or 0
        st.retries += max(0, (rec.get("attempts") or 1) - 1)
        st.prompt_tokens += rec.get("prompt_tokens") or 0
        st.completion_tokens += rec.get("completion_tokens") or 0
        if rec.get("cost_usd") is None:
            st.cost_unknown += rec["status"] != "error"
        else:
            st.cost_usd += rec["cost_usd"]
        self.progress.advance(rec["status"], cost_usd=rec.get("cost_usd"))

    def _emit(self, line: str, _snap: Any) -> None:
        """A progress line for ``on_progress``, with the run's counts so far."""
        if self.on_progress is not None:
            self.stats.elapsed_s = time.perf_counter() - self.stats.started
            self.on_progress(line, self.stats.as_dict())

    # --- the spending cap ---
    def _estimate(self, item: WorkItem) -> float | None:
        """Estimated USD of calling ``item`` (None: cannot be priced)."""
        from f1bench_pipeline.generation.budget import free, worst_call_cost

        if free(self.system):
            return 0.0
        if self._priced_n:
            return self._priced_usd / self._priced_n
        return worst_call_cost(self.system, item.messages)

    async def _admit(self, item: WorkItem) -> float | None:
        """Reserve the estimated cost of calling ``item``; None when the cap stops the run."""
        st = self.stats
        if st.max_cost_usd is None:
            return 0.0
        assert self._budget is not None
        async with self._budget:
            while True:
                if st.budget_stop is not None:
                    return None
                est = self._estimate(item)
                if est is None:
                    st.budget_stop = (f"max_cost_usd ${st.max_cost_usd:.4f} is set but a call of {self.system.model} "
                                      "cannot be priced (not in litellm's cost map): set input_cost_per_token / "
                                      "output_cost_per_token in the registry")
                elif st.spent_usd + self._reserved + est <= st.max_cost_usd + 1e-12:
                    self._reserved += est
                    self._in_flight += 1
                    return est
                elif self._in_flight == 0:
                    st.budget_stop = (f"spending cap reached: ${st.spent_usd:.4f} spent of max_cost_usd "
                                      f"${st.max_cost_usd:.4f}, and the next call (estimated ${est:.4f}) would pass it")
                else:
                    await self._budget.wait()  # a call in flight ends: spent and the estimate are then known better
                    continue
                self._budget.notify_all()
                return None

    async def _release(self, est: float, rec: dict[str, Any]) -> None:
        st = self.stats
        cost = rec.get("cost_usd")
        if cost is None and rec["status"] != "error":
            cost = est  # answered but not priced: count what it was expected to cost
        if st.max_cost_usd is None or self._budget is None:
            st.spent_usd += cost or 0.0
            return
        async with self._budget:
            self._in_flight -= 1
            self._reserved = self._reserved - est if self._in_flight else 0.0
            st.spent_usd += cost or 0.0
            self._budget.notify_all()

    def _not_called(self, item: WorkItem) -> dict[str, Any]:
        return self._record(item, BUDGET_EXHAUSTED, cost_usd=0.0,
                            error=f"not called: {self.stats.budget_stop}; raise the cap and rerun to answer it")

    def _backoff(self, retry_number: int, retry_after: float | None) -> float:
        s = self.system
        if retry_after is not None:
            wait = min(retry_after, s.retry_after_max_s)
            return wait + self._rng.uniform(0, min(1.0, 0.1 * wait + 0.05))
        d = min(s.backoff_max_s, s.backoff_base_s * (2 ** (retry_number - 1)))
        return d / 2 + self._rng.uniform(0, d / 2)

    # --- one call ---
    def _record(self, item: WorkItem, status: str, *, text: str = "", finish_reason: str | None = None,
                prompt_tokens: int | None = None, completion_tokens: int | None = None,
                reasoning_tokens: int | None = None, cost_usd: float | None = None, latency_s: float = 0.0,
                attempts: int = 0, error: str | None = None, notes: list[str] | None = None,
                response_model: str | None = None) -> dict[str, Any]:
        return {
            "cache_key": item.cache_key, "model_string": self.system.model, "status": status, "text": text,
            "finish_reason": finish_reason, "prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
            "reasoning_tokens": reasoning_tokens, "cost_usd": cost_usd, "latency_s": round(latency_s, 4),
            "attempts": attempts, "error": error, "adaptations": notes or [], "response_model": response_model,
            "created_at": _now_iso(),
        }

    async def call(self, litellm: Any, item: WorkItem) -> dict[str, Any]:
        s = self.system
        attempts = adaptations = 0
        params, notes = self.params, list(self.param_notes)
        while True:
            attempts += 1
            await self.limiter.acquire()
            kwargs: dict[str, Any] = {"model": s.model, "messages": item.messages, "timeout": s.timeout_s,
                                      **self.options, **params, **self.connection}
            if item.metadata is not None:
                kwargs["metadata"] = item.metadata
            t0 = time.perf_counter()
            try:
                resp = await asyncio.wait_for(litellm.acompletion(**kwargs), s.timeout_s + 15)
                try:
                    choice = resp.choices[0]
                    message = choice.message
                    text = _content_text(message.content)
                    finish = choice.finish_reason
                    refusal = getattr(message, "refusal", None)
                except (AttributeError, IndexError, KeyError, TypeError) as exc:
                    raise MalformedResponse(f"response without a readable first choice: {exc}") from None
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - every failure is classified, none is fatal
                latency = time.perf_counter() - t0
                f = classify_exception(exc)
                detail = sanitize(f"{f.kind}" + (f" (HTTP {f.http_status})" if f.http_status else "") + f": {exc}",
                                  self.secrets)
                if f.status == "content_filtered":  # the provider's answer: final, cached like any other
                    rec = self._record(item, "content_filtered", finish_reason="content_filter", latency_s=latency,
                                       attempts=attempts, error=detail, notes=notes, cost_usd=0.0)
                    self.cache.put(item.cache_key, rec)
                    return rec
                if f.adapt_params and adaptations < MAX_ADAPTATIONS:
                    if self.params is not params:
                        # Another call already learned a fix while this one was in flight: use it.
                        params, notes = self.params, list(self.param_notes)
                        adaptations += 1
                        continue
                    adapted = adapt_params(params, exc, self.supported)
                    if adapted is not None:
                        params, note = adapted
                        adaptations += 1
                        notes.append(note)
                        self.params, self.param_notes = params, list(notes)  # later calls start from here
                        self.stats.adaptations.append(note)
                        log.warning("%s: provider rejected a parameter; calling again with %s", s.name, note)
                        continue
                retry_number = attempts - adaptations
                if f.retryable and retry_number < s.max_attempts:
                    delay = self._backoff(retry_number, f.retry_after_s)
                    if f.http_status == 429 or f.retry_after_s is not None:
                        self.limiter.pause(delay)
                    await asyncio.sleep(delay)
                    continue
                return self._record(item, "error", latency_s=latency, attempts=attempts, error=detail, notes=notes)
            latency = time.perf_counter() - t0
            status = classify_response(text, finish, refusal)
            usage = getattr(resp, "usage", None)
            details = getattr(usage, "completion_tokens_details", None)
            prompt_tokens = getattr(usage, "prompt_tokens", None)
            completion_tokens = getattr(usage, "completion_tokens", None)
            cost = self._cost(resp, prompt_tokens, completion_tokens)
            rec = self._record(
                item, status, text=text, finish_reason=finish, prompt_tokens=prompt_tokens,
                completion_tokens=completion_tokens, reasoning_tokens=getattr(details, "reasoning_tokens", None),
                cost_usd=cost, latency_s=latency, attempts=attempts, notes=notes,
                response_model=getattr(resp, "model", None),
                error=sanitize(refusal, self.secrets) if refusal else None)
            self.cache.put(item.cache_key, rec)
            return rec

    def _cost(self, resp: Any, prompt_tokens: int | None, completion_tokens: int | None) -> float | None:
        s = self.system
        if s.offline:
            return 0.0
        if s.input_cost_per_token is not None or s.output_cost_per_token is not None:
            return ((prompt_tokens or 0) * (s.input_cost_per_token or 0.0)
                    + (completion_tokens or 0) * (s.output_cost_per_token or 0.0))
        hidden = getattr(resp, "_hidden_params", None) or {}
        cost = hidden.get("response_cost") if isinstance(hidden, dict) else getattr(hidden, "response_cost", None)
        return float(cost) if cost is not None else None

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
            from f1bench_pipeline.generation.llm import call_options, get_litellm, supported_params, unsupported_params

            litellm = get_litellm()
            s = self.system
            if not s.offline:
                self.connection = s.connection_kwargs()  # the key, from the environment, now
                self.secrets = s.secret_values()
            self.options = call_options(s)
            self.supported = supported_params(s)
            if self.options.get("drop_params"):
                self.params = {**self.params, "drop_params": True}  # what adapt_params sees is what is sent
                dropped = unsupported_params(s, self.params)
                if dropped:
                    # litellm's mapping leaves these out of every call; say so in the run and its records.
                    note = f"litellm drops {', '.join(dropped)} (not supported by {s.model})"
                    self.param_notes.append(note)
                    self.stats.adaptations.append(note)
                    log.info("%s: %s", s.name, note)
            self._budget = asyncio.Condition()
            self.progress.begin()  # after litellm's import (seconds): the rate measures the calls

            async def worker() -> None:
                while True:
                    try:
                        i = pending.get_nowait()
                    except asyncio.QueueEmpty:
                        return
                    item = self.items[i]
                    est = await self._admit(item)
                    rec = self._not_called(item) if est is None else await self.call(litellm, item)
                    rec["from_cache"] = False
                    results[i] = rec
                    self._account(rec, from_cache=False)
                    if est is not None:
                        await self._release(est, rec)

            async def heartbeat() -> None:
                while True:
                    await asyncio.sleep(min(1.0, self.progress_every_s))
                    self.progress.tick()

            n_workers = min(self.system.concurrency, pending.qsize())
            n_procs = offline_workers()
            parallel = (s.offline and n_procs > 1 and pending.qsize() >= OFFLINE_PARALLEL_MIN
                        and not self.limiter.interval)
            beat = asyncio.create_task(heartbeat())
            try:
                if parallel:  # CPU-bound template calls: litellm's per-call CPU on every core
                    left = await self._run_offline_parallel([pending.get_nowait() for _ in range(pending.qsize())],
                                                            results, n_procs)
                    for i in left:
                        pending.put_nowait(i)
                    n_workers = min(n_workers, len(left))
                if not parallel or n_workers:
                    await asyncio.gather(*(worker() for _ in range(n_workers)))
            finally:
                beat.cancel()
                await _close_clients(litellm)
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


    async def _run_offline_parallel(self, pending: list[int], results: list[dict[str, Any] | None],
                                    n_procs: int) -> list[int]:
        """Offline (``f1bench/``) calls in worker processes: chunks of ``OFFLINE_CHUNK`` items,
        each answered in a worker exactly as :meth:`call` answers it in this process (through
        ``litellm.acompletion``, cached there the moment it returns), accounted here as the
        chunks come back. Offline systems cost nothing and have no rate limit, so the spending
        cap and the limiter have nothing to hold back. Returns the items left unanswered when
        the pool broke (none otherwise): the caller answers them in this process."""
        loop = asyncio.get_running_loop()
        pool = _offline_pool(n_procs)
        setup = (self.system, self.cache, self.params, self.param_notes, self.options, self.supported)

        async def one(chunk: list[int]) -> None:
            recs, learned = await loop.run_in_executor(pool, _offline_chunk, setup, [self.items[i] for i in chunk])
            for i, rec in zip(chunk, recs, strict=True):
                rec["from_cache"] = False
                results[i] = rec
                self._account(rec, from_cache=False)
                self.stats.spent_usd += rec.get("cost_usd") or 0.0
            for note in learned:
                if note not in self.stats.adaptations:
                    self.stats.adaptations.append(note)

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
                        self.system.name, exc)
            return [i for i in pending if results[i] is None]
        return []


# --- offline calls in worker processes ---------------------------------------------------------
# litellm costs ~5 ms of CPU per call, under the GIL: one process answers the offline templates
# on one core. A large offline run (OFFLINE_PARALLEL_MIN pending calls or more) is split into
# chunks answered by a pool of worker processes (``spawn``: no thread or lock of this process is
# inherited), kept for the life of the process so litellm is imported once per worker.
OFFLINE_WORKERS_ENV = "F1BENCH_OFFLINE_WORKERS"  # processes for offline calls (1: this process only)
OFFLINE_PARALLEL_MIN = 2000  # fewer pending offline calls run in this process (a pool costs ~2-3 s to start)
OFFLINE_CHUNK = 500          # items per task sent to a worker
_POOL = KeptPool()  # litellm imported once per worker, for the life of the process


def offline_workers() -> int:
    """Worker processes for offline calls: ``$F1BENCH_OFFLINE_WORKERS``, else the usable CPUs (at most 8)."""
    return worker_count(OFFLINE_WORKERS_ENV, cap=8)


def _offline_pool(n: int) -> ProcessPoolExecutor:
    return _POOL.get(n)


def _drop_offline_pool() -> None:
    _POOL.drop()


def _offline_chunk(setup: tuple, items: list[WorkItem]) -> tuple[list[dict[str, Any]], list[str]]:
    """In a worker process: answer ``items`` as :meth:`_Run.call` does (cache writes included);
    returns (records in item order, adaptations learned here)."""
    from f1bench_pipeline.generation.llm import get_litellm

    system, cache, params, notes, options, supported = setup
    litellm = get_litellm()
    run = _Run(system, items, cache, on_progress=lambda _line, _stats: None, progress_every_s=3600.0)
    run.params, run.param_notes, run.options, run.supported = params, list(notes), options, supported

    async def answer() -> list[dict[str, Any]]:
        try:
            return [await run.call(litellm, it) for it in items]
        finally:
            await _close_clients(litellm)

    return asyncio.run(answer()), list(run.stats.adaptations)


async def _close_clients(litellm: Any) -> None:
    """Close litellm's cached async HTTP clients: they are bound to this event loop."""
    try:
        await litellm.close_litellm_async_clients()
    except Exception:  # noqa: BLE001 - best effort
        pass
    cache = getattr(litellm, "in_memory_llm_clients_cache", None)
    if cache is not None and hasattr(cache, "flush_cache"):
        try:
            cache.flush_cache()
        except Exception:  # noqa: BLE001
            pass


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
