"""English vocabulary of the regex claim extractor (data only; see vocabulary/__init__.py)."""

from __future__ import annotations

# (kind, value, words separated by "|"), applied in order: a word listed under two kinds keeps the later one.
LEXICON: tuple[tuple[str, object, str], ...] = (
    ("LAPW", "sg", "lap|lap's"),
    ("LAPW", "pl", "laps"),
    ("PIT", None, "pit|pits|pitted|pitting|pitstop|pitstops|pit stop|pit stops|pit-stop|pit-stops|stop|stops|"
                  "stopped|stopping|boxed|boxing|box|boxes|came in|pitted in|stopper|in-lap|inlap"),
    ("NOPIT", None, "pit-timing|pit timing|pit window|pit-stop window|pit stop window|pit lane|pit-lane|"
                    "pit wall|pit loss|pit-loss"),
    ("STINTN", None, "stint|stints"),
    ("CHG", None, "switched|switch|switching|switches|changed|change|changing|changes|moved|moving|swapped|"
                  "swap|swapping|went|going|fitted|bolted on|put on|took on|converted|transitioned|transition"),
    ("START", None, "started|starting|start|starts|began|begin|beginning|opened|opening|started the race|"
                    "started out"),
    ("STAY", None, "stayed out|stayed|stay out|staying out|remained|remaining|ran|running|run|continued|still|"
                   "kept running|stretched"),
    ("NUMW", 0, "no|zero"),
    ("NUMW", 1, "one|single|a single"),
    ("NUMW", 2, "two"),
    ("NUMW", 3, "three"),
    ("NUMW", 4, "four"),
    ("NUMW", 5, "five"),
    ("NUMW", 6, "six"),
    ("NUMW", 7, "seven"),
    ("NUMW", 8, "eight"),
    ("NUMW", 9, "nine"),
    ("NUMW", 10, "ten"),
    ("ORD", 1, "first|1st|opening|initial"),
    ("ORD", 2, "second|2nd"),
    ("ORD", 3, "third|3rd"),
    ("ORD", 4, "fourth|4th"),
    ("ORD", 5, "fifth|5th"),
    ("ORD", 6, "sixth|6th"),
    ("ORD", 7, "seventh|7th"),
    ("ORD", 8, "eighth|8th"),
    ("ORD", 9, "ninth|9th"),
    ("ORD", 10, "tenth|10th"),
    ("ORD", 11, "eleventh|11th"),
    ("ORD", 12, "twelfth|12th"),
    ("ORD", 13, "thirteenth|13th"),
    ("ORD", 14, "fourteenth|14th"),
    ("ORD", 15, "fifteenth|15th"),
    ("ORD", 16, "sixteenth|16th"),
    ("ORD", 17, "seventeenth|17th"),
    ("ORD", 18, "eighteenth|18th"),
    ("ORD", 19, "nineteenth|19th"),
    ("ORD", 20, "twentieth|20th"),
    ("ORD", -1, "final|last|closing"),
    ("ORD", 0, "middle"),
    ("CMP", "SOFT", "soft|softs"),
    ("CMP", "MEDIUM", "medium|mediums"),
    ("CMP", "HARD", "hard|hards"),
    ("CMP", "INTERMEDIATE", "intermediate|intermediates|inter|inters"),
    ("CMP", "WET", "wet|wets|full wet|full wets|full-wet|full-wets|extreme wet|extreme wets"),
    ("CMP", "HYPERSOFT", "hypersoft|hypersofts|hyper-soft|hyper-softs"),
    ("CMP", "ULTRASOFT", "ultrasoft|ultrasofts|ultra-soft|ultra-softs"),
    ("CMP", "SUPERSOFT", "supersoft|supersofts|super-soft|super-softs"),
    ("CMP", "SUPERHARD", "superhard|superhards|super-hard|super-hards"),
    ("CMP", "UNKNOWN", "unknown"),
    ("BATTLE", "undercut", "undercut|undercuts|undercutting|undercutted|under-cut|under-cutting"),
    ("BATTLE", "overcut", "overcut|overcuts|overcutting|overcutted|over-cut|over-cutting"),
    ("OUTP", None, "worked|works|succeeded|succeeds|successful|successfully|paid off|pays off|effective|"
                   "effectively|was a success|a success|panned out|came off|did the job|delivered"),
    ("OUTN", None, "failed|fails|unsuccessful|backfired|ineffective|was a failure|a failure|fell short|"
                   "did not pay off|didn't pay off|did not work|didn't work|didnt work"),
    ("OUTB", None, "work|succeed|pay off|pan out|come off"),
    ("NEG", None, "not|never|no|didn't|didnt|did not|wasn't|was not|isn't|is not|doesn't|does not|couldn't|"
                  "could not|cannot|can't|neither|nor|without|unable to|failed to|opposite|contrary|"
                  "rather than|instead of"),
    ("GAIN", None, "gained|gain|gaining|gains|net gain|made up|making up|clawed back|recovered|time gained|"
                   "swing|net advantage|net swing|turnaround|net turnaround"),
    ("REDUCE", None, "reduced|reducing|closed|closing|cut|trimmed|narrowed|extended|increased|improved|shrunk|"
                     "shrank|decreased"),
    ("GAP", None, "gap|gaps|interval|margin|deficit|delta|difference|lead"),
    ("BEFORE", None, "before|pre-stop|pre-pit|prior|initially|pre-stops|starting gap|beforehand"),
    ("AFTER", None, "after|post-stop|post-pit|afterwards|post|post-stops|grew to|increased to|rose to|"
                    "dropped to|shrank to|fell to|ballooned to|widened to"),
    ("BEHIND", None, "behind|trailing|adrift"),
    ("AHEAD", None, "ahead|in front|clear of|leading"),
    ("FINISH", None, "finished|finish|finishing|finishes|crossed the line|classified|came home|ended|ending|"
                     "end the race|ended the race|result|secured|securing|took|taking|brought it home|home in"),
    ("PLACE", None, "place|position|spot"),
    ("WIN", None, "won|won the race|won the grand prix|won the gp|took the win|took victory|took the victory|"
                  "victory|winner|race winner|winning|wins the race|win the race"),
    ("RACE", None, "race|grand prix|gp"),
    ("DEF", None, "held off|held|holding|hold|kept|keeping|defended|defending|defence|defense|held up|at bay|"
                  "resisted|contained|fended off"),
    ("PASS", None, "passed|got past|get past|getting past|overtook|overtake|overtaking|got by|made the pass|"
                   "passing|pass|got through"),
    ("EVENT", None, "eventually|finally|ultimately|managed to"),
    ("TEAMMATE", None, "teammate|team-mate|team mate|teammates|team-mates"),
    ("PROTECT", None, "protect|protected|protecting|protects|shielded|shielding"),
    ("PURSUER", None, "pursuer|the chasing driver|chaser"),
    ("MOVE", None, "the move|the manoeuvre|the maneuver|the attacker"),
    ("PRON", None, "he|his|him"),
    ("BOTH", None, "both|both drivers|the two drivers|each"),
    ("AVG", None, "avg|average|averaged|averaging|mean|pace|deg|degradation|lap time|lap times|laptime|"
                  "laptimes|per-lap"),
    ("YES", None, "yes|partially|partly"),
    ("NONE", None, "none|any|no teammate"),
)

# Nationality words -> Ergast nationality ("the Spaniard" -> the one Spanish driver of the context).
DEMONYMS: dict[str, str] = {
    "British": "british|briton|brit", "Spanish": "spaniard", "Finnish": "finn|finnish", "Polish": "pole|polish",
    "German": "german", "French": "frenchman|french", "Mexican": "mexican", "Australian": "australian",
    "Dutch": "dutchman|dutch", "Monegasque": "monegasque", "Canadian": "canadian", "Italian": "italian",
    "Belgian": "belgian", "Danish": "dane|danish", "Russian": "russian", "Thai": "thai", "Japanese": "japanese",
    "Chinese": "chinese", "Brazilian": "brazilian", "American": "american", "New Zealander": "kiwi|new zealander",
    "Argentine": "argentine|argentinian", "Swiss": "swiss",
}

# Named alternatives of the window patterns and word sets (see vocabulary/__init__.py).
WINDOWS: dict[str, str] = {
    # "gained more than 4 seconds", "less than 1 s behind": a bound, not the value
    "stint_subset_after": "long|longer|short|shorter|initial|opening|early|late|final|middle|more",
    # "ran the SOFT until lap 71": the end of a stint, a stop only when a stay word governs it
    "until_before": "until|till|up until|up to|through",
    "resume_prep": "on|at|in",
    "until_finish": "finish|the end|chequered|checkered|the race|race distance",
    "start_noun": "start",
    "at_start": "at the start|for the start|from the start|off the line|on the grid",
    "not_a_place_ordinal": "initial|opening|early|final|last|middle",
    "out_of_pits": "of the pits|from the pits|of the pit lane|new|fresh|fresher",
    "bound_min": "more than|over|above|at least|upwards of|in excess of|north of|greater than",
    "bound_max": "less than|under|below|at most|no more than|fewer than|within",
    "unknown_compound": "unknown",
    "tyre_noun": "tyre|tyres|tire|tires|compound",
    "strategy_noun": "strategy|race|plan|approach",
    "gain_noun": "gain|net gain|swing|time gained|net swing|turnaround|net turnaround",
    # "a swing of 2.1 s in SAI's favour": the driver the gain went to
    "favour_before": r"in",
    "favour_after": r"['’]s\s+favou?r",
    "initial": "initial",
    "seconds_unit": "seconds?|secs?|s",
    "tens": "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety",
    "and": "and",
    "lap_noun": "lap",
    "per_lap_slash": "lap",
    "per_lap_phrase": r"per\s+lap|a\s+lap|each\s+lap",
    "range_to": "to|through|thru|until|till|all the way to|all the way through",
    "range_article": "the",
    "vs_word": r"vs\.?|versus|v\.|against|compared to|compared with",
    "lap_or_article": "lap|the",
    "compare_word": "vs|versus|v|against|compared to|compared with",
    "owner_prep": "for|of",
    "comparative_after": (
        "more|longer|earlier|later|extra|before|after|ahead|behind|early|late|sooner|apart|"
        "remaining|to go|left|of difference|in hand|less|fewer|shorter|extras?"),
    "count_det_before": "those|these|last|final|first|the|next|after|within|in|more|extra|another|further|additional",
    "stop_det_before": "the|both|these|those|their|his|its|all|after|before|first|last|final|early|late|opening|remaining",
    # no count: "a stop later", and a part of the race ("one-stop style opening phase", "one stop made
    # under SC/VSC", "a one-stop to the finish")
    "after_stop": "earlier|later|before|after|ahead|behind|apart|more|fewer|less|too many|extra|style|to the finish|to the end|made under|taken under|done under|under sc|under vsc|under the safety car",
    "stop_lap_offset": r"(?:a|one|two|three|\d{1,2})\s+laps?",  # "one stop a lap earlier": a stop dated against another
    "article_one_bad_after": "in|on|during|under|extra|final",
    "only": r"only\s+",
    "times": "once|twice|three times",
    "times_any": "once|twice|three times",
    "single_after": "only",
    "from_before_verb": "from|swapping|swapped|switching|switched|changing|changed",
    "tyre_det": "the|used|old|worn|tyres?|tires?|set",
    "compare_before": r"than|vs|versus|compar\w*",
    "change_noun": "tyres?|tires?|compound",
    "change_to": r"to|onto|into|for|and\s+then|then",
    "change_det": "the|new|fresh|tyres?|tires?|set|of",
    "chg_between": "on|in|at|the|lap|pit|back|again|later|then|first",
    "chg_to": "to|onto|into|for|on",
    "chg_det": "the|a|an|new|fresh|another|tyres?|tires?|set|of",
    "gerund_change": "switching|changing|moving|going|swapping",
    "gerund_from": "from",
    "gerund_det": "the",
    "from_only": "from",
    "from_only_break": "to|into|for|with|and|use|usage|set|sets|starting|started|wear|life",
    "from_only_det": "the|old|used|worn",
    # "another set of": the same tyre again; "a fresh set of SOFT" names only the tyre fitted
    "same_set_new": "another",
    "set_noun": "set",
    "of": "of",
    "chain_then": "then|later|and then",
    "chain_to": "to|onto",
    "chain_det": "the|tyres?",
    "pit_on": "on",
    "pit_on_det": "the",
    "on_cmp": r"\bon|\bwith",
    "on_cmp_det": "the|a|an|old|used|worn|new|fresh|aging|ageing|degrading|tyres?|tires?|set",
    # "RUS’s fresh Medium stint", "TSU’s aging Intermediates": the tyre the owner ran
    "tyre_age": "old|older|used|worn|new|newer|fresh|fresher|aging|ageing|degrading|brand-new",
    "in_stint": "in|during|for|on",
    "in_stint_det": "the",
    "start_race": r"the race\s+",
    "start_on": "on|with|using",
    "start_det": "the|tyres?|tires?",
    "stint_noun": "stint",
    "stint_start_verb": "began|begins|started|starts|start|commenced",
    "stint_start_prep": "on|at|in",
    # a range on a tyre qualified by its age, or set against another driver's, is some laps of a
    # stint, not its extent ("SAI on older MEDIUMs during laps 15-18", "laps 20-22 ... while STR stayed out")
    # "MEDIUM ..., followed by a 24-lap stint on the HARD": the tyre before belongs to another stint
    "followed_by": "followed by|succeeded by",
    # "switched SOFT to MEDIUM after a 12-lap stint": the stint that ended, on the tyre removed
    "after_a": "after an?|after his|after her|after the",
    # a time of a minute or more in a clause about pace is a lap time, never a gap ("his average
    # stint time went from 107.20s to 104.54s")
    "pace_word": "average|avg|mean|pace|lap ?times?|stint ?times?|speed|race time",
    "race_order_ordinal": "opening|initial|starting|final|last|closing",
    # change verbs that take the tyre as their object, with no "to": "fitted another set of HARDs"
    "fit_verb": "fitted|bolted on|put on|took on",
    "fit_det": "the|a|an|new|fresh|another|used|tyres?|tires?|set|sets|of|second|third",
    # a stop count named as one of the options ("faster than a one-stop", "a one-stop or two-stop plan",
    # "(e.g., two-stops)"): a kind of strategy, not the driver's count
    "stop_option_before": r"than an?|than|e\.g\.,?|such as|like|versus|vs\.?|or an?|or|either an?|a clean|a conventional|a typical|a standard",
    "stop_option_after": r"or",
    # a lap that is a deadline or a date of a state ("after both had pitted (by lap 19)", "(post-lap 21)"),
    # not the lap a stop was made on
    "deadline_before": r"by|post-?|as of",
    # a participle clause after a comma takes the sentence's subject ("STR pitted one lap before TSU,
    # attempting an undercut": STR attempted it)
    "attempt_gerund": "attempting|trying|going for|aiming for|looking for|seeking|executing|performing|completing",
    # a lap count that is a total of several stints ("two sets of Mediums (totaling 44 laps)")
    "total_before": "totaling|totalling|a total of|in total|combined|altogether|together",
    # a stint word and a tyre in two clauses ("faster over his second stint than the medium was",
    # "the first stint (97.41s) ..., indicating that the medium"): the tyre is not that stint's
    "stint_tyre_break": "than|compared|versus|vs|whereas|while|indicating|suggesting|showing|meaning|followed by|converted",
    "subrange_age": "older|old|aging|ageing|aged|degrading|degraded|worn|used|tired|ancient",
    "subrange_contrast": "while|whereas|part of|same laps|those laps",
    "same_laps": "same laps|those laps|those same laps",  # a range named again as the window of a comparison ("over those same laps")
    "overlap_conn": "before|until|till|while|whereas|as",  # "3 laps on new HARDs before OCO came in": the overlap of two stops
    "subrange_word": (
        "avg|average|averaged|mean|pace|still|continued|quickest|fastest|slowest|best|worst|faster|"
        "slower|quicker|deg|degradation|lap ?times?|between"),
    "subrange_of": "of|in|into|within",
    "subrange_det": "his|her|their|its|the|that",
    "stint_lap_tyre": "soft|medium|hard|intermediate|wet|softs|mediums|hards|inters",
    "stint_lap_noun": "tyres|tires|compound",
    "stint_lap_on": r"on\s+",
    "running_cue": (
        "before|after|ran|running|run|was in|went from|gone from|moved from|on track|at the time|"
        "respectively|stop cycle|pit cycle|pit window|once the|dropped|climbed|moved|on lap|during"),
    "finish_header": "final|finish|result",
    "fin_gap": "in|on|the",
    "win_after": "the race|in |at |with |from ",
    "stopcount_gap": "single|pit",
    "stint_strategy_before": "a|an",
    "grid_word": (
        r"grid|started|start from|qualif\w*|running|ran in|was in|before the stops?|after the stops?|"
        "from|up to"),
    "positions_word": "positions?",
    "race_noun": "race",
    "to_go_after": "to go|remaining|left",
    "event_after": "grand prix|gp",
    "race_of_noun": "race|distance|gp|prix",
    "race_of_prep": "of|over",
    "n_of_the": "of the|out of|of",
    "range_not_stint": "race|gp|grand prix|distance|race distance|total|lead|gap|advantage|margin|deficit|head start|"
                       "of track time|of track position|in hand",
    "out_of": "of|out of",
    "of_out_of": "of|out of",
    "laps_noun": "laps",
    "race_after": "race|grand prix|gp|distance|race distance",
    "race_before_verb": "over|ran|had|has|is|was|lasted|of|a",
    "before_after": "before|after",
    "stops_noun": r"pit\s*stops|stops|pit-stops|pits|them",
    "ref_det": r"the\s+|both\s+|the\s+two\s+",
    "ref_prep": r"on\s+|at\s+",
    "the_la_a_s": r"the\s+",
    "bare_after": "after|afterwards",
    "ref_phrase_before": "before",
    "ref_phrase_det": r"the\s+",
    "ref_phrase_stops": r"pit\s*stops|stops|pit-stops",
    "stops_near": (
        "going into|coming (?:up )?to|coming into|approaching|into|before|after|once (?:both|they|"
        "the two) (?:had )?(?:stopped|pitted)|once both had|near|around|once|when"),
    "stops_near_det": "the",
    "two_both": r"two\s+|both\s+",
    "stop_cycle": r"(?:stop|pit)\s+(?:cycle|window|phase|sequence)|stops|pit stops|pit-stops|pits",
    "verb_to_lap": "on|in|at|during",
    "owner_after": "for|of",
    "gap_seconds": "s|sec|secs|seconds",
    "range_end_lap": "lap|laps|l",
    "range_end_to": "to",
    "then": "then|afterwards",
    "lap_range_prep": "on|in",
    "lap_word_any": "lap",
    "wait": r"wait\w*",
    "relative_before": "before|after|earlier than|later than|than|ahead of",
    # a compared driver whose bracket holds his own stop: "three laps before LEC (lap 21, ...)"
    "rival_before": "before|after|earlier than|later than|than",
    "between": "between",
    "between_det": r"the\s+",
    "actor_between": "stopping|pitting|boxing|coming in|diving|staying out|finishing|and finish|and finished|to finish|ending up",
    "vs_pair": r"vs\.?|versus|x",
    "vs_num": r"vs\.?|versus|v\.|x",
    "question_answer": "yes|no|partially|partly",
    "question_word": r"\bwhether|\bif|\bdid\s+(?:it|the\s+\w+)|\bdoes\s+it|\bhow|\bwhy|\bpercentage",
    "question_obj": "it|the|this|that|undercut|overcut|move|strategy",
    "hedge_between": "that|whether|if|say|claim|conclude|prove|show|says|indicate",
    "coord": "and|while|then",
    "but": "but|however",
    "while": "while|whereas",
    "hedge_neg": "not|cannot|can't|never|no",
    "hedge_say": "say|claim|conclude|prove|know",
    "hedge_that": "that|whether|if",
    "retraction": "typo|labell?ing error|data error|mislabell?ed|error in the (?:data|labels?)",  # "98.57s on MEDIUM is likely a typo": the statement is taken back
    "consequence": "enabling|allowing|letting|which allowed|which enabled|that allowed",  # "the long Medium stint ..., enabling a final stop for Softs": not the tyre removed
    # what a wording beside a claim word means (senses.py; the cover-all answers, issue #43)
    "result_sense_conn": r"as an?|as|in terms of|in the sense of|in|to|for",
    "result_sense_noun": r"positions?|places?|track position|overtak\w*|pass|race[- ]winning|race[- ]deciding|decisive|finishing order|final result|final classification|classification",
    "result_sense_adj": r"race[- ]deciding|race[- ]winning|decisive|position[- ]gaining",
    "gain_sense": r"gap|time gain\w*|time gained|time advantage|(?:or|and|nor) time|time on|seconds|deficit|margin",
    "unknowable": r"impossible to (?:determine|tell|say|know|judge|assess|confirm|establish|conclude|verify)|not possible to (?:determine|tell|say|know|judge|assess|confirm|establish|conclude|verify)|(?:cannot|can't|could not) be (?:determined|told|said|known|judged|assessed|confirmed|established)|unclear (?:whether|if)|no (?:data|evidence|information|indication)\b[^.;\n]{0,30}\b(?:to|that) (?:indicates?|shows?|suggests?|supports?|confirms?)|nothing in the data (?:shows|indicates|suggests)",
    "plan_noun": r"strategy|strategies|tactic|tactics|plan|approach|gamble|call|decision|choice|stop|stint|\w+-stop|\w+-stopper",
    "stop_phase": r"(?:round|series|wave|cycle|phase|sequence|exchange)(?: \w+)? of (?:pit[- ]?)?stops|(?:pit[- ]?stop|pit|stop) (?:phase|sequence|exchange|cycle|window|round)|(?:during|through) the (?:\w+ )?(?:pit[- ]?)?stops",
    "via_stops": r"(?:via|through|in|during|at|on|across) the (?:pit[- ]?stop |pit |stop )?(?:sequence|stops|cycle|exchange|window|phase|pits)",
    "several_stops": r"(?:two|three|four|both|2|3|4)\s+(?:\w+\s+){0,2}?(?:pit\s+)?stops",
    "net_word": r"effectively|in effect|net|amount\w* to|equivalent to|in net terms",
    "plan_cue": r"planned|plan|intended|originally|initially|on course for|on track for|set for|heading for|would have been|was to be",
    "plan_overtaken": r"(?:before|until) the (?:sc|vsc|safety car|virtual safety car|red flag)\b",
    "generic_wet_other": r"dry|slick|slicks",
    "wet_conn": r"to|or|and|/|-",
    "neg_light": (
        "have|has|had|really|actually|made|make|did|do|does|executed|execute|performed|managed to|was|"
        r"is|were|been|be|an|a|the|success\w*|tried|attempted|complete\w*|pulled|off|get|got|achieve\w*|"
        "truly|exactly|with|via|in|genuine|real|clean|clear|classic|pure|true|proper"),
    "battle_verb": (
        "made|makes|make|did|does|executed|executes|performed|performs|attempted|attempts|tried|"
        "tries|pulled|completed|went for|applied|achieved|got|gets|pulls|landed|nailed|secured|"
        "executing|attempting|trying|making|doing|launched|mounted|completing"),
    "noun_det": "the|an|a|his|this|that|for an|for the|of",
    "by_of": "by|of|from|executed by",
    "on_def": "on|over|against|to|in relation to",
    # "the undercut gave NOR the position over PIA": the move named, then who gained on whom
    "gave_position": "gave|giving|gives|gained|gaining|gains|won|winning|earned|earning|handed|got|getting",
    "gave_position_to": "to",
    "position_det": "the|track|the track",
    "position_noun": "position|place|spot",
    "position_over": "over|on|ahead of",
    "success_verb": "pulled off|achieved|nailed|landed|completed|executed successfully|successfully",
    "prep_before": "in|into|during|at|through|with|from|via|after",
    "prep_det": r"the\s+|that\s+|this\s+",
    "relative_after": "who|which",
    "obj_mark": r"\bover|\bon|\bagainst|\bto",
    "elided_after": "lap",
    "from_lap_before": r"\bfrom|\bsince|\bstarting|\bstart of",
    # a verb that puts a driver on a tyre ("ran the HARD from lap 22")
    # a change repeated over several laps: no one lap is its own ("laps 2, 3 and 4, each time switching to")
    "each_time": "each time|every time|on each occasion",
    "stint_run_verb": "ran|run|running|used|using|was on|were on|stayed on|remained on|continued on|went on|kept|fitted|put on",
    "to_secs": "to",
    "approx_secs": "over|under|about|around|roughly|approximately|almost|nearly|just",
    "from_secs": "from|between",
    "changed_secs": "went|changed|moved|swung",
    "when_after_to": "grew|increased|rose|dropped|shrank|fell|ballooned|widened|extended|reduced|went|changed",
    "to_when": "to",
    "by_amount": "by",
    "approx_by": "about|around|roughly|approximately|almost|nearly|just|some",
    "behind_after": "behind|back|adrift|ahead|in front|clear",
    "approx": "about|around|roughly|approximately|almost|nearly|over|just over|more than|some|of|by",
    "reduce_by": "by",
    "gain_stop": "to",
    # "from 2.302s behind to 0.794s behind": the side a gap is on, between its two values
    "gap_side": "behind|ahead|in front|clear",
    "gain_postfix": r"net\s+",
    "def_rest": "behind|at bay|back|off",
    "def_rest_paren": "behind",
    "def_laps_for": "for|during|over",
    "def_laps_about": "about|around|some",
    "team_desc_after": "driver|man|racer",
    "demonym_before": "the",
    # "the stops typically required when switching from soft to hard": what usually happens, not what did
    "habitual": "typically|usually|normally|generally|commonly|often",
    "habitual_when": "when|whenever|if",
    "counterfactual": (
        r"\bwould have\b|\bwould've\b|\bwould not have\b|\bhad (?:he|she|they|it) (?:waited|"
        r"stopped|pitted|stayed|reacted|gone|been|not)|\bhad the (?:undercut|overcut)|"
        r"\bwithout the \d"),
    "red_flag": "red[- ]flag|suspend|suspens",
    "not_a_stop": "not a (?:pit ?)?stop|are not (?:pit )?stops|aren't (?:pit )?stops",
    "stop_noun": "stop|stops|stopper|pit stop|pit stops|pitstop|pitstops|pit-stop|pit-stops|pit|pits",
    "adj_outcome": "effective|effectively|delivered|a success|successfully|successful",
    "yes": "yes|partially|partly",
    "win_noun": "victory|winner|race winner|winning",
    "win_bare": "won",
    "def_needs_rest": "held|kept|keeping|holding|hold",
    "unknown_prev": "the|an|on",
    "tyre_follow": (
        "the|a|an|soft|softs|medium|mediums|hards|inter|inters|intermediate|intermediates|wet|wets|"
        "new|fresh|full|another"),
    "from_only_end": "from|the|old|used|worn",
    "per_before": r"\bper|\beach",
    "stint_then": "then",
    "follow_break": "while|whereas|but",
    "avg_word": r"avg|average|averag|\bmean\b|\bpace|\bdeg\b|degrad|lap ?times?|faster|slower|quicker",
    "abbreviation": r"vs|v|approx|e\.g|i\.e|ex|no|st|avg|min|max|cf|fig|resp|num",
}
