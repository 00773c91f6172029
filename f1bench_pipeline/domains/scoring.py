"""The generic scoring loop: extract → verify → score every generation of any domain.

The same metric code (``scoring.metrics.score_generation``) computes precision, strict
precision, hallucination rate, recall, F1 and abstention for every domain; the domain
only supplies the instance index, the extractor and the verifier. For F1 this loop and
``scoring.score.score_generations`` produce identical tables (tested), so F1's results
do not depend on which path computed them.

Output: ``(claims, scores)`` with the columns of ``scoring.score.CLAIM_SCHEMA`` /
``SCORE_SCHEMA``, the ``season`` column renamed to the domain's partition column.
"""

from __future__ import annotations

import json
from typing import Any

import polars as pl

from f1bench_pipeline.domains.base import Domain, InstanceIndex
from f1bench_pipeline.scoring.metrics import score_generation
from f1bench_pipeline.scoring.score import ExtractionError

_SLOTS_JSON = json.JSONEncoder(sort_keys=True, ensure_ascii=False).encode


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
    extract = extractor or domain.extractor()
    part = domain.partition_column
    score_schema, claim_schema = domain.score_schema(), domain.claim_schema()
    if hasattr(extract, "prepare"):
        jobs = [((g.get("text") or ""), g["lang"], index.get(g["id"]).extract_context)
                for g in generations.iter_rows(named=True)
                if g["id"] in index and (g.get("status") or "ok") == "ok"]
        extract.prepare(jobs)
    score_cols: dict[str, list] = {c: [] for c in score_schema}
    claim_cols: dict[str, list] = {c: [] for c in claim_schema}

    def add_score(row: dict) -> None:
        for c, values in score_cols.items():
            values.append(row.get(c))

    has_variant = "variant" in generations.columns
    for g in generations.iter_rows(named=True):
        iid = g["id"]
        if iid not in index:
            continue
        meta = index.meta(iid)
        variant = (g.get("variant") if has_variant else None) or "default"
        base = {"model": g["model"], "id": iid, "lang": g["lang"], "variant": variant, part: meta[part],
                "decision_type": meta["decision_type"], "kind": meta["kind"], "status": g.get("status") or "ok",
                "extractor": extractor_name}
        ctx = index.get(iid)
        if base["status"] != "ok":
            add_score({**base, "n_oracle": len(ctx.oracle)})
            continue
        try:
            claims = extract(g.get("text") or "", g["lang"], ctx.extract_context)
        except ExtractionError as exc:
            add_score({**base, "extraction_status": "error", "extraction_error": str(exc)[:500],
                       "n_oracle": len(ctx.oracle)})
            continue
        verdicts = [domain.verify(c, ctx) for c in claims]
        sc = score_generation(verdicts, ctx.oracle)
        add_score({**base, "extraction_status": "ok", **sc.__dict__})
        for i, (c, v) in enumerate(zip(claims, verdicts, strict=True)):
            row = {**base, "claim_index": i, "type": c.type, "slots": _SLOTS_JSON(c.slots),
                   "span_start": c.span.start if c.span else None, "span_end": c.span.end if c.span else None,
                   "span_text": c.span.text if c.span else None, "label": v.label, "reason": v.reason,
                   "matched_fact": v.matched[0] if v.matched else None,
                   "expected_facts": list(getattr(v, "expected", None) or []), "extractor": c.extractor}
            for col, values in claim_cols.items():
                values.append(row.get(col))
    return pl.DataFrame(claim_cols, schema=claim_schema), pl.DataFrame(score_cols, schema=score_schema)
