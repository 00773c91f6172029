"""Dagster asset checks over the event tables (the logic lives in table_checks)."""


import dagster as dg

from f1bench_pipeline.events import table_checks as tc
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


EVENT_CHECKS = [_unique_key_check(t) for t in tc.TABLE_KEYS] + [pit_laps_inside_race, compounds_known, finishers_have_stints]
