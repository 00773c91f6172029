"""A sentence being read: a slice of the document's token list.

Its tokens, their kinds (a list and a set: the kinds are final once tokenized), their start
offsets, and what the claim rules share while reading it: the numbers a claim has taken, the
owners of its pit laps, its lap mentions, its numbers in seconds, and whether it denies a stop
or speaks of a suspension.
"""

from __future__ import annotations

from f1bench_pipeline.domains.f1.extract.tokens import DRIVER, Token

# A lap mention: (lap, start, end, token index).
LapId = tuple[int, int, int, int]


class Laps:
    """A sentence's lap mentions: lap ids ("lap 31", "L15", "the 31st lap"), ranges as (first,
    last, start, end, written with a plural lap word) and lap counts as (n, start, end, token index)."""

    __slots__ = ("ids", "ranges", "counts")

    def __init__(self, ids: list[LapId], ranges: list[tuple[int, int, int, int, bool]],
                 counts: list[tuple[int, int, int, int]]) -> None:
        self.ids = ids
        self.ranges = ranges
        self.counts = counts


_NO_SECS: list[Token] = []  # (never appended to)


class Sentence:
    __slots__ = ("start", "end", "tokens", "kinds", "kind_set", "starts", "used", "lap_owner", "laps", "secs",
                 "not_a_stop", "red_flag")

    def __init__(self, start: int, end: int, tokens: list[Token], kinds: list[str], starts: list[int]) -> None:
        self.start = start
        self.end = end
        self.tokens = tokens
        self.kinds = kinds
        self.kind_set = frozenset(kinds)
        self.starts = starts
        self.used: set[int] = set()  # id() of the number tokens a claim has taken
        self.lap_owner: dict[int, list[str]] = {}  # a pit lap's start -> the drivers it was given to
        # set by dispatch.read_sentence before the rules of a statement run:
        self.laps: Laps | None  # its lap mentions (None: it has none to read)
        self.secs: list[Token] = _NO_SECS  # numbers in seconds that are no pace or per-lap figure
        self.not_a_stop: bool  # "which is not a pit stop"
        self.red_flag: bool  # a suspension (or a stop denied): its tyre change is no stop

    def last_driver_before(self, at: int) -> Token | None:
        """The last driver token (a name or a resolved pronoun) that ends by ``at``."""
        last = None
        for t in self.tokens:
            if t.end > at:
                break
            if t.kind is DRIVER:
                last = t
        return last
