"""A run whose process died is failed, and its pool slot freed, by the next f1bench command (#27).

`f1bench eval` against a slow loopback server holds the `model_providers` pool's only slot
(dagster.yaml) while its generations step calls; the test SIGKILLs the command there. The run
stays STARTED and the slot taken -- without the check, every later run needing the pool waits
for ever. The next `f1bench eval` of the same model fails the dead run, frees the slot, and
completes. Real processes, a real instance on disk, nothing mocked."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from f1bench_pipeline.settings import REPO_ROOT
from f1bench_pipeline_tests.loopback_provider import LoopbackProvider

POOL = "model_providers"


@pytest.fixture()
def heal_env(eval_env, monkeypatch):
    tmp_path, env = eval_env
    # this process reads the same instance (not through open_instance: that would heal it)
    monkeypatch.setenv("DAGSTER_HOME", str(REPO_ROOT))
    monkeypatch.setenv("F1BENCH_DAGSTER_STORAGE", str(tmp_path / "dagster_home"))
    return tmp_path, env


def _instance():
    import dagster as dg

    return dg.DagsterInstance.get()


def _started_runs(instance) -> list:
    import dagster as dg

    return [r.dagster_run for r in instance.get_run_records(dg.RunsFilter(statuses=[dg.DagsterRunStatus.STARTED]))]


def test_a_killed_run_is_failed_and_its_slot_freed_by_the_next_command(heal_env):
    data_dir, env = heal_env
    args = [sys.executable, "-m", "f1bench_pipeline.cli", "eval", "openai/slow-model", "--limit", "6"]
    with LoopbackProvider(latency_s=5.0) as slow:
        proc = subprocess.Popen([*args, "--api-base", slow.api_base], env=env, cwd=REPO_ROOT,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            deadline = time.monotonic() + 240
            held = False
            while time.monotonic() < deadline and proc.poll() is None:
                time.sleep(0.5)
                if slow.state.requests and (data_dir / "dagster_home").exists():
                    info = _instance().event_log_storage.get_concurrency_info(POOL)
                    held = info.active_slot_count > 0
                    if held:
                        break
            assert held, "the generations step never took the provider slot"
        finally:
            os.killpg(proc.pid, signal.SIGKILL)  # the command and anything it started
            proc.wait(30)
    instance = _instance()
    dead = _started_runs(instance)
    assert len(dead) == 1 and dead[0].tags["f1bench/pid"] == str(proc.pid)
    assert dead[0].tags["f1bench/command"] == "f1bench eval" and dead[0].job_name == "generate_and_score"
    assert instance.event_log_storage.get_concurrency_info(POOL).active_slot_count > 0
    with LoopbackProvider() as fast:
        out = subprocess.run([*args, "--api-base", fast.api_base], env=env, cwd=REPO_ROOT, capture_output=True,
                             text=True, timeout=600)
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    assert "1 run(s) whose process had died marked failed and their pool slots freed" in out.stderr
    import dagster as dg

    instance = _instance()
    assert instance.get_run_by_id(dead[0].run_id).status == dg.DagsterRunStatus.FAILURE
    assert not _started_runs(instance)
    assert instance.event_log_storage.get_concurrency_info(POOL).active_slot_count == 0


def test_a_live_process_and_another_host_are_left_alone():
    from f1bench_pipeline.orchestration.heal import PID_TAG, START_TAG, process_alive, process_tags

    mine = process_tags()
    assert process_alive(mine)
    assert not process_alive({**mine, START_TAG: "1"})  # the pid reused by another process
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    assert not process_alive({**mine, PID_TAG: str(child.pid), START_TAG: ""})
    assert process_alive({**mine, PID_TAG: "not-a-pid"})  # no pid recorded: not ours to judge


def test_a_step_waiting_for_a_slot_says_which_run_holds_it(heal_env):
    """A second command whose step needs the provider pool while a live run holds its only slot
    does not sit silent: it names the pool and the holding run (job, command), then completes
    once the holder ends."""
    data_dir, env = heal_env
    # (the holder answers one instance -- three calls -- slowly enough for the second command to start)
    with LoopbackProvider(latency_s=6.0) as slow, LoopbackProvider() as fast:
        holder = subprocess.Popen([sys.executable, "-m", "f1bench_pipeline.cli", "eval", "openai/slow-model",
                                   "--limit", "1", "--api-base", slow.api_base], env=env, cwd=REPO_ROOT,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            deadline, claimed = time.monotonic() + 240, []
            while time.monotonic() < deadline and holder.poll() is None and not claimed:
                time.sleep(0.5)
                if slow.state.requests and (data_dir / "dagster_home").exists():
                    claimed = _instance().event_log_storage.get_concurrency_info(POOL).claimed_slots
            assert claimed, "the first command's generations step never took the provider slot"
            waiter = subprocess.run([sys.executable, "-m", "f1bench_pipeline.cli", "eval", "openai/fast-model",
                                     "--limit", "1", "--api-base", fast.api_base], env=env, cwd=REPO_ROOT,
                                    capture_output=True, text=True, timeout=600)
            assert holder.wait(300) == 0
        finally:
            if holder.poll() is None:
                os.killpg(holder.pid, signal.SIGKILL)
    assert waiter.returncode == 0, waiter.stdout[-2000:] + waiter.stderr[-2000:]
    held_by = claimed[0].run_id[:8]
    assert (f"generate_and_score: step generations waits for a slot of pool {POOL} (1 of 1 taken), held by run "
            f"{held_by} (generate_and_score, f1bench eval, STARTED, since ") in waiter.stdout, waiter.stdout[-3000:]
    assert fast.state.requests  # and it went on to make its calls once the slot was free


def test_a_run_an_interrupted_command_created_but_never_started_is_canceled():
    """Ctrl-C between creating a run and executing it leaves a NOT_STARTED run ("Not started" in
    the UI for ever): the next command cancels it; one of a live process stays as it is."""
    import dagster as dg

    from f1bench_pipeline.orchestration.heal import PID_TAG, START_TAG, cancel_unstarted_runs, process_tags

    @dg.op
    def noop() -> None:
        pass

    @dg.job
    def one_step() -> None:
        noop()

    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    mine = process_tags()
    with dg.DagsterInstance.ephemeral() as instance:
        dead = instance.create_run_for_job(one_step, tags={**mine, PID_TAG: str(gone.pid), START_TAG: ""})
        live = instance.create_run_for_job(one_step, tags=mine)
        assert cancel_unstarted_runs(instance) == [dead.run_id]
        assert instance.get_run_by_id(dead.run_id).status == dg.DagsterRunStatus.CANCELED
        assert instance.get_run_by_id(live.run_id).status == dg.DagsterRunStatus.NOT_STARTED
        assert cancel_unstarted_runs(instance) == []
