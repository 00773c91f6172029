"""Dagster asset checks over the event tables (the logic lives in table_checks)."""


import dagster as dg

from f1bench_pipeline.domains.f1.events import table_checks as tc
from f1bench_pipeline.resources import WarehouseResource


def _unique_key_check(table: str) -> dg.AssetChecksDefinition:
    keys = tc.TABLE_KEYS[table]

    @dg.asset_check(asset=table, name=f"{table}_unique_keys", description=f"Unique on ({', '.join(keys)}).")
    def _check(warehouse: WarehouseResource) -> dg.AssetCheckResult:
        dups = tc.duplicate_keys(warehouse.read(table), keys)
        return dg.AssetCheckResult(
            passed=dups.is_empty(),
            metadata={"duplicate_keys": dups.height, "sample": str(dups.head(5).to_dicts())},
        )

    return _check


@dg.asset_check(asset="pit_stops", description="Every pit lap lies inside the race distance.")
def pit_laps_inside_race(warehouse: WarehouseResource) -> dg.AssetCheckResult:
    bad = tc.pit_laps_outside_race(warehouse.read("pit_stops"), warehouse.read("green_flag_laps"))
    return dg.AssetCheckResult(passed=bad.is_empty(), metadata={"outside": bad.height})


@dg.asset_check(asset="stints", description="Compounds are in the known set (UNKNOWN when missing, never guessed).")
def compounds_known(warehouse: WarehouseResource) -> dg.AssetCheckResult:
    bad = tc.unknown_compounds(warehouse.read("stints"))
    return dg.AssetCheckResult(passed=bad.is_empty(), metadata={"unrecognised": bad.height})


@dg.asset_check(asset="classification", description="Every classified finisher has at least one stint.",
                additional_deps=["stints"])
def finishers_have_stints(warehouse: WarehouseResource) -> dg.AssetCheckResult:
    bad = tc.finishers_without_stint(warehouse.read("classification"), warehouse.read("stints"))
    return dg.AssetCheckResult(
        passed=bad.is_empty(),
        metadata={"finishers_without_stint": bad.height, "sample": str(bad.select("season", "round", "driver").head(5).to_dicts()) if bad.height else ""},
    )


@dg.asset_check(asset="classification", name="classification_official_sources",
                description="Every race is classified from an official source; WARN names those classified from "
                            "timing order (disqualifications and post-race penalties unknown).")
def classification_official_sources(warehouse: WarehouseResource) -> dg.AssetCheckResult:
    races = tc.timing_order_races(warehouse.read("classification"))
    return dg.AssetCheckResult(
        passed=races.is_empty(), severity=dg.AssetCheckSeverity.WARN,
        description=("" if races.is_empty() else "Classified from timing order, no official result yet: "
                     + "; ".join(tc.race_names(races)) + ". Add them to data/official_results (see its README)."),
        metadata={"timing_order_races": races.height, "races": ", ".join(tc.race_names(races))},
    )


@dg.asset_check(asset="standings", name="standings_sprint_results",
                description="Every sprint weekend has its sprint result; WARN names those whose standings count "
                            "the Grand Prix only.")
def standings_sprint_results(warehouse: WarehouseResource) -> dg.AssetCheckResult:
    races = tc.sprints_without_results(warehouse.read("standings"))
    return dg.AssetCheckResult(
        passed=races.is_empty(), severity=dg.AssetCheckSeverity.WARN,
        description=("" if races.is_empty() else "No sprint result: " + "; ".join(tc.race_names(races))
                     + ". Standings after these rounds leave the sprint points out."),
        metadata={"sprints_without_results": races.height, "races": ", ".join(tc.race_names(races))},
    )


EVENT_CHECKS = [_unique_key_check(t) for t in tc.TABLE_KEYS] + [
    pit_laps_inside_race, compounds_known, finishers_have_stints, classification_official_sources,
    standings_sprint_results]
