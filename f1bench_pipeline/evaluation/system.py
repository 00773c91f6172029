"""The registry entry ``f1bench eval`` records, and the checks made before any call."""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from typing import Any

from f1bench_pipeline.errors import UserError

REACH_TIMEOUT_S = 5.0


def system_name(model: str, name: str | None) -> str:
    """The registry name: ``--name``, else the model string's last part ("openai/gpt-4o-mini" →
    "gpt-4o-mini"), kept to the characters a partition key reads well."""
    if name:
        return name
    tail = model.rsplit("/", 1)[-1] or model
    return re.sub(r"[^A-Za-z0-9._:+-]+", "-", tail).strip("-") or "model"


def eval_entry(model: str, *, api_base: str | None = None, api_key_env: str | None = None,
               instances: str = "test_sample", languages: tuple[str, ...] = ("en", "es", "pt"),
               variants: tuple[str, ...] = ("default",), limit: int | None = None,
               max_cost_usd: float | None = None) -> dict[str, Any]:
    """A ``systems.yaml`` entry for ``model`` (validated when written: ``write_overlay_system``).
    The key is named, never given: ``api_key_env`` is an environment variable."""
    entry: dict[str, Any] = {"model": model, "instances": instances, "languages": list(languages),
                             "variants": list(variants)}
    if api_base:
        entry["api_base"] = api_base
    if api_key_env:
        entry["api_key_env"] = api_key_env
    if limit:
        entry["max_instances"] = int(limit)
    if max_cost_usd is not None:
        entry["max_cost_usd"] = float(max_cost_usd)
    return entry


def check_reachable(name: str, api_base: str, timeout_s: float = REACH_TIMEOUT_S) -> None:
    """A server that answers HTTP at ``api_base`` (any status: 401 or 404 on ``/models`` still
    means it is there); ``UserError`` naming the system and the URL when nothing answers."""
    url = api_base.rstrip("/") + "/models"
    try:
        with urllib.request.urlopen(urllib.request.Request(url, method="GET"), timeout=timeout_s):
            return
    except urllib.error.HTTPError:
        return  # it answered
    except (urllib.error.URLError, TimeoutError, OSError, ValueError) as exc:
        reason = getattr(exc, "reason", exc)
        raise UserError(f"system {name!r}: nothing answers at {api_base} ({reason}); start the server or fix "
                        "--api-base (nothing was called)") from None
