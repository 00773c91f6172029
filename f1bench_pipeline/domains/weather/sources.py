"""Where a weather batch's records come from (pure; used by the assets and the CLI).

* ``shared-2025`` — the embedded sample ``data/weather/noaa_forecasts.jsonl`` (490 NWS
  forecast periods, 35 US cities, public domain; see ``data/weather/NOTICE.md``), checked
  against its SHA-256 before it is read.
* any other batch — the files ``f1bench weather collect --batch NAME`` wrote under
  ``<data_dir>/weather/batches/NAME/`` (one JSONL per location).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import polars as pl

from f1bench_pipeline.domains.weather.facts import record_facts
from f1bench_pipeline.domains.weather.records import (
    ForecastRecord,
    load_records,
    record_dict,
)
from f1bench_pipeline.settings import REPO_ROOT, process_setting

if TYPE_CHECKING:
    from polars._typing import PolarsDataType

SAMPLE_BATCH = "shared-2025"
SAMPLE_DIR = REPO_ROOT / "data" / "weather"
SAMPLE_FILE = SAMPLE_DIR / "noaa_forecasts.jsonl"
SAMPLE_SHA256 = SAMPLE_DIR / "noaa_forecasts.jsonl.sha256"
LOCATIONS_FILE = SAMPLE_DIR / "locations.csv"
_BATCH_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")

RECORD_SCHEMA: dict[str, PolarsDataType] = {
    "id": pl.Utf8, "location": pl.Utf8, "period": pl.Utf8, "temp": pl.Float64, "temp_unit": pl.Utf8,
    "temp_kind": pl.Utf8, "wind_min": pl.Int64, "wind_max": pl.Int64, "wind_unit": pl.Utf8, "wind_dir": pl.Utf8,
    "precip_prob": pl.Int64, "sky": pl.Utf8, "sky_raw": pl.Utf8, "key_facts": pl.List(pl.Utf8),
    "n_facts": pl.Int64, "context_text": pl.Utf8, "reference": pl.Utf8, "record": pl.Utf8,
}


class BatchError(RuntimeError):
    pass


def check_batch_name(batch: str) -> str:
    if not _BATCH_NAME.match(batch) or batch.lstrip("-").isdigit():
        raise BatchError(f"batch name {batch!r}: use letters, digits, '.', '_' or '-' (not a bare number), "
                         "e.g. nws-2026-06-01")
    return batch


def batches_dir(data_dir: Path) -> Path:
    return Path(data_dir) / "weather" / "batches"


def verify_sample() -> str:
    """SHA-256 of the embedded sample, checked against the recorded one."""
    digest = hashlib.sha256(SAMPLE_FILE.read_bytes()).hexdigest()
    expected = SAMPLE_SHA256.read_text(encoding="utf-8").split()[0]
    if digest != expected:
        raise BatchError(f"{SAMPLE_FILE} does not match {SAMPLE_SHA256.name} ({digest} != {expected})")
    return digest


def load_batch(batch: str, data_dir: Path, collect_missing: bool = False,
               progress: Callable[[str], None] = lambda _m: None) -> list[ForecastRecord]:
    """The batch's records. ``collect_missing`` (online: ``F1BENCH_OFFLINE=0``) first collects
    from api.weather.gov every location of ``data/weather/locations.csv`` the batch folder
    lacks — so materializing a new ``weather_batches`` partition in the UI collects it — and
    raises, after keeping what arrived, when some location failed."""
    check_batch_name(batch)
    if batch == SAMPLE_BATCH:
        verify_sample()
        return load_records(SAMPLE_FILE)
    from f1bench_pipeline.domains.weather.collector import (
        CollectionError,
        NWSClient,
        collect,
        load_locations,
        read_batch,
    )

    folder = batches_dir(data_dir) / batch
    if collect_missing:
        base = process_setting("nws_base_url")
        try:
            collect(load_locations(LOCATIONS_FILE), folder, NWSClient(base_url=base) if base else NWSClient(),
                    progress=progress)
        except CollectionError as exc:
            raise BatchError(f"weather batch {batch!r}: {exc}\n(what was collected is kept in {folder}; "
                             "materialize the partition again to fetch the rest)") from None
    if not folder.exists():
        raise BatchError(f"weather batch {batch!r} has no records: {folder} does not exist "
                         f"(run `f1bench weather collect --batch {batch}` first, or materialize it online: "
                         "F1BENCH_OFFLINE=0)")
    records = read_batch(folder)
    if not records:
        raise BatchError(f"weather batch {batch!r}: {folder} holds no records")
    return records


def records_frame(records: list[ForecastRecord]) -> pl.DataFrame:
    rows = []
    for r in records:
        g = r.ground_truth
        rows.append({"id": r.id, "location": r.location, "period": r.period, "temp": float(g.temp),
                     "temp_unit": g.temp_unit, "temp_kind": g.temp_kind, "wind_min": g.wind_min, "wind_max": g.wind_max,
                     "wind_unit": g.wind_unit, "wind_dir": g.wind_dir, "precip_prob": g.precip_prob, "sky": g.sky,
                     "sky_raw": g.sky_raw, "key_facts": list(r.key_facts), "n_facts": len(record_facts(r)),
                     "context_text": r.context_text, "reference": r.reference,
                     "record": ForecastRecord.model_validate(record_dict(r)).model_dump_json()})
    return pl.DataFrame(rows, schema=RECORD_SCHEMA)


def records_from_frame(df: pl.DataFrame) -> list[ForecastRecord]:
    return [ForecastRecord.model_validate_json(s) for s in df.sort("id")["record"].to_list()] if df.height else []


KEY_FACT_TYPES = {"temp": ("temperature",), "sky": ("sky",), "wind": ("wind_speed", "wind_direction"),
                  "precip_prob": ("precip_chance",)}


def oracle_gaps(records: list[ForecastRecord]) -> list[str]:
    """Key facts of the ground truth that no oracle fact carries (empty: the oracle is complete).

    ``wind`` needs a speed fact, and a direction fact whenever the record names a direction."""
    gaps = []
    for r in records:
        types = {f.type for f in record_facts(r)}
        for k in r.key_facts:
            needed = set(KEY_FACT_TYPES.get(k, (k,)))
            if k == "wind" and not r.ground_truth.wind_dir:
                needed.discard("wind_direction")
            if not needed <= types:
                gaps.append(f"{r.id}: {k} ({', '.join(sorted(needed - types))} missing)")
    return gaps
