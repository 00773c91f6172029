"""Runs whose process died are failed, and their pool slots freed, when a CLI command opens the instance.

A CLI run executes in the command's own process (``execute.Runs.run``). When that process is
killed (SIGKILL, the OOM killer, a power loss), the run stays ``STARTED`` for ever and keeps the
``model_providers`` pool slots its steps held: every later run that needs the pool waits without
end. Dagster's run monitoring frees such runs from a daemon; a CLI-only deployment has none. So
every CLI run carries where it runs (``process_tags``: host, boot, pid and the process's start
time, so a reused pid or a reboot is not mistaken for the same process), and
``heal_dead_runs`` -- called by ``instance.open_instance``, i.e. by every f1bench command that
opens the instance -- fails each ``STARTING``/``STARTED``/``CANCELING`` run of this host whose
process is gone (``report_run_failed``, as run monitoring does) and frees the concurrency slots of
every finished run that still holds some. A run of another host, or of a live process, is never
touched; a run without these tags (launched by ``dagster`` itself) is left to Dagster.
``cancel_unstarted_runs`` cancels the ``NOT_STARTED`` runs of a process that is gone (created,
then the command was interrupted before executing them).
"""

from __future__ import annotations

import os
import socket
from pathlib import Path

HOST_TAG, BOOT_TAG, PID_TAG, START_TAG = "f1bench/host", "f1bench/boot", "f1bench/pid", "f1bench/process_start"
#: the f1bench command whose runs these are ("f1bench build"): a tag a UI user can filter on (set by the CLI)
COMMAND_TAG = "f1bench/command"
launched_by = ""


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


def process_tags() -> dict[str, str]:
    """Tags naming this process (and the command it runs), for every run it executes."""
    pid = os.getpid()
    tags = {HOST_TAG: socket.gethostname(), BOOT_TAG: _boot_id(), PID_TAG: str(pid), START_TAG: process_start(pid)}
    return tags | command_tags()


def command_tags() -> dict[str, str]:
    """The f1bench command a run belongs to (a run it launches through the queue carries only this:
    its own process is Dagster's, and Dagster's run monitoring watches it)."""
    return {COMMAND_TAG: launched_by} if launched_by else {}


#: the command that queued a run (host, boot, pid, process start): a run still queued when it is gone is cancelled
SUBMITTER_TAG = "f1bench/queued_by"


def submitter_tag() -> dict[str, str]:
    """This process as the command that queued a run (``SUBMITTER_TAG``)."""
    pid = os.getpid()
    return {SUBMITTER_TAG: ":".join((socket.gethostname(), _boot_id(), str(pid), process_start(pid)))}


def _submitter_alive(value: str) -> bool:
    host, boot, pid, start = (value.split(":") + ["", "", "", ""])[:4]
    if host != socket.gethostname():
        return True  # another machine's command: not ours to judge
    return process_alive({BOOT_TAG: boot, PID_TAG: pid, START_TAG: start})


#: how many runs a command launched side by side with this one (the pools inside it divide the CPUs)
RUN_SHARE_TAG = "f1bench/run_share"


def enter_run_process(instance, run, steps_here: bool) -> None:  # noqa: ANN001 - Dagster objects
    """In the process executing ``run`` (its warehouse resource being set up): divide the worker
    pools among the runs launched with it, and tag a run the queue launched (no process tags yet)
    with this process when ``steps_here`` (the in-process executor: the run lives and dies with
    it), so ``heal_dead_runs`` fails it should this process be killed."""
    from f1bench_pipeline.workers import set_run_share

    if run is None:
        return
    set_run_share(int(run.tags.get(RUN_SHARE_TAG, "1") or 1))
    if steps_here and PID_TAG not in run.tags and instance is not None and not instance.is_ephemeral:
        pid = os.getpid()
        instance.add_run_tags(run.run_id, {HOST_TAG: socket.gethostname(), BOOT_TAG: _boot_id(), PID_TAG: str(pid),
                                           START_TAG: process_start(pid)})


def process_alive(tags: dict[str, str]) -> bool:
    """Is the process these tags name still running (on this host)?"""
    if tags.get(BOOT_TAG, "") != _boot_id():
        return False  # a reboot since: every process of the run's boot is gone
    try:
        pid = int(tags.get(PID_TAG, ""))
    except ValueError:
        return True  # not ours to judge
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # alive, another user's
    start = tags.get(START_TAG, "")
    return not start or process_start(pid) in ("", start)


def heal_dead_runs(instance) -> list[str]:  # noqa: ANN001 - a DagsterInstance (no Dagster import at module level)
    """Fail this host's runs whose process is gone, cancel runs still queued by a command that is
    gone, and free slots finished runs still hold; returns the ids of the runs failed or cancelled."""
    from dagster import DagsterRunStatus, RunsFilter
    from dagster._core.storage.dagster_run import FINISHED_STATUSES

    failed: list[str] = []
    live = [DagsterRunStatus.STARTING, DagsterRunStatus.STARTED, DagsterRunStatus.CANCELING]
    for record in instance.get_run_records(RunsFilter(statuses=live, tags={HOST_TAG: socket.gethostname()})):
        run = record.dagster_run
        if process_alive(run.tags):
            continue
        instance.report_run_failed(run, f"the process that ran it (pid {run.tags.get(PID_TAG)} on "
                                        f"{run.tags.get(HOST_TAG)}) is gone: killed, out of memory or a power loss; "
                                        "failed by the next f1bench command (rerun to continue where it stopped)")
        failed.append(run.run_id)
    # runs still queued by a command that is gone (killed before it could cancel them): nobody
    # waits on them, and a later daemon would launch them unasked
    for record in instance.get_run_records(RunsFilter(statuses=[DagsterRunStatus.QUEUED])):
        run = record.dagster_run
        submitter = run.tags.get(SUBMITTER_TAG)
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
    not_started = RunsFilter(statuses=[DagsterRunStatus.NOT_STARTED], tags={HOST_TAG: socket.gethostname()})
    for record in instance.get_run_records(not_started):
        run = record.dagster_run
        if process_alive(run.tags):
            continue  # its command may still start it
        instance.report_run_canceled(run, f"never started: the command that created it (pid {run.tags.get(PID_TAG)}) "
                                          "stopped first; canceled by the next f1bench command")
        canceled.append(run.run_id)
    return canceled
