"""Extract → verify → score every generation, for any domain (pure; used by the assets and
`f1bench score`).

``score_with`` is the scoring loop and ``score_parallel`` spreads it over worker processes;
``domains/scoring.py`` runs them for every domain with the domain's instance index, extractor,
verifier and reading coverage."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import polars as pl
import pyarrow as pa

from f1bench_pipeline import language
from f1bench_pipeline.gc_pause import gc_paused
from f1bench_pipeline.scoring.metrics import score_generation
from f1bench_pipeline.scoring.pool import PARALLEL_MIN_ROWS, PARALLEL_WORKERS_ENV, scoring_workers  # noqa: F401
from f1bench_pipeline.scoring.pool import drop_scoring_pool as _drop_scoring_pool
from f1bench_pipeline.scoring.pool import scoring_pool as _scoring_pool
from f1bench_pipeline.scoring.verdict import Verdict

if TYPE_CHECKING:
    from polars._typing import PolarsDataType

# (answer text, lang, what the extractor reads of the instance) -> the answer's claims (a domain's claim
# model: ``type``, ``slots``, ``span``, ``extractor``)
Extractor = Callable[[str, str, Any], list]
# (answer text, lang, its claims) -> the share of its readable tokens they account for, or None
Coverage = Callable[[str, str, list], "float | None"]
# One encoder for every claim's slots (same text as json.dumps with these options). ``encode``
# builds json's C encoder anew on every call; the one built here once is reused (no circular
# reference check: slots are flat).
_ENCODER = json.JSONEncoder(sort_keys=True, ensure_ascii=False)
if json.encoder.c_make_encoder is not None:  # type: ignore[attr-defined]  # CPython's C encoder: not in typeshed
    _C_SLOTS = json.encoder.c_make_encoder(None, _ENCODER.default, json.encoder.encode_basestring, None,  # type: ignore[attr-defined]
                                           ": ", ", ", True, False, True)

    def _SLOTS_JSON(slots: dict) -> str:
        return "".join(_C_SLOTS(slots, 0))
else:  # pragma: no cover - CPython always has the C encoder
    _SLOTS_JSON = _ENCODER.encode  # type: ignore[assignment]  # the same function; conditional variants must match

# Statuses whose text is extracted and scored. A truncated answer is what the model wrote within its
# budget (the paper scores its 400-token answers as they are); its row keeps status "truncated", so
# the leaderboard (status = 'ok') still leaves it out and counts it, and the small-model study,
# which compares answers at the same budget, includes it.
SCOREABLE_STATUSES = ("ok", "truncated")

SCORE_SCHEMA: dict[str, PolarsDataType] = {
    "model": pl.Utf8, "id": pl.Utf8, "lang": pl.Utf8, "variant": pl.Utf8, "season": pl.Int64,
    "decision_type": pl.Utf8, "kind": pl.Utf8, "status": pl.Utf8, "extractor": pl.Utf8,
    "extraction_status": pl.Utf8, "extraction_error": pl.Utf8,
    "n_claims": pl.Int64, "n_supported": pl.Int64, "n_contradicted": pl.Int64, "n_unverifiable": pl.Int64,
    "n_oracle": pl.Int64, "n_covered": pl.Int64, "precision": pl.Float64, "strict_precision": pl.Float64,
    "hallucination_rate": pl.Float64, "recall": pl.Float64, "f1": pl.Float64, "abstained": pl.Boolean,
    "covered_facts": pl.List(pl.Utf8), "missed_facts": pl.List(pl.Utf8), "results_source": pl.Utf8,
    # share of the answer's numbers and driver mentions a claim or a skip rule accounts for
    # (domains/f1/extract/coverage.py; null outside F1 and for an answer with none)
    "reading_coverage": pl.Float64,
    "extractor_version": pl.Utf8, "verifier_version": pl.Utf8,  # scoring.versions: which code made the row
    # the answer was given today's instance row (false: an older version, against which it was verified;
    # null: the generation records no context hash) -- provenance.py
    "context_current": pl.Boolean,
    # the language the answer is written in (generations.lang_detected, language.py) and whether it is not
    # the one asked (null: unknown -- too short to tell, no answer, or scored before the column existed);
    # the leaderboard counts such answers (n_wrong_language) and keeps them out of the figures by default
    "lang_detected": pl.Utf8, "wrong_language": pl.Boolean,
}
CLAIM_SCHEMA: dict[str, PolarsDataType] = {
    "model": pl.Utf8, "id": pl.Utf8, "lang": pl.Utf8, "variant": pl.Utf8, "season": pl.Int64,
    "decision_type": pl.Utf8, "claim_index": pl.Int64, "type": pl.Utf8, "slots": pl.Utf8,
    "span_start": pl.Int64, "span_end": pl.Int64, "span_text": pl.Utf8, "label": pl.Utf8,
    "reason": pl.Utf8, "matched_fact": pl.Utf8, "expected_facts": pl.List(pl.Utf8), "extractor": pl.Utf8,
    "reading": pl.Utf8, "extractor_version": pl.Utf8, "verifier_version": pl.Utf8,
}


def _list_column(name: str, values: list[list[str] | None]) -> pl.Series:
    """A List(Utf8) column built from flat values and offsets: polars converts a Python list of
    lists element by element (~4 us per row), Arrow takes the flat list in one go. The flat parts
    go through polars, not ``pa.array``: pyarrow imports pandas (~1 s) on its first ``pa.array``."""
    offsets = [0]
    flat: list[str] = []
    nulls: list[bool] = []
    for v in values:
        if v:
            flat.extend(v)
        offsets.append(len(flat))
        nulls.append(v is None)
    mask = pl.Series(nulls, dtype=pl.Boolean).to_arrow() if any(nulls) else None
    arr = pa.ListArray.from_arrays(pl.Series(offsets, dtype=pl.Int32).to_arrow(),
                                   pl.Series(flat, dtype=pl.Utf8).to_arrow(), mask=mask)
    return pl.Series(name, arr, dtype=pl.List(pl.Utf8))


def _frame(cols: dict[str, list], schema: dict[str, PolarsDataType]) -> pl.DataFrame:
    """``pl.DataFrame(cols, schema=schema)``, with list-of-string columns built by ``_list_column``."""
    return pl.DataFrame([_list_column(c, v) if schema[c] == pl.List(pl.Utf8) else pl.Series(c, v, dtype=schema[c])
                         for c, v in cols.items()])


class ExtractionError(RuntimeError):
    """An extractor could not produce a valid claim list (never treated as 'no claims')."""


@gc_paused  # (no reference cycles among a call's objects: gc_pause.py)
def score_with(
    generations: pl.DataFrame,
    index: Any,
    extractor: Callable[[str, str, Any], list],
    verify: Callable[[Any, Any], Verdict],
    extractor_name: str = "regex",
    *,
    partition_column: str = "season",
    claim_schema: dict[str, PolarsDataType] = CLAIM_SCHEMA,
    score_schema: dict[str, PolarsDataType] = SCORE_SCHEMA,
    extractor_version: str | None = None,
    verifier_version: str | None = None,
    coverage: Coverage | None = None,
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """The scoring loop of every domain (called through ``domains.scoring.score_generations``).

    ``index`` knows the instances (a ``domains.base.InstanceIndex``): ``id in index``,
    ``index.meta(id)`` (the row: its partition column, ``decision_type``, ``kind``) and
    ``index.get(id)`` → its context (``.oracle``: the oracle facts, ``.extract_context``: what the
    extractor reads; ``verify(claim, context)`` reads the rest). ``coverage`` fills the rows'
    ``reading_coverage`` (null without it).
    """
    if hasattr(extractor, "prepare"):  # batch extractors (the LLM one) run every call up front
        jobs = []
        for g in generations.iter_rows(named=True):
            if g["id"] in index and (g.get("status") or "ok") in SCOREABLE_STATUSES and g.get("text"):
                jobs.append((g.get("text") or "", g["lang"], index.get(g["id"]).extract_context))
        extractor.prepare(jobs)
    # Column lists, not row dicts: building the frames is then a cheap, typed copy.
    score_cols: dict[str, list] = {c: [] for c in score_schema}
    claim_cols: dict[str, list] = {c: [] for c in claim_schema}
    all_claims: list = []
    all_verdicts: list = []
    all_slots: list[str] = []
    # A claim's verdict depends only on its type, its slots, how its driver was bound (an F1 claim's
    # ``binding``: a claim bound by proximity gets no alternative reading) and the instance's context:
    # the same claim about the same instance (from other models, languages, variants) is judged once
    # per call. Keyed by the slots' JSON text (which the claims table needs anyway), so 15 and 15.0,
    # or true and 1, stay apart.
    judged: dict[tuple[str, str, str, str | None], Verdict] = {}

    def add_score(row: dict) -> None:
        for c, values in score_cols.items():
            values.append(row.get(c))

    has_variant = "variant" in generations.columns
    generations = language.with_detected(generations)  # a table written before lang_detected existed
    for g in generations.iter_rows(named=True):
        iid = g["id"]
        if iid not in index:
            continue  # the importer reports unknown ids; scoring only what it can
        meta = index.meta(iid)
        variant = (g.get("variant") if has_variant else None) or "default"
        base = {"model": g["model"], "id": iid, "lang": g["lang"], "variant": variant,
                partition_column: meta[partition_column],
                "decision_type": meta["decision_type"], "kind": meta["kind"], "status": g.get("status") or "ok",
                "extractor": extractor_name, "results_source": meta.get("results_source"),
                "extractor_version": extractor_version, "verifier_version": verifier_version}
        ctx = index.get(iid)
        oracle = ctx.oracle
        if base["status"] in SCOREABLE_STATUSES:
            base["lang_detected"] = g.get("lang_detected")
            base["wrong_language"] = language.wrong_language(g["lang"], base["lang_detected"])
        if base["status"] not in SCOREABLE_STATUSES or (base["status"] != "ok" and not g.get("text")):
            add_score({**base, "n_oracle": len(oracle)})
            continue
        try:
            claims = extractor(g.get("text") or "", g["lang"], ctx.extract_context)
        except ExtractionError as exc:
            add_score({**base, "extraction_status": "error", "extraction_error": str(exc)[:500], "n_oracle": len(oracle)})
            continue
        slots_json = [_SLOTS_JSON(c.slots) for c in claims]
        verdicts = []
        for c, sj in zip(claims, slots_json):
            key = (iid, c.type, sj, getattr(c, "binding", None))
            v = judged.get(key)
            if v is None:
                v = judged[key] = verify(c, ctx)
            verdicts.append(v)
        sc = score_generation(verdicts, oracle)
        cov = coverage(g.get("text") or "", g["lang"], claims) if coverage is not None else None
        add_score({**base, "extraction_status": "ok", **sc.__dict__, "reading_coverage": cov})
        n = len(claims)
        for k in ("model", "id", "lang", "variant", partition_column, "decision_type"):
            claim_cols[k].extend([base[k]] * n)
        claim_cols["claim_index"].extend(range(n))
        all_claims.extend(claims)
        all_verdicts.extend(verdicts)
        all_slots.extend(slots_json)
    # The per-claim columns, one comprehension each (cheaper than ten appends per claim).
    spans = [c.span for c in all_claims]
    claim_cols["type"] = [c.type for c in all_claims]
    claim_cols["slots"] = all_slots
    claim_cols["span_start"] = [sp.start if sp else None for sp in spans]
    claim_cols["span_end"] = [sp.end if sp else None for sp in spans]
    claim_cols["span_text"] = [sp.text if sp else None for sp in spans]
    claim_cols["label"] = [v.label for v in all_verdicts]
    claim_cols["reason"] = [v.reason for v in all_verdicts]
    claim_cols["matched_fact"] = [v.matched[0] if v.matched else None for v in all_verdicts]
    claim_cols["expected_facts"] = [v.expected for v in all_verdicts]  # what a contradicted claim should have said
    claim_cols["extractor"] = [c.extractor for c in all_claims]
    claim_cols["reading"] = [getattr(v, "reading", None) for v in all_verdicts]  # verifier.READINGS
    claim_cols["extractor_version"] = [extractor_version] * len(all_claims)
    claim_cols["verifier_version"] = [verifier_version] * len(all_claims)
    return _frame(claim_cols, claim_schema), _frame(score_cols, score_schema)


# --- both cores: a large partition scored in worker processes ---------------------------------
# The scoring loop is Python under the GIL: one process scores on one core. A call with more than
# PARALLEL_MIN_ROWS generations is split into contiguous chunks scored by a pool of worker
# processes and concatenated in the original order. Every generation is scored on its own (the
# verdict memo only saves repeated work), so the claims and scores are the same, byte for byte.
def _importable(fn: Any) -> bool:
    """A worker process gets ``fn`` by its module and name: only when that is ``fn`` itself
    (a module-level function, not a closure, a method or a monkeypatched stand-in)."""
    import sys

    module, name = getattr(fn, "__module__", None), getattr(fn, "__qualname__", "")
    return bool(module) and "." not in name and "<" not in name and \
        getattr(sys.modules.get(module or ""), name, None) is fn


CHUNKS_PER_WORKER = 16  # chunks per process of a parallel call (an uneven chunk idles less of a core)
CHUNK_MIN_ROWS = 100     # ... of at least this many generations (each costs a round trip and a facts lookup)
QUEUED_PER_WORKER = 2    # chunks a worker holds: the next is there when it returns one
GIL_SWITCH_SECONDS = 0.0005  # the interpreter's thread switch interval while the workers are fed


def parallel_workers(generations: pl.DataFrame, extractor: Any, workers: int | None = None,
                     min_rows: int = PARALLEL_MIN_ROWS) -> int:
    """The processes to score ``generations`` on (1: this process only): ``workers`` (default
    ``$F1BENCH_SCORING_WORKERS``, else the usable CPUs), or 1 when there are at most ``min_rows``
    generations or the extractor cannot be run elsewhere (a batch extractor with ``prepare`` -- the
    LLM one --, or a function a worker could not import). ``extractor`` None: the domain's own,
    which a worker finds by the domain's name."""
    workers = scoring_workers() if workers is None else max(1, workers)
    serial = (workers < 2 or generations.height <= min_rows
              or (extractor is not None and (hasattr(extractor, "prepare") or not _importable(extractor))))
    return 1 if serial else workers


def score_parallel(
    generations: pl.DataFrame,
    instances: pl.DataFrame,
    here: Callable[[pl.DataFrame], tuple[pl.DataFrame, pl.DataFrame]],
    in_worker: Callable[..., tuple[pl.DataFrame, pl.DataFrame]],
    args: tuple,
    workers: int,
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """(claims, scores) of ``generations`` scored in contiguous chunks on ``workers`` processes
    (this one and ``workers - 1`` worker processes), concatenated in the original order: a chunk is
    scored by ``here(chunk)`` in this process, by ``in_worker(chunk, the instances rows of its ids,
    *args)`` in a worker (a module-level function: a worker imports it by name). Each generation
    is scored on its own, so the rows are the ones a single call would give, byte for byte."""
    # This process scores too (its imports are done): it takes chunks from the head while each
    # worker process, fed again the moment it returns a chunk (a done-callback, so it never waits
    # for this process to finish its own chunk), takes them from the tail, until the two ends
    # meet -- each chunk scored once. Small chunks (~0.3 s): at the end nobody waits long on one.
    import sys
    import threading
    from concurrent.futures.process import BrokenProcessPool

    n_chunks = min(CHUNKS_PER_WORKER * workers, max(2, generations.height // CHUNK_MIN_ROWS))
    size = -(-generations.height // n_chunks)
    chunks = [generations.slice(k, size) for k in range(0, generations.height, size)]
    ends = [0, len(chunks)]  # this process's next chunk; one past the workers' next
    lock = threading.Lock()
    futures: dict[int, Any] = {}
    pool = _scoring_pool(workers - 1)

    def feed(_done: Any = None) -> None:
        with lock:  # taken and submitted under the lock: once the ends meet, ``futures`` is complete
            if ends[0] >= ends[1]:
                return
            k = ends[1] - 1
            ids = chunks[k].get_column("id").unique()
            try:
                fut = pool.submit(in_worker, chunks[k], instances.filter(pl.col("id").is_in(ids)), *args)
            except Exception:  # a broken or shut pool: this process scores what is left
                return
            ends[1] = k
            futures[k] = fut
        fut.add_done_callback(feed)

    def take_head() -> int | None:
        with lock:
            if ends[0] >= ends[1]:
                return None
            ends[0] += 1
            return ends[0] - 1

    local: dict[int, tuple[pl.DataFrame, pl.DataFrame]] = {}
    broken = False
    # The pool's threads (results in, the next chunk out) need the GIL this process's scoring loop
    # holds; at the default 5 ms turns a worker waited ~0.3 s per chunk for them.
    switch = sys.getswitchinterval()
    sys.setswitchinterval(GIL_SWITCH_SECONDS)
    try:
        for _ in range(QUEUED_PER_WORKER * (workers - 1)):
            feed()
        while (k := take_head()) is not None:
            local[k] = here(chunks[k])
        parts = []
        for k in range(len(chunks)):
            if k in local:
                parts.append(local[k])
                continue
            try:
                parts.append(futures[k].result())
            except BrokenProcessPool:  # no worker could run it
                broken = True
                parts.append(here(chunks[k]))
    except BaseException:
        _drop_scoring_pool()
        raise
    finally:
        sys.setswitchinterval(switch)
    if broken:
        # No worker could start (a script without ``if __name__ == "__main__":`` under spawn, no
        # memory, ...): the same rows, from this process.
        _drop_scoring_pool()
        import logging

        logging.getLogger(__name__).warning("scoring worker processes failed: scored in this process")
    claims = pl.concat([p[0] for p in parts], how="vertical")
    scores = pl.concat([p[1] for p in parts], how="vertical")
    return claims, scores
