"""F1's claim schema, shared by its extractors (regex, LLM) and its verifier.

A claim is one atomic factual statement found in a model's answer, typed like the oracle
facts (``f1bench_pipeline.domains.f1.instances.facts.FactType``) plus ``entity`` (a driver or team
named in the answer but absent from the context) and ``other`` (checkable but of no
declared type; never scored as supported). Slots use the facts' slot names; a slot the
text does not state is absent (not guessed). The span type is every domain's
(``scoring.claims.Span``).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from f1bench_pipeline.scoring.claims import Span

ClaimType = Literal[
    "n_stops", "pit_lap", "compound_change", "stint_compound", "stint_laps", "final_position",
    "battle", "battle_outcome", "gain", "gap", "defense", "defense_outcome", "teammate_protected",
    "winner", "race_laps", "entity", "other",
    # beyond the paper's ontology: facts the context states but recall does not key (instances/stated.py)
    "stint_pace", "stint_degradation", "pace_comparison", "stop_neutralisation", "relative_position",
    "position_change", "pit_lap_difference", "laps_to_go", "lap_pace", "unstated_fact",
]

# Slots each claim type may carry (the first ones listed are required).
CLAIM_SLOTS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "n_stops": (("driver", "n"), ()),
    # ``ordinal``: the stop's place among the driver's stops when the text counts it ("his second stop";
    # -1 the last: "his final stop"), checked against their order when the context lists them all
    "pit_lap": (("driver", "lap"), ("ordinal",)),
    "compound_change": (("driver", "from", "to"), ("lap",)),
    "stint_compound": (("driver", "compound"), ("stint",)),
    "stint_laps": (("driver",), ("stint", "compound", "start_lap", "end_lap", "n_laps")),
    "final_position": (("driver", "position"), ()),
    # ``denied``: the text says the move did not happen ("the overcut did not occur", "no hubo undercut");
    # ``either_way``: a denial naming the pair, not its attacker ("there was no overcut between X and Y")
    "battle": (("kind", "attacker", "defender"), ("denied", "either_way")),
    "battle_outcome": (("success",), ("attacker", "defender")),
    # ``sign_only``: only the direction is stated, ``seconds`` +1/-1 ("HUL gained time on STR", "fell further
    # back"); ``of_gap``: the sign is the gap's size change (+1 grew, -1 shrank: "the gap shrank"), whoever led
    "gain": (("seconds",), ("attacker", "defender", "bound", "sign_only", "of_gap")),
    "gap": (("seconds",), ("driver_a", "driver_b", "when", "bound")),
    "defense": (("defender", "pursuer"), ("laps",)),
    "defense_outcome": (("passed",), ("defender", "pursuer")),
    "teammate_protected": (("defender", "teammate"), ()),
    "winner": (("driver",), ()),
    "race_laps": (("laps",), ()),
    "entity": (("name",), ()),
    "other": ((), ("description",)),
    # a stint's average lap time; ``resolution``: the claim's last stated digit (0.01, 0.1, 1 s)
    "stint_pace": (("driver", "seconds"), ("stint", "compound", "resolution")),
    # a stint's degradation: its value in s/lap, or only its ``sign`` (+1 rising, -1 falling, 0 flat)
    "stint_degradation": (("driver",), ("stint", "compound", "s_per_lap", "sign", "resolution")),
    # ``metric`` (pace/degradation) of side a ``relation`` (lower/higher) than side b's; a superlative
    # has no side b and a ``scope`` ("race": every stint of the race, "driver": side a's own stints);
    # ``difference``: the size of the difference when stated ("1.9 s per lap faster"), to ``resolution``
    # ``value_b``: side b named only by its value ("faster on average (97.48s vs. 99.15s)"), to ``resolution_b``;
    # ``value_a``/``resolution_a``: side a likewise, when no stint of it is named
    # ``metric`` "length": of the stints' laps (``laps``: the difference stated, "4 laps fewer")
    "pace_comparison": (("metric", "relation"), ("driver_a", "stint_a", "compound_a", "driver_b", "stint_b",
                                                 "compound_b", "scope", "difference", "resolution", "value_b",
                                                 "resolution_b", "laps", "value_a", "resolution_a")),
    # a stop made under a neutralisation or not; ``kind`` SC/VSC when the text names one
    "stop_neutralisation": (("neutralised",), ("driver", "lap", "kind")),
    # driver_a ahead of driver_b (``ahead`` true) or behind, ``when`` "before"/"after" the stops or "final";
    # ``stop_lap``: the lap of the stop the order after is said of, when the sentence names one
    "relative_position": (("driver_a", "driver_b", "when", "ahead"), ("stop_lap",)),
    # a driver gained (true) or lost (false) a position through the stops, on ``rival`` when named;
    # ``denied``: the text says it did not happen ("did not gain a position", "não o ultrapassou")
    # ``at`` "finish": by the finish, the order before the stops against the finishing order ("did not convert
    # into a higher finishing position")
    "position_change": (("driver", "gained"), ("rival", "denied", "at")),
    # driver_a stopped ``laps`` laps after driver_b (negative: before); ``sign_only``: only the order is
    # stated ("GAS pitted first"); ``rival_named`` false: driver_b is the answer's pair, not named beside it
    # ``lap_a``/``lap_b``: the two stops' laps when the text pins them ("BOR stopped on lap 49, STR much
    # earlier at lap 51"): the sign is checked on those stops
    "pit_lap_difference": (("driver_a", "driver_b", "laps"), ("sign_only", "rival_named", "lap_a", "lap_b")),
    # a stop made with ``laps`` laps of the race to go
    "laps_to_go": (("laps",), ("driver",)),
    # a time (``seconds``), a per-lap ``difference`` or a pace ``relation`` (lower: quicker) of one lap or a
    # short stretch of laps that the contexts do not state (they state stint summaries only): ``stretch``
    # out_lap / in_lap / lap / laps, with ``start_lap``/``end_lap`` when written; unverifiable, unless the laps
    # are a whole stint of the driver (then checked as that stint's pace)
    "lap_pace": (("driver",), ("stretch", "start_lap", "end_lap", "seconds", "difference", "relation", "resolution")),
    # a fact of a ``kind`` no context states: "weather" (wet, drying, rain), "points" (a points finish),
    # "pit_time" (the time a stop lost or saved: "a cheap stop"); always unverifiable
    "unstated_fact": (("kind",), ()),
}


# How the extractor bound a claim's driver (``Claim.binding``): to the subject of the value's clause
# (or the value's stated owner, or the one driver the sentence is about), or only by proximity (the
# nearest driver is the clause's object, or named in an aside: "undercut STR", "(vs. BEA lap 30)").
SUBJECT = "subject"
NEAR = "near"
Binding = Literal["subject", "near"]


class Claim(BaseModel):
    """One extracted claim; ``span`` points into the answer text. ``binding`` says how its driver
    was bound (``SUBJECT``/``NEAR``; None: not recorded, as by the LLM extractor): the verifier
    tries an alternative reading only for a claim not bound ``NEAR``. It is no slot: it is not
    stored with the claim's slots, and the extractor records it only where a reading may apply."""

    model_config = ConfigDict(frozen=True)

    type: ClaimType
    slots: dict[str, Any] = Field(default_factory=dict)
    span: Span | None = None
    extractor: str = "regex"
    binding: Binding | None = None

    def missing_required(self) -> list[str]:
        required, _optional = CLAIM_SLOTS[self.type]
        return [s for s in required if self.slots.get(s) is None]


class ClaimList(BaseModel):
    """The LLM extractor's structured output is validated against this model."""

    claims: list[Claim]
