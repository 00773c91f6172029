"""Instance contexts: the structured JSON a model may use, and its deterministic text.

The text is the same in every language (labels in plain English, numbers always with a
decimal point and fixed precision), so a number means the same thing whatever language
the question is asked in. Every fact the oracle holds is stated here, and nothing else
checkable of the declared types (see ``oracle_scope``).
"""

from __future__ import annotations

from typing import Any

from f1bench_pipeline.domains.f1.events.compounds import UNKNOWN
from f1bench_pipeline.domains.f1.instances import facts as F
from f1bench_pipeline.domains.f1.instances.facts import Fact


def secs(x: float | None, digits: int = 2) -> str:
    return "n/a" if x is None else f"{x:.{digits}f}s"


def signed(x: float | None, digits: int = 3) -> str:
    return "n/a" if x is None else f"{x:+.{digits}f}s/lap"


def driver_block(driver: dict[str, Any]) -> list[str]:
    """Lines describing one driver's race: result, stints, stops, red-flag changes."""
    team = f"{driver['team']}, " if driver.get("team") else ""
    if driver.get("final_position") is not None:
        head = f"Driver {driver['driver']} ({team}finished P{driver['final_position']}):"
    else:
        head = f"Driver {driver['driver']} ({team}did not finish: {driver.get('status') or 'retired'}):"
    lines = [head]
    for s in driver["stints"]:
        lines.append(
            f"  Stint {s['stint']}: {s['compound']} laps {s['start_lap']}-{s['end_lap']} "
            f"({s['n_laps']} laps, avg {secs(s['avg_pace_s'])}, deg {signed(s['degradation_s_per_lap'])})"
        )
    lines.append(f"  Pit stops: {driver['n_stops']}")
    for p in driver["pit_stops"]:
        cond = " under SC" if p["under_sc"] else (" under VSC" if p["under_vsc"] else "")
        lines.append(f"  Pit lap {p['lap']}: {p['from']}->{p['to']}{cond}")
    for r in driver.get("red_flag_changes", []):
        lines.append(
            f"  Red-flag tyre change lap {r['lap']}: {r['from']}->{r['to']} "
            f"(race suspended: not a pit stop; official timing counts {driver['n_stops_official']} stops)"
        )
    return lines


def driver_facts(driver: dict[str, Any], include_position: bool = True) -> list[Fact]:
    d = driver["driver"]
    out = [F.n_stops(d, driver["n_stops"], driver.get("n_stops_official"))]
    # An UNKNOWN compound is a gap in the timing data, not a fact a model could state.
    for p in driver["pit_stops"]:
        out.append(F.pit_lap(d, p["lap"]))
        if UNKNOWN not in (p["from"], p["to"]):
            out.append(F.compound_change(d, p["lap"], p["from"], p["to"]))
    for s in driver["stints"]:
        if s["compound"] != UNKNOWN:
            out.append(F.stint_compound(d, s["stint"], s["compound"]))
        out.append(F.stint_laps(d, s["stint"], s["start_lap"], s["end_lap"]))
    if include_position and driver.get("final_position") is not None:
        out.append(F.final_position(d, driver["final_position"]))
    return out


def race_header(race: dict[str, Any]) -> str:
    return f"Race: {race['event']} {race['season']} ({race['laps']} laps)"


def battle_lines(b: dict[str, Any]) -> list[str]:
    a, d = b["attacker"], b["defender"]

    def rel(gap: float) -> str:
        return f"{a} {abs(gap):.3f}s {'behind' if gap > 0 else 'ahead of'} {d}"

    return [
        f"Pit-timing battle ({b['kind']}): {a} pitted lap {b['attacker_pit_lap']}, {d} pitted lap {b['defender_pit_lap']}.",
        f"  Before the stops (lap {b['lap_before']}): {rel(b['gap_before_s'])}; positions {a} P{b['position_before']}, {d} P{b['defender_position_before']}.",
        f"  After the stops (lap {b['lap_after']}): {rel(b['gap_after_s'])}; positions {a} P{b['position_after']}, {d} P{b['defender_position_after']}.",
        f"  {a} gained {b['time_gained_s']:.3f}s on {d}; {a} ahead after the stops: {'yes' if b['success'] else 'no'}.",
    ]


def battle_facts(b: dict[str, Any]) -> list[Fact]:
    a, d = b["attacker"], b["defender"]
    return [
        F.battle(b["kind"], a, d),
        F.battle_outcome(a, d, bool(b["success"])),
        F.gain(a, d, b["time_gained_s"]),
        F.gap(a, d, "before", abs(b["gap_before_s"])),
        F.gap(a, d, "after", abs(b["gap_after_s"])),
    ]


def defense_lines(x: dict[str, Any]) -> list[str]:
    d, p = x["defender"], x["pursuer"]
    lines = [
        f"On-track defense: {d} held {p} behind for {x['laps_held']} laps (laps {x['start_lap']}-{x['end_lap']}), "
        f"within 1.5s (mean gap {x['mean_gap_s']:.3f}s).",
        f"  Median green-flag pace: {p} {secs(x['pursuer_median_pace_s'], 3)}, {d} {secs(x['defender_median_pace_s'], 3)} "
        f"({p} {x['pace_delta_s']:.3f}s/lap faster).",
    ]
    if x["ended_in_pass"]:
        lines.append(f"  {p} passed {d} on lap {x['pass_lap']}.")
    else:
        lines.append(f"  {p} did not pass {d} during the run.")
    if x.get("teammate_protected"):
        lines.append(f"  {d}'s teammate {x['teammate']} was ahead of {p} throughout: teammate protected.")
    else:
        lines.append("  Teammate protected: none.")
    return lines


def defense_facts(x: dict[str, Any], with_outcome: bool = True) -> list[Fact]:
    out = [F.defense(x["defender"], x["pursuer"], int(x["laps_held"]))]
    if with_outcome:
        out.append(F.defense_outcome(x["defender"], x["pursuer"], bool(x["ended_in_pass"])))
        out.append(F.teammate_protected(x["defender"], x["teammate"] if x.get("teammate_protected") else None))
    return out
