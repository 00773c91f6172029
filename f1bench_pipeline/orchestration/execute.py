"""Run jobs of the f1bench definitions on a Dagster instance: the one way the CLI runs assets.

:meth:`Runs.open` resolves settings (``get_settings()`` unless given) → definitions
(``definitions_builder.build_definitions(settings)`` unless given) → instance (the project's,
``instance.open_instance``, unless given: tests pass an ephemeral one). :meth:`Runs.run`
executes one job in this process — one partition, a partition range, or unpartitioned —
with console logging at WARNING, and :meth:`Runs.step` does the same and reports
``<label>: <what> ok|FAILED (<seconds> s)`` to ``progress``. Every run is recorded on the
instance, so it shows in the UI afterwards exactly as if it had been launched there.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import dagster as dg

from f1bench_pipeline.orchestration.interrupt import run_was_interrupted

if TYPE_CHECKING:
    from dagster._core.execution.execution_result import ExecutionResult  # in-process and execute_job results
from f1bench_pipeline.settings import Settings, get_settings

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

    @classmethod
    def open(cls, settings: Settings | None = None, defs: dg.Definitions | None = None,
             instance: dg.DagsterInstance | None = None, progress: Callable[[str], None] = print,
             definitions: Callable[[Settings], dg.Definitions] | None = None, incremental: bool = False) -> Runs:
        """``definitions``: how to build the definitions when ``defs`` is not given
        (default: all of them, ``build_definitions``)."""
        settings = settings or get_settings()
        if defs is None:
            if definitions is None:
                from f1bench_pipeline.orchestration.definitions_builder import build_definitions

                definitions = build_definitions
            defs = definitions(settings)
        if instance is None:
            from f1bench_pipeline.orchestration.instance import open_instance

            instance = open_instance()
        return cls(settings, defs, instance, progress, incremental)

    def not_fresh(self, job: str, partition_keys: list[Any]) -> list[tuple[str, str | None]]:
        """(asset, partition) of ``job`` that a run would change (all of them when not incremental)."""
        from f1bench_pipeline.orchestration.freshness import not_fresh

        if not self.incremental:
            return [(job, None if k is None else str(k)) for k in partition_keys]
        return not_fresh(self.defs, self.instance, job, partition_keys, str(self.settings.warehouse_dir))

    def run(self, job: str, partition_key: Any = None, *, partition_range: tuple[str, str] | None = None,
            run_config: dict | None = None) -> ExecutionResult:
        """One run of ``job`` on this instance: of ``partition_key``, of the partitions
        ``partition_range`` (first, last) spans in one run, or of an unpartitioned job. In this
        process, or with ``F1BENCH_EXECUTOR`` set, through that executor (``executors.py``)."""
        from f1bench_pipeline.orchestration.freshness import WAREHOUSE_TAG
        from f1bench_pipeline.orchestration.heal import process_tags

        tags = process_tags()  # so a run left STARTED by a killed process is found and failed (heal.py)
        tags[WAREHOUSE_TAG] = str(self.settings.warehouse_dir)  # which warehouse it wrote (freshness.py)
        if partition_range is not None and partition_range[0] != partition_range[1]:
            from dagster._core.storage.tags import (
                ASSET_PARTITION_RANGE_END_TAG,
                ASSET_PARTITION_RANGE_START_TAG,
            )

            tags |= {ASSET_PARTITION_RANGE_START_TAG: str(partition_range[0]),
                     ASSET_PARTITION_RANGE_END_TAG: str(partition_range[1])}
        elif partition_range is not None:
            partition_key = partition_range[0]
        from f1bench_pipeline.orchestration.executors import out_of_process, reconstructable_job

        from f1bench_pipeline.orchestration.slot_wait import SlotWaitReporter

        result: ExecutionResult
        with SlotWaitReporter(self.instance, lambda line: self.progress(f"{job}: {line}")):
            if out_of_process(self.settings, self.instance):  # F1BENCH_EXECUTOR: the steps where the UI's run them
                if partition_key is not None:
                    tags |= self.defs.resolve_job_def(job).get_tags_for_partition_key(str(partition_key), None)
                result = dg.execute_job(reconstructable_job(job), instance=self.instance,
                                        run_config=run_config or QUIET, tags=tags, raise_on_error=False)
            else:
                result = self.defs.resolve_job_def(job).execute_in_process(
                    partition_key=partition_key, instance=self.instance, raise_on_error=False,
                    run_config=run_config or QUIET, tags=tags)
        if run_was_interrupted(result):  # Dagster failed the run on Ctrl-C / SIGTERM: stop here (interrupt.py)
            raise KeyboardInterrupt
        return result

    def step(self, label: str, what: str, job: str, partition_key: Any = None, *,
             partition_range: tuple[str, str] | None = None, run_config: dict | None = None,
             timed: bool = True) -> ExecutionResult:
        """:meth:`run`, then ``<label>: <what> ok|FAILED (<seconds> s)`` to ``progress``; when
        incremental and every asset of the run is fresh, no run: ``<label>: <what> up to date``."""
        if self.incremental and partition_range is None and not self.not_fresh(job, [partition_key]):
            self.progress(f"{label}: {what + ' ' if what else ''}up to date")
            return UpToDate()  # type: ignore[return-value]
        t0 = time.perf_counter()
        result = self.run(job, partition_key, partition_range=partition_range, run_config=run_config)
        outcome = f"{what} {outcome_word(result.success)}" if what else outcome_word(result.success)
        self.progress(f"{label}: {outcome}" + (f" ({time.perf_counter() - t0:.1f} s)" if timed else ""))
        return result


@dataclass(frozen=True)
class UpToDate:
    """A step left out because its assets were fresh (stands for a successful run's result)."""

    success: bool = True


def outcome_word(success: bool) -> str:
    return "ok" if success else "FAILED"
