"""Small matplotlib charts for asset metadata and reports (PNG bytes; no Dagster)."""

from __future__ import annotations

import io

import polars as pl


def _figure():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def pit_stops_per_race_png(pit_stops: pl.DataFrame) -> bytes | None:
    """Stacked bars: stops per race under green flag, safety car and VSC."""
    if pit_stops.is_empty():
        return None
    plt = _figure()
    counts = (
        pit_stops.with_columns(
            pl.when(pl.col("under_sc")).then(pl.lit("safety car"))
            .when(pl.col("under_vsc")).then(pl.lit("VSC"))
            .otherwise(pl.lit("green flag")).alias("condition")
        )
        .group_by("round", "condition").len()
        .pivot(on="condition", index="round", values="len")
        .fill_null(0)
        .sort("round")
    )
    fig, ax = plt.subplots(figsize=(8, 3), dpi=90)
    bottom = [0] * counts.height
    for cond, colour in (("green flag", "#2a9d8f"), ("safety car", "#e9c46a"), ("VSC", "#f4a261")):
        if cond in counts.columns:
            vals = counts[cond].to_list()
            ax.bar(counts["round"].to_list(), vals, bottom=bottom, label=cond, color=colour)
            bottom = [b + v for b, v in zip(bottom, vals)]
    ax.set_xlabel("round")
    ax.set_ylabel("pit stops")
    ax.legend(frameon=False, fontsize=8)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    plt.close(fig)
    return buf.getvalue()


def refinement_png(report: pl.DataFrame) -> bytes | None:
    """Precision, recall and F1 by round of verifier-guided generation, a line per system × language."""
    if report.is_empty():
        return None
    plt = _figure()
    fig, axes = plt.subplots(1, 3, figsize=(10, 3.4), dpi=90, sharey=True)
    cmap = plt.get_cmap("tab10")
    styles = {"en": "-", "es": "--", "pt": ":"}
    models = sorted(report["model"].unique().to_list())
    for ax, metric in zip(axes, ("precision", "recall", "f1")):
        for i, model in enumerate(models):
            for lang in sorted(report.filter(pl.col("model") == model)["lang"].unique().to_list()):
                sub = (report.filter((pl.col("model") == model) & (pl.col("lang") == lang))
                       .group_by("round").agg(pl.col(metric).mean()).sort("round"))
                ax.plot(sub["round"].to_list(), sub[metric].to_list(), styles.get(lang, "-"), marker="o",
                        color=cmap(i % 10), label=f"{model} ({lang})")
        ax.set_title(metric)
        ax.set_xlabel("round")
        ax.set_ylim(0, 1.05)
        ax.grid(alpha=0.3)
    axes[-1].legend(fontsize=6, frameon=False, loc="center left", bbox_to_anchor=(1, 0.5))
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", bbox_inches="tight")
    plt.close(fig)
    return buf.getvalue()


def loss_curve_png(losses: list[float], title: str = "training loss") -> bytes | None:
    """Training loss per optimizer step (thin line) and its running mean over ~5% of the run."""
    if not losses:
        return None
    plt = _figure()
    steps = list(range(1, len(losses) + 1))
    window = max(1, len(losses) // 20)
    smooth = [sum(losses[max(0, i - window + 1): i + 1]) / (i + 1 - max(0, i - window + 1)) for i in range(len(losses))]
    fig, ax = plt.subplots(figsize=(6, 3.4), dpi=90)
    ax.plot(steps, losses, color="#9bb7d4", linewidth=0.8, marker="o" if len(losses) <= 40 else None, markersize=2.5,
            label="per step")
    if window > 1:
        ax.plot(steps, smooth, color="#1d3557", linewidth=1.6, label=f"running mean ({window} steps)")
    ax.set_xlabel("optimizer step")
    ax.set_ylabel("loss (answer tokens)")
    ax.set_title(title)
    ax.grid(alpha=0.3)
    ax.legend(frameon=False, fontsize=8)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    plt.close(fig)
    return buf.getvalue()
