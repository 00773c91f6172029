"""Every answer scored against the context it was given (provenance.py), and one instance per battle.

On the embedded sample's real event tables: answers made for the instances of one rule set keep
their scores when a rule threshold changes and the instances are rebuilt (they are verified
against the version they answered, and marked not current), while scoring them against today's
rows alone changes some; an import line with a wrong context hash is flagged and not scored.
"""

from __future__ import annotations

import json

import polars as pl
import pytest

from f1bench_pipeline import provenance
from f1bench_pipeline.domains.f1.events.pit_battles import pit_battles
from f1bench_pipeline.domains.f1.instances.builders import BATTLE_LAPS_SEP, battle_id, build_base_instances
from f1bench_pipeline.domains.f1.instances.rows import instance_rows
from f1bench_pipeline.domains.f1.templates import template_answer
from f1bench_pipeline.domains import get_domain
from f1bench_pipeline.domains.scoring import score_generations
from f1bench_pipeline.domains.f1.settings import RaceRules
from f1bench_pipeline.settings import Settings
from f1bench_pipeline.domains import get_domain

F1 = get_domain("f1")  # the domain the generation road runs here

EVENT_TABLES = ["classification", "stints", "pit_stops", "red_flag_tyre_changes", "pit_battles", "defenses",
                "green_flag_laps"]


def _answers(rows: pl.DataFrame) -> pl.DataFrame:
    """Faithful answers (the offline template) to the English default rows, with the hash of what they were given."""
    rows = rows.filter((pl.col("lang") == "en") & (pl.col("variant") == "default"))
    return pl.DataFrame([{
        "model": "template", "id": r["id"], "lang": r["lang"], "variant": r["variant"], "status": "ok",
        "text": template_answer("noisy", r["facts"], r["lang"], r["id"], r["entities"]),
        "context_sha256": r["context_sha256"]} for r in rows.iter_rows(named=True)])


def _scored(gens: pl.DataFrame, rows: pl.DataFrame, versions: pl.DataFrame | None) -> pl.DataFrame:
    from f1bench_pipeline.domains.f1.extract import extract_claims

    g, inst, given = provenance.resolve(gens, rows, versions)
    _claims, scores = score_generations(get_domain("f1"), g, inst, extract_claims)
    return provenance.attach(scores, given).sort(provenance.GRAIN)


@pytest.fixture(scope="module")
def two_rule_sets(sample_tables):
    """Instance rows of the sample under today's rules, and after the largest gap before an
    undercut is cut from 5.0 s to 2.0 s (fewer battles, other race summaries)."""
    tables = {t: sample_tables(t) for t in EVENT_TABLES}
    settings = Settings()
    before = instance_rows(build_base_instances(tables, settings))
    stricter = RaceRules(battle_max_gap_before_s=2.0)
    battles = pit_battles(tables["green_flag_laps"], tables["pit_stops"], stricter)
    assert battles.height < tables["pit_battles"].height, "the threshold must change the battles"
    after = instance_rows(build_base_instances({**tables, "pit_battles": battles}, settings))
    return before, after


def test_instance_rows_carry_the_hash_of_the_messages_sent(sample_tables):
    from f1bench_pipeline.generation.plan import work_items
    from f1bench_pipeline.generation.registry import System

    rows = sample_tables("instances").head(30)
    items = work_items(F1, System(name="x", model="openai/x"), rows)
    assert [provenance.messages_sha256(it.messages) for it in items] == rows["context_sha256"].to_list()
    assert rows["context_sha256"].n_unique() == rows.height  # languages and variants differ in what is sent


def test_a_rule_change_leaves_old_answers_scored_against_what_they_were_given(two_rule_sets):
    before, after = two_rule_sets
    versions = provenance.merge_versions(pl.DataFrame(), before)
    gens = _answers(before)
    first = _scored(gens, before, versions)
    assert first["context_current"].all()
    versions = provenance.merge_versions(versions, after)
    assert versions.height > before.height  # the changed rows are new versions, the old ones kept
    again = _scored(gens, after, versions)
    figures = ["id", "lang", "variant", "n_claims", "n_supported", "n_contradicted", "n_oracle", "n_covered",
               "precision", "recall", "f1"]
    assert again.select(figures).equals(first.select(figures))  # every answer: the same verdicts
    stale = again.filter(~pl.col("context_current"))
    assert 0 < stale.height < again.height
    changed = set(before.join(after, on=[*provenance.GRAIN, "context_sha256"], how="anti")["id"])
    assert set(stale["id"]) == changed & set(gens["id"])
    # without the versions the same answers are judged against facts they never saw
    blind = _scored(gens.drop("context_sha256"), after, None)
    assert blind.height < first.height  # answers about battles the new rules drop are not scored at all
    kept = blind.join(first.select("id", pl.col("recall").alias("was"), pl.col("precision").alias("p_was")), on="id")
    assert ((kept["recall"] != kept["was"]) | (kept["precision"] != kept["p_was"])).any()


def test_nothing_changed_scores_the_same_and_current(two_rule_sets):
    before, _after = two_rule_sets
    versions = provenance.merge_versions(provenance.merge_versions(pl.DataFrame(), before), before)
    assert versions.height == before.height  # a rebuild with nothing changed adds no version
    gens = _answers(before)
    a, b = _scored(gens, before, versions), _scored(gens, before, versions)
    assert a.equals(b) and a["context_current"].all()


def test_every_battle_is_an_instance_with_its_own_id(sample_tables):
    tables = {t: sample_tables(t) for t in EVENT_TABLES}
    base = build_base_instances(tables, Settings())
    battles = [b for b in base if b.kind in ("undercut", "overcut")]
    assert len(battles) == tables["pit_battles"].height
    assert len({b.id for b in battles}) == len(battles)
    pairs = tables["pit_battles"].group_by("season", "round", "kind", "attacker", "defender").len()
    assert sum(BATTLE_LAPS_SEP in b.id for b in battles) == int(pairs.filter(pl.col("len") > 1)["len"].sum() or 0)
    assert battle_id(2025, "Austrian Grand Prix", "undercut", "RUS", "BOR") == "2025_Austrian_Grand_Prix::undercut::RUS_BOR"
    assert battle_id(2025, "Austrian Grand Prix", "undercut", "RUS", "BOR", (45, 46)) == \
        "2025_Austrian_Grand_Prix::undercut::RUS_BOR@45-46"


def test_a_published_battle_id_resolves_by_the_pit_laps_the_answer_names():
    from f1bench_pipeline.domains.f1.importer import _battle_named

    pair = [("X::undercut::RUS_BOR@18-19", 18, 19), ("X::undercut::RUS_BOR@45-46", 45, 46)]
    assert _battle_named("RUS pitted on lap 45, BOR on lap 46: the undercut worked.", pair) == pair[1][0]
    assert _battle_named("RUS stopped on lap 18 and BOR a lap later, on lap 19.", pair) == pair[0][0]
    assert _battle_named("RUS undercut BOR by 2.5 s.", pair) is None            # names no battle's laps
    assert _battle_named("Stops on laps 18, 19, 45, 46.", pair) is None          # names both as closely
    # the stops named together, other laps of the same numbers further apart (a real dev.jsonl answer)
    text = ("HUL entró a boxes en la vuelta 45, HAD en la 46. HUL en su segunda tanda (laps 46-18) promedió "
            "99.42s, más lento que HAD en el mismo compuesto (laps 47-19).")
    assert _battle_named(text, pair) == pair[1][0]


def test_an_import_with_a_wrong_context_hash_is_flagged_and_the_rest_scored(sample_build, tmp_path):
    import shutil

    from f1bench_pipeline.domains.f1.importer import import_jsonl
    from f1bench_pipeline.generation.table import read_generations
    from f1bench_pipeline.storage.warehouse import read_table

    src = sample_build["settings"].warehouse_dir
    root = tmp_path / "warehouse"
    for table in ("instances", provenance.VERSIONS_TABLE):
        shutil.copytree(src / table, root / table)
    rows = read_table(root, "instances").filter((pl.col("lang") == "en") & (pl.col("variant") == "default")).head(3)
    r = list(rows.iter_rows(named=True))
    text = [template_answer("faithful", x["facts"], "en", x["id"], x["entities"]) for x in r]
    lines = [{"id": r[0]["id"], "model": "mine", "lang": "en", "text": text[0], "context_sha256": r[0]["context_sha256"]},
             {"id": r[1]["id"], "model": "mine", "lang": "en", "text": text[1], "context_sha256": "0" * 64},
             {"id": r[2]["id"], "model": "mine", "lang": "en", "text": text[2]}]
    path = tmp_path / "mine.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    report = import_jsonl(path, root)
    assert report.imported == 3 and report.context_mismatch == [2] and report.without_context == 1
    assert "context_mismatch" in report.format() and "carry no context_sha256" in report.format()
    gens = read_generations(root, int(r[0]["season"])).sort("id")
    status = dict(gens.select("id", "status").iter_rows())
    assert (status[r[0]["id"]], status[r[1]["id"]], status[r[2]["id"]]) == ("ok", "context_mismatch", "ok")
    scores = _scored(gens.with_columns(pl.lit("mine").alias("model")), read_table(root, "instances"),
                     read_table(root, provenance.VERSIONS_TABLE))
    by_id = {s["id"]: s for s in scores.iter_rows(named=True)}
    assert by_id[r[0]["id"]]["context_current"] is True and by_id[r[0]["id"]]["n_claims"] > 0
    assert by_id[r[1]["id"]]["n_claims"] is None  # never scored against other facts
    assert by_id[r[2]["id"]]["context_current"] is None and by_id[r[2]["id"]]["n_claims"] > 0


@pytest.mark.parametrize("include", [False, True])
def test_the_leaderboard_counts_answers_given_an_older_context_and_can_leave_them_out(tmp_path, monkeypatch, include):
    import duckdb

    from f1bench_pipeline.scoring.score import SCORE_SCHEMA
    from f1bench_pipeline.settings import get_settings
    from f1bench_pipeline.storage import views, warehouse
    from f1bench_pipeline.scoring.report import stale_context_notes

    monkeypatch.setenv("F1BENCH_LEADERBOARD_INCLUDE_STALE_CONTEXT", "1" if include else "0")
    get_settings.cache_clear()
    try:
        rows = [{"model": "m", "id": f"i{k}", "lang": "en", "variant": "default", "season": 2025, "decision_type": "stint",
                 "kind": "stint", "status": "ok", "extractor": "regex", "extraction_status": "ok", "n_claims": 1,
                 "precision": p, "recall": p, "f1": p, "context_current": cur}
                for k, (p, cur) in enumerate([(1.0, True), (0.0, False), (1.0, None)])]
        df = pl.DataFrame(rows).with_columns([pl.lit(None, dtype=t).alias(c) for c, t in SCORE_SCHEMA.items()
                                              if c not in rows[0]]).select(list(SCORE_SCHEMA)).cast(SCORE_SCHEMA)
        warehouse.write_partition(df, tmp_path / "warehouse", "scores", {"season": 2025, "model": "m"})
        # a partition scored before the column existed reads NULL (not current, not stale)
        warehouse.write_partition(df.head(1).drop("context_current").with_columns(pl.lit("i9").alias("id")),
                                  tmp_path / "warehouse", "scores", {"season": 2025, "model": "old"})
        views.refresh_views(tmp_path / "warehouse", tmp_path / "w.duckdb")
        with duckdb.connect(str(tmp_path / "w.duckdb")) as con:
            n, p, n_stale = con.execute("SELECT n_scored, precision, n_context_stale FROM leaderboard WHERE model = 'm' "
                                        "AND lang = 'all' AND decision_type = 'all'").fetchone()
            old_stale = con.execute("SELECT n_context_stale FROM leaderboard WHERE model = 'old' AND lang = 'all' "
                                    "AND decision_type = 'all'").fetchone()[0]
            counts = dict((r[0], r[1:]) for r in con.execute(
                "SELECT model, n_answers, n_context_current, n_context_stale, n_context_unknown "
                "FROM context_provenance").fetchall())
        assert (n, round(p, 6)) == ((3, round(2 / 3, 6)) if include else (2, 1.0))
        # the leaderboard counts the stale answers it holds (none once they are left out); old scores read 0
        assert (n_stale, old_stale) == ((1 if include else 0), 0)
        notes = stale_context_notes([{"model": "m", "n_scored": n, "n_context_stale": n_stale}])
        assert bool(notes) == include and all("1 of 3 scored answers" in x for x in notes)
        assert counts == {"m": (3, 1, 1, 1), "old": (1, 0, 0, 1)}
    finally:
        get_settings.cache_clear()


def test_the_audit_page_shows_the_version_the_model_was_given(two_rule_sets, tmp_path):
    from f1bench_pipeline.audit.api import Warehouse, generation
    from f1bench_pipeline.storage.warehouse import write_partition

    before, after = two_rule_sets
    changed = before.join(after, on=[*provenance.GRAIN, "context_sha256"], how="anti").join(
        after.select(provenance.GRAIN), on=provenance.GRAIN, how="semi").filter(pl.col("lang") == "en").head(1)
    old = changed.row(0, named=True)
    root = tmp_path / "warehouse"
    for season, part in after.partition_by("season", as_dict=True).items():
        write_partition(part, root, "instances", {"season": season[0]})
    versions = provenance.merge_versions(provenance.merge_versions(pl.DataFrame(), before), after)
    for season, part in versions.partition_by("season", as_dict=True).items():
        write_partition(part, root, provenance.VERSIONS_TABLE, {"season": season[0]})
    gens = pl.DataFrame([{"id": old["id"], "lang": "en", "variant": old["variant"], "text": "An answer.",
                          "status": "ok", "error": None, "context_sha256": old["context_sha256"]}])
    write_partition(gens, root, "generations", {"season": old["season"], "model": "m"})
    shown = generation(Warehouse(root), old["id"], "m", "en", old["variant"])
    today = after.filter((pl.col("id") == old["id"]) & (pl.col("lang") == "en") & (pl.col("variant") == old["variant"]))
    assert shown["context_current"] is False
    assert shown["context_text"] == old["context_text"] != today["context_text"][0]


def test_a_dagster_rebuild_under_a_stricter_rule_keeps_an_imported_models_scores(sample_build, tmp_path):
    """Through Dagster: answers imported with their context hashes, scored; `pit_battles` and
    `instances` re-materialized with the largest gap before an undercut cut to 2.0 s; `claims`/
    `scores` re-materialized: every figure as before, the changed rows marked not current."""
    import shutil

    import dagster as dg

    from f1bench_pipeline.domains.f1.events.assets import pit_battles as pit_battles_asset
    from f1bench_pipeline.domains.f1.instances.assets import instances as instances_asset
    from f1bench_pipeline.domains.f1.importer import import_jsonl
    from f1bench_pipeline.domains.f1.resources import RaceRulesResource
    from f1bench_pipeline.resources import BenchmarkResource, SystemRegistryResource, WarehouseResource
    from f1bench_pipeline.domains.f1.scoring_assets import build_claims_and_scores
    from f1bench_pipeline.storage.warehouse import read_table

    src = sample_build["settings"].warehouse_dir
    root = tmp_path / "warehouse"
    for table in [*EVENT_TABLES, "instances", provenance.VERSIONS_TABLE]:
        shutil.copytree(src / table, root / table)
    rows = read_table(root, "instances").filter((pl.col("lang") == "en") & (pl.col("variant") == "default"))
    season = int(rows.filter(pl.col("kind") == "undercut")["season"].max())
    rows = rows.filter(pl.col("season") == season)
    path = tmp_path / "mine.jsonl"
    path.write_text("".join(json.dumps({
        "id": r["id"], "model": "mine", "lang": "en", "context_sha256": r["context_sha256"],
        "text": template_answer("noisy", r["facts"], "en", r["id"], r["entities"])}) + "\n"
        for r in rows.iter_rows(named=True)), encoding="utf-8")
    assert import_jsonl(path, root).imported == rows.height
    warehouse = WarehouseResource(data_dir=str(tmp_path), url="")

    def scores() -> pl.DataFrame:
        with dg.DagsterInstance.ephemeral() as instance:
            instance.add_dynamic_partitions("models", ["mine"])
            assert dg.materialize(
                [build_claims_and_scores()], instance=instance,
                resources={"warehouse": warehouse, "system_registry": SystemRegistryResource()},
                partition_key=dg.MultiPartitionKey({"season": str(season), "model": "mine"})).success
        return read_table(root, "scores", {"season": season, "model": "mine"}).sort(provenance.GRAIN)

    first = scores()
    assert first.height == rows.height and first["context_current"].all()
    rebuilt = dg.materialize(
        [pit_battles_asset, instances_asset], partition_key=str(season),
        resources={"warehouse": warehouse, "benchmark": BenchmarkResource(),
                   "race_rules": RaceRulesResource(battle_max_gap_before_s=2.0)})
    assert rebuilt.success
    now = read_table(root, "instances", {"season": season})
    assert not now.select("context_sha256").equals(read_table(src, "instances", {"season": season}).select("context_sha256"))
    again = scores()
    figures = ["id", "lang", "variant", "n_claims", "n_supported", "n_contradicted", "n_oracle", "n_covered",
               "precision", "recall", "f1"]
    assert again.select(figures).equals(first.select(figures))
    stale = set(again.filter(~pl.col("context_current"))["id"])
    changed = set(rows.join(now, on=[*provenance.GRAIN, "context_sha256"], how="anti")["id"])
    assert stale == changed and 0 < len(stale) < again.height


def test_a_dry_run_counts_the_items_asked_again_because_their_context_changed(sample_tables):
    from f1bench_pipeline.generation.plan import context_changed, work_items
    from f1bench_pipeline.generation.registry import System

    rows = sample_tables("instances").head(3)
    items = work_items(F1, System(name="x", model="openai/x"), rows)
    had = rows.select("id", "lang", "variant", "context_sha256")
    assert context_changed(items, had) == 0
    stale = had.with_columns(pl.when(pl.int_range(pl.len()) == 1).then(pl.lit("0" * 64))
                             .otherwise(pl.col("context_sha256")).alias("context_sha256"))
    assert context_changed(items, stale) == 1
    assert context_changed(items, had.with_columns(pl.lit(None, pl.Utf8).alias("context_sha256"))) == 0  # no record


def test_resolve_keeps_the_answers_order_and_reads_each_hash():
    gens = pl.DataFrame({"id": ["b", "a", "c", "d"], "lang": ["en"] * 4, "variant": ["default"] * 4,
                         "context_sha256": ["x", None, "unknown", "old-d"]})
    today = pl.DataFrame({"id": ["a", "b", "c", "d"], "lang": ["en"] * 4, "variant": ["default"] * 4,
                          "context_sha256": ["q", "x", "z", "new-d"], "facts_sha256": ["1", "2", "3", "4"]})
    versions = pl.concat([today, today.filter(pl.col("id") == "d").with_columns(pl.lit("old-d").alias("context_sha256"))])
    scored, instances, given = provenance.resolve(gens, today, versions)
    assert scored["id"].to_list() == ["b", "a", "c", "d" + provenance.VERSION_SEP + "old-d"]
    assert given["context_current"].to_list() == [True, None, False, False]
    assert "d" + provenance.VERSION_SEP + "old-d" in instances["id"].to_list()
    assert provenance.restore(scored)["id"].to_list() == ["b", "a", "c", "d"]
