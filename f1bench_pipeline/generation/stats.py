"""The counts of one run of the engine (``RunStats``): calls, requests, tokens, cost, statuses.

``run_generations`` returns them with the records; ``as_dict`` is what progress callbacks,
Dagster metadata and the CLI's summaries show.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from f1bench_pipeline.generation.cache import BUDGET_EXHAUSTED


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

    def count(self, rec: dict[str, Any], from_cache: bool) -> None:
        """One item's record: from the cache, not called (the cap), or answered by a call."""
        self.statuses[rec["status"]] += 1
        if from_cache:
            self.cache_hits += 1
            self.spent_usd += rec.get("cost_usd") or 0.0  # a cached answer counts against the cap
            return
        if rec["status"] == BUDGET_EXHAUSTED:
            return
        self.calls += 1
        self.requests += rec.get("attempts") or 0
        self.retries += max(0, (rec.get("attempts") or 1) - 1)
        self.prompt_tokens += rec.get("prompt_tokens") or 0
        self.completion_tokens += rec.get("completion_tokens") or 0
        if rec.get("cost_usd") is None:
            self.cost_unknown += rec["status"] != "error"
        else:
            self.cost_usd += rec["cost_usd"]

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
