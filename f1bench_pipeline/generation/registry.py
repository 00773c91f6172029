"""The system registry: one YAML file (``systems.yaml`` at the repo root) names every
system that can answer the benchmark. Adding a provider's model is an entry here, not code.

File format::

    defaults:                 # merged under every system (a system's keys win)
      params: {temperature: 0.0, max_tokens: 1024}
      concurrency: 8
      ...
    systems:
      <name>:                 # the registry name = the ``model`` partition value (safe form)
        model: openai/gpt-5.4-mini   # litellm model string
        params: {...}         # generation parameters sent with every call (part of the cache key)
        ...

Every field is documented on :class:`System`. Secrets never live here: a system names
the environment variable that holds its key (``api_key_env``) or relies on litellm's
standard variables (``OPENAI_API_KEY``, ``ANTHROPIC_API_KEY``, ``GEMINI_API_KEY``,
``AZURE_API_KEY``/``AZURE_API_BASE``, ``XAI_API_KEY``, ``DEEPSEEK_API_KEY``, ...).

Which file: ``$F1BENCH_SYSTEMS`` when set, else ``<repo>/systems.yaml``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from f1bench_pipeline.generation.names import safe_name
from f1bench_pipeline.settings import REPO_ROOT

DEFAULT_REGISTRY = REPO_ROOT / "systems.yaml"
OFFLINE_PROVIDER = "f1bench"
LANGUAGES = ("en", "es", "pt")
VARIANTS = ("default", "cover_all")


class System(BaseModel):
    """One system of the registry (after ``defaults`` are merged in)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(description="registry name; its safe form is the Dagster `model` partition key")
    model: str = Field(description="litellm model string, e.g. openai/gpt-5.4-mini, f1bench/template-noisy")
    description: str = ""
    params: dict[str, Any] = Field(
        default_factory=dict,
        description="generation parameters (temperature, max_tokens / max_completion_tokens, reasoning_effort, "
                    "top_p, seed, ...). Part of the cache key. Reasoning models need a large token budget.")
    instances: Literal["full", "test_sample"] = Field(
        "test_sample", description="full: every instance of the season; test_sample: the stratified sample")
    languages: tuple[str, ...] = LANGUAGES
    variants: tuple[str, ...] = VARIANTS
    concurrency: int = Field(8, ge=1, le=512, description="calls in flight at once")
    rpm: float = Field(0, ge=0, description="requests per minute (call starts are spaced 60/rpm s); 0 = no limit")
    timeout_s: float = Field(120.0, gt=0, description="per-call timeout; a timeout is retried")
    max_attempts: int = Field(6, ge=1, le=50, description="attempts per call on 429 / 5xx / timeout")
    backoff_base_s: float = Field(1.0, ge=0, description="first backoff; doubles per attempt (with jitter)")
    backoff_max_s: float = Field(60.0, ge=0, description="cap on one backoff")
    retry_after_max_s: float = Field(300.0, ge=0, description="cap on a provider's Retry-After we honour")
    drop_params: bool = Field(True, description="let litellm drop parameters the provider does not support")
    api_base: str | None = Field(None, description="base URL (Ollama, vLLM, Azure, a proxy); not a secret")
    api_base_env: str | None = Field(None, description="environment variable holding the base URL")
    api_key_env: str | None = Field(None, description="environment variable holding the key (never the key)")
    api_version: str | None = None
    aliases: tuple[str, ...] = Field((), description="other names of this system in imported JSONL files")
    input_cost_per_token: float | None = Field(None, description="USD, for models missing from litellm's cost map")
    output_cost_per_token: float | None = None
    expected_output_tokens: int = Field(400, ge=1, description="assumed answer length for the dry-run estimate")
    seed: int = Field(0, description="offline systems: seed of the noisy template's perturbations")

    @field_validator("languages", "variants", "aliases", mode="before")
    @classmethod
    def _tuple(cls, v: Any) -> Any:
        return tuple(v) if isinstance(v, list) else v

    @model_validator(mode="after")
    def _check(self) -> System:
        bad = set(self.languages) - set(LANGUAGES)
        if bad:
            raise ValueError(f"{self.name}: unknown languages {sorted(bad)} (known: {LANGUAGES})")
        bad = set(self.variants) - set(VARIANTS)
        if bad:
            raise ValueError(f"{self.name}: unknown variants {sorted(bad)} (known: {VARIANTS})")
        for key in self.params:
            if key.lower() in {"api_key", "api_base", "base_url", "extra_headers", "headers", "metadata"}:
                raise ValueError(f"{self.name}: '{key}' is not a generation parameter (use api_key_env/api_base)")
        return self

    @property
    def safe_name(self) -> str:
        return safe_name(self.name)

    @property
    def offline(self) -> bool:
        """Served by the built-in template provider: no key, no network, cost 0."""
        return self.model.split("/", 1)[0] == OFFLINE_PROVIDER

    @property
    def provider(self) -> str:
        return self.model.split("/", 1)[0] if "/" in self.model else "openai"

    def resolved_api_base(self) -> str | None:
        if self.api_base_env and os.environ.get(self.api_base_env):
            return os.environ[self.api_base_env]
        return self.api_base

    def connection_kwargs(self) -> dict[str, Any]:
        """Arguments that reach the provider but never the cache key, Parquet or logs."""
        out: dict[str, Any] = {}
        base = self.resolved_api_base()
        if base:
            out["api_base"] = base
        if self.api_key_env:
            key = os.environ.get(self.api_key_env)
            if key:
                out["api_key"] = key
        if self.api_version:
            out["api_version"] = self.api_version
        return out

    def secret_values(self) -> list[str]:
        key = os.environ.get(self.api_key_env) if self.api_key_env else None
        return [key] if key else []


class Registry(BaseModel):
    model_config = ConfigDict(frozen=True)

    path: str
    systems: dict[str, System]

    def get(self, name: str) -> System:
        if name in self.systems:
            return self.systems[name]
        for s in self.systems.values():
            if s.safe_name == name:
                return s
        raise KeyError(f"system {name!r} is not in the registry {self.path} (known: {', '.join(self.systems)})")

    def by_alias(self, name: str) -> System | None:
        """The system a foreign name (e.g. an imported file's ``model``) refers to."""
        if name in self.systems:
            return self.systems[name]
        low = name.lower()
        for s in self.systems.values():
            if low == s.name.lower() or low in (a.lower() for a in s.aliases):
                return s
        return None

    def offline_systems(self) -> list[System]:
        return [s for s in self.systems.values() if s.offline]

    def names(self) -> list[str]:
        return list(self.systems)


def registry_path() -> Path:
    return Path(os.environ.get("F1BENCH_SYSTEMS") or DEFAULT_REGISTRY)


def load_registry(path: str | Path | None = None) -> Registry:
    """Parse and validate the registry (defaults merged under every system)."""
    p = Path(path) if path else registry_path()
    raw = yaml.safe_load(p.read_text(encoding="utf-8")) or {}
    if not isinstance(raw, dict) or not isinstance(raw.get("systems"), dict):
        raise ValueError(f"{p}: expected a mapping with a 'systems' mapping")
    defaults = raw.get("defaults") or {}
    systems: dict[str, System] = {}
    for name, entry in raw["systems"].items():
        entry = entry or {}
        merged = {**defaults, **entry}
        merged["params"] = {**(defaults.get("params") or {}), **(entry.get("params") or {})}
        # A system may drop a default parameter by setting it to null.
        merged["params"] = {k: v for k, v in merged["params"].items() if v is not None}
        try:
            systems[str(name)] = System(name=str(name), **merged)
        except Exception as exc:
            raise ValueError(f"{p}: system {name!r}: {exc}") from exc
    safe = [s.safe_name for s in systems.values()]
    if len(set(safe)) != len(safe):
        raise ValueError(f"{p}: two systems map to the same partition key")
    return Registry(path=str(p), systems=systems)
