"""litellm, imported lazily and configured once.

``import litellm`` costs seconds and, unless ``LITELLM_LOCAL_MODEL_COST_MAP=True``,
fetches the cost map from the network. Nothing in this package imports it at module
level; :func:`get_litellm` does, the first time a model is actually called (or a cost
looked up), with the local cost map forced. It also

* turns off litellm's own retries (the engine retries, so attempts are counted once),
  its telemetry and its debug banners;
* installs a sanitizing filter on litellm's loggers, so a provider message that echoes a
  header or key cannot reach the logs through them;
* registers the ``f1bench`` custom provider that serves the offline template systems.
"""

from __future__ import annotations

import logging
import os
import threading
from typing import Any

_LOCK = threading.Lock()
_LITELLM: Any = None


def get_litellm() -> Any:
    global _LITELLM
    if _LITELLM is not None:
        return _LITELLM
    with _LOCK:
        if _LITELLM is not None:
            return _LITELLM
        os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
        os.environ.setdefault("LITELLM_TELEMETRY", "False")
        import litellm

        from f1bench_pipeline.generation.provider import install_template_provider
        from f1bench_pipeline.generation.sanitize import SanitizingFilter

        litellm.suppress_debug_info = True
        litellm.telemetry = False
        litellm.num_retries = 0
        litellm.turn_off_message_logging = True
        for name in ("LiteLLM", "LiteLLM Router", "LiteLLM Proxy", "litellm"):
            lg = logging.getLogger(name)
            if not any(isinstance(f, SanitizingFilter) for f in lg.filters):
                lg.addFilter(SanitizingFilter())
            if lg.level == logging.NOTSET or lg.level < logging.WARNING:
                lg.setLevel(logging.WARNING)
        install_template_provider(litellm)
        _LITELLM = litellm
        return litellm


def cost_per_token(model: str, prompt_tokens: int, completion_tokens: int) -> tuple[float, float] | None:
    """USD for the prompt and the completion from litellm's cost map; None when unknown."""
    litellm = get_litellm()
    try:
        p, c = litellm.cost_per_token(model=model, prompt_tokens=prompt_tokens, completion_tokens=completion_tokens)
    except Exception:  # noqa: BLE001 - litellm raises many types for an unmapped model
        return None
    return float(p), float(c)
