"""Battles: who undercut or overcut whom, and whether it worked.

* ``battle``: "ALO undercut MAG", "the undercut by ALO on MAG", "MAG was undercut by ALO", "NOR
  went for the undercut on PIA"; the defender may be the other driver of the answer's pair. A
  pair named without its attacker ("VER vs HAM (undercut)") or the move named inside a
  prepositional phrase ("lost the position in the undercut") gives nothing.
* ``battle_outcome``: negated ("STR did not overcut ALO", "no le hizo un overcut": success=false),
  "managed to undercut" (success=true), and verdicts in an answer that names a battle: "the
  undercut worked", "no funcionó", "Did it work? Yes." (a question alone asserts nothing). A hedge
  ("we cannot say it was an overcut", "no se puede decir que funcionó") or a heading ("**What
  didn't work**") gives nothing. The outcome carries the last battle's pair.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from f1bench_pipeline.domains.f1.extract.binding import other_of_pair
from f1bench_pipeline.domains.f1.extract.checks import hedge_before, noun_before
from f1bench_pipeline.domains.f1.extract.denials import denial
from f1bench_pipeline.domains.f1.extract.layout import heading_line
from f1bench_pipeline.domains.f1.extract.patterns import (ADJ_OUTCOMES, ATTEMPT_CLAUSE, BATTLE_VERB, BY_OF, CLAUSE_BREAK, HEDGE_BETWEEN,
                                                       GAVE_POSITION, NEG_LIGHT, ON_DEF, PASSIVE_BY, POSITION_OVER, PREP_BEFORE, QUESTION_ANSWER,
                                                       QUESTION_BEFORE_F, SUCCESS_VERB, VERB_OBJ, VS_PAIR_BEFORE,
                                                       YES_WORDS)
from f1bench_pipeline.domains.f1.extract.race_order import position_sense
from f1bench_pipeline.domains.f1.extract.senses import plan_subject_before, result_sense_after, unknowable_before
from f1bench_pipeline.domains.f1.extract.tokens import BATTLE, DRIVER, FAILED, NEGATION, WORK_BASE, WORKED, Token

if TYPE_CHECKING:
    from f1bench_pipeline.domains.f1.extract.document import Document
    from f1bench_pipeline.domains.f1.extract.sentence import Sentence

_NEGATIONS = frozenset({NEGATION, FAILED})
_OUTCOME_WORDS = frozenset({WORKED, FAILED, WORK_BASE})
VERDICT_REACH = 60  # characters from a verdict's "No" to the outcome that explains it


def battles(doc: Document, sent: Sentence) -> None:
    """battle (kind, attacker, defender); battle_outcome(success=false) when negated ("did not
    undercut"), (success=true) after "managed to"; nothing for a hedge or a named pair without
    its attacker ("VER vs HAM (undercut)")."""
    toks = sent.tokens
    low = doc.low
    for i, k in enumerate(sent.kinds):
        if k is not BATTLE:
            continue
        t = toks[i]
        att = dfn = None
        rival = False  # the defender is named beside the move, not taken from the answer's pair
        after = [x for x in toks[i + 1:] if x.kind is DRIVER and x.start - t.end <= 45 and x.tag != "pron"]
        before = [x for x in toks[:i] if x.kind is DRIVER and t.start - x.end <= 70]
        noun = noun_before(low, t.start)
        if VS_PAIR_BEFORE.search(doc.text, max(0, t.start - 24), t.start):
            continue  # "VER vs HAM (undercut)": the pair is named, who attacked is not
        if after and BY_OF.fullmatch(low, t.end, after[0].start):
            att = after[0].value  # "the undercut by/of/de ALO on/a/sobre MAG"
            if len(after) > 1 and ON_DEF.fullmatch(low, after[0].end, after[1].start):
                dfn, rival = after[1].value, True
        else:
            if before:
                subj = before[-1]
                if after and PASSIVE_BY.fullmatch(low, t.end, after[0].start):
                    att, dfn, rival = after[0].value, subj.value, True  # "MAG was undercut by ALO"
                elif PREP_BEFORE.search(low, max(0, t.start - 16), t.start) and \
                        not BATTLE_VERB.search(low, subj.end, t.start):
                    pass  # "GAS did not lose the position in the undercut": who attacked is not stated
                elif len(before) > 1 and ATTEMPT_CLAUSE.search(low, subj.end, t.start):
                    att = next((x.value for x in before if not x.is_object), before[0].value)
                elif not noun or BATTLE_VERB.search(low, subj.end, t.start) and t.start - subj.end <= 45:
                    att = subj.value if not (subj.is_object and len(before) > 1) else \
                        next((x.value for x in before if not x.is_object), subj.value)
            if after and dfn is None and att is not None:
                gap = low[t.end:after[0].start]
                if (VERB_OBJ.fullmatch(gap) or not gap.strip()) and after[0].value != att:
                    dfn, rival = after[0].value, True
        gained = _gave_position(low, toks, i) if att is None else None
        if gained is not None:
            (att, dfn), after, rival = (gained[0].value, gained[1].value), [*after, gained[1]], True
        if att and not dfn:
            dfn = other_of_pair(doc, att) if (doc.pair and att in doc.pair) else None
        if denial(doc, sent, i, att, dfn, rival):
            continue  # "o overcut de GAS não ocorreu", "no hubo undercut": the move denied (denials.py)
        if not att or not dfn or att == dfn:
            continue
        negs = [x for x in toks[:i] if x.kind in _NEGATIONS and t.start - x.end <= 28 and
                not CLAUSE_BREAK.search(low, x.end, t.start)]
        start = min([x.start for x in before if x.value in (att, dfn)], default=t.start)
        if negs and negs[-1].kind is FAILED:
            doc.last_battle = (att, dfn)
            continue  # "no funcionó para hacer overcut a BEA": the outcome rule reads it
        end = max([x.end for x in after if x.value in (att, dfn)], default=t.end)
        if negs:
            if not NEG_LIGHT.fullmatch(low, negs[-1].end, t.start):
                continue  # "can't say it was an overcut": a hedge, not a claim
            if _first_move(doc) not in (None, t.value):
                continue  # "BOR undercut OCO ... OCO did not overcut": the counter-move denied, not the move's outcome
            if not rival:
                continue  # "OCO did not overcut; he stopped after BOR": the move denied, no failed attempt
            doc.add("battle_outcome", {"success": False, "attacker": att, "defender": dfn},
                     min(start, negs[-1].start), end)
        else:
            doc.add("battle", {"kind": t.value, "attacker": att, "defender": dfn}, start, end)
            if start < t.start and SUCCESS_VERB.search(low, start, t.start):
                doc.add("battle_outcome", {"success": True, "attacker": att, "defender": dfn}, start, end)
        doc.last_battle = (att, dfn)


def _first_move(doc: Document) -> str | None:
    """The kind of the move the answer names first (undercut/overcut): the one it is about."""
    return next((x.value for x in doc.toks if x.kind is BATTLE), None)


def _gave_position(low: str, toks: list[Token], i: int) -> tuple[Token, Token] | None:
    """(attacker, defender) of "the undercut gave NOR the position over PIA", "o undercut deu a NOR a
    posição sobre PIA"; nothing when a negation stands between ("did not give NOR ...")."""
    t = toks[i]
    named = [j for j in range(i + 1, min(len(toks), i + 8)) if toks[j].kind is DRIVER and toks[j].tag != "pron"]
    if len(named) < 2:
        return None
    a, b = toks[named[0]], toks[named[1]]
    if not (GAVE_POSITION.fullmatch(low, t.end, a.start) and POSITION_OVER.fullmatch(low, a.end, b.start)):
        return None
    if any(x.kind in _NEGATIONS for x in toks[i + 1:named[0]]):
        return None
    return a, b


def outcome(doc: Document, sent: Sentence) -> None:
    """battle_outcome(success) of an answer that names a battle: "it worked", "no funcionó",
    "Did it work? Yes."; not a heading, a hedge ("we cannot say it worked") or a question."""
    if not doc.has_battle_word:
        return
    toks = sent.tokens
    low = doc.low
    for i, k in enumerate(sent.kinds):
        if k is not WORKED and k is not FAILED and k is not WORK_BASE:
            continue
        t = toks[i]
        if t.word in ADJ_OUTCOMES and not any(x.kind is BATTLE and abs(x.start - t.start) <= 30 for x in toks):
            continue  # adjectives only count next to the move: "an effective undercut"
        if heading_line(doc.text, t.start):
            continue  # "**What didn't work**", "### O que deu errado": a section title, not a verdict
        success = k is WORKED
        negs = [x for x in toks[:i] if x.kind is NEGATION and t.start - x.end <= 24 and
                not CLAUSE_BREAK.search(low, x.end, t.start)]
        if negs and HEDGE_BETWEEN.search(low, negs[-1].end, t.start) or hedge_before(low, t.start):
            continue  # "no se puede decir que funcionó", "we cannot say that the undercut worked"
        if unknowable_before(low, t.start):
            continue  # "impossible to determine if an undercut ... was successful", "no data to indicate"
        if doc.pair is None and BATTLE not in sent.kind_set and plan_subject_before(low, t.start):
            continue  # "this tactic worked as intended" in an answer about one driver: a plan's success
        # a yes/no question: its answer follows the "?" that closes it, however many words lie between
        # ("¿Funcionó el undercut? No.", "O undercut funcionou para HAD? Não.", "Did it work for HAD? No.")
        q_at = low.rfind("?", t.end, sent.end) if low[sent.start:sent.end].rstrip(" *_\n").endswith("?") else -1
        qa = QUESTION_ANSWER.match(low, q_at if q_at >= 0 else t.end, (q_at if q_at >= 0 else t.end) + 40)
        question = q_at >= 0 or low[t.end:t.end + 3].lstrip()[:1] == "?" or \
            QUESTION_BEFORE_F.search(low, max(0, t.start - 30), t.start) is not None
        if question:
            if not qa:
                continue
            success = qa.group("a") in YES_WORDS
            negs = []
            if not success and _verdict_in_result_sense(doc, qa.end()):
                continue  # "Did it work? No, it did not succeed in gaining track position": the final result
        if k is WORK_BASE and not negs and not question:
            continue
        if negs:
            success = False if k is WORK_BASE else not success
        if not success and result_sense_after(low, t.end):
            position_sense(doc, negs[-1].start if negs else t.start, t.end)  # "did not work to gain a position"
            continue  # "not a successful race-deciding undercut": the final result, not the time gained
        slots: dict[str, Any] = {"success": success}
        if doc.last_battle:
            slots["attacker"], slots["defender"] = doc.last_battle
        s = negs[-1].start if negs else t.start
        for x in toks[:i]:
            if x.kind is BATTLE and x.end <= s and s - x.end <= 30:
                s = x.start
        doc.add("battle_outcome", slots, s, qa.end() if question and qa else t.end)


def _verdict_in_result_sense(doc: Document, at: int) -> bool:
    """The "No" of a verdict at ``at`` goes on with a failed outcome in the sense of the final result
    or a place ("No, the undercut did not succeed in gaining VER track position")."""
    return any(x.kind in _OUTCOME_WORDS and at <= x.start <= at + VERDICT_REACH and result_sense_after(doc.low, x.end)
               for x in doc.toks)
