"""Rank statistics of the ranking inversion, against an independent computation (scipy).

One definition, two paths: ``metrics.spearman`` / ``metrics.kendall_tau_b`` in Python and the
``spearman_precision_vs_f1`` / ``kendall_tau_b_precision_vs_f1`` columns of the
``ranking_inversion`` and ``weather_ranking_inversion`` views. Both must equal
``scipy.stats.spearmanr`` and ``scipy.stats.kendalltau(variant='b')`` — ties counted as ties —
and be None / NULL where scipy's answer is NaN (a single system, or one side all ties).
"""

from __future__ import annotations

import math
import warnings
from collections import defaultdict

import duckdb
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scipy import stats

from f1bench_pipeline.scoring.metrics import kendall_tau_b, spearman
from f1bench_pipeline.storage.views import view_definitions

# precision [1, 1, .8, .6] vs F1 [1, .4, .7, .6]: the issue's example (two systems tie at precision 1)
ISSUE_P, ISSUE_F1 = [1, 1, .8, .6], [1, .4, .7, .6]

CASES = [
    pytest.param(ISSUE_P, ISSUE_F1, id="issue-example"),
    pytest.param([1, 2, 3, 4, 5], [1, 2, 3, 4, 5], id="identical"),
    pytest.param([1, 2, 3, 4, 5], [5, 4, 3, 2, 1], id="reversed"),
    pytest.param([0.9, 0.3, 0.5, 0.7, 0.1, 0.8], [0.2, 0.6, 0.4, 0.9, 0.1, 0.3], id="untied"),
    pytest.param([1, 1, 1, 0.5, 0.5, 0.2], [0.3, 0.3, 0.9, 0.9, 0.1, 0.1], id="ties-both-sides"),
    pytest.param([1, 1, 0.5, 0.5], [1, 1, 0.5, 0.5], id="tied-in-both-same-pairs"),
    pytest.param([1, 1, 0.5, 0.5], [0.5, 0.5, 1, 1], id="tied-in-both-reversed"),
    pytest.param([0.8, 0.8, 0.8, 0.2], [0.1, 0.4, 0.7, 0.9], id="three-way-tie"),
    pytest.param([1, 0.5], [0.5, 1.0], id="two-points"),
    pytest.param([1, 0.75, 0.75, 1.0, 0], [0, 1, 1, 0.5, 0.5], id="mixed-int-float"),
]


def scipy_spearman(a, b) -> float | None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # ConstantInputWarning: NaN is the answer we map to None
        rho = stats.spearmanr(a, b).statistic if len(a) >= 2 else math.nan
    return None if math.isnan(rho) else float(rho)


def scipy_tau_b(a, b) -> float | None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        tau = stats.kendalltau(a, b, variant="b").statistic if len(a) >= 2 else math.nan
    return None if math.isnan(tau) else float(tau)


def same(ours, theirs) -> bool:
    if theirs is None or ours is None:
        return ours is None and theirs is None
    return ours == pytest.approx(theirs, abs=1e-9)


# ---- Python ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("a", "b"), CASES)
def test_python_rank_statistics_match_scipy(a, b):
    assert scipy_spearman(a, b) is not None and scipy_tau_b(a, b) is not None
    assert same(spearman(a, b), scipy_spearman(a, b))
    assert same(kendall_tau_b(a, b), scipy_tau_b(a, b))
    # symmetric in its two arguments
    assert same(kendall_tau_b(b, a), kendall_tau_b(a, b))


def test_issue_example_uses_average_ranks():
    """0.105 with average ranks (cov 0.5 / sqrt(4.5 * 5)); competition ranks gave 0.086."""
    rho = spearman(ISSUE_P, ISSUE_F1)
    assert rho == pytest.approx(0.5 / (4.5 * 5) ** 0.5, abs=1e-12)
    assert round(rho, 3) == 0.105
    competition = stats.pearsonr(stats.rankdata([-x for x in ISSUE_P], method="min"),
                                 stats.rankdata([-x for x in ISSUE_F1], method="min")).statistic
    assert round(float(competition), 3) == 0.086  # the old, wrong answer is not what we compute
    # tau-b: 3 concordant, 2 discordant pairs, 1 tied in precision: (3 - 2) / sqrt(5 * 6)
    assert kendall_tau_b(ISSUE_P, ISSUE_F1) == pytest.approx(1 / 30 ** 0.5, abs=1e-12)


@pytest.mark.parametrize(("a", "b"), [
    pytest.param([0.5, 0.5, 0.5], [0.1, 0.2, 0.3], id="all-tied-in-a"),
    pytest.param([0.1, 0.2, 0.3], [1, 1.0, 1], id="all-tied-in-b"),
    pytest.param([1, 1], [1, 1], id="all-tied-both"),
    pytest.param([0.7], [0.2], id="one-point"),
    pytest.param([], [], id="empty"),
])
def test_degenerate_inputs_are_none(a, b):
    assert scipy_spearman(a, b) is None and scipy_tau_b(a, b) is None  # scipy: NaN
    assert spearman(a, b) is None
    assert kendall_tau_b(a, b) is None


def test_kendall_tau_b_rejects_unequal_lengths():
    with pytest.raises(ValueError):
        kendall_tau_b([1, 2, 3], [1, 2])


# few distinct values, ints beside floats: most lists have ties, many have several
TIED_VALUES = st.sampled_from([0, 0.0, 0.25, 0.5, 0.6, 0.8, 1, 1.0])


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=12).flatmap(
    lambda n: st.tuples(st.lists(TIED_VALUES, min_size=n, max_size=n), st.lists(TIED_VALUES, min_size=n, max_size=n))))
def test_python_rank_statistics_match_scipy_on_random_tied_lists(ab):
    a, b = ab
    assert same(spearman(a, b), scipy_spearman(a, b))
    assert same(kendall_tau_b(a, b), scipy_tau_b(a, b))


# ---- SQL views --------------------------------------------------------------------------------

# (view, its input, partition columns, the column that must read 'all', its other value)
VIEWS = {
    "ranking_inversion": ("leaderboard_points", ("season", "variant", "extractor", "lang"), "decision_type", "stint"),
    "weather_ranking_inversion": ("weather_leaderboard_points", ("batch", "variant", "extractor", "lang"), "kind", "daily"),
}
COLUMNS = {
    "ranking_inversion": ["season", "variant", "extractor", "lang", "model", "precision", "recall", "f1", "n_scored",
                          "n_abstentions", "rank_by_precision", "rank_by_f1", "spearman_precision_vs_f1",
                          "kendall_tau_b_precision_vs_f1"],
    "weather_ranking_inversion": ["batch", "variant", "extractor", "lang", "model", "precision", "recall", "f1",
                                  "claims_per_generation", "n_scored", "n_abstentions", "rank_by_precision",
                                  "rank_by_f1", "spearman_precision_vs_f1", "kendall_tau_b_precision_vs_f1"],
}


def view_sql(name: str, tmp_path) -> str:
    """The view's SQL as the warehouse renders it (these two read only their leaderboard view)."""
    return next(sql for n, sql, _tables in view_definitions(tmp_path) if n == name)


def run_view(name: str, rows: list[tuple], tmp_path) -> tuple[list[str], list[dict]]:
    """Create ``name`` over an in-memory ``leaderboard``-shaped table of ``rows``
    ((first partition key, variant, extractor, lang, model, precision, f1)), plus a decoy
    row per system outside the 'all' filter, and return its (columns, rows)."""
    source, keys, filter_col, other = VIEWS[name]
    con = duckdb.connect()
    first = "season INTEGER" if keys[0] == "season" else "batch VARCHAR"
    con.execute(f"CREATE TABLE {source} ({first}, variant VARCHAR, extractor VARCHAR, lang VARCHAR, "
                f"{filter_col} VARCHAR, model VARCHAR, precision DOUBLE, recall DOUBLE, f1 DOUBLE, "
                "claims_per_generation DOUBLE, n_scored BIGINT, n_abstentions BIGINT)")
    for k, v, e, lang, model, p, f1 in rows:
        con.execute(f"INSERT INTO {source} VALUES (?, ?, ?, ?, 'all', ?, ?, ?, ?, 3.5, 10, 1)",
                    [k, v, e, lang, model, p, f1, f1])
        # rows the view must ignore: another decision type / kind, and a system that never claimed
        con.execute(f"INSERT INTO {source} VALUES (?, ?, ?, ?, ?, ?, 0.01, 0.99, 0.99, 3.5, 10, 1)",
                    [k, v, e, lang, other, model])
        con.execute(f"INSERT INTO {source} VALUES (?, ?, ?, ?, 'all', 'abstainer', NULL, 0, 0, 0, 10, 10)",
                    [k, v, e, lang])
    con.execute(view_sql(name, tmp_path))
    cur = con.execute(f"SELECT * FROM {name}")
    cols = [d[0] for d in cur.description]
    out = [dict(zip(cols, r)) for r in cur.fetchall()]
    con.close()
    return cols, out


def check_view(name: str, rows: list[tuple], tmp_path) -> dict:
    """Every partition's spearman / tau-b equal scipy's (and metrics') on the same data; the
    columns and the row order are the view's documented ones. Returns {partition: (rho, tau)}."""
    keys = VIEWS[name][1]
    cols, out = run_view(name, rows, tmp_path)
    assert cols == COLUMNS[name]
    order = [(*(r[k] for k in keys), r["rank_by_f1"]) for r in out]
    assert order == sorted(order)  # ORDER BY partition, rank_by_f1
    assert len(out) == len(rows)  # one row per system: decoys and abstainers (precision NULL) left out

    given_rows = defaultdict(dict)
    for k, v, e, lang, model, p, f1 in rows:
        given_rows[(k, v, e, lang)][model] = (p, f1)
    seen = defaultdict(list)
    for r in out:
        seen[tuple(r[k] for k in keys)].append(r)
    assert seen.keys() == given_rows.keys()

    found = {}
    for part, systems in seen.items():
        models = sorted(given_rows[part])
        p = [given_rows[part][m][0] for m in models]
        f1 = [given_rows[part][m][1] for m in models]
        assert {r["model"] for r in systems} == set(models)
        rhos = {r["spearman_precision_vs_f1"] for r in systems}
        taus = {r["kendall_tau_b_precision_vs_f1"] for r in systems}
        assert len(rhos) == 1 and len(taus) == 1, part  # one value per partition
        rho, tau = rhos.pop(), taus.pop()
        assert same(rho, scipy_spearman(p, f1)), (part, p, f1, rho)
        assert same(tau, scipy_tau_b(p, f1)), (part, p, f1, tau)
        assert same(rho, spearman(p, f1)) and same(tau, kendall_tau_b(p, f1))  # one definition
        # competition ranks (rank()) are still what the view shows
        for r in systems:
            assert r["rank_by_precision"] == 1 + sum(x > r["precision"] for x in p)
            assert r["rank_by_f1"] == 1 + sum(x > r["f1"] for x in f1)
        found[part] = (rho, tau)
    return found


def fixed_rows(first_a, first_b) -> list[tuple]:
    rows = [(first_a, "default", "regex", "all", f"m{k}", p, f1) for k, (p, f1) in enumerate(zip(ISSUE_P, ISSUE_F1))]
    # tied in precision only, in F1 only (either system first by precision), in both
    en = [(1, 0.3), (1, 0.3), (0.5, 0.9), (0.5, 0.4), (0.2, 0.1), (0.1, 0.4), (0.6, 0.1)]
    rows += [(first_a, "default", "regex", "en", f"m{k}", p, f1) for k, (p, f1) in enumerate(en)]
    rows += [(first_a, "default", "llm", "all", f"m{k}", 0.75, f1) for k, f1 in enumerate([0.2, 0.5, 0.4])]  # all tie
    rows += [(first_b, "default", "regex", "all", "m0", 0.9, 0.4)]  # a single system
    untied = [(0.9, 0.2), (0.3, 0.6), (0.5, 0.4), (0.7, 0.9), (0.1, 0.1), (0.8, 0.3)]
    rows += [(first_a, "terse", "regex", "all", f"m{k}", p, f1) for k, (p, f1) in enumerate(untied)]
    return rows


@pytest.mark.parametrize("name", list(VIEWS))
def test_view_rank_statistics_match_scipy_on_tied_data(name, tmp_path):
    first_a, first_b = (2025, 2024) if name == "ranking_inversion" else ("b2", "b1")
    found = check_view(name, fixed_rows(first_a, first_b), tmp_path)
    rho, tau = found[(first_a, "default", "regex", "all")]
    assert round(rho, 3) == 0.105 and tau == pytest.approx(1 / 30 ** 0.5)  # the issue's example
    assert found[(first_a, "default", "llm", "all")] == (None, None)  # every precision ties
    assert found[(first_b, "default", "regex", "all")] == (None, None)  # one system


PARTITION_ROWS = st.dictionaries(
    keys=st.tuples(st.sampled_from(["regex", "llm"]), st.sampled_from(["all", "en", "es"]), st.integers(0, 6)),
    values=st.tuples(TIED_VALUES, TIED_VALUES), min_size=1, max_size=30)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(VIEWS))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(parts=PARTITION_ROWS)
def test_view_rank_statistics_match_scipy_on_random_tied_data(name, parts, tmp_path):
    first = 2025 if name == "ranking_inversion" else "b1"
    rows = [(first, "default", e, lang, f"m{k}", p, f1) for (e, lang, k), (p, f1) in parts.items()]
    check_view(name, rows, tmp_path)
