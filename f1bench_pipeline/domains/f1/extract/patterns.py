r"""Window patterns and word sets of the claim rules.

Each pattern runs on a short window of the lower-cased answer next to a token (the "before"
patterns end with ``$`` and are searched in the few characters before it; the "after" ones are
matched at its end), so every search is bounded and linear. Their words are the vocabulary's
windows (``vocabulary/<lang>.py``, ``WINDOWS``) of all three languages at once: a pattern holds
when its words match in any of them.

Some patterns have a *twin* (suffix ``_F``, or ``_A``/``_B``) with exactly the same matches,
written so that ``re`` can skip to the characters a match may start with: a leading word
boundary (``\bthe``) hides that first character, so the twins match the first letter and check
the boundary behind it (``t(?<=\bt)he``). The claim rules use the twins, only where just "is
there a match" counts; the plain form stays as the reference.
"""

from __future__ import annotations

import re

from f1bench_pipeline.domains.f1.extract.literal_gate import gated
from f1bench_pipeline.domains.f1.extract.vocabulary import LEXICONS, alternatives, word_set, words


def alt(name: str, suffix: str = "") -> str:
    """The window's alternatives as a non-capturing group, each followed by ``suffix``."""
    return "(?:" + "|".join(a + suffix for a in alternatives(name)) + ")"


def boundary_first(alts: tuple[str, ...] | list[str]) -> str:
    r"""An alternation of ``alts`` with each leading ``\b<letter>`` written ``<letter>(?<=\b<letter>)``."""
    out = []
    for a in alts:
        if a.startswith("\\b") and a[2:3].isalpha():
            a = a[2] + r"(?<=\b" + a[2] + ")" + a[3:]
        out.append(a)
    return "(?:" + "|".join(out) + ")"


# ---- laps
PER_LAP = re.compile(r"\s*(?:/\s*" + alt("per_lap_slash") + "|" + words("per_lap_phrase") + ")")
LAPNUM_GAP = re.compile(r"[\s-]*(?:n[º°o]\.?\s*)?")
RANGE_CONN = re.compile(r"\s*(?:-|" + words("range_to") + r")\s*(?:" + alt("range_article") + r"\s+)?"
                        r"(?:" + alt("lap_noun") + r"\s*)?")
LIST_CONN = re.compile(r"\s*(?:,|" + words("and") + r"|&)\s*(?:" + alt("lap_noun") + r"\s*)?")  # not "/": 17 of 56
AND_CONN = re.compile(r"\s*" + alt("and") + r"\s*(?:" + alt("range_article") + r"\s+)?(?:" + alt("lap_noun") + r"\s*)?")
BETWEEN_BEFORE = re.compile(r"\b" + alt("between") + r"\s+" + alt("between_det") + "?$")
COMPARATIVE_AFTER = re.compile(r"\s*" + alt("comparative_after") + r"\b")
COUNT_DET_BEFORE = re.compile(r"\b" + alt("count_det_before") + r"\s+$")
COUNT_OF_M = re.compile(r"\s*" + alt("out_of") + r"\s+(\d{1,2})\s+" + alt("laps_noun") + r"\b")
SPACE_DASH = re.compile(r"[\s-]*")
ELIDED_BEFORE = re.compile(alt("elided_before") + r"\s+$")
ELIDED_AFTER = re.compile(r"\s*(?:º|°|ª|%|s\b|\.\d|" + words("elided_after") + ")")
ELIDED_ENDS = ("la", "na", "no")
FROM_LAP_BEFORE = re.compile(alt("from_lap_before") + r"\s+" + alt("the_la_a_s") + "?$")
# "stint 2 began on lap 19", "the stint started at lap 19": the lap a stint starts, not a stop.
STINT_START_BEFORE = re.compile(r"\b" + alt("stint_noun") + r"\b[^.;\n]{0,25}\b" + alt("stint_start_verb") + r"\s+"
                                + alt("stint_start_prep") + r"?\s*" + alt("the_la_a_s") + "?$")
# A lap that dates a gap or a position ("Before the stops (lap 7) TSU was 3.19 s behind", "+4.83s
# (vuelta 8)", "P12 before the stops (lap 21)"): the reference lap, not a stop.
REFERENCE_LAP_BEFORE = re.compile(
    r"(?:\b" + alt("before_after") + r"\s+" + alt("de_do_da") + "?" + alt("ref_det") + "?" + alt("stops_noun")
    + r"\**\s*[(,]\s*" + alt("ref_prep") + "?" + alt("the_la_a_s") + "?$|"
    r"\d(?:[.,]\d+)?\s*(?:s|sec|secs|seconds|segundos?)?\b\**\s*\(\s*$|\bp\d{1,2}\b\**\s*\(\s*$)")
# "P12 before the stops (lap 27) and P15 after (lap 33)": a bare "after (" dates the second value
# when the clause dated the first one by the stops.
BARE_AFTER_BEFORE = re.compile(r"\b" + alt("bare_after") + r"\s*\**\s*\(\s*$")
REFERENCE_PHRASE = re.compile(r"\b" + alt("ref_phrase_before") + r"\s+" + alt("de_do_da") + "?"
                              + alt("ref_phrase_det") + "?" + alt("ref_phrase_stops") + r"\b")
# A lap dated by the stops in other words ("Going into the stops, on lap 25", "Once both had stopped,
# on lap 38", "Perto das paradas, ... na volta 26") -- a reference lap when its clause states a gap.
REF_PHRASE_BEFORE = re.compile(
    r"\b" + alt("stops_near") + r"\s*(?:" + alt("stops_near_det") + r"\s+)?" + alt("two_both") + "?"
    + alt("stop_cycle") + r"\b[^;:\n]{0,70}$|\bonce (?:both|they|the two) (?:had )?(?:stopped|pitted)\b[^;:\n]{0,60}$")
VERB_TO_LAP = re.compile(r"\s*" + alt("verb_to_lap") + r"?\s*(?:the\s+)?")  # "pitted on lap 25"
OWNER_AFTER = re.compile(r"\s*" + alt("owner_after") + r"\s+[A-Z]{3}\b")  # "lap 55 for GAS": a driver's own stop
GAP_AFTER = re.compile(r"[^.;\n]{0,90}?\d(?:[.,]\d+)?\s*" + alt("gap_seconds") + r"\b")
# The lap of a stint named by its tyre ("MEDIUM (volta 1) → HARD", "medium on lap 1, then"): a stint's
# lap, not a stop.
STINT_LAP_BEFORE = re.compile(r"(?:\b" + alt("stint_lap_tyre") + r"s?\b\**\s*(?:" + alt("stint_lap_noun") + r"\s+)?"
                              r"(?:\(\s*|" + words("stint_lap_on") + r")|\bstint\s*\d\s*,\s*)$")
# "de la vuelta 23 a la 53", "da volta 3 à 7", "from lap 2 to 20": the end of a range, not a stop.
RANGE_END_BEFORE = re.compile(r"\b" + alt("range_end_lap") + r"\s*\d{1,2}\s*(?:-|–|—|" + words("range_end_to") + ")"
                              r"\s*(?:" + alt("range_article") + r"\s+)?$")
# Between a pit word and a lap, these end the pit word's reach (a stint list follows a colon or an
# arrow: "1 parada, con dos stints: blando de la vuelta 1 a la 22, luego ...").
TRIGGER_BREAK = re.compile(r"[:;→]|->|=>|,\s*" + alt("and", r"\s+") + "?" + alt("then") + r"\b")
# "did not wait for lap 6", "esperó hasta la vuelta 28": the lap waited for, not the stop.
WAIT_BEFORE = re.compile(r"\b" + alt("wait") + r"\b[^.;:\n]{0,14}$")
# "waited until lap 14", "esperó hasta la vuelta 14", "esperou até a volta 14": the lap the stop was
# put off to, a stop (group 1: where the wait word starts, for its negation)
WAITED_UNTIL_BEFORE = re.compile(r"\b(" + alt("wait") + r")\s+" + alt("until_before") + r"\s+(?:(?:the|la|el|a|o)\s+)?"
                                 + alt("lap_word_any") + r"?\s*$")
SLASH_NUM = re.compile(r"\s*/\s*(\d{1,2})\b")
# the race distance and what is left of it ("the 57-lap race", "faltando 16 voltas", "19 das 70 voltas")
EVENT_AFTER = re.compile(r"[\s-]*(?:[\w'’.-]+\s+){0,3}" + alt("event_after") + r"\b")
TO_GO_AFTER = re.compile(r"\s*" + alt("to_go_after") + r"\b")
RACE_OF_BEFORE = re.compile(r"(?:\b" + alt("race_of_noun") + r"\s+" + alt("race_of_prep") + r"\s+|\b"
                            + alt("laps_left") + r"\s+" + alt("only_before_n") + r"?|\d\s+" + alt("n_of_the")
                            + r"\s+)$")
RANGE_NOT_STINT_AFTER = re.compile(r"[\s-]*" + alt("range_not_stint") + r"\b")
RACE_AFTER = re.compile(r"[\s-]*" + alt("race_after") + r"\b")
RACE_BEFORE = re.compile(r"\b" + alt("race_noun") + r"\s+(?:[\w-]+\s+){0,2}" + alt("race_before_verb") + r"\s+$")
N_OF_BEFORE = re.compile(r"\b\d{1,2}\s+" + alt("out_of") + r"\s+$")
OF_BEFORE = re.compile(r"\b" + alt("of_out_of") + r"\s+$")
TENS_BEFORE = re.compile(r"\b" + alt("tens") + r"(?:\s*-\s*|\s+(?:y|e)\s+)$")  # "thirty-six", "treinta y seis"

# ---- tyres
FROM_BEFORE = re.compile(alt("from_before_verb") + r"\s+(?:" + alt("tyre_det") + r"\s+){0,3}$")
COMPARE_BEFORE = re.compile(r"\b" + alt("compare_before") + r"\b[^.]{0,12}$")
CHANGE_CONN = re.compile(r"\s*" + alt("change_noun") + r"?\s*(?:->|-->|→|=>|>|" + words("change_to") + r")\s+"
                         r"(?:" + alt("change_det") + r"\s+){0,4}")
# "MEDIUM->HARD", and the hyphenated "Medium-to-Hard" / "medio-a-duro" / "médio-para-duro" (one word: a pair)
ARROW_CONN = re.compile(r"\s*(?:->|-->|→|=>|>)\s*|-(?:to|a|para)-")
# (up to four determiners: "for a fresh set of SOFT", "para um novo jogo de SOFT")
CHG_TO_BETWEEN = re.compile(r"\s*(?:(?:" + words("chg_between") + r"|\d+|\(|\)|,)\s*)*" + alt("chg_to") + r"\s+"
                            r"(?:" + alt("chg_det") + r"\s+){0,4}")
STOP_OPTION_BEFORE = re.compile(r"(?:^|[\s(])" + alt("stop_option_before") + r"\s+$")
STOP_OPTION_AFTER = re.compile(r"[\s*]*" + alt("stop_option_after") + r"\s+(?:an?\s+|una?\s+|uma?\s+)?[\w-]+[\s-]+"
                               + alt("stop_noun") + r"\b")
# "the two-stop approach was faster than a one-stop": both counts are options compared
STOP_COMPARED_AFTER = re.compile(r"[^.;,\n]{0,60}?\b(?:than|que|do que)\s+(?:an?\s+|una?\s+|uma?\s+)?[\w-]+[\s-]+"
                                 + alt("stop_noun") + r"\b")
# "laps 18 (SOFT→MEDIUM), 40 (MEDIUM→HARD)": a lap written right before the bracket of its tyre change
# a bracketed aside ("(lap 10)"): it does not part a subject from its predicate
ASIDE = re.compile(r"\([^()]{0,40}\)")
BRACKETED_CHANGE_LAP = re.compile(r"(?<![\d.,:])(\d{1,2})\s*[*_]*\s*\(\s*[*_]*\s*$")
UNTIL_BEFORE = re.compile(r"\b" + alt("until_before") + r"\s+(?:(?:the|la|el|a|o)\s+)?" + alt("lap_word_any")
                          + r"?\s*$")
UNTIL_FINISH = re.compile(r"\b" + alt("until_finish") + r"\b")
# "TSU en la vuelta 2", "HUL on lap 5", "TSU lo hizo en lap 2": a driver, then his lap
DRIVER_TO_LAP = re.compile(r"[\s*_]*(?:(?:lo hizo|did so|did it|fez|o fez)\s+)?(?:on|at|in|en|na|no|em|a)?\s*"
                           r"(?:(?:the|la|el|a|o)\s+)?")
# "(laps 36 and 37)": a list of laps run; the plural lap nouns are the lexicon's (LAPW "pl")
_PLURAL_LAP_WORDS = sorted({w for lex in LEXICONS.values() for w, (kind, v) in lex.items() if kind == "LAPW" and v == "pl"},
                           key=len, reverse=True)
PLURAL_LAPS = re.compile(r"\b(?:" + "|".join(map(re.escape, _PLURAL_LAP_WORDS)) + r")\s+\d")
# "to the finish on lap 57", "la bandera en la vuelta 57": the race's last lap, never a stop
FINISH_AT_BEFORE = re.compile(r"\b" + alt("until_finish") + r"\s+" + alt("resume_prep") + r"\s+(?:(?:the|la|el|a|o)\s+)?"
                              + alt("lap_word_any") + r"?\s*$")
DEADLINE_BEFORE = re.compile(r"\b" + alt("deadline_before") + r"\s*(?:the\s+)?" + alt("lap_word_any") + r"?\s*$")
ATTEMPT_CLAUSE = re.compile(r",\s*(?:[\w-]+\s+){0,2}?" + alt("attempt_gerund") + r"\b")
GAIN_EQUATION_AFTER = re.compile(r"\s*s?\s*[−–\-+]\s*\(?\s*[−–\-+]?\d")
TOTAL_BEFORE = re.compile(r"\b" + alt("total_before") + r"\s+(?:of\s+|de\s+)?$")
STINT_TYRE_BREAK = re.compile(r"\b" + alt("stint_tyre_break") + r"\b")
FIT_VERBS = word_set("fit_verb")
AT_START_AFTER = re.compile(r"[\s*]*" + alt("at_start") + r"\b")  # "montó SOFT al inicio": the first tyre
FIT_BETWEEN = re.compile(r"\s*(?:" + alt("fit_det") + r"\s+){0,4}")
GERUND_BEFORE = re.compile(r",\s*(?:[\w-]+\s+){0,2}?" + alt("gerund_change") + r"\s+" + alt("gerund_from") + r"?\s*"
                           r"(?:" + alt("gerund_det") + r"\s+)?$")
FROM_ONLY = re.compile(r"\b" + alt("from_only") + r"\s+(?:" + alt("from_only_det") + r"\s+){0,2}$")
FROM_ONLY_ENDS = alternatives("from_only_end")
# between a pit/change word and "from X": what makes X no tyre removed ("the use of", "a new set of",
# "starting from", "and", a comma)
FROM_ONLY_BREAK = re.compile(r",|;|\b(?:" + alt("from_only_break") + r")\b")
SAME_SET = re.compile(alt("same_set_new") + r"\s+" + alt("set_noun") + r"\s+" + alt("of") + r"\s+(?:the\s+)?$")
CHAIN_TO = re.compile(r"[^.;]{0,30}?\b" + alt("chain_then") + r"\s+(?:back\s+)?" + alt("chain_to") + r"\s+"
                      r"(?:" + alt("chain_det") + r"\s+)?")
PIT_ON_BETWEEN = re.compile(r"\b" + alt("pit_on") + r"\s+" + alt("pit_on_det", r"\s+") + "?$")
ON_CMP = re.compile(alt("on_cmp") + r"\s+(?:" + alt("on_cmp_det") + r"\s+){0,3}$")
# the owner of a tyre: "RUS’s fresh Medium" (between driver and tyre), "los Medium nuevos de RUS",
# "os MEDIUM gastos do TSU" (between tyre and driver)
OWNER_S_TYRE = re.compile(r"['’]s\s+(?:" + alt("tyre_age") + r"\s+){0,2}")
TYRE_OF_OWNER = re.compile(r"\s+(?:" + alt("tyre_age") + r"\s+){0,2}" + alt("tyre_owner_of") + r"\s+")
IN_STINT = re.compile(r"\s*(?:tyres?\s+|tires?\s+)?" + alt("in_stint") + r"\s+(?:" + alt("in_stint_det") + r"\s+)?")
START_ON = re.compile(r"\s*" + alt("start_race") + "?" + alt("start_on") + r"?\s*(?:" + alt("start_det") + r"\s+){0,2}")
STINT_BREAK = re.compile(r"→|->|=>|" + "|".join(r"\b" + a + r"\b" for a in alternatives("stint_then")))
SUBRANGE_BEFORE = re.compile(r"\b" + alt("subrange_word") + r"\b[^;:\n]{0,40}$")
PACE_WORD = re.compile(r"\b" + alt("pace_word") + r"\b")
FOLLOWED_BY = re.compile(r"\b" + alt("followed_by") + r"\b")
AFTER_A_BEFORE = re.compile(r"\b" + alt("after_a") + r"\s+(?:" + alt("stint_noun") + r"\s+" + alt("of_out_of") + r"\s+)?$")
# "un stint de 27 vueltas", "a stint of 27 laps", "stint 1 de 26 voltas": the count is the stint's,
# not "lap 12 of 57 laps"
STINT_OF_BEFORE = re.compile(r"\b" + alt("stint_noun") + r"\s+(?:(?!(?:" + alt("race_noun") + r"|gp|grand|gran|grande)\b)[^\W\d][\w-]*,?\s+){0,5}?(?:#?\d{1,2}\s+)?" + alt("of_out_of")
                             + r"\s+$")  # (and "un stint muy largo de 33 vueltas", "stint de MEDIUM de 20 vueltas",
# "el primer stint de LAW con MEDIUM fue de 20 vueltas"; the words between hold no number, "15 of 20 laps", and
# no race: "um stint muito longo para um GP de 56 voltas")
# (the range may open its own bracket: "on his used Hards (laps 50-51)", "older MEDIUMS (laps 27-29)")
SUBRANGE_AGE_BEFORE = re.compile(r"\b" + alt("subrange_age") + r"\b[^;:\n()]{0,30}(?:\(\s*)?$")
# the range is the window of a comparison, named again further on: "PIA, on fresh SOFTs for laps 31-33, was
# faster than RUS on aged MEDIUMs over those same laps"
SAME_LAPS_AFTER = re.compile(r"[^;:\n]{0,90}?\b" + alt("same_laps") + r"\b")
SUBRANGE_CONTRAST = re.compile(r"[^;:\n.]{0,40}?\b" + alt("subrange_contrast") + r"\b")
SUBRANGE_AFTER = re.compile(r"\s*" + alt("subrange_of") + r"\s+" + alt("subrange_det") + r"?\s*(?:[\w-]+\s+){0,2}"
                            + alt("stint_noun") + r"\b")
# "de la vuelta 31", "da volta 3 à 7", "del giro 5": what follows a tyre word when it names a stint.
LAP_RANGE_AFTER = re.compile(r"\s+" + alt("lap_range_prep") + r"\s+" + alt("lap_range_det") + "?"
                             + alt("lap_word_any") + r"s?\s*\d")
# After a come-out verb and its tyre: "(new/fresh tyres) on lap N" with N > 1 -- an out-lap.
LATER_LAP_AFTER = re.compile(r"[^.;\n]{0,30}?\b" + alt("lap_word_any") + r"\s*(?:[2-9]|\d\d)\b")
TWO_WORDS = re.compile(r"[^\w]*([\w'-]+)[^\w]+([\w'-]+)")
TYRE_FOLLOW = word_set("tyre_follow")  # "hard to say" is no tyre, "from the hard to the soft" is
RAIN_TYRE_PREV = word_set("rain_tyre_prev")  # "neumáticos de lluvia" is a tyre, "condiciones de lluvia" none
UNKNOWN_PREV = word_set("unknown_prev")
COME_OUT = word_set("come_out")  # left the pits ("salió con HARD"), not the race start

# ---- results
RUNNING_CUE = re.compile(r"\b" + alt("running_cue") + r"\b|"
                         r"\bp\d{1,2}\s*(?:to|a|para|→|->|=>)\s*(?:p?\d{1,2}|\d{1,2}º)|\b[lv]\d{1,2}\s*:")
# "Posiciones, vuelta 15 — RIC: P18": a place dated by a lap just before it
LAP_JUST_BEFORE = re.compile(r"\b" + alt("lap_word_any") + r"\s*\**\s*\d{1,2}\b[^.;\n]{0,25}$")
FINISH_HEADER = re.compile(words("finish_header"))
FIN_GAP = re.compile(r"\s*(?:" + alt("fin_gap") + r"\s+)*")
BOLD_LINE = re.compile(r"[-*•\d.\s]*\*\*[^*\n]{1,80}\*\*:?")
KEY_LINE = re.compile(r"[\"']?[A-Za-z_]{2,20}[\"']?\s*:")
SEPARATOR = re.compile(r"[/,;|\n]")
# reference pattern; searched through checks.grid_before (GRID_BEFORE_A / _B)
GRID_BEFORE = re.compile(r"(?:" + alt("grid_word") + r"\W*(?:\w+\W+){0,2}|" + alt("positions_word")
                         + r"\s*:?\s*(?:[A-Z]{3}\s+)?)$")
GRID_BEFORE_A = re.compile(alt("grid_word") + r"\W*(?:\w+\W+){0,2}$")
GRID_BEFORE_B = re.compile(alt("positions_word") + r"\s*:?\s*(?:[A-Z]{3}\s+)?$")
WIN_NOUNS = word_set("win_noun")  # nouns are too often hypothetical ("fight for victory")
WIN_BARE = word_set("win_bare")
WINNER_AFTER = re.compile(r"\s*(?:[.,;:!)]|$|\n|" + words("win_after") + ")")
STOP_NOUNS = word_set("stop_noun")
ARTICLE_ONE = word_set("article_one")  # "una parada" is also "a stop"
ARTICLE_ONE_OK_BEFORE = re.compile(alt("article_one_ok_before") + r"\s+$")
ARTICLE_ONE_BAD_AFTER = re.compile(r"\s*[\"“”'‘’«»]?\s*" + alt("article_one_bad_after") + r"\b")  # (una parada “normal”)
STOP_DET_BEFORE = re.compile(alt("stop_det_before") + r"\s+$")
AFTER_STOP = re.compile(r"[\s-]*(?:" + alt("stop_lap_offset") + r"\s+)?" + alt("after_stop") + r"\b")
ONCE_TWICE = re.compile(r"\s*" + alt("only") + "?(" + words("times") + r")\b")
ONCE = {"once": 1, "twice": 2, "three times": 3, "una vez": 1, "dos veces": 2, "tres veces": 3, "uma vez": 1,
        "duas vezes": 2, "três vezes": 3}
ONCE_FIRST = frozenset("osatud")  # first letters of ONCE_TWICE's words ("only", "once", "solo", "apenas", ...)
ONCE_ANY = re.compile(r"\b" + alt("times_any") + r"\b")
DASH_LABEL = re.compile(r"\s[—–-]\s|\*\*")  # "Lap 12** — Pits": a label and its line, not "12 stops"
STOPS_COLON = re.compile(r"\s*:\s*(\d)\b")
SINGLE_AFTER = re.compile(r"\s*" + alt("single_after") + r"\b")
STOPCOUNT_GAP = re.compile(r"[\s-]*(?:" + alt("stopcount_gap") + r"[\s-]*)?")
# "two long stints on the HARD", "dois stints iniciais com médios": some of the stints, not their number
STINT_SUBSET_AFTER = re.compile(r"\s+" + alt("stint_subset_after") + r"\b")
STINT_STRATEGY_BEFORE = re.compile(r"\b" + alt("stint_strategy_before") + r"\s+$")

# ---- binding
POSTFIX = re.compile(r"\s*(?:\(\s*|" + "|".join(a + r"\s+" for a in alternatives("owner_prep")) + r"|\(\s*de\s+)")
VS_CONN = re.compile(r"[\s(),.]*(?:" + words("vs_word") + "|" + words("and") + r"|,|/)?[\s(),.]*"
                     r"(?:(?:pit\s+)?" + alt("lap_or_article") + r"\s+)?")
COMPARE_CONN = re.compile(r"\b" + alt("compare_word") + r"\b")
COMPARATIVE_OBJ = re.compile(r"(?:\bthan|" + alt("more_less") + r"\s+[\w-]+\s+" + alt("than_que") + r")\s+$")
RELATIVE_AFTER = re.compile(r"\s*,?\s*" + alt("relative_after") + r"\b")
OBJ_MARK = re.compile(alt("obj_mark") + r"\s+$")
POSS_AFTER = re.compile(r"'s?\b")
# A gerund of the subject's own stop between an object and the lap: the subject acts.
ACTOR_BETWEEN = re.compile(r"\b" + alt("actor_between") + r"\b")
# "N laps before SAI", "una vuelta antes que RIC": a driver named as the point of comparison.
RELATIVE_BEFORE = re.compile(r"\b" + alt("relative_before") + r"\s+$")
# "three laps before LEC (lap 21", "antes que LEC (vuelta 21": a compared driver, then his bracket
# a bracket that closed a stint of a list: it holds a lap range ("(laps 1-18, avg 84.2 s)")
BRACKET_RANGE_ITEM = re.compile(r"\d{1,2}\s*(?:[-–]|\s(?:" + words("range_to") + r")\s+(?:" + alt("range_article")
                                + r"\s+)?)\s*\d{1,2}\b")
RIVAL_BEFORE = re.compile(r"\b" + alt("rival_before") + r"\s+$")
RIVAL_BRACKET = re.compile(r"(?:['’]s)?\s*\(\s*")
EACH_TIME = re.compile(r"\b" + alt("each_time") + r"\b")
BARE_INTEGER = re.compile(r"(?<![\d.,])\d{1,2}(?![\d]|[.,]\d)")  # a lap or a count, not "75.20"
BRACKET_COMPARE = re.compile(r"\b(?:" + words("vs_num") + r")(?:\s|$)")
# the bracket opens with a lap: "(lap 21, HARD→MEDIUM", "(en la vuelta 21, de HARD a MEDIUM"
BRACKET_OPENS_WITH_LAP = re.compile(r"\(\s*(?:" + alt("verb_to_lap") + r"\s+)?(?:(?:the|la|a|o)\s+)?(?:"
                                    + alt("lap_word_any") + r"\s*|l)\d{1,2}\b[^()]{0,40}$")
VS_PAIR_BEFORE = re.compile(r"\b[A-Z]{3}\s+" + alt("vs_pair") + r"\s+[A-Z]{3}\s*[(|:—–-]?\s*$")
VS_NUM_AFTER = re.compile(r"\s*(?:" + words("vs_num") + r"|/)\s*\d")
PAREN_ONLY = re.compile(r"\s*\(\s*")
# ", on lap 17" right after a compared driver: the clause goes back to its subject
RESUME_AFTER = re.compile(r"[*_\s]*,\s*(?:" + alt("resume_prep") + r")?\s*(?:(?:the|la|el|a|o)\s+)?")
AND_ONLY = re.compile(r"[\s*_]*(?:" + words("and") + r"|,)[\s*_]*")  # "laps 20 and 52": a list, not "20 vs 52"
TEAM_DESC_BEFORE = re.compile(alt("team_desc_before") + r"\s+" + alt("team_desc_de") + r"\s+" + alt("team_desc_det")
                              + "?$")
TEAM_DESC_AFTER = re.compile(r"(?:'s)?\s+" + alt("team_desc_after") + r"\b")
DEMONYM_BEFORE = re.compile(alt("demonym_before") + r"\s+$")

# ---- battles and their outcome
QUESTION_ANSWER = re.compile(r"\s*[?:]\s*(?:[\"')\]]\s*)*(?P<a>" + words("question_answer") + r")\b")
# reference pattern; searched as QUESTION_BEFORE_F
QUESTION_BEFORE = re.compile(alt("question_word") + r"\s+(?:(?:" + words("question_obj") + r"|\w+)\s+){0,2}$")
QUESTION_BEFORE_F = re.compile(boundary_first(alternatives("question_word")) + r"\s+(?:(?:" + words("question_obj")
                               + r"|\w+)\s+){0,2}$")
HEDGE_BETWEEN = re.compile(r"\b" + alt("hedge_between") + r"\b")
_HEDGE_REST = (r"\b[^.;\n]{0,25}\b" + alt("hedge_say") + r"\b[^.;\n]{0,12}\b" + alt("hedge_that") + r"\b[^.;\n]*$")
# reference pattern; searched through checks.hedge_before (HEDGE_BEFORE_F)
HEDGE_BEFORE = re.compile(r"\b" + alt("hedge_neg") + _HEDGE_REST)
HEDGE_BEFORE_F = re.compile(boundary_first([r"\b" + a for a in alternatives("hedge_neg")]) + _HEDGE_REST)
CLAUSE_BREAK = re.compile(r"[,;:]|\b" + alt("but") + r"\b")
STRONG_BREAK = re.compile(r"[;:]|\b(?:" + words("but") + "|" + words("while") + r")\b")
FOLLOW_BREAK = re.compile(r"[;:]|\b" + alt("follow_break") + r"\b")
# reference pattern; searched as COORD_F
COORD = re.compile(r"\s" + alt("coord") + r"\s|;")
COORD_F = re.compile(r"[\s;](?:(?<=;)|" + alt("coord") + r"\s)")
NEG_LIGHT = re.compile(r"\s*(?:" + alt("neg_light") + r"\s+)*")
BATTLE_VERB = re.compile(r"\b" + alt("battle_verb") + r"\b")
NOUN_BEFORE = re.compile(r"\b" + alt("noun_det") + r"\s+(?:[\w-]+\s+){0,2}$")
BY_OF = re.compile(r"\s*" + alt("by_of") + r"\s+")
ON_DEF = re.compile(r"\s*(?:\(\w+\)\s*)?" + alt("on_def") + r"\s+")
SUCCESS_VERB = re.compile(r"\b" + alt("success_verb") + r"\b")
VERB_OBJ = re.compile(r"\s*(?:(?:[\w-]+\s+){0,3})?(?:" + words("on_def") + r"|de)\s+")
# "The undercut gave NOR the position over PIA", "El undercut le dio a NOR la posición sobre PIA": the
# move, then the driver who gained (between them) and the one behind (after "the position over")
GAVE_POSITION = re.compile(r"(?:[^.;:\n]{0,30}?\s)?" + alt("gave_position") + r"(?:\s+" + alt("gave_position_to") + r")?\s+")
POSITION_OVER = re.compile(r"\s+(?:" + alt("position_det") + r"\s+)?" + alt("position_noun") + r"\s+" + alt("position_over")
                           + r"\s+")
PASSIVE_BY = re.compile(r"\s*by\s+")
# The move named as a noun inside a prepositional phrase ("in the undercut", "no undercut",
# "durante el overcut"): the sentence's subject is not thereby its attacker.
PREP_BEFORE = re.compile(r"\b" + alt("prep_before") + r"\s+" + alt("prep_det") + "?$")
ADJ_OUTCOMES = word_set("adj_outcome")  # adjectives count only next to the move: "an effective undercut"
YES_WORDS = word_set("yes")

# ---- gains and gaps
# reference pattern; searched through checks.avg_before (AVG_BEFORE_F)
AVG_BEFORE = re.compile(alt("avg_word") + r"[^.\n]{0,14}$")
AVG_BEFORE_F = re.compile(boundary_first(alternatives("avg_word")) + r"[^.\n]{0,14}$")
FROM_TO_SECS = re.compile(r"\s*(?:\([^()]{0,40}\)\s*)?(?:" + alt("gap_side") + r"\s+)?(?:" + words("to_secs") + r"|→|->|-->|=>)\s*"
                          r"(?:(?:" + words("approx_secs") + r"|~|≈)\s*)*")
FROM_BEFORE_SECS = re.compile(alt("from_secs") + r"\s*$|(?:" + words("changed_secs") + r"|→|->)\s*(?:\w+\s+)?$")
WHEN_AFTER_TO = re.compile(alt("when_after_to") + r"\s+(?:\w+\s+){0,2}" + alt("to_when") + r"\s*$")
BY_AMOUNT = re.compile(r"\s*\)?\s*" + alt("by_amount") + r"\s+(?:(?:" + words("approx_by") + r"|~|≈)\s*)*")
BEHIND_AFTER = re.compile(r"\s*(?:\)\s*)?" + alt("behind_after") + r"\b")
REDUCE_BY = re.compile(r"\b" + alt("reduce_by") + r"\s+(?:(?:" + words("approx") + r"|~|≈)\s*)*$")
GAIN_STOP = re.compile(r"[.;\n]|\b" + alt("gain_stop") + r"\s+$")
GAIN_POSTFIX = re.compile(r"[\s-]*" + alt("gain_postfix") + "?")
# "in SAI's favour", "a favor de SAI", "a favor do SAI": whose gain it is (around the driver's name)
FAVOUR_BETWEEN = re.compile(r"[^.;\n]{0,30}?\b" + alt("favour_before") + r"\s+")
FAVOUR_AFTER = re.compile(alt("favour_after"))
NO_PAIR = "_no_pair"  # a record marker: this battle-scoped claim's pair is not to be guessed
PAIR_SLOTS = {"gain": ("attacker", "defender"), "battle_outcome": ("attacker", "defender"),
              "gap": ("driver_a", "driver_b")}
CODE = re.compile(r"\b[A-Z]{3}\b")
# a driver named right after "vs." / "versus" / "frente a" is compared with the subject, not the subject
VS_BEFORE = re.compile(r"(?:\b|(?<=\W))" + alt("vs_word") + r"\s*[(:]?\s*$")
# (searched over every answer: "\b" written as a look-behind after the first capital, so that ``re`` skips
# from capital to capital instead of trying the pattern at every character)
VS_PAIR = re.compile(r"([A-Z](?<!\w[A-Z])[A-Z]{2})\s+" + alt("vs_pair") + r"\s+([A-Z]{3})\b")

# ---- defenses
LABEL_AFTER = re.compile(r"\**\s*:")  # a heading word ("**Defense:**", "Defensa:"), not the verb of a clause
DEF_REST = re.compile(r"\s*(?:" + words("def_rest") + r"|\(\w+\)\s*" + alt("def_rest_paren") + ")")
DEF_LAPS = re.compile(r"[^.;\n]{0,40}?\b" + alt("def_laps_for") + r"\s+(?:" + alt("def_laps_about") + r"\s+)?"
                      r"(\d{1,2})\s+" + alt("laps_noun") + r"\b")
DEF_NEEDS_REST = word_set("def_needs_rest")  # "held HAM behind", "kept HAM behind", "mantuvo a HAM detrás"
PASS_EVENT = word_set("pass_event")
MATE_BETWEEN = re.compile(r"\s*(?:" + words("mate_between") + r"|,)?\s*\(?")

# ---- what no sentence rule reads as a fact
# A counterfactual states nothing that happened ("would have", "Had PIA reacted on lap 27").
COUNTERFACTUAL = gated(re.compile(words("counterfactual")))
# "the stops typically required when switching from soft to hard": a habit stated in the clause before a tyre
HABITUAL_WORD = gated(re.compile(r"\b" + alt("habitual") + r"\b"))  # (the answer-wide check, before the window)
HABITUAL_BEFORE = re.compile(r"\b" + alt("habitual") + r"\b[^,.;:()\n]{0,60}\b" + alt("habitual_when") +
                             r"\b[^,.;:()\n]{0,30}$")
# "Had PIA reacted on lap 27": case matters -- "HAD was not protecting a teammate" is Hadjar
HAD_DRIVER = gated(re.compile(r"\b[Hh]ad [A-Z]{3} (?:waited|stopped|pitted|stayed|reacted|gone|been)\b"))
# A tyre change while the race is suspended is not a pit stop (the context says so).
RED_FLAG = gated(re.compile(words("red_flag")))
# "which is not a pit stop", "no son paradas": a stop denied -- no stop, stop count or change from it.
NOT_A_STOP = gated(re.compile(words("not_a_stop")))

# ---- words around a token (tokenizer and checks)
# reference pattern; searched as PREV_WORD_RUN
PREV_WORD = re.compile(r"([\w'-]+)[^\w]*$")
# PREV_WORD's leftmost match always starts a [\w'-] run: on a slice, only run starts are tried
PREV_WORD_RUN = re.compile(r"(?<![\w'-])([\w'-]+)[^\w]*$")
NEXT_WORD = re.compile(r"[^\w]*([\w'-]+)")
# reference pattern; read by checks.per_before
PER_BEFORE = re.compile(r"(?:/|" + words("per_before") + r")\s*$")

# "more than 4 seconds", "menos de 1 s", "pelo menos 15 segundos": the number is a bound of the value
BOUND_MIN_BEFORE = re.compile(r"\b" + alt("bound_min") + r"\s*[~≈]?\s*$")
BOUND_MAX_BEFORE = re.compile(r"\b" + alt("bound_max") + r"\s*[~≈]?\s*$")
# a statement the answer takes back right after it: "(98.57s on MEDIUM is likely a typo in the stint labels"
RETRACTED_AFTER = re.compile(r"[^.;\n]{0,30}?\b" + alt("retraction") + r"\b")
RETRACTION_WORD = gated(re.compile(r"\b" + alt("retraction") + r"\b"))  # (the answer-wide check: cheap, no lead-in)
# a consequence between a tyre and a later change: the tyre is not said to be the one the change removed
CONSEQUENCE = re.compile(r"\b" + alt("consequence") + r"\b")
# a lap time between a stay word ("ran", "continued") and a lap: "HAM ran 92.4s on lap 20", "ran a 1:32.4 on lap
# 20": the lap of the time, not the end of a stint
LAP_TIME_BETWEEN = re.compile(r"\d[.,]\d|\d:\d\d")
