"""Positions around the stops (stops under a neutralisation: ``neutralisations.py``).

* ``relative_position``: "TSU was behind SAI before the stops", "ANT emerged ahead of LAW", "(HAD por
  delante) tras las paradas", "BEA finished behind GAS" (``when`` "final"), "he moved from behind COL
  to ahead of COL", "extended HUL's lead over STR" (ahead before and after), "amplió su ventaja sobre
  HAM". The driver is the subject before the order word; the rival the driver named after it, else
  the other driver of the answer's pair. A clause that says neither when (before/after the stops,
  emerged, finished) nor whose order gives nothing; a negated one ("was not ahead") nothing either.
* ``position_change``: "gained a position over SAI", "the earlier stop gained BEA a position over
  SAI", "did not gain track position" (``denied``), "perdió la posición", "não perdeu a posição",
  "não o ultrapassou" (a pass named beside a stop or the move, in an answer about a pit battle).
  A failed outcome in the sense of a place ("the undercut did not work to gain a position") is read
  so by ``battles.outcome`` (``position_sense``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from f1bench_pipeline.domains.f1.extract.binding import other_of_pair, span_start
from f1bench_pipeline.domains.f1.extract.carry_subject import carried_subject
from f1bench_pipeline.domains.f1.extract.lap_difference import CLAUSE_BREAK, object_before
from f1bench_pipeline.domains.f1.extract.order_subjects import caused_pass, emerged_from, final_cue, other_subject
from f1bench_pipeline.domains.f1.extract.tokens import (AFTER, AHEAD, BATTLE, BEFORE, BEHIND, DRIVER, FAILED,
                                                     NEGATION, PASS, PIT, PLACE, Token)
from f1bench_pipeline.domains.f1.extract.vocabulary.race import race_words

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence

ORDER_REACH = 60  # characters from the subject to the order word, and from it to a when-cue
NEGATION_REACH = 40  # characters from a negation or hedge to the subject it governs ("did not result in BOR ...")
# a yes/no verdict after the item, or a checklist mark before it ("- [ ] HAM ahead after the stops", "☐ ...")
_VERDICT_AFTER = re.compile(r"[^\n.;:?|=→—–(]{0,60}(?:[`*_\"']*\s*(?:[:?|=→—–]|->)[\s`*_\"']*|\(\s*|\s*(?=[✗✘❌✓✔✅]))"
                            r"(?P<v>no|não|nao|false|falso|yes|sí|si|sim|true|verdadero|verdadeiro|[✗✘❌☐✓✔✅☑])(?![\w])",
                            re.IGNORECASE)
_NO_WORDS = frozenset({"no", "não", "nao", "false", "falso", "✗", "✘", "❌", "☐"})
_UNCHECKED = re.compile(r"[ \t>|]*(?:[-*+]|\d+[.)])?[ \t]*(?:\[ \]|☐)")
# A cross at the head of an item marks it false in a checklist of the context's wording, but a bad
# outcome before a statement ("- ❌ RUS stayed behind ALO after the stops, so the overcut failed"):
# the two readings give opposite orders, so such an item gives no order (precision first).
_CROSSED = re.compile(r"[ \t>|]*(?:[-*+]|\d+[.)])?[ \t]*[✗✘❌]")
# a verdict opened by a parenthesis is one only when it closes it: "(no)", not PT "(no contexto: ...)"
_PAREN_OPEN = re.compile(r"\(\s*$")
_PAREN_CLOSE = re.compile(r"\s*\)")
# an unchecked box marks its item, up to the item's first break; a statement after the break
# ("- [ ] GAS ahead after the stops — GAS stayed behind TSU") asserts its own order
_ITEM_BREAK = re.compile(r"[—–;:]|\s-\s|\.\s")
# a sign's legend, no statement: "(negative = VER behind)", "(negativo = MAG atrás)"
LEGEND_BEFORE = re.compile(r"\b(?:negative|positive|negativo|positivo|negativa|positiva|sign|signo|sinal)\s*"
                           r"(?:=|:|means|significa|quiere decir|quer dizer)[\s*_]*$")
_COMPARATIVE_BEFORE = re.compile(r"\b(?:farther|further|more|less|even|más|mais|menos|aún|ainda)\s+(?:\*+)?$")
_NOUN_BEFORE = re.compile(r"\b(?:car|cars|driver|drivers|rival|man|runner|coche|piloto|carro|auto|rival)\s+(?:\*+)?$")
_ORDER_WORDS = frozenset({"ahead", "in front", "clear of", "behind", "delante", "por delante", "detrás", "por detrás",
                          "detras", "atrás", "atras", "à frente", "a frente", "na frente"})
# a pass written as a noun or gerund ("resulted in overtaking", "ultrapassagem"): no one's pass asserted
_PASS_NOUN = ("ing", "agem", "miento", "mento")
_RIVAL_OF = re.compile(r"\s*(?:(?:of|de|do|da|a)\s+)?")
_BEFORE_CUE = re.compile(r"\b(?:" + race_words("when_before") + r")")
_AFTER_CUE = re.compile(r"\b(?:" + race_words("when_after") + r")")
_EMERGE_BEFORE = re.compile(r"\b(?:" + race_words("emerge") + r")\s+(?:\S+\s+){0,2}$")
_FINISH_BEFORE = re.compile(r"\b(?:" + race_words("finish") + r")\s+(?:\S+\s+){0,2}$")
# "OCO remained ahead", "(PIA ainda atrás)", "COL siguió por delante": with no cue of its own, an order that held
# on is the battle's after the stops (what it says held is not asserted of before them: no claim of that)
_CONTINUED_BEFORE = re.compile(r"\b(?:" + race_words("continued") + r")\s+(?:\S+\s+){0,1}$")
_CONTINUED_STEMS = ("remain", "stay", "still", "continu", "maintain", "sigu", "segu", "perman", "mant", "todav", "aún",
                    "aun", "ainda")
_STRETCH = re.compile(r"\b(?:" + race_words("stretch") + r")\b")
# "went from (being) 1.91s behind STR before the stops to 0.87s ahead of STR" ("from ANT being ... to ANT being ..."): the from-side is before the
# stops, the to-side after ("pasó de estar 1.9 s detrás a 0.9 s por delante", "passou de 1,9 s atrás para ...")
# a gap, signed as the context prints it ("to +1.2s ahead": the to-side of a change, after the stops)
_GAP_SIZE = (r"(?:(?:[a-z]{3}\s+)?being\s+|estar\s+)?(?:\**\s*(?:~|about\s+|around\s+|roughly\s+|some\s+|unos\s+|unas\s+|cerca\s+de\s+|"
             r"casi\s+|aproximadamente\s+|uns\s+|umas\s+|quase\s+)?~?\s*[+\-−]?[\d.,]+\s*(?:s|secs?|seconds?|segundos?)\b\**\s+)?")
_FROM_BEFORE = re.compile(r"\b(?:from|de|desde)\s+" + _GAP_SIZE + "$")
_TO_SIDE = re.compile(r"\b(?:to|a|para)\s+" + _GAP_SIZE + "$")
_TO_BEFORE = re.compile(r"\b(?:from|de|desde)\s+(?:behind|detrás|atrás)\s+\S+\s+(?:to|a|para)\s+$")
_LEAD = re.compile(r"\b(?:" + race_words("lead_kept") + r")\s+(?:(?P<own>[a-z]{3})(?:'s|’s)\s+|his\s+|her\s+|su\s+|sua\s+|"
                   r"seu\s+|la\s+|a\s+)(?:" + race_words("lead_noun") + r")\b(?:\s+(?:over|on|sobre|a)\s+(?P<rival>[a-z]{3})\b)?")
_POSITION = re.compile(r"\b(?:(?P<gain>" + race_words("gain_pos") + r")|(?P<lose>" + race_words("lose_pos") + r"))\s+"
                       r"(?:(?P<ben>[a-z]{3})\s+)?(?:" + race_words("position_noun") + r")\b(?:\s+(?:on|over|to|from|a|"
                       r"sobre|para|de|em relação a)\s+(?P<rival>[a-z]{3})\b)?")
DENY_BEFORE = re.compile(r"\b(?:" + race_words("deny") + r")\s+(?:\S+\s+)?$")
# finite forms: a gain or pass stated as happened (a base form counts only denied: "did not gain")
_FINITE = frozenset({"gained", "lost", "ganó", "gano", "perdió", "perdio", "ganhou", "perdeu", "overtook", "passed",
                     "took", "le quitó", "le arrebató", "tomou",
                     "got past", "got by", "made the pass", "adelantó", "superó", "rebasó", "ultrapassou", "superou",
                     "passou à frente"})
_STOP_OR_MOVE = frozenset({PIT, BATTLE})
_HEDGE = re.compile(r"\b(?:may|might|could|would|likely|probably|possibly|perhaps|presumably|apparently|suggests?|"
                    r"implies|expect\w*|if|podría|podria|quizás|quizá|probablemente|posiblemente|presumiblemente|si|"
                    r"poderia|provavelmente|possivelmente|presumivelmente|talvez|caso)\b")
_HEDGE_STEMS = ("may", "might", "could", "would", "likely", "probabl", "possibl", "perhaps", "presum", "apparent",
                "suggest", "impl", "expect", "if", "podr", "quiz", "posibl", "si", "poderia", "provavel", "possivel",
                "talvez", "caso")  # (what every _HEDGE match holds: a cheap test first)
# a negated report or evidence verb: "the data does not show that it gained", "no muestran que", "não mostram
# que": what follows is what the data do not show, not what happened
_EVIDENCE_AFTER_NEG = re.compile(r"[\s*]*(?:(?:clearly|really|claramente|realmente)\s+)?(?:"
                                 + race_words("evidence") + r")\b")
# "succeeded in gaining", "managed to gain", "consiguió ganar": a base form stated as happened
_SUCCEEDED_BEFORE = re.compile(r"\b(?:succeeded in|managed to|was able to|consiguió|logró|conseguiu)\s+$")
_NOT_ONLY = re.compile(r"\s+(?:only|just|solo|sólo|só|apenas|somente)\b")  # "not only passed": no negation
_LATER_AFTER = re.compile(r"[^.;\n]{0,40}\b(?:later|eventually|at the finish|más tarde|mais tarde|al final|no final)\b")
# "was later re-overtaken", "más tarde perdió la posición": a change after the stops' (in the race's later
# laps, which the context does not hold), not the one through them ("depois"/"después" are left out: "depois
# das paradas" is through them)
_LATER_BEFORE = re.compile(r"\b(?:later|eventually|subsequently|más tarde|mas tarde|posteriormente|mais tarde)\b"
                           r"[^.;\n]{0,30}$")
_DETERMINER_BEFORE = re.compile(r"\b(?:this|that|the|a|esta|esa|la|essa|uma|una)\s+$")
_OR_TIME_AFTER = re.compile(r"\s*(?:/|or\b|o\b|ou\b)\s*(?:time|gap|tiempo|tempo|diferencia|diferença)")
_VIA_STOPS_AFTER = re.compile(r"[^.;,\n]{0,40}?\b(?:via|through|in|during|thanks to|with|by|at|en|con|durante|gracias a|"
                              r"na|no|nas|nos|com|graças a)\b[^.;,\n]{0,24}?\b(?:pit|stops?|undercut|overcut|"
                              r"paradas?|boxes|trocas?)")
# cue words one of which a sentence must hold for these claims (bounded substring tests before any regex)
_LEAD_CUE = ("lead", "ventaj", "vantag")
_GAIN_STEMS = ("gain", "lost", "los", "gan", "perd", "took", "quitó", "arrebat", "tomou")
_FINISH_STEMS = ("finish", "crossed", "came home", "ended", "termin", "acab", "finaliz", "cruz", "classifi", "clasific")
_EMERGE_STEMS = ("emerg", "came out", "rejoin", "exit", "came back", "sali", "volv", "qued", "saiu", "voltou", "ficou",
                 "pasó a", "paso a", "passou a")


def within(low: str, s: int, e: int, stems: tuple[str, ...]) -> bool:
    """One of ``stems`` in ``low[s:e]`` (substring tests on one slice: much cheaper than a regex)."""
    return any(map(low[s:e].__contains__, stems))


def _driver_at(sent: Sentence, at: int) -> Token | None:
    for t in sent.tokens:
        if t.start >= at:
            return t if t.kind is DRIVER and t.start == at and t.tag != "pron" else None
    return None


def _subject_before(doc: Document, sent: Sentence, s: int) -> Token | None:
    """The last driver before ``s`` in its clause and on its line, at most ``ORDER_REACH`` characters back; None when
    a negation or hedge stands before it in the clause ("No data suggests OCO overtook BOR") or it
    follows a preposition ("ganó tiempo respecto a SAI y salió por delante": not SAI)."""
    last = sent.last_driver_before(s)
    low = doc.low
    if last is None or s - last.end > ORDER_REACH or CLAUSE_BREAK.search(low, last.end, s) or \
            low.find("\n", last.end, s) >= 0 or \
            object_before(low, last):
        return None
    lo = max(sent.start, last.start - NEGATION_REACH)
    if any(x.kind is NEGATION and lo <= x.start < last.start and not CLAUSE_BREAK.search(low, x.end, last.start)
           for x in sent.tokens):
        return None
    if last.is_object and s - last.end > 2:  # ("(GAS ahead)": right before the order word, its subject)
        return None  # the object of another verb: the order word's subject is not named here
    return last


def _when(doc: Document, sent: Sentence, subj: Token, t: Token, lo: int, hi: int, from_side: bool) -> str | None:
    """When the order word ``t`` holds: at the finish, after (emerged, "to ahead"), before ("from
    behind"), else the one when-cue after it up to ``hi`` (the next order word), else the last one
    before it from ``lo``."""
    low = doc.low
    w30 = max(lo, t.start - 30)
    if within(low, w30, t.start, _FINISH_STEMS) and _FINISH_BEFORE.search(low, w30, t.start):
        return "final"
    brk = CLAUSE_BREAK.search(low, t.end, min(hi, t.end + ORDER_REACH))  # (not the next clause's cue)
    end = brk.start() if brk else min(hi, t.end + ORDER_REACH)
    if final_cue(low, max(lo, t.start - ORDER_REACH), t.start, end):  # "ahead of GAS in the final classification"
        stops = _BEFORE_CUE.search(low, max(lo, t.start - ORDER_REACH), end) or \
            _AFTER_CUE.search(low, max(lo, t.start - ORDER_REACH), end)
        return None if stops else "final"  # (the stops named too: which?)
    if within(low, w30, t.start, _EMERGE_STEMS) and _EMERGE_BEFORE.search(low, w30, t.start) or \
            _TO_BEFORE.search(low, max(lo, t.start - 40), t.start) or emerged_from(low, lo, t.start):
        return "after"  # (emerged, "to ahead", "emerged from the pit sequence behind")
    if from_side and _TO_SIDE.search(low, max(lo, t.start - 40), t.start):
        return "after"  # the to-side of "from ... behind ... to ... ahead" ("a cerca de 2,3 s": not a from-side)
    if _FROM_BEFORE.search(low, max(lo, t.start - 40), t.start):
        return "before"
    # "TSU was initially behind", "TSU, after the stops, was ahead": a when-word between the subject and it
    between = {"before" if x.kind is BEFORE else "after" for x in sent.tokens
               if (x.kind is BEFORE or x.kind is AFTER) and subj.start >= lo and subj.end <= x.start < t.start}
    if between:
        return between.pop() if len(between) == 1 else None
    after = {w for w, p in (("before", _BEFORE_CUE), ("after", _AFTER_CUE))
             if p.search(low, t.end, brk.start() if brk else min(hi, t.end + ORDER_REACH))}
    before = [(m.start(), w) for w, p in (("before", _BEFORE_CUE), ("after", _AFTER_CUE))
              for m in p.finditer(low, max(lo, t.start - ORDER_REACH), t.start)]
    if after:
        return after.pop() if len(after) == 1 else None
    if before:
        return max(before)[1]
    if within(low, w30, t.start, _CONTINUED_STEMS) and _CONTINUED_BEFORE.search(low, w30, t.start):
        end = brk.start() if brk else min(sent.end, t.end + ORDER_REACH)
        if not _STRETCH.search(low, max(sent.start, subj.start - ORDER_REACH), end):
            return "after"
    return None


def positions(doc: Document, sent: Sentence) -> None:
    """relative_position from "ahead of"/"behind"."""
    low = doc.low
    toks = sent.tokens
    marks = [i for i, t in enumerate(toks) if (t.kind is AHEAD or t.kind is BEHIND) and t.word in _ORDER_WORDS]
    prev: tuple[Token, Token | None] | None = None  # the previous order word's subject and named rival
    from_side = False  # the previous order word was the from-side of "went from ... to ..."
    for n, i in enumerate(marks):
        t = toks[i]
        subj = _subject_before(doc, sent, t.start) or other_subject(doc, sent, t.start, object_before, CLAUSE_BREAK,
                                                                     ORDER_REACH)
        last = next((x for x in reversed(toks[:i]) if x.kind is DRIVER), None)
        again = prev is not None and prev[1] is not None and last is prev[1] and (subj is None or subj is last)
        if again and prev is not None:
            subj = prev[0]  # "TSU was behind SAI before the stops and ahead of him after": TSU again
        if subj is None or any((x.kind is NEGATION or x.kind is FAILED) and subj.end <= x.start < t.start for x in toks) or \
                within(low, max(sent.start, subj.start - ORDER_REACH), subj.start, _HEDGE_STEMS) and \
                _HEDGE.search(low, max(sent.start, subj.start - ORDER_REACH), subj.start) is not None or \
                _COMPARATIVE_BEFORE.search(low, max(0, t.start - 16), t.start) or \
                LEGEND_BEFORE.search(low, max(0, subj.start - 30), subj.start) or \
                _NOUN_BEFORE.search(low, max(0, t.start - 24), t.start):
            prev = None
            continue  # "was not ahead", "7 s farther behind ALB" (a change of the gap), "the car ahead" (a noun's)
        m = _RIVAL_OF.match(low, t.end)
        rival_tok = _driver_at(sent, m.end() if m else t.end)
        if rival_tok is None and again and prev is not None:
            rival_tok = prev[1]  # "went from being 1.6 s behind ALB to being 5.7 s ahead": of ALB
        prev = (subj, rival_tok)
        rival = rival_tok.value if rival_tok is not None else other_of_pair(doc, subj.value)
        if rival is None or rival == subj.value:
            continue
        lo = toks[marks[n - 1]].end if n else sent.start
        hi = toks[marks[n + 1]].start if n + 1 < len(marks) else sent.end
        when = _when(doc, sent, subj, t, lo, hi, from_side)
        from_side = _FROM_BEFORE.search(low, max(lo, t.start - 40), t.start) is not None
        if when is None:
            continue
        # "HAM ahead after the stops: no" (the context's own wording), "| ... | no |", "- [ ] HAM ahead after ..."
        # (read in the original text: ``low`` blanks table pipes)
        verdict = _VERDICT_AFTER.match(doc.text, t.end)
        if verdict is not None and _PAREN_OPEN.search(doc.text, t.end, verdict.start("v")) and \
                not _PAREN_CLOSE.match(doc.text, verdict.end("v")):
            verdict = None
        line = low.rfind("\n", 0, t.start) + 1
        if _CROSSED.match(doc.text, line):
            continue
        unchecked = _UNCHECKED.match(doc.text, line) is not None and \
            _ITEM_BREAK.search(doc.text, line, t.start) is None
        ahead = (t.kind is AHEAD) != ((verdict is not None and verdict.group("v") in _NO_WORDS) != unchecked)
        doc.add("relative_position", {"driver_a": subj.value, "driver_b": rival, "when": when, "ahead": ahead}, span_start(sent, subj.value, t.start),
                max(t.end, rival_tok.end if rival_tok is not None else 0, verdict.end() if verdict else 0))


def leads(doc: Document, sent: Sentence) -> None:
    """"extended HUL's lead over STR", "HAD increased his lead", "amplió su ventaja sobre HAM": the
    driver was ahead before the stops and after them."""
    low = doc.low
    cues = doc.__dict__.setdefault("_race_cues", {})  # (the answer-wide test once per answer: three stems)
    if cues.get("lead") is None:
        cues["lead"] = within(low, 0, len(low), _LEAD_CUE)
    if not cues["lead"] or not within(low, sent.start, sent.end, _LEAD_CUE):
        return
    for m in _LEAD.finditer(low, sent.start, sent.end):
        own = _driver_at(sent, m.start("own")) if m.group("own") else _subject_before(doc, sent, m.start())
        # "HAM não perdeu posição para TSU; na verdade, ele aumentou sua vantagem": the subject carried over
        code = own.value if own is not None else None if m.group("own") else carried_subject(doc, sent, m.start())
        if code is None or own is not None and m.group("own") is None and own.is_object:
            continue
        if DENY_BEFORE.search(low, max(sent.start, m.start() - 16), m.start()):
            continue
        r = _driver_at(sent, m.start("rival")) if m.group("rival") else None
        rival = r.value if r is not None else other_of_pair(doc, code)
        if rival is None or rival == code:
            continue
        for when in ("before", "after"):
            doc.add("relative_position", {"driver_a": code, "driver_b": rival, "when": when, "ahead": True},
                    min(m.start(), own.start if own is not None else m.start()), m.end())


def _denied(doc: Document, sent: Sentence, s: int) -> bool:
    """A negation in the clause before ``s``, at most ``NEGATION_REACH`` characters back ("did not
    succeed in gaining", "não o ultrapassou", "no ganó")."""
    lo = max(sent.start, s - NEGATION_REACH)
    return any(x.kind is NEGATION and lo <= x.start < s and not CLAUSE_BREAK.search(doc.low, x.end, s) and
               not _NOT_ONLY.match(doc.low, x.end) for x in sent.tokens)


def hedged(doc: Document, sent: Sentence, s: int) -> bool:
    """A hedge or condition before ``s`` in the sentence ("may have", "likely", "if", "we would expect"),
    or a negation of another verb before the driver ("the data does not say that ANT passed RUS", "did
    not result in BOR overtaking OCO") or of a report of the data ("the data does not show that it
    succeeded"): nothing asserted of the pass or gain itself."""
    if within(doc.low, sent.start, s, _HEDGE_STEMS) and _HEDGE.search(doc.low, sent.start, s) is not None:
        return True
    toks = sent.tokens
    neg = next((x for x in reversed(toks) if x.kind is NEGATION and x.start < s and not _NOT_ONLY.match(doc.low, x.end)),
               None)  # the last one before s
    if neg is not None and _EVIDENCE_AFTER_NEG.match(doc.low, neg.end):
        return True  # "the provided data does not show that it succeeded in gaining track position"
    return neg is not None and s - neg.start <= 2 * NEGATION_REACH and \
        any(d.kind is DRIVER and d.tag != "pron" and neg.end <= d.start < s for d in toks)


def changes(doc: Document, sent: Sentence) -> None:
    """position_change from "gained/lost a position" and a pass beside a stop or the move."""
    low = doc.low
    scan = PLACE in sent.kind_set and within(low, sent.start, sent.end, _GAIN_STEMS)
    for m in _POSITION.finditer(low, sent.start, sent.end) if scan else ():
        verb = (m.group("gain") or m.group("lose") or "").strip()
        denied = _denied(doc, sent, m.start())
        stated = verb in _FINITE or _SUCCEEDED_BEFORE.search(low, max(sent.start, m.start() - 24), m.start())
        if not stated and not denied or hedged(doc, sent, m.start()):
            continue  # "in an effort to gain track position", "allowed him to gain": a purpose, not a result
        if _LATER_BEFORE.search(low, max(sent.start, m.start() - 40), m.start()) or _LATER_AFTER.match(low, m.end()):
            continue  # "was later re-overtaken or lost position to BEA": not the stops' change
        if _DETERMINER_BEFORE.search(low, max(0, m.start() - 8), m.start()) or _OR_TIME_AFTER.match(low, m.end()):
            continue  # "this gained position", "gained track position/time advantage"
        ben = _driver_at(sent, m.start("ben")) if m.group("ben") else None
        if m.group("ben") and ben is None and not (m.group("ben") in ("the", "one") and m.group("rival")):
            continue  # "gained the position": "the" is no driver (with the rival named it is: "lost the position to BEA")
        subj = ben or _subject_before(doc, sent, m.start()) or _first_subject(doc, sent, m.start())
        if subj is None:
            continue
        r = _driver_at(sent, m.start("rival")) if m.group("rival") else None
        if r is None and (m.group("lose") and not denied or not sent.kind_set & _STOP_OR_MOVE):
            continue  # "he lost track position ... further behind": ground, or places to anyone; to whom?
        slots = {"driver": subj.value, "gained": m.group("gain") is not None, "denied": denied or None,
                 "rival": r.value if r is not None else None}
        doc.add("position_change", slots, min(subj.start, m.start()), r.end if r is not None else m.end())
    if PASS in sent.kind_set and doc.has_battle_word and not doc.has_defense_word:
        _passes(doc, sent)


def _passes(doc: Document, sent: Sentence) -> None:
    """"não o ultrapassou", "did not pass NOR", "overtook BEA via the stop": a place won or not (a pass
    not denied only with the stops or the move named after it: "overtook BEA on track later" is no
    change through the stops)."""
    low = doc.low
    toks = sent.tokens
    for i, t in enumerate(toks):
        if t.kind is not PASS or t.word.endswith(_PASS_NOUN) or hedged(doc, sent, t.start):
            continue
        denied = _denied(doc, sent, t.start)
        caused = None if denied else caused_pass(doc, sent, t.start, _STOP_OR_MOVE)  # "the undercut allowed him to pass"
        if not denied and caused is None and (t.word not in _FINITE or not _VIA_STOPS_AFTER.match(low, t.end)) or \
                _LATER_AFTER.match(low, t.end):
            continue  # "overtook BEA on track later in the race": no change through the stops
        subj = caused or _subject_before(doc, sent, t.start) or _first_subject(doc, sent, t.start)
        if subj is caused and subj is not None and subj.is_object:  # ("allowed him to ...": his own pass)
            subj = _first_subject(doc, sent, t.start) if subj.tag == "pron" else subj
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        rival = nxt.value if nxt is not None and nxt.kind is DRIVER and (nxt.start - t.end <= 2 or caused and
                                                                       low[t.end:nxt.start].strip() == "a") and \
            nxt.tag != "pron" else None  # ("permitió a HAD superar a OCO")
        if subj is None or subj.is_object or rival == subj.value:
            continue
        if rival is None and other_of_pair(doc, subj.value) is None:
            continue
        doc.add("position_change", {"driver": subj.value, "gained": True, "denied": denied or None, "rival": rival},
                span_start(sent, subj.value, t.start), nxt.end if rival is not None and nxt is not None else t.end)


def _first_subject(doc: Document, sent: Sentence, s: int) -> Token | None:
    """The sentence's first driver named as a subject before ``s`` ("GAS parou depois de ALB, mas não o
    ultrapassou": GAS), unless a negation or hedge opens the sentence before it."""
    subj = next((x for x in sent.tokens if x.kind is DRIVER and not x.is_object and x.tag != "pron" and x.end <= s), None)
    if subj is None or any(x.kind is NEGATION and x.start < subj.start for x in sent.tokens):
        return None
    return subj


# "did not work to gain a position", "no funcionó para ganar posición": a place, not the final result
_PLACE_SENSE = re.compile(r"[\s*]*(?:(?:\w+ly|\w+mente)\s+)?(?:as an?|as|in terms of|to|for|in|como|para|en|em|"
                          r"en términos de|em termos de)\s+(?:(?:que\s+)?(?P<who>[a-z]{3})\s+(?:to\s+)?)?(?:(?:gain|gaining|ganar|ganhar|ganara|ganase|ganhasse)\s+)?(?:a |the |one |una |la |"
                          r"uma |a )?(?:track )?(?:position|place|posición|posicion|posição|posicao)\b(?![\s*]+final\b)")
# (not "para la posición final": the finishing place, finish_gain's)


def position_sense(doc: Document, s: int, e: int) -> bool:
    """A failed outcome word at ``low[s:e]`` said of a place ("the undercut did not work to gain a
    position"): read as a denied ``position_change`` of the battle's attacker on its defender."""
    m = _PLACE_SENSE.match(doc.low, e)
    if m is None:
        return False
    who = next((t.value for t in doc.toks if m.group("who") and t.start == m.start("who") and t.kind is DRIVER), None)
    if not doc.last_battle:  # "o undercut ... não funcionou para TSU ganhar a posição": the one named, on the pair
        rival = other_of_pair(doc, who) if who else None
        if who is None or rival is None or rival == who:
            return False
        a, d = who, rival
    else:
        a, d = doc.last_battle
    if m.group("who") and who != a:
        return False  # "não funcionou para SAI ganhar": said of whom, if not the attacker? ("the" is no one)
    doc.add("position_change", {"driver": a, "gained": True, "denied": True, "rival": d}, s, m.end())
    return True
