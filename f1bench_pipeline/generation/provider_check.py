"""Before any call: does litellm know the system's provider, and are the key variables that
provider reads set? litellm answers both (``get_llm_provider``, ``validate_environment``);
asked afterwards, a missing key or an unknown provider is an error on every call, retried
for tens of seconds, and then an obscure "nothing could be scored".

What a system names itself is checked elsewhere (``System.missing_key_env``: ``api_key_env``
or ``api_key: os.environ/NAME``). Offline templates, local weights and a server on this
machine need no key. litellm is imported here only when a system calls a provider (it costs
seconds).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from f1bench_pipeline.errors import UserError

if TYPE_CHECKING:
    from f1bench_pipeline.generation.registry import System

PROVIDERS_URL = "https://docs.litellm.ai/docs/providers"
# validate_environment also lists base URLs, versions and projects a provider reads (OLLAMA_API_BASE,
# AZURE_API_VERSION, VERTEXAI_PROJECT); several have defaults. Only secrets are refused here.
_KEY_WORDS = ("KEY", "TOKEN", "SECRET")


class UnknownProviderError(UserError, ValueError):
    """litellm knows no provider for the system's model string."""


def provider_of(litellm: Any, model: str) -> str | None:
    """The litellm provider of ``model`` (``openai/gpt-4o-mini`` → openai, ``gpt-4o-mini`` →
    openai), None when litellm knows none."""
    prefix = model.split("/", 1)[0] if "/" in model else ""
    custom = {str(p.get("provider")) for p in (getattr(litellm, "custom_provider_map", None) or [])}
    if prefix and (prefix in litellm.provider_list or prefix in custom):
        return prefix
    try:
        return str(litellm.get_llm_provider(model=model)[1])
    except Exception:  # noqa: BLE001 - litellm's BadRequestError: "LLM Provider NOT provided"
        return None


def missing_provider_keys(litellm: Any, system: System) -> list[str]:
    """The key variables litellm reads for the system's provider that are not set (empty: none
    missing, or the system needs none)."""
    found = litellm.validate_environment(model=system.model, api_base=system.resolved_api_base(),
                                         api_version=system.api_version)
    return [k for k in found.get("missing_keys") or [] if any(w in k.upper() for w in _KEY_WORDS)]


def check_provider(system: System) -> None:
    """``UserError`` (one line, nothing called) when litellm knows no provider for the system's
    model, or the key variables its provider reads are unset while the system names none."""
    if system.offline or system.local is not None:
        return
    from f1bench_pipeline.generation.llm import get_litellm

    litellm = get_litellm()
    if provider_of(litellm, system.model) is None:
        what = (f"no provider {system.model.split('/', 1)[0]!r} (model {system.model!r})" if "/" in system.model
                else f"no provider for the model {system.model!r}")
        raise UnknownProviderError(
            f"system {system.name!r}: litellm knows {what}: write the "
            f"model as <provider>/<model>, e.g. openai/gpt-4o-mini, anthropic/claude-sonnet-4-5, "
            f"ollama_chat/llama3.1:8b (the providers: {PROVIDERS_URL}; nothing was called)")
    if system.key_env or system.on_this_machine:
        return  # its own variable (checked by missing_key_env), or a server here that needs none
    missing = missing_provider_keys(litellm, system)
    if missing:
        from f1bench_pipeline.generation.registry import MissingSecretError

        unset = (f"the key variable {missing[0]}, which is not set" if len(missing) == 1 else
                 f"key variables that are not set ({', '.join(missing)})")
        raise MissingSecretError(
            f"system {system.name!r}: {system.model} needs {unset}: export {missing[0]}=<key> before the run, or "
            "name the variable that holds it (f1bench eval --api-key-env, api_key_env in systems.yaml) "
            "(nothing was called; the key never goes in systems.yaml)")
