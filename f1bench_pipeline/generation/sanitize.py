"""Secrets never reach Parquet, logs or Dagster metadata.

Every provider message we keep (the ``error`` column, cache files, log lines, metadata)
goes through :func:`sanitize` first. It removes

* the values of environment variables whose names look secret (``*KEY*``, ``*TOKEN*``,
  ``*SECRET*``, ``*PASSWORD*``, ``*CREDENTIAL*``, ``*AUTH*``) and any extra values given;
* ``Authorization:``/``Bearer``/``api-key``/``x-api-key`` header values;
* key-shaped strings: ``sk-…``, ``sk-ant-…``, ``xai-…``, Google ``AIza…``, ``key=…``
  query parameters, long hex/base64 tokens following ``key``/``token`` words;

and caps the length. Request headers are never stored at all.
"""

from __future__ import annotations

import logging
import re

from f1bench_pipeline.settings import environment

MAX_MESSAGE_CHARS = 600
MASK = "***"
_SECRET_ENV = re.compile(r"(KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|AUTH)", re.IGNORECASE)
_PATTERNS = [
    re.compile(r"(?i)(authorization|proxy-authorization)\s*[:=]\s*['\"]?[^'\"\s,}]+(\s+[^'\"\s,}]+)?"),
    re.compile(r"(?i)\bbearer\s+[A-Za-z0-9._~+/=-]+"),
    re.compile(r"(?i)\b(x-api-key|api-key|api_key|apikey|x-goog-api-key)['\"]?\s*[:=]\s*['\"]?[^'\"\s,}&]+"),
    re.compile(r"(?i)([?&](key|api_key|token|access_token|sig)=)[^&\s'\"]+"),
    re.compile(r"\bsk-[A-Za-z0-9_-]{6,}"),
    re.compile(r"\bxai-[A-Za-z0-9_-]{10,}"),
    re.compile(r"\bAIza[0-9A-Za-z_-]{20,}"),
    re.compile(r"\bgh[pousr]_[A-Za-z0-9]{20,}"),
    re.compile(r"\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]+"),  # JWTs
]


def secret_env_values(min_len: int = 8) -> list[str]:
    """Values of secret-looking environment variables (longest first)."""
    vals = {v for k, v in environment().items() if _SECRET_ENV.search(k) and v and len(v) >= min_len}
    return sorted(vals, key=len, reverse=True)


def sanitize(text: object, extra_secrets: list[str] | tuple[str, ...] = (), limit: int = MAX_MESSAGE_CHARS) -> str:
    """``text`` with every secret masked, on one line, at most ``limit`` characters."""
    if text is None:
        return ""
    s = str(text)
    for value in [*extra_secrets, *secret_env_values()]:
        if value and len(value) >= 4:
            s = s.replace(value, MASK)
    for pat in _PATTERNS:
        s = pat.sub(lambda m: _mask_match(m), s)
    s = " ".join(s.split())
    if len(s) > limit:
        s = s[: limit - 1] + "…"
    return s


def _mask_match(m: re.Match) -> str:
    text = m.group(0)
    # Keep the header/parameter name so the message stays readable.
    for sep in (":", "="):
        if sep in text[:40]:
            head = text[: text.index(sep) + 1]
            return f"{head} {MASK}" if sep == ":" else f"{head}{MASK}"
    if text.lower().startswith("bearer"):
        return f"Bearer {MASK}"
    return MASK


class SanitizingFilter(logging.Filter):
    """A logging filter that scrubs a record's message (installed on litellm's loggers)."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            msg = record.getMessage()
        except Exception:  # noqa: BLE001 - a malformed record is still scrubbed as text
            msg = str(record.msg)
        clean = sanitize(msg, limit=4000)
        if clean != msg:
            record.msg, record.args = clean, ()
        if record.exc_info:
            # Tracebacks carry provider messages verbatim: keep only the sanitized summary.
            exc = record.exc_info[1]
            record.msg = f"{clean} [{type(exc).__name__}: {sanitize(exc, limit=2000)}]" if exc else clean
            record.args, record.exc_info, record.exc_text = (), None, None
        return True
