"""Whether and when a failed call is made again: exponential backoff with equal jitter.

A retryable failure (429 / 5xx / timeout / connection error / malformed response:
``classify.classify_exception``) is retried up to ``system.max_attempts`` attempts. The wait
doubles from ``backoff_base_s`` up to ``backoff_max_s``, half of it random (equal jitter, so
workers that failed together do not retry together); a provider's ``Retry-After`` replaces it
(capped at ``retry_after_max_s``, with a little jitter) and pauses every worker of the system.
"""

from __future__ import annotations

import asyncio
import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from f1bench_pipeline.generation.classify import Failure
    from f1bench_pipeline.generation.ratelimit import RateLimiter
    from f1bench_pipeline.generation.registry import System


def backoff_delay(system: System, retry_number: int, retry_after: float | None, rng: random.Random) -> float:
    """Seconds to wait before retry ``retry_number`` (1 for the first)."""
    if retry_after is not None:
        wait = min(retry_after, system.retry_after_max_s)
        return wait + rng.uniform(0, min(1.0, 0.1 * wait + 0.05))
    d = min(system.backoff_max_s, system.backoff_base_s * (2 ** (retry_number - 1)))
    return d / 2 + rng.uniform(0, d / 2)


async def wait_to_retry(system: System, failure: Failure, retry_number: int, limiter: RateLimiter,
                        rng: random.Random) -> bool:
    """Wait out the backoff before retry ``retry_number``; False (at once) when the failure is
    final or the attempts are used up."""
    if not (failure.retryable and retry_number < system.max_attempts):
        return False
    delay = backoff_delay(system, retry_number, failure.retry_after_s, rng)
    if failure.http_status == 429 or failure.retry_after_s is not None:
        limiter.pause(delay)  # the provider limits the key: every worker waits, not only this one
    await asyncio.sleep(delay)
    return True
