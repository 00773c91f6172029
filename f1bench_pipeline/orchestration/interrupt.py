"""Ctrl-C and SIGTERM stop a command: no later run starts, a run in flight ends through Dagster.

* ``stop_on_signals`` (around every f1bench command): SIGTERM is handled as SIGINT is — a
  ``KeyboardInterrupt`` — and the signal received is recorded for the one line the CLI prints
  (``interrupted_line``) before it exits with ``EXIT_INTERRUPTED`` (130, a shell's code for SIGINT).
* A command waiting on queued runs cancels them through Dagster (``run_queue.RunQueue.wait``:
  a queued run leaves the queue, a started one is terminated by its launcher) and stops.
* A run executing in this process (an in-memory instance: tests) is failed by Dagster itself
  ("interrupted"), which then returns: ``run_was_interrupted`` finds that in the run's events,
  and ``execute.Runs.run`` raises ``KeyboardInterrupt`` then, so the command stops instead of
  going on to the next stage.

What finished is kept (every asset writes its partitions atomically), so running the same
command again continues: it redoes at most the runs that were interrupted.

``console_logger`` is Dagster's console logger (the definitions' ``console``, which every run's
config sets to WARNING) without the step and run failures an interruption causes: those are the
command's one line, not ~90 lines of Dagster's stack traces above it. Other failures print as before.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

EXIT_INTERRUPTED = 130
INTERRUPTED_ERROR = "DagsterExecutionInterruptedError"

# The signals received inside ``stop_on_signals``: a ``KeyboardInterrupt`` raised by the handler
# can land where Python swallows it (a garbage-collection callback, a ``__del__``: "Exception
# ignored in ..."), so the places that wait or start a run also look here (``raise_if_interrupted``).
_received: list[str] = []  # (a new list per block: the one it yields stays the caller's)


@contextmanager
def stop_on_signals() -> Iterator[list[str]]:
    """SIGINT and SIGTERM raise ``KeyboardInterrupt`` here; yields the list the received signal's
    name is appended to. The previous handlers come back on exit."""
    global _received
    received: list[str] = []  # the caller keeps this list; the next block gets a new one
    _received = received

    def handler(signo: int, _frame: Any) -> None:
        received.append(signal.Signals(signo).name)
        raise KeyboardInterrupt

    try:
        before = {s: signal.signal(s, handler) for s in (signal.SIGINT, signal.SIGTERM)}
    except ValueError:  # not the main thread: nothing to install
        _received = []
        yield received
        return
    try:
        yield received
    finally:
        for s, h in before.items():
            signal.signal(s, h)
        _received = []


def raise_if_interrupted() -> None:
    """``KeyboardInterrupt`` when a signal came in a ``stop_on_signals`` block, even one whose own
    ``KeyboardInterrupt`` was swallowed: called before a run starts and while runs are waited on."""
    if _received:
        raise KeyboardInterrupt


def interrupted_line(command: str, received: list[str]) -> str:
    why = received[0] if received else "SIGINT or SIGTERM"  # inside a run Dagster's handler took it
    return (f"f1bench {command}: interrupted ({why}); no later run was started and what finished is kept "
            f"-- run `f1bench {command} …` again to continue")


def run_was_interrupted(result: Any) -> bool:
    """Did Dagster stop this run (``execute_in_process``'s result) on a signal?"""
    for event in result.all_events:
        if event.event_type_value == "STEP_FAILURE":
            error = getattr(event.event_specific_data, "error", None)
            if error is not None and error.cls_name == INTERRUPTED_ERROR:
                return True
    return False


def _not_an_interruption(record: Any) -> bool:
    """A logging filter: False for a record of a step or run that failed because it was interrupted."""
    return INTERRUPTED_ERROR not in record.getMessage()


def console_logger() -> Any:
    """Dagster's colored console logger, its records of interrupted steps and runs left out."""
    import dagster as dg
    from dagster._loggers import colored_console_logger

    @dg.logger(colored_console_logger.config_schema,
               description="Dagster's console logger, without the failures an interruption (Ctrl-C, SIGTERM) causes")
    def console(init_context: Any) -> Any:
        log = colored_console_logger.logger_fn(init_context)
        for handler in log.handlers:
            handler.addFilter(_not_an_interruption)
        return log

    return console
