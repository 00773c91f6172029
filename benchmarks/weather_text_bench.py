"""The weather extractor and verifier on the NWS's own forecast text and on the offline template sets
(figures printed, never asserted).

* ``reference``: each record's NWS ``detailedForecast`` (real prose, never shown to a model), English,
  scored against its own record: claims by type and label, the key facts covered (per fact type), and
  every contradicted claim listed with the record's fact (``--list``) — a faithful text should have none.
* ``class-style``: the wordings of issue #43's classes 13 and 14 on every record × EN/ES/PT
  (``f1bench_pipeline_tests/weather_class_style.py``): faithful ones must be all supported, the
  perturbed "no chance of rain" on a wet record contradicted.
* ``templates``: the faithful / noisy / terse templates on all 490 records × EN/ES/PT × both prompts:
  precision, recall and contradicted claims per system (faithful must stay 1.000 with 0 contradicted;
  noisy must fall).

    PYTHONPATH=$PWD .venv/bin/python benchmarks/weather_text_bench.py [--list]

Runs on any checkout (the "before" tree too): it only uses the weather domain's public entry points.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--list", action="store_true", help="print every contradicted and unverifiable reference claim")
    ap.add_argument("--dump", type=Path, help="write every reference claim (id, type, slots, span, label) to this file")
    args = ap.parse_args()
    import polars as pl

    from f1bench_pipeline.domains import get_domain
    from f1bench_pipeline.domains.scoring import score_generations
    from f1bench_pipeline.domains.weather import sources
    from f1bench_pipeline.domains.weather.records import load_records

    weather = get_domain("weather")
    records = load_records(sources.SAMPLE_FILE)
    instances = weather.instance_rows(records, batch="bench")
    by_id = {r.id: r for r in records}

    t0 = time.perf_counter()
    rows = instances.filter((pl.col("lang") == "en") & (pl.col("variant") == "default"))
    gens = rows.select("id", "lang", "variant", pl.col("reference").alias("text")).with_columns(
        pl.lit("nws-reference").alias("model"), pl.lit("ok").alias("status"))
    claims, scores = score_generations(weather, gens, instances)
    print(f"NWS reference texts: {gens.height} records, {claims.height} claims "
          f"({time.perf_counter() - t0:.1f} s)")
    table = claims.group_by("type", "label").len().sort("type", "label")
    for r in table.iter_rows(named=True):
        print(f"  {r['type']:<15} {r['label']:<13} {r['len']:>4}")
    labels = claims["label"].value_counts().rows()
    print("  all:", dict(sorted(labels)))
    covered = scores.select(pl.col("covered_facts").explode()).drop_nulls()["covered_facts"]
    kinds: dict[str, int] = {}
    for f in covered.to_list():
        k = str(f).split("(")[0]
        kinds[k] = kinds.get(k, 0) + 1
    print("  key facts covered:", dict(sorted(kinds.items())), f"of {int(scores['n_oracle'].sum())};",
          f"mean recall {scores['recall'].mean():.3f}, mean precision {scores['precision'].mean():.3f}")
    if args.dump:
        claims.select("id", "type", "slots", "span_text", "label").sort("id", "span_text").write_csv(args.dump)
    if args.list:
        bad = claims.filter(pl.col("label") != "supported").sort("label", "type", "id")
        for r in bad.iter_rows(named=True):
            g = by_id[r["id"]].ground_truth
            print(f"  [{r['label'][:6]}] {r['id']:<22} {r['type']:<14} {r['span_text']!r:<28} "
                  f"record: sky={g.sky_raw!r} precip={g.precip_prob}%")

    from f1bench_pipeline_tests.weather_class_style import answer

    style = [{"model": f"class-style-{kind}", "id": r.id, "lang": lang, "variant": "default", "status": "ok",
              "text": text} for kind in ("faithful", "perturbed") for r in records for lang in ("en", "es", "pt")
             if (text := answer(r, lang, kind)) is not None]
    sclaims, sscores = score_generations(weather, pl.DataFrame(style), instances)
    print("issue #43 class-13/14 wordings (f1bench_pipeline_tests/weather_class_style.py), EN/ES/PT:")
    for model in ("class-style-faithful", "class-style-perturbed"):
        c, s = sclaims.filter(pl.col("model") == model), sscores.filter(pl.col("model") == model)
        per = {k: dict(sorted(c.filter(pl.col("type") == k)["label"].value_counts().rows())) for k in ("sky", "precip_chance")}
        n_precip = sum(any(str(f).startswith("precip_chance") for f in cov) for cov in s["covered_facts"].to_list())
        print(f"  {model:<22} answers {s.height}  sky {per['sky']}  precip {per['precip_chance']}  "
              f"precip_prob covered in {n_precip}  precision {s['precision'].mean():.3f} recall {s['recall'].mean():.3f}")

    t0 = time.perf_counter()
    gen_rows = []
    for kind in ("faithful", "noisy", "terse"):
        for r in instances.iter_rows(named=True):
            gen_rows.append({"model": f"template-{kind}", "id": r["id"], "lang": r["lang"], "variant": r["variant"],
                             "status": "ok", "text": weather.template_answer(kind, r["facts"], r["lang"], r["id"])})
    tclaims, tscores = score_generations(weather, pl.DataFrame(gen_rows), instances)
    print(f"templates: {len(gen_rows)} answers, {tclaims.height} claims ({time.perf_counter() - t0:.1f} s)")
    from f1bench_pipeline.domains.weather.extractor import extract_claims

    texts = [(r.reference, "en") for r in records] + [(g["text"], g["lang"]) for g in gen_rows] + \
        [(g["text"], g["lang"]) for g in style]
    best = float("inf")
    for _ in range(5):
        t0 = time.perf_counter()
        n = sum(len(extract_claims(x, lang)) for x, lang in texts)
        best = min(best, time.perf_counter() - t0)
    print(f"extraction alone: {len(texts)} answers, {n} claims, best of 5 {best * 1000:.0f} ms "
          f"({best / len(texts) * 1e6:.0f} µs an answer)")
    for model in ("template-faithful", "template-noisy", "template-terse"):
        s = tscores.filter(pl.col("model") == model)
        c = tclaims.filter(pl.col("model") == model)
        n_con = c.filter(pl.col("label") == "contradicted").height
        print(f"  {model:<18} precision {s['precision'].mean():.3f} (min {s['precision'].min():.3f}) "
              f"recall {s['recall'].mean():.3f}  claims {c.height}  contradicted {n_con}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
