"""The human review workflow on the sample build: export a sheet, judge it, import it, read the
instrument's error back from the ``instrument_error`` view (and ``review.metrics``)."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import polars as pl
import pytest
from polars.testing import assert_frame_equal

from f1bench_pipeline.domains.f1 import review_gold
from f1bench_pipeline.review import judgments, metrics, sheet, store
from f1bench_pipeline.review.judgments import ReviewImportError

SEASON = 2025
GOLD_DIR = Path(__file__).resolve().parents[2] / "shared" / "data" / "paper_generations" / "gold_dev"


@pytest.fixture
def data_dir(sample_build, tmp_path) -> Path:
    """A copy of the sample's warehouse (the session's build stays untouched), as F1BENCH_DATA_DIR."""
    shutil.copytree(sample_build["settings"].warehouse_dir, tmp_path / "data" / "warehouse")
    return tmp_path / "data"


@pytest.fixture
def root(data_dir) -> Path:
    return data_dir / "warehouse"


def _read(path: Path) -> tuple[list[str], list[dict]]:
    with open(path, encoding="utf-8-sig", newline="") as fh:
        r = csv.DictReader(fh)
        return list(r.fieldnames), list(r)


def _write(path: Path, header: list[str], rows: list[dict], delimiter: str = ",", encoding: str = "utf-8-sig") -> Path:
    with open(path, "w", encoding=encoding, newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=header, delimiter=delimiter)
        w.writeheader()
        w.writerows(rows)
    return path


def _view(root: Path, sql: str) -> pl.DataFrame:
    from f1bench_pipeline.storage.reader import reader

    con = reader(root)
    try:
        return con.sql(sql).pl()
    finally:
        con.close()


def _export(root: Path, out: Path, per: int = 4, seed: int = 3, **kw) -> tuple[list[str], list[dict]]:
    store.export_review(root, out, season=SEASON, per_stratum=per, seed=seed, **kw)
    return _read(out)


def _judge_all_as_ours(rows: list[dict]) -> None:
    for r in rows:
        r["human_label"] = sheet.REVIEWED if r["row_type"] == "answer" else r["label"]


# --- export ---------------------------------------------------------------------------------


def test_export_samples_whole_answers_seeded_and_stratified(root, sample_tables, tmp_path):
    header, rows = _export(root, tmp_path / "a.csv")
    assert header == list(sheet.COLUMNS)
    assert (tmp_path / "a.csv").read_bytes().startswith(b"\xef\xbb\xbf")  # BOM: Excel reads UTF-8
    store.export_review(root, tmp_path / "b.csv", season=SEASON, per_stratum=4, seed=3)
    assert (tmp_path / "a.csv").read_bytes() == (tmp_path / "b.csv").read_bytes()  # deterministic for a seed
    answers = [r for r in rows if r["row_type"] == "answer"]
    scores = sample_tables("scores").filter(
        (pl.col("season") == SEASON) & (pl.col("variant") == "default") & (pl.col("extractor") == "regex")
        & (pl.col("status") == "ok") & (pl.col("extraction_status") == "ok"))
    strata = {(m, la): n for m, la, n in scores.group_by("model", "lang").len().iter_rows()}
    assert {(a["model"], a["lang"]) for a in answers} == set(strata)
    for (model, lang), size in strata.items():
        mine = [a for a in answers if (a["model"], a["lang"]) == (model, lang)]
        assert len(mine) == 4
        assert {int(a["stratum_size"]) for a in mine} == {size} and {a["stratum_sampled"] for a in mine} == {"4"}
    # paired across models: the same questions per language
    by_model = {}
    for a in answers:
        by_model.setdefault((a["model"], a["lang"]), set()).add(a["id"])
    for lang in ("en", "es", "pt"):
        assert len({frozenset(v) for (m, la), v in by_model.items() if la == lang}) == 1
    # every extracted claim of a sampled answer, in order, with the answer's text and context
    claims = sample_tables("claims").filter((pl.col("season") == SEASON) & (pl.col("variant") == "default"))
    gens = sample_tables("generations").filter(pl.col("season") == SEASON)
    inst = sample_tables("instances").filter(pl.col("season") == SEASON)
    for a in answers[:12]:
        key = (pl.col("model") == a["model"]) & (pl.col("id") == a["id"]) & (pl.col("lang") == a["lang"])
        ours = claims.filter(key).sort("claim_index")
        sheet_claims = [r for r in rows if r["review_id"] == a["review_id"] and r["row_type"] == "claim"]
        assert [r["span_text"] for r in sheet_claims] == ours["span_text"].to_list()
        assert [r["label"] for r in sheet_claims] == ours["label"].to_list()
        assert [int(r["claim_index"]) for r in sheet_claims] == list(range(ours.height))
        assert a["answer_text"] == gens.filter(key & (pl.col("variant") == "default"))["text"][0]
        assert a["context_text"] == inst.filter((pl.col("id") == a["id"]) & (pl.col("lang") == a["lang"])
                                                & (pl.col("variant") == "default"))["context_text"][0]
        assert all(r["answer_text"] == "" for r in sheet_claims)  # the text once per answer
    # another seed, another sample; a larger one with the same seed, a superset
    _h, other = _export(root, tmp_path / "c.csv", seed=4)
    assert {r["review_id"] for r in other} != {r["review_id"] for r in rows}
    _h, bigger = _export(root, tmp_path / "d.csv", per=6)
    assert {r["review_id"] for r in rows} < {r["review_id"] for r in bigger}
    # models filter
    _h, one = _export(root, tmp_path / "e.csv", models=["template-terse"])
    assert {r["model"] for r in one} == {"template-terse"}
    with pytest.raises(ValueError, match="no scored answers"):
        store.export_review(root, tmp_path / "f.csv", season=SEASON, models=["nope"])


# --- import and the instrument_error view ---------------------------------------------------


def test_judged_sheet_gives_the_hand_computed_instrument_error(root, tmp_path):
    header, rows = _export(root, tmp_path / "s.csv", per=6)
    _judge_all_as_ours(rows)
    stratum = [r for r in rows if r["model"] == "template-noisy" and r["lang"] == "en" and r["row_type"] == "claim"]
    contradicted = [r for r in stratum if r["label"] == "contradicted"]
    supported = [r for r in stratum if r["label"] == "supported"]
    J, C, S = len(stratum), len(contradicted), len(supported)
    assert C >= 3 and S >= 1, "the sample's noisy answers should hold contradicted and supported claims"
    contradicted[0]["human_label"] = "Supported"  # labels are read case-insensitively
    contradicted[1]["human_label"] = "supported"
    contradicted[2]["human_label"] = "not a claim"
    supported[0]["human_label"] = "contradicted"  # a hallucination the verifier let through
    answer = next(r for r in rows if r["review_id"] == contradicted[0]["review_id"] and r["row_type"] == "answer")
    missed = {"review_id": answer["review_id"], "row_type": "missed", "type": "other",
              "span_text": answer["answer_text"][:12], "human_label": "unverifiable", "human_note": "a comparison"}
    rows.append(missed)
    summary = store.import_review(_write(tmp_path / "judged.csv", header, rows), root, reviewer="alice")
    assert summary.claims == len([r for r in rows if r["row_type"] == "claim"]) and summary.missed == 1
    assert summary.answers == summary.reviewed_answers == len([r for r in rows if r["row_type"] == "answer"])

    view = _view(root, "SELECT * FROM instrument_error")
    got = {m: (k, n) for m, k, n in view.filter((pl.col("model") == "template-noisy") & (pl.col("lang") == "en"))
           .select("metric", "k", "n").iter_rows()}
    assert got == {
        "agreement": (J - 4, J),
        "false_contradiction": (3, C),
        "false_contradiction_of_all": (3, J),
        "false_unverifiable": (0, len([r for r in stratum if r["label"] == "unverifiable"])),
        "false_unverifiable_of_all": (0, J),
        "missed_contradiction": (1, C - 3 + 1),
        "not_a_claim": (1, J),
        "missed_claim": (1, (J - 1) + 1),
        "missed_declared_claim": (0, len([r for r in stratum if r["type"] != "other"
                                          and r["human_label"].lower() not in ("not a claim", "not_a_claim")])),
        "precision_ours": (S, J),
        "precision_human": (S - 1 + 2, (J - 1) + 1),
    }
    fc = view.filter((pl.col("model") == "template-noisy") & (pl.col("lang") == "en")
                     & (pl.col("metric") == "false_contradiction")).row(0, named=True)
    lo, hi = metrics.wilson(3, C)
    assert fc["rate"] == pytest.approx(3 / C) and fc["ci_low"] == pytest.approx(lo) and fc["ci_high"] == pytest.approx(hi)
    assert fc["n_answers"] == fc["n_reviewed_answers"] == 6 and fc["n_judged_claims"] == J and fc["n_missed_claims"] == 1
    # the faithful template: every verdict confirmed, nothing contradicted to be wrong about
    faithful = view.filter((pl.col("model") == "template-faithful") & (pl.col("lang") == "all"))
    rates = {m: (r, k) for m, r, k in faithful.select("metric", "rate", "k").iter_rows()}
    assert rates["agreement"][0] == 1.0 and rates["false_contradiction"] == (None, 0)
    # pooled over languages: the sums
    pooled = view.filter((pl.col("model") == "template-noisy") & (pl.col("lang") == "all")
                         & (pl.col("metric") == "false_contradiction")).row(0, named=True)
    noisy = [r for r in rows if r.get("model") == "template-noisy" and r["row_type"] == "claim"]
    assert (pooled["k"], pooled["n"]) == (3, len([r for r in noisy if r["label"] == "contradicted"]))
    # the pure metrics give the very same table
    mine = metrics.instrument_error(store.read_reviews(root))
    assert_frame_equal(mine, view.select(metrics.OUTPUT_COLUMNS).cast(dict(mine.schema)), check_exact=False)
    # the named query puts it beside the leaderboard
    from f1bench_pipeline.storage import queries

    cols, out = queries.run("instrument_error", root, tmp_path / "unused.duckdb")
    row = dict(zip(cols, next(r for r in out if r[cols.index("model")] == "template-noisy" and r[cols.index("lang")] == "en")))
    assert row["false_contradiction"].endswith(f"3/{C}") and row["missed_claim"].endswith(f"1/{J}")
    board = _view(root, "SELECT precision FROM leaderboard WHERE season = 2025 AND variant = 'default' AND extractor = 'regex' "
                        "AND model = 'template-noisy' AND lang = 'en' AND decision_type = 'all'")
    assert row["leaderboard_precision"] == pytest.approx(round(board["precision"][0], 3))


def test_wilson_interval():
    lo, hi = metrics.wilson(3, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.1078, 0.6032)
    assert metrics.wilson(0, 0) is None
    assert metrics.wilson(0, 5)[0] == 0.0 and metrics.wilson(5, 5)[1] == 1.0


def test_unchanged_sheet_imports_nothing_and_says_so(root, tmp_path):
    _export(root, tmp_path / "s.csv")
    with pytest.raises(ReviewImportError, match="no judgments"):
        store.import_review(tmp_path / "s.csv", root, reviewer="alice")
    assert store.read_reviews(root).is_empty()


def _bad(tmp_path: Path, header: list[str], rows: list[dict], name: str, edit) -> Path:
    rows = [dict(r) for r in rows]
    edit(rows)
    return _write(tmp_path / f"{name}.csv", header, rows)


def test_bad_sheets_name_row_and_column_and_keep_earlier_imports(root, tmp_path):
    header, rows = _export(root, tmp_path / "s.csv")
    _judge_all_as_ours(rows)
    store.import_review(_write(tmp_path / "good.csv", header, rows), root, reviewer="alice")
    before = store.read_reviews(root)
    assert before.height > 0
    claim_at = next(i for i, r in enumerate(rows) if r["row_type"] == "claim")
    first_answer = rows[0]
    row_no = claim_at + 2  # the header is row 1
    # no cell holds a newline before the first claim row except the answer's text and context
    cases = {
        "label": (lambda rs: rs[claim_at].update(human_label="suported"),
                  f"row {row_no} (line", "column human_label (O): human_label 'suported' is not one of"),
        "unknown_id": (lambda rs: rs.append({"review_id": "rv-0123456789", "type": "pit_lap", "span_text": "lap",
                                             "human_label": "supported"}),
                       f"row {len(rows) + 2}", "column review_id (A): unknown review_id"),
        "span": (lambda rs: rs.append({"review_id": first_answer["review_id"], "row_type": "missed", "type": "gain",
                                       "span_text": "gained 99.9 seconds nowhere", "human_label": "supported"}),
                 f"row {len(rows) + 2}", "column span_text (M): span_text 'gained 99.9 seconds nowhere' is not in the answer"),
        "edited": (lambda rs: rs[claim_at].update(label="unverifiable" if rs[claim_at]["label"] != "unverifiable" else "supported"),
                   f"row {row_no}", "column label (N)"),
        "unjudged": (lambda rs: rs[claim_at].update(human_label=""),
                     f"row {row_no}", "is marked reviewed (row 2) but this claim has no human_label"),
        "missed_unreviewed": (lambda rs: (rs[0].update(human_label=""),
                                          rs.append({"review_id": first_answer["review_id"], "type": "other",
                                                     "span_text": first_answer["answer_text"][:8], "human_label": "supported"})),
                              f"row {len(rows) + 2}", "is not marked reviewed"),
        "key": (lambda rs: rs[claim_at].update(lang="xx"), f"row {row_no}", "column review_id (A): review_id"),
        "row_type": (lambda rs: rs[claim_at].update(row_type="claimx"), f"row {row_no}", "column row_type (B)"),
    }
    for name, (edit, where, what) in cases.items():
        path = _bad(tmp_path, header, rows, name, edit)
        with pytest.raises(ReviewImportError) as err:
            store.import_review(path, root, reviewer="alice")
        text = str(err.value)
        assert str(path) in text and where in text and what in text, (name, text)
        assert store.read_reviews(root).equals(before), name  # nothing written
    # not UTF-8 (a spreadsheet's legacy "CSV" save), a missing column, no file
    latin = tmp_path / "latin.csv"
    latin.write_bytes(",".join(header).encode() + b"\r\nrv-x,claim,\xe9t\xe9\r\n")
    with pytest.raises(ReviewImportError, match=r"latin\.csv, line 2: not UTF-8"):
        store.import_review(latin, root, reviewer="alice")
    short = _write(tmp_path / "short.csv", [h for h in header if h != "human_label"],
                   [{k: v for k, v in r.items() if k != "human_label"} for r in rows])
    with pytest.raises(ReviewImportError, match=r"short\.csv, line 1: the header lacks column\(s\) human_label"):
        store.import_review(short, root, reviewer="alice")
    with pytest.raises(ReviewImportError, match="nope.csv"):
        store.import_review(tmp_path / "nope.csv", root, reviewer="alice")
    assert store.read_reviews(root).equals(before)


def test_stale_sheet_after_rescoring_is_refused(root, tmp_path):
    header, rows = _export(root, tmp_path / "s.csv", models=["template-noisy"])
    _judge_all_as_ours(rows)
    claim = next(r for r in rows if r["row_type"] == "claim")
    part = {"season": SEASON, "model": "template-noisy"}
    from f1bench_pipeline.storage.warehouse import read_table, write_partition

    claims = read_table(root, "claims", part)  # re-scored: the claim now reads otherwise
    hit = (pl.col("id") == claim["id"]) & (pl.col("lang") == claim["lang"]) & (pl.col("variant") == "default") \
        & (pl.col("claim_index") == int(claim["claim_index"]))
    claims = claims.with_columns(pl.when(hit).then(pl.lit("other words")).otherwise(pl.col("span_text")).alias("span_text"))
    write_partition(claims, root, "claims", part)
    with pytest.raises(ReviewImportError, match="re-scored since the export"):
        store.import_review(_write(tmp_path / "j.csv", header, rows), root, reviewer="alice")


def test_reimport_replaces_the_reviewers_answers_and_keeps_the_rest(root, tmp_path):
    header, rows = _export(root, tmp_path / "s.csv", per=2, models=["template-noisy"])
    _judge_all_as_ours(rows)
    store.import_review(_write(tmp_path / "a.csv", header, rows), root, reviewer="alice")
    n_first = store.read_reviews(root).height
    # alice corrects one answer only (the rest of the sheet left blank): that answer is replaced
    first = rows[0]["review_id"]
    again = [dict(r, human_label="") if r["review_id"] != first else dict(r) for r in rows]
    for r in again:
        if r["review_id"] == first and r["row_type"] == "claim":
            r["human_label"] = "not_a_claim"
    store.import_review(_write(tmp_path / "b.csv", header, again), root, reviewer="alice")
    reviews = store.read_reviews(root)
    assert reviews.height == n_first
    changed = reviews.filter((pl.col("review_id") == first) & (pl.col("row_type") == "claim"))
    assert set(changed["human_label"]) == {"not_a_claim"} and set(changed["source"]) == {"b.csv"}
    assert set(reviews.filter(pl.col("review_id") != first)["source"]) == {"a.csv"}
    # another reviewer adds rows beside alice's, reported apart
    store.import_review(_write(tmp_path / "c.csv", header, rows), root, reviewer="bob")
    assert store.read_reviews(root).height == 2 * n_first
    view = _view(root, "SELECT DISTINCT reviewer FROM instrument_error ORDER BY reviewer")
    assert view["reviewer"].to_list() == ["alice", "bob"]


def test_spreadsheet_saves_import(root, tmp_path):
    """Semicolons (a European locale's CSV), no BOM, numbers re-typed, an empty row_type on an added row."""
    header, rows = _export(root, tmp_path / "s.csv", per=1, models=["template-faithful"])
    _judge_all_as_ours(rows)
    rows[1]["human_label"] = "  Not_A_Claim "
    for r in rows:
        r["season"] = f"{r['season']}.0" if r["season"] else ""
    answer = rows[0]
    rows.append({"review_id": answer["review_id"], "type": "other", "span_text": answer["answer_text"][:5],
                 "human_label": "supported", "slots": '{"description": "x"}'})
    path = _write(tmp_path / "semi.csv", header, rows, delimiter=";", encoding="utf-8")
    summary = store.import_review(path, root, reviewer="carol")
    assert summary.missed == 1
    reviews = store.read_reviews(root)
    assert reviews.filter(pl.col("row_type") == "missed")["slots"].to_list() == ['{"description": "x"}']
    assert "not_a_claim" in reviews["human_label"].to_list()


def test_formula_cells_are_escaped_and_restored(tmp_path):
    rows = [{"review_id": "rv-1", "row_type": "claim", "span_text": "-0.5 s gap", "answer_text": "=SUM(A1)", "human_note": "@x"}]
    sheet.write_rows(rows, tmp_path / "f.csv")
    _h, back = _read(tmp_path / "f.csv")
    assert back[0]["span_text"] == "'-0.5 s gap" and back[0]["answer_text"] == "'=SUM(A1)"
    _h, parsed = sheet.read_rows(tmp_path / "f.csv")
    assert parsed[0]["span_text"] == "-0.5 s gap" and parsed[0]["answer_text"] == "=SUM(A1)" and parsed[0]["human_note"] == "@x"
    assert sheet.column_letter(0) == "A" and sheet.column_letter(25) == "Z" and sheet.column_letter(26) == "AA"


def test_cli_export_import_report(data_dir, tmp_path, monkeypatch, capsys):
    from f1bench_pipeline.cli import main
    from f1bench_pipeline.settings import get_settings

    monkeypatch.setenv("F1BENCH_DATA_DIR", str(data_dir))
    get_settings.cache_clear()
    try:
        out = tmp_path / "sheet.csv"
        assert main(["review", "report"]) == 1
        assert "no judgments imported yet" in capsys.readouterr().err
        assert main(["review", "export", "--season", "2025", "--models", "template-noisy", "--per-model-lang", "2",
                     "--seed", "5", "--out", str(out)]) == 0
        assert "template-noisy" in capsys.readouterr().out
        assert main(["review", "export", "--out", str(out)]) == 2  # never overwrites a sheet someone may be judging
        assert "exists" in capsys.readouterr().err
        assert main(["review", "import", str(out)]) == 1
        assert "no judgments" in capsys.readouterr().err
        header, rows = _read(out)
        _judge_all_as_ours(rows)
        rows[1]["human_label"] = "bogus"
        _write(out, header, rows)
        assert main(["review", "import", str(out), "--reviewer", "dana"]) == 1
        err = capsys.readouterr().err
        assert "row 3" in err and "column human_label (O)" in err and "nothing imported" in err
        rows[1]["human_label"] = rows[1]["label"]
        _write(out, header, rows)
        assert main(["review", "import", str(out), "--reviewer", "dana"]) == 0
        assert "imported 6 answers" in capsys.readouterr().out
        assert main(["review", "report"]) == 0
        report = capsys.readouterr().out
        assert "false_contradiction" in report and "leaderboard_precision" in report and "dana" in report
        assert main(["review", "report", "--metrics", "--format", "json"]) == 0
        rows_json = json.loads(capsys.readouterr().out)
        assert {r["metric"] for r in rows_json} == set(metrics.METRICS)
        assert main(["query"]) == 0 and "instrument_error" in capsys.readouterr().out
        assert main(["query", "instrument_error"]) == 0
        assert (data_dir / "warehouse.duckdb").exists()  # import refreshed the views in the DuckDB file
    finally:
        get_settings.cache_clear()


# --- gold_dev -----------------------------------------------------------------------------------


def _score_imported(root: Path, partitions) -> None:
    """What the claims/scores asset does for an imported partition (without a Dagster run)."""
    from f1bench_pipeline.generation.names import safe_name
    from f1bench_pipeline.domains.f1.extract import extract_claims
    from f1bench_pipeline.domains import get_domain
    from f1bench_pipeline.domains.scoring import score_generations
    from f1bench_pipeline.storage.warehouse import read_table, write_partition

    for season, system in partitions:
        part = {"season": season, "model": safe_name(system)}
        gens = read_table(root, "generations", part).with_columns(pl.lit(system).alias("model"))
        claims, scores = score_generations(get_domain("f1"), gens, read_table(root, "instances", {"season": season}), extract_claims, "regex")
        write_partition(claims.drop("model", "season"), root, "claims", part)
        write_partition(scores.drop("model", "season"), root, "scores", part)


def test_gold_dev_becomes_judgments_of_our_claims(root, tmp_path):
    if not GOLD_DIR.exists():
        pytest.skip(f"shared gold not found at {GOLD_DIR} (only dev machines have ../shared)")
    from f1bench_pipeline.domains.f1.importer import import_jsonl
    from f1bench_pipeline.generation.registry import load_registry
    from f1bench_pipeline.domains.f1.gold import load_gold

    registry = load_registry()
    items = [(lang, g, it) for lang in ("en", "es", "pt") for g, it in load_gold(GOLD_DIR, lang)]
    jsonl = tmp_path / "gold_items.jsonl"
    jsonl.write_text("".join(json.dumps({"id": it["id"], "model": it["model"], "lang": lang, "text": it["text"]}) + "\n"
                             for lang, _g, it in items), encoding="utf-8")
    report = import_jsonl(jsonl, root, registry=registry)  # the sample has a few of the gold's instances
    assert report.imported >= 3
    _score_imported(root, report.partitions)

    def resolve(name: str) -> str:
        return registry.by_alias(name).name

    summary, gold = review_gold.import_gold(GOLD_DIR, root, resolve)
    converted = {(m, i, la) for m, i, la in gold.converted}
    mismatched = [s for s in gold.skipped if "another context" in s[3]]
    assert converted and summary.answers == len(converted) == report.imported - len(mismatched)
    reviews = store.read_reviews(root).filter(pl.col("reviewer") == "gold_dev")
    claims = store.read_decoded(root, "claims", {"season": SEASON, "model": "gpt-5.4-mini"})
    for lang, g, it in items:
        if (resolve(it["model"]), it["id"], lang) not in converted:
            continue
        mine = reviews.filter((pl.col("id") == it["id"]) & (pl.col("lang") == lang))
        ours = claims.filter((pl.col("id") == it["id"]) & (pl.col("lang") == lang) & (pl.col("variant") == "default"))
        judged = mine.filter(pl.col("row_type") == "claim")
        # every claim of ours judged; every gold claim either matched to one of ours or missed
        assert judged.height == ours.height
        matched = judged.filter(pl.col("human_note").str.starts_with("gold claim matched")).height
        assert matched + mine.filter(pl.col("row_type") == "missed").height == len(g["claims"])
        assert set(mine.filter(pl.col("row_type") == "missed")["span_text"].drop_nulls()) <= {c.get("span") for c in g["claims"]}
        assert mine.filter(pl.col("row_type") == "answer")["answer_reviewed"].to_list() == [True]
    view = _view(root, "SELECT * FROM instrument_error WHERE reviewer = 'gold_dev' AND lang = 'all' AND metric = 'missed_claim'")
    assert view.height == 1 and view["n_answers"][0] == len(converted)
    # with the answers whose published context differs, redone whole: replaced, not added to
    n_before = reviews.height
    summary2, _gold2 = review_gold.import_gold(GOLD_DIR, root, resolve, include_context_mismatch=True)
    assert summary2.answers == len(converted) + len(mismatched)
    review_gold.import_gold(GOLD_DIR, root, resolve)
    assert store.read_reviews(root).filter(pl.col("reviewer") == "gold_dev").height == n_before


def test_merge_keeps_schema_with_nothing_before():
    new = pl.DataFrame(schema=judgments.REVIEW_SCHEMA)
    assert judgments.merge_reviews(pl.DataFrame(), new).schema == pl.Schema(judgments.REVIEW_SCHEMA)


def test_a_bound_matches_the_gold_value_on_its_side():
    from f1bench_pipeline.domains.f1.gold import slots_match
    gold = {"seconds": 7.283}
    assert slots_match("gain", gold, {"seconds": 7.0, "bound": "min"})      # "by over 7 seconds"
    assert not slots_match("gain", gold, {"seconds": 8.0, "bound": "min"})  # "more than 8 s": false
    assert slots_match("gain", gold, {"seconds": 8.0, "bound": "max"})      # "under 8 s"
    assert not slots_match("gain", gold, {"seconds": 7.0, "bound": "max"})
    assert not slots_match("gain", gold, {"seconds": 7.0})                   # a plain value must be equal
    assert slots_match("gain", gold, {"seconds": 7.3})


def test_review_gold_is_the_domains_and_a_domain_without_gold_says_so(capsys):
    """``f1bench review gold`` imports a domain's gold through the ``Domain`` interface: F1's is the
    paper's dev gold; weather has none, and says so in one line."""
    from f1bench_pipeline.domains import get_domain
    from f1bench_pipeline.errors import UserError

    assert get_domain("f1").gold_dir is not None and get_domain("f1").gold_dir.name == "gold_dev"
    with pytest.raises(UserError, match="weather domain has no claim-level gold"):
        get_domain("weather").import_gold(Path("."), "memory://none", str)
    from f1bench_pipeline.cli import main

    assert main(["review", "gold", "--domain", "weather"]) == 2
    assert "weather domain has no claim-level gold" in capsys.readouterr().err
    # a missed claim may have the type of any domain's claims
    assert set(get_domain("f1").claim_types) | set(get_domain("weather").claim_types) == judgments.claim_types()
