"""Run jobs of the f1bench definitions on a Dagster instance: the one way the CLI runs assets.

:meth:`Runs.open` resolves settings (``get_settings()`` unless given) → definitions
(``definitions_builder.build_definitions(settings)`` unless given) → instance (the project's,
``instance.open_instance``, unless given: tests pass an ephemeral one). :meth:`Runs.run` runs
one job — one partition, a partition range, or unpartitioned — with console logging at
WARNING; :meth:`Runs.step` does the same and reports ``<label>: <what> ok|FAILED (<seconds> s)``
to ``progress``; :meth:`Runs.run_all` runs a stage's runs side by side.

On the project's instance (any instance other processes can open) every run goes through the
instance's run queue, exactly as a UI launch or a backfill does (``run_queue.py``: Dagster's
daemon launches each in its own process with the definitions' executor), and this process
waits on it. An ephemeral instance (tests) runs the job in this process.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import dagster as dg

from f1bench_pipeline.orchestration.provider_limits import provider_tags
from f1bench_pipeline.generation.registry import load_registry
from f1bench_pipeline.orchestration.definitions_builder import build_definitions
from f1bench_pipeline.orchestration.freshness import WAREHOUSE_TAG, not_fresh
from f1bench_pipeline.orchestration.heal import RUN_SHARE, command_tags, submitter
from f1bench_pipeline.orchestration.instance import open_instance
from f1bench_pipeline.orchestration.interrupt import raise_if_interrupted, run_was_interrupted
from f1bench_pipeline.orchestration.run_queue import RunQueue
from f1bench_pipeline.orchestration.slot_wait import SlotWaitReporter
from f1bench_pipeline.settings import Settings, get_settings, settings_env

if TYPE_CHECKING:
    from dagster._core.execution.execution_result import ExecutionResult  # an in-process run's result

#: Run config of every CLI run: Dagster's console log at WARNING (progress comes from ``Runs.step``).
QUIET: dict[str, Any] = {"loggers": {"console": {"config": {"log_level": "WARNING"}}}}


def quiet_config(ops: dict[str, dict] | None = None) -> dict[str, Any]:
    """:data:`QUIET` plus ``{"ops": {op: {"config": ...}}}`` for the ops given config."""
    return {**QUIET, "ops": {op: {"config": cfg} for op, cfg in ops.items()}} if ops else dict(QUIET)


@dataclass
class Runs:
    """The settings, definitions and instance one command's runs share."""

    settings: Settings
    defs: dg.Definitions
    instance: dg.DagsterInstance
    progress: Callable[[str], None] = print
    #: leave out a step whose assets are all fresh for its partition (``freshness.py``; ``f1bench build``)
    incremental: bool = False
    _queue: Any = field(default=None, repr=False)  # run_queue.RunQueue, opened by the first run_all

    @classmethod
    def open(cls, settings: Settings | None = None, defs: dg.Definitions | None = None,
             instance: dg.DagsterInstance | None = None, progress: Callable[[str], None] = print,
             definitions: Callable[[Settings], dg.Definitions] | None = None, incremental: bool = False) -> Runs:
        """``definitions``: how to build the definitions when ``defs`` is not given
        (default: all of them, ``build_definitions``)."""
        settings = settings or get_settings()
        if defs is None:
            if definitions is None:
                definitions = build_definitions
            defs = definitions(settings)
        if instance is None:
            instance = open_instance()
        return cls(settings, defs, instance, progress, incremental)

    def not_fresh(self, job: str, partition_keys: list[Any]) -> list[tuple[str, str | None]]:
        """(asset, partition) of ``job`` that a run would change (all of them when not incremental)."""
        if not self.incremental:
            return [(job, None if k is None else str(k)) for k in partition_keys]
        return not_fresh(self.defs, self.instance, job, partition_keys, str(self.settings.warehouse_dir))

    @property
    def queued(self) -> bool:
        """Whether runs go through the instance's run queue (an instance other processes can open)
        rather than execute in this process (an ephemeral instance: tests)."""
        return not self.instance.is_ephemeral

    def run(self, job: str, partition_key: Any = None, *, partition_range: tuple[str, str] | None = None,
            run_config: dict | None = None) -> ExecutionResult:
        """One run of ``job`` on this instance: of ``partition_key``, of the partitions
        ``partition_range`` (first, last) spans in one run, or of an unpartitioned job. Through
        the run queue (``queued``: the path of a UI launch, waited on here), else in this process."""
        raise_if_interrupted()  # no run starts after Ctrl-C / SIGTERM
        if self.queued:
            return self._launch([Step("", "", job, partition_key, partition_range, run_config)])[0]

        # (an ephemeral instance: no other process opens it, so no process record for heal.py)
        tags = command_tags() | {WAREHOUSE_TAG: str(self.settings.warehouse_dir)}  # which warehouse it wrote (freshness.py)
        if partition_range is not None and partition_range[0] != partition_range[1]:
            tags |= _range_tags(partition_range)
        elif partition_range is not None:
            partition_key = partition_range[0]
        result = self.defs.resolve_job_def(job).execute_in_process(
            partition_key=partition_key, instance=self.instance, raise_on_error=False,
            run_config=run_config or QUIET, tags=tags)
        if run_was_interrupted(result):  # Dagster failed the run on Ctrl-C / SIGTERM: stop here (interrupt.py)
            raise KeyboardInterrupt
        return result

    def step(self, label: str, what: str, job: str, partition_key: Any = None, *,
             partition_range: tuple[str, str] | None = None, run_config: dict | None = None,
             timed: bool = True, note: Callable[[], str] | None = None) -> ExecutionResult:
        """:meth:`run`, then ``<label>: <what> ok|FAILED (<seconds> s)`` to ``progress``; when
        incremental and every asset of the run is fresh, no run: ``<label>: <what> up to date``."""
        if self.incremental and partition_range is None and not self.not_fresh(job, [partition_key]):
            self.progress(f"{label}: {what + ' ' if what else ''}up to date")
            return UpToDate()  # type: ignore[return-value]
        t0 = time.perf_counter()
        result = self.run(job, partition_key, partition_range=partition_range, run_config=run_config)
        outcome = f"{what} {outcome_word(result.success)}" if what else outcome_word(result.success)
        self.progress(f"{label}: {outcome}" + (f" ({time.perf_counter() - t0:.1f} s)" if timed else "")
                      + _noted(note))
        return result

    def run_all(self, steps: list[Step], counted: tuple[int, int] | None = None) -> dict[str, bool]:
        """Every run of ``steps`` (``label: what`` each reported as it ends); ``{label: success}``.
        ``counted``: (units done before, units in all) to prefix each line with ``[done/all]``,
        each step counting its ``size`` units (the races of an ingest run).

        Through the run queue they go together, as a UI backfill's runs do: Dagster runs them
        side by side up to the queue's limit (dagster.yaml), each in its own process, and the
        worker pools inside each divide the CPUs among them (``workers.set_run_share``). In this
        process (an ephemeral instance) one after another."""
        done = [counted[0] if counted else 0]

        def label(st: Step) -> str:
            if counted is None:
                return st.label
            done[0] += st.size
            return f"[{done[0]}/{counted[1]}] {st.label}"

        if not self.queued or not steps:
            return {st.label: self.step(label(st), st.what, st.job, st.partition_key,
                                        partition_range=st.partition_range, run_config=st.run_config,
                                        note=st.note).success
                    for st in steps}
        launched = self._launch(steps, label)
        return {st.label: run.success for st, run in zip(steps, launched)}

    def _launch(self, steps: list[Step], label: Callable[[Step], str] | None = None) -> list[Any]:
        """Submit ``steps`` to the run queue and wait until each has ended (with ``label``: a
        progress line as each ends); their ``LaunchedRun``s in order. Interrupted, the runs are
        cancelled through Dagster."""
        raise_if_interrupted()  # no run starts after Ctrl-C / SIGTERM
        queue = self._run_queue()
        # the run's record (heal.py), not tags: who queued it (cancelled if that command dies), its share of the CPUs
        record = submitter() | ({RUN_SHARE: str(min(len(steps), queue.max_concurrent_runs))} if len(steps) > 1 else {})
        by_run = {queue.submit(st.job, self._tags(st), st.run_config or QUIET, record): st for st in steps}

        def ended(run_id: str, run: Any) -> None:
            if label is None:
                return
            st = by_run[run_id]
            record = self.instance.get_run_record_by_id(run_id)
            took = (f" ({record.end_time - record.start_time:.1f} s)"
                    if record and record.start_time and record.end_time else "")
            self.progress(f"{label(st)}: {st.what + ' ' if st.what else ''}{outcome_word(run.success)}{took}"
                          + _noted(st.note))

        jobs = ", ".join(sorted({st.job for st in steps}))
        with SlotWaitReporter(self.instance, lambda line: self.progress(f"{jobs}: {line}"), run_ids=set(by_run)):
            done = queue.wait(list(by_run), ended)
        return [done[r] for r in by_run]

    def _run_queue(self) -> Any:
        if self._queue is None:
            self._queue = RunQueue(self.instance, settings_env(self.settings), self.settings.data_dir / "logs")
            self._queue.__enter__()
        return self._queue

    def _tags(self, st: Step) -> dict[str, str]:
        """A queued run's tags: the f1bench command, the warehouse it writes, its partition (or range),
        the providers it calls: what a UI user filters on (at most four of ours; the rest is in the
        run's record, heal.py)."""
        tags = {WAREHOUSE_TAG: str(self.settings.warehouse_dir), **command_tags()}
        rng = st.partition_range
        if rng is not None and rng[0] != rng[1]:
            return tags | _range_tags(rng)
        key = rng[0] if rng is not None else st.partition_key
        if key is not None:
            tags |= self.defs.resolve_job_def(st.job).get_tags_for_partition_key(str(key), None)
        extractor = (((st.run_config or {}).get("ops") or {}).get("claims_and_scores") or {}).get(
            "config", {}).get("llm_extractor")
        if extractor:  # chosen for this run (f1bench eval --extractor): its provider is limited too

            tags |= provider_tags(None, load_registry(data_dir=self.settings.data_dir), extractor)
        return tags

    def close(self) -> None:
        """Let go of the run queue's code location (a daemon it started stops when the command ends)."""
        if self._queue is not None:
            self._queue.__exit__(None, None, None)
            self._queue = None


def _range_tags(partition_range: tuple[str, str]) -> dict[str, str]:
    from dagster._core.storage.tags import ASSET_PARTITION_RANGE_END_TAG, ASSET_PARTITION_RANGE_START_TAG

    return {ASSET_PARTITION_RANGE_START_TAG: str(partition_range[0]),
            ASSET_PARTITION_RANGE_END_TAG: str(partition_range[1])}


@dataclass(frozen=True)
class Step:
    """One run of a stage: ``<label>: <what>`` in the progress; ``job`` of ``partition_key`` (or of
    the partitions ``partition_range`` spans)."""

    label: str
    what: str
    job: str
    partition_key: Any = None
    partition_range: tuple[str, str] | None = None
    run_config: dict | None = None
    size: int = 1  # units it counts for in a ``[done/all]`` progress (the races of an ingest run)
    # what the progress line adds once the run has ended ("1 of 2 races skipped: …"); read then
    note: Callable[[], str] | None = None


def _noted(note: Callable[[], str] | None) -> str:
    text = note() if note else ""
    return f"; {text}" if text else ""


@dataclass(frozen=True)
class UpToDate:
    """A step left out because its assets were fresh (stands for a successful run's result)."""

    success: bool = True


def outcome_word(success: bool) -> str:
    return "ok" if success else "FAILED"
