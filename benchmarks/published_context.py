"""The context a published answer was given, as f1bench facts: measure the instrument on it.

A gold item (``gold_dev/items_<lang>.json``, ``benchmarks/gold/items_*.json``) carries the exact context
text the model saw and its ``ground_truth``. Our 2025 build holds another context for some ids (another
stop of the pair chosen, gaps at other laps) and none at all for others (88 of the dev gold's 275
``other`` claims). Judging an answer against what it was given measures the instrument, not the
difference between two builds, so ``published_index(item)`` turns the published context into the
facts our verifier reads: the oracle's types and the stated ones (``instances/stated.py``).

Two context formats are held. The paper's (``gold_dev``), as the gold guide states it: a gap is the
attacker's lead (positive: the attacker ahead); the move worked when the gain is positive; a stop
"under SC/VSC" names no kind (``stop_neutralisation`` kind ``SC/VSC``: either). f1bench's own (the
cover-all answers, ``benchmarks/gold/``): the order and places before and after the stops, and SC or
VSC, are read from its text ("Before the stops (lap 48): BOR 4.821s ahead of STR; positions ...").
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from f1bench_pipeline.domains.f1.instances import facts as F  # noqa: E402
from f1bench_pipeline.domains.f1.instances.facts import Fact  # noqa: E402
from f1bench_pipeline.domains.f1.verifier import ContextIndex  # noqa: E402

_RACE = re.compile(r"^Race: .*\((\d+) laps\)", re.M)
_DRIVER = re.compile(r"^Driver ([A-Z]{3}) \((?:[^,()]*, )?finished P(\d+)\)", re.M)
_DRIVER_ANY = re.compile(r"^Driver ([A-Z]{3})\b", re.M)
# f1bench's own context text (the cover-all answers): the order and places around the stops are stated
_AROUND = re.compile(r"^\s*(Before|After) the stops \(lap (\d+)\): ([A-Z]{3}) [\d.]+s (ahead of|behind) ([A-Z]{3}); "
                     r"positions ([A-Z]{3}) P(\d+), ([A-Z]{3}) P(\d+)", re.M)
_UNDER = re.compile(r"^\s*Pit lap (\d+): .* under (SC|VSC)\s*$", re.M)


def _stint_facts(stints: list[dict[str, Any]]) -> list[Fact]:
    out: list[Fact] = []
    for s in stints:
        d, n = s["driver"], s["stint"]
        out += [F.stint_compound(d, n, s["compound"]), F.stint_laps(d, n, s["start_lap"], s["end_lap"])]
        if s.get("avg_laptime_s") is not None:
            out.append(F.stint_pace(d, n, s["compound"], s["avg_laptime_s"]))
        if s.get("degradation_s_per_lap") is not None:
            out.append(F.stint_degradation(d, n, s["compound"], s["degradation_s_per_lap"]))
    return out


def _stop_facts(stops: list[dict[str, Any]], kinds: dict[tuple[str, int], str]) -> list[Fact]:
    out: list[Fact] = []
    for p in stops:
        d = p["driver"]
        kind = kinds.get((d, p["lap"]), "SC/VSC") if p.get("under_neutralization") else None
        out += [F.pit_lap(d, p["lap"]), F.compound_change(d, p["lap"], p["from_compound"], p["to_compound"]),
                F.stop_neutralisation(d, p["lap"], kind)]
    return out


def _around_the_stops(text: str) -> list[Fact]:
    """The running order and places around the stops as f1bench's context text states them."""
    out: list[Fact] = []
    for when, lap, x, rel, y, p1, n1, p2, n2 in _AROUND.findall(text):
        w = when.lower()
        out.append(F.running_order(x, y, w, x if rel == "ahead of" else y))
        out += [F.race_position(p1, w, int(n1), int(lap)), F.race_position(p2, w, int(n2), int(lap))]
    return out


def _battle_facts(gt: dict[str, Any], text: str) -> list[Fact]:
    a, d = gt["attacker"], gt["defender"]
    out = [F.battle(gt["kind"], a, d), F.battle_outcome(a, d, float(gt["gained_s"]) > 0),
           F.gain(a, d, float(gt["gained_s"])), F.gap(a, d, "before", abs(float(gt["gap_before_s"]))),
           F.gap(a, d, "after", abs(float(gt["gap_after_s"])))]
    around = _around_the_stops(text)
    if around:
        return out + around
    # the battle's own stops ("GAS pitted lap 68, TSU pitted lap 66"): the laps the order is stated around, so an
    # order after another stop ("after his lap-56 stop") is not judged on it (verify_race._window)
    laps = [gt.get("attacker_pit_lap"), gt.get("defender_pit_lap")]
    stops = [min(laps), max(laps)] if all(isinstance(x, int) for x in laps) else None  # type: ignore[type-var]
    for when in ("before", "after"):  # the paper's gap: positive when the attacker is ahead
        gap = float(gt[f"gap_{when}_s"])
        if gap:
            f = F.running_order(a, d, when, a if gap > 0 else d)
            if stops is not None:
                f.value["stops"] = stops
            out.append(f)
    return out


def _stop_kinds(text: str) -> dict[tuple[str, int], str]:
    """(driver, lap) -> SC/VSC where f1bench's context names the kind (the paper's says "SC/VSC")."""
    out: dict[tuple[str, int], str] = {}
    driver = None
    for line in text.splitlines():
        m = _DRIVER_ANY.match(line)
        if m:
            driver = m.group(1)
        u = _UNDER.match(line)
        if u and driver:
            out[(driver, int(u.group(1)))] = u.group(2)
    return out


def published_index(item: dict[str, Any]) -> tuple[list[Fact], ContextIndex, dict[str, list[str]]]:
    """(facts, index, entities) of the context the answer of ``item`` was given."""
    text, gt = item["context_text"], item.get("ground_truth") or {}
    facts: list[Fact] = []
    race = _RACE.search(text)
    if race:
        facts.append(F.race_laps(int(race.group(1))))
    facts += [F.final_position(d, int(p)) for d, p in _DRIVER.findall(text)]
    facts += _stint_facts(gt.get("stints") or [])
    stops = gt.get("pit_stops") or []
    facts += _stop_facts(stops, _stop_kinds(text))
    drivers = sorted(set(_DRIVER_ANY.findall(text)))
    for d in drivers:
        facts.append(F.n_stops(d, sum(p["driver"] == d for p in stops)))
    if gt.get("attacker"):
        facts += _battle_facts(gt, text)
    entities = {"drivers": drivers, "teams": []}
    return facts, ContextIndex(facts, entities), entities
