"""How many worker processes a parallel stage uses: one rule for every stage.

Each stage (ingest loaders, season derivation, offline generation, scoring) reads its own
``F1BENCH_<STAGE>_WORKERS`` variable when it starts, so a run can be made serial (``1``) or
wider without touching the others; unset, it uses the CPUs this process may run on, capped.
"""

from __future__ import annotations

import os


def usable_cpus() -> int:
    """CPUs this process may run on (its affinity mask where the OS has one)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def worker_count(env: str, cap: int) -> int:
    """``$env`` as a whole number of processes (at least 1), else the usable CPUs up to ``cap``.

    A value that is not a whole number is an error naming the variable."""
    raw = os.environ.get(env, "").strip()
    if raw:
        try:
            return max(1, int(raw))
        except ValueError:
            raise ValueError(f"{env}={raw!r}: expected a whole number of processes") from None
    return max(1, min(cap, usable_cpus()))
