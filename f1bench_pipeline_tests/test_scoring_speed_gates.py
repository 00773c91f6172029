"""The scoring path's speed devices change no output (issue #44's "scoring not slower").

* ``extract_claims`` pauses the cyclic garbage collector and restores the caller's state;
* ``dispatch`` plans the rules of each kind set once (``plan_for``): the same rules, in the same
  order, as testing every rule's kinds; a rule with ``stems`` is left out of an answer that holds
  none of them, and its own first test needs one (so it would have read nothing there);
* ``language.detect`` counts words only up to ``MIN_WORDS``: the threshold is unchanged.

The byte-for-byte check over the real answers is benchmarks/scoring_equality.py.
"""

from __future__ import annotations

import gc
import itertools
import re

import pytest

from f1bench_pipeline import language
from f1bench_pipeline.domains.f1.extract import _extract, dispatch, extract_claims


def test_extract_claims_restores_the_collector_state():
    assert gc.isenabled()
    extract_claims("LEC pitted on lap 20 for HARD tyres.", "en")
    assert gc.isenabled()
    gc.disable()
    try:
        extract_claims("LEC pitted on lap 20 for HARD tyres.", "en")
        assert not gc.isenabled()  # a caller's choice is kept (score_with pauses it for the whole call)
    finally:
        gc.enable()


def test_the_collector_is_paused_during_an_extraction(monkeypatch):
    from f1bench_pipeline.domains.f1 import extract

    seen = []
    real = extract._extract

    def spy(*args, **kwargs):
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(extract, "_extract", spy)
    extract_claims("LEC pitted on lap 20.", "en")
    assert seen == [False] and gc.isenabled()


def _two_set_test(rules, kind_set, off=0):
    return tuple(r.run for r in rules if not kind_set.isdisjoint(r.kinds) and
                 (r.also is None or not kind_set.isdisjoint(r.also)) and not off & dispatch._BIT.get(r.run, 0))


def test_a_plan_holds_the_rules_whose_kinds_the_sentence_holds_in_order():
    kinds = sorted({k for r in dispatch.DISPATCH for k in (*r.kinds, *(r.also or ()))})
    for n in (1, 2, 3):
        for combo in itertools.combinations(kinds, n):
            kind_set = frozenset(combo)
            plan = dispatch.plan_for(kind_set)
            assert plan.statement == _two_set_test(dispatch.ON_STATEMENTS, kind_set)
            assert plan.every == _two_set_test(dispatch.ON_EVERY_STATEMENT, kind_set)
            assert plan.question == _two_set_test(dispatch.ON_QUESTIONS, kind_set)
            assert plan.laps == (not kind_set.isdisjoint(dispatch._LAP_KINDS) and
                                 not kind_set.isdisjoint(dispatch._LAP_ALSO))


def test_a_stemmed_rule_is_left_out_only_where_the_answer_lacks_its_stems():
    assert dispatch._STEMMED, "no rule names stems: the answer-wide gate is unused"
    for rule in dispatch._STEMMED:
        bit = dispatch._BIT[rule.run]
        assert dispatch.stems_off("nothing to see here") & bit
        for stem in rule.stems or ():
            assert not dispatch.stems_off(f"a sentence with {stem} inside") & bit
        kind_set = frozenset(rule.kinds | (rule.also or frozenset()))
        assert rule.run in dispatch.plan_for(kind_set, 0).statement
        assert rule.run not in dispatch.plan_for(kind_set, bit).statement


@pytest.mark.parametrize("text, lang, ctype", [
    ("BOR's lap-66 stop was under SC/VSC.", "en", "stop_neutralisation"),
    ("GAS paró en la vuelta 30 bajo Safety Car.", "es", "stop_neutralisation"),
    ("ALB parou na volta 20 sob Safety Car.", "pt", "stop_neutralisation"),
    ("LEC pitted on lap 20 (stop under normal conditions).", "en", "stop_neutralisation"),
    ("On the HARD stint, OCO showed a negative degradation.", "en", "stint_degradation"),
    # (#44, third pass: pace_compare gated per answer by its stems; the pass-two rules that test their own)
    ("SAI undercut TSU. The stop extended SAI's lead over TSU.", "en", "relative_position"),
    ("Through the undercut, TSU reduced his deficit to SAI by 12.1 s.", "en", "relative_position"),
    ("- Before the stops, the gap from TSU to SAI was **1.596s** (TSU ahead by 1.596s).", "en", "relative_position"),
    ("TSU's stop came on lap 24, while SAI's stop was much earlier at lap 34.", "en", "pit_lap_difference"),
    ("BEA kept the advantage over GAS in the final order.", "en", "relative_position"),
    ("In stint 2, HAM's average pace was faster than OCO's.", "en", "pace_comparison"),
])
def test_the_stemmed_rules_still_read_their_claims(text, lang, ctype):
    assert ctype in {c.type for c in _extract(text, lang)}
    assert ctype in {c.type for c in extract_claims(text, lang)}


def test_a_sentence_without_a_stem_reads_the_same_with_and_without_the_gate(monkeypatch):
    text = "LEC pitted on lap 20 for HARD tyres and finished P3, 2.5 s ahead of SAI."
    gated = _extract(text, "en")
    monkeypatch.setattr(dispatch, "stems_off", lambda low: 0)
    monkeypatch.setattr(dispatch, "_PLANS", {})
    assert _extract(text, "en") == gated


def test_literal_alternatives_accepts_plain_words_only():
    assert dispatch.literal_alternatives(re.compile("negativ|positiv")) == ("negativ", "positiv")
    assert dispatch.literal_alternatives(re.compile(r"net[oa]|effectively")) is None
    assert dispatch.literal_alternatives(re.compile("Safety|car")) is None


def test_detect_still_needs_min_words_words():
    short = " ".join(["the car was quick and the team was happy with it"] * 1).split()
    assert len(short) == language.MIN_WORDS - 1
    assert language.detect(" ".join(short)) is None
    long = " ".join(short + ["today"])
    assert language.detect(long) == "en"
