"""F1's settings: its rule thresholds (``RaceRules``) and its section of the settings
(``F1Settings``: the FastF1 cache, the official results, verifier-guided generation, the rules).

The section is ``F1Domain.settings_section``: the core settings gather it by discovery, and its
fields keep their top-level variables (``F1BENCH_FASTF1_CACHE``, ``F1BENCH_REFINE_MAX_ROUNDS``,
``F1BENCH_RULES__<FIELD>``, ``F1BENCH_RULES_FILE``), read and checked as every ``F1BENCH_*``
variable is (``f1bench_pipeline/settings.py``). F1's code reads its section as
``F1Settings.of(settings)``. Every ``RaceRules`` threshold can be set without touching code, from a
rules file and/or one variable per field (later wins)::

    F1BENCH_RULES_FILE=rules.yaml                     # a mapping of RaceRules fields (YAML or JSON)
    F1BENCH_RULES__BATTLE_MAX_GAP_BEFORE_S=4.0        # one field ("__" separates the levels)
    F1BENCH_RULES__SAFETY_CAR_CODES='["4"]'           # list fields are JSON

An unknown rule name is an error too (a typo must not silently leave a rule unchanged).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Set
from pathlib import Path
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from f1bench_pipeline.package_data import OFFICIAL_RESULTS_DIR, REPO_ROOT
from f1bench_pipeline.settings import Settings, SettingsSection

SAMPLE_CACHE_DIR = REPO_ROOT / "data" / "sample" / "fastf1_cache"
SAMPLE_MANIFEST = REPO_ROOT / "data" / "sample" / "MANIFEST.sha256"


class RaceRules(BaseModel):
    """Thresholds of the F1 rules. Change them here, never in code."""

    # An unknown field is a typo (F1BENCH_RULES__BATLE_MAX_GAP_BEFORE_S): refuse it.
    model_config = ConfigDict(extra="forbid")

    # Each threshold's description is its documentation: the launchpad (RaceRulesResource,
    # domains/f1/resources.py) and the JSON schema show it.
    non_green_status_codes: tuple[str, ...] = Field(
        ("2", "4", "5", "6", "7"), description="TrackStatus codes that make a lap non-green: 2 yellow, 4 SC, 5 red, 6/7 VSC")
    safety_car_codes: tuple[str, ...] = Field(
        ("4",), description="TrackStatus codes of a safety car (neutralise the race: a stop under them is a cheap stop)")
    virtual_safety_car_codes: tuple[str, ...] = Field(
        ("6", "7"), description="TrackStatus codes of a virtual safety car (neutralise the race)")
    red_flag_codes: tuple[str, ...] = Field(("5",), description="TrackStatus codes of a red flag (race suspended)")
    min_green_laps_for_degradation: int = Field(
        3, description="a stint's degradation slope needs at least this many green laps")
    # Undercut / overcut.
    battle_max_pit_lap_offset: int = Field(4, description="undercut/overcut: B pits at most this many laps after A")
    battle_min_pit_lap_offset: int = Field(1, description="undercut/overcut: B pits at least this many laps after A")
    battle_max_gap_before_s: float = Field(
        5.0, description="undercut/overcut: largest gap (s) between the cars on the lap before A's stop")
    battle_min_abs_gain_s: float = Field(
        0.5, description="undercut/overcut: smallest gap change (s) that counts; smaller changes are noise")
    battle_exclude_neutralised_stops: bool = Field(
        True, description="leave out stops under SC/VSC (a cheap stop, not an undercut or overcut)")
    battle_exclude_neutralised_window: bool = Field(
        True, description="leave out pairs with a SC/VSC/red lap between the lap before A's stop and the lap after "
                          "B's stop (it bunches or freezes the field: the gap change would not measure the tyre offset)")
    # On-track defense.
    defense_max_gap_s: float = Field(1.5, description="defense: the pursuer is within this gap (s) behind")
    defense_min_sustained_laps: int = Field(5, description="defense: laps held for a sustained defense")
    defense_brief_min_laps: int = Field(2, description="defense: fewest laps held for a brief defense")
    defense_brief_max_laps: int = Field(4, description="defense: most laps held for a brief defense")
    defense_breaking_status_codes: tuple[str, ...] = Field(
        ("4", "5", "6", "7"), description="TrackStatus codes whose laps break a defense run "
                                          "(bunched cars behind the SC are not a defense)")

    def as_json(self) -> dict[str, Any]:
        """Every threshold as plain JSON values (what a derived table's metadata records)."""
        return self.model_dump(mode="json")

    def fingerprint(self) -> str:
        """A short hash of the thresholds: equal rules, equal fingerprint (key order irrelevant)."""
        return hashlib.sha256(json.dumps(self.as_json(), sort_keys=True).encode()).hexdigest()[:12]


class F1Settings(SettingsSection):
    """F1's section of the settings: each field is the variable ``F1BENCH_<FIELD>`` (``rules``: one
    ``F1BENCH_RULES__<FIELD>`` per threshold); its description is its documentation."""

    #: the rules file: RaceRules fields, applied under the F1BENCH_RULES__* variables
    files: ClassVar[dict[str, str]] = {"rules": "rules_file"}

    fastf1_cache: Path = Field(SAMPLE_CACHE_DIR, description="the FastF1 cache to read (default: the embedded "
                                                            "sample, offline and checksummed)")
    cache_manifest: Path | None = Field(SAMPLE_MANIFEST, description="the SHA-256 manifest checked before FastF1 "
                                                                     "unpickles anything (none for a cache of your "
                                                                     "own: trusted)")
    official_results_dir: Path = Field(OFFICIAL_RESULTS_DIR, description="supplement files of official results "
                                                                         "(tried after the Ergast CSVs, before the "
                                                                         "network)")
    # Verifier-guided generation (f1bench_pipeline.domains.f1.refinement; RefinementResource).
    refine_max_rounds: int = Field(3, description="rounds of edit instructions after the first answer")
    refine_feedback_unverifiable: bool = Field(True, description="send unsupported claims back for removal")
    refine_feedback_uncovered: bool = Field(True, description="send the uncovered oracle facts back (\"add these\"); "
                                                              "false is the published loop's feedback")
    refine_max_edits: int = Field(20, description="cap on each list of edits in one message (an enormous answer "
                                                  "must not make an enormous prompt)")
    rules_file: Path | None = Field(None, description="a YAML or JSON mapping of `RaceRules` fields, applied under "
                                                      "the `F1BENCH_RULES__*` variables")
    rules: RaceRules = RaceRules()

    @classmethod
    def of(cls, settings: Settings) -> F1Settings:
        """F1's section of ``settings``."""
        return settings.section("f1", cls)

    def from_environment(self, given: Set[str], settings: Settings) -> F1Settings:
        """The paths resolved against the working directory; a cache named without a manifest is
        trusted, and online without a named cache, FastF1's normal loader caches in the data dir."""
        update: dict[str, Any] = {name: path.resolve() for name in ("fastf1_cache", "cache_manifest", "official_results_dir")
                                  if (path := getattr(self, name)) is not None}
        if "fastf1_cache" in given and "cache_manifest" not in given:
            update["cache_manifest"] = None  # a user-supplied cache has no manifest unless one is named
        if not settings.offline and "fastf1_cache" not in given:
            update |= {"fastf1_cache": settings.data_dir / "fastf1_cache", "cache_manifest": None}
        return self.model_copy(update=update)
