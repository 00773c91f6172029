"""py3langid's feature counts of a text, walked with numpy: the same counts, in the same order.

py3langid scores a text by walking its UTF-8 bytes through an Aho-Corasick automaton, one Python
step per byte (``langid.visit_counts``): ~60 % of a detection, and on the scoring path
(``language.with_detected``, for generations written before ``lang_detected`` existed) about a
sixth of an answer's scoring time.

In an Aho-Corasick automaton the state after a byte is the node of the longest suffix of the text
read so far that is a prefix of some feature; a feature has at most ``MODEL_DEPTH`` bytes, so that
state depends on the last ``MODEL_DEPTH`` bytes only: every position's state is found by walking
those few bytes from the start state, for all positions at once (``MODEL_DEPTH`` numpy gathers
instead of one Python step per byte). The feature ids seen, in text order, are counted by
``Counter`` as py3langid does: the same counts in the same first-seen order, so the scores it
computes from them are the same to the bit. ``MODEL_DEPTH`` is the model's (the deepest state of
the automaton, test_scoring_speed_gates.py recomputes it); ``IdentifierWalk`` falls back to the library's
walk if the model has no such tables.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
from py3langid.langid import LanguageIdentifier

# The deepest state of py3langid 0.4's automaton (its longest feature, in bytes);
# test_scoring_speed_gates.py recomputes it by a breadth-first walk of the automaton from its start state.
MODEL_DEPTH = 6


def automaton_depth(ident: LanguageIdentifier) -> int:
    """The largest number of bytes from the start state to a state of the automaton (breadth first)."""
    nxt = np.frombuffer(ident.tk_nextmove, dtype=np.uint32)
    rowbase = np.asarray(ident._rowbase, dtype=np.int64)
    depth = np.full(len(rowbase), -1, dtype=np.int64)
    depth[0] = 0
    frontier = np.zeros(1, dtype=np.int64)
    every_byte = np.arange(256, dtype=np.int64)
    d = 0
    while frontier.size:
        d += 1
        reached = np.unique(nxt[(rowbase[frontier][:, None] + every_byte).ravel()].astype(np.int64))
        frontier = reached[depth[reached] < 0]
        depth[frontier] = d
    return int(depth.max())


class IdentifierWalk(LanguageIdentifier):
    """py3langid's identifier with the byte walk done by numpy (module docstring)."""

    __slots__ = ("_walk",)
    _walk: tuple[Any, Any, Any] | None  # the automaton's tables as numpy arrays (None: not this layout)

    def _tables(self) -> tuple[Any, Any, Any] | None:
        try:
            return self._walk
        except AttributeError:
            pass
        try:
            walk: tuple[Any, Any, Any] | None = (
                np.frombuffer(self.tk_nextmove, dtype=np.uint32), np.asarray(self._rowbase, dtype=np.int64),
                np.asarray(self.tk_output, dtype=np.int64))
        except (AttributeError, TypeError, ValueError):  # another model layout: the library's walk
            walk = None
        self._walk = walk
        return walk

    def _raw_score(self, text: bytes) -> Any:
        walk = self._tables()
        if walk is None or not isinstance(text, bytes) or not text:
            return super()._raw_score(text)
        nxt, rowbase, out = walk
        b = np.frombuffer(text, dtype=np.uint8).astype(np.int64)
        n = b.size
        state = np.zeros(n, dtype=np.int64)
        # position i's state: the start state walked through bytes i-DEPTH+1 .. i (from byte 0 near the start)
        for j in range(MODEL_DEPTH - 1, 0, -1):
            if j < n:
                state[j:] = nxt[rowbase[state[j:]] + b[:n - j]]
        state = nxt[rowbase[state] + b].astype(np.int64)
        features = out[state]
        seen = features[features >= 0].tolist()
        if not seen:
            return super()._raw_score(text)  # no feature: the library's own fill
        return self._sparse_score(Counter(seen), self.nb_ptc)
