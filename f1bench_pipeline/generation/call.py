"""One call of one work item: the request, its retries and parameter adaptations, its record.

:class:`Caller` answers a :class:`WorkItem` through ``litellm.acompletion`` (passed in: this
module does not import litellm) and returns the item's record, written to the cache the
moment a final answer (ok, truncated, content_filtered, refused) returns. A failure is
classified (``classify``): a rejected parameter is translated or dropped and the call made
again (the adaptation then applies to every later call of the caller), a retryable one waits
(``retry``) and tries again, anything else becomes an ``error`` record (sanitized message),
never cached. The record's cost is the registry's prices when set, else litellm's
``response_cost``.

A run's workers share one caller; a worker process answering offline templates builds its
own from the run's :meth:`Caller.setup`.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from f1bench_pipeline.generation.budget import call_cost
from f1bench_pipeline.generation.cache import DiskCache
from f1bench_pipeline.generation.classify import adapt_params, classify_exception, classify_response
from f1bench_pipeline.generation.ratelimit import RateLimiter
from f1bench_pipeline.generation.registry import System
from f1bench_pipeline.generation.retry import wait_to_retry
from f1bench_pipeline.generation.sanitize import sanitize

log = logging.getLogger(__name__)
MAX_ADAPTATIONS = 3  # parameter fixes tried for one call before its rejection is an error


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


def response_cost(system: System, resp: Any, prompt_tokens: int | None, completion_tokens: int | None) -> float | None:
    """USD of a call that returned ``resp``: the registry's prices when set (0 offline), else
    litellm's ``response_cost`` (None: litellm could not price it)."""
    if system.offline or system.input_cost_per_token is not None or system.output_cost_per_token is not None:
        return call_cost(system, prompt_tokens or 0, completion_tokens or 0)[0]
    hidden = getattr(resp, "_hidden_params", None) or {}
    cost = hidden.get("response_cost") if isinstance(hidden, dict) else getattr(hidden, "response_cost", None)
    return float(cost) if cost is not None else None


class Caller:
    """Calls ``system`` for one item at a time, with the parameters learned so far.

    ``learned`` receives each adaptation as it is learned (a run passes its stats' list)."""

    def __init__(self, system: System, cache: DiskCache, learned: list[str] | None = None):
        self.system = system
        self.cache = cache
        self.learned: list[str] = [] if learned is None else learned
        self.limiter = RateLimiter(system.rpm)
        self.params: dict[str, Any] = dict(system.params)  # replaced by an adapted copy as rejections are learned
        self.param_notes: list[str] = []  # the adaptations self.params carries
        self.options: dict[str, Any] = {}  # litellm settings for every call (llm.call_options)
        self.supported: list[str] | None = None  # litellm's parameter mapping for the model
        self.connection: dict[str, Any] = {}  # api_base / api_key: resolved when the calls start
        self.secrets = system.secret_values()
        self._rng = random.Random()

    def prepare(self) -> None:
        """The calls are about to start: read the key (a fully cached rerun needs none) and
        litellm's settings and parameter mapping for the model."""
        from f1bench_pipeline.generation.llm import call_options, supported_params, unsupported_params

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
                self.learned.append(note)
                log.info("%s: %s", s.name, note)

    def setup(self) -> tuple:
        """What a worker process needs to call as this caller does (picklable: see ``from_setup``)."""
        return (self.system, self.cache, self.params, self.param_notes, self.options, self.supported)

    @classmethod
    def from_setup(cls, setup: tuple) -> Caller:
        system, cache, params, notes, options, supported = setup
        caller = cls(system, cache)
        caller.params, caller.param_notes, caller.options, caller.supported = params, list(notes), options, supported
        return caller

    def record(self, item: WorkItem, status: str, *, text: str = "", finish_reason: str | None = None,
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
                    rec = self.record(item, "content_filtered", finish_reason="content_filter", latency_s=latency,
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
                        self.learned.append(note)
                        log.warning("%s: provider rejected a parameter; calling again with %s", s.name, note)
                        continue
                if await wait_to_retry(s, f, attempts - adaptations, self.limiter, self._rng):
                    continue
                return self.record(item, "error", latency_s=latency, attempts=attempts, error=detail, notes=notes)
            latency = time.perf_counter() - t0
            status = classify_response(text, finish, refusal)
            usage = getattr(resp, "usage", None)
            details = getattr(usage, "completion_tokens_details", None)
            prompt_tokens = getattr(usage, "prompt_tokens", None)
            completion_tokens = getattr(usage, "completion_tokens", None)
            rec = self.record(
                item, status, text=text, finish_reason=finish, prompt_tokens=prompt_tokens,
                completion_tokens=completion_tokens, reasoning_tokens=getattr(details, "reasoning_tokens", None),
                cost_usd=response_cost(s, resp, prompt_tokens, completion_tokens), latency_s=latency,
                attempts=attempts, notes=notes, response_model=getattr(resp, "model", None),
                error=sanitize(refusal, self.secrets) if refusal else None)
            self.cache.put(item.cache_key, rec)
            return rec
