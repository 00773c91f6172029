"""Reading coverage (#24): the share of an answer's numbers and driver mentions that a claim or a
named skip rule accounts for (``domains/f1/extract/coverage.py``). Sentences are from real model
answers (paper_generations/dev.jsonl). Claims are given explicitly where the case is about the
coverage rules, so an extractor change cannot turn a test of them into a test of the extractor."""

from __future__ import annotations

import pytest

from f1bench_pipeline.domains.f1.extract import extract_claims
from f1bench_pipeline.domains.f1.extract.coverage import (SKIP_RULES, reading, reading_coverage,
                                                           unaccounted_spans)


def by_text(text: str, lang: str, claims=()) -> dict[str, str | None]:
    return {t.text: t.accounted_by for t in reading(text, lang, list(claims)).tokens}


def test_en_claimed_numbers_and_per_lap_figures():
    text = ("- **ANT pitted on lap 32** from **HARD to MEDIUM**.\n"
            "- The stint had an average of **90.79s/lap** and **degradation of -0.285s/lap**.")
    got = by_text(text, "en", extract_claims(text, "en"))
    assert got["ANT"] == "claim" and got["32"] == "claim"
    # the average (written per lap) and the degradation are read (stint_pace, stint_degradation)
    assert got["90.79s"] == "claim" and got["-0.285s"] == "claim"
    assert reading_coverage(text, "en", extract_claims(text, "en")) == 1.0


def test_es_stop_laps_no_claim_reads_are_unaccounted():
    # DeepSeek-V3.2, ES: two stop laps and a gap; with only the gap read, the laps and the drivers
    # of the first sentence are what the instrument did not read
    text = "HAD pitó en la vuelta 20, BEA en la 23. En ese momento, BEA iba 1.17s por detrás."
    gap = (text.index("1.17s"), text.index("1.17s") + len("1.17s por detrás"))
    r = reading(text, "es", [gap])
    assert [(t.text, t.accounted_by) for t in r.tokens] == [
        ("HAD", None), ("20", None), ("BEA", None), ("23", None), ("BEA", None), ("1.17s", "claim")]
    assert r.coverage == pytest.approx(1 / 6)
    spans = unaccounted_spans(text, "es", [gap])
    assert [s for _a, _b, s in spans] == ["HAD", "20", "BEA", "23", "BEA"]
    assert all(text[a:b] == s for a, b, s in spans)


def test_es_real_extraction_accounts_for_stop_laps():
    text = "**TSU paró una vuelta antes:** TSU entró en boxes en la **vuelta 54** y SAI en la **vuelta 55**."
    got = by_text(text, "es", extract_claims(text, "es"))
    assert got["54"] == "claim" and got["55"] == "claim" and got["SAI"] == "claim"


def test_pt_an_unread_stint_average_is_no_skip():
    # a stint's average is checkable (stint_pace, #44): left unread, it is unaccounted
    text = "O Medium durou 19 voltas, com média de 91.61s."
    r = reading(text, "pt", [])
    assert [(t.text, t.accounted_by) for t in r.tokens] == [("19", None), ("91.61s", None)]
    assert r.coverage == 0.0
    text = "OCO: o Medium durou 19 voltas, com média de 91.61s."
    got = by_text(text, "pt", extract_claims(text, "pt"))
    assert got["91.61s"] == "claim"


@pytest.mark.parametrize("text,lang,token,rule", [
    ("HAM's lap 17-18 avg was ~77.73s.", "en", "77.73s", "pace"),  # a stretch of laps: no stint's average
    ("LEC's median pace was 95.123s.", "en", "95.123s", "pace"),  # a defense's median
    ("His fastest lap was a 95.53s.", "en", "95.53s", "lap_time"),
    ("NOR was 0.3 s/lap faster than PIA.", "en", "0.3 s", "per_lap_rate"),  # a pace difference per lap
    ("NOR ganó 0,4 s por vuelta.", "es", "0,4 s", "per_lap_rate"),
])
def test_what_the_schema_still_cannot_check_stays_skipped(text, lang, token, rule):
    assert by_text(text, lang)[token] == rule


@pytest.mark.parametrize("text,lang,token", [
    ("The stint's degradation was -0.026s/vuelta.", "en", "-0.026s"),
    ("Stint 1: MEDIUM (18 laps, avg 77.73s, +0.050s/lap).", "en", "77.73s"),
    ("Stint 1: MEDIUM (18 laps, avg 77.73s, +0.050s/lap).", "en", "+0.050s"),
    ("El ritmo medio fue de 124.05 s.", "es", "124.05 s"),
])
def test_stint_averages_and_degradations_are_no_skip(text, lang, token):
    assert by_text(text, lang)[token] is None  # no claim given: unaccounted


def test_pt_lap_difference_of_two_stops_is_a_claims_not_a_skip():
    # gpt-5.4-mini, PT: "stopped 2 laps earlier" is a pit_lap_difference claim (issue #44), no skip rule's
    text = "Isso é um undercut porque DOO foi aos boxes 2 voltas antes de TSU."
    assert by_text(text, "pt") == {"DOO": None, "2": None, "TSU": None}
    assert by_text(text, "pt", extract_claims(text, "pt")) == {"DOO": "claim", "2": "claim", "TSU": "claim"}


def test_a_lap_difference_of_no_stop_and_narrative_drivers_are_skipped():
    # a difference of two stints' lengths has no claim type; its drivers state nothing checkable
    text = "Isso mostra que o stint de DOO foi 2 voltas mais curto que o de TSU."
    assert by_text(text, "pt") == {"DOO": "narrative_driver", "2": "lap_difference", "TSU": "narrative_driver"}


def test_a_driver_beside_an_unread_number_is_not_narrative():
    text = "HUL ran a very long middle stint of 35 laps."
    assert by_text(text, "en") == {"HUL": None, "35": None}
    assert reading_coverage(text, "en", []) == 0.0


@pytest.mark.parametrize("text,lang,token,rule", [
    ("The 2025 season was his best.", "en", "2025", "year"),
    ("VER led 40% of the race.", "en", "40", "percent"),
    ("With 16 laps to go, the safety car came out.", "en", "16", "laps_to_go"),
    ("Faltando 12 vueltas para el final, empezó a llover.", "es", "12", "laps_to_go"),
    ("PIA fue 1.4s más rápido en ese stint.", "es", "1.4s", "pace_difference"),
    ("Stint 2: 95.53s vs 95.72s for LAW.", "en", "95.53s", "lap_time"),
    ("RUS's hard stint was 13 laps longer than his medium stint.", "en", "13", "lap_difference"),
])
def test_skip_rules(text, lang, token, rule):
    assert rule in SKIP_RULES
    assert by_text(text, lang)[token] == rule


@pytest.mark.parametrize("text,lang,token", [
    ("OCO pitted with 16 laps to go.", "en", "16"),
    ("SAI paró a falta de 12 vueltas para el final.", "es", "12"),
    ("RUS stayed out 13 more laps on the hards.", "en", "13"),
    ("HAD foi ao pit 2 voltas antes de COL.", "pt", "2"),
])
def test_laps_to_go_and_lap_differences_of_a_stop_are_no_skip(text, lang, token):
    # issue #44: these are read by laps_to_go / pit_lap_difference claims; unread, they stay unaccounted
    assert by_text(text, lang)[token] is None


def test_a_gap_or_a_stop_lap_is_no_skip():
    # the skip rules never cover a quantity the schema checks
    got = by_text("NOR pitted on lap 23 and was 2.3s behind PIA, finishing P3.", "en")
    assert got["23"] is None and got["2.3s"] is None and got["P3"] is None


def test_pronouns_are_not_mentions_and_empty_answers_have_no_coverage():
    text = "VER pitted on lap 20 and he won."
    assert [t.text for t in reading(text, "en", []).tokens] == ["VER", "20"]
    assert reading_coverage("It worked because of the timing.", "en", []) is None
    assert reading_coverage("", "en", []) is None
    assert reading("\x00\ufffd" * 1000 + " 5 " * 10, "xx", []).n_readable == 10  # never raises


def test_the_sample_templates_are_read_and_the_leaderboard_has_the_column(sample_build):
    """On the embedded sample: every scored answer has a coverage, the faithful template (its
    wording is what the extractor was built on) is read almost entirely, and the leaderboard view
    carries the macro mean per system and language, above the WARN threshold, so no WARN."""
    from f1bench_pipeline.settings import get_settings
    from f1bench_pipeline.scoring.report import reading_coverage_warnings
    from f1bench_pipeline.storage.reader import reader

    con = reader(sample_build["settings"].warehouse_dir)
    scored = con.sql("SELECT count(*) FILTER (reading_coverage IS NULL) AS missing, count(*) AS n FROM scores "
                     "WHERE status = 'ok' AND extraction_status = 'ok' AND extractor = 'regex'").fetchall()[0]
    assert scored[1] > 0 and scored[0] == 0
    board = con.sql("SELECT model, lang, reading_coverage FROM leaderboard WHERE season = 2025 AND variant = 'default' "
                    "AND extractor = 'regex' AND decision_type = 'all'").pl()
    faithful = {r["lang"]: r["reading_coverage"] for r in board.filter(board["model"] == "template-faithful").to_dicts()}
    assert set(faithful) == {"all", "en", "es", "pt"} and min(faithful.values()) >= 0.95
    threshold = get_settings().reading_coverage_warn_below
    assert board["reading_coverage"].min() > threshold and reading_coverage_warnings(board.to_dicts()) == []
    # a threshold above every coverage names each system, once per language
    warned = reading_coverage_warnings(board.to_dicts(), threshold=1.01)
    assert len(warned) == 9 and all(w.startswith("WARN reading coverage of template-") for w in warned)
    assert any("template-faithful (pt)" in w for w in warned)
