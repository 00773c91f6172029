"""The precision–recall figure (#42): label placement, the drawing, and `f1bench plot` on the sample build."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from f1bench_pipeline.figures.placement import Box, overlapping_pairs, place_labels
from f1bench_pipeline.figures.pr_data import FigureData, Pair, Point

REPO = Path(__file__).resolve().parents[1]


def test_nine_labels_on_one_spot_come_out_apart():
    """The crowded case: nine points at the same place, labels of unequal width, in a small axes box."""
    anchors = [(100.0, 100.0)] * 9
    sizes = [(40.0 + 7 * k, 9.0) for k in range(9)]
    marker = Box.around(100, 100, 8, 8)
    bounds = Box(0, 0, 220, 160)
    boxes = place_labels(anchors, sizes, obstacles=[marker], bounds=bounds, offset=5, step=4, gap=1.5)
    assert len(boxes) == 9
    assert overlapping_pairs(boxes) == []
    assert not any(b.overlaps(marker) for b in boxes)
    assert all(b.inside(bounds) for b in boxes)
    for b, (w, h) in zip(boxes, sizes):  # each label keeps its size
        assert (b.x1 - b.x0, b.y1 - b.y0) == pytest.approx((w, h))
    # deterministic: the same input, the same places
    assert place_labels(anchors, sizes, obstacles=[marker], bounds=bounds, offset=5, step=4, gap=1.5) == boxes


def test_labels_leave_the_bounds_only_when_there_is_no_room_inside():
    """Twenty wide labels on one point of a tiny box: every one placed, still none overlapping."""
    boxes = place_labels([(10.0, 10.0)] * 20, [(60.0, 10.0)] * 20, bounds=Box(0, 0, 40, 30), max_rings=5)
    assert len(boxes) == 20 and overlapping_pairs(boxes) == []


def test_a_lone_label_sits_right_of_its_point_and_avoids_a_soft_obstacle_nearby():
    (alone,) = place_labels([(50.0, 50.0)], [(30.0, 8.0)], offset=5)
    assert alone.x0 == pytest.approx(55) and alone.centre[1] == pytest.approx(50)
    bar = Box(54, 49, 120, 51)  # an interval bar running right of the point
    (moved,) = place_labels([(50.0, 50.0)], [(30.0, 8.0)], offset=5, soft=[bar])
    assert not moved.overlaps(bar)


def _crowded() -> FigureData:
    """Nine systems × one language at the same precision and recall (the audit page's worst case)."""
    pts = [Point(f"template-sys{k}", "es", 0.8, 0.5, 0.615, 100, 0.75, 0.85, 0.45, 0.55) for k in range(9)]
    return FigureData(2025, "default", points=pts)


def test_the_drawn_figure_keeps_crowded_labels_apart():
    from f1bench_pipeline.figures.pr_figure import draw, overlaps

    drawn = draw(_crowded())
    assert len(drawn.labels) == 9
    assert overlaps(drawn) == []  # measured by the renderer, not the placement's own boxes


def test_svg_keeps_text_as_text_and_is_byte_stable():
    from f1bench_pipeline.figures.pr_figure import render

    data = FigureData(2025, "default", points=[
        Point("a", "en", 0.9, 0.3, 0.45, 50, 0.85, 0.95, 0.25, 0.35),
        Point("b", "en", 0.7, 0.6, 0.646, 50, 0.65, 0.75, 0.55, 0.65)],
        pairs=[Pair("en", "a", "b", 0.2, -0.19)])
    svg = render(data, "svg").decode()
    assert ">a · en</text>" in svg and ">b · en</text>" in svg
    assert 'id="inversion_en_a_b"' in svg
    assert render(data, "svg").decode() == svg


def _env(settings) -> dict[str, str]:
    """An f1bench subprocess over the sample build's data dir."""
    return {**os.environ, "F1BENCH_DATA_DIR": str(settings.data_dir), "PYTHONPATH": str(REPO), "F1BENCH_PROGRESS": ""}


@pytest.fixture(scope="module")
def plotted(sample_build, tmp_path_factory):
    """`f1bench plot` on the sample build, as a user runs it: SVG, PDF and PNG of the test season."""
    out = tmp_path_factory.mktemp("plot")
    s = sample_build["settings"]
    env = _env(s)
    runs = {}
    for suffix in ("svg", "pdf", "png"):
        runs[suffix] = subprocess.run([sys.executable, "-m", "f1bench_pipeline.cli", "plot", "--out", str(out / f"fig.{suffix}")],
                                      capture_output=True, text=True, env=env, cwd=REPO, timeout=600)
    return out, runs, s


def _scored(settings) -> set[tuple[str, str]]:
    from f1bench_pipeline.figures.pr_data import POINTS_SQL, reader_rows

    rows, close = reader_rows(settings.warehouse_dir)
    try:
        return {(r["model"], r["lang"]) for r in rows(POINTS_SQL, [settings.test_season, "default", "regex"])}
    finally:
        close()


def test_plot_svg_draws_every_scored_system_with_intervals(plotted):
    out, runs, settings = plotted
    assert runs["svg"].returncode == 0, runs["svg"].stderr
    svg = (out / "fig.svg").read_text(encoding="utf-8")
    scored = _scored(settings)
    assert len({m for m, _ in scored}) >= 3 and len(scored) >= 9  # the sample: 3 templates × 3 languages
    for model, lang in scored:
        assert f">{model} · {lang}</text>" in svg, (model, lang)
        assert f'id="interval_{model}_{lang}"' in svg  # its error bars
        assert f'id="point_{model}_{lang}"' in svg
    assert svg.count('id="interval_') >= 2 * len(scored)  # precision and recall bars of each
    assert "F1=0.4" in svg  # the iso-F1 curves


def test_plot_png_is_at_print_resolution_and_pdf_is_valid(plotted):
    out, runs, _ = plotted
    from PIL import Image

    assert runs["png"].returncode == 0 and runs["pdf"].returncode == 0, (runs["png"].stderr, runs["pdf"].stderr)
    with Image.open(out / "fig.png") as img:
        assert img.format == "PNG"
        dpi = img.info.get("dpi", (0, 0))
        assert round(dpi[0]) >= 300
        assert img.size[0] >= 7 * 300  # a page-wide figure at 300 dpi
    pdf = (out / "fig.pdf").read_bytes()
    assert pdf.startswith(b"%PDF-") and pdf.rstrip().endswith(b"%%EOF")
    assert re.search(rb"/Type\s*/Page\b", pdf)


def test_plot_says_what_is_wrong_in_one_line(plotted, tmp_path):
    _, _, settings = plotted
    env = _env(settings)
    bad = subprocess.run([sys.executable, "-m", "f1bench_pipeline.cli", "plot", "--out", str(tmp_path / "fig.jpg")],
                         capture_output=True, text=True, env=env, cwd=REPO, timeout=300)
    assert bad.returncode == 2 and bad.stderr.strip().count("\n") == 0 and ".svg, .pdf or .png" in bad.stderr
    none = subprocess.run([sys.executable, "-m", "f1bench_pipeline.cli", "plot", "--out", str(tmp_path / "f.svg"),
                           "--systems", "no-such-system"], capture_output=True, text=True, env=env, cwd=REPO, timeout=300)
    assert none.returncode == 2 and "no-such-system" in none.stderr and "template-" in none.stderr
    assert not (tmp_path / "f.svg").exists()


def test_the_asset_draws_each_season_with_every_scored_system(sample_build, dagster_instance):
    """``precision_recall_plot`` is materialized per season by the build, its figure inline in the
    metadata and its SVG naming every system × language scored that season."""
    import dagster as dg

    for season in sample_build["seasons"]:
        records = dagster_instance.fetch_materializations(dg.AssetRecordsFilter(
            asset_key=dg.AssetKey("precision_recall_plot"), asset_partitions=[str(season)]), limit=1).records
        assert records, season
        meta = records[0].asset_materialization.metadata
        assert "](data:image/png;base64," in meta["plot"].value
        svg = Path(meta["svg"].value).read_text(encoding="utf-8")
        settings = sample_build["settings"]
        from f1bench_pipeline.figures.pr_data import POINTS_SQL, reader_rows

        rows, close = reader_rows(settings.warehouse_dir)
        try:
            scored = {(r["model"], r["lang"]) for r in rows(POINTS_SQL, [season, "default", "regex"])}
        finally:
            close()
        assert scored and all(f">{m} · {lang}</text>" in svg for m, lang in scored), season
        assert f"season {season}" in svg


def test_plot_keeps_the_systems_and_languages_asked_for(plotted, tmp_path):
    _, _, settings = plotted
    out = tmp_path / "terse.svg"
    r = subprocess.run([sys.executable, "-m", "f1bench_pipeline.cli", "plot", "--out", str(out), "--systems",
                        "template-terse,no-such-system", "--langs", "es,pt"],
                       capture_output=True, text=True, env=_env(settings), cwd=REPO, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "WARN not scored" in r.stderr and "no-such-system" in r.stderr
    assert "1 system × 2 languages" in r.stdout
    svg = out.read_text(encoding="utf-8")
    labels = set(re.findall(r">(template-[a-z]+ · [a-z]+)</text>", svg))
    assert labels == {"template-terse · es", "template-terse · pt"}
