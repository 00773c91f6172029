"""The instrument on real answers no one labelled: contradicted claims, claims per answer, by model.

Reads a JSONL of real answers (``../shared/data/paper_generations/more.jsonl`` by default: the two
dev models' cover-all answers and a 3B open model's answers before and after fine-tuning; or
``dev.jsonl``), extracts and verifies every answer whose id our 2025 instances hold, and prints
per model and language: answers, claims per answer, contradicted and unverifiable claims.

**The held-out part.** ``more.jsonl`` is split by question: an id whose SHA-256 is 0 mod 3 is
held out (about a third of the questions, for every model). Tuning looks at the ``tune`` part
only (``--split tune --list`` prints every contradicted claim with its sentence, to classify by
hand); the ``heldout`` part is measured, counts only, before and after a change
(``--split heldout``; ``--list`` is refused there so its sentences are not read while tuning).

**Which contradictions are the context's.** The published answers were given the paper's
context, which counted every pit-lane entry as a stop; ours does not count a pass on the same set
(under a safety car, a drive-through). A contradicted pit lap, tyre change, stop count or stint
bound of a driver is counted as ``ctx`` (not the instrument's error) when FastF1's own timing
(``raw_laps``) records that driver entering the pits on that lap, or that many pit entries, while
our context has no such stop. The rest are listed for a person to classify.

Figures are printed, never asserted. Usage:
    python benchmarks/real_text_bench.py --warehouse /tmp/full/warehouse [--file F] [--split tune|heldout|all]
        [--list [--flagged]] [--json]
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

import polars as pl  # noqa: E402

from f1bench_pipeline.domains.f1.extract import extract_claims  # noqa: E402
from f1bench_pipeline.domains.f1.verifier import verify_claim  # noqa: E402
from f1bench_pipeline.domains import get_domain  # noqa: E402
from f1bench_pipeline.storage.warehouse import read_table  # noqa: E402

MORE = REPO.parent / "shared" / "data" / "paper_generations" / "more.jsonl"


def held_out(instance_id: str) -> bool:
    """A third of the questions, the same for every model, fixed before any tuning."""
    return int(hashlib.sha256(instance_id.encode()).hexdigest(), 16) % 3 == 0


def _sentence(text: str, start: int, end: int) -> str:
    a = max(text.rfind("\n", 0, start), text.rfind(". ", 0, start) + 1, 0)
    b = [i for i in (text.find("\n", end), text.find(". ", end)) if i >= 0]
    return text[a:min(b) if b else len(text)].strip()


def pit_entries(warehouse: Path) -> dict[tuple[str, str], set[int]]:
    """(event, driver) -> laps on which FastF1's timing has the driver entering the pits."""
    laps = read_table(warehouse, "raw_laps", {"season": 2025})
    out: dict[tuple[str, str], set[int]] = {}
    if laps.is_empty():
        return out
    for ev, d, lap in laps.filter(pl.col("pit_in_time_s").is_not_null()).select(
            "event", "driver", "lap_number").iter_rows():
        out.setdefault((ev, d), set()).add(int(lap))
    return out


def context_difference(claim, iid: str, entries: dict[tuple[str, str], set[int]]) -> bool:
    """The claim states a pit-lane entry (or their count) that the timing has and our context does
    not count as a stop: the published context, which counted them, is what the model answered."""
    event = iid.split("::")[0].split("_", 1)[1].replace("_", " ")
    sl = claim.slots
    laps = entries.get((event, sl.get("driver", "")), set())
    if not laps:
        return False
    if claim.type in ("pit_lap", "compound_change") and sl.get("lap") is not None:
        return int(sl["lap"]) in laps or int(sl["lap"]) - 1 in laps
    if claim.type == "n_stops":
        return int(sl["n"]) == len(laps)
    if claim.type == "stint_laps" and (sl.get("start_lap") or sl.get("end_lap")):
        return (sl.get("start_lap") or 0) - 1 in laps or (sl.get("end_lap") or 0) in laps
    return False


def _print_claim(key: str, n: int, iid: str, text: str, cl, v, tag: str = "") -> None:
    span = cl.span.text if cl.span else ""
    sent = _sentence(text, cl.span.start, cl.span.end) if cl.span else ""
    print(f"[{key} line {n}] {iid}{tag}\n    {cl.type} {cl.slots} | {span!r}\n    {v.reason}\n"
          f"    > {sent[:300]!r}")


def evaluate(warehouse: Path, path: Path, split: str, listing: bool, flagged: bool = False,
             collect: list | None = None) -> dict:
    """``listing``: print every contradicted claim not explained by the context; ``flagged`` (with
    it): also the contradicted ones counted ``of ctx`` (tagged) and every unverifiable claim.
    ``collect``: every flagged claim is appended as (id, model, type, slots, label)."""
    instances = read_table(warehouse, "instances", {"season": 2025})
    entries = pit_entries(warehouse)
    if instances.is_empty():
        raise SystemExit(f"no 2025 instances in {warehouse}: build the 2025 season first")
    index = get_domain("f1").index(instances.filter(pl.col("variant") == "default"))
    out: dict[str, Counter] = {}
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        row = json.loads(line)
        iid, text = row.get("id"), row.get("text")
        if not isinstance(text, str) or not text.strip():
            continue
        if split != "all" and path.name == "more.jsonl" and held_out(iid) != (split == "heldout"):
            continue
        key = f"{row.get('model')}|{row.get('lang')}"
        c = out.setdefault(key, Counter())
        if iid not in index:
            c["missing"] += 1
            continue
        ctx = index.get(iid)
        _oracle, idx, entities = ctx.oracle, ctx.verify_context, ctx.extract_context
        lang = row.get("lang") or "en"
        claims = extract_claims(text, lang, entities)
        c["answers"] += 1
        c["claims"] += len(claims)
        for cl in claims:
            v = verify_claim(cl, idx)
            c[v.label] += 1
            if collect is not None and v.label in ("contradicted", "unverifiable"):
                collect.append((iid, row.get("model"), cl.type, cl.slots, v.label))
            if v.label == "contradicted" and context_difference(cl, iid, entries):
                c["contradicted_ctx"] += 1
                if listing and flagged:
                    _print_claim(key, n, iid, text, cl, v, " (contradicted, of ctx)")
                continue
            if v.label == "contradicted" and listing:
                _print_claim(key, n, iid, text, cl, v, " (contradicted)" if flagged else "")
            if v.label == "unverifiable" and listing and flagged:
                _print_claim(key, n, iid, text, cl, v, " (unverifiable)")
    return dict(sorted(out.items()))


def classified(path: Path) -> dict[tuple, str]:
    """(id, model, type, slots as JSON) -> class, from a hand classification's "Every claim" table
    (``benchmarks/gold/cover_all_classification.md``)."""
    out: dict[tuple, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.split(" | ")]
        if len(cells) < 8 or not cells[0].lstrip("| ").isdigit():
            continue
        ctype, _, slots = cells[4].partition(" ")
        out[(cells[1], cells[2], ctype, json.dumps(json.loads(slots), sort_keys=True))] = cells[6]
    return out


def classification_report(table: dict[tuple, str], flags: list) -> None:
    """How many claims of each hand-classified kind are still flagged, and how many flags are new
    (not in the table: to be read with --list --flagged and classified)."""
    models = {k[1] for k in table}
    now = {(i, m, t, json.dumps(sl, sort_keys=True)) for i, m, t, sl, _lab in flags if m in models}
    before = Counter(table.values())
    still = Counter(cls for key, cls in table.items() if key in now)
    print(f"\n{'class (hand-classified before)':<32}{'before':>8}{'still flagged':>15}")
    for cls in sorted(before):
        print(f"{cls:<32}{before[cls]:8d}{still[cls]:15d}")
    new = sorted(now - set(table))
    print(f"{'new flags (not classified)':<32}{'':>8}{len(new):15d}")


def report(results: dict) -> None:
    print(f"{'model|lang':<28}{'answers':>8}{'claims/ans':>11}{'contra':>8}{'of ctx':>8}{'unverif':>8}{'C share':>9}")
    tot: Counter = Counter()
    for key, c in results.items():
        tot.update(c)
        _row(key, c)
    _row("all", tot)


def _row(key: str, c: Counter) -> None:
    cpa = c["claims"] / c["answers"] if c["answers"] else 0.0
    share = c["contradicted"] / c["claims"] if c["claims"] else 0.0
    print(f"{key[:28]:<28}{c['answers']:8d}{cpa:11.2f}{c['contradicted']:8d}{c['contradicted_ctx']:8d}"
          f"{c['unverifiable']:8d}{share:9.2%}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--warehouse", type=Path, default=REPO / "data" / "warehouse")
    ap.add_argument("--file", type=Path, default=MORE)
    ap.add_argument("--split", choices=("tune", "heldout", "all"), default="tune")
    ap.add_argument("--list", action="store_true", help="print every contradicted claim (not on the held-out part)")
    ap.add_argument("--flagged", action="store_true",
                    help="with --list: also the unverifiable claims and the contradicted ones counted of ctx")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--classified", type=Path,
                    help="a hand classification of the flagged claims (benchmarks/gold/cover_all_classification.md): "
                         "print how many of each class are still flagged")
    args = ap.parse_args()
    if args.list and args.split != "tune" and args.file.name == "more.jsonl":
        raise SystemExit("--list reads the sentences: only on --split tune of more.jsonl")
    flags: list = []
    results = evaluate(args.warehouse, args.file, args.split, args.list, args.flagged, flags)
    report(results)
    if args.classified:
        classification_report(classified(args.classified), flags)
    if args.json:
        print(json.dumps({k: dict(v) for k, v in results.items()}, indent=1))


if __name__ == "__main__":
    main()
