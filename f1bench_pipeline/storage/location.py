"""Where the warehouse lives: a local folder, or an fsspec URL (pure: no Dagster).

The warehouse root is either a local folder (``Path`` or a plain path string — the
default, ``$F1BENCH_DATA_DIR/warehouse``) or a URL with a scheme fsspec knows:

* ``file:///abs/path`` — the same as the local folder (same code path, same atomic folder rename);
* ``memory://name`` — fsspec's in-process filesystem (tests; one process only);
* ``s3://bucket/prefix``, ``gs://bucket/prefix`` — object stores, through the optional
  ``s3fs``/``gcsfs`` packages (``pip install -e ".[cloud]"``); credentials come from the
  environment those libraries read (AWS_* / instance role, GOOGLE_APPLICATION_CREDENTIALS /
  ADC), never from the URL;
* ``http(s)://host/prefix`` — read-only: a warehouse someone serves over HTTP
  (``f1bench_pipeline.storage.http_share``, or any server with directory listings and byte ranges).

A URL carrying credentials (``user:secret@host``, ``?token=``) is refused so that a
secret cannot travel into Parquet, logs or Dagster metadata with the root.
"""

from __future__ import annotations

import datetime as dt
import email.utils
import os
from functools import cache
from pathlib import Path
from urllib.parse import unquote, urlsplit

LOCAL_SCHEMES = frozenset({"", "file", "local"})
# One PUT publishes a whole object atomically (readers see the old or the new object, never
# a part of one) and there is no rename (``mv`` is copy + delete): write the final key directly.
OBJECT_STORE_SCHEMES = frozenset({"s3", "s3a", "gs", "gcs", "az", "abfs", "abfss", "r2"})
# No write verb, and no listing API beyond the server's HTML index.
READ_ONLY_SCHEMES = frozenset({"http", "https"})
# Schemes DuckDB reads with its own C++ httpfs extension (``auto`` tries it first for these).
HTTPFS_SCHEMES = frozenset({"s3", "s3a", "http", "https"})
_SECRET_QUERY_KEYS = ("token", "secret", "key", "signature", "password", "credential", "sig")

Root = str | os.PathLike


class WarehouseLocationError(ValueError):
    pass


def scheme(root: Root) -> str:
    """The URL scheme of ``root`` ("" for a local path)."""
    if isinstance(root, os.PathLike):
        return ""
    text = str(root)
    if "://" not in text:
        return ""
    return text.split("://", 1)[0].lower()


def local_path(root: Root) -> Path | None:
    """The local folder behind ``root`` (plain paths and ``file://`` URLs), else None."""
    s = scheme(root)
    if s not in LOCAL_SCHEMES:
        return None
    if s == "":
        return Path(root)
    return Path(unquote(urlsplit(str(root)).path))


def is_remote(root: Root) -> bool:
    return local_path(root) is None


def normalise(root: Root) -> Path | str:
    """A local ``Path`` for local roots, else the URL without a trailing slash (checked)."""
    local = local_path(root)
    if local is not None:
        return local
    url = str(root).rstrip("/")
    check_no_credentials(url)
    return url


def check_no_credentials(url: str) -> None:
    parts = urlsplit(url)
    if "@" in parts.netloc:
        raise WarehouseLocationError(
            f"warehouse URL {parts.scheme}://…@{parts.netloc.rsplit('@', 1)[1]} carries credentials: "
            "give them through the environment (AWS_*, GOOGLE_APPLICATION_CREDENTIALS), never in the URL")
    query = parts.query.lower()
    if any(k in query for k in _SECRET_QUERY_KEYS):
        raise WarehouseLocationError(
            f"warehouse URL {parts.scheme}://{parts.netloc}{parts.path} has a query string that looks like "
            "a credential: give credentials through the environment, never in the URL")


def join(root: Root, *parts: str) -> str:
    return "/".join([str(normalise(root)).rstrip("/"), *(p.strip("/") for p in parts if p)])


@cache
def http_filesystem_class() -> type:
    """fsspec's HTTP filesystem (needs aiohttp) plus ``modified()``, which DuckDB calls."""
    from fsspec.implementations.http import HTTPFileSystem

    class ReadOnlyHTTPFileSystem(HTTPFileSystem):
        def modified(self, path):
            header = self.info(path).get("Last-Modified")
            if header:
                return email.utils.parsedate_to_datetime(header)
            return dt.datetime.fromtimestamp(0, dt.UTC)

    return ReadOnlyHTTPFileSystem


def filesystem(url: str):
    """(fsspec filesystem, path inside it) for a remote URL."""
    import fsspec  # here, not at the top: the settings import this module, and fsspec costs ~80 ms

    if scheme(url) in READ_ONLY_SCHEMES:
        return http_filesystem_class()(), url
    return fsspec.core.url_to_fs(url)


def find_files(root: Root, sub: str, suffix: str = ".parquet") -> list[str]:
    """Files under ``root/sub`` ending in ``suffix``, as paths relative to ``root/sub``.

    Anything under a dot-folder or dot-file (temporary keys of an unfinished write) is left
    out; the order is that of the path parts, as for local ``Path`` objects.
    """
    fs, base = filesystem(join(root, sub))
    http = scheme(root) in READ_ONLY_SCHEMES
    try:
        found = fs.find(base)
    except FileNotFoundError:
        return []
    prefix = unquote(base).rstrip("/") + "/" if http else base.rstrip("/") + "/"
    out = []
    for f in found:
        f = unquote(f) if http else f
        if not f.startswith(prefix):
            continue
        rel = f[len(prefix):]
        if rel.endswith(suffix) and not any(p.startswith(".") for p in rel.split("/")):
            out.append(rel)
    return sorted(out, key=lambda r: r.split("/"))


def modified_epoch(url: str) -> float | None:
    """Last modification of one remote file, in epoch seconds (None when the store cannot say)."""
    fs, path = filesystem(url)
    try:
        return fs.modified(path).timestamp()
    except (NotImplementedError, FileNotFoundError, AttributeError):
        return None
