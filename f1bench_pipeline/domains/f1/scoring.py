"""F1's scoring: its instances' facts parsed once per id (``InstanceFacts``) and the generic
loop (``scoring.score.score_with``) run with F1's verifier and reading coverage, in this process
(``score_generations``) or on every core (``score_generations_parallel``)."""

from __future__ import annotations

import json
from typing import Any

import polars as pl

from f1bench_pipeline.domains.f1.instances.facts import Fact, facts_from_json
from f1bench_pipeline.domains.f1.verifier import ContextIndex, context_index, verify_claim
from f1bench_pipeline.scoring.pool import PARALLEL_MIN_ROWS
from f1bench_pipeline.scoring.score import Extractor, parallel_workers, score_parallel, score_with


class InstanceFacts:
    """Parsed oracle and context facts per instance id (shared by every language and variant)."""

    def __init__(self, instances: pl.DataFrame):
        cols = ["id", "facts", "context_facts", "entities", "decision_type", "kind", "season"]
        cols += [c for c in ("results_source", "context") if c in instances.columns]
        rows = instances.select(cols).unique(subset=["id"], keep="first")
        self.frame = rows  # what a worker process of score_generations_parallel is sent
        self._raw = {r["id"]: r for r in rows.iter_rows(named=True)}
        self._parsed: dict[str, tuple[list[Fact], ContextIndex, dict]] = {}

    def __contains__(self, instance_id: str) -> bool:
        return instance_id in self._raw

    def meta(self, instance_id: str) -> dict[str, Any]:
        return self._raw[instance_id]

    def get(self, instance_id: str) -> tuple[list[Fact], ContextIndex, dict]:
        hit = self._parsed.get(instance_id)
        if hit is None:
            r = self._raw[instance_id]
            idx = context_index(r)
            hit = (facts_from_json(r["facts"]), idx, json.loads(r["entities"]))
            self._parsed[instance_id] = hit
        return hit


def score_generations(
    generations: pl.DataFrame,
    instances: pl.DataFrame | InstanceFacts,
    extractor: Extractor,
    extractor_name: str = "regex",
    *,
    extractor_version: str | None = None,
    verifier_version: str | None = None,
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """(claims, scores) for every generation. Non-ok generations get a score row with nulls.
    The versions (``scoring.versions``) fill the rows' version columns (null when not given)."""
    from f1bench_pipeline.domains.f1.extract.coverage import reading_coverage

    facts = instances if isinstance(instances, InstanceFacts) else InstanceFacts(instances)
    return score_with(generations, facts, extractor, verify_claim, extractor_name,
                      extractor_version=extractor_version, verifier_version=verifier_version,
                      coverage=reading_coverage)


# In a worker process: instances' parsed facts kept between chunks and calls (as a reused
# ``InstanceFacts`` keeps them in one process), keyed by the very text they are parsed from.
_PARSED: dict[tuple, tuple] = {}
_PARSED_MAX = 200_000


def _score_chunk(generations: pl.DataFrame, instances: pl.DataFrame, extractor: Extractor, extractor_name: str,
                 extractor_version: str | None, verifier_version: str | None) -> tuple[pl.DataFrame, pl.DataFrame]:
    """In a worker process: ``score_generations`` of one chunk."""
    facts = InstanceFacts(instances)
    keys = {iid: (iid, r["facts"], r["context_facts"], r["entities"]) for iid, r in facts._raw.items()}
    for iid, key in keys.items():
        hit = _PARSED.get(key)
        if hit is not None:
            facts._parsed[iid] = hit
    out = score_generations(generations, facts, extractor, extractor_name,
                            extractor_version=extractor_version, verifier_version=verifier_version)
    if len(_PARSED) > _PARSED_MAX:
        _PARSED.clear()
    for iid, hit in facts._parsed.items():
        _PARSED[keys[iid]] = hit
    return out


def score_generations_parallel(
    generations: pl.DataFrame,
    instances: pl.DataFrame | InstanceFacts,
    extractor: Extractor,
    extractor_name: str = "regex",
    *,
    extractor_version: str | None = None,
    verifier_version: str | None = None,
    workers: int | None = None,
    min_rows: int = PARALLEL_MIN_ROWS,
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """``score_generations``, on every core when there are more than ``min_rows`` generations
    (this process and ``workers - 1`` worker processes): the same (claims, scores), in the same order. Runs in this process when there are fewer,
    when one worker is asked for, or when the extractor cannot be run elsewhere (a batch
    extractor with ``prepare`` -- the LLM one --, or a function a worker could not import)."""
    workers = parallel_workers(generations, extractor, workers, min_rows)
    if workers < 2:
        return score_generations(generations, instances, extractor, extractor_name,
                                 extractor_version=extractor_version, verifier_version=verifier_version)
    facts = instances if isinstance(instances, InstanceFacts) else InstanceFacts(instances)

    def here(chunk: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame]:
        return score_generations(chunk, facts, extractor, extractor_name,
                                 extractor_version=extractor_version, verifier_version=verifier_version)

    return score_parallel(generations, facts.frame, here, _score_chunk,
                          (extractor, extractor_name, extractor_version, verifier_version), workers)


def warm_worker() -> None:
    """In a worker (``scoring.pool.prestart``): the imports and compiled patterns every chunk
    needs (what this module imports: the extractor, the verifier, the facts and polars; score
    itself is then quick)."""
    import polars  # noqa: F401

    from f1bench_pipeline.domains.f1 import verifier  # noqa: F401
    from f1bench_pipeline.domains.f1.extract import extract_claims  # noqa: F401
    from f1bench_pipeline.domains.f1.extract.tokens import word_table
    from f1bench_pipeline.domains.f1.instances import facts  # noqa: F401

    for lang in ("en", "es", "pt"):
        word_table(lang)
