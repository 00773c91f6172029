"""Figures corrected for the instrument's own error (#29): the human score of a reviewed answer,
random-sample bookkeeping, the refused gold folder, and the prediction-powered leaderboard."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import polars as pl
import pytest
from polars.testing import assert_frame_equal

from f1bench_pipeline.domains.f1 import review_gold
from f1bench_pipeline.review import human_score, sheet, store
from f1bench_pipeline.review.export import sampling_frame, sampling_status
from f1bench_pipeline.review.judgments import REVIEW_SCHEMA

SEASON = 2025
GOLD_DIR = Path(__file__).resolve().parents[2] / "shared" / "data" / "paper_generations" / "gold_dev"


def _rows(*rows: dict) -> pl.DataFrame:
    base = {"reviewer": "alice", "review_id": "rv-1", "model": "m", "season": SEASON, "id": "i", "lang": "en",
            "variant": "default", "extractor": "regex", "decision_type": "undercut", "answer_reviewed": True}
    return pl.DataFrame([{**base, **r} for r in rows], schema={k: v for k, v in REVIEW_SCHEMA.items()})


def test_human_score_by_hand():
    # 3 extracted claims (one not a claim), 1 missed claim, 4 oracle facts of which 3 stated
    df = _rows({"row_type": "answer", "human_label": "reviewed", "sampling": "random"},
               {"row_type": "claim", "claim_index": 0, "label": "supported", "human_label": "supported"},
               {"row_type": "claim", "claim_index": 1, "label": "contradicted", "human_label": "supported"},
               {"row_type": "claim", "claim_index": 2, "label": "supported", "human_label": "not_a_claim"},
               {"row_type": "missed", "missed_index": 0, "human_label": "unverifiable"},
               *({"row_type": "fact", "claim_index": n, "human_label": lab}
                 for n, lab in enumerate(["stated", "stated", "not_stated", "stated"])))
    out = human_score.human_scores(df).row(0, named=True)
    assert (out["n_claims_human"], out["n_supported_human"], out["n_facts"], out["n_stated"]) == (3, 2, 4, 3)
    assert out["precision_human"] == pytest.approx(2 / 3) and out["recall_human"] == pytest.approx(0.75)
    assert out["f1_human"] == pytest.approx(2 * (2 / 3) * 0.75 / (2 / 3 + 0.75)) and out["sampling"] == "random"
    # a fact left unjudged: no recall (nor F1), precision kept; not marked reviewed: no score at all
    partial = df.with_columns(pl.when((pl.col("row_type") == "fact") & (pl.col("claim_index") == 3))
                              .then(None).otherwise(pl.col("human_label")).alias("human_label"))
    got = human_score.human_scores(partial).row(0, named=True)
    assert got["recall_human"] is None and got["f1_human"] is None and got["precision_human"] == pytest.approx(2 / 3)
    assert human_score.human_scores(df.with_columns(pl.lit(False).alias("answer_reviewed"))).is_empty()
    # an abstention the reviewer agrees with: precision undefined, F1 0 (as f1bench scores it)
    empty = _rows({"row_type": "answer", "human_label": "reviewed"}, {"row_type": "fact", "claim_index": 0,
                                                                        "human_label": "not_stated"})
    got = human_score.human_scores(empty).row(0, named=True)
    assert got["precision_human"] is None and got["recall_human"] == 0 and got["f1_human"] == 0
    assert got["sampling"] == "not_random"  # no record of a random sample


def test_sampling_status_random_prefix_only():
    frame = pl.DataFrame({"model": ["m"] * 6, "season": [SEASON] * 6, "id": [f"q{i}" for i in range(6)],
                          "lang": ["en"] * 6, "variant": ["default"] * 6, "extractor": ["regex"] * 6})
    from f1bench_pipeline.review.export import ranked_frame

    order = ranked_frame(frame, 7)["id"].to_list()

    def judged(ids: list[str], seed: int | None = 7, size: int = 6) -> pl.DataFrame:
        return frame.filter(pl.col("id").is_in(ids)).with_columns(
            pl.col("id").alias("review_id"), pl.lit(seed, pl.Int64).alias("sample_seed"),
            pl.lit(size, pl.Int64).alias("stratum_size"))

    assert set(sampling_status(judged(order[:3]), frame).values()) == {"random"}
    assert set(sampling_status(judged([order[0], order[2]]), frame).values()) == {"not_random"}  # one skipped
    assert set(sampling_status(judged(order[:3], seed=None), frame).values()) == {"not_random"}  # no seed
    assert set(sampling_status(judged(order[:3], size=9), frame).values()) == {"not_random"}  # frame changed


def test_gold_line_without_item_is_refused_naming_file_and_line(tmp_path, capsys, monkeypatch):
    from f1bench_pipeline.cli import main
    from f1bench_pipeline.domains.f1.gold import GoldFormatError, load_gold

    gold = tmp_path / "gold"
    gold.mkdir()
    (gold / "items_en.json").write_text(json.dumps([{"id": "a", "model": "m", "text": "x"}]), encoding="utf-8")
    (gold / "gold_en.jsonl").write_text(json.dumps({"id": "a", "model": "m", "claims": []}) + "\n\n"
                                        + json.dumps({"id": "b", "model": "m", "claims": []}) + "\n", encoding="utf-8")
    with pytest.raises(GoldFormatError, match=r"gold_en\.jsonl, line 3: no item with id 'b' and model 'm'"):
        load_gold(gold, "en")
    monkeypatch.setenv("F1BENCH_DATA_DIR", str(tmp_path / "data"))
    from f1bench_pipeline.settings import get_settings

    get_settings.cache_clear()
    try:
        assert main(["review", "gold", "--gold-dir", str(gold)]) == 2
    finally:
        get_settings.cache_clear()
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "gold_en.jsonl, line 3: no item with id 'b'" in err[0] and "Traceback" not in err[0]


@pytest.fixture
def root(sample_build, tmp_path) -> Path:
    shutil.copytree(sample_build["settings"].warehouse_dir, tmp_path / "data" / "warehouse")
    return tmp_path / "data" / "warehouse"


def test_sheet_with_fact_rows_gives_human_scores_and_random_sampling(root, tmp_path):
    import csv

    out = tmp_path / "s.csv"
    store.export_review(root, out, season=SEASON, per_stratum=3, seed=5, models=["template-faithful"])
    assert store.frame_path(out).exists()
    frame_rec = pl.read_csv(store.frame_path(out))
    assert frame_rec.filter(pl.col("sampled")).height == 9 and set(frame_rec["sample_seed"]) == {5}
    with open(out, encoding="utf-8-sig", newline="") as fh:
        rd = csv.DictReader(fh)
        header, rows = list(rd.fieldnames or []), list(rd)
    facts = [r for r in rows if r["row_type"] == "fact"]
    assert facts and {r["label"] for r in facts} <= {"stated", "not_stated"}
    for r in rows:  # the reviewer agrees with every verdict and every fact
        r["human_label"] = sheet.REVIEWED if r["row_type"] == "answer" else r["label"]
    with open(out, "w", encoding="utf-8-sig", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=header)
        w.writeheader()
        w.writerows(rows)
    store.import_review(out, root, reviewer="alice")
    hs = store.read_review_scores(root)
    assert hs.height == 9 and set(hs["sampling"]) == {"random"}
    scores = store.read_decoded(root, "scores", {"season": SEASON}).filter(pl.col("variant") == "default")
    both = hs.join(scores, on=["model", "season", "id", "lang", "variant", "extractor"])
    # agreeing with the instrument everywhere, the human score is the instrument's
    assert both.height == 9
    assert (both["recall_human"] - both["recall"]).abs().max() < 1e-12
    pr = both.filter(pl.col("precision").is_not_null())
    assert (pr["precision_human"] - pr["precision"]).abs().max() < 1e-12
    # judged out of order (the first answer of each stratum dropped): imported, marked not_random
    first = {r["review_id"] for r in rows if r["row_type"] == "answer"}
    drop = {next(r["review_id"] for r in rows if r["row_type"] == "answer" and r["lang"] == la) for la in ("en",)}
    kept = [r for r in rows if r["review_id"] not in drop]
    with open(tmp_path / "t.csv", "w", encoding="utf-8-sig", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=header)
        w.writeheader()
        w.writerows(kept)
    store.import_review(tmp_path / "t.csv", root, reviewer="bob")
    bob = store.read_review_scores(root).filter(pl.col("reviewer") == "bob")
    assert bob.height == len(first) - 1
    assert set(bob.filter(pl.col("lang") == "en")["sampling"]) == {"not_random"}
    assert set(bob.filter(pl.col("lang") != "en")["sampling"]) == {"random"}
    assert sampling_frame(scores, season=SEASON).height > 0


# --- the prediction-powered correction, against a known truth -----------------------------------

SIM = {"A": (0.80, 0.06), "B": (0.70, 0.02)}  # system: (true mean human score, extractor's bias)


def _simulated(reps: int, n_all: int, n_reviewed: int, seed: int) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Per repetition and system, ``n_all`` answers whose automatic score is the human one plus a
    system-dependent bias and noise, ``n_reviewed`` of them reviewed (a simple random sample)."""
    import numpy as np

    rng = np.random.default_rng(seed)
    scores, reviews = [], []
    for system, (mean, bias) in SIM.items():
        human = rng.uniform(mean - 0.2, mean + 0.2, size=(reps, n_all))
        auto = human + bias + rng.normal(0, 0.05, size=(reps, n_all))
        picked = np.argsort(rng.random((reps, n_all)), axis=1)[:, :n_reviewed]
        ids = np.array([[f"r{r}_q{i}" for i in range(n_all)] for r in range(reps)])
        rep_col = np.repeat(np.arange(reps), n_all)
        scores.append(pl.DataFrame({"rep": rep_col, "model": system, "id": ids.ravel(), "precision": auto.ravel(),
                                    "recall": auto.ravel(), "f1": auto.ravel()}))
        rows = np.take_along_axis(np.arange(reps * n_all).reshape(reps, n_all), picked, axis=1).ravel()
        reviews.append(pl.DataFrame({"model": system, "id": ids.ravel()[rows], "precision_human": human.ravel()[rows],
                                     "recall_human": human.ravel()[rows], "f1_human": human.ravel()[rows],
                                     "sampling": "random"}))
    const = [pl.lit(SEASON).cast(pl.Int64).alias("season"), pl.lit("default").alias("variant"),
             pl.lit("regex").alias("extractor"), pl.lit("en").alias("lang")]
    s = pl.concat(scores).with_columns(*const, pl.lit("ok").alias("status"), pl.lit("ok").alias("extraction_status"),
                                      pl.lit(3).alias("n_claims"), pl.lit(0.0).alias("hallucination_rate"))
    return s, pl.concat(reviews).with_columns(*const)


@pytest.mark.slow
def test_corrected_estimate_is_unbiased_and_covers_the_truth():
    from f1bench_pipeline.scoring.leaderboard import Bootstrap, aggregate

    reps = 300
    scores, reviews = _simulated(reps, n_all=150, n_reviewed=40, seed=29)
    board = aggregate(scores, ["rep", "model"], Bootstrap(replicates=200, seed=7), reviews=reviews)
    assert board.height == reps * len(SIM) and set(board["n_reviewed"]) == {40}
    truth = pl.col("model").replace_strict({k: v[0] for k, v in SIM.items()}, return_dtype=pl.Float64)
    per = board.with_columns(truth.alias("truth")).group_by("model").agg(
        (pl.col("precision_corrected") - pl.col("truth")).mean().alias("bias_corrected"),
        (pl.col("precision") - pl.col("truth")).mean().alias("bias_automatic"),
        ((pl.col("precision_corrected_lo") <= pl.col("truth")) & (pl.col("truth") <= pl.col("precision_corrected_hi")))
        .mean().alias("coverage_corrected"),
        ((pl.col("precision_lo") <= pl.col("truth")) & (pl.col("truth") <= pl.col("precision_hi"))).mean()
        .alias("coverage_automatic"),
        (pl.col("recall_corrected") - pl.col("truth")).mean().alias("bias_recall"),
    ).sort("model")
    for r in per.iter_rows(named=True):
        assert abs(r["bias_corrected"]) < 0.004, r  # unbiased (sd of one estimate ≈ 0.012)
        assert abs(r["bias_recall"]) < 0.004, r
        assert abs(r["bias_automatic"] - SIM[r["model"]][1]) < 0.004, r  # the bias is there to correct
        assert r["coverage_automatic"] < (0.05 if SIM[r["model"]][1] >= 0.05 else 0.6), r  # the plain interval misses
    pooled = per["coverage_corrected"].mean()
    assert 0.93 <= pooled <= 0.97, per
    assert per["coverage_corrected"].min() >= 0.91, per


def test_corrected_figures_and_intervals_stay_within_0_and_1():
    # near the ceiling the rectified mean leaves [0, 1]: 40 answers read 0.95 automatically, the 8 a
    # human reviewed read 0.60 and are all right (a 0.949 [0.872, 1.025] was printed before #42)
    from f1bench_pipeline.scoring.leaderboard import Bootstrap, aggregate

    n, reviewed = 40, 8
    auto = [0.6] * reviewed + [0.95] * (n - reviewed)
    scores = pl.DataFrame({"model": "m", "id": [f"q{i}" for i in range(n)], "precision": auto, "recall": auto,
                           "f1": auto, "season": SEASON, "variant": "default", "extractor": "regex", "lang": "en",
                           "status": "ok", "extraction_status": "ok", "n_claims": 3, "hallucination_rate": 0.0})
    reviews = pl.DataFrame({"model": "m", "id": [f"q{i}" for i in range(reviewed)], "precision_human": 1.0,
                            "recall_human": 1.0, "f1_human": 1.0, "sampling": "random", "season": SEASON,
                            "variant": "default", "extractor": "regex", "lang": "en"})
    r = aggregate(scores, ["model"], Bootstrap(replicates=200, seed=7), reviews=reviews).row(0, named=True)
    raw = sum(auto) / n + (1.0 - 0.6)  # the rectified mean before projection: above 1
    assert raw > 1 and r["precision_corrected"] == 1.0
    for m in ("precision", "recall", "f1"):
        assert 0.0 <= r[f"{m}_corrected_lo"] <= r[f"{m}_corrected"] <= r[f"{m}_corrected_hi"] <= 1.0, r


def test_no_reviews_leaves_the_leaderboard_unchanged(sample_tables):
    from f1bench_pipeline.scoring.leaderboard import Bootstrap, aggregate

    scores = sample_tables("scores")
    keys, boot = ["season", "variant", "extractor", "model"], Bootstrap(replicates=50)
    plain = aggregate(scores, keys, boot, levels=["lang"])
    empty = aggregate(scores, keys, boot, levels=["lang"], reviews=pl.DataFrame(schema=human_score.HUMAN_SCORE_SCHEMA))
    order = [*keys, "lang"]  # (the aggregate's row order is not part of its contract)
    # DuckDB sums the bootstrap's doubles on several threads in whatever order they finish, so
    # two runs of the same query may differ in the last bit (seen under load): equal to 1e-12.
    assert_frame_equal(empty.select(plain.columns).sort(order), plain.sort(order), abs_tol=1e-12, rel_tol=1e-12)
    assert empty["n_reviewed"].unique().to_list() == [0] and empty["precision_corrected"].null_count() == empty.height


def test_plan_answers_needed():
    from f1bench_pipeline.review.plan import Z95, answers_needed

    # n = z² var(d) / (h² − z² var(a) / N), by hand
    n = answers_needed(0.05, 0.11, 358, 0.02)
    assert n == __import__("math").ceil(Z95 ** 2 * 0.05 ** 2 / (0.02 ** 2 - Z95 ** 2 * 0.11 ** 2 / 358))
    assert answers_needed(0.05, 0.11, 358, 0.03) < n  # a wider interval needs fewer
    assert answers_needed(0.05, 0.5, 358, 0.02) is None  # the automatic part alone is wider


def test_dev_gold_as_reviews_gives_corrected_figures(root, tmp_path):
    """`review gold` on the sample's few gold instances: the leaderboard view's corrected figure is
    the automatic mean plus the mean human − automatic difference on the reviewed answers."""
    if not GOLD_DIR.exists():
        pytest.skip(f"shared gold not found at {GOLD_DIR}")
    from f1bench_pipeline.domains.f1.importer import import_jsonl
    from f1bench_pipeline.generation.registry import load_registry
    from f1bench_pipeline.domains.f1.gold import load_gold
    from f1bench_pipeline.storage.views import refresh_views
    from f1bench_pipeline.storage.reader import reader
    from f1bench_pipeline_tests.test_review import _score_imported

    registry = load_registry()
    items = [(lang, it) for lang in ("en", "es", "pt") for _g, it in load_gold(GOLD_DIR, lang)]
    jsonl = tmp_path / "gold_items.jsonl"
    jsonl.write_text("".join(json.dumps({"id": it["id"], "model": it["model"], "lang": lang, "text": it["text"]}) + "\n"
                             for lang, it in items), encoding="utf-8")
    report = import_jsonl(jsonl, root, registry=registry)
    _score_imported(root, report.partitions)
    summary, gold = review_gold.import_gold(GOLD_DIR, root, lambda n: registry.by_alias(n).name)
    assert summary is not None
    refresh_views(root, tmp_path / "w.duckdb")
    hs = store.read_review_scores(root)
    assert hs.height == summary.answers and set(hs["sampling"]) == {"not_random"}
    scores = store.read_decoded(root, "scores").filter((pl.col("variant") == "default") & (pl.col("status") == "ok")
                                                       & (pl.col("extraction_status") == "ok"))
    con = reader(root)
    try:
        view = con.sql("SELECT * FROM leaderboard WHERE variant = 'default' AND lang = 'all' AND decision_type = 'all' "
                       "AND n_reviewed > 0").pl()
    finally:
        con.close()
    assert set(view["model"]) == set(hs["model"])
    key = ["model", "season", "id", "lang", "variant", "extractor"]
    for r in view.iter_rows(named=True):
        mine = scores.filter((pl.col("model") == r["model"]) & (pl.col("season") == r["season"]))
        both = mine.join(hs, on=key)
        assert r["n_reviewed"] == both.height and r["correction_sampling"] == "not_random"
        rect = (both["precision_human"] - both["precision"]).drop_nulls().mean()
        assert r["precision_corrected"] == pytest.approx(min(1.0, max(0.0, mine["precision"].mean() + rect)))
        assert r["precision_corrected_lo"] <= r["precision_corrected"] <= r["precision_corrected_hi"]
        assert r["f1_corrected_lo"] is not None and r["recall_corrected_hi"] is not None
