"""Registry system names ↔ safe partition keys and folder names.

Model names contain ``/`` and ``:`` (``ollama/llama3.1:8b``), which can be neither a
folder name nor, safely, a Dagster partition key. The mapping is Hive's own convention,
percent-encoding: every byte of the UTF-8 name outside ``[A-Za-z0-9._~-]`` becomes
``%XX`` (so ``%`` itself is escaped and the mapping is reversible), and a leading ``.``
becomes ``%2E`` (the warehouse skips dot-folders as temporary). DuckDB's and polars'
hive readers decode percent-encoded values, so ``model`` in the DuckDB views reads as
the real name; ``f1bench_pipeline.storage.warehouse.read_table`` returns the folder
value as is — decode it with :func:`unsafe_name` (``table.read_generations`` does).

Names made only of letters, digits, ``.``, ``_``, ``~`` and ``-`` map to themselves,
so ``template-faithful`` is its own partition key.
"""

from __future__ import annotations

from urllib.parse import quote, unquote


def safe_name(name: str) -> str:
    """``ollama/llama3.1:8b`` → ``ollama%2Fllama3.1%3A8b`` (reversible; see module doc)."""
    if not name:
        raise ValueError("a system name cannot be empty")
    text = quote(name, safe="")
    if text.startswith("."):
        text = "%2E" + text[1:]
    return text


def unsafe_name(safe: str) -> str:
    """Inverse of :func:`safe_name`."""
    return unquote(safe)
