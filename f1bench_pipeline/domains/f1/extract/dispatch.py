"""Reading one sentence: which claim family runs on which token kinds.

A sentence is read in three stages:

1. A question (ending with "?", e.g. the prompt restated) asserts nothing; only a verdict that
   answers it ("Did it work? Yes.") is read (``ON_QUESTIONS``).
2. Battles are read in every other sentence (``ON_EVERY_STATEMENT``), even a counterfactual one.
3. A counterfactual ("would have", "Had PIA reacted on lap 27", "teria ficado") states nothing
   that happened and ends the reading. Otherwise the sentence's lap mentions, numbers in seconds
   and stop/red-flag cues are read once, and each rule of ``ON_STATEMENTS`` runs, in order, when
   the sentence holds one of its token kinds (and one of its ``also`` kinds, when given); each
   rule then checks the rest of its conditions.

The order matters: pit laps are read before the tyres (a tyre change takes the lap of its own
pit stop).
"""

from __future__ import annotations

import re

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from f1bench_pipeline.domains.f1.extract import (battles, caused_order, defenses, final_order, finish_gain, gap_order,
                                                 gap_trend, gaps, held_position, lap_age, lap_difference, lap_pace, laps,
                                                 neutralisations, order_stop, pace,
                                                 pace_compare, pace_cues, race_order, results, stint_bounds,
                                                 stint_length, stop_compare, stop_delay, stop_ordinals, stop_time, tyres,
                                                 unstated)
from f1bench_pipeline.domains.f1.extract.patterns import COUNTERFACTUAL, HAD_DRIVER, NOT_A_STOP, RED_FLAG
from f1bench_pipeline.domains.f1.extract.tokens import (AHEAD, BATTLE, BEHIND, CHANGE, COMPOUND, DEFEND, DRIVER,
                                                     EVENTUALLY, FAILED, FINISH, GAP, LAP_ID, LAP_WORD, NEGATION, NUMBER,
                                                     NUMBER_WORD, ORDINAL, ORDINAL_NUMBER, PASS, PIT, PLACE, POSITION,
                                                     PRONOUN, RACE, STAY, START, STINT_NOUN, TEAMMATE, WIN,
                                                     WORK_BASE, WORKED)

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.literal_gate import Searchable
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence


class Rule(NamedTuple):
    family: str  # the module of the claim family
    run: Callable[[Document, Sentence], None]
    kinds: frozenset[str]  # the rule runs on a sentence that holds one of these kinds ...
    also: frozenset[str] | None = None  # ... and, when given, one of these
    # ... and, when given, only in an answer holding one of these literals (lower case): the rule's own first
    # test needs one of them in the sentence, so an answer without any is not read by it at all
    stems: tuple[str, ...] | None = None


def _rule(family, run, kinds: tuple[str, ...], also: tuple[str, ...] | None = None,
          stems: tuple[str, ...] | None = None) -> Rule:
    return Rule(family.__name__.rsplit(".", 1)[-1], run, frozenset(kinds), None if also is None else frozenset(also),
                stems)


def literal_alternatives(pattern: re.Pattern[str]) -> tuple[str, ...] | None:
    """The words of a pattern that is a plain alternation of lower-case words ("negativ|positiv"), as
    a rule's ``stems``; None (no answer-wide gate) when it is anything else."""
    words = tuple(pattern.pattern.split("|"))
    return words if all(w.isalpha() and w.islower() for w in words) else None


# A sentence's lap mentions are read when it holds a lap id, or a lap word or ordinal with a number.
_LAP_KINDS = (LAP_ID, LAP_WORD, ORDINAL_NUMBER)
_LAP_ALSO = (LAP_ID, NUMBER, NUMBER_WORD, ORDINAL_NUMBER)
_OUTCOME_KINDS = (WORKED, FAILED, WORK_BASE)
# a sentence about the race, a driver, a tyre or a stop: where the weather, points or a stop's cost is stated
_UNSTATED_KINDS = (DRIVER, PRONOUN, COMPOUND, STINT_NOUN, PIT, CHANGE, START, RACE, STAY, FINISH, PLACE, POSITION)

ON_QUESTIONS: tuple[Rule, ...] = (_rule(battles, battles.outcome, _OUTCOME_KINDS),)
ON_EVERY_STATEMENT: tuple[Rule, ...] = (_rule(battles, battles.battles, (BATTLE,)),)
ON_STATEMENTS: tuple[Rule, ...] = (
    _rule(laps, laps.pit_laps, (*_LAP_KINDS, PIT)),
    _rule(tyres, tyres.compounds, (COMPOUND,)),
    _rule(tyres, tyres.stint_laps, _LAP_KINDS, _LAP_ALSO),
    _rule(stint_bounds, stint_bounds.stint_from_lap, (COMPOUND,), _LAP_KINDS),
    _rule(stint_bounds, stint_bounds.shared_stints, (STINT_NOUN,), (LAP_WORD,)),
    _rule(stint_bounds, stint_bounds.strategy_sequence, (COMPOUND,)),
    _rule(results, results.positions, (POSITION, ORDINAL, ORDINAL_NUMBER, PLACE), (POSITION, FINISH, PLACE)),
    _rule(results, results.n_stops, (PIT, STINT_NOUN), (NUMBER_WORD, NUMBER, NEGATION, PIT)),
    _rule(results, results.winner, (WIN,)),
    _rule(laps, laps.race_laps, _LAP_KINDS, _LAP_ALSO),
    _rule(battles, battles.outcome, _OUTCOME_KINDS),
    _rule(gaps, gaps.seconds, (NUMBER,)),
    _rule(lap_pace, lap_pace.values, (NUMBER,), (DRIVER,)),  # before the stint values: a lap's time is no stint's
    _rule(pace, pace.values, (NUMBER,)),  # after the gaps: a number a gap or gain took is not read again
    _rule(pace, pace.signs, (DRIVER, PRONOUN, COMPOUND, STINT_NOUN), stems=literal_alternatives(pace_cues._SIGN_STEMS)),
    _rule(pace_compare, pace_compare.comparisons, (DRIVER, PRONOUN, COMPOUND, STINT_NOUN),
          stems=pace_compare.GATE),  # (its first test: a match of those stems)
    _rule(lap_pace, lap_pace.words, (DRIVER,)),  # after the comparisons: one with a number is theirs
    _rule(lap_age, lap_age.comparisons, (DRIVER,), stems=lap_age.STEMS),  # after the lap-level words
    _rule(defenses, defenses.defense, (DEFEND,)),
    _rule(defenses, defenses.defense_outcome, (PASS, EVENTUALLY)),
    _rule(defenses, defenses.teammate, (TEAMMATE,)),
    _rule(lap_difference, lap_difference.differences, (LAP_WORD,), (NUMBER, NUMBER_WORD)),
    _rule(lap_difference, lap_difference.stop_order, (PIT,), (DRIVER,)),
    _rule(lap_difference, lap_difference.article_count, (LAP_WORD,), stems=lap_difference.ARTICLE_STEMS),
    _rule(stop_delay, stop_delay.delays, (LAP_WORD, PIT), stems=stop_delay.STEMS),
    _rule(stint_length, stint_length.comparisons, (STINT_NOUN,), stems=stint_length.STEMS),  # after the stops' lap differences: a number one read is theirs
    _rule(stop_compare, stop_compare.compared, (PIT,), _LAP_KINDS),  # (a substring prefilter inside)
    _rule(race_order, race_order.positions, (AHEAD, BEHIND), (DRIVER,)),
    _rule(race_order, race_order.leads, (DRIVER, PRONOUN)),  # (a pronoun: "ele aumentou sua vantagem")
    _rule(gap_order, gap_order.orders, (NUMBER, AHEAD, BEHIND), (DRIVER,)),  # after the positions: an order read is not read again
    _rule(gap_order, gap_order.deficits, (PIT, BATTLE), (DRIVER,)),
    _rule(caused_order, caused_order.orders, (AHEAD, BEHIND), (DRIVER,)),  # after the order rules (a substring prefilter inside)
    _rule(caused_order, caused_order.overcome, (GAP,)),  # (a substring prefilter inside)
    _rule(gap_trend, gap_trend.trends, gap_trend.TREND_KINDS),  # after the gains: a gain read is not read again
    _rule(gap_trend, gap_trend.losses, (DRIVER, BATTLE), stems=gap_trend.LOSS_STEMS),
    _rule(race_order, race_order.changes, (PLACE, PASS), (DRIVER,)),
    _rule(finish_gain, finish_gain.gains, (PLACE, FINISH), stems=finish_gain.STEMS),  # after the changes: a driver named is theirs
    _rule(final_order, final_order.kept, (DRIVER,)),  # (a substring prefilter inside: "final", "finish", ...)
    _rule(held_position, held_position.held, (DRIVER, PRONOUN), stems=held_position.STEMS),  # after the orders: one read is theirs
    _rule(neutralisations, neutralisations.neutralisations, (PIT, CHANGE, NEGATION), stems=neutralisations._NEUTRAL_CUE),
    _rule(stop_ordinals, stop_ordinals.ordinals, (ORDINAL,), (PIT,)),  # last: the pit_lap claims it counts are read
    _rule(stop_time, stop_time.times, (NUMBER,), stems=stop_time.STEMS),  # late: a number another claim reads is theirs
    _rule(unstated, unstated.facts, _UNSTATED_KINDS),  # (a substring prefilter inside: "wet", "points", "cheap", ...)
    _rule(order_stop, order_stop.stop_of_order, (PIT,), (AHEAD, BEHIND)),  # after every order rule: the stop it names
)
DISPATCH: tuple[Rule, ...] = ON_QUESTIONS + ON_EVERY_STATEMENT + ON_STATEMENTS



# The rules with stems, and each one's bit in an answer's ``DocumentCues.off`` mask
_STEMMED: tuple[Rule, ...] = tuple(r for r in DISPATCH if r.stems)
_BIT = {r.run: 1 << k for k, r in enumerate(_STEMMED)}


def stems_off(low: str) -> int:
    """The mask of the rules whose stems the answer ``low`` does not hold."""
    off = 0
    for r in _STEMMED:
        if not any(map(low.__contains__, r.stems or ())):
            off |= _BIT[r.run]
    return off


def _runs(rules: tuple[Rule, ...], kind_set: frozenset[str], off: int) -> tuple[Callable[[Document, Sentence], None], ...]:
    """The rules (in order) that run on a sentence holding ``kind_set`` in an answer whose ``off`` rules
    are skipped."""
    return tuple(r.run for r in rules if not kind_set.isdisjoint(r.kinds) and (r.also is None or
                 not kind_set.isdisjoint(r.also)) and not off & _BIT.get(r.run, 0))


class Plan(NamedTuple):
    """What runs on a sentence of one kind set (the rules' gates depend on nothing else)."""

    question: tuple[Callable[[Document, Sentence], None], ...]
    every: tuple[Callable[[Document, Sentence], None], ...]
    statement: tuple[Callable[[Document, Sentence], None], ...]
    laps: bool  # its lap mentions are read


# Plans by kind set and answer mask, made on first use: a few hundred occur, and one look-up replaces two
# set tests per rule and sentence. (Bounded: cleared if an unusual input ever made very many.)
_PLANS: dict[tuple[frozenset[str], int], Plan] = {}
_PLANS_MAX = 10_000


def plan_for(kind_set: frozenset[str], off: int = 0) -> Plan:
    key = (kind_set, off)
    plan = _PLANS.get(key)
    if plan is None:
        if len(_PLANS) >= _PLANS_MAX:
            _PLANS.clear()
        plan = _PLANS[key] = Plan(_runs(ON_QUESTIONS, kind_set, off), _runs(ON_EVERY_STATEMENT, kind_set, off),
                                  _runs(ON_STATEMENTS, kind_set, off),
                                  not kind_set.isdisjoint(_LAP_KINDS) and not kind_set.isdisjoint(_LAP_ALSO))
    return plan


class DocumentCues(NamedTuple):
    """Which sentence-level cues the whole answer holds at all: a sentence of an answer without
    one need not be searched for it. (Each pattern either ends in a literal or in ``\b`` after a
    word character, and a sentence never ends inside a word, so a match in a sentence is a match
    in the answer.)"""

    counterfactual: bool
    not_a_stop: bool
    red_flag: bool
    off: int  # the rules whose stems the answer does not hold (``stems_off``)


# Literal pieces, one of which every match of the cue patterns holds (lower case): a substring test
# is much cheaper than a regex search over the whole answer, and most answers hold none of them.
_COUNTERFACTUAL_STEMS = ("would", "had ", "without the", "habr", "hubie", "sin los", "teria", "tivesse",
                         "houvesse", "sem os")
_NOT_A_STOP_STEMS = ("not a", "are not", "aren't", "no es una", "no fue una", "no son", "não é", "não foi", "não são")
_RED_FLAG_STEMS = ("red flag", "red-flag", "suspen", "bandera roja", "bandeira vermelha", "interr")


def _cue(low: str, stems: tuple[str, ...], pattern: Searchable, text: str | None = None) -> bool:
    return any(map(low.__contains__, stems)) and pattern.search(low if text is None else text) is not None


def document_cues(doc: Document) -> DocumentCues:
    low = doc.low
    return DocumentCues(_cue(low, _COUNTERFACTUAL_STEMS, COUNTERFACTUAL) or _cue(low, ("had ",), HAD_DRIVER, doc.text),
                        _cue(low, _NOT_A_STOP_STEMS, NOT_A_STOP), _cue(low, _RED_FLAG_STEMS, RED_FLAG), stems_off(low))


def read_sentence(doc: Document, sent: Sentence, cues: DocumentCues) -> None:
    low = doc.low
    s, e = sent.start, sent.end
    kind_set = sent.kind_set
    plan = _PLANS.get((kind_set, cues.off)) or plan_for(kind_set, cues.off)
    tail = low[max(s, e - 3):e]
    if "?" in tail and tail.strip().endswith("?"):
        for run in plan.question:
            run(doc, sent)
        return
    sent.laps = laps.lap_mentions(doc, sent) if plan.laps else None
    for run in plan.every:
        run(doc, sent)
    if cues.counterfactual and (COUNTERFACTUAL.search(low, s, e) or HAD_DRIVER.search(doc.text, s, e)):
        return  # "Had PIA reacted on lap 27 ...", "a diferença teria ficado em 1,6 s": not what happened
    not_a_stop = cues.not_a_stop and NOT_A_STOP.search(low, s, e) is not None
    sent.not_a_stop = not_a_stop
    # a suspension's tyre change is no stop (the stop count may still be stated beside it)
    sent.red_flag = not_a_stop or (cues.red_flag and RED_FLAG.search(low, s, e) is not None)
    if NUMBER in kind_set:
        is_seconds = gaps.is_seconds
        sent.secs = [t for t in sent.tokens if t.tag == "s" and t.kind is NUMBER and is_seconds(low, t)]
    for run in plan.statement:
        run(doc, sent)
