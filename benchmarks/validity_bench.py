"""The instrument against the human gold: does f1bench report what a careful reader finds?

On the 48 hand-annotated dev answers (``../shared/data/paper_generations/gold_dev``, 16 per
language, DeepSeek-V3.2 and gpt-5.4-mini), each answer is extracted and verified against its
instance in a full-build warehouse (the 2025 season), then compared with the gold:

* the share of claims labelled contradicted or unverifiable, gold vs ours (all claim types);
* every claim we label contradicted, classified by cause:
  - ``true``: it matches a gold claim (same type, key slots) the annotator also found
    contradicted, or overlaps the span of a gold ``other`` claim found contradicted;
  - ``verification``: it matches a gold claim the annotator found supported (we read the
    context more strictly than it supports);
  - ``extraction``: it matches no gold claim of that type and slots (a number or name read
    into the wrong slot or the wrong claim type) — the worst kind: it accuses a faithful model;
* claim-level recall of the gold's declared (non-``other``) claims, and claims per answer.

The model saw the published context (the gold item's ``context_text``); ours can differ for the
same id (another stop of the same pair was chosen, a gap measured at other laps). An answer whose
published pit laps differ from our instance's is reported on its own row (``ctx≠``): judging it
against our context says nothing about the instrument.

**Other gold sets.** ``--gold PATH`` (repeatable) names a gold set: a ``gold_dev``-style folder
(``gold_<lang>.jsonl`` beside ``items_<lang>.json``) or one gold JSONL whose items are
``items_<stem>.json`` beside it (``benchmarks/gold/``, the cover-all answers, same format). By default
the dev gold and ``benchmarks/gold/cover_all_tune_en.jsonl``; the held-out file
(``benchmarks/gold/cover_all_heldout_en.jsonl``) is always its own group, counts only (``--verbose``
lists nothing of it: see benchmarks/gold/README.md), and is left out with ``--no-heldout``. An answer
whose gold ``annotator_note`` contains ``ctx≠`` (the annotator saw that it answered another context)
goes on the ``ctx≠`` row like one whose published pit laps differ.

A second table gives, per set and language, precision as the human computes it (supported / all claims
of the gold, mean over answers) against ours (supported / our claims, the leaderboard's mean), and the
extraction's precision on declared types (our claims matched to a gold claim / our claims).

Figures are printed, never asserted. Usage:
    python benchmarks/validity_bench.py --warehouse /tmp/full/warehouse [--verbose] [--gold PATH ...]
        [--no-heldout] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import polars as pl  # noqa: E402

from f1bench_pipeline.domains.f1.claims import ClaimType  # noqa: E402
from f1bench_pipeline.domains.f1.extract import extract_claims  # noqa: E402
from f1bench_pipeline.domains.f1.gold import load_gold, match_claims  # noqa: E402
from f1bench_pipeline.domains import get_domain  # noqa: E402
from f1bench_pipeline.domains.base import InstanceIndex  # noqa: E402
from f1bench_pipeline.domains.f1.verifier import verify_claim  # noqa: E402
from f1bench_pipeline.storage.warehouse import read_table  # noqa: E402

GOLD = REPO.parent / "shared" / "data" / "paper_generations" / "gold_dev"
OUR_GOLD = REPO / "benchmarks" / "gold"
DEFAULT_SETS = (GOLD, OUR_GOLD / "cover_all_tune_en.jsonl")
HELDOUT = OUR_GOLD / "cover_all_heldout_en.jsonl"
LANGS = ("en", "es", "pt")
BAD = ("contradicted", "unverifiable")
CTX_NOTE = "ctx≠"  # in a gold annotator_note: the answer answered another context than our instance's


def load_set(path: Path) -> list[tuple[str, dict, dict]]:
    """(lang, gold line, item) of a gold set: a gold_dev-style folder, or a gold JSONL with its
    ``items_<stem>.json`` beside it."""
    path = Path(path)
    if path.is_dir():
        return [(lang, g, it) for lang in LANGS if (path / f"gold_{lang}.jsonl").exists()
                for g, it in load_gold(path, lang)]
    items_path = path.with_name(f"items_{path.stem}.json")
    items = {(it["id"], it["model"]): it for it in json.loads(items_path.read_text(encoding="utf-8"))}
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.strip():
            g = json.loads(line)
            if (g["id"], g["model"]) not in items:
                raise SystemExit(f"{path}, line {n}: no item {g['id']!r} / {g['model']!r} in {items_path.name}")
            out.append((g.get("lang") or "en", g, items[(g["id"], g["model"])]))
    return out


def set_name(path: Path) -> str:
    return "dev gold" if Path(path).resolve() == GOLD.resolve() else Path(path).stem


def _span_of(text: str, span: str) -> tuple[int, int]:
    at = text.find(span)
    return (at, at + len(span)) if at >= 0 else (-1, -1)


def _same_context(item: dict, oracle_and_context: list) -> bool:
    """The published context's pit laps are the ones our instance's context holds."""
    gt = item.get("ground_truth") or {}
    published = {(p["driver"], p["lap"]) for p in gt.get("pit_stops", [])}
    if gt.get("attacker"):
        published |= {(gt["attacker"], gt["attacker_pit_lap"]), (gt["defender"], gt["defender_pit_lap"])}
    ours = {(f.key["driver"], f.value["lap"]) for f in oracle_and_context if f.type == "pit_lap"}
    if not published <= ours:
        return False
    gaps = [float(f.value["seconds"]) for f in oracle_and_context if f.type == "gap"]
    for key in ("gap_before_s", "gap_after_s"):  # measured at the same laps: the same sizes
        if gt.get(key) is not None and not any(abs(abs(float(gt[key])) - g) <= 0.05 for g in gaps):
            return False
    return True


def _index(warehouse: Path) -> InstanceIndex:
    instances = read_table(warehouse, "instances", {"season": 2025})
    if instances.is_empty():
        raise SystemExit(f"no 2025 instances in {warehouse}: build the full season first (make full)")
    return get_domain("f1").index(instances.filter(pl.col("variant") == "default"))


def evaluate(warehouse: Path, verbose: bool = False, gold: Path = GOLD, index: InstanceIndex | None = None) -> dict:
    """Counts per language row of one gold set (``verbose``: list the claims behind them)."""
    index = index if index is not None else _index(warehouse)
    out: dict = {}
    for lang, g, item in load_set(gold):
        if g["id"] not in index:
            out.setdefault("missing instance", Counter())["answers"] += 1
            continue
        ctx = index.get(g["id"])
        _oracle, idx, entities = ctx.oracle, ctx.verify_context, ctx.extract_context
        same = (_same_context(item, [f for fs in idx.by_type.values() for f in fs])
                and CTX_NOTE not in (g.get("annotator_note") or ""))
        if not same:
            c = out.setdefault(f"{lang} ctx≠", Counter())
        else:
            c = out.setdefault(lang, Counter())
        c["answers"] += 1
        claims = extract_claims(item["text"], lang, entities)
        verdicts = [verify_claim(cl, idx) for cl in claims]
        _precision(c, g, claims, verdicts)
        c["gold_claims"] += len(g["claims"])
        c["gold_bad"] += sum(gc["label"] in BAD for gc in g["claims"])
        typed_gold = [gc for gc in g["claims"] if gc["type"] != "other"]
        c["gold_typed"] += len(typed_gold)
        c["gold_typed_bad"] += sum(gc["label"] in BAD for gc in typed_gold)
        c["ours_claims"] += len(claims)
        c["ours_bad"] += sum(v.label in BAD for v in verdicts)
        c["ours_contradicted"] += sum(v.label == "contradicted" for v in verdicts)
        c["gold_contradicted"] += sum(gc["label"] == "contradicted" for gc in g["claims"])
        declared = [gc for gc in g["claims"] if gc["type"] != "other"]
        typed = [cl for cl in claims if cl.type != "other" and cl.type not in _BEYOND]  # (the gold's "other": ontology_bench)
        matches, missed, _spurious = match_claims(declared, typed)
        c["gold_declared"] += len(declared)
        c["matched"] += len(matches)
        c["ours_typed"] += len(typed)
        gold_of = {id(p): gc for gc, p in matches}
        if verbose:
            for gc in missed:
                print(f"[{lang}{'' if same else ' ctx≠'}] missed       {g['id']} {g['model']}\n"
                      f"    {gc['type']} {gc['slots']} | {gc['span']!r}")
        bad_other = [_span_of(item["text"], gc["span"]) for gc in g["claims"]
                     if gc["type"] == "other" and gc["label"] == "contradicted"]
        # a new-type claim may read what the gold wrote in a declared claim: "(BEA ainda atrás)" is the
        # sign of a gap the gold labels contradicted, and our order claim on the same words is that error
        bad_typed = [_span_of(item["text"], gc["span"]) for gc in declared if gc["label"] == "contradicted"]
        for cl, v in zip(claims, verdicts):
            if v.label == "unverifiable" and verbose:
                gc = gold_of.get(id(cl))
                print(f"[{lang}] unverifiable {g['id']} {g['model']}\n    {cl.type} {cl.slots} | "
                      f"{cl.span.text if cl.span else ''!r}\n    {v.reason}" + (f"\n    gold: {gc['label']}" if gc else ""))
            if v.label != "contradicted":
                continue
            gc = gold_of.get(id(cl))
            bad = bad_other + bad_typed if cl.type in _BEYOND else bad_other
            if gc is None and cl.span and any(a < cl.span.end and cl.span.start < b for a, b in bad):
                cause = "true"
            else:
                cause = "extraction" if gc is None else ("true" if gc["label"] == "contradicted" else "verification")
            c[f"contradicted_{cause}"] += 1
            if verbose and cause != "true":
                span = cl.span.text if cl.span else ""
                print(f"[{lang}{'' if same else ' ctx≠'}] {cause:12s} {g['id']} {g['model']}\n    {cl.type} {cl.slots} | {span!r}\n"
                      f"    {v.reason}" + (f"\n    gold: {gc['label']} {gc['slots']}" if gc else ""))
    return dict(sorted(out.items(), key=lambda kv: (" " in kv[0], kv[0])))


# the claim types beyond the paper's ontology (claims.py, after "other"): the gold labels them "other"
_BEYOND = frozenset(ClaimType.__args__[ClaimType.__args__.index("other") + 1:])  # type: ignore[attr-defined]


def _precision(c: Counter, g: dict, claims: list, verdicts: list) -> None:
    """Per-answer precision sums (x 1e6, Counter-friendly): the human's over the gold's claims, ours over
    our claims (an answer with no claim is left out, as the leaderboard leaves out abstentions)."""
    if g["claims"]:
        c["p_gold_n"] += 1
        c["p_gold_sum"] += round(1e6 * sum(gc["label"] == "supported" for gc in g["claims"]) / len(g["claims"]))
    if claims:
        c["p_ours_n"] += 1
        c["p_ours_sum"] += round(1e6 * sum(v.label == "supported" for v in verdicts) / len(claims))


def report(results: dict, title: str = "Validity against the dev gold (48 answers; all claim types)") -> None:
    print(f"\n{title}")
    print(f"{'lang':<8}{'answers':>8}{'gold claims':>12}{'gold C+U':>10}{'typed':>7}{'ours claims':>12}{'ours C+U':>10}"
          f"{'contra':>8}{'true':>6}{'verif':>7}{'extract':>9}{'recall':>8}")
    tot = Counter()
    for lang, c in results.items():
        if lang in LANGS:
            tot.update(c)
        _row(lang, c)
    _row("all", tot)
    print("    rows en/es/pt/all: answers whose published context has our instance's pit laps; 'ctx≠': the model")
    print("    saw other pit laps than our instance holds (not the instrument's error); 'missing': no such id here")
    print("    C+U = share of claims labelled contradicted or unverifiable; typed = the gold's share over its claims of")
    print("    the declared types (not 'other', which the regex extractor never emits); contra = our contradicted claims,")
    print("    split by cause (true / verification too strict / extraction error); recall = gold declared claims matched")


def _row(name: str, c: Counter) -> None:
    g = c["gold_bad"] / c["gold_claims"] if c["gold_claims"] else 0.0
    o = c["ours_bad"] / c["ours_claims"] if c["ours_claims"] else 0.0
    gt = c["gold_typed_bad"] / c["gold_typed"] if c["gold_typed"] else 0.0
    r = c["matched"] / c["gold_declared"] if c["gold_declared"] else 0.0
    print(f"{name[:8]:<8}{c['answers']:8d}{c['gold_claims']:12d}{g:10.1%}{gt:7.1%}{c['ours_claims']:12d}{o:10.1%}"
          f"{c['ours_contradicted']:8d}{c['contradicted_true']:6d}{c['contradicted_verification']:7d}"
          f"{c['contradicted_extraction']:9d}{r:8.3f}")


def report_precision(sets: dict[str, dict]) -> None:
    print("\nPrecision as the human computes it vs ours (mean over answers; rows as above)")
    print(f"{'set':<22}{'lang':<9}{'answers':>8}{'P human':>9}{'P ours':>8}{'ours-hum':>9}{'extract P':>10}")
    for name, results in sets.items():
        tot: Counter = Counter()
        for lang, c in results.items():
            if lang in LANGS:
                tot.update(c)
            if c["answers"] and lang != "missing instance":
                _prow(name, lang, c)
        _prow(name, "all", tot)
    print("    P human = supported / all gold claims per answer (every type, 'other' included); P ours = supported /")
    print("    our claims per answer (the leaderboard's precision); extract P = our claims of the declared types matched")
    print("    to a gold claim (same type and key slots) / our claims of those types")


def _prow(name: str, lang: str, c: Counter) -> None:
    ph = c["p_gold_sum"] / 1e6 / c["p_gold_n"] if c["p_gold_n"] else 0.0
    po = c["p_ours_sum"] / 1e6 / c["p_ours_n"] if c["p_ours_n"] else 0.0
    ep = c["matched"] / c["ours_typed"] if c["ours_typed"] else 0.0
    print(f"{name[:21]:<22}{lang[:8]:<9}{c['answers']:8d}{ph:9.3f}{po:8.3f}{po - ph:+9.3f}{ep:10.3f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--warehouse", type=Path, default=REPO / "data" / "warehouse")
    ap.add_argument("--verbose", action="store_true", help="list the claims behind the counts (never of a held-out set)")
    ap.add_argument("--gold", type=Path, action="append",
                    help="a gold set (folder or gold JSONL; repeatable; default: the dev gold and cover_all_tune_en)")
    ap.add_argument("--no-heldout", action="store_true", help=f"leave out the held-out group ({HELDOUT.name})")
    ap.add_argument("--json", action="store_true", help="print the counts as JSON too")
    args = ap.parse_args()
    index = _index(args.warehouse)
    paths = list(args.gold or DEFAULT_SETS)
    if not args.no_heldout and HELDOUT.exists() and HELDOUT.resolve() not in {p.resolve() for p in paths}:
        paths.append(HELDOUT)
    sets: dict[str, dict] = {}
    for path in paths:
        name = set_name(path)
        held = "heldout" in path.name
        results = evaluate(args.warehouse, args.verbose and not held, path, index)
        n = sum(c["answers"] for c in results.values())
        report(results, "Validity against the dev gold (48 answers; all claim types)" if name == "dev gold" else
               f"Validity against {name} ({n} answers; all claim types{'; held out: counts only' if held else ''})")
        sets[name] = results
    report_precision(sets)
    if args.json:
        print(json.dumps({name: {k: dict(v) for k, v in r.items()} for name, r in sets.items()}, indent=1))


if __name__ == "__main__":
    main()
