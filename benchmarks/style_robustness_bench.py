"""Style-robustness benchmark (issue #13): false contradictions on faithful answers.

Renders many faithful answers (``f1bench_pipeline_tests.robustness.styles``) over the instances
of a warehouse, scores them with the project's scorer and regex extractor
(``f1bench_pipeline_tests.robustness.check``) and prints, per style family (tuned and held-out
families apart) × language × decision type, the contradicted and unverifiable claim counts,
then the first failures with text excerpts. Every contradicted claim here accuses a faithful
answer. Figures are printed, never asserted.

Usage:
  python benchmarks/style_robustness_bench.py                      # builds the embedded sample (~15 s)
  python benchmarks/style_robustness_bench.py --warehouse /tmp/full/warehouse --n 6000
  python benchmarks/style_robustness_bench.py --styles outlap,gap_sign --failures 50 --json /tmp/fail.json
  python benchmarks/style_robustness_bench.py --warehouse /tmp/full/warehouse --styles blind   # the blind set (evaluate last)
  python benchmarks/style_robustness_bench.py --warehouse /tmp/full/warehouse --styles blind2  # the second blind set (final check)
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import polars as pl  # noqa: E402

from f1bench_pipeline_tests.robustness.check import Report, _aggregate, check  # noqa: E402
from f1bench_pipeline_tests.robustness.styles import BLIND, HELD_OUT, STYLES, faithful_answers  # noqa: E402

LANGS = ("en", "es", "pt")
DECISIONS = ("stint_strategy", "undercut", "overcut", "defense", "race_summary")


def build_sample(data_dir: Path) -> Path:
    """The embedded sample built through Dagster (no systems, no weather), as conftest does."""
    import dagster as dg

    from f1bench_pipeline.domains.f1.runs import build
    from f1bench_pipeline.domains.f1.settings import SAMPLE_CACHE_DIR, SAMPLE_MANIFEST
    from f1bench_pipeline.settings import Settings

    settings = Settings(data_dir=data_dir, fastf1_cache=SAMPLE_CACHE_DIR, offline=True, cache_manifest=SAMPLE_MANIFEST)
    with dg.DagsterInstance.ephemeral() as instance:
        build(settings=settings, instance=instance, progress=lambda _m: None, with_systems=False, with_other_domains=False)
    return Path(settings.warehouse_dir)


def read_instances(warehouse: Path) -> pl.DataFrame:
    from f1bench_pipeline.storage.warehouse import read_table

    return read_table(warehouse, "instances")


def _cell(counts: pl.DataFrame, **where: object) -> str:
    sub = counts
    for k, val in where.items():
        sub = sub.filter(pl.col(k) == val)
    if sub.is_empty():
        return "-"
    c, u, n = (int(sub[x].sum()) for x in ("contradicted", "unverifiable", "claims"))
    return f"{c}/{u} ({n})"


def _with_set(counts: pl.DataFrame) -> pl.DataFrame:
    """``set``: tuned, held-out or blind (the blind families are held out too, but reported apart)."""
    return counts.with_columns(
        pl.when(pl.col("family").is_in(sorted(BLIND))).then(pl.lit("blind"))
        .when(pl.col("held_out")).then(pl.lit("held-out")).otherwise(pl.lit("tuned")).alias("set"))


def print_pivot(report: Report, column: str, values: tuple[str, ...], title: str) -> None:
    """Rows: families (tuned, then held-out, then blind); columns: ``values`` of ``column``; cells
    contradicted/unverifiable (claims)."""
    counts = _with_set(report.counts)
    print(f"\n{title}: contradicted/unverifiable (claims)")
    head = f"{'family':<13} {'set':<8}" + "".join(f"{v:>22}" for v in values) + f"{'all':>22}  answers_with_contra"
    print(head)
    print("-" * len(head))
    for set_ in ("tuned", "held-out", "blind"):
        fams = sorted({f for f in counts.filter(pl.col("set") == set_)["family"].to_list()})
        for fam in fams:
            row = f"{fam:<13} {set_:<8}"
            row += "".join(f"{_cell(counts, family=fam, **{column: v}):>22}" for v in values)
            sub = counts.filter(pl.col("family") == fam)
            row += f"{_cell(counts, family=fam):>22}  {int(sub['answers_with_contradiction'].sum())}/{int(sub['answers'].sum())}"
            print(row)
        sub = counts.filter(pl.col("set") == set_)
        if not sub.is_empty():
            row = f"{'ALL':<13} {set_:<8}"
            row += "".join(f"{_cell(counts, set=set_, **{column: v}):>22}" for v in values)
            row += f"{_cell(counts, set=set_):>22}  {int(sub['answers_with_contradiction'].sum())}/{int(sub['answers'].sum())}"
            print(row)
            print("-" * len(head))


# The claim types of issue #44 (what the context states beyond the oracle, inserted entities).
NEW_TYPES = ("stint_pace", "stint_degradation", "pace_comparison", "stop_neutralisation", "relative_position",
             "position_change", "pit_lap_difference", "laps_to_go", "lap_pace", "entity")


def print_new_types(report: Report) -> None:
    """The new claim types' labels per type (all sets together): in faithful answers every one
    should be supported."""
    sub = report.claims.filter(pl.col("type").is_in(NEW_TYPES))
    print(f"\nClaims of the new types (#44): {sub.height}")
    if sub.height:
        with pl.Config(tbl_rows=-1, tbl_cols=-1, tbl_width_chars=200):
            print(sub.group_by("type").agg(
                pl.len().alias("claims"), (pl.col("label") == "supported").sum().alias("supported"),
                (pl.col("label") == "contradicted").sum().alias("contradicted"),
                (pl.col("label") == "unverifiable").sum().alias("unverifiable")).sort("type"))


def print_failures(report: Report, n: int) -> None:
    by_type = Counter((f["type"], f["family"]) for f in report.failures)
    print("\nContradicted claims by claim type and family (top 40):")
    for (t, fam), k in by_type.most_common(40):
        print(f"  {k:>5}  {t:<16} {fam}{' (held-out)' if fam in HELD_OUT else ' (blind)' if fam in BLIND else ''}")
    print(f"\nFirst {min(n, len(report.failures))} of {len(report.failures)} contradicted claims:")
    for f in report.failures[:n]:
        print(f"- [{f['family']}{'**' if f['family'] in BLIND else '*' if f['held_out'] else ''} {f['lang']} {f['decision_type']}] {f['type']} "
              f"{json.dumps(f['slots'], ensure_ascii=False)}")
        print(f"    reason: {f['reason']}")
        print(f"    text:   {f['excerpt']}")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--warehouse", type=Path, help="an existing warehouse (default: build the embedded sample)")
    ap.add_argument("--n", type=int, default=6000, help="answers to render (default 6000 = 300 per style)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--styles", help=f"comma-separated subset of: {','.join(STYLES)}; or blind families "
                                     f"({','.join(sorted(BLIND))}), 'blind' for all of them; 'blind2' for the second "
                                     f"blind set")
    ap.add_argument("--failures", type=int, default=25, help="failures to print with excerpts")
    ap.add_argument("--json", type=Path, help="write every failure (with its full answer) to this JSON file")
    args = ap.parse_args(argv)

    t0 = time.perf_counter()
    if args.warehouse:
        instances = read_instances(args.warehouse)
    else:
        with tempfile.TemporaryDirectory(prefix="f1bench_style_") as tmp:
            instances = read_instances(build_sample(Path(tmp)))
        print(f"built the embedded sample in {time.perf_counter() - t0:.1f} s")
    n_ids = instances.select("id", "lang").unique().height
    t1 = time.perf_counter()
    styles = args.styles.split(",") if args.styles else None
    answers = faithful_answers(instances, args.n, args.seed, styles)
    t2 = time.perf_counter()
    report = check(instances, answers)
    t3 = time.perf_counter()
    print(f"{len(answers)} faithful answers over {n_ids} instance×language rows, seed {args.seed}: "
          f"rendered in {t2 - t1:.1f} s, scored in {t3 - t2:.1f} s")
    print(f"held-out families: {', '.join(sorted(HELD_OUT))}")
    if any(a["family"] in BLIND for a in answers):
        print(f"blind families: {', '.join(sorted(BLIND))}")

    print_pivot(report, "lang", LANGS, "Per family × language")
    print_pivot(report, "decision_type", DECISIONS, "Per family × decision type")
    print("\nCounts per family × language:")
    with pl.Config(tbl_rows=-1, tbl_cols=-1, tbl_width_chars=200):
        print(_aggregate(_with_set(report.counts), ["set", "family", "lang"]).select(
            "set", "family", "lang", "answers", "claims", "contradicted", "unverifiable", "answers_with_contradiction"))
    tot = _aggregate(_with_set(report.counts), ["set"])
    print("\nTotals per set (tuned / held-out / blind families):")
    with pl.Config(tbl_cols=-1, tbl_width_chars=200):
        print(tot.select("set", "answers", "claims", "supported", "contradicted", "unverifiable",
                         "answers_with_contradiction", "contradicted_rate", "answer_fail_rate"))
    print_new_types(report)
    print_failures(report, args.failures)
    if args.json:
        args.json.write_text(json.dumps(report.failures, ensure_ascii=False, indent=1))
        print(f"\nwrote {len(report.failures)} failures to {args.json}")


if __name__ == "__main__":
    main()
