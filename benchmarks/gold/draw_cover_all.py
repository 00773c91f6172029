"""Draw the cover-all answers to label and write their items (how benchmarks/gold/items_cover_all_*_en.json
were made; see README.md).

From ``more.jsonl``'s cover-all answers whose id our 2025 instances hold, an answer is eligible when its
context is likely the one the model saw: every focus driver's stops in our context are exactly FastF1's
pit entries (no pit-lane pass our context leaves out, which the published context counted as a stop),
and in a battle no other stop of the pair was under SC/VSC (the published context once chose such a pair
as its battle). Per model, a seeded draw takes half stint questions and half battles: 8 from the tuned
part, 4 from the held-out part (``real_text_bench.held_out``). Items carry our instance's context,
ground truth built from it, the cover-all prompt and GUIDE.md's key facts.

Usage: python benchmarks/gold/draw_cover_all.py --warehouse /work/full/warehouse
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

import polars as pl  # noqa: E402

import real_text_bench as rb  # noqa: E402
from f1bench_pipeline.storage.warehouse import read_table  # noqa: E402

OUT = Path(__file__).resolve().parent
MODELS = ("DeepSeek-V3.2", "gpt-5.4-mini")
DRAWS = (("tune", 8, 4301), ("heldout", 4, 4302))  # part, answers per model, seed


def eligible(context: dict, entries: dict[tuple[str, str], set[int]]) -> bool:
    ev = context["race"]["event"]
    if any({p["lap"] for p in d["pit_stops"]} != entries.get((ev, d["driver"]), set()) for d in context["drivers"]):
        return False
    b = context.get("battle")
    if b:
        for d in context["drivers"]:
            own = b["attacker_pit_lap"] if d["driver"] == b["attacker"] else b["defender_pit_lap"]
            if any((p["under_sc"] or p["under_vsc"]) and p["lap"] != own for p in d["pit_stops"]):
                return False
    return True


def ground_truth(c: dict) -> dict:
    stints = [{"driver": d["driver"], "stint": s["stint"], "compound": s["compound"], "start_lap": s["start_lap"],
               "end_lap": s["end_lap"], "n_laps": s["n_laps"], "avg_laptime_s": s.get("avg_pace_s"),
               "degradation_s_per_lap": s.get("degradation_s_per_lap")} for d in c["drivers"] for s in d["stints"]]
    stops = [{"driver": d["driver"], "lap": p["lap"], "from_compound": p["from"], "to_compound": p["to"],
              "under_neutralization": bool(p.get("under_sc") or p.get("under_vsc"))}
             for d in c["drivers"] for p in d["pit_stops"]]
    b = c.get("battle")
    if b:
        return {"kind": b["kind"], "attacker": b["attacker"], "defender": b["defender"],
                "attacker_pit_lap": b["attacker_pit_lap"], "defender_pit_lap": b["defender_pit_lap"],
                "gap_before_s": b["gap_before_s"], "gap_after_s": b["gap_after_s"], "gained_s": b["time_gained_s"],
                "success": b["success"], "position_before": b.get("position_before"),
                "position_after": b.get("position_after"), "defender_position_before": b.get("defender_position_before"),
                "defender_position_after": b.get("defender_position_after"), "stints": stints, "pit_stops": stops}
    d = c["drivers"][0]
    return {"driver": d["driver"], "final_position": d["final_position"], "n_stops": d["n_stops"],
            "status": d.get("status"), "stints": stints, "pit_stops": stops}


def key_facts(facts: list) -> list[str]:
    """GUIDE.md's key facts: stint questions n_stops, final_position and each stop's pit_lap/compound_change;
    battles battle, battle_outcome, gain and the two pit laps (the oracle's stint_compound facts are not key)."""
    out = [f"{f['type']}:{f['value']['lap']}" if f["type"] in ("pit_lap", "compound_change") else f["type"]
           for f in facts if f["type"] != "stint_compound"]
    head = [k for k in ("n_stops", "final_position", "battle", "battle_outcome", "gain") if k in out]
    return head + [k for k in out if k not in head]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--warehouse", type=Path, required=True)
    args = ap.parse_args()
    inst = read_table(args.warehouse, "instances", {"season": 2025}).filter(pl.col("lang") == "en")
    rows = {(r["id"], r["variant"]): r for r in inst.iter_rows(named=True)}
    entries = rb.pit_entries(args.warehouse)
    answers = [json.loads(line) for line in rb.MORE.read_text(encoding="utf-8").splitlines() if line.strip()]
    answers = [a for a in answers if a["variant"] == "cover_all" and (a["id"], "default") in rows]
    for part, n, seed in DRAWS:
        items = []
        for model in MODELS:
            pool = sorted(a["id"] for a in answers if a["model"] == model and rb.held_out(a["id"]) == (part == "heldout")
                          and eligible(json.loads(rows[(a["id"], "default")]["context"]), entries))
            rng = random.Random(f"{seed}|{model}")
            picked = (rng.sample([i for i in pool if "::stint::" in i], n // 2)
                      + rng.sample([i for i in pool if "::stint::" not in i], n // 2))
            text = {a["id"]: a["text"] for a in answers if a["model"] == model}
            for iid in picked:
                dflt, cov = rows[(iid, "default")], rows[(iid, "cover_all")]
                items.append({"id": iid, "model": model, "lang": "en", "variant": "cover_all",
                              "decision_type": dflt["decision_type"], "context_text": dflt["context_text"],
                              "ground_truth": ground_truth(json.loads(dflt["context"])), "prompt": cov["prompt"],
                              "key_facts": key_facts(json.loads(dflt["facts"])), "text": text[iid]})
        path = OUT / f"items_cover_all_{part}_en.json"
        path.write_text(json.dumps(items, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{path.name}: {len(items)} items")


if __name__ == "__main__":
    main()
