"""A run whose process died is failed by the next f1bench command, so the provider it held is free again (#27).

`f1bench eval` against a slow loopback server runs its `generate_and_score` run through the
instance's run queue; the run carries its provider as a tag, one run per provider at a time
(dagster.yaml). The test SIGKILLs the command and the run's own process while the run calls
(a power loss, the OOM killer). The run stays STARTED -- without the check, every later run of
that provider would wait in the queue for ever. The next `f1bench eval` of the same model fails
the dead run and completes. Real processes, a real daemon and instance on disk, nothing mocked."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time

import pytest

from f1bench_pipeline.orchestration.run_queue import claim_path
from f1bench_pipeline.settings import REPO_ROOT
from f1bench_pipeline_tests.loopback_provider import LoopbackProvider

PROVIDER_TAG = "f1bench/provider"


@pytest.fixture()
def heal_env(eval_env, monkeypatch):
    tmp_path, env = eval_env
    # this process reads the same instance (not through open_instance: that would heal it)
    monkeypatch.setenv("DAGSTER_HOME", str(REPO_ROOT))
    monkeypatch.setenv("F1BENCH_DAGSTER_STORAGE", str(tmp_path / "dagster_home"))
    return tmp_path, env


def _proc_state(pid: int) -> str:
    with open(f"/proc/{pid}/stat", encoding="utf-8") as fh:
        return fh.read().rsplit(")", 1)[1].split()[0]


def _instance():
    import dagster as dg

    return dg.DagsterInstance.get()


def _started_runs(instance) -> list:
    import dagster as dg

    return [r.dagster_run for r in instance.get_run_records(dg.RunsFilter(statuses=[dg.DagsterRunStatus.STARTED]))]


def _calling_run(instance, server) -> object | None:
    """The STARTED run tagged with ``server``'s provider whose process has recorded itself (heal.run_record)."""
    from f1bench_pipeline.orchestration.heal import PID, run_record

    for run in _started_runs(instance):
        if run.tags.get(PROVIDER_TAG, "").endswith(server.api_base.split("//")[1].split("/")[0]) and \
                PID in run_record(instance, run.run_id):
            return run
    return None


def test_a_killed_run_is_failed_and_its_provider_freed_by_the_next_command(heal_env):
    data_dir, env = heal_env
    args = [sys.executable, "-m", "f1bench_pipeline.cli", "eval", "openai/slow-model", "--limit", "6"]
    with LoopbackProvider(latency_s=5.0) as slow:
        proc = subprocess.Popen([*args, "--api-base", slow.api_base], env=env, cwd=REPO_ROOT,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        run = None
        try:
            deadline = time.monotonic() + 240
            while time.monotonic() < deadline and proc.poll() is None and run is None:
                time.sleep(0.5)
                if slow.state.requests and (data_dir / "dagster_home").exists():
                    run = _calling_run(_instance(), slow)
            assert run is not None, "the generations step never called the provider"
            # a power loss: the command, the daemon it started (its own session: the daemon, its
            # code server) and the run's own process, all at once
            daemon = json.loads(claim_path(_instance()).read_text())["pid"]
        finally:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(30)
        os.killpg(daemon, signal.SIGKILL)
        from f1bench_pipeline.orchestration.heal import PID, run_record

        worker = int(run_record(_instance(), run.run_id)[PID])  # the run's own process, launched by Dagster's daemon
        assert worker not in (proc.pid, daemon)
        with contextlib.suppress(ProcessLookupError):
            os.kill(worker, signal.SIGKILL)
    instance = _instance()
    dead = _started_runs(instance)
    assert [r.run_id for r in dead] == [run.run_id]
    assert dead[0].tags["f1bench/command"] == "f1bench eval" and dead[0].job_name == "generate_and_score"
    # what the UI shows: at most four tags of ours (command, warehouse, providers), no process identity
    ours = sorted(t for t in dead[0].tags if not t.startswith("dagster/"))
    assert len(ours) <= 4 and {"f1bench/command", "f1bench/warehouse", PROVIDER_TAG} <= set(ours), ours
    with LoopbackProvider() as fast:
        out = subprocess.run([*args, "--api-base", fast.api_base], env=env, cwd=REPO_ROOT, capture_output=True,
                             text=True, timeout=600)
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    import dagster as dg

    instance = _instance()
    assert instance.get_run_by_id(run.run_id).status == dg.DagsterRunStatus.FAILURE
    assert not _started_runs(instance)
    # failed for its dead process: by this command (heal.py, one line on stderr) or first by the
    # code server that launched it, when it outlived its daemon (Dagster's own orphan check)
    why = " ".join(e.message for e in instance.all_logs(run.run_id) if e.message)
    healed = "1 run(s) whose process had died marked failed" in out.stderr
    assert healed or "signal 9" in why or "SIGKILL" in why, (out.stderr[-1000:], why[-1500:])


def test_a_live_process_and_another_host_are_left_alone():
    from f1bench_pipeline.orchestration.heal import PID, START, process_alive, this_process

    mine = this_process()
    assert process_alive(mine)
    assert not process_alive({**mine, START: "1"})  # the pid reused by another process
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    assert not process_alive({**mine, PID: str(child.pid), START: ""})
    assert process_alive({**mine, PID: "not-a-pid"})  # no pid recorded: not ours to judge
    # a zombie (exited, not reaped: a run worker its code server never waited on) is gone too
    zombie = subprocess.Popen([sys.executable, "-c", "pass"])
    deadline = time.monotonic() + 30
    while _proc_state(zombie.pid) != "Z":
        assert time.monotonic() < deadline, "the child never exited"
        time.sleep(0.05)
    from f1bench_pipeline.orchestration.heal import process_start

    assert not process_alive({**mine, PID: str(zombie.pid), START: process_start(zombie.pid)})
    zombie.wait()
    # the command that queued a run: alive here, gone once its process is
    from f1bench_pipeline.orchestration.heal import QUEUED_BY, _submitter_alive, submitter

    queued_by = submitter()[QUEUED_BY]
    assert _submitter_alive(queued_by)
    host, boot, _pid, _start = queued_by.split(":")
    assert not _submitter_alive(f"{host}:{boot}:{child.pid}:")
    assert _submitter_alive(f"another-host:{boot}:{child.pid}:")


def test_a_run_waiting_for_its_provider_says_which_run_holds_it(heal_env):
    """A second command whose run calls the same provider (the same server) while a live run
    calls it does not sit silent: it names the provider and the holding run (job, command), then
    completes once the holder ends."""
    data_dir, env = heal_env
    # (the holder answers one instance -- three calls -- slowly enough for the second command to
    # start and queue its run, on a loaded machine too: the second eval now imports litellm for its
    # provider check before it queues, ~4 s more; 12 s per call was seen too short under load)
    with LoopbackProvider(latency_s=20.0) as slow:
        holder = subprocess.Popen([sys.executable, "-m", "f1bench_pipeline.cli", "eval", "openai/slow-model",
                                   "--limit", "1", "--api-base", slow.api_base], env=env, cwd=REPO_ROOT,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            deadline, calling = time.monotonic() + 240, None
            while time.monotonic() < deadline and holder.poll() is None and calling is None:
                time.sleep(0.5)
                if slow.state.requests and (data_dir / "dagster_home").exists():
                    calling = _calling_run(_instance(), slow)
            assert calling is not None, "the first command's run never called the provider"
            waiter = subprocess.run([sys.executable, "-m", "f1bench_pipeline.cli", "eval", "openai/other-model",
                                     "--limit", "1", "--api-base", slow.api_base], env=env, cwd=REPO_ROOT,
                                    capture_output=True, text=True, timeout=600)
            assert holder.wait(300) == 0
        finally:
            if holder.poll() is None:
                os.killpg(holder.pid, signal.SIGKILL)
        calls = slow.state.requests
    assert waiter.returncode == 0, waiter.stdout[-2000:] + waiter.stderr[-2000:]
    provider = calling.tags[PROVIDER_TAG]
    assert provider.startswith("openai@127.0.0.1:")
    assert (f"waits in the queue: one run at a time calls {provider} ({PROVIDER_TAG}), in use by run "
            f"{calling.run_id[:8]} (generate_and_score, f1bench eval, STARTED, since ") in waiter.stdout, \
        waiter.stdout[-3000:]
    assert calls >= 6  # the holder's three calls, and the waiter's once the provider was free


def test_a_run_an_interrupted_command_created_but_never_started_is_canceled():
    """Ctrl-C between creating a run and executing it leaves a NOT_STARTED run ("Not started" in
    the UI for ever): the next command cancels it; one of a live process stays as it is."""
    import dagster as dg

    from f1bench_pipeline.orchestration.heal import QUEUED_BY, cancel_unstarted_runs, record_run, submitter

    @dg.op
    def noop() -> None:
        pass

    @dg.job
    def one_step() -> None:
        noop()

    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    mine = submitter()
    host, boot, _pid, _start = mine[QUEUED_BY].split(":")
    with dg.DagsterInstance.ephemeral() as instance:
        dead = instance.create_run_for_job(one_step)
        record_run(instance, dead.run_id, {QUEUED_BY: f"{host}:{boot}:{gone.pid}:"})
        live = instance.create_run_for_job(one_step)
        record_run(instance, live.run_id, mine)
        dagsters = instance.create_run_for_job(one_step)  # no record: launched by Dagster itself, left alone
        assert not any(t.startswith("f1bench/") for t in instance.get_run_by_id(dead.run_id).tags)
        assert cancel_unstarted_runs(instance) == [dead.run_id]
        assert instance.get_run_by_id(dead.run_id).status == dg.DagsterRunStatus.CANCELED
        assert instance.get_run_by_id(live.run_id).status == dg.DagsterRunStatus.NOT_STARTED
        assert instance.get_run_by_id(dagsters.run_id).status == dg.DagsterRunStatus.NOT_STARTED
        assert cancel_unstarted_runs(instance) == []
        # cancelled while still queued by a command interrupted before the run's process started: CANCELING
        # for ever, no process to finish it (seen after Ctrl-C during `f1bench build`); the next command does
        from f1bench_pipeline.orchestration.heal import heal_dead_runs

        stuck, theirs = instance.create_run_for_job(one_step), instance.create_run_for_job(one_step)
        record_run(instance, stuck.run_id, {QUEUED_BY: f"{host}:{boot}:{gone.pid}:"})
        record_run(instance, theirs.run_id, mine)
        for run in (stuck, theirs):
            instance.report_run_canceling(instance.get_run_by_id(run.run_id))
        assert heal_dead_runs(instance) == [stuck.run_id]
        assert instance.get_run_by_id(stuck.run_id).status == dg.DagsterRunStatus.CANCELED
        assert instance.get_run_by_id(theirs.run_id).status == dg.DagsterRunStatus.CANCELING  # its command lives
