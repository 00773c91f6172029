"""The domain interface (issue #7): F1 is scored through the one scoring road every domain
takes; both domains answer the whole interface."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest
from polars.testing import assert_frame_equal

from f1bench_pipeline.discovery import domain_names
from f1bench_pipeline.domains import get_domain
from f1bench_pipeline.domains.base import Domain
from f1bench_pipeline.domains.scoring import score_generations

DEV_JSONL = Path(__file__).resolve().parents[2] / "shared" / "data" / "paper_generations" / "dev.jsonl"


def test_domains_implement_the_interface():
    assert domain_names() == ["f1", "weather"]
    for name in domain_names():
        d = get_domain(name)
        assert isinstance(d, Domain) and d.name == name
        assert d.languages == ("en", "es", "pt") and d.fact_types and d.claim_types and d.tolerances
        # every fact type is claimed by its own claim type, but for the ones another type checks (the
        # weather's gap; F1's order and places around the stops, checked by relative_position/position_change)
        assert set(d.fact_types) <= set(d.claim_types) | {"gap", "race_position", "running_order"}
        assert d.score_schema()[d.partition_column] == d.partition_dtype
    assert get_domain("f1").tolerances["gain"] == {"seconds": 0.5}
    assert get_domain("weather").tolerances["temperature_c"] == 0.5
    with pytest.raises(KeyError, match="unknown domain"):
        get_domain("finance")


def _f1_generations(instances: pl.DataFrame) -> pl.DataFrame:
    f1 = get_domain("f1")
    rows = []
    for kind in ("faithful", "noisy", "terse"):
        for r in instances.head(400).iter_rows(named=True):
            rows.append({"model": f"template-{kind}", "id": r["id"], "lang": r["lang"], "variant": r["variant"],
                         "status": "ok", "text": f1.template_answer(kind, r["facts"], r["lang"], r["id"], r["entities"])})
    ids = instances.select("id", "lang", "variant").unique().sort("id", "lang", "variant").rows()
    if DEV_JSONL.exists():  # real model prose (other instances' answers: extraction and verification still run)
        for (iid, lang, variant), line in zip(ids, DEV_JSONL.read_text(encoding="utf-8").splitlines()[:300]):
            rec = json.loads(line)
            rows.append({"model": "paper-model", "id": iid, "lang": lang, "variant": variant, "status": "ok",
                         "text": rec.get("text") or ""})
    iid, lang, variant = ids[0]
    rows.append({"model": "broken", "id": iid, "lang": lang, "variant": variant, "status": "error", "text": ""})
    rows.append({"model": "broken", "id": "not-an-instance", "lang": "en", "variant": "default", "status": "ok",
                 "text": "HAM pitted on lap 3."})
    rows.append({"model": "silent", "id": iid, "lang": lang, "variant": variant, "status": "ok", "text": ""})
    return pl.DataFrame(rows)


def test_f1_scores_through_the_domain_interface(sample_tables):
    """The domain's own extractor on the instance rows, and the extractor passed by name on a
    reused index, give the same tables."""
    from f1bench_pipeline.domains.f1.extract import extract_claims

    f1 = get_domain("f1")
    instances = sample_tables("instances")
    gens = _f1_generations(instances)
    assert f1.extractor() is extract_claims
    claims_a, scores_a = score_generations(f1, gens, f1.index(instances), extract_claims, "regex")
    claims_b, scores_b = score_generations(f1, gens, instances)
    assert scores_a.height == gens.height - 1 and claims_a.height > 1000
    assert_frame_equal(claims_a, claims_b)
    assert_frame_equal(scores_a, scores_b)
    faithful = scores_b.filter(pl.col("model") == "template-faithful")
    assert faithful["recall"].mean() > 0.95


def test_f1_instance_rows_through_the_domain_interface(sample_build):
    from f1bench_pipeline.domains.f1.instances.assets import EVENT_TABLES
    from f1bench_pipeline.storage.warehouse import read_table

    settings = sample_build["settings"]
    root = settings.warehouse_dir
    season = 2024
    tables = {t: read_table(root, t, {"season": season}) for t in EVENT_TABLES}
    rows = get_domain("f1").instance_rows(tables, settings=settings)
    stored = read_table(root, "instances", {"season": season})
    assert rows.height == stored.height > 0
    assert_frame_equal(rows.sort("id", "lang", "variant"), stored.select(rows.columns).sort("id", "lang", "variant"))
