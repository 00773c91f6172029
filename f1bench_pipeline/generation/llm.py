"""litellm, imported lazily; configured per call, never process-wide.

``import litellm`` costs seconds and, unless ``LITELLM_LOCAL_MODEL_COST_MAP=True``,
fetches the cost map from the network. Nothing in this package imports it at module
level; :func:`get_litellm` does, the first time a model is actually called (or a cost
looked up), with the local cost map forced (an environment default, so an explicit
setting wins). It also

* installs a sanitizing filter on litellm's loggers, so a provider message that echoes a
  header or key cannot reach the logs through them;
* registers the ``f1bench`` custom provider that serves the offline template systems
  (an addition to ``litellm.custom_provider_map``; no other provider is affected).

It changes none of litellm's global settings (``litellm.drop_params``, ``num_retries``,
``suppress_debug_info``, ``turn_off_message_logging``, ``set_verbose``, callbacks): a
process that imports f1bench next to its own litellm code keeps its own configuration.
What f1bench needs goes with each call instead (:func:`call_options`): litellm's own
retries off (the engine retries, so attempts are counted once), message logging off, and
``drop_params`` — litellm's parameter mapping (``get_supported_openai_params``) drops a
parameter the model does not support instead of failing the call. The one exception:
in f1bench's own processes (the ``f1bench`` CLI and the Dagster code location set
``F1BENCH_LITELLM_QUIET=1``) ``litellm.suppress_debug_info`` is switched on, so a failing
provider does not print litellm's "Give Feedback / Get Help" banner after every call;
a process that imports f1bench as a library keeps litellm's default.
"""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING, Any

from f1bench_pipeline.settings import process_setting, set_environment

if TYPE_CHECKING:
    from f1bench_pipeline.generation.registry import System

QUIET_ENV = "F1BENCH_LITELLM_QUIET"  # set by f1bench's CLI and Dagster code location, not for library users
_LOCK = threading.Lock()
_LITELLM: Any = None


def get_litellm() -> Any:
    global _LITELLM
    if _LITELLM is not None:
        return _LITELLM
    with _LOCK:
        if _LITELLM is not None:
            return _LITELLM
        set_environment("LITELLM_LOCAL_MODEL_COST_MAP", "True", default_only=True)
        set_environment("LITELLM_TELEMETRY", "False", default_only=True)
        import litellm

        from f1bench_pipeline.generation.provider import install_template_provider
        from f1bench_pipeline.generation.sanitize import SanitizingFilter

        for name in ("LiteLLM", "LiteLLM Router", "LiteLLM Proxy", "litellm"):
            lg = logging.getLogger(name)
            if not any(isinstance(f, SanitizingFilter) for f in lg.filters):
                lg.addFilter(SanitizingFilter())
            if lg.level == logging.NOTSET or lg.level < logging.WARNING:
                lg.setLevel(logging.WARNING)
        install_template_provider(litellm)
        if process_setting("litellm_quiet"):
            # f1bench's own processes (the CLI, the Dagster code location) say once what failed, in one
            # line per call; litellm's "Give Feedback / Get Help" banner after each failure is noise there
            litellm.suppress_debug_info = True
        _LITELLM = litellm
        return litellm


def call_options(system: System) -> dict[str, Any]:
    """litellm settings for one call of ``system`` (passed as ``acompletion`` keywords, so no
    global of litellm's is touched): no retries of litellm's own, no message logging, and
    ``drop_params`` as the system says (on by default; never for the offline templates,
    whose provider takes no OpenAI parameters)."""
    options: dict[str, Any] = {"num_retries": 0, "max_retries": 0, "turn_off_message_logging": True}
    if not system.offline:
        options["drop_params"] = bool(system.drop_params)
    return options


def supported_params(system: System) -> list[str] | None:
    """The OpenAI parameters litellm maps for this system's model and provider
    (``litellm.get_supported_openai_params``); None when litellm does not know the provider."""
    if system.offline:
        return None
    litellm = get_litellm()
    try:
        found = litellm.get_supported_openai_params(model=system.served_name, custom_llm_provider=system.provider)
    except Exception:  # noqa: BLE001 - an unmapped provider is "unknown", not an error
        return None
    return list(found) if found is not None else None


def unsupported_params(system: System, params: dict[str, Any] | None = None) -> list[str]:
    """Parameters of ``params`` (default: the system's) that are OpenAI parameters litellm
    knows but does not map for this model: what ``drop_params`` makes litellm leave out.
    A provider-specific parameter (e.g. ``top_k``) is not judged here; litellm passes it on."""
    supported = supported_params(system)
    if supported is None:
        return []
    known = set(getattr(get_litellm(), "OPENAI_CHAT_COMPLETION_PARAMS", ()))
    return sorted(k for k in (system.params if params is None else params) if k in known and k not in supported)


def cost_per_token(model: str, prompt_tokens: int, completion_tokens: int) -> tuple[float, float] | None:
    """USD for the prompt and the completion from litellm's cost map; None when unknown."""
    litellm = get_litellm()
    try:
        p, c = litellm.cost_per_token(model=model, prompt_tokens=prompt_tokens, completion_tokens=completion_tokens)
    except Exception:  # noqa: BLE001 - litellm raises many types for an unmapped model
        return None
    return float(p), float(c)


async def close_clients(litellm: Any) -> None:
    """Close litellm's cached async HTTP clients: they are bound to the event loop that made them."""
    try:
        await litellm.close_litellm_async_clients()
    except Exception:  # noqa: BLE001 - best effort
        pass
    cache = getattr(litellm, "in_memory_llm_clients_cache", None)
    if cache is not None and hasattr(cache, "flush_cache"):
        try:
            cache.flush_cache()
        except Exception:  # noqa: BLE001
            pass
