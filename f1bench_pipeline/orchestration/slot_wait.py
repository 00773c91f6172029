"""Say what a CLI command's run waits for, and which run holds it.

A queued run waits while another run calls the same model provider (one run per provider tag,
dagster.yaml; orchestration/provider_limits.py), and a step in a concurrency pool (``local_training``)
waits while another run holds the slot -- a UI launch, another f1bench command, a run whose
process died. Dagster shows that only in the UI; a CLI command would sit silent. While it waits
on runs, :class:`SlotWaitReporter` looks every :data:`CHECK_SECONDS` and reports one line per
waiting run or step naming what it waits for and the runs holding it (job, the f1bench command
that launched it, since when), again only when the holders change.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from f1bench_pipeline.orchestration.provider_limits import LIMITED_TAGS
from f1bench_pipeline.orchestration.heal import COMMAND_TAG, PID, run_record

CHECK_SECONDS = 2.0  # how often a running command looks at the pools


def waiting_lines(instance: Any, pid: int, seen: dict[tuple[str, str, str], frozenset[str]],
                  run_ids: set[str] | None = None) -> list[str]:
    """One line per step of ``pid``'s runs (or of ``run_ids``: runs this process waits on) waiting for a slot whose holders changed since ``seen``
    (updated in place): ``step X waits for a slot of pool P (n of n taken), held by run R (...)``."""
    storage = instance.event_log_storage
    if not storage.supports_global_concurrency_limits:
        return []
    lines: list[str] = []
    runs: dict[str, Any] = {}

    def run_of(run_id: str) -> Any:  # the run's record (its run and start time), or None
        if run_id not in runs:
            runs[run_id] = instance.get_run_record_by_id(run_id)
        return runs[run_id]

    for pool in sorted(storage.get_concurrency_keys()):
        info = storage.get_concurrency_info(pool)
        if info.slot_count is None or len(info.claimed_slots) < info.slot_count:
            continue  # a free slot: a pending step is about to get it, nobody keeps it waiting
        mine = [p for p in info.pending_steps if p.assigned_timestamp is None and (
                p.run_id in run_ids if run_ids is not None else
                run_record(instance, p.run_id).get(PID) == str(pid))]
        if not mine:
            continue
        holders = frozenset(s.run_id for s in info.claimed_slots)
        for p in mine:
            key = (pool, p.run_id, p.step_key)
            if seen.get(key) == holders:
                continue
            seen[key] = holders
            held = "; ".join(_holder(run_of(h), h, COMMAND_TAG) for h in sorted(holders))
            lines.append(f"step {p.step_key} waits for a slot of pool {pool} ({len(info.claimed_slots)} of "
                         f"{info.slot_count} taken), held by {held}")
    return lines


def queue_lines(instance: Any, run_ids: set[str], seen: dict[tuple[str, str, str], frozenset[str]]) -> list[str]:
    """One line per queued run of ``run_ids`` kept in the queue by a run calling the same provider
    (its limited tags), when the holders changed since ``seen`` (updated in place)."""
    from dagster import DagsterRunStatus, RunsFilter

    lines: list[str] = []
    in_progress = [DagsterRunStatus.STARTING, DagsterRunStatus.STARTED, DagsterRunStatus.CANCELING]
    for record in instance.get_run_records(RunsFilter(run_ids=list(run_ids), statuses=[DagsterRunStatus.QUEUED])):
        run = record.dagster_run
        for tag in LIMITED_TAGS:
            value = run.tags.get(tag)
            if not value:
                continue
            holders = [r for r in instance.get_run_records(RunsFilter(statuses=in_progress, tags={tag: value}))
                       if r.dagster_run.run_id != run.run_id]
            key = (tag, run.run_id, value)
            ids = frozenset(r.dagster_run.run_id for r in holders)
            if not holders or seen.get(key) == ids:
                continue
            seen[key] = ids
            held = "; ".join(_holder(r, r.dagster_run.run_id, COMMAND_TAG) for r in holders)
            lines.append(f"run {run.run_id[:8]} waits in the queue: one run at a time calls {value} "
                         f"({tag}), in use by {held}")
    return lines


def _holder(record: Any, run_id: str, command_tag: str) -> str:
    if record is None:
        return f"run {run_id[:8]} (not on this instance)"
    run = record.dagster_run
    started = ""
    if record.start_time:
        started = ", since " + datetime.fromtimestamp(record.start_time, UTC).strftime("%H:%M:%S UTC")
    by = run.tags.get(command_tag) or "launched from Dagster"
    return f"run {run_id[:8]} ({run.job_name}, {by}, {run.status.value}{started})"


class SlotWaitReporter:
    """A thread reporting, through ``report``, the pool waits of this process's runs, or of the
    queued runs ``run_ids`` it waits on (a context manager)."""

    def __init__(self, instance: Any, report: Callable[[str], None], every: float = CHECK_SECONDS,
                 run_ids: set[str] | None = None):
        self._instance, self._report, self._every, self._run_ids = instance, report, every, run_ids
        self._stop = threading.Event()
        self._seen: dict[tuple[str, str, str], frozenset[str]] = {}
        self._thread = threading.Thread(target=self._loop, name="f1bench-slot-wait", daemon=True)

    def __enter__(self) -> SlotWaitReporter:
        if not self._instance.is_ephemeral:  # an in-memory instance: no other run can hold a slot
            self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=self._every + 5)

    def _loop(self) -> None:
        pid = os.getpid()
        while not self._stop.wait(self._every):
            try:
                for line in waiting_lines(self._instance, pid, self._seen, self._run_ids):
                    self._report(line)
                if self._run_ids:
                    for line in queue_lines(self._instance, self._run_ids, self._seen):
                        self._report(line)
            except Exception:  # noqa: BLE001 - a report must never break the run it watches
                pass
