"""The audit page's computed answers on disk, so a restarted server answers at once.

One JSON file per answer, named by the warehouse, the state of its data (``Warehouse.data_state``)
and the answer's key, under ``$XDG_CACHE_HOME/f1bench/audit`` (outside the data directory: the
page only reads the warehouse). The name also holds the code and settings the answer depends on
(the view definitions, their parameters, the bootstrap's replicates / seed / confidence), so a
changed view or setting never reads an old answer. When the data change, the files of the
warehouse's earlier states are removed as the first new answer is written.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

from f1bench_pipeline.scoring.leaderboard import Bootstrap
from f1bench_pipeline.settings import user_cache_home
from f1bench_pipeline.storage.views import view_files, view_parameters

log = logging.getLogger(__name__)


def default_answers_dir() -> Path:
    """``$XDG_CACHE_HOME/f1bench/audit`` (``~/.cache/f1bench/audit``): `f1bench serve`'s and the build's."""
    return user_cache_home() / "f1bench" / "audit"


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, default=str, sort_keys=True).encode()).hexdigest()[:24]


@cache
def code_fingerprint() -> str:
    """The view definitions and the settings they read (a change makes every stored answer old)."""
    views = [(p.name, p.read_text(encoding="utf-8")) for p in view_files()]
    return _digest([views, view_parameters(), repr(Bootstrap.from_settings())])


class StoredAnswers:
    """Answers of one warehouse, by (data state, key), in ``folder``."""

    def __init__(self, folder: Path, warehouse: str):
        self.folder = folder
        self.prefix = _digest([warehouse, code_fingerprint()])

    def _path(self, state: Any, key: tuple) -> Path:
        return self.folder / f"{self.prefix}-{_digest(state)}-{_digest(key)}.json"

    def get(self, state: Any, key: tuple) -> Any | None:
        try:
            return json.loads(self._path(state, key).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None

    def put(self, state: Any, key: tuple, answer: Any) -> None:
        """Store ``answer`` (atomically); a failure to write is logged, never raised (the page
        works without the store)."""
        path = self._path(state, key)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            keep = f"{self.prefix}-{_digest(state)}-"
            for old in self.folder.glob(f"{self.prefix}-*.json"):
                if not old.name.startswith(keep):
                    old.unlink(missing_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=".tmp-", suffix=".json")
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(answer, f, default=str)
            os.replace(tmp, path)
        except OSError as exc:
            log.warning("audit page: could not store an answer in %s: %s", self.folder, exc)
