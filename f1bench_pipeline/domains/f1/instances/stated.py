"""Facts the context states that the oracle does not key: each stint's average pace and
degradation, whether each stop was made under a safety car, the drivers' positions around a pit
battle's stops and which of its two drivers ran ahead before and after them.

They are read from the instance's structured context (the ``context`` column, the JSON the
context text is rendered from, ``instances/context.py``) when an answer is scored, so an instance
built before they existed needs no rebuild. They feed the verifier only: recall's key facts stay
the paper's (``instances/facts.py``), so figures stay comparable.
"""

from __future__ import annotations

import json
from typing import Any

from f1bench_pipeline.domains.f1.instances import facts as F
from f1bench_pipeline.domains.f1.instances.facts import Fact


def _driver_facts(d: dict[str, Any]) -> list[Fact]:
    code = d["driver"]
    out: list[Fact] = []
    for s in d.get("stints") or []:
        if s.get("avg_pace_s") is not None:
            out.append(F.stint_pace(code, s["stint"], s["compound"], s["avg_pace_s"]))
        if s.get("degradation_s_per_lap") is not None:
            out.append(F.stint_degradation(code, s["stint"], s["compound"], s["degradation_s_per_lap"]))
    for p in d.get("pit_stops") or []:
        kind = "SC" if p.get("under_sc") else ("VSC" if p.get("under_vsc") else None)
        out.append(F.stop_neutralisation(code, p["lap"], kind))
    return out


def _battle_facts(b: dict[str, Any]) -> list[Fact]:
    out: list[Fact] = []
    for driver, before, after in ((b["attacker"], "position_before", "position_after"),
                                  (b["defender"], "defender_position_before", "defender_position_after")):
        if b.get(before) is not None:
            out.append(F.race_position(driver, "before", int(b[before]), b.get("lap_before")))
        if b.get(after) is not None:
            out.append(F.race_position(driver, "after", int(b[after]), b.get("lap_after")))
    a, d = b["attacker"], b["defender"]
    for when in ("before", "after"):  # the context's gap: positive when the attacker is behind
        gap = b.get(f"gap_{when}_s")
        if gap:
            out.append(F.running_order(a, d, when, d if gap > 0 else a))
    return out


def stated_facts(context: dict[str, Any] | str | None) -> list[Fact]:
    """The stated facts of one instance's structured context (its dict or JSON; [] for none)."""
    if not context:
        return []
    ctx = json.loads(context) if isinstance(context, str) else context
    out: list[Fact] = []
    for d in ctx.get("drivers") or []:
        out.extend(_driver_facts(d))
    if ctx.get("battle"):
        out.extend(_battle_facts(ctx["battle"]))
    return out
