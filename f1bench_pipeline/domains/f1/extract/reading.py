"""Reading one answer (``Document``): tokenize it (``tokenizer.tokenize``), read it sentence by
sentence (``dispatch.read_sentence``: the claim families whose token kinds the sentence holds), add
the context's entity claims and turn the records into claims (``finalize.finalize``)."""

from __future__ import annotations

from f1bench_pipeline.domains.f1.claims import Claim
from f1bench_pipeline.domains.f1.extract.cut import drop_cut
from f1bench_pipeline.domains.f1.extract.dispatch import document_cues, read_sentence
from f1bench_pipeline.domains.f1.extract.document import Document
from f1bench_pipeline.domains.f1.extract.finalize import entity_claims, finalize
from f1bench_pipeline.domains.f1.extract.phases import drop_phase_ranges
from f1bench_pipeline.domains.f1.extract.references import mark_objects, resolve_pronouns
from f1bench_pipeline.domains.f1.extract.sentence import Sentence
from f1bench_pipeline.domains.f1.extract.text import sentence_ends, sentence_spans
from f1bench_pipeline.domains.f1.extract.tokenizer import tokenize
from f1bench_pipeline.domains.f1.extract.tokens import DRIVER, ExtractedClaims, readable_tokens


def read(doc: Document) -> list[Claim]:
    """The claims of the answer ``doc`` holds (an ``ExtractedClaims``: with what the reading coverage needs)."""
    tokenize(doc)
    if not doc.toks:
        return []
    all_toks = doc.toks
    # the tokens as tokenized (the passes below rebind some in place): the reading coverage's input
    snapshot = readable_tokens(all_toks)
    all_kinds = [t.kind for t in all_toks]  # (kinds are final: the sentence passes change no kind)
    all_starts = [t.start for t in all_toks]
    ends = sentence_ends(doc.low)
    doc.tok_starts, doc.ends = all_starts, ends
    cues = document_cues(doc)
    for s, e, i, j in sentence_spans(doc.low, all_starts, ends):
        ks = all_kinds[i:j]
        sent = Sentence(s, e, all_toks[i:j], ks, all_starts[i:j])
        if DRIVER in sent.kind_set and ks.count(DRIVER) > 1:
            mark_objects(doc, sent.tokens)
            resolve_pronouns(sent.tokens, doc.low)
        read_sentence(doc, sent, cues)
        laps = getattr(sent, "laps", None)  # (unset in a question)
        if laps is not None and laps.ranges:
            doc.lap_ranges.extend((a, b, s_, e_) for a, b, s_, e_, _pl in laps.ranges)
    drop_cut(doc)  # an answer cut off inside a number: that number is no value
    drop_phase_ranges(doc)  # a range over several stints is no stint
    entity_claims(doc)
    return ExtractedClaims(finalize(doc), doc.text, doc.low, snapshot, ends)

