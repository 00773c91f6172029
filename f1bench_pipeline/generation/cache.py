"""The call cache: nothing a provider answered is lost or paid for twice.

* Key: SHA-256 of the canonical JSON of (litellm model string, generation parameters,
  messages) — plus, for the offline template systems, a digest of the oracle facts they
  answer from (the facts are not in the messages), and for a local model the sha256 of its
  weights and of its LoRA adapter (``plan.local_cache_extra``). Connection settings (base URL, key,
  API version), timeouts and concurrency are not part of the key: they do not change
  the answer. Renaming a system keeps its cache (the folder is the model string's).
* Layout: ``<data_dir>/generation_cache/<safe model string>/<key[:2]>/<key>.json``.
* Each answer is written the moment it returns, to a temporary file in the same folder
  then ``os.replace``d into place: a reader sees a whole record or none, and a process
  killed with ``kill -9`` loses at most the calls still in flight. (``fsync`` is off by
  default — a kill does not lose the page cache; set ``F1BENCH_CACHE_FSYNC=1`` to also
  survive power loss at ~1 ms per call.)
* Only *final* answers are cached: ``ok``, ``truncated``, ``content_filtered``,
  ``refused``. An ``error`` (rate limit exhausted, 5xx, timeout, auth) is retried by the
  next run, and so is a ``budget_exhausted`` item (not called: the system's spending cap
  stopped the run first — ``engine``), once the cap allows it.
* A record holds the answer and its accounting (text, finish reason, tokens, cost,
  latency, attempts, timestamps); never headers, keys or the request's connection.
"""

from __future__ import annotations

import hashlib
import json
import os
import uuid
from pathlib import Path
from typing import Any

from f1bench_pipeline.generation.names import safe_name
from f1bench_pipeline.settings import process_setting

CACHE_DIRNAME = "generation_cache"
CACHEABLE = frozenset({"ok", "truncated", "content_filtered", "refused"})
# Written to the partition for an item the spending cap kept from being called; never cached.
BUDGET_EXHAUSTED = "budget_exhausted"


def cache_key(model: str, params: dict[str, Any], messages: list[dict[str, Any]],
              extra: dict[str, Any] | None = None) -> str:
    payload: dict[str, Any] = {"model": model, "params": params, "messages": messages}
    if extra:
        payload["extra"] = extra
    text = json.dumps(payload, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class DiskCache:
    """One JSON file per call under ``root/<safe model>/``."""

    def __init__(self, root: Path, model: str, fsync: bool | None = None):
        self.dir = Path(root) / safe_name(model)
        self.fsync = bool(process_setting("cache_fsync")) if fsync is None else fsync
        self._made: set[str] = set()

    @classmethod
    def for_data_dir(cls, data_dir: Path, model: str) -> DiskCache:
        return cls(Path(data_dir) / CACHE_DIRNAME, model)

    def path(self, key: str) -> Path:
        return self.dir / key[:2] / f"{key}.json"

    def get(self, key: str) -> dict[str, Any] | None:
        try:
            with open(self.path(key), encoding="utf-8") as fh:
                rec = json.load(fh)
        except FileNotFoundError:
            return None
        except (json.JSONDecodeError, UnicodeDecodeError, OSError):
            return None  # unreadable record: the call is made again and the file replaced
        return rec if isinstance(rec, dict) and rec.get("status") in CACHEABLE else None

    def has(self, key: str) -> bool:
        return self.get(key) is not None

    def put(self, key: str, record: dict[str, Any]) -> bool:
        """Store a final answer atomically; returns False (and stores nothing) for errors."""
        if record.get("status") not in CACHEABLE:
            return False
        target = self.path(key)
        sub = key[:2]
        if sub not in self._made:
            target.parent.mkdir(parents=True, exist_ok=True)
            self._made.add(sub)
        tmp = target.parent / f".{key}.{uuid.uuid4().hex[:8]}.tmp"
        data = json.dumps(record, ensure_ascii=False, sort_keys=True).encode("utf-8")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        try:
            os.write(fd, data)
            if self.fsync:
                os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, target)
        return True

    def __len__(self) -> int:
        return sum(1 for _ in self.dir.glob("*/*.json")) if self.dir.exists() else 0
