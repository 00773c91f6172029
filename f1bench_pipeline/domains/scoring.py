"""The scoring loop for any domain: extract → verify → score every generation.

There is one loop, ``scoring.score.score_with``; F1 calls it with its own index and
verifier (``domains.f1.scoring.score_generations``), every other domain through this module
with the domain's index, extractor and verifier. So the same metric code
(``scoring.metrics.score_generation``) computes precision, strict precision,
hallucination rate, recall, F1 and abstention everywhere, and F1's tables are identical
whichever path computed them (tested).

Output: ``(claims, scores)`` with the columns of ``scoring.score.CLAIM_SCHEMA`` /
``SCORE_SCHEMA``, the ``season`` column renamed to the domain's partition column.
"""

from __future__ import annotations

from typing import Any

import polars as pl

from f1bench_pipeline.domains.base import Domain, InstanceIndex
from f1bench_pipeline.scoring.score import score_with


class _Contexts:
    """``InstanceIndex`` in the shape the loop reads: ``get`` → (oracle, verify context,
    extract context)."""

    def __init__(self, index: InstanceIndex):
        self.index = index

    def __contains__(self, instance_id: str) -> bool:
        return instance_id in self.index

    def meta(self, instance_id: str) -> dict[str, Any]:
        return self.index.meta(instance_id)

    def get(self, instance_id: str) -> tuple[list, Any, Any]:
        ctx = self.index.get(instance_id)
        return ctx.oracle, ctx, ctx.extract_context


def score_domain_generations(
    domain: Domain,
    generations: pl.DataFrame,
    instances: pl.DataFrame | InstanceIndex,
    extractor: Any = None,
    extractor_name: str = "regex",
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """(claims, scores) for every generation; non-ok generations get a score row with nulls.

    ``extractor`` defaults to the domain's regex extractor; any callable
    ``(text, lang, extract_context) -> claims`` works (a batch extractor may expose
    ``prepare(jobs)``, called once with every ok generation first, as in F1).
    """
    index = instances if isinstance(instances, InstanceIndex) else domain.index(instances)
    return score_with(generations, _Contexts(index), extractor or domain.extractor(), domain.verify, extractor_name,
                      partition_column=domain.partition_column, claim_schema=domain.claim_schema(),
                      score_schema=domain.score_schema(), coverage=domain.reading_coverage)
