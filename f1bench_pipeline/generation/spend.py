"""The spending cap of one run: a call starts only if its estimated cost still fits.

The cap (``RunStats.max_cost_usd``) bounds what is counted in ``RunStats.spent_usd``: the
``spent_usd`` a run is given, its cached answers at their recorded cost, and its calls. Before
each call :meth:`SpendingCap.admit` adds the call's estimate (the mean recorded cost of this
model's answers so far; before the first one, ``budget.worst_call_cost``) to what is spent and
what is in flight. When that would pass the cap the call waits for the calls in flight; with
none left, or when a capped model cannot be priced, the cap stops the run
(``RunStats.budget_stop``) and every item not yet called is left uncalled.

What a call is estimated to cost lives in ``budget``; this module only keeps the books.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from f1bench_pipeline.generation.budget import free, worst_call_cost

if TYPE_CHECKING:
    from f1bench_pipeline.generation.call import WorkItem
    from f1bench_pipeline.generation.registry import System
    from f1bench_pipeline.generation.stats import RunStats

PRICED_STATUSES = ("ok", "truncated", "refused")  # answers whose recorded cost predicts the next call's


class SpendingCap:
    """Reserves each call's estimated cost against ``stats.max_cost_usd`` (None: no cap)."""

    def __init__(self, system: System, stats: RunStats):
        self.system = system
        self.stats = stats
        self._reserved = 0.0   # estimated cost of the calls in flight
        self._in_flight = 0
        self._priced_n = 0     # answers with a recorded cost (cached or called) ...
        self._priced_usd = 0.0  # ... and their total: the per-call estimate once there is one
        self._budget: asyncio.Condition | None = None

    def start(self) -> None:
        """The calls begin (inside the event loop the condition belongs to)."""
        self._budget = asyncio.Condition()

    def observe(self, rec: dict[str, Any]) -> None:
        """An item's record (cached or called): its cost sharpens the per-call estimate."""
        if rec["status"] in PRICED_STATUSES and rec.get("cost_usd") is not None:
            self._priced_n += 1
            self._priced_usd += rec["cost_usd"]

    def estimate(self, item: WorkItem) -> float | None:
        """Estimated USD of calling ``item`` (None: cannot be priced)."""
        if free(self.system):
            return 0.0
        if self._priced_n:
            return self._priced_usd / self._priced_n
        return worst_call_cost(self.system, item.messages)

    async def admit(self, item: WorkItem) -> float | None:
        """Reserve the estimated cost of calling ``item``; None when the cap stops the run."""
        st = self.stats
        if st.max_cost_usd is None:
            return 0.0
        assert self._budget is not None
        async with self._budget:
            while True:
                if st.budget_stop is not None:
                    return None
                est = self.estimate(item)
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

    async def release(self, est: float, rec: dict[str, Any]) -> None:
        """The call admitted at ``est`` returned ``rec``: count what it cost, free its reservation."""
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
