"""Per-generation scores and their aggregates. Pure functions."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import polars as pl

from f1bench_pipeline.scoring.verdict import CONTRADICTED, SUPPORTED, UNVERIFIABLE, Verdict


class OracleFact(Protocol):
    """All the metric core reads of an oracle fact, whatever its domain (``oracle.DomainFact``)."""

    @property
    def fact_id(self) -> str: ...


@dataclass
class GenerationScore:
    n_claims: int
    n_supported: int
    n_contradicted: int
    n_unverifiable: int
    n_oracle: int
    n_covered: int
    precision: float | None
    strict_precision: float | None
    hallucination_rate: float | None
    recall: float
    f1: float
    abstained: bool
    covered_facts: list[str]
    missed_facts: list[str]


def coverage(verdicts: list[Verdict], oracle: Sequence[OracleFact]) -> tuple[list[str], list[str]]:
    """Oracle facts matched by a supported claim with the same key (each fact at most once)."""
    oracle_ids = [f.fact_id for f in oracle]
    matched: set[str] = set()
    for v in verdicts:
        if v.label != SUPPORTED:
            continue
        for fid in v.matched:
            if fid in oracle_ids and fid not in matched:
                matched.add(fid)
                break
    covered = [f for f in oracle_ids if f in matched]
    return covered, [f for f in oracle_ids if f not in matched]


def score_generation(verdicts: list[Verdict], oracle: Sequence[OracleFact]) -> GenerationScore:
    n = len(verdicts)
    sup = sum(v.label == SUPPORTED for v in verdicts)
    con = sum(v.label == CONTRADICTED for v in verdicts)
    unv = sum(v.label == UNVERIFIABLE for v in verdicts)
    covered, missed = coverage(verdicts, oracle)
    precision = sup / n if n else None
    strict = sup / (sup + con) if (sup + con) else None
    recall = len(covered) / len(oracle) if oracle else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision and recall else 0.0
    return GenerationScore(
        n_claims=n, n_supported=sup, n_contradicted=con, n_unverifiable=unv, n_oracle=len(oracle),
        n_covered=len(covered), precision=precision, strict_precision=strict,
        hallucination_rate=con / n if n else None, recall=recall, f1=f1, abstained=n == 0,
        covered_facts=covered, missed_facts=missed,
    )


def aggregate(scores: pl.DataFrame, by: list[str]) -> pl.DataFrame:
    """The leaderboard's means per ``by``: ``scoring.leaderboard.aggregate``, the same SQL as the
    ``leaderboard`` view (one definition), without intervals."""
    from f1bench_pipeline.scoring.leaderboard import aggregate as leaderboard_aggregate

    return leaderboard_aggregate(scores, by)


def spearman(a: list[float], b: list[float]) -> float | None:
    """Spearman's rho with average ranks for ties (None for fewer than 2 points)."""
    n = len(a)
    if n < 2:
        return None
    # (as floats: a list mixing 1 and 0.8 is one numeric type to a person, two to polars)
    ra = pl.Series(a, dtype=pl.Float64, strict=False).rank("average").to_list()
    rb = pl.Series(b, dtype=pl.Float64, strict=False).rank("average").to_list()
    ma, mb = sum(ra) / n, sum(rb) / n
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    va = sum((x - ma) ** 2 for x in ra) ** 0.5
    vb = sum((y - mb) ** 2 for y in rb) ** 0.5
    return cov / (va * vb) if va and vb else None


def kendall_tau_b(a: list[float], b: list[float]) -> float | None:
    """Kendall's tau-b with the tie correction: (n_c - n_d) / sqrt((n0 - n1)(n0 - n2)), where
    n0 = n(n-1)/2 pairs, n1 / n2 = pairs tied in ``a`` / in ``b`` (a pair tied in both counts in
    both). None for fewer than 2 points or when either side is all ties (a 0 denominator).

    The same definition as the ``kendall_tau_b_precision_vs_f1`` column of the
    ``ranking_inversion`` views; one pass over the pairs of systems (system counts are small).
    """
    if len(a) != len(b):
        raise ValueError(f"kendall_tau_b: {len(a)} values against {len(b)}")
    n = len(a)
    if n < 2:
        return None
    # (as floats, like spearman: a list mixing 1 and 0.8 is one numeric type)
    xa, xb = [float(x) for x in a], [float(y) for y in b]
    concordant = discordant = tied_a = tied_b = 0
    for i in range(n):
        for j in range(i + 1, n):
            tie_a, tie_b = xa[i] == xa[j], xb[i] == xb[j]
            tied_a += tie_a
            tied_b += tie_b
            if not (tie_a or tie_b):
                if (xa[i] > xa[j]) == (xb[i] > xb[j]):
                    concordant += 1
                else:
                    discordant += 1
    n0 = n * (n - 1) // 2
    denominator = ((n0 - tied_a) * (n0 - tied_b)) ** 0.5
    return (concordant - discordant) / denominator if denominator else None
