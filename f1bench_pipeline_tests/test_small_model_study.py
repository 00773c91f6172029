"""The small-model study's table (Python and the DuckDB view) and the instance cap that sizes it."""

from __future__ import annotations

import duckdb
import pytest
import polars as pl

from f1bench_pipeline.domains.f1.finetune.study import study_table
from f1bench_pipeline.generation.names import safe_name
from f1bench_pipeline.scoring.score import SCORE_SCHEMA
from f1bench_pipeline.storage import views, warehouse
from f1bench_pipeline.domains import get_domain

F1 = get_domain("f1")  # the domain the generation road runs here

BASE, TUNED = "smollm2-135m", "smollm2-135m+lora"


pytestmark = pytest.mark.model


def _scores() -> pl.DataFrame:
    rows = []
    for model, p, r, ids in [(BASE, 0.5, 0.2, ["a", "b", "c"]), (TUNED, 0.9, 0.8, ["a", "b"])]:
        for i in ids:
            rows.append({"model": model, "id": i, "lang": "en", "variant": "default", "season": 2025,
                         "decision_type": "stint_strategy", "kind": "stint", "status": "ok", "extractor": "regex",
                         "extraction_status": "ok", "n_claims": 4, "precision": p, "recall": r,
                         "f1": 2 * p * r / (p + r), "hallucination_rate": 1 - p, "abstained": False})
    df = pl.DataFrame(rows)
    return df.with_columns([pl.lit(None, dtype=t).alias(c) for c, t in SCORE_SCHEMA.items() if c not in df.columns]
                           ).select(list(SCORE_SCHEMA)).cast(SCORE_SCHEMA)


def test_study_compares_both_systems_on_the_instances_both_answered():
    t = study_table(_scores(), BASE)
    got = {r["role"]: r for r in t.iter_rows(named=True)}
    assert got["zero-shot"]["answers"] == got["fine-tuned"]["answers"] == 2  # "c" only the base answered
    assert (got["zero-shot"]["precision"], got["fine-tuned"]["recall"]) == (0.5, 0.8)


def test_the_view_pairs_a_lora_system_with_its_base(tmp_path):
    df = _scores()
    for model in (BASE, TUNED):
        warehouse.write_partition(df.filter(pl.col("model") == model), tmp_path / "wh", "scores",
                                  {"season": 2025, "model": safe_name(model)})
    assert "small_model_study" in views.refresh_views(tmp_path / "wh", tmp_path / "w.duckdb")
    with duckdb.connect(str(tmp_path / "w.duckdb")) as con:
        rows = con.execute("SELECT role, model, answers, precision FROM small_model_study ORDER BY role").fetchall()
        paper = con.execute("SELECT count(*) FROM small_model_study_paper").fetchone()[0]
    assert rows == [("fine-tuned", TUNED, 2, 0.9), ("zero-shot", BASE, 2, 0.5)]
    assert paper == 2


def test_max_instances_takes_the_first_ids_of_the_stratified_sample(sample_build):
    from f1bench_pipeline.generation.registry import System
    from f1bench_pipeline.storage.warehouse import read_table

    root = sample_build["settings"].warehouse_dir
    sys_all = System(name="x", model="openai/x", instances="test_sample", languages=("en",), variants=("default",))
    sys_cap = sys_all.model_copy(update={"max_instances": 5})
    every, _ = F1.select_instances(root, sys_all, 2025)
    capped, note = F1.select_instances(root, sys_cap, 2025)
    assert capped["id"].n_unique() == 5 < every["id"].n_unique() and "max_instances" in note
    sample = read_table(root, "test_sample", {"season": 2025})
    kinds = set(sample.filter(pl.col("id").is_in(capped["id"].implode()))["kind"])
    assert len(kinds) == min(5, sample["kind"].n_unique())  # the decision types take turns
    again, _ = F1.select_instances(root, sys_cap, 2025)
    assert again["id"].to_list() == capped["id"].to_list()
