"""A domain's extractor and verifier versions (``regex-<12 hex>``, ``weather-verify-<12 hex>``): the
code hash of ``scoring/versions.py`` over the modules the domain names (``Domain.extractor_sources``,
``llm_extractor_sources``, ``verifier_sources``) and the shared scoring modules every domain's rows
pass through. A domain is looked up by name when a version is asked for; no Dagster, no litellm
(``f1bench score`` uses this module too).
"""

from __future__ import annotations

import json
from pathlib import Path

from f1bench_pipeline.domains import get_domain
from f1bench_pipeline.domains.base import Domain
from f1bench_pipeline.generation.registry import load_registry
from f1bench_pipeline.scoring.versions import Source, version
from f1bench_pipeline.settings import process_setting

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


def _version(domain: str, role: str, data: tuple[Path | bytes, ...] = ()) -> str:
    return version(version_kind(domain, role), sources(domain, role), data)


def _llm_model(system: str | None = None, registry=None) -> bytes:
    """The LLM extractor's model: the registry system ``system`` (default: the one named by
    F1BENCH_LLM_EXTRACTOR, as ``default_llm_extractor`` picks it) — its litellm model string
    and parameters, read without litellm — of ``registry`` (an asset's; unset: systems.yaml)."""
    name = process_setting("llm_extractor") if system is None else system
    try:
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
