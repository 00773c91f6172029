"""When a call may start: requests spaced to a system's ``rpm``, and a provider's cool-down.

One :class:`RateLimiter` serves every worker of a run (and of a worker process answering
offline templates): a 429's ``Retry-After`` (``retry.wait_to_retry``) pauses them all, not only
the call that got it, since the provider limits the key, not the connection.
"""

from __future__ import annotations

import asyncio
import time


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
