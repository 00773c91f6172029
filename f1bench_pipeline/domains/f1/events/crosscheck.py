"""Cross-check of our pit stops against official timing (Ergast ``pit_stops.csv``).

Official timing counts every pit-lane entry: red-flag tyre changes and passes that keep
the same set (drive-throughs, pit-lane passes under a safety car). We count a stop only
where the tyres changed during racing. The breakdown says which kind each difference is.
"""

from __future__ import annotations

import polars as pl

KEYS = ["season", "round", "driver", "lap"]


def official_stop_agreement(
    pit_stops: pl.DataFrame, red_flag_changes: pl.DataFrame, flagged_laps: pl.DataFrame, official: pl.DataFrame
) -> dict[str, int | float]:
    """Compare on the races both sources cover; returns counts and the agreement share."""
    if pit_stops.is_empty() or official.is_empty():
        return {"official_stops": 0}
    races = pit_stops.select("season", "round").unique().join(
        official.select("season", "round").unique(), on=["season", "round"], how="semi"
    )
    off = official.join(races, on=["season", "round"], how="semi").select(KEYS)
    ours = pit_stops.join(races, on=["season", "round"], how="semi").select(KEYS)
    red = red_flag_changes.select(KEYS) if not red_flag_changes.is_empty() else ours.clear()
    passes = flagged_laps.filter(pl.col("is_in_lap")).select(*KEYS[:3], pl.col("lap_number").alias("lap"))
    matched = off.join(ours, on=KEYS, how="semi")
    rest = off.join(ours, on=KEYS, how="anti")
    as_red = rest.join(red, on=KEYS, how="semi")
    rest = rest.join(red, on=KEYS, how="anti")
    as_pass = rest.join(passes, on=KEYS, how="semi")
    rest = rest.join(passes, on=KEYS, how="anti")
    ours_only = ours.join(off, on=KEYS, how="anti")
    n_off = off.height
    return {
        "official_stops": n_off,
        "races_compared": races.height,
        "our_stops": ours.height,
        "matched_same_lap": matched.height,
        "official_red_flag_changes": as_red.height,
        "official_same_set_pit_lane_passes": as_pass.height,
        "official_other": rest.height,
        "ours_not_official": ours_only.height,
        "agreement": round((matched.height + as_red.height) / n_off, 4) if n_off else 1.0,
        "agreement_incl_passes": round((matched.height + as_red.height + as_pass.height) / n_off, 4) if n_off else 1.0,
    }
