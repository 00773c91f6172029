"""Beyond the paper's ontology: does f1bench read what the human's ``other`` claims state?

The human gold (``gold_dev``, and our cover-all gold in ``benchmarks/gold/``) labels every checkable
statement of an answer; the ones of no declared type are ``other`` (average lap times, degradation,
comparisons, positions, stops under SC/VSC, lap differences, ...). For each gold ``other`` claim:

* **read**: some f1bench claim's span overlaps its span (the issue's target: ≥ 0.6);
* **flagged** (of the gold's contradicted or unverifiable ones): an overlapping f1bench claim is
  contradicted or unverifiable (target: ≥ 2 in 3);
* **false contradictions of the new types**: a claim of a type beyond the paper's ontology
  (``NEW_TYPES``) that f1bench labels contradicted where no gold claim overlapping it is contradicted
  or unverifiable: every one is listed (target 0); **false unverifiable**: one f1bench labels
  unverifiable whose overlapping gold claims are all supported (it costs a faithful answer precision).

**The kept part.** The dev gold is split by question: an id whose SHA-256 is 0 mod 3 is kept (the
rule ``real_text_bench.py`` uses for ``more.jsonl``): 17 of its 48 answers (7 EN, 5 ES, 5 PT).
``--list`` lists only the tuned part; the kept part is counted, never listed. The cover-all gold is
tuned material (its held-out file was read in the fifth pass). ``other_heldout_en.jsonl`` (the blind
held-out set, #44's second pass: 16 held-out answers of ``more.jsonl`` labelled by a reader who never
saw f1bench's claims on them, and adjudicated by a second) is kept whole; so is ``other_heldout2_en.jsonl``
(the second blind draw: 8 more held-out answers, one annotator with a second pass); their restatements (note
``restated``) count once for read and flagged, as GUIDE.md counts a repeated statement. A false contradiction is printed in every part (the issue
asks for each to be listed) but the blind sets', which are counted only (their text is never printed).

An answer whose published context differs from our instance's (``ctx≠``, as in
``validity_bench.py``) is counted apart for the verdicts: judged against another context, its flags
say nothing about the instrument; it still counts for what is read.

**Reading coverage.** ``--coverage`` adds, on ``dev.jsonl`` and ``more.jsonl`` (tune/held-out), the
share of readable numbers that a claim accounts for (not a skip rule), and the share a skip rule
accounts for (``extract/coverage.py``).

**Which context.** By default an answer is judged against our 2025 build's instance of its id
(answers whose id the build lacks are not counted: 88 of the dev gold's 275 ``other`` claims).
``--published`` judges every answer against the context it was given, rebuilt from the gold item
(``published_context.py``): every answer counts and none is ``ctx≠``.

Figures are printed, never asserted. Usage:
    python benchmarks/ontology_bench.py --warehouse /work/full/warehouse [--list] [--coverage] [--published]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from published_context import published_index  # noqa: E402
from validity_bench import CTX_NOTE, GOLD, OUR_GOLD, _index, _same_context, _span_of, load_set  # noqa: E402

from f1bench_pipeline.domains.f1.claims import ClaimType  # noqa: E402
from f1bench_pipeline.domains.f1.extract import extract_claims  # noqa: E402
from f1bench_pipeline.domains.f1.extract.coverage import reading  # noqa: E402
from f1bench_pipeline.domains.f1.verifier import verify_claim  # noqa: E402

BAD = ("contradicted", "unverifiable")
# the claim types beyond the paper's ontology (domains/f1/claims.py, after "other")
NEW_TYPES = frozenset(ClaimType.__args__[ClaimType.__args__.index("other") + 1:])  # type: ignore[attr-defined]
PAPER = REPO.parent / "shared" / "data" / "paper_generations"
SETS = {"dev gold": GOLD, "cover-all tune": OUR_GOLD / "cover_all_tune_en.jsonl",
        "cover-all held-out (read)": OUR_GOLD / "cover_all_heldout_en.jsonl",
        "blind held-out": OUR_GOLD / "other_heldout_en.jsonl",
        "blind held-out 2": OUR_GOLD / "other_heldout2_en.jsonl"}
# sets nobody tuning the extractor has read: counted, never listed (benchmarks/gold/README.md)
BLIND = frozenset({"blind held-out", "blind held-out 2"})


def kept(instance_id: str) -> bool:
    return int(hashlib.sha256(instance_id.encode()).hexdigest(), 16) % 3 == 0


def _restated(gc: dict) -> bool:
    """A later statement of a fact the gold labels at its first place too (the blind set labels each
    place, GUIDE.md's sets the first only): counted once, as GUIDE.md does, but it still tells whether
    a claim over it is doubted."""
    return str(gc.get("note") or "").startswith("restated")


def _overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def evaluate(index, name: str, path: Path, listing: bool, published: bool = False) -> dict[str, Counter]:
    """Counts per set and part; ``published``: each answer judged against the context it was given
    (``published_context.py``), else against our build's instance of its id (``index``)."""
    out: dict[str, Counter] = {}
    for lang, g, item in load_set(path):
        part = "kept" if name in BLIND or (name == "dev gold" and kept(g["id"])) else "tuned"
        row = f"{name} {part}"
        c = out.setdefault(row, Counter())
        if published:
            _oracle, idx, entities = published_index(item)
            same = CTX_NOTE not in (g.get("annotator_note") or "")
        elif g["id"] not in index:
            c["missing instance"] += 1
            continue
        else:
            ctx = index.get(g["id"])
            _oracle, idx, entities = ctx.oracle, ctx.verify_context, ctx.extract_context
            same = (_same_context(item, [f for fs in idx.by_type.values() for f in fs])
                    and CTX_NOTE not in (g.get("annotator_note") or ""))
        text = item["text"]
        claims = extract_claims(text, lang, entities)
        verdicts = [verify_claim(cl, idx) for cl in claims]
        ours = [((cl.span.start, cl.span.end) if cl.span else (-1, -1), cl, v) for cl, v in zip(claims, verdicts)]
        golds = [(_span_of(text, gc["span"]), gc) for gc in g["claims"]]
        show = listing and part == "tuned"
        for span, gc in golds:
            if gc["type"] not in ("other", "entity") or span[0] < 0 or _restated(gc):
                continue
            t = gc["type"]
            over = [(cl, v) for s, cl, v in ours if s[0] >= 0 and _overlaps(s, span)]
            c[f"{t}"] += 1
            c[f"{t} read"] += bool(over)
            if gc["label"] in BAD:
                c[f"{t} bad"] += 1
                hit = any(v.label in BAD for _cl, v in over)
                if same:
                    c[f"{t} bad same"] += 1
                    c[f"{t} bad flagged"] += hit
                if show and not hit:
                    print(f"[{lang}{'' if same else ' ctx≠'}] NOT FLAGGED {g['id']} {g['model']} ({gc['label']})\n"
                          f"    {gc['slots'].get('description', gc['slots'])} | {gc['span']!r}"
                          + "".join(f"\n    ours: {cl.type} {cl.slots} {v.label}" for cl, v in over))
            elif show and not over:
                print(f"[{lang}] unread {g['id']} {g['model']}: {gc['slots'].get('description', '')} | {gc['span']!r}")
        for s, cl, v in ours:
            if cl.type not in NEW_TYPES:
                continue
            c["new claims"] += 1
            c[f"new {v.label}"] += 1
            under = [gc for gs, gc in golds if gs[0] >= 0 and _overlaps(gs, s)]
            doubted = any(gc["label"] in BAD for gc in under)
            if v.label == "contradicted" and not doubted:
                key = "new false contradicted" if same else "new false contradicted ctx≠"
                c[key] += 1
                if part == "tuned" or not listing and name not in BLIND:  # a blind set: counts only, always
                    print(f"[{lang}{'' if same else ' ctx≠'}] FALSE CONTRADICTION ({row}) {g['id']} {g['model']}\n"
                          f"    {cl.type} {cl.slots} | {text[s[0]:s[1]]!r}\n    {v.reason}"
                          + "".join(f"\n    gold: {gc['type']} {gc['label']} {gc['slots']}" for gc in under))
            if v.label == "unverifiable" and under and not doubted:
                c["new false unverifiable"] += 1
                if show:
                    print(f"[{lang}] false unverifiable {g['id']} {g['model']}\n    {cl.type} {cl.slots} | "
                          f"{text[s[0]:s[1]]!r}\n    {v.reason}")
    return out


def report(results: dict[str, Counter]) -> None:
    print(f"\n{'set part':<34}{'other':>6}{'read':>7}{'bad':>5}{'flagged':>9}{'entity':>7}{'read':>6}"
          f"{'new':>5}{'sup':>5}{'con':>5}{'unv':>5}{'false C':>8}{'ctx≠ C':>7}{'false U':>8}")
    for row, c in results.items():
        read = c["other read"] / c["other"] if c["other"] else 0.0
        flagged = f"{c['other bad flagged']}/{c['other bad same']}"
        eread = f"{c['entity read']}/{c['entity']}"
        print(f"{row:<34}{c['other']:6d}{read:7.2f}{c['other bad']:5d}{flagged:>9}{c['entity']:7d}{eread:>6}"
              f"{c['new claims']:5d}{c['new supported']:5d}{c['new contradicted']:5d}{c['new unverifiable']:5d}"
              f"{c['new false contradicted']:8d}{c['new false contradicted ctx≠']:7d}{c['new false unverifiable']:8d}")


def coverage(index, path: Path, split: str) -> Counter:
    """Readable numbers of the answers of ``path`` (more.jsonl: one split), by what accounts for them."""
    c: Counter = Counter()
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        iid, text = row.get("id"), row.get("text")
        if not isinstance(text, str) or not text.strip() or iid not in index:
            continue
        if split != "all" and kept(iid) != (split == "heldout"):
            continue
        ctx = index.get(iid)
        _o, _idx, entities = ctx.oracle, ctx.verify_context, ctx.extract_context
        lang = row.get("lang") or "en"
        for tok in reading(text, lang, extract_claims(text, lang, entities)).tokens:
            if tok.kind != "number":
                continue
            c["numbers"] += 1
            by = tok.accounted_by
            c["claim" if by in ("claim", "restated") else ("none" if by is None else "skip")] += 1
            if by not in (None, "claim", "restated"):
                c[f"skip {by}"] += 1
    return c


def report_coverage(rows: dict[str, Counter]) -> None:
    print(f"\n{'answers':<22}{'numbers':>8}{'by claim':>9}{'by skip':>8}{'none':>7}   skip rules")
    for name, c in rows.items():
        n = c["numbers"] or 1
        skips = ", ".join(f"{k[5:]} {v}" for k, v in sorted(c.items()) if k.startswith("skip "))
        print(f"{name:<22}{c['numbers']:8d}{c['claim'] / n:9.3f}{c['skip'] / n:8.3f}{c['none'] / n:7.3f}   {skips}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--warehouse", type=Path, required=True)
    ap.add_argument("--list", action="store_true", help="list the tuned part's unread and unflagged claims")
    ap.add_argument("--coverage", action="store_true", help="also the reading coverage of dev.jsonl and more.jsonl")
    ap.add_argument("--published", action="store_true",
                    help="judge each gold answer against the context it was given (every answer counts)")
    args = ap.parse_args()
    index = _index(args.warehouse)
    results: dict[str, Counter] = {}
    for name, path in SETS.items():
        if not path.exists():
            continue
        for row, c in evaluate(index, name, path, args.list, args.published).items():
            results.setdefault(row, Counter()).update(c)
    print("judged against the published contexts" if args.published else "judged against our 2025 build's instances")
    report(results)
    if args.coverage:
        report_coverage({"dev.jsonl": coverage(index, PAPER / "dev.jsonl", "all"),
                         "more.jsonl tune": coverage(index, PAPER / "more.jsonl", "tune"),
                         "more.jsonl held-out": coverage(index, PAPER / "more.jsonl", "heldout")})


if __name__ == "__main__":
    main()
