"""Corrected figures of the dev models against the dev gold, on two frames (#29).

The corrected figure (prediction-powered: the automatic mean over N answers plus the mean
human − automatic difference over the n reviewed ones) estimates a careful human's mean over
the N answers. The dev gold's reviewed answers are not a sample of all N: `f1bench review gold`
keeps only answers whose published context states no number ours lacks, so it never keeps
an answer the paper's context and ours disagree on. The paper's context counted every
pit-lane entry as a stop; ours does not count a drive-through or a pass under a safety car.
This benchmark computes, with the leaderboard's own query (`scoring/leaderboard.aggregate`,
its bootstrap and settings), the corrected precision / recall / F1 per dev model

* over **all** scored answers (what the `leaderboard` view shows), and
* over the **same-context frame**: answers to instances where no driver of the context has a
  pit-lane entry in FastF1's timing (`raw_laps.pit_in_time_s`) that our context does not count
  as a stop (within a lap) -- the frame the gold's kept answers come from,

beside the gold's own mean on the reviewed answers of that frame and ours on them. Printed, never
asserted.

    python benchmarks/correction_frame_bench.py --warehouse <copy>/warehouse

`<copy>` is a 2025 build into which `dev.jsonl` was imported and scored and the gold imported
(`f1bench import-generations …/dev.jsonl`, which scores what it imports, then `f1bench review gold`;
docs/review.md, *Corrected figures*).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import polars as pl  # noqa: E402

from f1bench_pipeline.review.human_score import human_scores  # noqa: E402
from f1bench_pipeline.scoring.leaderboard import Bootstrap, aggregate  # noqa: E402
from f1bench_pipeline.storage.warehouse import read_table  # noqa: E402

MEASURES = ("precision", "recall", "f1")


def uncounted_entry_instances(warehouse: Path, season: int) -> set[str]:
    """Instance ids whose context holds a driver with a pit-lane entry our context does not count
    as a stop (no stop of that driver on the entry's lap or the lap before or after)."""
    laps = read_table(warehouse, "raw_laps", {"season": season})
    entries: dict[tuple[str, str], set[int]] = {}
    for ev, d, lap in laps.filter(pl.col("pit_in_time_s").is_not_null()).select(
            "event", "driver", "lap_number").iter_rows():
        entries.setdefault((ev, d), set()).add(int(lap))
    inst = read_table(warehouse, "instances", {"season": season}).filter(
        (pl.col("variant") == "default") & (pl.col("lang") == "en"))
    out: set[str] = set()
    for iid, event, facts, context_facts in inst.select("id", "event", "facts", "context_facts").iter_rows():
        stops: dict[str, set[int]] = {}
        for f in [*json.loads(facts or "[]"), *json.loads(context_facts or "[]")]:
            if f["type"] == "pit_lap":
                stops.setdefault(f["key"]["driver"], set()).add(int(f["value"]["lap"]))
        for driver, ours in stops.items():
            if any(not ({x - 1, x, x + 1} & ours) for x in entries.get((event, driver), ())):
                out.add(iid)
                break
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--warehouse", type=Path, required=True)
    ap.add_argument("--season", type=int, default=2025)
    ap.add_argument("--extractor", default="regex")
    args = ap.parse_args()
    wh = args.warehouse
    scores = read_table(wh, "scores", {"season": args.season}).filter(
        (pl.col("variant") == "default") & pl.col("extractor").str.starts_with(args.extractor))
    reviews = human_scores(read_table(wh, "claim_reviews", {"season": args.season}))
    if scores.is_empty() or reviews.is_empty():
        raise SystemExit(f"{wh}: no scores or no reviews for {args.season} (import dev.jsonl, score it, "
                         "then `f1bench review gold`)")
    differ = uncounted_entry_instances(wh, args.season)
    frames = {"all answers": scores,
              "same-context frame": scores.filter(~pl.col("id").is_in(sorted(differ)))}
    reviewed = reviews.select("model", "id", "lang", *(pl.col(f"{m}_human") for m in MEASURES))
    mine = scores.join(reviewed, on=["model", "id", "lang"], how="inner")
    boot = Bootstrap.from_settings()
    print(f"{len(differ)} instances hold a pit-lane entry our context does not count as a stop; "
          f"scored answers to them: " + ", ".join(f"{m} {n}" for m, n in scores.filter(
              pl.col("id").is_in(sorted(differ)) & (pl.col("status") == "ok"))
                                             .group_by("model").len().sort("model").iter_rows()))
    print(f"{'model':<16}{'frame':<20}{'measure':<10}{'N':>5}{'n':>4}{'auto':>7}{'corrected':>24}"
          f"{'gold':>7}{'ours@rev':>9}  gold in interval")
    for name, frame in frames.items():
        board = aggregate(frame, ["model"], boot, reviews=reviews).to_dicts()
        for row in board:
            m_rev = mine.filter((pl.col("model") == row["model"]) & pl.col("id").is_in(frame["id"].unique().to_list()))
            for m in MEASURES:
                gold = m_rev[f"{m}_human"].drop_nulls().mean()
                ours = m_rev.filter(pl.col(f"{m}_human").is_not_null())[m].mean()
                c, lo, hi = row.get(f"{m}_corrected"), row.get(f"{m}_corrected_lo"), row.get(f"{m}_corrected_hi")
                if c is None or gold is None:
                    continue
                inside = "yes" if lo is not None and lo <= gold <= hi else "no"
                print(f"{row['model']:<16}{name:<20}{m:<10}{row['n_scored']:>5}{row['n_reviewed']:>4}{row[m]:>7.3f}"
                      f"{c:>8.3f} [{lo:.3f}, {hi:.3f}]{gold:>7.3f}{ours:>9.3f}  {inside}")


if __name__ == "__main__":
    main()
