"""Freeze the scoring path's behaviour: dump every claim and every score, then compare dumps.

Used to prove that a speed-up changes nothing: run it before the change (``--out before``),
after it (``--out after``), then ``--compare before after`` lists every differing line.

Sections (one JSON line per item, sorted keys; a sha256 per section is printed):

* ``extract``: every dev.jsonl text (../shared/data/paper_generations/dev.jsonl) in its own
  language without entities, with the instance's entities and with ``driver_teams`` when the
  id is a 2025 instance, in the "every vocabulary" language ``xx``, and three perturbed copies
  (upper case, lower case, cut at two thirds) -- each claim as (type, slots, span);
* ``gold``: the 48 gold answers with their context's drivers (as extractor_bench.py does);
* ``score``: ``score_generations`` over the dev generations with an instance (claims and
  scores tables, every column), plus a hash of the instances frame read (so a changed
  warehouse shows up as an input change, not as a behaviour change).

Usage:
    python benchmarks/extractor_snapshot.py --out /tmp/snap_before
    python benchmarks/extractor_snapshot.py --compare /tmp/snap_before /tmp/snap_after
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import polars as pl  # noqa: E402  (after the sys.path insert above)

from f1bench_pipeline.domains.f1.extract import _extract  # noqa: E402

SHARED = REPO.parent / "shared" / "data" / "paper_generations"
DEV = SHARED / "dev.jsonl"
SECTIONS = ("extract", "gold", "score")
# A fixed driver -> team map, so the "the Ferrari driver" / teammate rules run too.
TEAMS = {"LEC": "Ferrari", "HAM": "Ferrari", "VER": "Red Bull Racing", "NOR": "McLaren", "PIA": "McLaren",
         "ALO": "Aston Martin", "STR": "Aston Martin", "OCO": "Haas F1 Team", "BEA": "Haas F1 Team",
         "GAS": "Alpine F1 Team", "DOO": "Alpine F1 Team", "COL": "Alpine F1 Team", "SAI": "Williams",
         "ALB": "Williams", "RUS": "Mercedes", "ANT": "Mercedes", "TSU": "Red Bull Racing", "LAW": "RB F1 Team",
         "HAD": "RB F1 Team", "HUL": "Sauber", "BOR": "Sauber", "MAG": "Haas F1 Team", "PER": "Red Bull Racing"}


def _claims(claims) -> list:
    return [[c.type, c.slots, [c.span.start, c.span.end, c.span.text] if c.span else None, c.extractor]
            for c in claims]


def _line(obj) -> str:
    return json.dumps(obj, sort_keys=True, ensure_ascii=False)


def extract_section(rows: list[dict], entities: dict[str, dict]) -> list[str]:
    out = []
    for n, r in enumerate(rows):
        text, lang = r.get("text"), r["lang"]
        if not text:
            continue
        ent = entities.get(r["id"])
        runs = [("plain", text, lang, None, None), ("xx", text, "xx", None, None),
                ("upper", text.upper(), lang, None, None), ("lower", text.lower(), lang, None, None),
                ("cut", text[: len(text) * 2 // 3], lang, None, None)]
        if ent is not None:
            teams = {d: TEAMS[d] for d in ent.get("drivers", []) if d in TEAMS}
            runs += [("entities", text, lang, ent, None), ("teams", text, lang, ent, teams)]
        for tag, t, lg, e, dt in runs:
            out.append(_line({"n": n, "id": r["id"], "model": r["model"], "lang": lang, "run": tag,
                              "claims": _claims(_extract(t, lg, e, dt))}))
    return out


def gold_section() -> list[str]:
    from f1bench_pipeline.domains.f1.gold import load_gold

    out = []
    for lang in ("en", "es", "pt"):
        if not (SHARED / "gold_dev").exists():
            break
        for _g, item in load_gold(SHARED / "gold_dev", lang):
            ent = {"drivers": list(dict.fromkeys(re.findall(r"Driver ([A-Z]{3})\b", item.get("context_text", "")))),
                   "teams": []}
            out.append(_line({"lang": lang, "text": item["text"][:60], "claims": _claims(_extract(item["text"], lang, ent))}))
    return out


def score_section(rows: list[dict], instances: pl.DataFrame) -> list[str]:
    from f1bench_pipeline.domains.f1.extract import extract_claims
    from f1bench_pipeline.domains import get_domain
    from f1bench_pipeline.domains.scoring import score_generations

    if instances.is_empty():
        return []
    ids = set(instances["id"].to_list())
    mine = [r for r in rows if r["id"] in ids]
    gens = pl.DataFrame([{"id": r["id"], "model": r["model"], "lang": r["lang"], "text": r.get("text")} for r in mine],
                        schema={"id": pl.Utf8, "model": pl.Utf8, "lang": pl.Utf8, "text": pl.Utf8})
    claims, scores = score_generations(get_domain("f1"), gens, instances, extract_claims, "regex")
    inst_hash = hashlib.sha256(instances.sort("id").select("id", "facts", "context_facts", "entities")
                               .write_ndjson().encode()).hexdigest()
    out = [_line({"instances_sha256": inst_hash, "rows": instances.height}),
           _line({"claims_schema": str(claims.schema), "scores_schema": str(scores.schema)})]
    out += [_line({"claim": r}) for r in claims.iter_rows(named=True)]
    out += [_line({"score": r}) for r in scores.iter_rows(named=True)]
    return out


def dump(out_dir: Path) -> None:
    sys.path.insert(0, str(REPO / "benchmarks"))
    from scoring_bench import load_instances

    with open(DEV, encoding="utf-8") as fh:
        rows = [json.loads(x) for x in fh if x.strip()]
    instances = load_instances(2025)
    entities: dict[str, dict] = {}
    if not instances.is_empty():
        for r in instances.select("id", "entities").unique(subset=["id"], keep="first").iter_rows(named=True):
            entities[r["id"]] = json.loads(r["entities"])
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, lines in (("extract", extract_section(rows, entities)), ("gold", gold_section()),
                        ("score", score_section(rows, instances))):
        text = "\n".join(lines) + "\n"
        (out_dir / f"{name}.jsonl").write_text(text, encoding="utf-8")
        print(f"{name:8s} {len(lines):6d} lines  sha256 {hashlib.sha256(text.encode()).hexdigest()}")


def compare(a: Path, b: Path, limit: int = 20, sections: tuple[str, ...] = SECTIONS) -> int:
    """Print how the dumps in folders ``a`` and ``b`` differ, section by section; the number of lines that do."""
    n_diff = 0
    for name in sections:
        la = (a / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
        lb = (b / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
        diffs = [i for i in range(max(len(la), len(lb))) if (la[i:i + 1] or [None]) != (lb[i:i + 1] or [None])]
        print(f"{name:8s} {len(la):6d} vs {len(lb):6d} lines: {'identical' if not diffs else f'{len(diffs)} differ'}")
        for i in diffs[:limit]:
            print(f"  line {i}:\n    - {la[i] if i < len(la) else None}\n    + {lb[i] if i < len(lb) else None}")
        n_diff += len(diffs)
    return n_diff


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", type=Path)
    ap.add_argument("--compare", type=Path, nargs=2)
    args = ap.parse_args()
    if args.compare:
        sys.exit(1 if compare(*args.compare) else 0)
    dump(args.out or Path("/tmp/extractor_snapshot"))


if __name__ == "__main__":
    main()
