"""Live progress of long runs: done / total, rate, ETA, errors so far (pure: no Dagster, no litellm).

One :class:`Reporter` per task — a partition's calls, a refinement round, a batch of LLM
extractions (all of them go through ``engine.run_generations``, which makes the reporter).
It counts; its *sinks* decide when and how to show the counts:

* :class:`LineSink` — one plain line at most every ``every_s`` seconds, and a final one:
  Dagster's ``context.log.info`` in an asset, or any ``write(line)``. Never one per call.
* the terminal (:func:`terminal`) — a ``tqdm`` bar on stderr when it is a TTY, plain
  lines every ``every_s`` seconds otherwise. The ``f1bench`` CLI opens it for the whole
  command, and every reporter made in the process while it is open reports to it too —
  including those inside the in-process Dagster runs of ``f1bench generate``, ``refine``
  and ``build`` (``make full``), whose console logs the CLI keeps at WARNING.
  ``F1BENCH_PROGRESS=bar|lines|off`` forces the style (default: bar on a TTY, else lines).
* with no sink given, lines go to :func:`default_sink`: Dagster's logger inside a run (an
  INFO line in the run's log), Python's ``logging`` (``f1bench.progress``) elsewhere.

A line reads::

    gpt-5.4-mini 2025: 1204/39468 (3%), 4.1 calls/s, ETA 2h35m, errors 3, $1.2345; 1000 cached; \
        error=3 ok=1190 truncated=11
"""

from __future__ import annotations

import itertools
import math
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Protocol, TextIO

from f1bench_pipeline.settings import process_setting

# "errors so far" in a progress line; answers; anything else (a spending cap) is "stopped".
ERROR_STATUSES = frozenset({"error"})
ANSWER_STATUSES = frozenset({"ok", "truncated", "content_filtered", "refused"})


def format_duration(seconds: float | None) -> str:
    """``95`` → ``1m35s``; ``None`` / NaN → ``?``."""
    if seconds is None or math.isnan(seconds) or math.isinf(seconds):
        return "?"
    s = int(round(seconds))
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s // 3600}h{(s % 3600) // 60:02d}m"


_TASK_IDS = itertools.count(1)


@dataclass
class Snapshot:
    """The counts of one task at one moment (``phase``: begin, progress or final)."""

    label: str
    total: int
    done: int = 0
    cached: int = 0          # answered from the cache (no call)
    called: int = 0          # answered by a call of this run
    errors: int = 0
    statuses: dict[str, int] = field(default_factory=dict)
    cost_usd: float = 0.0    # spent by this run's calls (recorded by the engine)
    elapsed_s: float = 0.0
    calling_s: float = 0.0   # since the calls began (after the cache was read): the rate's clock
    phase: str = "progress"
    unit: str = "calls"
    task: int = 0            # which reporter (sinks keep their state per task)

    @property
    def final(self) -> bool:
        return self.phase == "final"

    @property
    def rate(self) -> float:
        """Calls per second of this run (cache hits are not calls)."""
        return self.called / self.calling_s if self.calling_s > 0 else 0.0

    @property
    def eta_s(self) -> float | None:
        left = self.total - self.done
        if left <= 0:
            return 0.0
        return left / self.rate if self.rate > 0 else None

    @property
    def stopped(self) -> int:
        """Items ended by something other than an answer or an error (a spending cap)."""
        return sum(v for k, v in self.statuses.items() if k not in ANSWER_STATUSES and k not in ERROR_STATUSES)

    def line(self) -> str:
        if self.phase == "begin":
            return (f"{self.label}: {self.total} to answer, {self.cached} from the cache, "
                    f"{self.total - self.done} {self.unit} to make")
        pct = 100 * self.done / self.total if self.total else 100.0
        head = (f"{self.label}: finished {self.done}/{self.total} in {format_duration(self.elapsed_s)}" if self.final
                else f"{self.label}: {self.done}/{self.total} ({pct:.0f}%)")
        parts = [head, f"{self.rate:.1f} {self.unit}/s"]
        if not self.final:
            parts.append(f"ETA {format_duration(self.eta_s)}")
        parts += [f"errors {self.errors}", f"${self.cost_usd:.4f}"]
        tail = [f"{self.cached} cached"] if self.cached else []
        statuses = " ".join(f"{k}={v}" for k, v in sorted(self.statuses.items()) if v)
        if statuses:
            tail.append(statuses)
        return ", ".join(parts) + "".join(f"; {t}" for t in tail)

    def as_dict(self) -> dict[str, Any]:
        return {"label": self.label, "total": self.total, "done": self.done, "cached": self.cached,
                "called": self.called, "errors": self.errors, "statuses": dict(self.statuses),
                "cost_usd": round(self.cost_usd, 6), "elapsed_s": round(self.elapsed_s, 3),
                "rate": round(self.rate, 3), "eta_s": None if self.eta_s is None else round(self.eta_s, 1),
                "phase": self.phase}


class Sink(Protocol):
    def update(self, snap: Snapshot) -> None:
        """Every change of the counts (and a heartbeat): cheap, the sink throttles itself."""

    def note(self, message: str) -> None:
        """An event worth showing now (a cap reached, a server started)."""


class Reporter:
    """Counts one task and tells its sinks (``sinks`` plus the open terminal, if any)."""

    def __init__(self, label: str, total: int, sinks: Sequence[Sink] = (), *, unit: str = "calls",
                 clock: Callable[[], float] = time.monotonic, ambient: bool = True):
        self.label, self.total, self.unit, self.clock = label, total, unit, clock
        self.sinks: list[Sink] = [*sinks, *(_ambient_sinks() if ambient else [])]
        self.task = next(_TASK_IDS)
        self.started = clock()
        self.statuses: Counter[str] = Counter()
        self.cached = self.called = 0
        self.cost_usd = 0.0
        self.begun = self.finished = False
        self.begun_at: float | None = None
        self._lock = threading.Lock()

    def snapshot(self, phase: str = "progress") -> Snapshot:
        with self._lock:
            statuses = dict(self.statuses)
            cached, called, cost = self.cached, self.called, self.cost_usd
        now = self.clock()
        return Snapshot(self.label, self.total, sum(statuses.values()), cached, called,
                        sum(v for k, v in statuses.items() if k in ERROR_STATUSES), statuses, cost,
                        now - self.started, now - (self.begun_at if self.begun_at is not None else self.started),
                        phase, self.unit, self.task)

    def advance(self, status: str, *, cached: bool = False, called: bool = True, cost_usd: float | None = None) -> None:
        """One item finished (``cached``: from the cache; ``called=False``: not called at all)."""
        with self._lock:
            self.statuses[status] += 1
            if cached:
                self.cached += 1
            elif called:
                self.called += 1
                self.cost_usd += cost_usd or 0.0
        if self.begun and not self.finished:
            self._send("progress")

    def begin(self) -> None:
        """The cache has been read and the calls begin: from here on the counts are shown
        (and the rate is measured)."""
        self.begun, self.begun_at = True, self.clock()
        self._send("begin")

    def tick(self) -> None:
        """Heartbeat (the engine calls it every second, so slow calls still show)."""
        if self.begun and not self.finished:
            self._send("progress")

    def note(self, message: str) -> None:
        for s in self.sinks:
            s.note(message)

    def finish(self) -> Snapshot:
        if self.begun_at is None:
            self.begun_at = self.clock()
        self.begun = self.finished = True
        return self._send("final")

    def _send(self, phase: str) -> Snapshot:
        snap = self.snapshot(phase)
        for s in self.sinks:
            s.update(snap)
        return snap


class LineSink:
    """One line through ``write(line, snapshot)`` at most every ``every_s`` seconds per task.

    ``announce``: a line when a task begins (how many are cached, how many calls to make);
    ``always_final``: the final line even for a task too short to have shown another one
    (otherwise only when it had errors or was stopped)."""

    def __init__(self, write: Callable[[str, Snapshot | None], None], every_s: float = 10.0, *,
                 announce: bool = True, always_final: bool = True, clock: Callable[[], float] = time.monotonic):
        self.write, self.every_s, self.announce, self.always_final, self.clock = (
            write, every_s, announce, always_final, clock)
        self._last: dict[int, float] = {}   # task → when its last line was written (or it began)
        self._shown: set[int] = set()
        self._lock = threading.Lock()

    def update(self, snap: Snapshot) -> None:
        now = self.clock()
        with self._lock:
            if snap.phase == "begin":
                self._last[snap.task] = now
                if not self.announce:
                    return
                self._shown.add(snap.task)
            elif snap.final:
                shown = snap.task in self._shown
                self._last.pop(snap.task, None)
                self._shown.discard(snap.task)
                if not (self.always_final or shown or snap.errors or snap.stopped):
                    return
            else:
                if now - self._last.setdefault(snap.task, now) < self.every_s:
                    return
                self._last[snap.task] = now
                self._shown.add(snap.task)
        self.write(snap.line(), snap)

    def note(self, message: str) -> None:
        self.write(message, None)


class _TerminalSink:
    """tqdm bars on a TTY, plain lines elsewhere; a final line only for a task that showed
    anything (or had errors, or was stopped), so a fast offline build stays quiet."""

    def __init__(self, stream: TextIO, every_s: float, style: str):
        self.stream, self.every_s, self.style = stream, every_s, style
        self._bars: dict[int, Any] = {}
        self._lock = threading.RLock()
        self._lines = LineSink(self._print, every_s, announce=False, always_final=False)

    def _print(self, line: str, _snap: Snapshot | None = None) -> None:
        with self._lock:
            if self._bars:
                from tqdm import tqdm

                tqdm.write(line, file=self.stream)
            else:
                print(line, file=self.stream, flush=True)

    def update(self, snap: Snapshot) -> None:
        if self.style != "bar":
            self._lines.update(snap)
            return
        with self._lock:
            bar = self._bars.get(snap.task)
            if bar is None and not snap.final:
                from tqdm import tqdm

                bar = tqdm(total=snap.total, initial=snap.done, desc=snap.label, unit=" call", file=self.stream,
                           leave=False, delay=1.0, dynamic_ncols=True, smoothing=0.1)
                self._bars[snap.task] = bar
            shown = False
            if bar is not None:
                postfix = f"errors {snap.errors}, ${snap.cost_usd:.4f}"
                if bar.postfix != postfix:
                    bar.set_postfix_str(postfix, refresh=False)
                if snap.done > bar.n:
                    bar.update(snap.done - bar.n)
                if not snap.final:
                    return
                shown = snap.elapsed_s >= 1.0  # tqdm's delay: the bar was on screen
                bar.close()
                del self._bars[snap.task]
            if shown or snap.errors or snap.stopped:
                self._print(snap.line())

    def note(self, message: str) -> None:
        self._print(message)


_AMBIENT: list[Sink] = []
_AMBIENT_LOCK = threading.Lock()


def _ambient_sinks() -> list[Sink]:
    with _AMBIENT_LOCK:
        return list(_AMBIENT)


def announce(message: str) -> None:
    """Show an event on the open terminal (if any)."""
    for s in _ambient_sinks():
        s.note(message)


def terminal_style(stream: TextIO) -> str:
    forced = process_setting("progress")
    if forced != "auto":
        return forced
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError):
        tty = False
    if tty:
        try:
            import tqdm  # noqa: F401
        except ImportError:
            return "lines"
        return "bar"
    return "lines"


def _env_every_s() -> float:
    return float(process_setting("progress_every_s"))


@contextmanager
def terminal(every_s: float | None = None, stream: TextIO | None = None) -> Iterator[Sink | None]:
    """While open, every reporter of this process also shows on ``stream`` (stderr).

    Re-entrant: inside an open terminal it adds no second one (the CLI's ``main`` opens one,
    ``f1bench generate`` another), only sets its ``every_s`` while it is open. ``every_s``:
    seconds between plain lines (default ``F1BENCH_PROGRESS_EVERY_S`` or 10)."""
    stream = stream or sys.stderr
    style = terminal_style(stream)
    with _AMBIENT_LOCK:
        outer = next((s for s in _AMBIENT if isinstance(s, _TerminalSink)), None)
    if outer is not None:
        before = outer.every_s
        if every_s is not None:
            outer.every_s = outer._lines.every_s = every_s
        try:
            yield outer
        finally:
            outer.every_s = outer._lines.every_s = before
        return
    if style == "off":
        yield None
        return
    every = every_s if every_s is not None else _env_every_s()
    sink = _TerminalSink(stream, every, style)
    with _AMBIENT_LOCK:
        _AMBIENT.append(sink)
    try:
        yield sink
    finally:
        with _AMBIENT_LOCK:
            _AMBIENT.remove(sink)


def default_sink(every_s: float = 10.0) -> LineSink:
    """Lines at INFO: Dagster's logger when Dagster is loaded (captured in a run's log),
    else ``logging.getLogger("f1bench.progress")``."""
    if "dagster" in sys.modules:
        from dagster import get_dagster_logger

        logger = get_dagster_logger("f1bench.progress")
    else:
        import logging

        logger = logging.getLogger("f1bench.progress")
    return LineSink(lambda line, _snap: logger.info(line), every_s)
