"""A typed, read-only view of one ``instances`` row: what its context says is true.

The style renderers read only this view, so every number they print comes from the
row's context JSON (or is derived from it in the renderer, e.g. a difference of two laps).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

# The published decision_type names (dev.jsonl) -> instance id kinds.
KIND_OF_DECISION = {"stint_strategy": "stint", "undercut": "undercut", "overcut": "overcut",
                    "defense": "defense", "race_summary": "race_summary"}
UNKNOWN = "UNKNOWN"


@dataclass(frozen=True)
class Stint:
    n: int
    compound: str
    start: int
    end: int
    n_laps: int
    avg: float | None
    deg: float | None

    @property
    def known(self) -> bool:
        """False when the timing data lost the compound (never name it then)."""
        return self.compound != UNKNOWN


@dataclass(frozen=True)
class Stop:
    lap: int
    from_: str
    to: str
    under_sc: bool
    under_vsc: bool

    @property
    def known(self) -> bool:
        return UNKNOWN not in (self.from_, self.to)


@dataclass(frozen=True)
class RedFlagChange:
    lap: int
    from_: str
    to: str


@dataclass(frozen=True)
class Driver:
    code: str
    team: str | None
    position: int | None  # None: not classified
    status: str | None
    stints: tuple[Stint, ...] = ()
    stops: tuple[Stop, ...] = ()
    n_stops: int | None = None
    n_stops_official: int | None = None
    red_flag: tuple[RedFlagChange, ...] = ()

    def stint_ending(self, lap: int) -> Stint | None:
        return next((s for s in self.stints if s.end == lap), None)

    def stint_starting(self, lap: int) -> Stint | None:
        return next((s for s in self.stints if s.start == lap), None)

    def stop_on(self, lap: int) -> Stop | None:
        return next((p for p in self.stops if p.lap == lap), None)


@dataclass(frozen=True)
class Battle:
    kind: str
    attacker: str
    defender: str
    a_lap: int
    d_lap: int
    lap_before: int
    lap_after: int
    gap_before: float  # > 0: the attacker is behind (context convention)
    gap_after: float
    gained: float  # gap_before - gap_after
    pos_before: int | None
    pos_after: int | None
    d_pos_before: int | None
    d_pos_after: int | None
    success: bool


@dataclass(frozen=True)
class Defense:
    defender: str
    pursuer: str
    defender_team: str | None
    pursuer_team: str | None
    start: int
    end: int
    laps: int
    kind: str
    passed: bool
    pass_lap: int | None
    teammate: str | None
    protected: bool
    mean_gap: float | None
    defender_pace: float | None
    pursuer_pace: float | None
    pace_delta: float | None  # defender median - pursuer median (> 0: the pursuer is faster)


@dataclass(frozen=True)
class Podium:
    position: int
    driver: str
    team: str | None


@dataclass(frozen=True)
class InstanceView:
    id: str
    lang: str
    kind: str
    event: str
    season: int
    race_laps: int | None
    drivers: dict[str, Driver]
    battle: Battle | None = None
    defense: Defense | None = None
    podium: tuple[Podium, ...] = ()
    battles: tuple[Battle, ...] = ()
    defenses: tuple[Defense, ...] = ()

    @property
    def focus(self) -> Driver | None:
        """The stint instance's driver."""
        return next(iter(self.drivers.values()), None)


def kind_of(row: dict[str, Any]) -> str:
    """The id kind of a row (``kind`` column, else the decision type, else the id)."""
    if row.get("kind"):
        return str(row["kind"])
    if row.get("decision_type") in KIND_OF_DECISION:
        return KIND_OF_DECISION[row["decision_type"]]
    return str(row["id"]).split("::")[1]


def _f(x: Any) -> float | None:
    return None if x is None else float(x)


def _i(x: Any) -> int | None:
    return None if x is None else int(x)


def _driver(d: dict[str, Any]) -> Driver:
    stints = tuple(Stint(int(s["stint"]), s["compound"], int(s["start_lap"]), int(s["end_lap"]), int(s["n_laps"]),
                         _f(s.get("avg_pace_s")), _f(s.get("degradation_s_per_lap"))) for s in d.get("stints") or [])
    stops = tuple(Stop(int(p["lap"]), p["from"], p["to"], bool(p.get("under_sc")), bool(p.get("under_vsc")))
                  for p in d.get("pit_stops") or [])
    red = tuple(RedFlagChange(int(r["lap"]), r["from"], r["to"]) for r in d.get("red_flag_changes") or [])
    return Driver(d["driver"], d.get("team"), _i(d.get("final_position")), d.get("status"), stints, stops,
                  _i(d.get("n_stops")), _i(d.get("n_stops_official")), red)


def _battle(b: dict[str, Any]) -> Battle:
    return Battle(b["kind"], b["attacker"], b["defender"], int(b["attacker_pit_lap"]), int(b["defender_pit_lap"]),
                  int(b["lap_before"]), int(b["lap_after"]), float(b["gap_before_s"]), float(b["gap_after_s"]),
                  float(b["time_gained_s"]), _i(b.get("position_before")), _i(b.get("position_after")),
                  _i(b.get("defender_position_before")), _i(b.get("defender_position_after")), bool(b["success"]))


def _defense(x: dict[str, Any]) -> Defense:
    return Defense(x["defender"], x["pursuer"], x.get("defender_team"), x.get("pursuer_team"), int(x["start_lap"]),
                   int(x["end_lap"]), int(x["laps_held"]), str(x.get("kind") or ""), bool(x["ended_in_pass"]),
                   _i(x.get("pass_lap")), x.get("teammate"), bool(x.get("teammate_protected")), _f(x.get("mean_gap_s")),
                   _f(x.get("defender_median_pace_s")), _f(x.get("pursuer_median_pace_s")), _f(x.get("pace_delta_s")))


def view_of(row: dict[str, Any]) -> InstanceView:
    """Parse a row of the ``instances`` table (context as JSON text or dict)."""
    ctx = row["context"]
    if isinstance(ctx, str):
        ctx = json.loads(ctx)
    race = ctx.get("race") or {}
    drivers: dict[str, Driver] = {}
    for d in ctx.get("drivers") or []:
        drivers[d["driver"]] = _driver(d)
    return InstanceView(
        id=str(row["id"]), lang=str(row.get("lang") or "en"), kind=kind_of(row),
        event=str(race.get("event") or ""), season=int(race.get("season") or 0), race_laps=_i(race.get("laps")),
        drivers=drivers,
        battle=_battle(ctx["battle"]) if ctx.get("battle") else None,
        defense=_defense(ctx["defense"]) if ctx.get("defense") else None,
        podium=tuple(Podium(int(p["position"]), p["driver"], p.get("team")) for p in ctx.get("podium") or []),
        battles=tuple(_battle(b) for b in ctx.get("battles") or []),
        defenses=tuple(_defense(x) for x in ctx.get("defenses") or []),
    )
