"""The CLI's runs through the instance's run queue: the path a UI launch or a backfill takes.

:class:`RunQueue` loads the code location (workspace.yaml's: module ``f1bench_pipeline.definitions``,
location ``f1bench_pipeline``) in this process to create runs, submits each to the instance's run
coordinator — the queue of ``dagster.yaml``, at most ``max_concurrent_runs`` at once — and waits on
them. Dagster's daemon dequeues each run and launches it in its own process through its code server,
where the run executes with the definitions' executor (``executors.py``). When no daemon serves the
instance the queue starts one (``dagster-daemon run``, with the command's settings as ``F1BENCH_*``
variables) for the rest of the command and stops it when the command ends, so a user need not
keep one running. A claim file names it to other f1bench commands on this host, which use it
rather than start a second; each waiting command looks again every few seconds and starts its
own when that one stopped with its command (a run it launched still finishes: Dagster's code
server waits for its runs). With ``dagster dev`` or a deployment's daemon up, that one takes the
runs.

Interrupted (Ctrl-C, SIGTERM), :meth:`RunQueue.wait` cancels through Dagster what it waited on: a
queued run leaves the queue, a started one is terminated by its launcher.
"""

from __future__ import annotations

import atexit
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from f1bench_pipeline.generation.llm import QUIET_ENV
from f1bench_pipeline.orchestration.heal import heal_dead_runs, process_start, record_run
from f1bench_pipeline.orchestration.instance import STORAGE_ENV
from f1bench_pipeline.orchestration.interrupt import raise_if_interrupted
from f1bench_pipeline.settings import ENV_PREFIX, dagster_home, environment, set_environment

if TYPE_CHECKING:
    import dagster as dg

CODE_LOCATION_MODULE = "f1bench_pipeline.definitions"
LOCATION_NAME = "f1bench_pipeline"  # workspace.yaml's: runs launched here show under it in the UI
POLL_SECONDS = 0.5
HEAL_SECONDS = 5.0  # how often a waiting command looks for runs whose process died (heal.py)
DAEMON_HEARTBEAT_TOLERANCE_SECONDS = 60.0
CANCEL_WAIT_SECONDS = 20.0  # how long an interrupted wait gives terminated runs to end
_DONE = ("SUCCESS", "FAILURE", "CANCELED")


@dataclass(frozen=True)
class LaunchedRun:
    """A run the queue launched and saw end (stands for an in-process run's result)."""

    run_id: str
    status: str
    instance: Any = None

    @property
    def success(self) -> bool:
        return self.status == "SUCCESS"

    @property
    def all_events(self) -> list[Any]:
        """The run's Dagster events, as an in-process result gives them."""
        return [e.dagster_event for e in self.instance.all_logs(self.run_id) if e.dagster_event is not None]

    def get_asset_materialization_events(self) -> list[Any]:
        """The run's materialization events, as an in-process result gives them."""
        from dagster import DagsterEventType

        return [e.dagster_event for e in self.instance.all_logs(self.run_id, of_type=DagsterEventType.ASSET_MATERIALIZATION)]


def daemon_is_live(instance: dg.DagsterInstance) -> bool:
    """Whether a daemon dequeues this instance's runs (its queue daemon beat recently)."""
    from dagster._daemon.controller import get_daemon_statuses

    statuses = get_daemon_statuses(instance, ["QUEUED_RUN_COORDINATOR"], ignore_errors=True,
                                   heartbeat_tolerance_seconds=DAEMON_HEARTBEAT_TOLERANCE_SECONDS)
    return all(s.healthy for s in statuses.values())


def workspace_file(folder: Path) -> Path:
    """workspace.yaml's one code location, written to ``folder`` (an installed package has no repo)."""
    path = folder / "workspace.yaml"
    path.write_text(f"load_from:\n  - python_module:\n      module_name: {CODE_LOCATION_MODULE}\n"
                    f"      location_name: {LOCATION_NAME}\n")
    return path


class Daemon:
    """A ``dagster-daemon`` this process started for the instance: stopped when this process
    exits (``atexit``), or when it is killed (the kernel's parent-death signal). Its claim file
    (:func:`claim_path`) tells other f1bench commands on this host that it serves the instance."""

    def __init__(self, home: str, env: dict[str, str], log_dir: Path, claim: Path):
        self.env, self.claim = env, claim
        log_dir.mkdir(parents=True, exist_ok=True)
        self._tmp = tempfile.TemporaryDirectory(prefix="f1bench-daemon-")
        cmd = [str(Path(sys.executable).with_name("dagster-daemon")), "run",
               "-w", str(workspace_file(Path(self._tmp.name))), "--log-level", "warning"]
        with open(log_dir / "daemon.log", "ab") as log:
            # its own session: a Ctrl-C in the terminal reaches this process alone, which cancels
            # the runs through Dagster first and stops the daemon after
            self.proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
                                         env={**environment(), **env, "DAGSTER_HOME": home},
                                         preexec_fn=_die_with_parent)
        claim.parent.mkdir(parents=True, exist_ok=True)
        claim.write_text(json.dumps({"pid": self.proc.pid, "start": process_start(self.proc.pid),
                                     "env": _env_key(env)}))
        atexit.register(self.stop)

    def stop(self) -> None:
        """SIGTERM to the daemon alone: its code server ends once the runs it launched have
        (Dagster's gRPC server waits for them), so a run another command waits on finishes."""
        if self.proc.poll() is None:
            try:
                self.proc.terminate()
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if _claimed_by(self.claim) == self.proc.pid:
            self.claim.unlink(missing_ok=True)
        self._tmp.cleanup()


def _die_with_parent() -> None:  # pragma: no cover - runs in the child before exec
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except OSError:  # not Linux: atexit alone stops it
        pass


def _env_key(env: dict[str, str]) -> str:
    import hashlib

    return hashlib.sha256(json.dumps(env, sort_keys=True).encode()).hexdigest()[:16]


def claim_path(instance: dg.DagsterInstance) -> Path:
    """This host's claim file for the daemon an f1bench command started for ``instance`` (keyed by
    the instance's run storage, so every data dir and DAGSTER_HOME reaching it finds the same)."""
    import hashlib

    key = hashlib.sha256(_storage_identity(instance).encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / "f1bench-daemons" / f"{key}.json"


def _storage_identity(instance: dg.DagsterInstance) -> str:
    """What tells this instance's storage apart: its storage classes' configuration and, for the
    project's own classes (configured with nothing: instance.py), the directory they resolved."""
    return f"{instance.get_ref().run_storage_data!r} {instance.root_directory}"


def _pinned_storage(instance: dg.DagsterInstance) -> dict[str, str]:
    """The variable that makes another process open this very instance: the project's storage
    classes resolve their directory from the environment (``F1BENCH_DAGSTER_STORAGE``, else the
    data dir), which a test or a command given settings in code need not have set."""
    if "f1bench_pipeline.orchestration.instance" in repr(instance.get_ref().run_storage_data):
        return {STORAGE_ENV: str(instance.root_directory)}
    return {}


def _claim(claim: Path) -> dict[str, Any] | None:
    try:
        return json.loads(claim.read_text())
    except (OSError, ValueError):
        return None


def _claimed_by(claim: Path) -> int | None:
    """The pid of the live daemon ``claim`` names, else None."""
    data = _claim(claim)
    if not data:
        return None
    pid = int(data.get("pid", 0))
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, PermissionError, OverflowError, ValueError):
        return None
    return pid if process_start(pid) in ("", data.get("start", "")) else None


_DAEMONS: dict[str, Daemon] = {}


def ensure_daemon(instance: dg.DagsterInstance, env: dict[str, str], log_dir: Path) -> Daemon | None:
    """The daemon that dequeues ``instance``'s runs: one this process started; one another f1bench
    command started (its claim file: None); a daemon Dagster runs for it (``dagster dev``'s, a
    deployment's, seen by its heartbeat: None); else one started here for the rest of this
    process (``env``: the settings of its runs). Called again while waiting, so runs queued by a
    command whose daemon stopped with it are still launched."""
    import logging

    home = instance_home(instance)
    claim = claim_path(instance)
    # what its runs read: this process's F1BENCH_* (the registry, an extractor, keys named by it),
    # the command's settings, and the very storage of this instance
    env = {**{k: v for k, v in environment().items() if k.startswith(ENV_PREFIX)}, **env, **_pinned_storage(instance)}
    kept = _DAEMONS.get(home)
    if kept is not None and kept.proc.poll() is None:
        if kept.env == env:
            return kept
        kept.stop()  # started for other settings: its runs would read those
    elif _claimed_by(claim) is not None:
        if (_claim(claim) or {}).get("env") != _env_key(env):
            logging.getLogger(__name__).warning("runs go to the Dagster daemon another f1bench command started for "
                                                "this instance: they read that command's F1BENCH_* settings")
        return None
    elif _claim(claim) is not None:  # its daemon died (killed with its command): its heartbeat is no sign of life
        instance.wipe_daemon_heartbeats()
        claim.unlink(missing_ok=True)
    elif daemon_is_live(instance):
        logging.getLogger(__name__).warning(
            "runs go to the Dagster daemon already running for this instance (dagster dev, a deployment's): "
            "they read that daemon's F1BENCH_* settings")
        return None
    _DAEMONS[home] = Daemon(home, env, log_dir, claim)
    return _DAEMONS[home]


def stop_daemons() -> None:
    """Stop every daemon this process started (each also stops when this process exits)."""
    for home in list(_DAEMONS):
        _DAEMONS.pop(home).stop()


def instance_home(instance: dg.DagsterInstance) -> str:
    """The DAGSTER_HOME that opens ``instance`` in another process: ``$DAGSTER_HOME`` when it is
    that instance (the project's, whose storage lives elsewhere: instance.py), else its root."""
    from dagster._core.instance.ref import InstanceRef

    home = dagster_home()
    if home and InstanceRef.from_dir(home).run_storage_data == instance.get_ref().run_storage_data:
        return home
    return str(instance.root_directory)


class RunQueue:
    """Creates, submits and waits on runs of the code location's jobs on ``instance``."""

    def __init__(self, instance: dg.DagsterInstance, env: dict[str, str], log_dir: Path):
        self.instance = instance
        self._stack = ExitStack()
        self._env = env
        self._log_dir = log_dir
        self._workspace: Any = None
        self._location: Any = None
        self._repo: Any = None

    def __enter__(self) -> RunQueue:
        ensure_daemon(self.instance, self._env, self._log_dir)  # first: it loads while we do
        from dagster._core.remote_origin import InProcessCodeLocationOrigin
        from dagster._core.types.loadable_target_origin import LoadableTargetOrigin
        from dagster._core.workspace.context import WorkspaceProcessContext
        from dagster._core.workspace.load_target import InProcessWorkspaceLoadTarget

        origin = InProcessCodeLocationOrigin(
            LoadableTargetOrigin(executable_path=sys.executable, module_name=CODE_LOCATION_MODULE,
                                 working_directory=os.getcwd()),
            location_name=LOCATION_NAME)

        quiet = environment().get(QUIET_ENV)  # the code location sets it on import: not this process's business
        process_context = self._stack.enter_context(WorkspaceProcessContext(
            self.instance, InProcessWorkspaceLoadTarget(origin)))
        if quiet is None:
            set_environment(QUIET_ENV, None)
        self._workspace = process_context.create_request_context()
        self._location = self._workspace.get_code_location(LOCATION_NAME)
        (self._repo,) = self._location.get_repositories().values()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stack.close()

    @property
    def workspace(self) -> Any:
        """The code location as the UI loads it (a Dagster workspace request context)."""
        return self._workspace

    @property
    def max_concurrent_runs(self) -> int:
        """How many runs the queue lets run at once (dagster.yaml's ``concurrency.runs``)."""
        queue = self.instance.get_concurrency_config().run_queue_config
        limit = queue.max_concurrent_runs if queue is not None else None
        return limit if limit is not None and limit >= 0 else 1_000_000  # -1: no limit

    def submit(self, job: str, tags: dict[str, str], run_config: dict[str, Any],
               record: dict[str, str] | None = None) -> str:
        """A run of ``job`` with ``tags`` (partition tags included) and ``run_config``, queued; its id.
        ``record``: the run's record (``heal.record_run``), written before the daemon can see it."""
        from dagster._core.definitions.selector import JobSubsetSelector

        remote_job = self._location.get_job(JobSubsetSelector(
            location_name=LOCATION_NAME, repository_name=self._repo.name, job_name=job, op_selection=None))
        plan = self._location.get_execution_plan(remote_job, run_config, step_keys_to_execute=None,
                                                 known_state=None, instance=self.instance)
        run = self.instance.create_run(
            job_name=job, run_id=None, run_config=run_config, resolved_op_selection=None,
            step_keys_to_execute=plan.execution_plan_snapshot.step_keys_to_execute, op_selection=None,
            status=None, root_run_id=None, parent_run_id=None, tags={**remote_job.tags, **tags},
            job_snapshot=remote_job.job_snapshot, execution_plan_snapshot=plan.execution_plan_snapshot,
            parent_job_snapshot=remote_job.parent_job_snapshot, remote_job_origin=remote_job.get_remote_origin(),
            job_code_origin=remote_job.get_python_origin(), asset_selection=None, asset_check_selection=None,
            asset_graph=self._repo.asset_graph)
        if record:
            record_run(self.instance, run.run_id, record)
        self.instance.submit_run(run.run_id, self._workspace)
        return run.run_id

    def wait(self, run_ids: Sequence[str], on_end: Callable[[str, LaunchedRun], None] | None = None
             ) -> dict[str, LaunchedRun]:
        """Wait until every run of ``run_ids`` has ended; ``on_end(run_id, run)`` as each ends.
        Interrupted, cancels those still queued or running and re-raises."""
        from dagster import RunsFilter

        ended: dict[str, LaunchedRun] = {}
        next_heal = time.monotonic() + HEAL_SECONDS
        try:
            while len(ended) < len(run_ids):
                raise_if_interrupted()
                if time.monotonic() >= next_heal:  # a run whose process died (OOM, kill -9): failed now;
                    heal_dead_runs(self.instance)  # a daemon gone with another command: one started here
                    ensure_daemon(self.instance, self._env, self._log_dir)
                    next_heal = time.monotonic() + HEAL_SECONDS
                waiting = [r for r in run_ids if r not in ended]
                for run in self.instance.get_runs(RunsFilter(run_ids=waiting)):
                    if run.status.value in _DONE:
                        ended[run.run_id] = LaunchedRun(run.run_id, run.status.value, self.instance)
                        if on_end:
                            on_end(run.run_id, ended[run.run_id])
                if len(ended) < len(run_ids):
                    time.sleep(POLL_SECONDS)
        except BaseException:
            self.cancel([r for r in run_ids if r not in ended])
            raise
        return ended

    def cancel(self, run_ids: Sequence[str]) -> None:
        """Cancel ``run_ids`` through the run coordinator (queued: dropped; started: terminated)
        and give the started ones :data:`CANCEL_WAIT_SECONDS` to end."""
        from dagster import RunsFilter

        for run_id in run_ids:
            try:
                self.instance.run_coordinator.cancel_run(run_id)
            except Exception:  # noqa: BLE001 - a run that ended meanwhile, a launcher gone: keep cancelling
                pass
        deadline = time.monotonic() + CANCEL_WAIT_SECONDS
        while run_ids and time.monotonic() < deadline:
            if all(r.status.value in _DONE for r in self.instance.get_runs(RunsFilter(run_ids=list(run_ids)))):
                return
            time.sleep(POLL_SECONDS)
