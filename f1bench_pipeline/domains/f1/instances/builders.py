"""Build benchmark instances from a season's event tables (pure; no Dagster).

Five decision types, ids in the published scheme ``{season}_{Event_Name}::{kind}::{DRIVERS}``:
tyre strategy (``stint``, one per points finisher), ``undercut`` and ``overcut`` (one per battle:
a pair with several battles of a kind in a race gets ``@<attacker lap>-<defender lap>`` on each
id, ``battle_id``), ``defense``
(one per defender/pursuer pair and race: the longest run) and ``race_summary``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

import polars as pl

from f1bench_pipeline.domains.f1.instances import context as C
from f1bench_pipeline.domains.f1.instances import facts as F
from f1bench_pipeline.domains.f1.instances.facts import Fact, FactType

DECISION_TYPES = ("stint", "undercut", "overcut", "defense", "race_summary")
# Published decision_type names (dev.jsonl) for the id kinds.
DECISION_TYPE_NAMES = {"stint": "stint_strategy", "undercut": "undercut", "overcut": "overcut",
                       "defense": "defense", "race_summary": "race_summary"}
SUMMARY_TOP_BATTLES = 3
SUMMARY_TOP_DEFENSES = 3


@dataclass
class BaseInstance:
    """One decision to explain, before it is asked in a language and prompt variant."""

    id: str
    kind: str
    season: int
    round: int
    event: str
    split: str
    focus_drivers: list[str]
    context: dict[str, Any]
    context_text: str
    facts: list[Fact]
    context_facts: list[Fact]
    entities: dict[str, list[str]] = field(default_factory=dict)
    # Where the race's classification came from (ingest.official_results.RESULT_SOURCES).
    results_source: str | None = None

    @property
    def decision_type(self) -> str:
        return DECISION_TYPE_NAMES[self.kind]

    @property
    def note(self) -> str | None:
        """What a reader of the instance must know about its oracle (None: nothing)."""
        if self.results_source == "timing_order":
            return (f"{self.season} round {self.round} ({self.event}) has no official result yet: positions, winner and "
                    "points come from the timing order, which cannot show disqualifications or post-race penalties.")
        return None



class SeasonSplit(Protocol):
    """What the builders need of the configuration: the split (``train``/``test``) of a season
    (``Settings`` and the ``benchmark`` resource both provide it)."""

    def split_of(self, season: int) -> str: ...


def event_slug(event: str) -> str:
    return event.replace(" ", "_")


BATTLE_LAPS_SEP = "@"  # "…::undercut::RUS_BOR@18-19": a pair's battle named by its pit laps


def instance_id(season: int, event: str, kind: str, drivers: list[str]) -> str:
    return f"{season}_{event_slug(event)}::{kind}::{'_'.join(drivers)}"


def _race_key(row: dict) -> tuple[int, int]:
    return int(row["season"]), int(row["round"])


def _group(df: pl.DataFrame, by: list[str]) -> dict[tuple, list[dict]]:
    out: dict[tuple, list[dict]] = {}
    if df.is_empty():
        return out
    for row in df.iter_rows(named=True):
        out.setdefault(tuple(row[c] for c in by), []).append(row)
    return out


class SeasonTables:
    """The event tables of one season, indexed for instance building."""

    def __init__(self, tables: dict[str, pl.DataFrame]):
        self.classification = tables["classification"]
        self.stints = _group(tables["stints"].sort("season", "round", "driver", "stint"), ["season", "round", "driver"])
        self.stops = _group(tables["pit_stops"].sort("season", "round", "driver", "lap"), ["season", "round", "driver"])
        red = tables.get("red_flag_tyre_changes", pl.DataFrame())
        self.red = _group(red.sort("season", "round", "driver", "lap") if not red.is_empty() else red, ["season", "round", "driver"])
        self.results = _group(self.classification, ["season", "round", "driver"])
        self.battles = tables["pit_battles"]
        self.defenses = tables["defenses"]
        # one split per table, so a race's rows are a lookup, not a scan of the season
        self._per_race = {name: (df.partition_by(["season", "round"], as_dict=True) if not df.is_empty() else {}, df.clear())
                          for name, df in (("classification", self.classification), ("pit_battles", self.battles),
                                           ("defenses", self.defenses))}
        self.race_laps = {
            _race_key(r): int(r["laps"])
            for r in tables["green_flag_laps"].group_by("season", "round").agg(pl.col("lap_number").max().alias("laps")).iter_rows(named=True)
        } if not tables["green_flag_laps"].is_empty() else {}

    def race_rows(self, table: str, season: int, round_: int) -> pl.DataFrame:
        """The rows of ``table`` (classification, pit_battles, defenses) for one race, in table order."""
        parts, empty = self._per_race[table]
        return parts.get((season, round_), empty)

    def race(self, season: int, round_: int, event: str) -> dict[str, Any]:
        return {"season": season, "round": round_, "event": event, "laps": self.race_laps.get((season, round_))}

    def driver(self, season: int, round_: int, code: str) -> dict[str, Any]:
        res = (self.results.get((season, round_, code)) or [{}])[0]
        stints = [
            {
                "stint": int(s["stint"]),
                "compound": s["compound"],
                "start_lap": int(s["start_lap"]),
                "end_lap": int(s["end_lap"]),
                "n_laps": int(s["n_laps"]),
                "avg_pace_s": None if s["avg_green_pace_s"] is None else round(s["avg_green_pace_s"], 3),
                "degradation_s_per_lap": None if s["degradation_s_per_lap"] is None else round(s["degradation_s_per_lap"], 4),
            }
            for s in self.stints.get((season, round_, code), [])
        ]
        stops = [
            {"lap": int(p["lap"]), "from": p["from_compound"], "to": p["to_compound"],
             "under_sc": bool(p["under_sc"]), "under_vsc": bool(p["under_vsc"])}
            for p in self.stops.get((season, round_, code), [])
        ]
        red = [{"lap": int(r["lap"]), "from": r["from_compound"], "to": r["to_compound"]}
               for r in self.red.get((season, round_, code), [])]
        classified = bool(res.get("classified"))
        return {
            "driver": code,
            "team": res.get("team") or (stints and self._team(season, round_, code)) or None,
            "final_position": int(res["position"]) if classified and res.get("position") is not None else None,
            "status": res.get("status"),
            "stints": stints,
            "pit_stops": stops,
            "n_stops": len(stops),
            "red_flag_changes": red,
            "n_stops_official": len(stops) + len(red) if red else None,
        }

    def _team(self, season: int, round_: int, code: str) -> str | None:
        rows = self.stints.get((season, round_, code), [])
        return rows[0]["team"] if rows else None


def _entities(drivers: list[dict[str, Any]], extra_drivers: Iterable[str] = ()) -> dict[str, list[str]]:
    codes = sorted({d["driver"] for d in drivers} | set(extra_drivers))
    teams = sorted({d["team"] for d in drivers if d.get("team")})
    return {"drivers": codes, "teams": teams}


def _dedupe(facts: list[Fact]) -> list[Fact]:
    seen: set[str] = set()
    out = []
    for f in facts:
        if f.fact_id not in seen:
            seen.add(f.fact_id)
            out.append(f)
    return out


def stint_instances(t: SeasonTables, settings: SeasonSplit) -> list[BaseInstance]:
    out = []
    finishers = t.classification.filter(pl.col("points_finisher") & pl.col("classified")).sort("season", "round", "position")
    for r in finishers.iter_rows(named=True):
        season, rnd, code = int(r["season"]), int(r["round"]), r["driver"]
        race = t.race(season, rnd, r["event"])
        drv = t.driver(season, rnd, code)
        if not drv["stints"]:
            continue
        text = "\n".join([C.race_header(race), *C.driver_block(drv)])
        oracle = [f for f in C.driver_facts(drv) if f.type != FactType.stint_laps]
        ctx_facts = _dedupe([*C.driver_facts(drv), F.race_laps(race["laps"])])
        out.append(BaseInstance(
            id=instance_id(season, r["event"], "stint", [code]), kind="stint", season=season, round=rnd,
            event=r["event"], split=settings.split_of(season), focus_drivers=[code],
            context={"race": race, "drivers": [drv]}, context_text=text,
            facts=oracle, context_facts=ctx_facts, entities=_entities([drv]),
        ))
    return out


def _battle_dict(b: dict[str, Any]) -> dict[str, Any]:
    first, second = sorted([int(b["attacker_pit_lap"]), int(b["defender_pit_lap"])])
    return {
        "kind": b["kind"], "attacker": b["attacker"], "defender": b["defender"],
        "attacker_pit_lap": int(b["attacker_pit_lap"]), "defender_pit_lap": int(b["defender_pit_lap"]),
        "lap_before": first - 1, "lap_after": second + 1,
        "gap_before_s": round(b["gap_before_s"], 3), "gap_after_s": round(b["gap_after_s"], 3),
        "time_gained_s": round(b["time_gained_s"], 3),
        "position_before": b["position_before"], "position_after": b["position_after"],
        "defender_position_before": b["defender_position_before"], "defender_position_after": b["defender_position_after"],
        "success": bool(b["success"]),
    }


def battle_id(season: int, event: str, kind: str, attacker: str, defender: str,
              pit_laps: tuple[int, int] | None = None) -> str:
    """``…::undercut::A_B``, or ``…::undercut::A_B@18-19`` (attacker's and defender's pit laps) when
    the pair has more than one battle of that kind in the race."""
    base = instance_id(season, event, kind, [attacker, defender])
    return base if pit_laps is None else f"{base}{BATTLE_LAPS_SEP}{pit_laps[0]}-{pit_laps[1]}"


def battle_instances(t: SeasonTables, settings: SeasonSplit) -> list[BaseInstance]:
    out: list[BaseInstance] = []
    if t.battles.is_empty():
        return out
    # Every battle is an instance. A pair with one battle of a kind in a race keeps the plain id
    # ("…::undercut::RUS_BOR"); when it has more (RUS undercut BOR on laps 18 and 45), each id names
    # its battle by the two pit laps ("…::undercut::RUS_BOR@18-19"), so no battle is dropped and an
    # id never moves to another battle on a rebuild (``battle_id``).
    pair = ["season", "round", "kind", "attacker", "defender"]
    battles = (t.battles.with_columns(pl.len().over(pair).alias("_battles_of_pair"))
               .sort("season", "round", "attacker_pit_lap", "attacker", "defender", "defender_pit_lap"))
    for b in battles.iter_rows(named=True):
        season, rnd = int(b["season"]), int(b["round"])
        race = t.race(season, rnd, b["event"])
        bd = _battle_dict(b)
        drivers = [t.driver(season, rnd, b["attacker"]), t.driver(season, rnd, b["defender"])]
        lines = [C.race_header(race)]
        for d in drivers:
            lines += C.driver_block(d)
        lines += C.battle_lines(bd)
        ctx_facts = []
        for d in drivers:
            ctx_facts += C.driver_facts(d)
        ctx_facts += C.battle_facts(bd) + [F.race_laps(race["laps"])]
        oracle = [
            F.battle(bd["kind"], bd["attacker"], bd["defender"]),
            F.battle_outcome(bd["attacker"], bd["defender"], bd["success"]),
            F.gain(bd["attacker"], bd["defender"], bd["time_gained_s"]),
            F.pit_lap(bd["attacker"], bd["attacker_pit_lap"]),
            F.pit_lap(bd["defender"], bd["defender_pit_lap"]),
        ]
        out.append(BaseInstance(
            id=battle_id(season, b["event"], b["kind"], b["attacker"], b["defender"],
                         (int(b["attacker_pit_lap"]), int(b["defender_pit_lap"])) if b["_battles_of_pair"] > 1 else None),
            kind=b["kind"],
            season=season, round=rnd, event=b["event"], split=settings.split_of(season),
            focus_drivers=[b["attacker"], b["defender"]],
            context={"race": race, "drivers": drivers, "battle": bd}, context_text="\n".join(lines),
            facts=oracle, context_facts=_dedupe(ctx_facts), entities=_entities(drivers),
        ))
    return out


def _defense_dict(x: dict[str, Any]) -> dict[str, Any]:
    keep = ["defender", "pursuer", "defender_team", "pursuer_team", "start_lap", "end_lap", "laps_held", "kind",
            "ended_in_pass", "pass_lap", "teammate", "teammate_protected"]
    d = {k: x[k] for k in keep}
    for k in ("mean_gap_s", "defender_median_pace_s", "pursuer_median_pace_s", "pace_delta_s"):
        d[k] = None if x[k] is None else round(x[k], 3)
    d["teammate_protected"] = bool(d["teammate_protected"])
    d["ended_in_pass"] = bool(d["ended_in_pass"])
    return d


def defense_instances(t: SeasonTables, settings: SeasonSplit) -> list[BaseInstance]:
    out: list[BaseInstance] = []
    if t.defenses.is_empty():
        return out
    best = (
        t.defenses.sort(["laps_held", "start_lap"], descending=[True, False])
        .unique(subset=["season", "round", "defender", "pursuer"], keep="first")
        .sort("season", "round", "start_lap", "defender", "pursuer")
    )
    for x in best.iter_rows(named=True):
        season, rnd = int(x["season"]), int(x["round"])
        race = t.race(season, rnd, x["event"])
        dd = _defense_dict(x)
        people = []
        for code, team in ((x["defender"], x["defender_team"]), (x["pursuer"], x["pursuer_team"])):
            res = (t.results.get((season, rnd, code)) or [{}])[0]
            pos = int(res["position"]) if res.get("classified") and res.get("position") is not None else None
            people.append({"driver": code, "team": team, "final_position": pos, "status": res.get("status")})
        lines = [C.race_header(race)]
        for p in people:
            result = f"finished P{p['final_position']}" if p["final_position"] is not None else f"did not finish: {p['status'] or 'retired'}"
            lines.append(f"Driver {p['driver']} ({p['team']}, {result})")
        lines += C.defense_lines(dd)
        extra = [dd["teammate"]] if dd.get("teammate_protected") and dd.get("teammate") else []
        ctx_facts = C.defense_facts(dd) + [F.final_position(p["driver"], p["final_position"]) for p in people if p["final_position"] is not None]
        ctx_facts.append(F.race_laps(race["laps"]))
        out.append(BaseInstance(
            id=instance_id(season, x["event"], "defense", [x["defender"], x["pursuer"]]), kind="defense",
            season=season, round=rnd, event=x["event"], split=settings.split_of(season),
            focus_drivers=[x["defender"], x["pursuer"]],
            context={"race": race, "drivers": people, "defense": dd}, context_text="\n".join(lines),
            facts=C.defense_facts(dd), context_facts=_dedupe(ctx_facts),
            entities={"drivers": sorted({x["defender"], x["pursuer"], *extra}),
                      "teams": sorted({x["defender_team"], x["pursuer_team"]} - {None})},
        ))
    return out


def race_summary_instances(t: SeasonTables, settings: SeasonSplit) -> list[BaseInstance]:
    out = []
    races = t.classification.select("season", "round", "event").unique().sort("season", "round")
    for r in races.iter_rows(named=True):
        season, rnd, event = int(r["season"]), int(r["round"]), r["event"]
        race = t.race(season, rnd, event)
        cls = t.race_rows("classification", season, rnd).filter(pl.col("classified")).sort("position")
        podium = [{"position": int(p["position"]), "driver": p["driver"], "team": p["team"]} for p in cls.head(3).iter_rows(named=True)]
        if not podium:
            continue
        rb = t.race_rows("pit_battles", season, rnd)
        battles = [_battle_dict(b) for b in (rb.sort("time_gained_s", descending=True)
                   .unique(subset=["attacker", "defender"], keep="first", maintain_order=True)
                   .head(SUMMARY_TOP_BATTLES).iter_rows(named=True))] if not rb.is_empty() else []
        rd = t.race_rows("defenses", season, rnd)
        defenses = [_defense_dict(x) for x in (rd.sort(["laps_held", "start_lap"], descending=[True, False])
                    .unique(subset=["defender", "pursuer"], keep="first", maintain_order=True)
                    .head(SUMMARY_TOP_DEFENSES).iter_rows(named=True))] if not rd.is_empty() else []
        lines = [C.race_header(race), f"Winner: {podium[0]['driver']} ({podium[0]['team']})",
                 "Podium: " + ", ".join(f"P{p['position']} {p['driver']} ({p['team']})" for p in podium)]
        for b in battles:
            outcome = "ahead after the stops" if b["success"] else "still behind after the stops"
            lines.append(f"Key pit battle: {b['attacker']} {b['kind']} {b['defender']} "
                         f"(laps {b['attacker_pit_lap']}/{b['defender_pit_lap']}), gained {b['time_gained_s']:.3f}s, {outcome}.")
        for x in defenses:
            lines.append(f"Key defense: {x['defender']} held {x['pursuer']} behind for {x['laps_held']} laps "
                         f"(laps {x['start_lap']}-{x['end_lap']}).")
        oracle = [F.winner(podium[0]["driver"])] + [F.final_position(p["driver"], p["position"]) for p in podium]
        oracle += [F.battle(b["kind"], b["attacker"], b["defender"]) for b in battles]
        oracle += [F.defense(x["defender"], x["pursuer"], int(x["laps_held"])) for x in defenses]
        ctx_facts = list(oracle) + [F.race_laps(race["laps"])]
        for b in battles:
            ctx_facts += [F.battle_outcome(b["attacker"], b["defender"], b["success"]),
                          F.gain(b["attacker"], b["defender"], b["time_gained_s"]),
                          F.pit_lap(b["attacker"], b["attacker_pit_lap"]), F.pit_lap(b["defender"], b["defender_pit_lap"])]
        names = {p["driver"] for p in podium} | {b["attacker"] for b in battles} | {b["defender"] for b in battles} \
            | {x["defender"] for x in defenses} | {x["pursuer"] for x in defenses}
        teams = {p["team"] for p in podium if p["team"]}
        out.append(BaseInstance(
            id=instance_id(season, event, "race_summary", [podium[0]["driver"]]), kind="race_summary",
            season=season, round=rnd, event=event, split=settings.split_of(season),
            focus_drivers=[podium[0]["driver"]],
            context={"race": race, "podium": podium, "battles": battles, "defenses": defenses},
            context_text="\n".join(lines), facts=_dedupe(oracle), context_facts=_dedupe(ctx_facts),
            entities={"drivers": sorted(names), "teams": sorted(teams)},
        ))
    return out


def build_base_instances(tables: dict[str, pl.DataFrame], settings: SeasonSplit) -> list[BaseInstance]:
    """All five decision types for the season(s) in ``tables``."""
    if tables["classification"].is_empty():
        return []
    t = SeasonTables(tables)
    out = (stint_instances(t, settings) + battle_instances(t, settings)
           + defense_instances(t, settings) + race_summary_instances(t, settings))
    ids = [i.id for i in out]
    assert len(ids) == len(set(ids)), "instance ids must be unique"
    if "source" in t.classification.columns:
        sources = {(int(s), int(r)): src for s, r, src in
                   t.classification.select("season", "round", "source").unique(subset=["season", "round"]).iter_rows()}
        for inst in out:
            inst.results_source = sources.get((inst.season, inst.round))
    return out


def context_json(inst: BaseInstance) -> str:
    payload = dict(inst.context)
    payload["entities"] = inst.entities
    return json.dumps(payload, sort_keys=True, ensure_ascii=False, default=str)


# Which context facts a decision type asks about (the declared oracle types). Every
# context fact in scope must be in the oracle, and every oracle fact is in the context.
_SCOPE_TYPES = {
    "stint": {FactType.n_stops, FactType.pit_lap, FactType.compound_change, FactType.stint_compound,
              FactType.final_position},
    "undercut": {FactType.battle, FactType.battle_outcome, FactType.gain},
    "overcut": {FactType.battle, FactType.battle_outcome, FactType.gain},
    "defense": {FactType.defense, FactType.defense_outcome, FactType.teammate_protected},
    "race_summary": {FactType.winner, FactType.battle, FactType.defense},
}


def in_oracle_scope(inst: BaseInstance, fact: Fact) -> bool:
    """True when ``fact`` (a context fact) is one the decision type's oracle must hold."""
    t = FactType(fact.type)
    if t in _SCOPE_TYPES[inst.kind]:
        return True
    if inst.kind in ("undercut", "overcut") and t == FactType.pit_lap:
        b = inst.context["battle"]
        return (fact.key["driver"], fact.value["lap"]) in {
            (b["attacker"], b["attacker_pit_lap"]), (b["defender"], b["defender_pit_lap"])}
    if inst.kind == "race_summary" and t == FactType.final_position:
        return fact.value["position"] <= 3
    return False
