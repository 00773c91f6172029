"""An answer written in another language than the one asked (#42), end to end on the sample
build: English answers imported as Spanish are measured (generations.lang_detected), scored
through the claims/scores asset (scores.wrong_language), counted by the leaderboard
(n_wrong_language) and left out of the Spanish figures unless included; a warehouse scored
before the columns existed still reads (unknown = not wrong)."""

from __future__ import annotations

import json
import shutil

import polars as pl
import pytest

from f1bench_pipeline import language, provenance

SYSTEM = "mine"


@pytest.fixture(scope="module")
def imported_and_scored(sample_build, tmp_path_factory):
    """template-faithful's answers of the sample's last season imported as 'mine': its Spanish
    answers, except a few replaced by its English answers to the same questions."""
    import dagster as dg

    from f1bench_pipeline.domains.f1.scoring_assets import build_claims_and_scores
    from f1bench_pipeline.domains.f1.importer import import_jsonl
    from f1bench_pipeline.resources import SystemRegistryResource, WarehouseResource
    from f1bench_pipeline.storage.warehouse import read_table

    tmp = tmp_path_factory.mktemp("wrong_language")
    src = sample_build["settings"].warehouse_dir
    root = tmp / "warehouse"
    for table in ["instances", provenance.VERSIONS_TABLE]:
        shutil.copytree(src / table, root / table)
    gens = read_table(src, "generations").filter((pl.col("model") == "template-faithful")
                                                 & (pl.col("variant") == "default") & (pl.col("status") == "ok"))
    season = int(gens["season"].max())
    gens = gens.filter(pl.col("season") == season)
    text = {(r["id"], r["lang"]): r["text"] for r in gens.iter_rows(named=True)}
    # English answers long enough to tell (language.MIN_WORDS) whose question has a Spanish one too
    swapped = sorted(i for (i, lang), t in text.items() if lang == "en" and (i, "es") in text
                     and language.detect(t) == "en")[:6]
    assert len(swapped) == 6
    lines = [{"id": i, "model": SYSTEM, "lang": lang, "text": text[(i, "en")] if i in swapped else t}
             for (i, lang), t in sorted(text.items()) if lang in ("en", "es")]
    path = tmp / "mine.jsonl"
    path.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), encoding="utf-8")
    assert import_jsonl(path, root).imported == len(lines)
    with dg.DagsterInstance.ephemeral() as instance:  # the score_only job's assets, on this partition
        instance.add_dynamic_partitions("models", [SYSTEM])
        assert dg.materialize([build_claims_and_scores()], instance=instance,
                              resources={"warehouse": WarehouseResource(data_dir=str(tmp), url=""),
                                         "system_registry": SystemRegistryResource()},
                              partition_key=dg.MultiPartitionKey({"season": str(season), "model": SYSTEM})).success
    return {"root": root, "season": season, "swapped": swapped,
            "generations": read_table(root, "generations", {"season": season, "model": SYSTEM}),
            "scores": read_table(root, "scores", {"season": season, "model": SYSTEM})}


def test_the_importer_records_the_language_measured(imported_and_scored):
    g = imported_and_scored["generations"]
    swapped = g.filter(pl.col("id").is_in(imported_and_scored["swapped"]) & (pl.col("lang") == "es"))
    assert swapped["lang_detected"].to_list() == ["en"] * 6
    told = g.filter(pl.col("lang_detected").is_not_null())
    assert told.height > 12 and told.filter(pl.col("lang_detected") != pl.col("lang")).height == 6


def test_scores_carry_the_language_and_whether_it_is_wrong(imported_and_scored):
    s = imported_and_scored["scores"]
    wrong = s.filter(pl.col("wrong_language"))
    assert sorted(wrong["id"].to_list()) == imported_and_scored["swapped"]
    assert set(wrong["lang"]) == {"es"} and set(wrong["lang_detected"]) == {"en"}
    # an answer too short to tell is unknown, not wrong
    assert s.filter(pl.col("lang_detected").is_null())["wrong_language"].null_count() == \
        s.filter(pl.col("lang_detected").is_null()).height


@pytest.mark.parametrize("include", [False, True])
def test_the_leaderboard_counts_them_and_leaves_them_out_of_the_spanish_figures(imported_and_scored, include,
                                                                                 monkeypatch):
    from f1bench_pipeline.evaluation.results import figure_rows
    from f1bench_pipeline.scoring.leaderboard_cli import leaderboard
    from f1bench_pipeline.settings import get_settings

    monkeypatch.setenv("F1BENCH_BOOTSTRAP_REPLICATES", "50")
    get_settings.cache_clear()
    try:
        root, season = imported_and_scored["root"], imported_and_scored["season"]
        s = imported_and_scored["scores"].filter((pl.col("status") == "ok") & (pl.col("extraction_status") == "ok"))
        es = s.filter(pl.col("lang") == "es")
        rows, warnings = leaderboard(root, season, lang="es", include_wrong_language=include or None)
        (row,) = rows
        assert row["n_wrong_language"] == 6
        assert figure_rows(rows)[0]["n_wrong_language"] == 6  # f1bench eval's results.json
        counted = es if include else es.filter(~pl.col("wrong_language").fill_null(False))
        assert row["n_scored"] == counted.height == es.height - (0 if include else 6)
        assert row["f1"] == pytest.approx(counted["f1"].mean())
        assert [w for w in warnings if "another language" in w] == [
            f"WARN {SYSTEM}: 6 of its es answers are written in another language than the one asked "
            "(n_wrong_language) and " + ("counted in the figures (--include-wrong-language)" if include else
                                         "left out of the es figures; `f1bench leaderboard "
                                         "--include-wrong-language` or F1BENCH_LEADERBOARD_INCLUDE_WRONG_LANGUAGE=1 "
                                         "counts them")]
        # English is untouched; the pooled row counts the same six
        (en,) = leaderboard(root, season, lang="en", include_wrong_language=include or None)[0]
        assert en["n_wrong_language"] == 0 and en["n_scored"] == s.filter(pl.col("lang") == "en").height
        (pooled,) = leaderboard(root, season, include_wrong_language=include or None)[0]
        assert pooled["n_wrong_language"] == 6
    finally:
        get_settings.cache_clear()


def test_a_warehouse_scored_before_the_columns_existed_still_reads(imported_and_scored, tmp_path, monkeypatch):
    from f1bench_pipeline.scoring.leaderboard_cli import leaderboard
    from f1bench_pipeline.settings import get_settings
    from f1bench_pipeline.storage.warehouse import write_partition

    monkeypatch.setenv("F1BENCH_BOOTSTRAP_REPLICATES", "0")
    get_settings.cache_clear()
    try:
        season = imported_and_scored["season"]
        old = imported_and_scored["scores"].drop("lang_detected", "wrong_language", "season", "model", strict=False)
        write_partition(old, tmp_path / "warehouse", "scores", {"season": season, "model": SYSTEM})
        (row,) = leaderboard(tmp_path / "warehouse", season, lang="es")[0]
        es = imported_and_scored["scores"].filter((pl.col("lang") == "es") & (pl.col("status") == "ok")
                                                  & (pl.col("extraction_status") == "ok"))
        assert row["n_wrong_language"] == 0 and row["n_scored"] == es.height  # NULL: unknown, not wrong
    finally:
        get_settings.cache_clear()


def test_the_build_summary_warns_as_the_leaderboard_does(imported_and_scored):
    # `make demo` / `f1bench build` print the season's leaderboard: the same WARN under it
    from f1bench_pipeline.scoring.report import print_leaderboard

    text = print_leaderboard(imported_and_scored["root"], imported_and_scored["season"])
    assert f"WARN {SYSTEM}: 6 of its es answers are written in another language than the one asked" in text, text
