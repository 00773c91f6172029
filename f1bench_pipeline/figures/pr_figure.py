"""The precision–recall figure: every system × language of a season with its 95% intervals,
iso-F1 curves, the inverted pairs, and labels placed so that none collides (matplotlib, Agg).

One drawing for the three places that show it: ``f1bench plot`` (SVG, PDF or PNG at print
resolution), the ``precision_recall_plot`` asset's metadata and the audit page. SVG keeps its
text as text (``svg.fonttype: none``), so a label can be searched, selected and measured, and
the output is byte-stable for the same data (no date, a fixed id salt).

Labels are placed in display coordinates once the axes are laid out (``placement.place_labels``);
the layout is fixed before (no ``tight_layout`` after), so saving at another resolution scales
everything alike and keeps them apart.
"""

from __future__ import annotations

import io
import textwrap
from dataclasses import dataclass
from typing import Any

from f1bench_pipeline.figures.placement import Box, overlapping_pairs, place_labels
from f1bench_pipeline.figures.pr_data import FigureData, Point

PRINT_DPI = 300  # PNG for print; SVG and PDF are vector
SCREEN_DPI = 110  # the PNG inlined in the asset's metadata
FORMATS = ("svg", "pdf", "png")
FIGSIZE = (7.6, 5.6)  # inches: a page-wide figure
AXES_RECT = (0.085, 0.2, 0.6, 0.74)  # left, bottom, width, height (figure fraction); legend at the right
ISO_F1 = (0.2, 0.4, 0.6, 0.8)
LABEL_SIZE = 7.5  # points
MARKER_SIZE = 6.5  # points
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "h")
PAIR_COLOUR = "#444444"
RC: Any = {"svg.fonttype": "none", "svg.hashsalt": "f1bench", "pdf.fonttype": 42, "font.family": "sans-serif",
      "font.sans-serif": ["DejaVu Sans"],
      "font.size": 8}


@dataclass
class Drawn:
    """A drawn figure, its label artists and their boxes (display points, as placed)."""

    figure: Any
    labels: list[Any]
    boxes: list[Box]

    def label_extents(self) -> list[Box]:
        """Each label's box as the renderer measures it now (what a test compares)."""
        renderer = self.figure.canvas.get_renderer()
        out = []
        for t in self.labels:
            e = t.get_window_extent(renderer)
            out.append(Box(e.x0, e.y0, e.x1, e.y1))
        return out


def _limits(points: list[Point]) -> tuple[tuple[float, float], tuple[float, float]]:
    """Axes ranges holding every point and interval, on tenths, up to 1 (both measures are shares)."""
    def span(vals: list[float]) -> tuple[float, float]:
        lo = max(0.0, (int(min(vals) * 10 - 0.5)) / 10) if vals else 0.0
        lo = 0.0 if lo <= 0.2 else lo  # near 0, show the whole range
        return lo, 1.0 + 0.04 * (1.0 - lo)

    xs = [v for p in points for v in (p.precision, p.precision_lo) if v is not None]
    ys = [v for p in points for v in (p.recall, p.recall_lo) if v is not None]
    return span(xs), span(ys)


def _styles(data: FigureData) -> tuple[dict[str, Any], dict[str, str]]:
    from matplotlib import colormaps

    cmap = colormaps["tab10"]
    colours = {s: cmap(i % 10) for i, s in enumerate(data.systems)}
    markers = {lang: MARKERS[i % len(MARKERS)] for i, lang in enumerate(data.langs)}
    return colours, markers


def _iso_f1(ax: Any, xlim: tuple[float, float], ylim: tuple[float, float]) -> list[tuple[float, Any, Any]]:
    """Curves of equal F1 (recall = F1·p / (2p − F1)); (F1, p, r) of each drawn, labelled later
    (:func:`_label_curves`) where no point label is."""
    import numpy as np

    curves = []
    for f in ISO_F1:
        p = np.linspace(max(f / 2 + 1e-3, xlim[0]), 1.0, 200)
        r = f * p / (2 * p - f)
        keep = (r >= ylim[0]) & (r <= ylim[1])
        if keep.sum() < 2:
            continue
        ax.plot(p[keep], r[keep], color="#bbbbbb", linewidth=0.7, linestyle="-", zorder=1, gid=f"iso_f1_{f:.1f}")
        curves.append((f, p[keep], r[keep]))
    return curves


def _label_curves(ax: Any, renderer: Any, curves: list[tuple[float, Any, Any]], taken: list[Box]) -> None:
    """Each iso-F1 curve's label at the first place along it, from its right end, that covers no
    label or point (``taken``); none when the curve has no such place."""
    for f, ps, rs in curves:
        t = ax.text(0, 0, f"F1={f:.1f}", fontsize=6.5, color="#888888", ha="right", va="bottom", zorder=1,
                    gid=f"iso_f1_label_{f:.1f}")
        for i in range(len(ps) - 1, -1, -8):
            t.set_position((ps[i], rs[i]))
            e = t.get_window_extent(renderer)
            box = Box(e.x0, e.y0, e.x1, e.y1)
            if box.inside(Box(*ax.get_window_extent(renderer).extents)) and not any(box.grown(2).overlaps(o) for o in taken):
                taken.append(box)
                break
        else:
            t.remove()


def _segment_boxes(x0: float, y0: float, x1: float, y1: float, every: float = 4.0) -> list[Box]:
    """Small boxes along a segment (display units): a line as soft obstacles."""
    n = max(1, int(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 / every))
    return [Box.around(x0 + (x1 - x0) * k / n, y0 + (y1 - y0) * k / n, 3, 3) for k in range(n + 1)]


def _pairs_between(data: FigureData) -> list[tuple[Point, Point]]:
    """The inverted pairs of one language, as the two points they join."""
    at = {(p.system, p.lang): p for p in data.points}
    out = []
    for pair in data.pairs:
        a, b = at.get((pair.system_a, pair.lang)), at.get((pair.system_b, pair.lang))
        if a is not None and b is not None:
            out.append((a, b))
    return out


def _footnote(data: FigureData) -> str:
    pooled = [p for p in data.pairs if p.lang == "all"]
    text = ("Points: mean precision and recall over each system's scored answers in one language; bars: 95% "
            "bootstrap intervals over instances (the leaderboard's). Dashed: a pair of systems ordered "
            "oppositely by precision and by F1 in that language, both 95% paired intervals excluding 0.")
    if pooled:
        text += " Pooled over languages: " + "; ".join(
            f"{p.system_a} vs {p.system_b} (precision {p.precision_diff:+.3f}, F1 {p.f1_diff:+.3f})" for p in pooled) + "."
    elif data.pairs or len(data.systems) > 1:
        text += " Pooled over languages: no such pair."
    if data.unplaced:  # named, not silently missing: an abstaining system is the paper's point
        by_system: dict[str, list[str]] = {}
        for system, lang in data.unplaced:
            by_system.setdefault(system, []).append(lang)
        text += (" Not drawn, every scored answer made no claim (no precision; recall 0): "
                 + "; ".join(f"{s} ({', '.join(langs)})" for s, langs in by_system.items()) + ".")
    return textwrap.fill(text, 125)


def draw(data: FigureData, dpi: float = 100) -> Drawn:
    """The figure of ``data`` (its labels placed); save it with :func:`to_bytes`."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D

    with matplotlib.rc_context(RC):
        fig = Figure(figsize=FIGSIZE, dpi=dpi)
        canvas = FigureCanvasAgg(fig)
        ax = fig.add_axes(AXES_RECT)
        (x0, x1), (y0, y1) = xlim, ylim = _limits(data.points)
        ax.set_xlim(x0, x1)
        ax.set_ylim(y0, y1)
        ax.set_xlabel("precision (supported claims / claims)")
        ax.set_ylabel("recall (oracle facts covered)")
        ax.set_title(data.title, fontsize=9)
        ax.grid(alpha=0.25, linewidth=0.5)
        curves = _iso_f1(ax, xlim, ylim)
        colours, markers = _styles(data)
        lines = _pairs_between(data)
        for a, b in lines:
            ax.plot([a.precision, b.precision], [a.recall, b.recall], color=PAIR_COLOUR, linestyle=(0, (4, 2)),
                    linewidth=1.0, zorder=2, gid=f"inversion_{a.lang}_{a.system}_{b.system}")
        soft: list[tuple[float, float, float, float]] = []  # interval bars, in data units
        for p in data.points:
            xerr = yerr = None
            if p.precision_lo is not None and p.precision_hi is not None:
                xerr = [[max(0.0, p.precision - p.precision_lo)], [max(0.0, p.precision_hi - p.precision)]]
                soft.append((p.precision_lo, p.recall, p.precision_hi, p.recall))
            if p.recall_lo is not None and p.recall_hi is not None:
                yerr = [[max(0.0, p.recall - p.recall_lo)], [max(0.0, p.recall_hi - p.recall)]]
                soft.append((p.precision, p.recall_lo, p.precision, p.recall_hi))
            bars = ax.errorbar([p.precision], [p.recall], xerr=xerr, yerr=yerr, fmt=markers[p.lang],
                               color=colours[p.system], markersize=MARKER_SIZE, markeredgecolor="white",
                               markeredgewidth=0.6, elinewidth=0.9, capsize=2.0, zorder=3)
            bars.lines[0].set_gid(f"point_{p.system}_{p.lang}")
            for coll in bars.lines[2]:
                coll.set_gid(f"interval_{p.system}_{p.lang}")
        handles = [Line2D([], [], color=colours[s], marker="o", linestyle="", markersize=6, label=s) for s in data.systems]
        handles += [Line2D([], [], color="#666666", marker=markers[lang], linestyle="", markersize=6, label=f"language {lang}")
                    for lang in data.langs]
        handles.append(Line2D([], [], color="#bbbbbb", linewidth=0.7, label="iso-F1 curve"))
        if data.pairs:
            handles.append(Line2D([], [], color=PAIR_COLOUR, linestyle=(0, (4, 2)), label="inverted pair"))
        ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.02, 1.0), fontsize=7.5, frameon=False,
                  borderaxespad=0.0)
        fig.text(AXES_RECT[0], 0.015, _footnote(data), fontsize=6.5, color="#333333", ha="left", va="bottom",
                 gid="footnote")
        labels, boxes = _place(fig, ax, data, colours, soft, lines)
        _label_curves(ax, canvas.get_renderer(), curves, [*boxes, *_marker_boxes(fig, ax, data)])
    return Drawn(fig, labels, boxes)


def _marker_half(fig: Any) -> float:
    return MARKER_SIZE * fig.dpi / 72.0 / 2 + 1


def _marker_boxes(fig: Any, ax: Any, data: FigureData) -> list[Box]:
    half = _marker_half(fig)
    centres = [ax.transData.transform((p.precision, p.recall)) for p in data.points]
    return [Box.around(float(x), float(y), 2 * half, 2 * half) for x, y in centres]


def _place(fig: Any, ax: Any, data: FigureData, colours: dict[str, Any],
           soft_bars: list[tuple[float, float, float, float]], lines: list[tuple[Point, Point]]) -> tuple[list[Any], list[Box]]:
    """Labels beside their points, none on another label or point, off the interval bars and the
    inverted pairs' lines where a spot near enough allows (``placement``)."""
    renderer = fig.canvas.get_renderer()
    to_px, scale = ax.transData, fig.dpi / 72.0  # display units are pixels here; sizes in points × scale
    texts = [ax.text(0, 0, p.label, fontsize=LABEL_SIZE, color=colours[p.system], ha="center", va="center", zorder=4,
                     gid=f"label_{p.system}_{p.lang}") for p in data.points]
    sizes = [(e.width, e.height) for e in (t.get_window_extent(renderer) for t in texts)]
    anchors = [tuple(to_px.transform((p.precision, p.recall))) for p in data.points]
    half = _marker_half(fig)
    obstacles = _marker_boxes(fig, ax, data)
    soft = []
    for xa, ya, xb, yb in soft_bars:
        (px0, py0), (px1, py1) = to_px.transform((xa, ya)), to_px.transform((xb, yb))
        soft.append(Box(min(px0, px1) - 1, min(py0, py1) - 1, max(px0, px1) + 1, max(py0, py1) + 1))
    for a, b in lines:
        soft += _segment_boxes(*to_px.transform((a.precision, a.recall)), *to_px.transform((b.precision, b.recall)))
    ab = ax.get_window_extent(renderer)
    boxes = place_labels(anchors, sizes, obstacles=obstacles, soft=soft, bounds=Box(ab.x0, ab.y0, ab.x1, ab.y1),
                         offset=half + 2 * scale, step=4 * scale, gap=2.5 * scale, soft_lookahead=5)
    inverse = to_px.inverted()
    for t, box, (x, y) in zip(texts, boxes, anchors):
        t.set_position(tuple(inverse.transform(box.centre)))
        ex, ey = box.nearest_point(x, y)
        if (ex - x) ** 2 + (ey - y) ** 2 > (half + 7 * scale) ** 2:  # pushed off its point: a leader line to it
            (lx0, ly0), (lx1, ly1) = inverse.transform((x, y)), inverse.transform((ex, ey))
            ax.plot([lx0, lx1], [ly0, ly1], color="#999999", linewidth=0.5, zorder=2)
    return texts, boxes


def to_bytes(drawn: Drawn, fmt: str, dpi: int = PRINT_DPI) -> bytes:
    """The figure as SVG, PDF or PNG bytes (PNG at ``dpi``); byte-stable for the same data."""
    import matplotlib

    if fmt not in FORMATS:
        raise ValueError(f"unknown figure format {fmt!r} (one of {', '.join(FORMATS)})")
    metadata: dict[str, Any] = {"svg": {"Date": None}, "pdf": {"CreationDate": None, "ModDate": None}}.get(fmt, {})
    buf = io.BytesIO()
    with matplotlib.rc_context(RC):
        drawn.figure.savefig(buf, format=fmt, dpi=dpi, metadata=metadata or None)
    return buf.getvalue()


def render(data: FigureData, fmt: str = "svg", dpi: int = PRINT_DPI) -> bytes:
    """:func:`draw` then :func:`to_bytes`."""
    return to_bytes(draw(data), fmt, dpi)


def overlaps(drawn: Drawn) -> list[tuple[str, str]]:
    """The labels whose measured boxes overlap (none, when placement worked)."""
    ext = drawn.label_extents()
    return [(drawn.labels[i].get_text(), drawn.labels[j].get_text()) for i, j in overlapping_pairs(ext)]
