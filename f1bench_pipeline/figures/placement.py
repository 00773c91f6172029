"""Where a scatter's labels go so that none covers another, nor another point (pure geometry).

Deterministic, unlike iterative repulsion (adjustText moves labels until overlaps shrink, with
no guarantee that none is left): each label, in the order given, takes the first free spot on
rings of growing distance around its point — right of it first, then above, left, below and the
diagonals. A spot is free when its box, grown by ``gap``, meets no box already placed and no
obstacle (every point's marker), and lies inside ``bounds`` (the axes). A ring's free spots
that also miss the soft obstacles (error bars, other lines) are preferred, a few rings further
out at most; failing that, the spot meeting the fewest. Past ``max_rings`` the bounds are dropped: the plane always has room, so
every label is placed and no two overlap, however many points share a spot.

Units are the caller's (the renderer's display points, y up).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle: lower-left corner (x0, y0), upper-right (x1, y1)."""

    x0: float
    y0: float
    x1: float
    y1: float

    @classmethod
    def around(cls, cx: float, cy: float, w: float, h: float) -> Box:
        return cls(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)

    def grown(self, d: float) -> Box:
        return Box(self.x0 - d, self.y0 - d, self.x1 + d, self.y1 + d)

    def overlaps(self, other: Box) -> bool:
        """Interiors meet (touching edges do not count)."""
        return self.x0 < other.x1 and other.x0 < self.x1 and self.y0 < other.y1 and other.y0 < self.y1

    def inside(self, outer: Box) -> bool:
        return outer.x0 <= self.x0 and self.x1 <= outer.x1 and outer.y0 <= self.y0 and self.y1 <= outer.y1

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2

    def nearest_point(self, x: float, y: float) -> tuple[float, float]:
        """The point of the box closest to (x, y): where a leader line from (x, y) meets it."""
        return min(max(x, self.x0), self.x1), min(max(y, self.y0), self.y1)


def overlapping_pairs(boxes: Sequence[Box]) -> list[tuple[int, int]]:
    """Every (i, j), i < j, of boxes whose interiors meet."""
    return [(i, j) for i in range(len(boxes)) for j in range(i + 1, len(boxes)) if boxes[i].overlaps(boxes[j])]


# Directions tried on each ring, in order of preference (degrees; 0 = right of the point).
_PREFERRED = (0.0, 180.0, 90.0, 270.0, 45.0, 135.0, 315.0, 225.0)


def _directions(ring: int) -> list[float]:
    """The preferred eight, then (on outer rings, where a circle is longer) the angles between."""
    if ring < 2:
        return list(_PREFERRED)
    extra = [a + 22.5 for a in range(0, 360, 45)]
    return [*_PREFERRED, *extra]


def _candidate(ax: float, ay: float, w: float, h: float, distance: float, angle: float) -> Box:
    """The box whose edge nearest the point is ``distance`` away from it towards ``angle``: a label
    right of its point starts just after it, one above sits just over it."""
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    c = 0.0 if abs(c) < 1e-9 else c
    s = 0.0 if abs(s) < 1e-9 else s
    return Box.around(ax + c * (distance + w / 2), ay + s * (distance + h / 2), w, h)


def place_labels(anchors: Sequence[tuple[float, float]], sizes: Sequence[tuple[float, float]], *,
                 obstacles: Sequence[Box] = (), soft: Sequence[Box] = (), bounds: Box | None = None,
                 offset: float = 4.0, step: float = 6.0, gap: float = 1.5, max_rings: int = 40,
                 soft_lookahead: int = 2) -> list[Box]:
    """One box per label (its size ``sizes[i]``) near ``anchors[i]``, no two overlapping.

    ``offset``: the distance of the first ring from the point (clear of its marker); ``step``: between
    rings. ``obstacles``: boxes no label may cover (the markers); ``soft``: boxes a label avoids when
    a spot at most ``soft_lookahead`` rings further out misses them. ``gap``: the margin kept
    between two labels and between a label and an obstacle.
    """
    if len(anchors) != len(sizes):
        raise ValueError(f"{len(anchors)} anchors but {len(sizes)} sizes")
    placed: list[Box] = []
    for (ax, ay), (w, h) in zip(anchors, sizes):
        placed.append(_place_one(ax, ay, w, h, placed, obstacles, soft, bounds, offset, step, gap, max_rings,
                                 soft_lookahead))
    return placed


def _place_one(ax: float, ay: float, w: float, h: float, placed: Sequence[Box], obstacles: Sequence[Box],
               soft: Sequence[Box], bounds: Box | None, offset: float, step: float, gap: float, max_rings: int,
               soft_lookahead: int) -> Box:
    def hard_free(b: Box, bounded: bool) -> bool:
        g = b.grown(gap)
        if bounded and bounds is not None and not b.inside(bounds):
            return False
        return not any(g.overlaps(p) for p in placed) and not any(g.overlaps(o) for o in obstacles)

    def soft_hits(b: Box) -> int:
        return sum(b.overlaps(s) for s in soft)

    fallback: Box | None = None  # the hard-free spot meeting the fewest soft obstacles, while looking on
    fewest, fallback_ring = 0, -1
    ring = 0
    while True:
        bounded = ring < max_rings
        distance = offset + ring * step
        for angle in _directions(ring):
            box = _candidate(ax, ay, w, h, distance, angle)
            if not hard_free(box, bounded):
                continue
            hits = soft_hits(box) if soft else 0
            if hits == 0:
                return box
            if fallback is None or hits < fewest:
                fallback, fewest = box, hits
                fallback_ring = ring if fallback_ring < 0 else fallback_ring
        if fallback is not None and ring - fallback_ring >= soft_lookahead:
            return fallback
        ring += 1
