"""The ``race_facts`` style family (issue #44): faithful answers that state what the context holds
beyond the oracle — a stint's degradation as a rate or a direction, pace/degradation comparisons,
green-flag stops, the running order and the place gained around a pit battle's stops, the lap
difference between the stops — in EN/ES/PT, and get no contradicted claim."""

from __future__ import annotations

import json
import re

import polars as pl

from f1bench_pipeline_tests.robustness.check import check
from f1bench_pipeline_tests.robustness.stated import battle_sentences, stint_sentences
from f1bench_pipeline_tests.robustness.styles import HELD_OUT, STYLES, faithful_answers, render
from f1bench_pipeline_tests.robustness.view import view_of
from f1bench_pipeline_tests.robustness.voice import Voice

LANGS = ("en", "es", "pt")
MARKERS = {  # words only the stated sentences use, per language
    "en": re.compile(r"degradation was lower|degraded more|quicker on average|average pace was slower|degraded|"
                     r"lap times fell|got quicker|green flag|no Safety Car|ahead of|behind|earlier than|longer than"),
    "es": re.compile(r"degradación|más rápido de media|ritmo medio|bandera verde|Safety Car|por delante|detrás|"
                     r"antes que|más que"),
    "pt": re.compile(r"degradação|degradaram|mais rápido em média|ritmo médio|bandeira verde|Safety Car|à frente|atrás|"
                     r"antes de|a mais que"),
}

BATTLE_ROW = {"id": "2025_Test_Grand_Prix::undercut::HAM_OCO", "lang": "en", "kind": "undercut", "context": json.dumps({
    "race": {"event": "Test Grand Prix", "season": 2025, "laps": 57},
    "drivers": [
        {"driver": "HAM", "final_position": 5, "n_stops": 1,
         "stints": [{"stint": 1, "compound": "MEDIUM", "start_lap": 1, "end_lap": 20, "n_laps": 20, "avg_pace_s": 80.5,
                     "degradation_s_per_lap": 0.08},
                    {"stint": 2, "compound": "HARD", "start_lap": 21, "end_lap": 57, "n_laps": 37, "avg_pace_s": 79.9,
                     "degradation_s_per_lap": 0.03}],
         "pit_stops": [{"lap": 20, "from": "MEDIUM", "to": "HARD", "under_sc": False, "under_vsc": False}]},
        {"driver": "OCO", "final_position": 6, "n_stops": 1,
         "stints": [{"stint": 1, "compound": "MEDIUM", "start_lap": 1, "end_lap": 23, "n_laps": 23, "avg_pace_s": 80.4,
                     "degradation_s_per_lap": -0.05},
                    {"stint": 2, "compound": "HARD", "start_lap": 24, "end_lap": 57, "n_laps": 34, "avg_pace_s": 80.1,
                     "degradation_s_per_lap": 0.02}],
         "pit_stops": [{"lap": 23, "from": "MEDIUM", "to": "HARD", "under_sc": False, "under_vsc": False}]}],
    "battle": {"kind": "undercut", "attacker": "HAM", "defender": "OCO", "attacker_pit_lap": 20, "defender_pit_lap": 23,
               "lap_before": 19, "lap_after": 24, "gap_before_s": 1.2, "gap_after_s": -0.8, "time_gained_s": 2.0,
               "position_before": 6, "position_after": 5, "defender_position_before": 5, "defender_position_after": 6,
               "success": True}})}


def test_registered_as_a_tuned_family():
    assert "race_facts" in STYLES and "race_facts" not in HELD_OUT
    assert 0.25 <= len(HELD_OUT) / len(STYLES) <= 0.35


def test_battle_sentences_state_the_order_the_place_and_the_stops():
    import random

    view = view_of(BATTLE_ROW)
    seen = {lang: set() for lang in LANGS}
    for lang in LANGS:
        for seed in range(40):
            v = Voice(lang, frozenset({"stated"}), random.Random(seed))
            text = " ".join(battle_sentences(view, v, view.battle))
            seen[lang].add(text)
            assert "HAM" in text and "OCO" in text and MARKERS[lang].search(text), text
            assert "PIT" not in text and "None" not in text
    assert all(len(s) >= 4 for s in seen.values())  # varied wordings
    en = " ".join(seen["en"])
    # before: OCO ahead (gap > 0: the attacker behind); after: HAM ahead, P6 -> P5
    assert "HAM gained a place on OCO" in en or "OCO lost the position to HAM" in en
    assert "OCO was ahead of HAM; after them HAM was in front" in en or "HAM ran behind OCO before the stops" in en
    assert "HAM stopped three laps earlier than OCO" in en or "OCO stayed out three laps longer than HAM" in en


def test_stint_sentences_compare_only_clear_differences():
    import random

    view = view_of(BATTLE_ROW)
    ocos = [" ".join(stint_sentences(view, Voice("en", frozenset({"stated"}), random.Random(s)), view.drivers["OCO"]))
            for s in range(60)]
    # OCO's stint 1 has a negative degradation: no "lower/more degradation" between its stints
    assert not any("degradation was lower" in t or "degraded more" in t for t in ocos)
    hams = [" ".join(stint_sentences(view, Voice("en", frozenset({"stated"}), random.Random(s)), view.drivers["HAM"]))
            for s in range(60)]
    assert any(re.search(r"HAM's degradation was lower in (the hard stint \(stint 2\)|stint 2)", t) for t in hams)
    assert not any(re.search(r"degradation was lower in (the medium stint \(stint 1\)|stint 1)", t) for t in hams)


def test_race_facts_answers_render_and_get_no_contradicted_claims(instances):
    answers = faithful_answers(instances, n=240, seed=44, styles=["race_facts"])
    assert {a["lang"] for a in answers} == set(LANGS)
    rendered = [a for a in answers if a["kind"] in ("stint", "undercut", "overcut")]
    with_marker = sum(bool(MARKERS[a["lang"]].search(a["text"])) for a in rendered)
    assert with_marker >= 0.8 * len(rendered), (with_marker, len(rendered))
    report = check(instances, answers)
    shown = [(f["lang"], f["type"], f["slots"], f["reason"], f["excerpt"]) for f in report.failures[:10]]
    assert not report.failures, shown


def test_render_is_deterministic(instances):
    row = instances.filter(pl.col("kind") == "undercut").row(0, named=True)
    assert render(row, "race_facts", seed=3) == render(row, "race_facts", seed=3)
