"""How many answers to review for a target interval on corrected precision (pure).

The corrected mean is the automatic mean over the N scored answers plus the mean of
d = human − automatic over n reviewed ones (``scoring/leaderboard.py``). Its variance is
about var(a) / N + var(d) / n, so a half-width h at z (1.96 for 95%) needs

    n = z² · var(d) / (h² − z² · var(a) / N)

reviewed answers — none possible when the automatic part alone is wider than h (then more
answers, not more reviews, are needed). var(d) is the variance observed on the system's
reviewed answers once it has ``review_plan_min_reviewed`` of them, else the stated default
``review_plan_default_sd``² (settings). Claims of one instance's three languages share its
errors, so this is a lower bound when the reviewed answers are few per instance.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import polars as pl

Z95 = 1.959964


@dataclass(frozen=True)
class PlanRow:
    model: str
    n_scored: int
    n_reviewed: int
    sd_automatic: float
    sd_difference: float
    sd_source: str  # "observed" or "default"
    needed: int | None  # answers to review in all; None: unreachable at this half-width
    more: int | None  # needed minus those already reviewed (0 when enough)


def answers_needed(sd_difference: float, sd_automatic: float, n_scored: int, half_width: float,
                   z: float = Z95) -> int | None:
    """Reviewed answers for a half-width of ``half_width`` (None when the automatic part alone exceeds it)."""
    room = half_width ** 2 - (z * sd_automatic) ** 2 / max(n_scored, 1)
    if room <= 0:
        return None
    return min(n_scored, max(2, math.ceil((z * sd_difference) ** 2 / room)))


def plan(scores: pl.DataFrame, reviews: pl.DataFrame, *, half_width: float, default_sd: float, min_reviewed: int,
         z: float = Z95) -> list[PlanRow]:
    """One row per model of ``scores`` (scored answers with a precision) given its ``review_scores`` rows."""
    scored = scores.filter((pl.col("status") == "ok") & (pl.col("extraction_status") == "ok")
                           & pl.col("precision").is_not_null())
    key = ["model", "season", "id", "lang", "variant", "extractor"]
    diffs = pl.DataFrame(schema={"model": pl.Utf8, "d": pl.Float64})
    if reviews.height:
        human = reviews.group_by(key).agg(pl.col("precision_human").mean())
        diffs = scored.join(human, on=key).select("model", (pl.col("precision_human") - pl.col("precision")).alias("d"))
    out = []
    for model in sorted(set(scored["model"])):
        auto = scored.filter(pl.col("model") == model)["precision"]
        d = diffs.filter(pl.col("model") == model)["d"].drop_nulls()
        observed = d.len() >= min_reviewed
        sd_d = float(d.std() or 0.0) if observed else default_sd
        sd_a = float(auto.std() or 0.0)
        needed = answers_needed(sd_d, sd_a, auto.len(), half_width, z)
        out.append(PlanRow(model, auto.len(), d.len(), sd_a, sd_d, "observed" if observed else "default", needed,
                           None if needed is None else max(0, needed - d.len())))
    return out
