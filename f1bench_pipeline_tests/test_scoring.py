"""Claims, verification and scores on real instances and real model outputs."""

from __future__ import annotations

import json
import subprocess
import sys

import polars as pl
import pytest

from f1bench_pipeline.domains.f1.instances import facts as F
from f1bench_pipeline.domains.f1.instances.facts import facts_from_json
from f1bench_pipeline.domains.f1.claims import Claim
from f1bench_pipeline.scoring.metrics import aggregate, score_generation, spearman
from f1bench_pipeline.domains.f1.verifier import CONTRADICTED, SUPPORTED, UNVERIFIABLE, ContextIndex, verify_claim


@pytest.fixture(scope="module")
def scores(sample_tables) -> pl.DataFrame:
    from f1bench_pipeline.generation.names import unsafe_name

    return sample_tables("scores").with_columns(pl.col("model").map_elements(unsafe_name, return_dtype=pl.Utf8))


@pytest.fixture(scope="module")
def monza_lec(sample_tables):
    inst = sample_tables("instances").filter(
        (pl.col("id") == "2024_Italian_Grand_Prix::stint::LEC") & (pl.col("lang") == "en") & (pl.col("variant") == "default")
    ).row(0, named=True)
    return facts_from_json(inst["facts"]), ContextIndex(facts_from_json(inst["context_facts"]), json.loads(inst["entities"]))


def test_faithful_template_is_perfect_on_every_instance_of_every_season(scores):
    faithful = scores.filter(pl.col("model") == "template-faithful")
    assert set(faithful["season"].unique()) == {2018, 2021, 2024, 2025}
    assert faithful.height == faithful.filter(pl.col("status") == "ok").height > 1000
    assert faithful["precision"].min() == 1.0
    assert faithful["n_contradicted"].sum() == 0
    assert faithful["hallucination_rate"].max() == 0.0
    assert faithful["recall"].mean() > 0.99


def test_noisy_penalized_in_proportion_and_terse_is_the_abstention_blind_spot(scores):
    board = {r["model"]: r for r in aggregate(scores, ["model"]).iter_rows(named=True)}
    faithful, noisy, terse = board["template-faithful"], board["template-noisy"], board["template-terse"]
    # ~40% of the stated facts are perturbed: precision falls by roughly that much.
    assert 0.5 < noisy["precision"] < 0.75
    assert noisy["hallucination_rate"] > 0.2
    assert terse["precision"] >= max(faithful["precision"], noisy["precision"])
    assert terse["f1"] < min(faithful["f1"], noisy["f1"])
    assert terse["recall"] < 0.35


def test_verifier_labels_real_claims(monza_lec):
    oracle, idx = monza_lec

    def label(type_, **slots):
        return verify_claim(Claim(type=type_, slots=slots), idx)

    assert label("pit_lap", driver="LEC", lap=15).label == SUPPORTED
    v = label("pit_lap", driver="LEC", lap=17)
    assert v.label == CONTRADICTED and "lap=15" in v.reason
    assert label("pit_lap", driver="LEC", lap=16).reading == "out_lap"  # the lap the new tyres were first raced
    assert label("compound_change", driver="LEC", **{"from": "MEDIUM", "to": "HARD"}).label == SUPPORTED
    assert label("compound_change", driver="LEC", **{"from": "SOFT", "to": "HARD"}).label == CONTRADICTED
    assert label("n_stops", driver="LEC", n=2).label == CONTRADICTED
    assert label("stint_compound", driver="LEC", compound="MEDIUM", stint=1).label == SUPPORTED
    assert label("stint_compound", driver="LEC", compound="HARD", stint=3).label == CONTRADICTED
    assert label("final_position", driver="LEC", position=1).label == SUPPORTED
    # A driver the context never names cannot be verified, however plausible.
    v = label("final_position", driver="PIA", position=2)
    assert v.label == UNVERIFIABLE and "not in the context" in v.reason
    assert label("entity", name="Piastri").label == UNVERIFIABLE
    assert label("gain", seconds=3.0).label == UNVERIFIABLE  # no battle in a stint context


def test_red_flag_change_makes_both_stop_counts_true():
    idx = ContextIndex([F.n_stops("VER", 1, official_n=2)], {"drivers": ["VER"], "teams": []})
    assert verify_claim(Claim(type="n_stops", slots={"driver": "VER", "n": 1}), idx).label == SUPPORTED
    assert verify_claim(Claim(type="n_stops", slots={"driver": "VER", "n": 2}), idx).label == SUPPORTED
    assert verify_claim(Claim(type="n_stops", slots={"driver": "VER", "n": 3}), idx).label == CONTRADICTED


def test_gain_tolerance_and_battle_roles():
    ctx = [F.battle("undercut", "GAS", "MAG"), F.gain("GAS", "MAG", 3.395), F.battle_outcome("GAS", "MAG", True)]
    idx = ContextIndex(ctx, {"drivers": ["GAS", "MAG"], "teams": []})
    assert verify_claim(Claim(type="gain", slots={"seconds": 3.6}), idx).label == SUPPORTED
    assert verify_claim(Claim(type="gain", slots={"seconds": 4.0}), idx).label == CONTRADICTED
    assert verify_claim(Claim(type="battle", slots={"kind": "undercut", "attacker": "MAG", "defender": "GAS"}), idx).label == CONTRADICTED
    assert verify_claim(Claim(type="battle_outcome", slots={"success": False}), idx).label == CONTRADICTED


def test_abstention_has_undefined_precision_and_zero_recall(monza_lec):
    oracle, _ = monza_lec
    s = score_generation([], oracle)
    assert s.abstained and s.precision is None and s.recall == 0.0 and s.f1 == 0.0


def test_aggregate_counts_non_ok_and_keeps_them_out_of_means():
    rows = pl.DataFrame({
        "model": ["m"] * 4, "status": ["ok", "ok", "content_filtered", "error"], "extraction_status": ["ok", "ok", None, None],
        "n_claims": [4, 0, None, None], "n_supported": [3, 0, None, None], "n_contradicted": [1, 0, None, None],
        "n_covered": [2, 0, None, None], "n_oracle": [4, 4, 4, 4], "precision": [0.75, None, None, None],
        "strict_precision": [0.75, None, None, None], "hallucination_rate": [0.25, None, None, None],
        "recall": [0.5, 0.0, None, None], "f1": [0.6, 0.0, None, None],
    })
    r = aggregate(rows, ["model"]).row(0, named=True)
    assert (r["n_generations"], r["n_scored"], r["n_not_ok"], r["n_abstentions"]) == (4, 2, 2, 1)
    assert r["n_content_filtered"] == 1 and r["n_error"] == 1
    assert r["precision"] == 0.75 and r["recall"] == 0.25


def test_spearman():
    assert spearman([1, 2, 3], [1, 2, 3]) == pytest.approx(1.0)
    assert spearman([1, 2, 3], [3, 2, 1]) == pytest.approx(-1.0)
    assert spearman([1], [1]) is None


def test_leaderboard_and_ranking_views(sample_build):
    import duckdb

    con = duckdb.connect(str(sample_build["settings"].duckdb_path), read_only=True)
    rows = con.execute("SELECT model, rank_by_precision, rank_by_f1 FROM ranking_inversion "
                       "WHERE season = 2025 AND variant = 'default' AND lang = 'all' ORDER BY rank_by_f1").fetchall()
    con.close()
    assert [r[0] for r in rows] == ["template-faithful", "template-noisy", "template-terse"]
    terse = next(r for r in rows if r[0] == "template-terse")
    assert terse[1] == 1 and terse[2] == 3  # top by precision, bottom by F1


def _cli(args, settings, **kw):
    env = {"F1BENCH_DATA_DIR": str(settings.data_dir), "PATH": "/usr/bin:/bin", "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    return subprocess.run([sys.executable, "-m", "f1bench_pipeline.cli", *args], capture_output=True, text=True, env=env, **kw)


def test_score_command_reports_bad_lines_and_prints_json(sample_build, tmp_path):
    settings = sample_build["settings"]
    good = {"id": "2024_Italian_Grand_Prix::stint::LEC", "model": "some-model", "lang": "es",
            "text": "LEC hizo una parada: entró en boxes en la vuelta 15 y pasó del medio al duro. Ganó la carrera."}
    lines = [json.dumps(good), "{not json", json.dumps({**good, "id": "2099_Nowhere::stint::XXX"}),
             json.dumps({**good, "lang": "pt", "error": "Error code: 429 - rate limited"}).replace('"text"', '"_text"')]
    f = tmp_path / "gens.jsonl"
    f.write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = _cli(["score", str(f), "--format", "json"], settings)
    assert r.returncode == 3, r.stderr  # scored, but lines were skipped
    out = json.loads(r.stdout)
    assert out["bad_lines"] == 2 and out["scored_lines"] == 2
    assert ":2: malformed JSON" in r.stderr and ":3: unknown instance id" in r.stderr
    es = next(x for x in out["leaderboard"] if x["lang"] == "es")
    assert es["precision"] == 1.0 and es["recall"] >= 0.5
    pt = next(x for x in out["leaderboard"] if x["lang"] == "pt")
    assert pt["n_not_ok"] == 1 and pt["n_scored"] == 0


def test_score_command_keeps_variants_apart_writes_samples_and_is_strict_on_request(sample_build, tmp_path):
    settings = sample_build["settings"]
    base = {"id": "2024_Italian_Grand_Prix::stint::LEC", "model": "some-model", "lang": "en"}
    lines = [{**base, "text": "LEC pitted on lap 15 and switched from MEDIUM to HARD."},
             {**base, "variant": "cover_all", "text": "LEC pitted on lap 99."}]
    f = tmp_path / "two_variants.jsonl"
    f.write_text("\n".join(map(json.dumps, lines)) + "\n", encoding="utf-8")
    samples = tmp_path / "samples.jsonl"
    r = _cli(["score", str(f), "--format", "json", "--samples", str(samples)], settings)
    assert r.returncode == 0, r.stderr
    board = [x for x in json.loads(r.stdout)["leaderboard"] if x["lang"] == "all"]
    # one row per variant: the default answer is right, the cover_all one wrong -- never pooled
    by_variant = {x["variant"]: x for x in board}
    assert set(by_variant) == {"default", "cover_all"} and all(x["n_scored"] == 1 for x in board)
    assert by_variant["default"]["precision"] == 1.0 and by_variant["cover_all"]["precision"] == 0.0
    rows = [json.loads(x) for x in samples.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 2 and {x["variant"] for x in rows} == {"default", "cover_all"}
    assert {x["decision_type"] for x in rows} == {"stint_strategy"}  # the instance's, so samples group as the leaderboard does
    wrong = next(x for x in rows if x["variant"] == "cover_all")
    assert wrong["text"] == lines[1]["text"] and wrong["precision"] == 0.0
    assert [c["label"] for c in wrong["claims"]] == ["contradicted"] and wrong["claims"][0]["span_text"]
    assert wrong["missed_facts"] and wrong["claims"][0]["slots"]["lap"] == 99
    # a 2 MB answer is a bad line with its number and size; --strict scores nothing
    big = tmp_path / "big.jsonl"
    big.write_text(json.dumps(lines[0]) + "\n" + json.dumps({**base, "lang": "es", "text": "x" * 2_000_000}) + "\n",
                   encoding="utf-8")
    r = _cli(["score", str(big)], settings)
    assert r.returncode == 3 and ":2: an answer of 2,000,000 characters, longer than the limit" in r.stderr, r.stderr
    strict = _cli(["score", str(big), "--strict"], settings)
    assert strict.returncode == 1 and "nothing scored" in strict.stderr and "precision" not in strict.stdout


def test_score_command_does_not_import_dagster_or_litellm(sample_build, tmp_path):
    settings = sample_build["settings"]
    f = tmp_path / "one.jsonl"
    f.write_text(json.dumps({"id": "2024_Italian_Grand_Prix::stint::LEC", "model": "m", "lang": "en",
                             "text": "LEC pitted on lap 15."}) + "\n")
    code = (f"import sys; from f1bench_pipeline.cli import main; main(['score', {str(f)!r}]); "
            "print('MODULES', 'dagster' in sys.modules, 'litellm' in sys.modules)")
    env = {"F1BENCH_DATA_DIR": str(settings.data_dir), "PATH": "/usr/bin:/bin"}
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert "MODULES False False" in r.stdout, r.stdout + r.stderr


def test_the_command_line_parser_loads_no_data_library():
    """`f1bench --help`, and every command before it runs, parses its arguments without polars,
    DuckDB, pyarrow or pydantic (seconds on a slow machine): `f1bench score` starts its scoring
    workers before its own imports, so they import in parallel."""
    code = ("import sys; from f1bench_pipeline.cli import main\n"
            "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
            "print('LOADED', sorted(m for m in ('polars', 'duckdb', 'pyarrow', 'pydantic') if m in sys.modules))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert "LOADED []" in r.stdout, r.stdout + r.stderr
    assert "score" in r.stdout and "sql" in r.stdout  # every command is still registered


def test_published_generations_scored_beside_published_counts(sample_build, shared_cache):
    from f1bench_pipeline.domains.f1.score_file import score_file

    path = shared_cache.parents[1] / "paper_generations" / "dev.jsonl"
    scores, board, report = score_file(str(path), "regex", sample_build["settings"].warehouse_dir)
    assert report.lines == 1242
    # The sample holds 3 races of 2025: their ids are scored, every other line is reported.
    assert report.imported > 90 and all(isinstance(n, int) and n > 0 for n, _ in report.errors)
    by_lang = {r["lang"]: r for r in board.filter(pl.col("lang") != "all").group_by("lang").agg(
        pl.col("claims_per_generation").mean()).iter_rows(named=True)}
    # Spanish and Portuguese answers yield claims too (the published extractor found none in many).
    assert by_lang["es"]["claims_per_generation"] > 4 and by_lang["pt"]["claims_per_generation"] > 4


def test_validation_reports_are_written(sample_build):
    reports = sample_build["settings"].data_dir / "reports"
    perturbation = (reports / "perturbation.md").read_text()
    for check in ("faithful_precision_exactly_1: PASS", "terse_highest_precision: PASS", "terse_lowest_f1: PASS",
                  "noisy_penalized: PASS"):
        assert check in perturbation
    for season in sample_build["seasons"]:  # the precision_recall_plot asset, one figure per season
        assert (reports / f"precision_recall_{season}.png").read_bytes()[:4] == b"\x89PNG"
    assert "Extractor agreement" in (reports / "extractor_agreement.md").read_text()


def test_ranking_inversion_spearman_uses_average_ranks_for_ties(tmp_path):
    """precision [1, 1, .8, .6] vs F1 [1, .4, .7, .6]: average ranks give 0.105 (by hand:
    cov 0.5 / sqrt(4.5 * 5)); competition ranks would give 0.086."""
    import duckdb

    from f1bench_pipeline.scoring.score import SCORE_SCHEMA
    from f1bench_pipeline.storage import views, warehouse

    for k, (p, f1) in enumerate([(1.0, 1.0), (1.0, 0.4), (0.8, 0.7), (0.6, 0.6)]):
        row = {"model": f"m{k}", "id": "i", "lang": "en", "variant": "default", "season": 2025,
               "decision_type": "stint", "kind": "stint", "status": "ok", "extractor": "regex",
               "extraction_status": "ok", "n_claims": 1, "precision": p, "recall": f1, "f1": f1,
               "results_source": "ergast_csv"}
        df = pl.DataFrame([row]).with_columns([pl.lit(None, dtype=t).alias(c) for c, t in SCORE_SCHEMA.items()
                                               if c not in row]).select(list(SCORE_SCHEMA)).cast(SCORE_SCHEMA)
        warehouse.write_partition(df, tmp_path / "wh", "scores", {"season": 2025, "model": f"m{k}"})
    views.refresh_views(tmp_path / "wh", tmp_path / "w.duckdb")
    with duckdb.connect(str(tmp_path / "w.duckdb")) as con:
        rho = con.execute("SELECT DISTINCT spearman_precision_vs_f1 FROM ranking_inversion WHERE lang = 'all'").fetchall()
    assert len(rho) == 1 and rho[0][0] == pytest.approx(0.5 / (4.5 * 5) ** 0.5, abs=1e-9)
    assert spearman([1, 1, .8, .6], [1, .4, .7, .6]) == pytest.approx(rho[0][0])  # the Python path agrees
