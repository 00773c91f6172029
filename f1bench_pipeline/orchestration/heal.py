"""Runs whose process died are failed, and their pool slots freed, when a CLI command opens the instance.

A CLI run executes in the command's own process (``execute.Runs.run``). When that process is
killed (SIGKILL, the OOM killer, a power loss), the run stays ``STARTED`` for ever and keeps the
``model_providers`` pool slots its steps held: every later run that needs the pool waits without
end. Dagster's run monitoring frees such runs from a daemon; a CLI-only deployment has none. So
every CLI run records where it runs (host, boot, pid and the process's start time, so a reused
pid or a reboot is not mistaken for the same process), and ``heal_dead_runs`` -- called by
``instance.open_instance``, i.e. by every f1bench command that opens the instance -- fails each
``STARTING``/``STARTED``/``CANCELING`` run of this host whose process is gone
(``report_run_failed``, as run monitoring does) and frees the concurrency slots of every finished
run that still holds some. A run of another host, or of a live process, is never touched; a run
without such a record (launched by ``dagster`` itself) is left to Dagster.
``cancel_unstarted_runs`` cancels the ``NOT_STARTED`` runs of a process that is gone (created,
then the command was interrupted before executing them).

Where it is recorded. Not in run tags: the UI shows every tag on every run, and a user filters
runs by what the command was, which system and which warehouse, never by a pid. A run's record
(:func:`run_record`: the process running it, the command that queued it, the run share) is one
JSON value in the instance's key-value storage (the table Dagster's daemons keep their cursors
in), under ``f1bench/run/<run id>``: written by the command before it submits the run and by the
run's process when it starts, read here.
"""

from __future__ import annotations

import json
import os
import socket
from pathlib import Path
from typing import Any

#: the fields of a process in a run's record (:func:`run_record`)
HOST, BOOT, PID, START = "host", "boot", "pid", "process_start"
#: the f1bench command whose runs these are ("f1bench build"): a tag a UI user can filter on (set by the CLI)
COMMAND_TAG = "f1bench/command"
launched_by = ""
RECORD_PREFIX = "f1bench/run/"


def run_records(instance: Any, run_ids: list[str]) -> dict[str, dict[str, str]]:
    """{run id: its record} (module doc) of those of ``run_ids`` that have one."""
    if not run_ids:
        return {}
    raw = instance.run_storage.get_cursor_values({RECORD_PREFIX + r for r in run_ids})
    return {k[len(RECORD_PREFIX):]: json.loads(v) for k, v in raw.items() if v}


def run_record(instance: Any, run_id: str) -> dict[str, str]:
    """The record of one run (empty when it has none): ``host``, ``boot``, ``pid``,
    ``process_start`` of the process running it, ``queued_by``, ``run_share``."""
    return run_records(instance, [run_id]).get(run_id, {})


def record_run(instance: Any, run_id: str, values: dict[str, str]) -> None:
    """Add ``values`` to the run's record (only the run's own command and process write it)."""
    instance.run_storage.set_cursor_values({RECORD_PREFIX + run_id: json.dumps(run_record(instance, run_id) | values)})


def _boot_id() -> str:
    try:
        return Path("/proc/sys/kernel/random/boot_id").read_text().strip()
    except OSError:
        return ""


def process_start(pid: int) -> str:
    """The process's start time (clock ticks after boot, /proc/<pid>/stat field 22); "" where there is no /proc."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return ""
    return stat.rsplit(")", 1)[1].split()[19]  # fields after the command name: state is field 3


def _exited(pid: int) -> bool:
    """A zombie: exited, not yet reaped by its parent (a run worker whose code server never waited on
    it). ``kill(pid, 0)`` still succeeds on one, yet the run's process is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except (OSError, IndexError):
        return False


def this_process() -> dict[str, str]:
    """This process, as a run's record names the process running it."""
    pid = os.getpid()
    return {HOST: socket.gethostname(), BOOT: _boot_id(), PID: str(pid), START: process_start(pid)}


def command_tags() -> dict[str, str]:
    """The f1bench command a run belongs to (a tag: what a UI user filters on)."""
    return {COMMAND_TAG: launched_by} if launched_by else {}


#: the command that queued a run (host:boot:pid:process start): a run still queued when it is gone is cancelled
QUEUED_BY = "queued_by"


def submitter() -> dict[str, str]:
    """This process as the command that queued a run (``QUEUED_BY`` in its record)."""
    p = this_process()
    return {QUEUED_BY: ":".join((p[HOST], p[BOOT], p[PID], p[START]))}


def _submitter_alive(value: str) -> bool:
    host, boot, pid, start = (value.split(":") + ["", "", "", ""])[:4]
    if host != socket.gethostname():
        return True  # another machine's command: not ours to judge
    return process_alive({BOOT: boot, PID: pid, START: start})


#: how many runs a command launched side by side with this one (the pools inside it divide the CPUs)
RUN_SHARE = "run_share"


def enter_run_process(instance, run, steps_here: bool) -> None:  # noqa: ANN001 - Dagster objects
    """In the process executing ``run`` (its warehouse resource being set up): divide the worker
    pools among the runs launched with it, and record this process as the run's when ``steps_here``
    (the in-process executor: the run lives and dies with it), so ``heal_dead_runs`` fails it
    should this process be killed."""
    from f1bench_pipeline.workers import set_run_share

    if run is None or instance is None:
        return
    record = run_record(instance, run.run_id)
    set_run_share(int(record.get(RUN_SHARE, "1") or 1))
    if steps_here and PID not in record and not instance.is_ephemeral:
        record_run(instance, run.run_id, this_process())


def process_alive(record: dict[str, str]) -> bool:
    """Is the process this record names still running (on this host)?"""
    if record.get(BOOT, "") != _boot_id():
        return False  # a reboot since: every process of the run's boot is gone
    try:
        pid = int(record.get(PID, ""))
    except ValueError:
        return True  # not ours to judge
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # alive, another user's
    if _exited(pid):
        return False
    start = record.get(START, "")
    return not start or process_start(pid) in ("", start)


def heal_dead_runs(instance) -> list[str]:  # noqa: ANN001 - a DagsterInstance (no Dagster import at module level)
    """Fail this host's runs whose process is gone, cancel runs still queued by a command that is
    gone, and free slots finished runs still hold; returns the ids of the runs failed or cancelled."""
    from dagster import DagsterRunStatus, RunsFilter
    from dagster._core.storage.dagster_run import FINISHED_STATUSES

    failed: list[str] = []
    live = [DagsterRunStatus.STARTING, DagsterRunStatus.STARTED, DagsterRunStatus.CANCELING]
    here = socket.gethostname()
    runs = [r.dagster_run for r in instance.get_run_records(RunsFilter(statuses=live))]
    records = run_records(instance, [r.run_id for r in runs])
    for run in runs:
        rec = records.get(run.run_id, {})
        if (PID not in rec and run.status == DagsterRunStatus.CANCELING and rec.get(QUEUED_BY)
                and not _submitter_alive(rec[QUEUED_BY])):
            # cancelled by a command that was interrupted before the run's process started: no
            # process will ever finish the cancellation (Ctrl-C during a build left such runs)
            instance.report_run_canceled(run, "canceled before its process started; the command that queued it "
                                              "is gone (finished by the next f1bench command)")
            failed.append(run.run_id)
            continue
        if rec.get(HOST) != here or PID not in rec or process_alive(rec):
            continue
        instance.report_run_failed(run, f"the process that ran it (pid {rec.get(PID)} on "
                                        f"{rec.get(HOST)}) is gone: killed, out of memory or a power loss; "
                                        "failed by the next f1bench command (rerun to continue where it stopped)")
        failed.append(run.run_id)
    # runs still queued by a command that is gone (killed before it could cancel them): nobody
    # waits on them, and a later daemon would launch them unasked
    queued = [r.dagster_run for r in instance.get_run_records(RunsFilter(statuses=[DagsterRunStatus.QUEUED]))]
    records = run_records(instance, [r.run_id for r in queued])
    for run in queued:
        submitter = records.get(run.run_id, {}).get(QUEUED_BY)
        if submitter and not _submitter_alive(submitter):
            instance.report_run_canceled(run, "the f1bench command that queued it is gone; run it again to continue")
            failed.append(run.run_id)
    storage = instance.event_log_storage
    if storage.supports_global_concurrency_limits:
        holders = storage.get_concurrency_run_ids()
        if holders:
            done = instance.get_run_records(RunsFilter(run_ids=list(holders), statuses=list(FINISHED_STATUSES)))
            for record in done:
                storage.free_concurrency_slots_for_run(record.dagster_run.run_id)
    return failed


def cancel_unstarted_runs(instance) -> list[str]:  # noqa: ANN001 - a DagsterInstance
    """Cancel this host's runs created but never started by a process that is gone (its command was
    interrupted between creating a run and executing it: the UI would show "Not started" for ever);
    returns their ids."""
    from dagster import DagsterRunStatus, RunsFilter

    canceled: list[str] = []
    runs = [r.dagster_run for r in instance.get_run_records(RunsFilter(statuses=[DagsterRunStatus.NOT_STARTED]))]
    records = run_records(instance, [r.run_id for r in runs])
    for run in runs:
        submitter = records.get(run.run_id, {}).get(QUEUED_BY)
        if not submitter or _submitter_alive(submitter):
            continue  # not ours, another host's, or its command may still start it
        instance.report_run_canceled(run, f"never started: the command that created it (pid {(submitter.split(':') + ['', '', ''])[2]}) "
                                          "stopped first; canceled by the next f1bench command")
        canceled.append(run.run_id)
    return canceled
