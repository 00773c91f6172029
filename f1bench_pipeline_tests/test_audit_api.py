"""The audit page's warehouse reader: one cached DuckDB with the views, refreshed when the
warehouse changes, safe across the server's threads."""

from __future__ import annotations

import threading

import polars as pl

from f1bench_pipeline.audit.api import Warehouse
from f1bench_pipeline.scoring.score import CLAIM_SCHEMA, SCORE_SCHEMA
from f1bench_pipeline.storage.warehouse import write_partition


def _write(root, table: str, schema: dict, model: str, n: int = 1) -> None:
    row = {"id": "2025_Test::stint::VER", "model": model, "lang": "en", "variant": "default", "season": 2025,
           "status": "ok", "extraction_status": "ok", "extractor": "regex", "n_claims": 1}
    df = pl.DataFrame([row] * n).with_columns([pl.lit(None, dtype=t).alias(c) for c, t in schema.items() if c not in row])
    df = df.select(list(schema)).cast(schema)
    write_partition(df.drop("season", "model", strict=False), root, table, {"season": 2025, "model": model})


def test_requests_share_one_connection_and_see_new_files_and_new_tables(tmp_path):
    root = tmp_path / "warehouse"
    _write(root, "scores", SCORE_SCHEMA, "m1")
    w = Warehouse(root)
    assert w.rows("SELECT count(*) AS n FROM scores") == [{"n": 1}]
    con = w._con
    # a new partition of a known table: seen at once, without rebuilding the views
    _write(root, "scores", SCORE_SCHEMA, "m2", n=2)
    assert w.rows("SELECT count(*) AS n FROM scores") == [{"n": 3}]
    assert w._con is con
    # a new table (its first materialization): the views are rebuilt and it is there
    assert not w.has("claims") and w.rows("SELECT count(*) AS n FROM claims") == []
    _write(root, "claims", CLAIM_SCHEMA, "m1")
    assert w.has("claims") and w.rows("SELECT count(*) AS n FROM claims") == [{"n": 1}]
    assert w._con is not con


def test_the_cache_is_refreshed_by_age(tmp_path):
    root = tmp_path / "warehouse"
    _write(root, "scores", SCORE_SCHEMA, "m1")
    w = Warehouse(root, refresh_seconds=0.0)
    w.rows("SELECT 1")
    con = w._con
    w.rows("SELECT 1")
    assert w._con is not con


def test_threads_query_the_shared_connection_at_once(tmp_path):
    root = tmp_path / "warehouse"
    _write(root, "scores", SCORE_SCHEMA, "m1", n=5)
    w = Warehouse(root)
    results, errors = [], []

    def ask() -> None:
        try:
            for _ in range(20):
                results.append(w.rows("SELECT count(*) AS n FROM scores WHERE model = ?", ["m1"])[0]["n"])
        except Exception as exc:  # noqa: BLE001 - a thread's failure is the test's finding
            errors.append(exc)

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and results == [5] * 160


def test_the_leaderboard_is_computed_once_per_state_of_the_scores(tmp_path):
    """The second request of a leaderboard answers from memory (no query); a write of scores (a new
    system's partition, or a partition rewritten) recomputes it with the new rows."""
    from f1bench_pipeline.audit.api import leaderboard, warm_leaderboards

    root = tmp_path / "warehouse"
    _write(root, "scores", SCORE_SCHEMA, "m1")
    w = Warehouse(root)
    first = leaderboard(w, 2025, "default")
    computed = w.computed
    assert {r["model"] for r in first["rows"]} == {"m1"} and computed >= 1
    assert leaderboard(w, 2025, "default") == first and w.computed == computed  # from memory
    assert leaderboard(w, None, "default") == first and w.computed == computed + 1  # (which season is latest)
    _write(root, "scores", SCORE_SCHEMA, "m2", n=2)
    assert {r["model"] for r in leaderboard(w, 2025, "default")["rows"]} == {"m1", "m2"}
    assert w.computed > computed + 1
    # the page's other selectors, computed ahead: each then answers from memory
    warm_leaderboards(w)
    computed = w.computed
    for variant in ("default", "cover_all"):
        assert w.memoized(("leaderboard", 2025, variant))
        leaderboard(w, 2025, variant)
    assert w.computed == computed


def test_requests_of_one_leaderboard_at_once_compute_it_once(tmp_path):
    from f1bench_pipeline.audit.api import leaderboard

    root = tmp_path / "warehouse"
    _write(root, "scores", SCORE_SCHEMA, "m1", n=3)
    w = Warehouse(root)
    answers: list = []
    threads = [threading.Thread(target=lambda: answers.append(leaderboard(w, 2025, "default"))) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(answers) == 6 and all(a == answers[0] for a in answers) and answers[0]["rows"]
    assert w.computed == 1


def test_a_restarted_server_reads_the_leaderboard_it_computed(tmp_path):
    """With an answers folder, a new Warehouse (a restarted server) answers from disk without
    computing; the same after a change of the scores is computed again (and the old state's
    files are removed)."""
    from f1bench_pipeline.audit.api import leaderboard

    root, answers = tmp_path / "warehouse", tmp_path / "answers"
    _write(root, "scores", SCORE_SCHEMA, "m1", n=2)
    first = leaderboard(Warehouse(root, answers_dir=answers), 2025, "default")
    stored = sorted(answers.glob("*.json"))
    assert stored
    again = Warehouse(root, answers_dir=answers)
    assert leaderboard(again, 2025, "default")["rows"] == first["rows"]
    assert again.computed == 0
    _write(root, "scores", SCORE_SCHEMA, "m2")
    third = Warehouse(root, answers_dir=answers)
    assert {r["model"] for r in leaderboard(third, 2025, "default")["rows"]} == {"m1", "m2"}
    assert third.computed == 1 and not set(stored) & set(answers.glob("*.json"))


def test_the_build_stores_the_pages_first_view(tmp_path):
    """What `f1bench build` does once its scores are written: the page's first leaderboard (the latest
    season, default prompt) computed into the answers folder, so the server's first load reads it."""
    from f1bench_pipeline.audit.api import leaderboard
    from f1bench_pipeline.audit.first_view import store_first_view

    root, answers = tmp_path / "warehouse", tmp_path / "answers"
    _write(root, "scores", SCORE_SCHEMA, "m1", n=2)
    assert store_first_view(root, answers) > 0
    assert store_first_view(root, answers) is None  # stored already for this state: nothing computed
    served = Warehouse(root, answers_dir=answers)
    assert {r["model"] for r in leaderboard(served, None, "default")["rows"]} == {"m1"} and served.computed == 0


def test_a_refresh_of_the_connection_leaves_a_running_query_alone(tmp_path):
    """The connection is rebuilt (by age) while another thread's query runs on it: that query
    completes and the refresh does not fail (it used to close the busy connection)."""
    root = tmp_path / "warehouse"
    _write(root, "scores", SCORE_SCHEMA, "m1")
    w = Warehouse(root, refresh_seconds=0.0)
    slow: list = []
    t = threading.Thread(target=lambda: slow.append(
        w.rows("SELECT count(*) AS n FROM range(200000000) a WHERE a.range % 7 = 3")))
    t.start()
    for _ in range(20):
        assert w.rows("SELECT count(*) AS n FROM scores") == [{"n": 1}]
    t.join()
    assert slow == [[{"n": 28571429}]]
