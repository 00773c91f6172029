"""The scoring road of every domain (F1, weather, a plug-in): extract → verify → score every
generation, in this process (``score_generations``) or on every core
(``score_generations_parallel``).

One loop, ``scoring.score.score_with``, run over the domain's instance index
(``Domain.index``) with its extractor, verifier and reading coverage (``Domain.extractor``,
``verifier``, ``coverage``: taken once per call), so the same metric code
(``scoring.metrics.score_generation``) computes precision, strict precision, hallucination
rate, recall, F1 and abstention everywhere. Nothing here names a domain: what differs between
domains is a method or an attribute of ``domains.base.Domain``.

Output: ``(claims, scores)`` with the columns of the domain's ``claim_schema()`` /
``score_schema()`` (``scoring.score.CLAIM_SCHEMA`` / ``SCORE_SCHEMA``, the ``season`` column
renamed to the domain's partition column).
"""

from __future__ import annotations

import polars as pl

from f1bench_pipeline.domains import get_domain
from f1bench_pipeline.domains.base import Domain, InstanceContext, InstanceIndex
from f1bench_pipeline.scoring.pool import PARALLEL_MIN_ROWS
from f1bench_pipeline.scoring.score import Extractor, parallel_workers, score_parallel, score_with


def score_generations(
    domain: Domain,
    generations: pl.DataFrame,
    instances: pl.DataFrame | InstanceIndex,
    extractor: Extractor | None = None,
    extractor_name: str = "regex",
    *,
    extractor_version: str | None = None,
    verifier_version: str | None = None,
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """(claims, scores) for every generation; non-ok generations get a score row with nulls.

    ``instances``: the instance rows, or their ``domain.index(...)`` (reused, its instances are
    parsed once). ``extractor`` defaults to the domain's own (``Domain.extractor()``); any callable
    ``(text, lang, extract_context) -> claims`` works (a batch extractor may expose
    ``prepare(jobs)``, called once with every ok generation first: F1's LLM extractor). The
    versions (``domains/versions.py``) fill the rows' version columns (null when not given).
    """
    index = instances if isinstance(instances, InstanceIndex) else domain.index(instances)
    return score_with(generations, index, extractor or domain.extractor(), domain.verifier(), extractor_name,
                      partition_column=domain.partition_column, claim_schema=domain.claim_schema(),
                      score_schema=domain.score_schema(), extractor_version=extractor_version,
                      verifier_version=verifier_version, coverage=domain.coverage())


def score_generations_parallel(
    domain: Domain,
    generations: pl.DataFrame,
    instances: pl.DataFrame | InstanceIndex,
    extractor: Extractor | None = None,
    extractor_name: str = "regex",
    *,
    extractor_version: str | None = None,
    verifier_version: str | None = None,
    workers: int | None = None,
    min_rows: int = PARALLEL_MIN_ROWS,
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """``score_generations``, on every core when there are more than ``min_rows`` generations
    (this process and ``workers - 1`` worker processes): the same (claims, scores), in the same
    order. Runs in this process when there are fewer, when one worker is asked for, or when the
    extractor cannot be run elsewhere (a batch extractor with ``prepare`` -- F1's LLM one --, or
    a function a worker could not import). A worker is sent the index's instance rows and the
    domain's name (``domains.get_domain`` finds a plug-in domain by its entry point too)."""
    workers = parallel_workers(generations, extractor, workers, min_rows)
    if workers < 2:
        return score_generations(domain, generations, instances, extractor, extractor_name,
                                 extractor_version=extractor_version, verifier_version=verifier_version)
    index = instances if isinstance(instances, InstanceIndex) else domain.index(instances)

    def here(chunk: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame]:
        return score_generations(domain, chunk, index, extractor, extractor_name,
                                 extractor_version=extractor_version, verifier_version=verifier_version)

    return score_parallel(generations, index.frame, here, _score_chunk,
                          (domain.name, extractor, extractor_name, extractor_version, verifier_version), workers)


# In a worker process: instances' parsed contexts kept between chunks and calls (as a reused
# index keeps them in one process), keyed by the domain and the very row values they are parsed from.
_PARSED: dict[tuple, InstanceContext] = {}
_PARSED_MAX = 200_000


def _score_chunk(generations: pl.DataFrame, instances: pl.DataFrame, domain_name: str, extractor: Extractor | None,
                 extractor_name: str, extractor_version: str | None,
                 verifier_version: str | None) -> tuple[pl.DataFrame, pl.DataFrame]:
    """In a worker process: ``score_generations`` of one chunk."""
    domain = get_domain(domain_name)
    index = domain.index(instances)
    keys = {iid: (domain_name, *values) for iid, values in index.row_keys().items()}
    for iid, key in keys.items():
        hit = _PARSED.get(key)
        if hit is not None:
            index.reuse(iid, hit)
    out = score_generations(domain, generations, index, extractor, extractor_name,
                            extractor_version=extractor_version, verifier_version=verifier_version)
    if len(_PARSED) > _PARSED_MAX:
        _PARSED.clear()
    for iid, context in index.parsed().items():
        _PARSED[keys[iid]] = context
    return out


def warm_worker(domain_name: str) -> None:
    """In a worker (``scoring.pool.prestart``): the domain imported and its scoring code warmed
    (``Domain.warm_worker``), so its first chunk is quick."""
    get_domain(domain_name).warm_worker()
