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


def checked_names(option: str, text: str, allowed: tuple[str, ...]) -> tuple[str, ...]:
    """The comma-separated values of ``option`` (``--langs en,es``), or one line naming the
    unknown ones and the allowed values (the registry's ``LANGUAGES`` / ``VARIANTS``)."""
    names = tuple(t.strip() for t in text.split(",") if t.strip())
    bad = [n for n in names if n not in allowed]
    if bad or not names:
        what = f"unknown value{'s' if len(bad) > 1 else ''} {', '.join(map(repr, bad))}" if bad else "no value"
        raise UserError(f"{option} {text!r}: {what}; the allowed values are {','.join(allowed)} "
                        f"(e.g. {option} {allowed[0]})")
    return names


def first_error(gens: Any, result: Any) -> str | None:
    """What went wrong first in a run that scored nothing: the first ``error`` of its generations
    rows, else the Dagster run's first step failure (``dg.Failure``'s description, or the error)."""
    import polars as pl

    if not gens.is_empty() and "error" in gens.columns:
        errs = gens.filter(pl.col("status") == "error")["error"].drop_nulls()
        if errs.len():
            return f"{errs.len()} of {gens.height} answers are errors; the first: {' '.join(str(errs[0]).split())[:300]}"
    for event in getattr(result, "all_events", None) or []:
        if event.event_type_value not in ("STEP_FAILURE", "RUN_FAILURE"):
            continue
        data = event.event_specific_data
        user = getattr(data, "user_failure_data", None)
        error = getattr(data, "error", None)
        text = (getattr(user, "description", None) or getattr(error, "message", None) or event.message or "")
        if text:
            return f"the run failed: {' '.join(str(text).split())[:300]}"
    return None
