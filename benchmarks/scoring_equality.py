"""Output equality of the scoring path: dump what extraction, verification and scoring give, then
compare two dumps byte for byte. A speed-up must leave every line as it was.

Run it on the tree before a change (``--out /tmp/eq_before``) and after it (``--out /tmp/eq_after``),
then ``--compare /tmp/eq_before /tmp/eq_after`` (exit status 1 and the first differing lines when
they differ). Sections (one JSON line per item, sorted keys; a sha256 per section is printed):

* ``extract``: every text of ../shared/data/paper_generations/dev.jsonl and more.jsonl, without
  entities and (when its id is an instance of the warehouse's season) with the instance's entities:
  each claim as (type, slots, span, extractor, binding) and the answer's reading coverage;
* ``verify``: the claims extracted with entities, each verified against its instance's context
  index (``Domain.index``): label, reason, matched and expected facts, reading;
* ``score``: ``score_generations`` over the dev and more generations with an instance (the ones
  scoring_bench.py times among them), every column of the claims and scores tables, cold (the
  instances frame passed) and warm (the index reused) -- the two must agree too.

The warehouse is ``$F1BENCH_DATA_DIR/warehouse`` (as scoring_bench.py; only read). Without it only
the plain extraction is dumped.

Usage:
    F1BENCH_DATA_DIR=/work/full python benchmarks/scoring_equality.py --out /tmp/eq_before
    python benchmarks/scoring_equality.py --compare /tmp/eq_before /tmp/eq_after
    python benchmarks/scoring_equality.py --changes /tmp/eq_before /tmp/eq_after   # a reading change's verdicts
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

import polars as pl  # noqa: E402  (after the sys.path insert above)
from extractor_snapshot import compare as snapshot_compare  # noqa: E402

from f1bench_pipeline.domains.f1.extract import _extract  # noqa: E402

SHARED = REPO.parent / "shared" / "data" / "paper_generations"
SOURCES = ("dev.jsonl", "more.jsonl")
SECTIONS = ("extract", "verify", "score")


def _line(obj) -> str:
    return json.dumps(obj, sort_keys=True, ensure_ascii=False, default=str)


def _claim(c) -> list:
    return [c.type, c.slots, [c.span.start, c.span.end, c.span.text] if c.span else None, c.extractor, c.binding]


def load_rows() -> list[dict]:
    rows = []
    for name in SOURCES:
        path = SHARED / name
        if path.exists():
            with open(path, encoding="utf-8") as fh:
                rows += [dict(json.loads(x), source=name) for x in fh if x.strip()]
    return rows


def extract_and_verify(rows: list[dict], facts) -> tuple[list[str], list[str]]:
    from f1bench_pipeline.domains.f1.extract.coverage import reading_coverage
    from f1bench_pipeline.domains.f1.verifier import verify_claim

    ext, ver = [], []
    for n, r in enumerate(rows):
        text, lang = r.get("text"), r["lang"]
        if not text:
            continue
        key = {"n": n, "source": r["source"], "id": r["id"], "model": r.get("model"), "lang": lang}
        plain = _extract(text, lang)
        ext.append(_line({**key, "run": "plain", "claims": [_claim(c) for c in plain],
                          "coverage": reading_coverage(text, lang, plain)}))
        if facts is None or r["id"] not in facts:
            continue
        ctx = facts.get(r["id"])
        _oracle, idx, entities = ctx.oracle, ctx.verify_context, ctx.extract_context
        claims = _extract(text, lang, entities)
        ext.append(_line({**key, "run": "entities", "claims": [_claim(c) for c in claims],
                          "coverage": reading_coverage(text, lang, claims)}))
        for c in claims:
            v = verify_claim(c, idx)
            ver.append(_line({**key, "claim": _claim(c), "label": v.label, "reason": v.reason,
                              "matched": v.matched, "expected": v.expected, "reading": v.reading}))
    return ext, ver


def score_section(rows: list[dict], instances: pl.DataFrame) -> list[str]:
    from polars.testing import assert_frame_equal

    from f1bench_pipeline.domains.f1.extract import extract_claims
    from f1bench_pipeline.domains import get_domain
    from f1bench_pipeline.domains.scoring import score_generations

    ids = set(instances["id"].to_list())
    mine = [r for r in rows if r["id"] in ids]
    gens = pl.DataFrame([{"id": r["id"], "model": r["model"] + "|" + r["source"], "lang": r["lang"],
                          "text": r.get("text")} for r in mine],
                        schema={"id": pl.Utf8, "model": pl.Utf8, "lang": pl.Utf8, "text": pl.Utf8})
    claims, scores = score_generations(get_domain("f1"), gens, instances, extract_claims, "regex")
    warm = score_generations(get_domain("f1"), gens, get_domain("f1").index(instances), extract_claims, "regex")
    assert_frame_equal(claims, warm[0])
    assert_frame_equal(scores, warm[1])
    out = [_line({"claims_schema": str(claims.schema), "scores_schema": str(scores.schema)})]
    out += [_line({"claim": r}) for r in claims.iter_rows(named=True)]
    out += [_line({"score": r}) for r in scores.iter_rows(named=True)]
    return out


def dump(out_dir: Path, season: int) -> None:
    from scoring_bench import load_instances

    from f1bench_pipeline.domains import get_domain

    rows = load_rows()
    instances = load_instances(season)
    facts = None if instances.is_empty() else get_domain("f1").index(instances)
    ext, ver = extract_and_verify(rows, facts)
    sections = {"extract": ext, "verify": ver, "score": [] if facts is None else score_section(rows, instances)}
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, lines in sections.items():
        text = "\n".join(lines) + "\n"
        (out_dir / f"{name}.jsonl").write_text(text, encoding="utf-8")
        print(f"{name:8s} {len(lines):6d} lines  sha256 {hashlib.sha256(text.encode()).hexdigest()}")


def compare(a: Path, b: Path, limit: int = 10) -> int:
    return snapshot_compare(a, b, limit, SECTIONS)


def changes(a: Path, b: Path) -> None:
    """What a reading change did: the verdicts of ``verify`` only one dump has, by label. Held-out answers
    (``more.jsonl``'s held-out questions, the dev gold's kept ones) are counted, never printed."""
    from ontology_bench import kept
    from real_text_bench import held_out

    before, after = ((d / "verify.jsonl").read_text(encoding="utf-8").splitlines() for d in (a, b))
    gone, new = set(before) - set(after), set(after) - set(before)
    hidden: Counter = Counter()
    for sign, lines in (("-", gone), ("+", new)):
        rows = sorted((json.loads(x) for x in lines), key=lambda r: (r["label"], r["id"], r["model"]))
        print(f"{sign} {len(rows)} verdicts: {dict(Counter(r['label'] for r in rows))}")
        for r in rows:
            if held_out(r["id"]) if r["source"] == "more.jsonl" else kept(r["id"]):
                hidden[f"{sign} {r['label']}"] += 1
                continue
            ctype, slots, span = r["claim"][:3]
            print(f"  {sign} {r['label']:<13} {r['source']} {r['id']} {r['model']} {r['lang']}: {ctype} {slots}"
                  f" | {span[2]!r}")
    if hidden:
        print(f"held out (counts only): {dict(hidden)}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", type=Path)
    ap.add_argument("--compare", type=Path, nargs=2)
    ap.add_argument("--changes", type=Path, nargs=2, help="the verdicts one dump has and the other not")
    ap.add_argument("--season", type=int, default=2025)
    args = ap.parse_args()
    if args.compare:
        sys.exit(1 if compare(*args.compare) else 0)
    if args.changes:
        changes(*args.changes)
        return
    dump(args.out or Path("/tmp/scoring_equality"), args.season)


if __name__ == "__main__":
    main()
