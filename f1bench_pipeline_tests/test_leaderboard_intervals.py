"""Leaderboard intervals, paired differences and the significance of the ranking inversion.

The bootstrap is checked against an independent computation (a numpy multinomial bootstrap
and the normal interval of a mean), for coverage on data with a known mean, and the SQL view
against the Python aggregate (one definition).
"""

from __future__ import annotations

import math

import numpy as np
import polars as pl
import pytest
from polars.testing import assert_frame_equal

from f1bench_pipeline.scoring.leaderboard import (
    Bootstrap,
    aggregate,
    inversion_significance,
    pair_differences,
    poisson_weight_sql,
)


def _scores(model: str, precision: list[float | None], recall: list[float], ids: list[str] | None = None,
            lang: str = "en") -> pl.DataFrame:
    n = len(recall)
    f1 = [2 * p * r / (p + r) if p and r else 0.0 for p, r in zip(precision, recall)]
    return pl.DataFrame({
        "id": ids or [f"i{k}" for k in range(n)], "model": [model] * n, "lang": [lang] * n, "variant": ["default"] * n,
        "status": ["ok"] * n, "extraction_status": ["ok"] * n,
        "n_claims": [0 if p is None else 5 for p in precision], "n_supported": [0 if p is None else round(5 * p) for p in precision],
        "n_contradicted": [0 if p is None else 5 - round(5 * p) for p in precision], "n_covered": [round(4 * r) for r in recall],
        "n_oracle": [4] * n, "precision": precision, "strict_precision": precision,
        "hallucination_rate": [None if p is None else 1 - p for p in precision], "recall": recall, "f1": f1,
    }, schema_overrides={"precision": pl.Float64, "strict_precision": pl.Float64, "hallucination_rate": pl.Float64})


def test_poisson_weights_have_mean_and_variance_one():
    import duckdb

    w = duckdb.sql(f"SELECT {poisson_weight_sql('k', 'b', 7)} AS w FROM range(200000) t(k), range(2) r(b)").pl()["w"]
    assert w.mean() == pytest.approx(1.0, abs=0.01) and w.var() == pytest.approx(1.0, abs=0.02)
    assert w.min() == 0 and w.max() >= 6


def test_interval_matches_an_independent_multinomial_bootstrap():
    rng = np.random.default_rng(3)
    recall = rng.beta(2, 3, 400).round(3).tolist()
    precision = rng.beta(8, 2, 400).round(3).tolist()
    board = aggregate(_scores("m", precision, recall), ["model"], Bootstrap(replicates=2000, seed=11)).row(0, named=True)
    # independent: numpy's multinomial bootstrap of the same means
    idx = rng.integers(0, 400, size=(4000, 400))
    for name, values in (("recall", np.array(recall)), ("precision", np.array(precision))):
        means = values[idx].mean(axis=1)
        lo, hi = np.quantile(means, [0.025, 0.975])
        width = hi - lo
        assert board[f"{name}_lo"] == pytest.approx(lo, abs=0.1 * width)
        assert board[f"{name}_hi"] == pytest.approx(hi, abs=0.1 * width)
        assert board[f"{name}_lo"] < board[name] < board[f"{name}_hi"]


def test_intervals_cover_the_true_mean_about_95_percent_of_the_time():
    # 200 systems at once (the bootstrap is one query whatever their number), each a fresh
    # sample of 120 answers whose recall has mean 0.3
    rng = np.random.default_rng(5)
    frames = [_scores(f"s{k:03d}", [1.0] * 120, rng.binomial(4, 0.3, 120).astype(float) / 4) for k in range(200)]
    board = aggregate(pl.concat(frames), ["model"], Bootstrap(replicates=500, seed=1))
    covered = ((board["recall_lo"] <= 0.3) & (board["recall_hi"] >= 0.3)).mean()
    assert 0.89 <= covered <= 0.99, covered
    # width is the normal interval's, 2 × 1.96 × sd / sqrt(n), within sampling noise
    sd = math.sqrt(0.3 * 0.7 / 4)
    assert (board["recall_hi"] - board["recall_lo"]).mean() == pytest.approx(2 * 1.96 * sd / math.sqrt(120), rel=0.1)


def test_intervals_are_seeded_and_replicates_configurable():
    rng = np.random.default_rng(2)
    s = _scores("m", rng.random(200).tolist(), rng.random(200).tolist())
    a = aggregate(s, ["model"], Bootstrap(replicates=300, seed=1))
    assert_frame_equal(a, aggregate(s, ["model"], Bootstrap(replicates=300, seed=1)))
    assert a["f1_lo"][0] != aggregate(s, ["model"], Bootstrap(replicates=300, seed=2))["f1_lo"][0]
    points = aggregate(s, ["model"], Bootstrap(replicates=0))
    assert "f1_lo" not in points.columns and points["f1"][0] == a["f1"][0]


def test_abstentions_stay_out_of_the_precision_interval():
    s = _scores("m", [None] * 50 + [0.8] * 50, [0.0] * 50 + [0.5] * 50)
    r = aggregate(s, ["model"], Bootstrap(replicates=200)).row(0, named=True)
    assert r["precision"] == pytest.approx(0.8) and r["precision_lo"] == pytest.approx(0.8) == r["precision_hi"]
    assert r["recall_lo"] < 0.25 < r["recall_hi"]


def test_paired_difference_and_the_inversion_on_a_terse_and_a_complete_system():
    rng = np.random.default_rng(9)
    n = 150
    terse = _scores("terse", [1.0] * n, (rng.integers(0, 2, n) / 4).tolist())  # precise, says little
    complete = _scores("complete", (0.8 + rng.integers(0, 2, n) / 10).tolist(), (0.75 + rng.integers(0, 2, n) / 4).tolist())
    both = pl.concat([terse, complete])
    pairs = pair_differences(both, ["variant"], Bootstrap(replicates=500)).row(0, named=True)
    assert (pairs["system_a"], pairs["system_b"], pairs["n_shared"]) == ("complete", "terse", n)
    assert pairs["precision_diff_hi"] < 0 < pairs["f1_diff_lo"]  # terse ahead by precision, complete by F1
    assert pairs["precision_differs"] and pairs["f1_differs"]
    assert pairs["p_a_ahead_precision"] == 0.0 and pairs["p_a_ahead_f1"] == 1.0
    inv = inversion_significance(both, ["variant"], Bootstrap(replicates=500)).row(0, named=True)
    assert (inv["precision_leaders"], inv["f1_leaders"], inv["inversion_observed"]) == ("terse", "complete", True)
    assert inv["p_inversion"] == 1.0 and inv["replicates"] == 500


def test_a_system_first_on_both_shows_no_inversion_and_ties_are_shared_first_places():
    n = 100
    rng = np.random.default_rng(4)
    perfect = _scores("perfect", [1.0] * n, [1.0] * n)
    terse = _scores("terse", [1.0] * n, (rng.integers(0, 2, n) / 4).tolist())
    inv = inversion_significance(pl.concat([perfect, terse]), ["variant"], Bootstrap(replicates=200)).row(0, named=True)
    assert inv["precision_leaders"] == "perfect, terse" and inv["f1_leaders"] == "perfect"
    assert inv["inversion_observed"] is False and inv["p_inversion"] == 0.0


def test_a_close_call_is_reported_as_uncertain():
    # two systems drawn from the same distribution: which one leads is a coin flip
    rng = np.random.default_rng(12)
    a = _scores("a", rng.beta(9, 1, 300).tolist(), rng.beta(3, 2, 300).tolist())
    b = _scores("b", rng.beta(9, 1, 300).tolist(), rng.beta(3, 2, 300).tolist())
    pairs = pair_differences(pl.concat([a, b]), ["variant"], Bootstrap(replicates=500)).row(0, named=True)
    assert pairs["precision_diff_lo"] < 0 < pairs["precision_diff_hi"] and not pairs["precision_differs"]
    assert 0.02 < pairs["p_a_ahead_precision"] < 0.98


def test_pairs_sharing_few_instances_get_no_verdict():
    a = _scores("a", [1.0] * 5, [1.0] * 5)
    b = _scores("b", [0.2] * 5, [0.2] * 5)
    pairs = pair_differences(pl.concat([a, b]), ["variant"], Bootstrap(replicates=100, min_instances=20)).row(0, named=True)
    assert pairs["n_shared"] == 5 and pairs["precision_differs"] is None and pairs["precision_diff"] == pytest.approx(0.8)


def test_pooled_languages_resample_an_instance_as_one_unit():
    # the same 100 decisions in three languages, identical scores: the pooled interval must be
    # as wide as one language's (three copies of a decision are not three decisions)
    rng = np.random.default_rng(8)
    recall = (rng.integers(0, 5, 100) / 4).tolist()
    s = pl.concat([_scores("m", [1.0] * 100, recall, lang=lang) for lang in ("en", "es", "pt")])
    board = aggregate(s, ["model"], Bootstrap(replicates=400), levels=["lang"])
    width = {r["lang"]: r["recall_hi"] - r["recall_lo"] for r in board.to_dicts()}
    assert width["all"] == pytest.approx(width["en"], rel=0.02)


def test_the_view_and_the_python_aggregate_are_one_definition(sample_build):
    """The `leaderboard` view and `aggregate` give the same rows, intervals included."""
    from f1bench_pipeline.storage.warehouse import read_table
    from f1bench_pipeline.storage.reader import reader

    root = sample_build["settings"].warehouse_dir
    con = reader(root)
    view = con.sql("SELECT * FROM leaderboard").pl()
    scores = read_table(root, "scores")
    from f1bench_pipeline.review.human_score import HUMAN_SCORE_SCHEMA

    # the view reads review_scores (empty on the sample: its corrected columns are NULL)
    python = aggregate(scores, ["season", "variant", "extractor", "model"], Bootstrap.from_settings(),
                       levels=["lang", "decision_type"], reviews=pl.DataFrame(schema=HUMAN_SCORE_SCHEMA))
    keys = ["season", "variant", "extractor", "model", "lang", "decision_type"]
    assert view.height == python.height > 0
    assert view.columns == python.columns
    assert_frame_equal(view.sort(keys), python.sort(keys), check_dtypes=False, abs_tol=1e-12)
    assert view["f1_lo"].null_count() == 0


def test_significance_views_on_the_sample(sample_build):
    from f1bench_pipeline.storage.reader import reader

    con = reader(sample_build["settings"].warehouse_dir)
    inv = con.sql("SELECT * FROM ranking_inversion_significance WHERE season = 2025 AND variant = 'default' "
                  "AND extractor = 'regex' AND lang = 'all'").pl().row(0, named=True)
    # the faithful template is first by both: no inversion, in every resample
    assert inv["f1_leaders"] == "template-faithful" and "template-terse" in inv["precision_leaders"]
    assert inv["inversion_observed"] is False and inv["p_inversion"] == 0.0 and inv["replicates"] == 1000
    pair = con.sql("SELECT * FROM system_pair_differences WHERE season = 2025 AND variant = 'default' AND lang = 'all' "
                   "AND decision_type = 'all' AND system_a = 'template-noisy' AND system_b = 'template-terse'"
                   ).pl().row(0, named=True)
    # noisy vs terse: the pair the inversion is about, ordered oppositely with both intervals clear of 0
    assert pair["precision_diff_hi"] < 0 < pair["f1_diff_lo"]
    assert pair["precision_differs"] and pair["f1_differs"]


def test_the_inversion_probability_is_the_same_on_every_run():
    # two close systems, one ahead on precision and the other on F1: a probability strictly
    # between 0 and 1, which must not move between runs (floating sums add up in any order)
    rng = np.random.default_rng(21)
    a = _scores("a", rng.beta(20, 2, 300).tolist(), rng.beta(3, 2, 300).tolist())
    b = _scores("b", rng.beta(19, 2, 300).tolist(), rng.beta(3.2, 2, 300).tolist())
    both = pl.concat([a, b])
    runs = {inversion_significance(both, ["variant"], Bootstrap(replicates=400))["p_inversion"][0] for _ in range(5)}
    assert len(runs) == 1 and 0.0 < runs.pop() < 1.0


def test_one_session_gives_the_board_pairs_and_inversion_of_the_three_calls():
    # f1bench score's board_and_significance draws the replicates once: the same rows as
    # aggregate, pair_differences and inversion_significance, in two languages with a roll-up.
    from f1bench_pipeline.scoring.leaderboard import board_and_significance

    rng = np.random.default_rng(5)
    frames = [_scores(m, rng.beta(a, 2, 120).tolist(), rng.beta(r, 2, 120).tolist(), lang=lang)
              for m, a, r in (("a", 20, 3), ("b", 18, 3.4), ("c", 9, 2)) for lang in ("en", "es")]
    scores = pl.concat(frames)
    boot = Bootstrap(replicates=300)
    board, pairs, inversion = board_and_significance(scores, ["variant"], boot, levels=["lang"])
    assert board.height == 9 and pairs.height == 9 and inversion.height == 3
    assert_frame_equal(board, aggregate(scores, ["variant", "model"], boot, levels=["lang"]), rel_tol=1e-12)
    assert_frame_equal(pairs, pair_differences(scores, ["variant"], boot, levels=["lang"]), rel_tol=1e-12)
    assert_frame_equal(inversion, inversion_significance(scores, ["variant"], boot, levels=["lang"]))
    one = board_and_significance(scores.filter(pl.col("model") == "a"), ["variant"], boot, levels=["lang"])
    assert one[0].height == 3 and one[1].is_empty() and one[2].is_empty()


def test_two_systems_with_the_same_answers_share_first_place_on_every_replicate():
    # a copy of a system under another name ties with it; DuckDB's threads may add the two's
    # sums up in different orders (last bits differ, as here: the copy a hair ahead on precision
    # and behind on F1), so leaders are taken within TIE_TOLERANCE -- no inversion
    rng = np.random.default_rng(8)
    a = _scores("a", rng.beta(20, 2, 400).tolist(), rng.beta(3, 2, 400).tolist())
    copy = a.with_columns(model=pl.lit("a-copy"), precision=pl.col("precision") * (1 + 4e-16),
                          f1=pl.col("f1") * (1 - 4e-16))
    scores = pl.concat([a, copy])
    inv = inversion_significance(scores, ["variant"], Bootstrap(replicates=300)).row(0, named=True)
    assert inv["precision_leaders"] == inv["f1_leaders"] == "a, a-copy"
    assert inv["inversion_observed"] is False and inv["p_inversion"] == 0.0
