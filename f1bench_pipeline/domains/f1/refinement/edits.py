"""Edit instructions for verifier-guided generation, and their inverse.

After a round is verified, the model gets one message that lists, in the answer's
language:

* ``fix`` — every contradicted claim, quoted from the answer, with the correct statement
  from the context (the facts the verifier found under the claim's key);
* ``add`` — every oracle fact no supported claim covered (the published implementation
  left these out; the paper's method includes them);
* ``remove`` — claims the context cannot support (unverifiable), when enabled.

The message is plain text a person or a model reads; its item lines have a fixed shape so
the offline systems can parse it back (:func:`parse_edit_message`) and apply it
(:func:`apply_edits`) the way a model would, which keeps the offline loop on the same code
path as a paid one::

    - "<quoted span>" → <correct statement>     (fix)
    + <statement>                               (add)
    - "<quoted span>"                           (remove)
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from f1bench_pipeline.domains.f1.instances.facts import Fact
from f1bench_pipeline.domains.f1.instances.verbalize import sentence

EDIT_TEXT: dict[str, dict[str, str]] = {
    "en": {
        "intro": "A fact-checker compared your answer with the race data. Revise it.",
        "fix": "Correct these statements; the race data says otherwise (quoted → correct):",
        "add": "Add these facts from the race data, which your answer leaves out:",
        "remove": "Remove these statements, which the race data does not support:",
        "outro": "Reply with the complete revised answer only, in English.",
    },
    "es": {
        "intro": "Un verificador comparó tu respuesta con los datos de la carrera. Corrígela.",
        "fix": "Corrige estas afirmaciones; los datos de la carrera dicen otra cosa (cita → correcto):",
        "add": "Añade estos hechos de los datos de la carrera, que tu respuesta omite:",
        "remove": "Elimina estas afirmaciones, que los datos de la carrera no respaldan:",
        "outro": "Responde solo con la respuesta completa corregida, en español.",
    },
    "pt": {
        "intro": "Um verificador comparou sua resposta com os dados da corrida. Revise-a.",
        "fix": "Corrija estas afirmações; os dados da corrida dizem outra coisa (citação → correto):",
        "add": "Acrescente estes fatos dos dados da corrida, que sua resposta omite:",
        "remove": "Remova estas afirmações, que os dados da corrida não sustentam:",
        "outro": "Responda apenas com a resposta completa revisada, em português.",
    },
}

_FIX_LINE = re.compile(r'^- "(.*)" → (.+)$')
_REMOVE_LINE = re.compile(r'^- "(.*)"$')
_ADD_LINE = re.compile(r"^\+ (.+)$")
# A sentence ends at . ! ? followed by white space (so "1.5 s" is not split), or at a line
# break; the template answers are one sentence per fact, and most model answers split alike.
_SENTENCE_END = re.compile(r"[.!?]+(?=\s|$)|\n")


@dataclass
class Edits:
    fix: list[tuple[str, str]] = field(default_factory=list)   # (quoted span, correct statement)
    add: list[str] = field(default_factory=list)
    remove: list[str] = field(default_factory=list)
    # oracle/context fact ids behind fix and add (for the record; not sent)
    fact_ids: list[str] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.fix or self.add or self.remove)


def _quote(span: str) -> str:
    """One line, no double quotes inside (so the line parses back unambiguously)."""
    return " ".join(span.replace('"', "'").split())


def closest_facts(slots: dict, candidates: list[Fact]) -> list[Fact]:
    """The candidates that agree with the claim on the most slots: the fact the claim got
    wrong (a wrong lap of the second stop is corrected by the second stop, not by all)."""
    def agreement(f: Fact) -> int:
        known = {**f.key, **f.value}
        return sum(1 for k, v in slots.items() if str(known.get(k, "\0")).upper() == str(v).upper())
    if not candidates:
        return []
    best = max(agreement(f) for f in candidates)
    return [f for f in candidates if agreement(f) == best]


def enclosing_sentence(text: str, start: int, end: int) -> str:
    """The whole sentence around ``text[start:end]`` (the quote a reader, or model, can find)."""
    lo, hi = 0, len(text)
    for m in _SENTENCE_END.finditer(text):
        if m.end() <= start:
            lo = m.end()
        elif m.start() >= end - 1:
            hi = m.end()
            break
    return text[lo:hi].strip()


def edits_for(
    text: str,
    claims: list[dict],
    missed_facts: list[str],
    facts_by_id: dict[str, Fact],
    lang: str,
    *,
    feedback_unverifiable: bool = True,
    feedback_uncovered: bool = True,
    max_items: int = 20,
) -> Edits:
    """What to send back for one verified answer ``text``.

    ``claims`` are its rows of the claims table (``label``, ``slots``, ``span_start``,
    ``span_end``, ``span_text``, ``expected_facts``); ``missed_facts`` the oracle fact ids
    no supported claim covered. A wrong claim is quoted by its whole sentence; the
    corrections of several wrong claims in one sentence are given together; a missed fact
    already given as a correction is not added twice. Each list is capped at ``max_items``
    so an enormous answer cannot make an enormous prompt.
    """
    edits = Edits()
    given: set[str] = set()
    fixes: dict[str, list[str]] = {}
    for c in claims:
        quote = _claim_quote(text, c)
        if c["label"] == "contradicted" and quote:
            slots = json.loads(c["slots"]) if isinstance(c.get("slots"), str) else (c.get("slots") or {})
            expected = closest_facts(slots, [facts_by_id[f] for f in (c.get("expected_facts") or []) if f in facts_by_id])
            if not expected or (quote not in fixes and len(fixes) >= max_items):
                continue
            fixes.setdefault(quote, [])
            for f in expected:
                fixes[quote].append(sentence(f, lang))
                given.add(f.fact_id)
        elif (c["label"] == "unverifiable" and feedback_unverifiable and quote
              and quote not in edits.remove and len(edits.remove) < max_items):
            edits.remove.append(quote)
    edits.fix = [(q, " ".join(dict.fromkeys(cs))) for q, cs in fixes.items()]
    edits.remove = [q for q in edits.remove if q not in fixes]  # a sentence being corrected is not also removed
    for fid in missed_facts if feedback_uncovered else ():  # off: the published loop's feedback
        if fid in given or fid not in facts_by_id or len(edits.add) >= max_items:
            continue
        edits.add.append(sentence(facts_by_id[fid], lang))
        given.add(fid)
    edits.fact_ids = sorted(given)
    return edits


def _claim_quote(text: str, claim: dict) -> str:
    start, end = claim.get("span_start"), claim.get("span_end")
    if text and start is not None and end is not None and 0 <= start <= end <= len(text):
        return _quote(enclosing_sentence(text, start, end))
    return _quote(claim.get("span_text") or "")


def edit_message(edits: Edits, lang: str) -> str:
    """The user message of a refinement round, in ``lang``."""
    t = EDIT_TEXT.get(lang, EDIT_TEXT["en"])
    lines = [t["intro"]]
    if edits.fix:
        lines += ["", t["fix"], *[f'- "{span}" → {correct}' for span, correct in edits.fix]]
    if edits.add:
        lines += ["", t["add"], *[f"+ {s}" for s in edits.add]]
    if edits.remove:
        lines += ["", t["remove"], *[f'- "{span}"' for span in edits.remove]]
    lines += ["", t["outro"]]
    return "\n".join(lines)


def parse_edit_message(text: str) -> Edits:
    """The inverse of :func:`edit_message` (header lines are ignored, so any language parses)."""
    edits = Edits()
    for line in (text or "").splitlines():
        line = line.strip()
        if m := _FIX_LINE.match(line):
            edits.fix.append((m.group(1), m.group(2)))
        elif m := _REMOVE_LINE.match(line):
            edits.remove.append(m.group(1))
        elif m := _ADD_LINE.match(line):
            edits.add.append(m.group(1))
    return edits


def _sentences(text: str) -> list[str]:
    out, lo = [], 0
    for m in _SENTENCE_END.finditer(text or ""):
        out.append(text[lo:m.end()].strip())
        lo = m.end()
    out.append((text or "")[lo:].strip())
    return [x for x in out if x]


def apply_edits(answer: str, edits: Edits) -> str:
    """The revision a careful model makes: the sentence holding a wrong statement is replaced
    by the correct one; an unsupported sentence is dropped and the first statements to add
    take its place (where the reader expects them, so a following sentence that refers back
    to it still reads right); the other statements to add are appended."""
    sentences = _sentences(answer)
    flat = [" ".join(s.split()) for s in sentences]  # the quotes were whitespace-normalised

    def find(span: str) -> int | None:
        for i, s in enumerate(flat):
            if span and span in s:
                return i
        return None

    replaced: set[int] = set()
    pending: list[str] = []
    for span, correct in edits.fix:
        i = find(span)
        if i is None or i in replaced:
            pending.append(correct)
        else:
            sentences[i], flat[i] = correct, correct
            replaced.add(i)
    holes: list[int] = []
    for span in edits.remove:
        i = find(span)
        if i is not None and i not in replaced:
            sentences[i], flat[i] = "", ""
            holes.append(i)
    present = {" ".join(x.split()) for x in sentences}
    pending = [x for x in dict.fromkeys(x for p in [*pending, *edits.add] for x in _sentences(p))
               if " ".join(x.split()) not in present]
    for i in sorted(holes):
        if pending:
            sentences[i] = pending.pop(0)
    return " ".join([*[s for s in sentences if s], *pending])
