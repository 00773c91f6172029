"""Parquet warehouse: hive-partitioned tables with atomic partition replacement.

Layout: ``<root>/<table>/season=2025/[round=07/][model=<safe>/]part-0.parquet``.
Writing a partition builds it in a temporary sibling folder and renames it into place,
so a crash mid-write leaves the previous partition untouched.
"""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Mapping
from pathlib import Path

import polars as pl

PARQUET_NAME = "part-0.parquet"


def partition_dir(root: Path, table: str, partition: Mapping[str, object]) -> Path:
    path = Path(root) / table
    for key, value in partition.items():
        path = path / f"{key}={_format_value(value)}"
    return path


def _format_value(value: object) -> str:
    text = str(value)
    if "/" in text or os.sep in text:
        raise ValueError(f"partition value {text!r} contains a path separator")
    return text


def write_partition(
    df: pl.DataFrame, root: Path, table: str, partition: Mapping[str, object]
) -> Path:
    """Replace one partition of ``table`` atomically; returns the partition folder.

    Partition columns are dropped from the file (they live in the folder names, as hive
    partitioning expects) so readers do not see them twice.
    """
    target = partition_dir(root, table, partition)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.parent / f".tmp-{target.name}-{uuid.uuid4().hex[:8]}"
    tmp.mkdir()
    try:
        body = df.drop([c for c in partition if c in df.columns])
        body.write_parquet(tmp / PARQUET_NAME, compression="zstd", statistics=True)
        old = None
        if target.exists():
            old = target.parent / f".old-{target.name}-{uuid.uuid4().hex[:8]}"
            os.rename(target, old)
        os.rename(tmp, target)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return target


def table_files(root: Path, table: str, partition: Mapping[str, object] | None = None) -> list[Path]:
    base = partition_dir(root, table, partition or {})
    if not base.exists():
        return []
    return sorted(p for p in base.rglob("*.parquet") if not any(part.startswith(".") for part in p.relative_to(base).parts))


def read_table(
    root: Path, table: str, partition: Mapping[str, object] | None = None
) -> pl.DataFrame:
    """Read a table (or one partition of it) with its hive columns restored.

    Returns an empty frame when nothing has been written yet.
    """
    files = table_files(root, table, partition)
    if not files:
        return pl.DataFrame()
    base = Path(root) / table
    frames = []
    for f in files:
        df = pl.read_parquet(f)
        # Restore partition columns from the folder names, typed as ints where numeric.
        for part in f.relative_to(base).parent.parts:
            key, _, value = part.partition("=")
            lit = pl.lit(int(value), dtype=pl.Int64) if value.lstrip("-").isdigit() else pl.lit(value)
            df = df.with_columns(lit.alias(key))
        frames.append(df)
    return pl.concat(frames, how="diagonal_relaxed")
