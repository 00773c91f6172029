"""`f1bench leaderboard` (#26): the view's rows for one season, variant, language and
decision type; each row says which answers it covers, a WARN when systems answered different
instances, and ``--common`` recomputes them on the answers every system gave."""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import subprocess
import sys

import polars as pl
import pytest

from f1bench_pipeline.settings import REPO_ROOT

SEASON = 2025


@pytest.fixture()
def warehouse_with_a_subset_model(sample_build, tmp_path):
    """The sample's scores, plus 'subset': template-faithful's English answers to half the instances."""
    src = sample_build["settings"].warehouse_dir
    root = tmp_path / "warehouse"
    shutil.copytree(src / "scores", root / "scores")
    part = pl.read_parquet(root / "scores" / f"season={SEASON}" / "model=template-faithful" / "part-0.parquet")
    ids = sorted(part["id"].unique().to_list())[::2]
    subset = part.filter((pl.col("lang") == "en") & pl.col("id").is_in(ids))
    out = root / "scores" / f"season={SEASON}" / "model=subset"
    out.mkdir(parents=True)
    subset.write_parquet(out / "part-0.parquet")
    return tmp_path, part, subset


def test_rows_name_their_answers_and_warn_when_systems_answered_different_instances(warehouse_with_a_subset_model):
    from f1bench_pipeline.scoring.leaderboard_cli import leaderboard

    data_dir, full, subset = warehouse_with_a_subset_model
    rows, warnings = leaderboard(data_dir / "warehouse", SEASON)
    by = {r["model"]: r for r in rows}
    assert {"template-faithful", "template-noisy", "template-terse", "subset"} <= set(by)
    assert by["subset"]["instance_set"] == f"{subset.filter(pl.col('variant') == 'default').height} answers (en)"
    assert by["template-faithful"]["instance_set"].endswith("answers (en/es/pt)")
    assert by["subset"]["n_scored"] == subset.filter(pl.col("variant") == "default").height
    assert any(w.startswith("WARN the systems answered different instances") and "--common" in w for w in warnings)
    # the same rows as the leaderboard view (one definition): its figure for the subset model
    assert by["subset"]["precision"] == pytest.approx(
        subset.filter((pl.col("variant") == "default") & (pl.col("n_claims") > 0))["precision"].mean())

    common, cwarn = leaderboard(data_dir / "warehouse", SEASON, common=True)
    shared = subset.filter(pl.col("variant") == "default").select("id", "lang").unique().height
    assert {r["instance_set"] for r in common} == {f"{shared} shared answers"}
    assert all(r["n_generations"] == shared for r in common)
    assert not any(w.startswith("WARN the systems answered different") for w in cwarn)
    # on shared answers the faithful template and its own subset are the same figures
    c = {r["model"]: r for r in common}
    assert c["subset"]["f1"] == pytest.approx(c["template-faithful"]["f1"])

    # the audit page says the same
    from f1bench_pipeline.audit.api import Warehouse
    from f1bench_pipeline.audit.api import leaderboard as audit_leaderboard

    page = audit_leaderboard(Warehouse(data_dir / "warehouse"), SEASON, "default")
    assert any(w.startswith("WARN the systems answered different instances") for w in page["coverage_warnings"])

    # one language, one decision type: only those rows
    en_rows, _ = leaderboard(data_dir / "warehouse", SEASON, lang="en", decision_type="undercut")
    assert en_rows and all(r["lang"] == "en" and r["decision_type"] == "undercut" for r in en_rows)


@pytest.mark.parametrize("fmt", ["json", "csv", "table"])
def test_the_command_prints_every_format(warehouse_with_a_subset_model, fmt):
    data_dir, _full, _subset = warehouse_with_a_subset_model
    env = {**os.environ, "F1BENCH_DATA_DIR": str(data_dir), "PYTHONPATH": str(REPO_ROOT)}
    out = subprocess.run([sys.executable, "-m", "f1bench_pipeline.cli", "leaderboard", "--format", fmt],
                         env=env, cwd=REPO_ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "WARN the systems answered different instances" in out.stderr
    if fmt == "json":
        doc = json.loads(out.stdout)
        assert doc["season"] == SEASON and {r["model"] for r in doc["rows"]} >= {"subset", "template-terse"}
        assert all("precision_lo" in r and "instance_set" in r for r in doc["rows"])
    elif fmt == "csv":
        rows = list(csv.DictReader(io.StringIO(out.stdout)))
        assert {r["model"] for r in rows} >= {"subset", "template-terse"} and "[" in rows[0]["precision"]
    else:
        assert out.stdout.startswith("Leaderboard — season 2025") and "subset" in out.stdout
