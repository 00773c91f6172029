"""Versions of the extractors and verifiers, stored with every claim and score row and used as
the Dagster ``code_version`` of the claims/scores assets, so stale scores show as stale.

A version is a hash of the code that decides the labels and scores, plus the data files and
settings that code reads. The code is hashed as ``ast.dump`` of each module with docstrings
removed, not as bytes: an edit to a comment, a docstring or the formatting must not mark a
season's scores stale, while any change of code does. Modules are parsed, never imported
(the LLM extractor's import pulls litellm, seconds), and each version is computed once per
process. No Dagster here: ``f1bench score`` uses this module too. Which modules make a version
is the domain's to say (``domains.base.Domain.extractor_sources`` and ``verifier_sources``).

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
from typing import TYPE_CHECKING

from f1bench_pipeline.domains import get_domain
from f1bench_pipeline.settings import process_setting, user_cache_home

if TYPE_CHECKING:  # annotations only: domains.base loads polars and pydantic, which a version need not
    from f1bench_pipeline.domains.base import Domain, Source

PACKAGE = Path(__file__).resolve().parents[1]


def package_modules(folder: str) -> tuple[str, ...]:
    """Every module of the package ``folder`` (relative to PACKAGE), subpackages included, sorted:
    a module added to it is part of the version without a change here."""
    return tuple(sorted(p.relative_to(PACKAGE).as_posix() for p in (PACKAGE / folder).rglob("*.py")))


# A version kind is a domain's extractor or verifier: ``Domain.version_prefix`` + the role (F1 keeps
# its historical unprefixed names, ``regex``, ``llm``, ``verify``; another domain's carry its name,
# ``weather-regex``, ``weather-verify``). Each domain declares the modules that decide its claims and
# labels (``Domain.extractor_sources``, ``llm_extractor_sources``, ``verifier_sources``); the scoring
# code every domain's rows pass through is added here.
ROLES = {"regex": "extractor_sources", "llm": "llm_extractor_sources", "verify": "verifier_sources"}
SHARED_SOURCES: dict[str, tuple[Source, ...]] = {
    "regex": ("scoring/claims.py",),
    "llm": ("scoring/claims.py",),
    "verify": ("scoring/verdict.py", "scoring/score.py", "domains/scoring.py",
               ("scoring/metrics.py", ("GenerationScore", "coverage", "score_generation"))),
}
# Sources set here replace a kind's (tests point a kind at a copy of its modules).
SOURCES: dict[str, tuple[Source, ...]] = {}


def _domain(name: str) -> Domain:
    """The domain called ``name``, looked up when a version is asked for (the domains import
    scoring, never the reverse)."""
    return get_domain(name)


def version_kind(domain: str, role: str) -> str:
    """The kind of the ``role`` (``regex``, ``llm``, ``verify``) version of ``domain``: ``regex``
    (F1), ``weather-regex``."""
    return f"{_domain(domain).version_prefix}{role}"


def sources(domain: str, role: str) -> tuple[Source, ...]:
    """The modules the ``role`` version of ``domain`` hashes: the domain's own, then the shared
    scoring ones."""
    kind = version_kind(domain, role)
    if kind in SOURCES:
        return SOURCES[kind]
    return (*getattr(_domain(domain), ROLES[role]), *SHARED_SOURCES[role])


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
def _version(domain: str, role: str, data: tuple[Path | bytes, ...] = ()) -> str:
    kind = version_kind(domain, role)
    srcs = sources(domain, role)
    key = _raw_key(kind, srcs, data)
    kept = _read_kept()
    if key in kept:
        return kept[key]
    version = f"{kind}-{source_hash(srcs, data)[:12]}"
    _keep(key, version)
    return version


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


def _llm_model(system: str | None = None, registry=None) -> bytes:
    """The LLM extractor's model: the registry system ``system`` (default: the one named by
    F1BENCH_LLM_EXTRACTOR, as ``default_llm_extractor`` picks it) — its litellm model string
    and parameters, read without litellm — of ``registry`` (an asset's; unset: systems.yaml)."""
    name = process_setting("llm_extractor") if system is None else system
    try:
        from f1bench_pipeline.generation.registry import load_registry

        found = (registry or load_registry()).get(name)
        return json.dumps([name, found.model, found.params], sort_keys=True, default=str).encode()
    except Exception:  # unknown name, unreadable registry: the name alone (a version never fails a build)
        return name.encode()


def extractor_version(domain: str, name: str = "regex", llm_system: str | None = None, registry=None) -> str:
    """The version of ``domain``'s extractor ``name`` (``regex``, or ``llm``: the LLM extractor):
    ``regex-<12 hex>``, ``llm-<12 hex>`` (F1), ``weather-regex-<12 hex>``. The LLM extractor's is
    of the registry system ``llm_system`` (default: F1BENCH_LLM_EXTRACTOR's) in ``registry``
    (unset: systems.yaml)."""
    if name == "llm":
        return _version(domain, "llm", (_llm_model(llm_system, registry),))
    return _version(domain, name, tuple(_domain(domain).extractor_data()))


def verifier_version(domain: str) -> str:
    """``verify-<12 hex>`` (F1) or ``weather-verify-<12 hex>``."""
    return _version(domain, "verify")


def llm_extractor_enabled() -> bool:
    return bool(process_setting("llm_extractor"))


def scoring_code_version(domain: str) -> str:
    """The claims/scores assets' Dagster code version: extractor(s) + verifier (the LLM
    extractor's when one is set and the domain has one)."""
    llm = f"+{extractor_version(domain, 'llm')}" \
        if llm_extractor_enabled() and _domain(domain).llm_extractor_sources else ""
    return f"{extractor_version(domain)}{llm}+{verifier_version(domain)}"


def score_versions(domain: str, extractor: str = "regex", llm_system: str | None = None,
                   registry=None) -> dict[str, str]:
    """The version columns' values for one extractor of ``domain`` (``f1bench score`` prints them)."""
    return {"extractor_version": extractor_version(domain, extractor, llm_system, registry),
            "verifier_version": verifier_version(domain)}


def cache_clear() -> None:
    """Forget the computed versions (tests that edit sources)."""
    _version.cache_clear()
