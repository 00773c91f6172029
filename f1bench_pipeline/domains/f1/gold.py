"""Matching extracted claims against claim-level gold (``paper_generations/gold_dev``).

A predicted claim matches a gold claim of the same type when every key slot the gold
claim fills is equal (seconds within 0.05, sign ignored; a predicted bound, "by over 7 seconds",
holds the gold's value when the value lies on its side); matching is greedy and one to one in gold
order. Used by the extractor's tests and its benchmark.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from f1bench_pipeline.errors import UserError

# Key slots compared per type (only those the gold claim fills).
KEY_SLOTS: dict[str, tuple[str, ...]] = {
    "pit_lap": ("driver", "lap"),
    "compound_change": ("driver", "from", "to", "lap"),
    "n_stops": ("driver", "n"),
    "stint_compound": ("driver", "compound"),
    "stint_laps": ("driver", "compound", "start_lap", "end_lap", "n_laps"),
    "final_position": ("driver", "position"),
    "battle": ("kind", "attacker", "defender"),
    "battle_outcome": ("success",),
    "gain": ("seconds",),
    "gap": ("driver_a", "driver_b", "seconds"),
    "defense": ("defender", "pursuer", "laps"),
    "defense_outcome": ("passed",),
    "teammate_protected": ("defender", "teammate"),
    "winner": ("driver",),
    "race_laps": ("laps",),
    "entity": ("name",),
}
NUMERIC = {"seconds"}


def slots_match(ctype: str, gold: dict, pred: dict) -> bool:
    for k in KEY_SLOTS.get(ctype, ()):
        g = gold.get(k)
        if g is None:
            continue
        p = pred.get(k)
        if p is None:
            return False
        if k in NUMERIC:
            try:
                diff = abs(float(g)) - abs(float(p))
                side = {"min": diff, "max": -diff}.get(pred.get("bound") or "")
                if (abs(diff) if side is None else -side) > 0.05:
                    return False
            except (TypeError, ValueError):
                return False
        elif p != g:
            return False
    return True


def match_claims(gold_claims: list[dict], preds: list) -> tuple[list[tuple[dict, Any]], list[dict], list]:
    """Greedy one-to-one matching in gold order: (matches, missed gold claims, spurious predictions)."""
    free = list(preds)
    matches, missed = [], []
    for g in gold_claims:
        hit = next((p for p in free if p.type == g["type"] and slots_match(g["type"], g["slots"], p.slots)), None)
        if hit is None:
            missed.append(g)
        else:
            free.remove(hit)
            matches.append((g, hit))
    return matches, missed, free


class GoldFormatError(UserError, ValueError):
    """A gold folder that cannot be read: the message names the file and line."""


def load_gold(gold_dir: Path, lang: str) -> list[tuple[dict, dict]]:
    """(gold line, item) pairs of one language, in the gold file's order; ``GoldFormatError``
    naming the file and line for a line that does not parse or has no item of its id and model."""
    gold_dir = Path(gold_dir)
    gold_path, items_path = gold_dir / f"gold_{lang}.jsonl", gold_dir / f"items_{lang}.json"
    if not items_path.exists():
        raise GoldFormatError(f"{items_path}: missing (every gold_{lang}.jsonl needs its items_{lang}.json)")
    try:
        items = {(it["id"], it["model"]): it for it in json.loads(items_path.read_text(encoding="utf-8"))}
    except (ValueError, KeyError, TypeError) as exc:
        raise GoldFormatError(f"{items_path}: not a JSON list of items with id and model ({exc})") from None
    out = []
    for n, line in enumerate(gold_path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            g = json.loads(line)
            key = (g["id"], g["model"])
        except (ValueError, KeyError, TypeError):
            raise GoldFormatError(f"{gold_path}, line {n}: not a JSON object with id and model") from None
        if key not in items:
            raise GoldFormatError(f"{gold_path}, line {n}: no item with id {key[0]!r} and model {key[1]!r} "
                                  f"in {items_path.name}")
        out.append((g, items[key]))
    return out
