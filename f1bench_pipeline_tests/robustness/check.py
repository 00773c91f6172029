"""Score faithful style answers with the project's real scorer; list every false contradiction.

``check(instances, answers)`` runs ``domains.scoring.score_generations`` with the F1 domain and its
regex extractor (``domains.f1.extract.extract_claims``) -- exactly what the benchmark runs on
model answers -- over answers from ``styles.faithful_answers``. Since every answer is
faithful, every ``contradicted`` claim is an error of the extractor (or, rarely, of the
verifier): the report lists each one with its answer, and counts answers, claims,
contradicted and unverifiable claims per style × language × decision type.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import polars as pl

from f1bench_pipeline.domains import get_domain
from f1bench_pipeline.domains.scoring import score_generations

COUNT_KEYS = ("style", "family", "held_out", "lang", "decision_type")


@dataclass
class Report:
    """``failures``: one dict per contradicted claim; ``counts``: per style × lang × decision type;
    ``claims``: every claim with its answer's style (for further slicing)."""

    failures: list[dict[str, Any]]
    counts: pl.DataFrame
    claims: pl.DataFrame

    def by(self, *keys: str) -> pl.DataFrame:
        """The counts re-aggregated over ``keys`` (e.g. ``"family", "lang"``), with rates."""
        return _aggregate(self.counts, list(keys))


def _aggregate(counts: pl.DataFrame, keys: list[str]) -> pl.DataFrame:
    sums = ["answers", "claims", "supported", "contradicted", "unverifiable", "answers_with_contradiction"]
    out = counts.group_by(keys).agg([pl.col(c).sum() for c in sums]).sort(keys)
    return out.with_columns(
        (pl.col("contradicted") / pl.col("claims").clip(lower_bound=1)).round(4).alias("contradicted_rate"),
        (pl.col("answers_with_contradiction") / pl.col("answers").clip(lower_bound=1)).round(4).alias("answer_fail_rate"),
    )


def excerpt(text: str, start: int | None, end: int | None, width: int = 90) -> str:
    """The text around a span, the span in ⟦brackets⟧, on one line."""
    if start is None or end is None:
        return text[: 2 * width].replace("\n", " ⏎ ")
    lo, hi = max(0, start - width), min(len(text), end + width)
    s = ("…" if lo else "") + text[lo:start] + "⟦" + text[start:end] + "⟧" + text[end:hi] + ("…" if hi < len(text) else "")
    return s.replace("\n", " ⏎ ")


def check(instances: pl.DataFrame, answers: list[dict[str, Any]]) -> Report:
    """Score ``answers`` (dicts from ``faithful_answers``) against ``instances``.

    Each answer gets its own ``variant`` (``a<index>``) so its claims can be traced back to it;
    the variant does not affect scoring (facts are looked up by instance id)."""
    f1 = get_domain("f1")
    facts = f1.index(instances)
    kept = [(i, a) for i, a in enumerate(answers) if a["id"] in facts]
    meta = {f"a{i}": a for i, a in kept}
    gens = pl.DataFrame({
        "model": [a.get("model") or f"style-{a['style']}" for _, a in kept],
        "id": [a["id"] for _, a in kept],
        "lang": [a["lang"] for _, a in kept],
        "variant": [f"a{i}" for i, _ in kept],
        "status": ["ok"] * len(kept),
        "text": [a["text"] for _, a in kept],
    }, schema={"model": pl.Utf8, "id": pl.Utf8, "lang": pl.Utf8, "variant": pl.Utf8, "status": pl.Utf8, "text": pl.Utf8})
    claims, scores = score_generations(f1, gens, facts, None, "regex")

    style_cols = pl.DataFrame({
        "variant": list(meta),
        "style": [a["style"] for a in meta.values()],
        "family": [a.get("family") or a["style"] for a in meta.values()],
        "held_out": [bool(a.get("held_out")) for a in meta.values()],
    }, schema={"variant": pl.Utf8, "style": pl.Utf8, "family": pl.Utf8, "held_out": pl.Boolean})
    per_answer = scores.select("variant", "lang", "decision_type", "n_claims", "n_supported", "n_contradicted",
                               "n_unverifiable").join(style_cols, on="variant", how="left")
    counts = (per_answer.group_by(list(COUNT_KEYS)).agg(
        pl.len().alias("answers"),
        pl.col("n_claims").sum().alias("claims"),
        pl.col("n_supported").sum().alias("supported"),
        pl.col("n_contradicted").sum().alias("contradicted"),
        pl.col("n_unverifiable").sum().alias("unverifiable"),
        (pl.col("n_contradicted") > 0).sum().alias("answers_with_contradiction"),
    ).sort(list(COUNT_KEYS)))

    claims = claims.join(style_cols, on="variant", how="left")
    failures = []
    for c in claims.filter(pl.col("label") == "contradicted").iter_rows(named=True):
        a = meta[c["variant"]]
        failures.append({
            "answer": c["variant"], "id": c["id"], "style": a["style"], "family": a.get("family") or a["style"],
            "held_out": bool(a.get("held_out")), "lang": c["lang"], "decision_type": c["decision_type"],
            "kind": a.get("kind"), "seed": a.get("seed"), "type": c["type"], "slots": json.loads(c["slots"]),
            "span": c["span_text"], "span_start": c["span_start"], "span_end": c["span_end"], "reason": c["reason"],
            "expected": list(c["expected_facts"] or []), "excerpt": excerpt(a["text"], c["span_start"], c["span_end"]),
            "text": a["text"],
        })
    return Report(failures, counts, claims)
