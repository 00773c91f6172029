"""The language an answer is written in (language.py), measured on real answers: the published
EN/ES/PT answers of two frontier models (../shared/data/paper_generations/dev.jsonl), among which
DeepSeek-V3.2 answered six Spanish prompts in English; Spanish told from Portuguese; a short
answer has no language (unknown, never wrong)."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest

from f1bench_pipeline import language

DEV_JSONL = Path(__file__).resolve().parents[2] / "shared" / "data" / "paper_generations" / "dev.jsonl"


@pytest.fixture(scope="module")
def published() -> list[dict]:
    if not DEV_JSONL.exists():
        pytest.skip(f"published answers not found at {DEV_JSONL} (only CI and dev machines have ../shared)")
    rows = [json.loads(line) for line in DEV_JSONL.read_text(encoding="utf-8").splitlines()]
    return [r for r in rows if r.get("text")]


def test_every_published_answer_is_measured_in_the_language_it_is_written_in(published):
    got = [(r["model"], r["lang"], language.detect(r["text"])) for r in published]
    off = [(m, asked, d) for m, asked, d in got if d != asked]
    # the six Spanish prompts DeepSeek-V3.2 answered in English, and nothing else
    assert off == [("DeepSeek-V3.2", "es", "en")] * 6
    english = [r["text"] for r in published if r["lang"] == "es" and language.detect(r["text"]) == "en"]
    assert all(t.startswith("Based") for t in english)  # they are English indeed
    assert {asked for _m, asked, d in got if d == asked} == {"en", "es", "pt"}


def test_spanish_is_told_from_portuguese_on_the_same_questions(published):
    """The same instance answered in Spanish and in Portuguese by the same model, the shortest
    pairs first (the hardest): never confused."""
    by = {(r["model"], r["id"], r["lang"]): r["text"] for r in published}
    pairs = [(by[(m, i, "es")], by[(m, i, "pt")]) for (m, i, lang) in by
             if lang == "es" and (m, i, "pt") in by and language.detect(by[(m, i, "es")]) != "en"]
    pairs.sort(key=lambda p: len(p[0]) + len(p[1]))
    assert len(pairs) > 300
    for es, pt in pairs[:40]:
        assert (language.detect(es), language.detect(pt)) == ("es", "pt"), (es[:80], pt[:80])


def test_short_answers_are_cut_to_their_first_words_and_still_measured_or_unknown(published):
    """The first 12 words of an answer (the threshold): right or unknown, never Spanish for
    Portuguese or the reverse."""
    for r in published[::7]:
        if language.detect(r["text"]) != r["lang"]:
            continue
        words = r["text"].split()
        got = language.detect(" ".join(words[:16]))
        assert got in (r["lang"], None) or (got == "en" and r["lang"] != "en"), (r["lang"], got, words[:16])


@pytest.mark.parametrize("text", [
    "", "   ", None, "No data.", "I cannot tell from the data.", "VER: SOFT -> HARD, lap 23 (P1).",
    "LEC, SAI, VER, HAM, NOR, PIA, RUS, ALO, STR, OCO, GAS, ALB, SAR, TSU, RIC, BOT, ZHO, MAG, HUL",
])
def test_a_short_or_empty_answer_has_no_language_and_is_not_wrong(text):
    assert language.detect(text) is None
    assert language.wrong_language("es", language.detect(text)) is None


def test_wrong_language_compares_the_asked_with_the_measured():
    assert language.wrong_language("es", "en") is True
    assert language.wrong_language("pt", "pt") is False
    assert language.wrong_language("pt", None) is None


def test_with_detected_fills_only_what_is_missing(published):
    es = next(r["text"] for r in published if r["lang"] == "es" and language.detect(r["text"]) == "es")
    old = pl.DataFrame({"text": [es, "", "ok."]})  # a table written before the column existed
    assert language.with_detected(old)[language.COLUMN].to_list() == ["es", None, None]
    kept = pl.DataFrame({"text": [es, es], language.COLUMN: ["pt", None]})  # a recorded value is kept
    assert language.with_detected(kept)[language.COLUMN].to_list() == ["pt", "es"]
