"""What a provider's answer or failure means: status, retry, parameter translation.

Statuses (stored per generation, excluded from metric means, counted in every summary):

============== ===============================================================
ok             a non-empty answer with ``finish_reason`` stop (or none given)
truncated      ``finish_reason: length`` — the token budget ran out; text kept
content_filtered ``finish_reason: content_filter``, a ``ContentPolicyViolationError``,
               or a 400 whose body says content filter / content management policy
               / ResponsibleAI (Azure, DeepSeek on Azure)
refused        an empty answer with stop, or the message's ``refusal`` field set
error          anything else after retries: sanitized message kept, retried next run
============== ===============================================================

Retried (bounded, exponential backoff with jitter, ``Retry-After`` honoured): HTTP 429,
5xx, timeouts, connection errors and unparseable (malformed JSON) responses.
Not retried: authentication, permission, not-found, context-window and other 400s.
Parameters: every call carries litellm's ``drop_params``, so litellm's own mapping
(``litellm.get_supported_openai_params``) leaves out what the model does not support
before anything is sent. A 400 that still rejects a parameter (a model litellm does not
know) is answered by translating it (``max_tokens`` → ``max_completion_tokens``, when
litellm maps the other for the model) or dropping it, then the call is made again; the
adaptation is remembered for the rest of the run. The parameter is read from the error's
structured ``param`` field (OpenAI's error body, kept on litellm's exception); only a
provider that names it in prose alone is read from the message text.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from email.utils import parsedate_to_datetime
from typing import Any

STATUSES = ("ok", "truncated", "content_filtered", "refused", "error")

_FILTER_MARKERS = re.compile(
    r"content[ _-]?filter|content management policy|responsibleai|content[ _-]?policy|safety system|"
    r"blocked by (the )?safety|prompt was blocked|finish_reason['\"]?\s*:\s*['\"]content_filter", re.IGNORECASE)
_PARAM_REJECTED = re.compile(
    r"unsupported[ _]param|unsupported[ _]value|not supported|does not support|unknown (parameter|field)|"
    r"unrecognized (request )?argument|extra inputs are not permitted|invalid[ _]param", re.IGNORECASE)
_PARAM_NAME = re.compile(
    r"(?:unsupported parameter|unsupported value|unknown parameter|unrecognized request argument supplied)"
    r"\s*:?\s*['\"`]?([A-Za-z_][A-Za-z0-9_.]*)['\"`]?"
    r"|['\"]param['\"]\s*:\s*['\"]([A-Za-z_][A-Za-z0-9_.]*)['\"]"
    r"|['\"`]([A-Za-z_][A-Za-z0-9_]*)['\"`] (?:is|are) not supported"
    r"|does not support (?:the )?['\"`]?([A-Za-z_][A-Za-z0-9_]*)['\"`]?",
    re.IGNORECASE)


@dataclass(frozen=True)
class Failure:
    """How to treat an exception raised by a call."""

    status: str            # "content_filtered" (final) or "error"
    retryable: bool
    adapt_params: bool     # a parameter was rejected: translate/drop and call again
    http_status: int | None
    retry_after_s: float | None
    kind: str              # exception class name, for the record


def classify_response(text: str | None, finish_reason: str | None, refusal: str | None = None) -> str:
    fr = (finish_reason or "").lower()
    if fr == "content_filter":
        return "content_filtered"
    if fr in ("length", "max_tokens"):
        return "truncated"
    if refusal:
        return "refused"
    if not (text or "").strip():
        return "refused"
    return "ok"


def status_of_error_text(message: str) -> str:
    """For imported lines that carry only the provider's error text."""
    return "content_filtered" if _FILTER_MARKERS.search(message or "") else "error"


def _http_status(exc: BaseException) -> int | None:
    for attr in ("status_code", "http_status"):
        val = getattr(exc, attr, None)
        if isinstance(val, int):
            return val
    resp = getattr(exc, "response", None)
    val = getattr(resp, "status_code", None)
    return val if isinstance(val, int) else None


def _headers(exc: BaseException) -> dict[str, str]:
    for source in (getattr(exc, "litellm_response_headers", None), getattr(getattr(exc, "response", None), "headers", None),
                   getattr(exc, "headers", None)):
        if source:
            try:
                return {str(k).lower(): str(v) for k, v in dict(source).items()}
            except (TypeError, ValueError):
                continue
    return {}


def retry_after_seconds(headers: dict[str, str], now: float | None = None) -> float | None:
    """``retry-after-ms`` (OpenAI, Azure), else ``Retry-After`` in seconds or as an HTTP date."""
    ms = headers.get("retry-after-ms")
    if ms:
        try:
            return max(0.0, float(ms) / 1000.0)
        except ValueError:
            pass
    ra = headers.get("retry-after")
    if not ra:
        return None
    try:
        return max(0.0, float(ra))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(ra).timestamp()
    except (TypeError, ValueError, IndexError, OverflowError):
        return None
    return max(0.0, when - (now if now is not None else time.time()))


_PARAM_CODES = {"unsupported_parameter", "unsupported_value", "invalid_parameter", "unknown_parameter"}


def rejected_param(exc: BaseException) -> str | None:
    """The parameter a provider's error names in its structured fields: OpenAI's error body
    ``{"param": "max_tokens", "code": "unsupported_parameter"}``, which litellm's exception
    keeps as ``.param`` / ``.code`` / ``.body``. None when the error carries no such field."""
    param, code = getattr(exc, "param", None), getattr(exc, "code", None)
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        err = body["error"] if isinstance(body.get("error"), dict) else body
        param, code = param or err.get("param"), code or err.get("code")
    if isinstance(param, str) and param and str(code or "").lower() in _PARAM_CODES:
        return param
    return None


def classify_exception(exc: BaseException) -> Failure:
    """Map a litellm (or transport) exception to what the engine does next."""
    name = type(exc).__name__
    names = {c.__name__ for c in type(exc).__mro__}
    status = _http_status(exc)
    message = str(exc)
    headers = _headers(exc)

    def fail(status_: str = "error", retryable: bool = False, adapt: bool = False,
             retry_after: float | None = None) -> Failure:
        return Failure(status_, retryable, adapt, status, retry_after, name)

    if "ContentPolicyViolationError" in names:
        return fail("content_filtered")
    if "UnsupportedParamsError" in names:
        return fail(adapt=True)
    if "ContextWindowExceededError" in names:
        return fail()
    if "RateLimitError" in names or status == 429:
        return fail(retryable=True, retry_after=retry_after_seconds(headers))
    if {"Timeout", "APITimeoutError", "TimeoutError"} & names or status == 408:
        return fail(retryable=True)
    if status is not None and 400 <= status < 500:
        if _FILTER_MARKERS.search(message):
            return fail("content_filtered")
        if status == 400 and (rejected_param(exc) or _PARAM_REJECTED.search(message)):
            return fail(adapt=True)
        return fail()  # 401/403/404/422 and other client errors: retrying cannot help
    if {"AuthenticationError", "PermissionDeniedError", "NotFoundError", "BadRequestError"} & names:
        if _FILTER_MARKERS.search(message):
            return fail("content_filtered")
        return fail()
    if status is not None and status >= 500:
        return fail(retryable=True, retry_after=retry_after_seconds(headers))
    if {"APIConnectionError", "InternalServerError", "ServiceUnavailableError", "BadGatewayError", "APIError",
        "ConnectionError", "JSONDecodeError", "ServerDisconnectedError", "ClientConnectionError",
        "MalformedResponse"} & names:
        return fail(retryable=True)
    return fail()


def _renamed(new: dict[str, Any], old: str, to: str, supported: list[str] | None) -> tuple[dict[str, Any], str] | None:
    if old in new and to not in new and (supported is None or to in supported):
        new[to] = new.pop(old)
        return new, f"{old}->{to}"
    return None


def adapt_params(params: dict[str, Any], exc: BaseException,
                 supported: list[str] | None = None) -> tuple[dict[str, Any], str] | None:
    """New parameters after a rejection, and a note of what changed; None when nothing applies.

    ``supported``: litellm's mapping for the model (``get_supported_openai_params``; None
    when litellm does not know it), which decides whether a rejected token budget is
    renamed or dropped.

    * litellm's mapping rejected a parameter (``UnsupportedParamsError``, a system with
      ``drop_params: false``): litellm's ``drop_params`` switched on for the run.
    * The error's structured ``param`` names one: ``max_tokens`` ↔ ``max_completion_tokens``
      renamed (when the model supports the other), any other parameter dropped.
    * A provider that names it in prose only (``Unsupported parameter: 'temperature'``,
      ``'seed' is not supported``, ``Use 'max_completion_tokens'``): the same, from the text.
    * Otherwise, once: litellm's ``drop_params`` switched on.
    """
    message = str(exc)
    new = dict(params)
    names = {c.__name__ for c in type(exc).__mro__}
    if "UnsupportedParamsError" in names and not new.get("drop_params"):
        new["drop_params"] = True
        return new, "drop_params"
    param = rejected_param(exc)
    if param in new:
        if param == "max_tokens":
            renamed = _renamed(new, "max_tokens", "max_completion_tokens", supported)
        elif param == "max_completion_tokens":
            renamed = _renamed(new, "max_completion_tokens", "max_tokens", supported)
        else:
            renamed = None
        if renamed is not None:
            return renamed
        new.pop(param)
        return new, f"dropped {param}"
    if "max_tokens" in new and ("max_completion_tokens" in message or re.search(r"\bmax_tokens\b", message)):
        new["max_completion_tokens"] = new.pop("max_tokens")
        return new, "max_tokens->max_completion_tokens"
    if "max_completion_tokens" in new and re.search(r"\bmax_completion_tokens\b", message) \
            and "max_tokens" in message.replace("max_completion_tokens", ""):
        new["max_tokens"] = new.pop("max_completion_tokens")
        return new, "max_completion_tokens->max_tokens"
    for m in _PARAM_NAME.finditer(message):
        name = next((g for g in m.groups() if g), None)
        if name and name in new:
            new.pop(name)
            return new, f"dropped {name}"
    if not new.get("drop_params"):
        new["drop_params"] = True
        return new, "drop_params"
    return None
