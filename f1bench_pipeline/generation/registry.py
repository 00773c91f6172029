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
the environment variable that holds its key — ``api_key_env: NAME``, or litellm's own
reference form ``api_key: os.environ/NAME`` (the form of a litellm proxy config) — or
relies on litellm's standard variables (``OPENAI_API_KEY``, ``ANTHROPIC_API_KEY``,
``GEMINI_API_KEY``, ``AZURE_API_KEY``/``AZURE_API_BASE``, ``XAI_API_KEY``,
``DEEPSEEK_API_KEY``, ...). The variable is read when a run's calls start, never at load
time, and its value is only handed to litellm: it is not stored, cached or logged.

``auto_update: true`` puts a system in the new-race automation (orchestration/automation.py):
when a season's instances are rebuilt after new races, Dagster's automation requests that
system's generations, claims and scores of the season. The offline
templates default to true (they cost nothing), every other system to false.

Which file: ``$F1BENCH_SYSTEMS`` when set, else ``<repo>/systems.yaml`` (package data: the
installed package holds a copy, ``f1bench_pipeline/systems.yaml``). After it, every
``<data_dir>/systems.d/*.yaml`` (same format, read in name order) is merged in: an overlay
entry replaces a system of the same name, and an overlay's ``defaults`` apply on top of the
main file's to its own entries only. Overlays are how the pipeline registers systems it
made itself (a LoRA fine-tune: :func:`write_overlay_system`) without touching the
versioned file.

Local open models (``local:``): the system's weights are on this machine and the engine
serves them itself, through an OpenAI-compatible server it starts for the duration of a
run (``f1bench_pipeline.localmodel.server``); litellm reaches it as ``openai/<name>`` with
the server's ``api_base``. Such a system costs 0, needs no key, and defaults to a small
concurrency (the server answers one request at a time).
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from f1bench_pipeline.errors import UnknownSystemError, UserError
from f1bench_pipeline.generation.names import safe_name

# The repository's systems.yaml, shipped in the wheel as package data (package_data.py).
from f1bench_pipeline.package_data import DEFAULT_REGISTRY
from f1bench_pipeline.settings import process_setting, secret

OFFLINE_PROVIDER = "f1bench"
LANGUAGES = ("en", "es", "pt")
VARIANTS = ("default", "cover_all")
OVERLAY_DIRNAME = "systems.d"
LOCAL_PROVIDER = "openai"  # a local server speaks the OpenAI protocol: litellm's openai/<name> + api_base
# litellm's OpenAI client refuses to call without a key; a local server ignores it. Passing this
# also keeps a real OPENAI_API_KEY from the environment from being sent to the local server.
LOCAL_DUMMY_KEY = "f1bench-local-no-key"
# What a local system gets unless its entry says otherwise (over the registry's `defaults`):
# the server generates one answer at a time, so more calls in flight only queue (and wait
# towards their timeout); a CPU model is slow, so the timeout is long; it costs nothing.
LOCAL_DEFAULTS: dict[str, Any] = {"concurrency": 2, "timeout_s": 600.0,
                                  "input_cost_per_token": 0.0, "output_cost_per_token": 0.0}
# litellm's secret reference: `api_key: os.environ/NAME` (litellm.get_secret and the proxy's
# config read the same prefix). Only the variable's name is stored, never its value.
SECRET_REF_PREFIX = "os.environ/"
_ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


class MissingSecretError(UserError, ValueError):
    """A system's key variable (``api_key: os.environ/NAME``) is not set when its calls start."""


class LocalModel(BaseModel):
    """Weights on this machine, served by the engine's own OpenAI-compatible server."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    weights: str = Field(description="weights spec: a .gguf path, a Hugging Face checkpoint folder, "
                                     "pkg:<module>/<file> (a file an installed package ships) or hf:<org>/<name>; "
                                     "see f1bench_pipeline.localmodel.weights")
    adapter: str | None = Field(None, description="a PEFT LoRA adapter folder applied on the weights")
    threads: int | None = Field(None, ge=1, le=256, description="torch CPU threads of the server (default: torch's); "
                                "on a busy 2-core machine 1 is several times faster than 2")
    startup_timeout_s: float = Field(600.0, gt=0, description="how long the server may take to load the model")
    checkpoint_cache: bool = Field(True, description="keep a dequantized GGUF as a safetensors checkpoint under "
                                   "<data_dir>/models/<sha256>/ (loads in seconds instead of tens of seconds)")

    @field_validator("weights")
    @classmethod
    def _spec(cls, v: str) -> str:
        if not v or not v.strip():
            raise ValueError("local.weights: empty weights spec")
        return v.strip()


class System(BaseModel):
    """One system of the registry (after ``defaults`` are merged in)."""

    # hide_input_in_errors: a key pasted where a variable name belongs (api_key, api_key_env) must
    # not be echoed by the validation error into a log or a UI.
    model_config = ConfigDict(extra="forbid", frozen=True, hide_input_in_errors=True)

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
    api_key: str | None = Field(
        None, description="litellm's secret reference os.environ/NAME: the key is read from the environment "
                          "variable NAME when the calls start (never the key itself; an unset NAME is an error)")
    api_version: str | None = None
    aliases: tuple[str, ...] = Field((), description="other names of this system in imported JSONL files")
    input_cost_per_token: float | None = Field(None, description="USD, for models missing from litellm's cost map")
    output_cost_per_token: float | None = None
    expected_output_tokens: int = Field(400, ge=1, description="assumed answer length for the dry-run estimate")
    max_cost_usd: float | None = Field(
        None, ge=0, description="spending cap in USD for one partition (season × system) of this system: the "
                                "cost recorded for its answers, cached ones included. The engine stops before a "
                                "call its estimate says would pass it; the items not called get status "
                                "budget_exhausted (never cached) and a rerun with a higher cap calls exactly them. "
                                "Overridden for one run by `--max-cost-usd` / the `max_cost_usd` run config. "
                                "None: no cap")
    max_instances: int | None = Field(
        None, ge=1, description="answer at most this many instance ids: the first of the stratified test sample "
                                "taking the decision types in turn (a CPU-sized local model study), or of the season")
    seed: int = Field(0, description="offline systems: seed of the noisy template's perturbations")
    auto_update: bool = Field(
        False, description="the new-race automation requests this system's generations, claims and scores of a "
                           "season once its instances are rebuilt (default: true for the offline f1bench/ templates, else false)")
    local: LocalModel | None = Field(None, description="weights on this machine, served by the engine itself "
                                     "(model must be openai/<name>, default openai/<registry name>; no api_base, "
                                     "no key)")

    @model_validator(mode="before")
    @classmethod
    def _local_defaults(cls, data: Any) -> Any:
        # Built directly (not through load_registry): a local system still gets its defaults,
        # and its model string may be left out (openai/<registry name>).
        if isinstance(data, dict) and data.get("local") is not None:
            data = {**LOCAL_DEFAULTS, **data}
            if not data.get("model") and data.get("name"):
                data["model"] = f"{LOCAL_PROVIDER}/{data['name']}"
        return data

    @model_validator(mode="before")
    @classmethod
    def _auto_update_default(cls, data: Any) -> Any:
        # The offline templates cost nothing: they follow new races unless told otherwise.
        if isinstance(data, dict) and data.get("auto_update") is None:
            data = {k: v for k, v in data.items() if k != "auto_update"}
            if str(data.get("model") or "").split("/", 1)[0] == OFFLINE_PROVIDER:
                data["auto_update"] = True
        return data

    @field_validator("api_key_env")
    @classmethod
    def _env_name(cls, v: str | None) -> str | None:
        if v is not None and not _ENV_NAME.match(v):
            raise ValueError("api_key_env must name an environment variable (e.g. OPENAI_API_KEY), "
                             "not hold a key: keys never live in systems.yaml")
        return v

    @field_validator("api_key")
    @classmethod
    def _secret_reference(cls, v: str | None) -> str | None:
        if v is None:
            return v
        if not v.startswith(SECRET_REF_PREFIX) or not _ENV_NAME.match(v[len(SECRET_REF_PREFIX):]):
            raise ValueError(f"api_key must be litellm's reference {SECRET_REF_PREFIX}<VARIABLE> (or use "
                             "api_key_env: <VARIABLE>), not a key: keys never live in systems.yaml")
        return v

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
        if self.api_key and self.api_key_env:
            raise ValueError(f"{self.name}: set one of api_key ({SECRET_REF_PREFIX}NAME) and api_key_env (NAME), "
                             "not both (a system can clear an inherited default with `api_key_env: null`)")
        if self.local is not None:
            if self.provider != LOCAL_PROVIDER or "/" not in self.model or not self.served_name:
                raise ValueError(f"{self.name}: a local system's model must be {LOCAL_PROVIDER}/<name> "
                                 f"(litellm reaches the started server over the OpenAI protocol), not {self.model!r}")
            if self.api_base or self.api_base_env or self.api_key_env or self.api_key:
                raise ValueError(f"{self.name}: a local system gets its api_base from the server the engine starts; "
                                 "remove api_base/api_base_env/api_key_env/api_key (or remove `local` to call a "
                                 "server you run yourself)")
        return self

    @property
    def safe_name(self) -> str:
        return safe_name(self.name)

    @property
    def offline(self) -> bool:
        """Served by the built-in template provider: no key, no network, cost 0."""
        return self.model.split("/", 1)[0] == OFFLINE_PROVIDER

    @property
    def served_name(self) -> str:
        """The model name litellm sends to the server (the part after ``provider/``)."""
        return self.model.split("/", 1)[1] if "/" in self.model else self.model

    @property
    def provider(self) -> str:
        return self.model.split("/", 1)[0] if "/" in self.model else "openai"

    @property
    def key_env(self) -> str | None:
        """The environment variable holding this system's key (``api_key_env`` or ``api_key``'s reference)."""
        if self.api_key_env:
            return self.api_key_env
        if self.api_key:
            return self.api_key[len(SECRET_REF_PREFIX):]
        return None

    def resolved_api_base(self) -> str | None:
        return (secret(self.api_base_env) if self.api_base_env else None) or self.api_base

    def connection_kwargs(self) -> dict[str, Any]:
        """Arguments that reach the provider but never the cache key, Parquet or logs.

        The key is read from the environment here, when a run's calls start. A key variable the
        system names (``api_key: os.environ/NAME`` or ``api_key_env: NAME``) that is unset or empty
        raises :class:`MissingSecretError` naming the system and the variable, before any call
        (litellm would report the missing key as a server error, retried for minutes). A system
        that names no variable leaves litellm to its standard ones."""
        out: dict[str, Any] = {}
        base = self.resolved_api_base()
        if base:
            out["api_base"] = base
        env = self.key_env
        if env:
            key = secret(env)
            if key:
                out["api_key"] = key
            else:
                raise MissingSecretError(self.missing_key_message())
        if self.api_version:
            out["api_version"] = self.api_version
        if "api_key" not in out and (self.local is not None or (
                self.provider == LOCAL_PROVIDER and not env and base and _is_loopback(base))):
            # A server on this machine (ours, or vLLM / Ollama / LM Studio at 127.0.0.1) needs no key,
            # but litellm's OpenAI client refuses to call without one — and would otherwise send
            # OPENAI_API_KEY from the environment to it.
            out["api_key"] = LOCAL_DUMMY_KEY
        return out

    @property
    def on_this_machine(self) -> bool:
        """A server on this machine (a ``local:`` system, or an ``api_base`` on a loopback address:
        vLLM, Ollama, LM Studio at 127.0.0.1): its calls cost nothing."""
        base = self.resolved_api_base()
        return self.local is not None or bool(base and _is_loopback(base))

    @property
    def costless(self) -> bool:
        """Calls that cost nothing (offline templates, local weights, a loopback server with no price
        set): no confirmation is asked before them and they are not listed as paid. A loopback proxy
        to a paid provider (a litellm proxy on localhost) is paid once its prices are set."""
        priced = bool(self.input_cost_per_token or self.output_cost_per_token)
        return self.offline or self.local is not None or (self.on_this_machine and not priced)

    def missing_key_env(self) -> str | None:
        """The key variable this system names (``api_key_env`` or ``api_key: os.environ/NAME``) when the
        environment lacks it (unset or empty); None when it names none or it is set. Offline
        systems and local weights call no provider."""
        env = self.key_env
        if self.offline or self.local is not None or not env or secret(env):
            return None
        return env

    def missing_key_message(self) -> str:
        env = self.key_env
        named = f"api_key {self.api_key}" if self.api_key else f"api_key_env {env}"
        return (f"system {self.name!r}: {named} names the environment variable {env}, which is not set: "
                f"export {env}=<key> before the run (nothing was called; the key never goes in systems.yaml)")

    def secret_values(self) -> list[str]:
        """The key's value, for masking in error messages (never for storage)."""
        env = self.key_env
        key = secret(env) if env else None
        return [key] if key else []


def _is_loopback(url: str) -> bool:
    from urllib.parse import urlsplit

    host = (urlsplit(url).hostname or "").lower()
    return host == "localhost" or host == "::1" or host.startswith("127.")


class Registry(BaseModel):
    model_config = ConfigDict(frozen=True)

    path: str
    systems: dict[str, System]
    overlays: tuple[str, ...] = ()  # the systems.d files merged in, in order

    def get(self, name: str) -> System:
        if name in self.systems:
            return self.systems[name]
        for s in self.systems.values():
            if s.safe_name == name:
                return s
        raise UnknownSystemError(f"unknown system {name!r}: not in the registry {self.path} (known: "
                                 f"{', '.join(self.systems)}; an overlay adds one: docs/generations.md)")

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

    def local_systems(self) -> list[System]:
        return [s for s in self.systems.values() if s.local is not None]

    def names(self) -> list[str]:
        return list(self.systems)


def registry_path() -> Path:
    return process_setting("systems") or DEFAULT_REGISTRY


def _read_file(p: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """(defaults, systems) of one registry file; a clear error naming the file."""
    try:
        raw = yaml.safe_load(p.read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as exc:
        raise ValueError(f"{p}: not valid YAML: {exc}") from exc
    if not isinstance(raw, dict) or not isinstance(raw.get("systems"), dict):
        raise ValueError(f"{p}: expected a mapping with a 'systems' mapping")
    defaults = raw.get("defaults") or {}
    if not isinstance(defaults, dict):
        raise ValueError(f"{p}: 'defaults' must be a mapping")
    return defaults, raw["systems"]


def _merge_defaults(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """``over`` on top of ``base``, with ``params`` merged key by key."""
    merged = {**base, **over}
    merged["params"] = {**(base.get("params") or {}), **(over.get("params") or {})}
    return merged


def _build(p: Path, name: Any, entry: Any, defaults: dict[str, Any]) -> System:
    entry = entry or {}
    if not isinstance(entry, dict):
        raise ValueError(f"{p}: system {name!r}: expected a mapping")
    if entry.get("local") is not None:
        # A local system's own defaults win over the registry's (see LOCAL_DEFAULTS).
        defaults = {**defaults, **LOCAL_DEFAULTS}
    merged = _merge_defaults(defaults, entry)
    # A system may drop a default parameter by setting it to null.
    merged["params"] = {k: v for k, v in merged["params"].items() if v is not None}
    try:
        return System(name=str(name), **merged)
    except ValidationError as exc:  # its messages, without pydantic's header and documentation URL
        raise ValueError(f"{p}: system {name!r}: {validation_messages(exc)}") from exc
    except Exception as exc:
        raise ValueError(f"{p}: system {name!r}: {exc}") from exc


def validation_messages(exc: ValidationError) -> str:
    """A pydantic error in one line: each problem's field and message (``Value error, `` dropped)."""
    parts = []
    for e in exc.errors():
        msg = str(e.get("msg", "")).removeprefix("Value error, ")
        loc = ".".join(str(x) for x in e.get("loc", ()))
        parts.append(f"{loc}: {msg}" if loc else msg)
    return "; ".join(parts)


def overlay_dir(data_dir: Path) -> Path:
    return Path(data_dir) / OVERLAY_DIRNAME


def load_registry(path: str | Path | None = None, data_dir: str | Path | None = None,
                  overlays: bool = True, overlay_folder: str | Path | None = None) -> Registry:
    """Parse and validate the registry (defaults merged under every system), then merge the
    overlays ``<overlay_folder>/*.yaml`` (unless given: ``<data_dir>/systems.d``, ``data_dir``
    the settings' unless given; ``overlays=False`` reads the main file alone). An overlay entry
    replaces a system of the same name; two systems whose names map to the same partition key
    are an error. Assets take the registry from ``SystemRegistryResource`` (resources.py), which
    passes both paths."""
    p = Path(path) if path else registry_path()
    defaults, entries = _read_file(p)
    systems: dict[str, System] = {str(n): _build(p, n, e, defaults) for n, e in entries.items()}
    used: list[str] = []
    if overlays:
        if overlay_folder is not None:
            folder = Path(overlay_folder)
        else:
            if data_dir is None:
                from f1bench_pipeline.settings import get_settings

                data_dir = get_settings().data_dir
            folder = overlay_dir(Path(data_dir))
        files = sorted(folder.glob("*.yaml")) + sorted(folder.glob("*.yml")) if folder.is_dir() else []
        for f in sorted(files):
            o_defaults, o_entries = _read_file(f)
            merged_defaults = _merge_defaults(defaults, o_defaults)
            for n, e in o_entries.items():
                systems.pop(str(n), None)  # replaced, and moved to the end (overlays list after the file)
                systems[str(n)] = _build(f, n, e, merged_defaults)
            used.append(str(f))
    safe = [s.safe_name for s in systems.values()]
    if len(set(safe)) != len(safe):
        dupes = sorted({k for k in safe if safe.count(k) > 1})
        raise ValueError(f"{p}: two systems map to the same partition key ({', '.join(dupes)})")
    return Registry(path=str(p), systems=systems, overlays=tuple(used))


def registry_with(name: str, entry: dict, data_dir: str | Path | None = None) -> Registry:
    """The registry as it reads once ``write_overlay_system(data_dir, name, entry)`` is written,
    without writing it: a command checks the system it is about to record (its key, provider,
    server, cost) on this, and writes the overlay only when its run goes ahead — so a refused
    run leaves nothing in ``systems.d``. ``ValueError`` (one line) for a bad entry or a name
    whose partition key another system has."""
    reg = load_registry(data_dir=data_dir)
    defaults, _entries = _read_file(Path(reg.path))  # an overlay without `defaults` gets the main file's
    folder = overlay_dir(Path(data_dir) if data_dir is not None else _settings_data_dir())
    system = _build(folder / f"{safe_name(name)}.yaml", name, dict(entry), defaults)
    clash = [s.name for s in reg.systems.values() if s.safe_name == system.safe_name and s.name != name]
    if clash:
        raise ValueError(f"{name!r} has the partition key of the system {clash[0]!r}")
    systems = {n: s for n, s in reg.systems.items() if n != name}
    systems[name] = system
    return Registry(path=reg.path, systems=systems, overlays=reg.overlays)


def _settings_data_dir() -> Path:
    from f1bench_pipeline.settings import get_settings

    return Path(get_settings().data_dir)


def write_overlay_system(data_dir: Path, name: str, entry: dict) -> Path:
    """Write (or replace) ``<data_dir>/systems.d/<safe name>.yaml`` holding this one system.

    The entry is validated first (as an entry of its own, without the registry's defaults,
    which still apply when it is loaded) and a bad one raises ``ValueError`` without
    writing anything. The file is written to a temporary file in the same folder and
    ``os.replace``d, so a reader sees the old entry or the new one, never a partial file.
    """
    if not isinstance(entry, dict):
        raise ValueError(f"overlay system {name!r}: the entry must be a mapping")
    folder = overlay_dir(Path(data_dir))
    target = folder / f"{safe_name(name)}.yaml"
    _build(target, name, dict(entry), {})
    folder.mkdir(parents=True, exist_ok=True)
    text = ("# written by f1bench (registry overlay): replaces a system of the same name in systems.yaml\n"
            + yaml.safe_dump({"systems": {name: _plain(entry)}}, sort_keys=False, allow_unicode=True))
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{target.stem}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target


def _plain(value: Any) -> Any:
    """YAML-safe copy: tuples as lists, paths as strings."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, Path):
        return str(value)
    return value
