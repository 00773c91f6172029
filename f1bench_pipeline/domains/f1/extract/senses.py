"""What a wording beside a claim word means, where the claim word alone misleads.

Found on the long answers to the cover-all prompt (issue #43); each check is a class of wording
in the three languages (test_real_text_classes.py), used by the rule module that owns the claim:

* ``result_sense_after`` (battles): a failed outcome in the sense of the final result or a place
  ("not a successful race-deciding undercut", "did not clearly work as a net position gain", "no
  tuvo éxito en ganar la posición"), not of the time the move gained: no ``battle_outcome``. A
  clause that also names the gap or the time ("as a position swap or a gap gain") is still read.
* ``plan_subject_before`` (battles): "this tactic worked", "VER's strategy ... succeeded" in an
  answer that has named no battle: a plan's success, no battle outcome.
* ``unknowable_before`` (battles): "impossible to determine if an undercut ... was successful", "no
  data to indicate successful undercuts": nothing asserted.
* ``stop_phase_before`` (tyres): "the next round of stops (laps 66-67)": a range that dates stops,
  no stint of either driver.
* ``pass_via_stops`` (defenses): "the overcut allowed TSU to overtake COL via the pit sequence": a
  pass made in the stops, no defense's outcome.
* ``generic_wet`` (tokenizer): "from wet to dry tyres", "de neumáticos wet a dry": the weather's
  tyre categories, not the full wet.
* ``net_of_stops_before`` (tyres): "two early stops ... effectively one change from MEDIUM to
  MEDIUM": the net of several stops, no one tyre change.
* ``planned_count`` (results): "on course for a two-stop until the safety car", "tenía prevista
  una estrategia de dos paradas": a count planned or overtaken by events, not the race's.
* ``paired_lap_owner`` (laps): "the lap-66/lap-67 exchange" of two drivers: the second lap is the
  second driver's, and no one's when the clause does not name exactly two.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from f1bench_pipeline.domains.f1.extract.literal_gate import gated
from f1bench_pipeline.domains.f1.extract.checks import clause_end, clause_start, noun_before
from f1bench_pipeline.domains.f1.extract.patterns import CLAUSE_BREAK, alt
from f1bench_pipeline.domains.f1.extract.tokens import BATTLE, DRIVER, Token

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence

# How far a qualifier may stand from the word it qualifies (characters); windows stay bounded.
PLAN_REACH = 70  # "VER's strategy of a single stop from MEDIUM to HARD at lap 21 succeeded"
UNKNOWABLE_REACH = 90  # "impossible to determine if an undercut or overcut was attempted or successful"
PLANNED_REACH = 30  # "tenía prevista una estrategia de dos paradas"
GAIN_REACH = 30  # "as a position swap or a gap gain": the qualifier's own coordination
NET_REACH = 160  # "OCO's two early stops under SC/VSC were effectively one compound change from"
PAIRED_LAP_SPREAD = 5  # "lap-66/lap-67": two nearby laps; "lap 17/56" is a lap of the race

RESULT_SENSE_AFTER = re.compile(
    r"[\s*]*(?:(?:\w+ly|\w+mente)\s+)?(?:" + alt("result_sense_conn") + r")\s+(?:[\w-]+\s+){0,3}?"
    + alt("result_sense_noun") + r"\b|[\s*]*" + alt("result_sense_adj") + r"\b")
GAIN_SENSE = re.compile(r"\b" + alt("gain_sense") + r"\b")
UNKNOWABLE_BEFORE = re.compile(r"\b" + alt("unknowable") + r"\b[^.;\n]{0," + str(UNKNOWABLE_REACH) + "}$")
PLAN_BEFORE = re.compile(r"\b" + alt("plan_noun") + r"\b[^.;:\n]{0," + str(PLAN_REACH) + "}$")
STOP_PHASE_BEFORE = re.compile(r"\b" + alt("stop_phase") + r"\s*\(\s*$")
VIA_STOPS = re.compile(r"\b" + alt("via_stops") + r"\b")
NET_OF_STOPS_BEFORE = re.compile(
    r"\b" + alt("several_stops") + r"\b[^.;\n]{0,80}\b" + alt("net_word") + r"\b[^.;\n]{0,50}$|\b"
    + alt("net_word") + r"\b[^.;\n]{0,40}\b" + alt("several_stops") + r"\b[^.;\n]{0,50}$")
# (no stop noun between: "turned the planned three-stop into a six-stop" states the six)
PLANNED_BEFORE = re.compile(r"\b" + alt("plan_cue") + r"\b(?:(?!" + alt("stop_noun") + r")[^.;:\n]){0,"
                            + str(PLANNED_REACH) + "}$")
PLANNED_AFTER = re.compile(r"[^.;\n]{0,60}?\b" + alt("plan_overtaken"))
WET_PAIR_BEFORE = re.compile(r"\b" + alt("generic_wet_other") + r"\s*" + alt("wet_conn") + r"\s*$")
WET_PAIR_AFTER = re.compile(r"\s*" + alt("wet_conn") + r"\s*(?:\w+\s+)?" + alt("generic_wet_other") + r"\b")
LAP_BEFORE_SLASH = re.compile(r"(\d{1,2})\s*/\s*$")
# the words the windowed patterns above need, searched first in the same window: most windows hold
# none, and a plain word search is much cheaper than an end-anchored one with a long gap
NET_WORD = gated(re.compile(r"\b" + alt("net_word") + r"\b"))
UNKNOWABLE_WORD = re.compile(r"\b" + alt("unknowable") + r"\b")


def result_sense_after(low: str, e: int) -> bool:
    """A failed outcome word ending at ``e`` qualified by the final result or a place, unless the
    qualifier goes on to the gap or the time ("as a position swap or a gap gain")."""
    m = RESULT_SENSE_AFTER.match(low, e)
    if m is None:
        return False
    end = m.end() + GAIN_REACH
    stop = [i for i in (low.find(",", m.end(), end), clause_end(low, m.end(), GAIN_REACH)) if i >= 0]
    return GAIN_SENSE.search(low, e, min(stop)) is None


def plan_subject_before(low: str, s: int) -> bool:
    """A plan noun ("strategy", "tactic", "stop") in the clause before the outcome word at ``s``."""
    return PLAN_BEFORE.search(low, clause_start(low, s, PLAN_REACH + 20), s) is not None


def unknowable_before(low: str, s: int) -> bool:
    """"impossible to determine if", "no data to indicate", "no está claro si" before ``s``."""
    lo = max(0, s - UNKNOWABLE_REACH - 60)
    return UNKNOWABLE_WORD.search(low, lo, s) is not None and UNKNOWABLE_BEFORE.search(low, lo, s) is not None


def stop_phase_before(low: str, s: int) -> bool:
    """A lap range at ``s`` in brackets after a round of stops ("the next round of stops (laps 66-67)")."""
    return STOP_PHASE_BEFORE.search(low, max(0, s - 60), s) is not None


def pass_via_stops(low: str, toks: list[Token], i: int) -> bool:
    """The pass at token ``i`` is made in the stops: "via the pit sequence" after it, or the move
    itself its subject ("the overcut allowed TSU to overtake COL"; not "GAS undercut ALO and then passed BOT")."""
    t = toks[i]
    if VIA_STOPS.search(low, t.end, clause_end(low, t.end, 60)):
        return True
    return any(x.kind is BATTLE and x.end <= t.start and t.start - x.end <= 40 and noun_before(low, x.start) and
               not CLAUSE_BREAK.search(low, x.end, t.start) for x in toks[:i])


def generic_wet(low: str, s: int, e: int) -> bool:
    """"wet" at ``low[s:e]`` paired with "dry" or "slicks" ("from wet to dry tyres", "wet/dry")."""
    return WET_PAIR_AFTER.match(low, e) is not None or WET_PAIR_BEFORE.search(low, max(0, s - 16), s) is not None


def net_of_stops_before(low: str, s: int) -> bool:
    """A tyre change at ``s`` stated as the net of several stops ("two early stops ... were
    effectively one change from")."""
    if NET_WORD.search(low, max(0, s - NET_REACH), s) is None:  # (before finding the clause: most have none)
        return False
    return NET_OF_STOPS_BEFORE.search(low, clause_start(low, s, NET_REACH), s) is not None


def planned_count(low: str, s: int, e: int) -> bool:
    """A stop count at ``low[s:e]`` that was planned ("his planned two-stop", "on course for a
    one-stop") or overtaken by events ("a two-stopper ... before the SC/VSC intervened")."""
    return PLANNED_BEFORE.search(low, clause_start(low, s, PLANNED_REACH + 10), s) is not None or \
        PLANNED_AFTER.match(low, e) is not None


def paired_lap_owner(low: str, sent: Sentence, lap: int, s: int) -> list[str] | None:
    """The lap at ``s`` is the second of a pair of nearby laps ("lap-66/lap-67"): [the second driver
    the sentence names] when it names exactly two, else [] (no one's); None when it is no pair."""
    m = LAP_BEFORE_SLASH.search(low, max(0, s - 12), s)
    if m is None or not 0 < abs(lap - int(m.group(1))) <= PAIRED_LAP_SPREAD:
        return None
    named: list[str] = []
    for t in sent.tokens:
        if t.kind is DRIVER and t.tag != "pron" and t.value not in named:
            named.append(t.value)
    return [named[1]] if len(named) == 2 else []
