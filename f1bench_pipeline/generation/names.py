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
so ``template-faithful`` is its own folder name.

The Dagster ``model`` partition key is another thing: what the UI shows and a user types, so
it is the name as it reads (:func:`model_key`: ``ollama/llama3.1:8b``), since Dagster keys may
hold ``/`` and ``:``. Only a name a key cannot carry plainly (``%``, ``|`` -- the multi-partition
separator --, ``,``, ``[``, ``]``, ``...``, a control character or outer spaces) is keyed by its
folder name. :func:`unsafe_name` reads both forms back, so an instance made before keys were
readable (``ollama%2Fllama3.1%3A8b``) still runs; :func:`key_folder` gives a key's folder.
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
    """Inverse of :func:`safe_name`, and of :func:`model_key` (a name keyed as itself has no ``%``)."""
    return unquote(safe)


_NOT_IN_KEY = ("%", "|", ",", "[", "]", "...")


def model_key(name: str) -> str:
    """The system's Dagster ``model`` partition key: its name when a key can carry it as it reads,
    else :func:`safe_name` (module doc). Reversible by :func:`unsafe_name`."""
    plain = (name and name == name.strip() and name.isprintable()
             and not any(bad in name for bad in _NOT_IN_KEY))
    return name if plain else safe_name(name)


def key_folder(key: str) -> str:
    """The warehouse folder (``model=<folder>``) of a ``model`` partition key, readable or old-style."""
    return safe_name(unsafe_name(key))
