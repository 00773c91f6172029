"""Parquet warehouse: hive-partitioned tables with atomic partition replacement.

Layout: ``<root>/<table>/season=2025/[round=07/][model=<safe>/]part-0.parquet``.
Writing a partition builds it in a temporary sibling folder and renames it into place,
so a crash mid-write leaves the previous partition untouched.

The root is a local folder or an fsspec URL (``storage/location.py``). On a remote root the
partition is its one file, published by a single operation: on object stores (S3, GCS, …)
one PUT of the final key, which is atomic per object (readers see the old file or the new
one, never part of one); elsewhere (``memory://``, other fsspec filesystems) a write to a
hidden temporary key then a move onto the final key. HTTP roots are read-only.
"""

from __future__ import annotations

import io
import os
import shutil
import uuid
from collections.abc import Mapping, Sequence
from pathlib import Path

import polars as pl

from f1bench_pipeline.storage import location
from f1bench_pipeline.storage.location import Root

PARQUET_NAME = "part-0.parquet"
STAGING_DIR = ".staging"  # partitions being written, beside the tables (hidden: not a table)


def partition_dir(root: Path, table: str, partition: Mapping[str, object]) -> Path:
    """The local folder of one partition (``partition_url`` for any root)."""
    path = Path(root) / table
    for key, value in partition.items():
        path = path / f"{key}={_format_value(value)}"
    return path


def _format_value(value: object) -> str:
    text = str(value)
    if "/" in text or os.sep in text:
        raise ValueError(f"partition value {text!r} contains a path separator")
    return text


def partition_url(root: Root, table: str, partition: Mapping[str, object]) -> str:
    """``<root>/<table>/key=value/…`` as a string, for a local folder or a URL root."""
    return location.join(root, table, *(f"{k}={_format_value(v)}" for k, v in partition.items()))


def write_partition(
    df: pl.DataFrame, root: Root, table: str, partition: Mapping[str, object]
) -> Path | str:
    """Replace one partition of ``table`` atomically; returns the partition folder.

    Partition columns are dropped from the file (they live in the folder names, as hive
    partitioning expects) so readers do not see them twice.
    """
    local = location.local_path(root)
    if local is None:
        return _write_remote(df, str(root), table, partition)
    target = partition_dir(local, table, partition)
    target.parent.mkdir(parents=True, exist_ok=True)
    # Staged outside the table's folder: a reader's glob (<table>/**/*.parquet, the DuckDB views)
    # must never see a half-written file, nor a finished one under a temporary folder name, while
    # another process writes (parallel season runs); a rename within one filesystem is atomic.
    staging = Path(local) / STAGING_DIR
    staging.mkdir(parents=True, exist_ok=True)
    tag = f"{table}-{target.name}-{uuid.uuid4().hex[:8]}"
    tmp = staging / f"new-{tag}"
    tmp.mkdir()
    try:
        body = df.drop([c for c in partition if c in df.columns])
        body.write_parquet(tmp / PARQUET_NAME, compression="zstd", statistics=True)
        old = None
        if target.exists():
            old = staging / f"old-{tag}"
            os.rename(target, old)
        os.rename(tmp, target)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return target


def _write_remote(df: pl.DataFrame, root: str, table: str, partition: Mapping[str, object]) -> str:
    scheme = location.scheme(root)
    if scheme in location.READ_ONLY_SCHEMES:
        raise location.WarehouseLocationError(f"{scheme}:// warehouse roots are read-only")
    target = partition_url(root, table, partition)
    buf = io.BytesIO()
    df.drop([c for c in partition if c in df.columns]).write_parquet(buf, compression="zstd", statistics=True)
    fs, folder = location.filesystem(target)
    final = f"{folder}/{PARQUET_NAME}"
    if scheme in location.OBJECT_STORE_SCHEMES:
        fs.pipe_file(final, buf.getvalue())
        return target
    fs.makedirs(folder, exist_ok=True)
    tmp = f"{folder}/.tmp-{uuid.uuid4().hex[:8]}.part"  # hidden, and not *.parquet: no reader sees it
    fs.pipe_file(tmp, buf.getvalue())
    try:
        fs.mv(tmp, final)
    except BaseException:
        if fs.exists(tmp):
            fs.rm(tmp)
        raise
    return target


def table_files(root: Root, table: str, partition: Mapping[str, object] | None = None) -> list[Path] | list[str]:
    """Every Parquet file of a table (or partition): local ``Path``s, or URLs on a remote root."""
    local = location.local_path(root)
    if local is None:
        url = partition_url(root, table, partition or {})
        return [f"{url}/{rel}" for rel in location.find_files(url, "")]
    base = partition_dir(local, table, partition or {})
    if not base.exists():
        return []
    return sorted(p for p in base.rglob("*.parquet") if not any(part.startswith(".") for part in p.relative_to(base).parts))


def _remote_bytes(url: str) -> io.BytesIO:
    fs, path = location.filesystem(url)
    return io.BytesIO(fs.cat_file(path))


def read_table(
    root: Root, table: str, partition: Mapping[str, object] | None = None
) -> pl.DataFrame:
    """Read a table (or one partition of it) with its hive columns restored.

    Returns an empty frame when nothing has been written yet.
    """
    local = location.local_path(root)
    files = table_files(local if local is not None else root, table, partition)
    if not files:
        return pl.DataFrame()
    items: list[tuple[Path | io.BytesIO, Sequence[str]]]
    if local is not None:
        base = local / table
        items = [(Path(f), Path(f).relative_to(base).parent.parts) for f in files]  # local: Paths already
    else:
        prefix = location.join(root, table) + "/"
        items = [(_remote_bytes(str(f)), str(f)[len(prefix):].split("/")[:-1]) for f in files]  # remote: URLs
    frames = []
    for f, folders in items:
        df = pl.read_parquet(f)
        # Restore partition columns from the folder names, typed as ints where numeric.
        for part in folders:
            key, _, value = part.partition("=")
            lit = pl.lit(int(value), dtype=pl.Int64) if value.lstrip("-").isdigit() else pl.lit(value)
            df = df.with_columns(lit.alias(key))
        frames.append(df)
    return pl.concat(frames, how="diagonal_relaxed")


def partition_modified(root: Root, table: str, partition: Mapping[str, object]) -> float | None:
    """When a partition was last written (epoch seconds), None when it does not exist."""
    local = location.local_path(root)
    if local is not None:
        folder = partition_dir(local, table, partition)
        return folder.stat().st_mtime if folder.exists() else None
    times = [location.modified_epoch(str(f)) for f in table_files(root, table, partition)]  # remote: URLs
    known = [t for t in times if t is not None]
    return max(known) if known else None
