"""Versions of the extractors and verifiers, stored with every claim and score row and used as
the Dagster ``code_version`` of the claims/scores assets, so stale scores show as stale.

A version is a hash of the code that decides the labels and scores, plus the data files and
settings that code reads. The code is hashed as ``ast.dump`` of each module with docstrings
removed, not as bytes: an edit to a comment, a docstring or the formatting must not mark a
season's scores stale, while any change of code does. Modules are parsed, never imported
(the LLM extractor's import pulls litellm, seconds), and each version is computed once per
process. No Dagster here: ``f1bench score`` uses this module too. Which modules make a domain's
extractor and verifier versions is the domain's to say (``domains/versions.py``).

Parsing the ~30 modules takes ~0.4 s, paid by every process that needs a version (each Dagster
run, each ``f1bench score``). A version is therefore also kept on disk, keyed by the exact bytes
of its sources and data and the Python version (``ast.dump`` differs between Pythons):
``$XDG_CACHE_HOME/f1bench`` (else ``~/.cache/f1bench``). Any edit is a new key, so a cached
version is always the one parsing would give; an unwritable cache is only slower.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import json
import os
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

from f1bench_pipeline.settings import user_cache_home

PACKAGE = Path(__file__).resolve().parents[1]
# A module path (relative to the package, or absolute), optionally restricted to the named top-level
# definitions (the rest of the module does not change stored scores): what a domain names in
# ``extractor_sources`` / ``verifier_sources``.
Source = str | tuple[str, tuple[str, ...]]


def package_modules(folder: str) -> tuple[str, ...]:
    """Every module of the package ``folder`` (relative to PACKAGE), subpackages included, sorted:
    a module added to it is part of the version without a change here."""
    return tuple(sorted(p.relative_to(PACKAGE).as_posix() for p in (PACKAGE / folder).rglob("*.py")))


def _strip_docstrings(tree: ast.AST) -> None:
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                node.body = body[1:]


def _defines(node: ast.stmt, names: tuple[str, ...]) -> bool:
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return node.name in names
    targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
    return any(isinstance(n, ast.Name) and n.id in names for t in targets for n in ast.walk(t))


def normalized_source(path: Path, names: tuple[str, ...] | None = None) -> str:
    """The module's AST without docstrings (comments and layout are not in an AST), optionally
    only the top-level definitions in ``names``."""
    tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    if names is not None:
        tree.body = [n for n in tree.body if _defines(n, names)]
    _strip_docstrings(tree)
    return ast.dump(tree)


def source_hash(sources: Iterable[Source], data: Iterable[Path | bytes] = ()) -> str:
    """SHA-256 (hex) over the normalized modules and the data: bytes as given, files by content."""
    h = hashlib.sha256()
    for src in sources:
        rel, names = (src, None) if isinstance(src, str) else src
        h.update(normalized_source(PACKAGE / rel, names).encode())
    for item in data:
        if isinstance(item, Path):  # a missing file is a state of its own (the extractor then reads nothing)
            item = item.read_bytes() if item.is_file() else f"<missing {item.name}>".encode()
        h.update(hashlib.sha256(item).digest())
    return h.hexdigest()


@functools.cache
def version(kind: str, sources: tuple[Source, ...], data: tuple[Path | bytes, ...] = ()) -> str:
    """``<kind>-<12 hex>``: the hash of ``sources`` (modules relative to the package, or a module and
    the top-level names in it that count) and ``data``, computed once per process and kept on disk."""
    key = _raw_key(kind, sources, data)
    kept = _read_kept()
    if key in kept:
        return kept[key]
    found = f"{kind}-{source_hash(sources, data)[:12]}"
    _keep(key, found)
    return found


KEPT_VERSIONS = 256  # entries of the on-disk cache (a few per source tree a user has run)


def _cache_file() -> Path:
    base = str(user_cache_home())
    return Path(base) / "f1bench" / "code-versions.json"


def _raw_key(kind: str, sources: Iterable[Source], data: Iterable[Path | bytes]) -> str:
    """SHA-256 of everything a version is computed from, byte for byte (no parsing: ~1 ms)."""
    h = hashlib.sha256(f"{kind}|{sys.version_info[:2]}".encode())
    for src in sources:
        rel, names = (src, None) if isinstance(src, str) else src
        path = PACKAGE / rel
        h.update(f"|{rel}|{names}|".encode())
        h.update(hashlib.sha256(path.read_bytes()).digest())
    for item in data:
        if isinstance(item, Path):
            item = item.read_bytes() if item.is_file() else f"<missing {item.name}>".encode()
        h.update(b"|data|" + hashlib.sha256(item).digest())
    return h.hexdigest()


def _read_kept() -> dict[str, str]:
    try:
        kept = json.loads(_cache_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return kept if isinstance(kept, dict) else {}


def _keep(key: str, version: str) -> None:
    """Add one version to the on-disk cache (written whole and renamed: a reader never sees half)."""
    path = _cache_file()
    kept = _read_kept()
    kept.pop(key, None)
    kept[key] = version
    kept = dict(list(kept.items())[-KEPT_VERSIONS:])
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", dir=path.parent, suffix=".tmp", delete=False, encoding="utf-8") as fh:
            json.dump(kept, fh)
        os.replace(fh.name, path)
    except OSError:  # a read-only home: versions are parsed each time
        pass


def cache_clear() -> None:
    """Forget the computed versions (tests that edit sources)."""
    version.cache_clear()
