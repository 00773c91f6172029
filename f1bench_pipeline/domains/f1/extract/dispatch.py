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

from f1bench_pipeline.domains.f1.extract import (battles, defenses, final_order, gaps, lap_difference, lap_pace, laps,
                                                 neutralisations, pace, pace_compare, race_order, results,
                                                 stint_bounds, stop_compare, stop_ordinals, tyres, unstated)
from f1bench_pipeline.domains.f1.extract.patterns import COUNTERFACTUAL, HAD_DRIVER, NOT_A_STOP, RED_FLAG
from f1bench_pipeline.domains.f1.extract.tokens import (AHEAD, BATTLE, BEHIND, CHANGE, COMPOUND, DEFEND, DRIVER,
                                                     EVENTUALLY, FAILED, FINISH, LAP_ID, LAP_WORD, NEGATION, NUMBER,
                                                     NUMBER_WORD, ORDINAL, ORDINAL_NUMBER, PASS, PIT, PLACE, POSITION,
                                                     PRONOUN, RACE, STAY, START, STINT_NOUN, TEAMMATE, WIN,
                                                     WORK_BASE, WORKED)

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence


class Rule(NamedTuple):
    family: str  # the module of the claim family
    run: Callable[[Document, Sentence], None]
    kinds: frozenset[str]  # the rule runs on a sentence that holds one of these kinds ...
    also: frozenset[str] | None = None  # ... and, when given, one of these


def _rule(family, run, kinds: tuple[str, ...], also: tuple[str, ...] | None = None) -> Rule:
    return Rule(family.__name__.rsplit(".", 1)[-1], run, frozenset(kinds), None if also is None else frozenset(also))


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
    _rule(pace, pace.signs, (DRIVER, PRONOUN, COMPOUND, STINT_NOUN)),
    _rule(pace_compare, pace_compare.comparisons, (DRIVER, PRONOUN, COMPOUND, STINT_NOUN)),
    _rule(lap_pace, lap_pace.words, (DRIVER,)),  # after the comparisons: one with a number is theirs
    _rule(defenses, defenses.defense, (DEFEND,)),
    _rule(defenses, defenses.defense_outcome, (PASS, EVENTUALLY)),
    _rule(defenses, defenses.teammate, (TEAMMATE,)),
    _rule(lap_difference, lap_difference.differences, (LAP_WORD,), (NUMBER, NUMBER_WORD)),
    _rule(lap_difference, lap_difference.stop_order, (PIT,), (DRIVER,)),
    _rule(stop_compare, stop_compare.compared, (PIT,), _LAP_KINDS),  # (a substring prefilter inside)
    _rule(race_order, race_order.positions, (AHEAD, BEHIND), (DRIVER,)),
    _rule(race_order, race_order.leads, (DRIVER, PRONOUN)),  # (a pronoun: "ele aumentou sua vantagem")
    _rule(race_order, race_order.changes, (PLACE, PASS), (DRIVER,)),
    _rule(final_order, final_order.kept, (DRIVER,)),  # (a substring prefilter inside: "final", "finish", ...)
    _rule(neutralisations, neutralisations.neutralisations, (PIT, CHANGE, NEGATION)),
    _rule(stop_ordinals, stop_ordinals.ordinals, (ORDINAL,), (PIT,)),  # last: the pit_lap claims it counts are read
    _rule(unstated, unstated.facts, _UNSTATED_KINDS),  # (a substring prefilter inside: "wet", "points", "cheap", ...)
)
DISPATCH: tuple[Rule, ...] = ON_QUESTIONS + ON_EVERY_STATEMENT + ON_STATEMENTS

# (run, kinds, also) triples: the loops below unpack them without attribute look-ups
_QUESTION_PLAN = tuple((r.run, r.kinds, r.also) for r in ON_QUESTIONS)
_EVERY_PLAN = tuple((r.run, r.kinds, r.also) for r in ON_EVERY_STATEMENT)
_STATEMENT_PLAN = tuple((r.run, r.kinds, r.also) for r in ON_STATEMENTS)


class DocumentCues(NamedTuple):
    """Which sentence-level cues the whole answer holds at all: a sentence of an answer without
    one need not be searched for it. (Each pattern either ends in a literal or in ``\b`` after a
    word character, and a sentence never ends inside a word, so a match in a sentence is a match
    in the answer.)"""

    counterfactual: bool
    not_a_stop: bool
    red_flag: bool


# Literal pieces, one of which every match of the cue patterns holds (lower case): a substring test
# is much cheaper than a regex search over the whole answer, and most answers hold none of them.
_COUNTERFACTUAL_STEMS = ("would", "had ", "without the", "habr", "hubie", "sin los", "teria", "tivesse",
                         "houvesse", "sem os")
_NOT_A_STOP_STEMS = ("not a", "are not", "aren't", "no es una", "no fue una", "no son", "não é", "não foi", "não são")
_RED_FLAG_STEMS = ("red flag", "red-flag", "suspen", "bandera roja", "bandeira vermelha", "interr")


def _cue(low: str, stems: tuple[str, ...], pattern: re.Pattern, text: str | None = None) -> bool:
    return any(w in low for w in stems) and pattern.search(low if text is None else text) is not None


def document_cues(doc: Document) -> DocumentCues:
    low = doc.low
    return DocumentCues(_cue(low, _COUNTERFACTUAL_STEMS, COUNTERFACTUAL) or _cue(low, ("had ",), HAD_DRIVER, doc.text),
                        _cue(low, _NOT_A_STOP_STEMS, NOT_A_STOP), _cue(low, _RED_FLAG_STEMS, RED_FLAG))


def read_sentence(doc: Document, sent: Sentence, cues: DocumentCues) -> None:
    low = doc.low
    s, e = sent.start, sent.end
    kind_set = sent.kind_set
    tail = low[max(s, e - 3):e]
    if "?" in tail and tail.strip().endswith("?"):
        for run, kinds, also in _QUESTION_PLAN:
            if not kind_set.isdisjoint(kinds) and (also is None or not kind_set.isdisjoint(also)):
                run(doc, sent)
        return
    sent.laps = laps.lap_mentions(doc, sent) if not kind_set.isdisjoint(_LAP_KINDS) and \
        not kind_set.isdisjoint(_LAP_ALSO) else None
    for run, kinds, also in _EVERY_PLAN:
        if not kind_set.isdisjoint(kinds) and (also is None or not kind_set.isdisjoint(also)):
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
    for run, kinds, also in _STATEMENT_PLAN:
        if not kind_set.isdisjoint(kinds) and (also is None or not kind_set.isdisjoint(also)):
            run(doc, sent)
