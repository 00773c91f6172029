"""SHA-256 manifest of a FastF1 cache.

FastF1 caches are pickles: unpickling a tampered file runs arbitrary code. Every file
of a race is checked against the manifest before FastF1 is allowed to open it.
"""

from __future__ import annotations

import hashlib
from pathlib import Path


class CacheIntegrityError(RuntimeError):
    """A cache file is missing from the manifest, absent on disk or altered."""


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def build_manifest(cache_dir: Path) -> dict[str, str]:
    cache_dir = Path(cache_dir)
    return {
        p.relative_to(cache_dir).as_posix(): sha256_file(p)
        for p in sorted(cache_dir.rglob("*"))
        if p.is_file()
    }


def write_manifest(cache_dir: Path, manifest_path: Path) -> int:
    entries = build_manifest(cache_dir)
    lines = [f"{digest}  {rel}" for rel, digest in entries.items()]
    Path(manifest_path).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return len(entries)


def read_manifest(manifest_path: Path) -> dict[str, str]:
    entries: dict[str, str] = {}
    for lineno, line in enumerate(Path(manifest_path).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        digest, sep, rel = line.partition("  ")
        if not sep or len(digest) != 64:
            raise CacheIntegrityError(f"{manifest_path}:{lineno}: malformed manifest line")
        entries[rel] = digest
    return entries


def verify_files(cache_dir: Path, manifest: dict[str, str], relative_dir: str) -> int:
    """Check every file below ``relative_dir`` (and that the manifest's files exist).

    Returns the number of files verified; raises ``CacheIntegrityError`` naming the file.
    """
    cache_dir = Path(cache_dir)
    prefix = relative_dir.rstrip("/") + "/"
    expected = {rel: d for rel, d in manifest.items() if rel.startswith(prefix) or rel == relative_dir}
    on_disk = {
        p.relative_to(cache_dir).as_posix()
        for p in (cache_dir / relative_dir).rglob("*")
        if p.is_file()
    } if (cache_dir / relative_dir).exists() else set()
    unlisted = sorted(on_disk - set(expected))
    if unlisted:
        raise CacheIntegrityError(f"file not in manifest (refusing to unpickle): {unlisted[0]}")
    for rel, digest in expected.items():
        path = cache_dir / rel
        if not path.exists():
            raise CacheIntegrityError(f"file listed in manifest is missing: {rel}")
        if sha256_file(path) != digest:
            raise CacheIntegrityError(f"checksum mismatch (file altered or corrupt): {rel}")
    return len(expected)
