"""Bring your own outputs: import a JSONL of F1 generations made elsewhere (F1's: its ids, its
seasons, its published battle ids; the shared ``generation`` stage imports no domain).

One JSON object per line with ``id``, ``model``, ``lang`` and ``text`` — or, instead of
``text``, the ``error`` the provider returned — plus optional ``variant`` (default
``default``). Other fields (e.g. the published claim counts) are ignored.

* ``model`` is mapped to a registry system by name or alias (``aliases`` in
  ``systems.yaml``); a name the registry does not know is kept as the system name.
* ``id`` × ``lang`` × ``variant`` must exist in the warehouse's ``instances`` (any season;
  the row's season is the instance's). Lines that are not JSON, lack a field, name an
  unknown language or an id we do not have are reported with their line number and
  skipped; the valid lines are imported. ``strict=True`` imports nothing when any line
  is bad.
* Status: a ``text`` line is ``ok`` (``refused`` when empty); an ``error`` line is
  ``content_filtered`` when the message is a content-filter block, else ``error`` with
  the sanitized message (a 429 stays an ``error``: it is no answer, and is never a zero).
* A repeated (model, id, lang, variant) is reported; the first line wins.
* Each (season, system) partition receives the imported rows merged over what it
  already holds (an imported row replaces an existing row of the same id × lang ×
  variant; other rows are kept), written atomically. ``source`` is ``import``.
* A later generation run of the same partition keeps imported rows, except where it
  produces an answer of its own for the same item (``generation.runner._keep_imported``).
* Scoring: ``f1bench import-generations`` (and ``import-inspect``) then runs the ``score_only``
  Dagster job on each imported partition, as ``f1bench rerun SYSTEM --score-only`` does
  (``generation_commands.py``); a system the registry does not know is an *imported system*
  (:func:`imported_systems`), which ``rerun --score-only`` rescores by its stored answers.
* Provenance: a line may carry ``context_sha256`` (the SHA-256 of the messages it answered, as the
  ``instances`` table gives it) or the ``messages`` themselves. A hash that no version of its
  instance has (``instance_versions``) gives status ``context_mismatch``: reported with its line,
  counted, never scored against other facts (``score_mismatched=True`` keeps it ``ok``, scored
  against today's facts and marked ``context_current`` false). Lines without either are imported
  as before, with one warning naming their count.
* A published battle id of a pair that has several battles in the race (``…::undercut::A_B``,
  ours ``…::undercut::A_B@18-19``) resolves to the battle whose two pit laps the answer names;
  when it names those of none or of several, the line is reported ``ambiguous_id`` and skipped.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import polars as pl

from f1bench_pipeline import language, provenance
from f1bench_pipeline.domains.f1.instances.builders import BATTLE_LAPS_SEP
from f1bench_pipeline.errors import UserError
from f1bench_pipeline.generation.classify import status_of_error_text
from f1bench_pipeline.generation.names import safe_name, unsafe_name
from f1bench_pipeline.generation.registry import LANGUAGES, Registry, load_registry
from f1bench_pipeline.generation.sanitize import sanitize
from f1bench_pipeline.generation.table import GENERATION_SCHEMA, GRAIN, TABLE, summarize, to_frame
from f1bench_pipeline.storage.warehouse import read_table, table_files, write_partition


@dataclass
class ImportReport:
    path: str
    lines: int = 0
    imported: int = 0
    errors: list[tuple[int, str]] = field(default_factory=list)
    partitions: dict[tuple[int, str], dict[str, Any]] = field(default_factory=dict)  # (season, system) → summary
    model_map: dict[str, str] = field(default_factory=dict)
    written: bool = False
    context_mismatch: list[int] = field(default_factory=list)  # lines whose context hash no version has
    without_context: int = 0  # lines with neither context_sha256 nor messages
    resolved_ids: int = 0  # published battle ids resolved to one battle of the pair by its pit laps

    @property
    def skipped(self) -> int:
        return len(self.errors)

    def format(self, max_errors: int = 50) -> str:
        out = [f"{self.path}: {self.lines} lines, {self.imported} "
               + ("imported" if self.written else "valid (nothing written)") + f", {self.skipped} skipped"]
        for src, dst in sorted(self.model_map.items()):
            out.append(f"  model {src!r} → system {dst!r}")
        for (season, system), s in sorted(self.partitions.items()):
            st = ", ".join(f"{k}={v}" for k, v in s["statuses"].items() if v)
            out.append(f"  generations season={season} model={safe_name(system)}: {s['rows']} rows ({st})")
        if self.context_mismatch:
            lines = ", ".join(map(str, self.context_mismatch[:20])) + (" …" if len(self.context_mismatch) > 20 else "")
            out.append(f"  {len(self.context_mismatch)} line(s) answered a context no version of their instance has "
                       f"(status context_mismatch, not scored): line {lines}")
        if self.without_context:
            out.append(f"  warning: {self.without_context} line(s) carry no context_sha256 or messages: scored against "
                       "today's instances, which may not be the context they answered")
        if self.resolved_ids:
            out.append(f"  {self.resolved_ids} published battle id(s) resolved to one battle of the pair by its pit laps")
        for line, msg in self.errors[:max_errors]:
            out.append(f"  line {line}: {msg}")
        if len(self.errors) > max_errors:
            out.append(f"  … and {len(self.errors) - max_errors} more")
        return "\n".join(out)


class ImportFailed(ValueError):
    def __init__(self, report: ImportReport):
        super().__init__(report.format())
        self.report = report


@dataclass
class InstanceIndex:
    """What an import line is checked against: the instance rows (id × lang × variant → season,
    decision type), the hashes of every version of each row, and the battles of a pair."""

    rows: dict[tuple[str, str, str], tuple[int, str]] = field(default_factory=dict)
    hashes: dict[tuple[str, str, str], set[str]] = field(default_factory=dict)
    battles: dict[tuple[str, str, str], list[tuple[str, int, int]]] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.rows)

    def get(self, key: tuple[str, str, str]) -> tuple[int, str] | None:
        return self.rows.get(key)


_LAP_NUMBER = re.compile(r"(?<![\d.,])\d{1,2}(?![\d.,]?\d)")


def instance_index(warehouse_root: Path | str) -> InstanceIndex:
    rows = provenance.with_hashes(read_table(warehouse_root, "instances"))
    if rows.is_empty():
        return InstanceIndex()
    index = InstanceIndex()
    for iid, lang, variant, season, dtype, h in rows.select("id", "lang", "variant", "season", "decision_type",
                                                           "context_sha256").iter_rows():
        index.rows[(iid, lang, variant)] = (int(season), dtype or "")
        index.hashes.setdefault((iid, lang, variant), set()).add(h)
        if BATTLE_LAPS_SEP in iid:
            plain, laps = iid.split(BATTLE_LAPS_SEP, 1)
            a, d = (int(x) for x in laps.split("-"))
            index.battles.setdefault((plain, lang, variant), []).append((iid, a, d))
    versions = read_table(warehouse_root, provenance.VERSIONS_TABLE)
    if not versions.is_empty():
        for iid, lang, variant, h in versions.select("id", "lang", "variant", "context_sha256").iter_rows():
            index.hashes.setdefault((iid, lang, variant), set()).add(h)
    return index


def _battle_named(text: str, battles: list[tuple[str, int, int]], reach: int = 80) -> str | None:
    """The battle of the pair whose two pit laps the answer names together (within ``reach``
    characters, closer than any other battle's: "entró en la vuelta 5, HAD en la 6" beside
    "laps 6-27 … laps 7-28"); None when it names no battle's laps together, or two as closely."""
    at: dict[int, list[int]] = {}
    for m in _LAP_NUMBER.finditer(text or ""):
        at.setdefault(int(m.group()), []).append(m.start())
    near = sorted((min(abs(i - j) for i in at[a] for j in at[d]), iid)
                  for iid, a, d in battles if a in at and d in at)
    near = [(dist, iid) for dist, iid in near if dist <= reach]
    if not near or len(near) > 1 and near[1][0] == near[0][0]:
        return None
    return near[0][1]


def read_jsonl(path: str | Path, index: InstanceIndex, registry: Registry, *, score_mismatched: bool = False
               ) -> tuple[dict[tuple[int, str], list[dict[str, Any]]], ImportReport]:
    """Parse and validate the file against the instance index: rows per (season, system)
    and a report with every bad line (numbered). Writes nothing."""
    from f1bench_pipeline.settings import get_settings

    max_chars = get_settings().max_answer_chars
    path = Path(path)
    report = ImportReport(path=str(path))
    if not index:
        report.errors.append((0, "the warehouse has no instances: build them first"))
    rows_by_part: dict[tuple[int, str], list[dict[str, Any]]] = {}
    seen: dict[tuple[str, str, str, str], int] = {}
    known_ids = {k[0] for k in index.rows}  # once: a scan of the index per unknown line is quadratic
    now = datetime.now(UTC).isoformat(timespec="milliseconds")
    with open(path, "rb") as fh:
        for n, raw in enumerate(fh, 1):
            report.lines = n
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                report.errors.append((n, f"not valid UTF-8 (byte {exc.start})"))
                continue
            if not line.strip():
                report.lines = n
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as exc:
                report.errors.append((n, f"malformed JSON ({exc.msg} at column {exc.colno})"))
                continue
            if not isinstance(obj, dict):
                report.errors.append((n, "not a JSON object"))
                continue
            missing = [k for k in ("id", "model", "lang") if not isinstance(obj.get(k), str) or not obj.get(k)]
            has_text = isinstance(obj.get("text"), str)
            has_error = obj.get("error") not in (None, "")
            if missing:
                report.errors.append((n, f"missing or non-string field(s): {', '.join(missing)}"))
                continue
            if not has_text and not has_error:
                report.errors.append((n, "needs 'text' (a string) or 'error'"))
                continue
            if has_text and len(obj["text"]) > max_chars:
                report.errors.append((n, f"an answer of {len(obj['text']):,} characters, longer than the limit of "
                                         f"{max_chars:,} (F1BENCH_MAX_ANSWER_CHARS)"))
                continue
            lang = obj["lang"].lower()
            if lang not in LANGUAGES:
                report.errors.append((n, f"unknown lang {obj['lang']!r} (expected one of {', '.join(LANGUAGES)})"))
                continue
            variant = obj.get("variant") or "default"
            if not isinstance(variant, str):
                report.errors.append((n, "variant must be a string"))
                continue
            iid = obj["id"]
            inst = index.get((iid, lang, variant))
            pair = index.battles.get((iid, lang, variant))
            if inst is None and pair:
                named = _battle_named(obj.get("text") or "", pair)
                if named is None:
                    laps = ", ".join(f"{a}/{d}" for _i, a, d in pair)
                    report.errors.append((n, f"ambiguous_id {iid!r}: the pair has {len(pair)} battles in the race "
                                             f"(pit laps {laps}) and the answer names the laps of none or several; "
                                             "give the battle's id"))
                    continue
                iid, inst = named, index.get((named, lang, variant))
                report.resolved_ids += 1
            if inst is None:
                known_id = obj["id"] in known_ids
                why = (f"no instance {obj['id']!r} in {lang}/{variant}" if known_id
                       else f"unknown instance id {obj['id']!r}")
                report.errors.append((n, why))
                continue
            system = registry.by_alias(obj["model"])
            system_name = system.name if system else obj["model"]
            report.model_map[obj["model"]] = system_name
            grain = (system_name, iid, lang, variant)
            if grain in seen:
                report.errors.append((n, f"duplicate of line {seen[grain]} ({system_name}, {iid}, {lang}, {variant})"))
                continue
            seen[grain] = n
            season, decision_type = inst
            if has_text:
                text = obj["text"]
                status = "ok" if text.strip() else "refused"
                error = sanitize(obj["error"]) if has_error else None
            else:
                text, error = "", sanitize(obj["error"])
                status = status_of_error_text(str(obj["error"]))
            given = obj.get("context_sha256")
            if not given and isinstance(obj.get("messages"), list):
                given = provenance.messages_sha256(m for m in obj["messages"] if isinstance(m, dict))
            if not isinstance(given, str) or not given:
                given = None
                report.without_context += 1
            elif given not in index.hashes.get((iid, lang, variant), set()):
                report.context_mismatch.append(n)
                if not score_mismatched:
                    status = "context_mismatch"
            digest = hashlib.sha256(f"import|{system_name}|{iid}|{lang}|{variant}".encode()).hexdigest()
            rows_by_part.setdefault((season, system_name), []).append({
                "context_sha256": given, "facts_sha256": None,
                "id": iid, "lang": lang, "variant": variant, "decision_type": decision_type,
                "system": system_name, "model_string": system.model if system else "", "text": text,
                "status": status, "finish_reason": "content_filter" if status == "content_filtered" else None,
                "prompt_tokens": None, "completion_tokens": None, "reasoning_tokens": None, "cost_usd": None,
                "latency_s": None, "cache_key": digest, "error": error, "attempts": None, "adaptations": None,
                "created_at": now, "source": "import", "from_cache": False,
            })
            report.imported += 1
    return rows_by_part, report


def import_jsonl(path: str | Path, warehouse_root: Path | str, *, registry: Registry | None = None,
                 strict: bool = False, dry_run: bool = False, score_mismatched: bool = False) -> ImportReport:
    """Import the file into ``generations``; returns what was imported and every bad line."""
    if not Path(path).is_file():
        raise UserError(f"{path}: no such file (nothing imported)")
    registry = registry or load_registry()
    rows_by_part, report = read_jsonl(path, instance_index(warehouse_root), registry,
                                      score_mismatched=score_mismatched)
    if strict and report.errors:
        raise ImportFailed(report)
    for (season, system_name), rows in sorted(rows_by_part.items()):
        new = to_frame(rows)
        part = {"season": season, "model": safe_name(system_name)}
        old = read_table(warehouse_root, TABLE, part)
        if not old.is_empty():
            old = old.drop([c for c in ("season", "model") if c in old.columns])
            old = old.select([c for c in GENERATION_SCHEMA if c in old.columns]).cast(
                {c: t for c, t in GENERATION_SCHEMA.items() if c in old.columns})
            merged = pl.concat([old.join(new.select(GRAIN), on=GRAIN, how="anti"), new], how="diagonal_relaxed")
        else:
            merged = new
        merged = language.with_detected(merged.sort(GRAIN))  # rows written before lang_detected existed
        report.partitions[(season, system_name)] = summarize(merged)
        if not dry_run:
            write_partition(merged, warehouse_root, TABLE, part)
    report.written = not dry_run and bool(rows_by_part)
    return report


def stored_systems(warehouse_root: Path | str) -> dict[str, list[int]]:
    """Every system with a ``generations`` partition (its name, decoded) → its seasons, sorted."""
    out: dict[str, set[int]] = {}
    for f in table_files(warehouse_root, TABLE):
        dims = dict(p.split("=", 1) for p in str(f).replace("\\", "/").split("/")[-3:-1] if "=" in p)
        if "season" in dims and "model" in dims and dims["season"].isdigit():
            out.setdefault(unsafe_name(dims["model"]), set()).add(int(dims["season"]))
    return {name: sorted(seasons) for name, seasons in sorted(out.items())}


def imported_systems(warehouse_root: Path | str, registry: Registry) -> dict[str, list[int]]:
    """The systems the warehouse has answers of but the registry has no entry for (an import's
    ``model`` that is no registry name or alias) → their seasons."""
    def registered(name: str) -> bool:
        return name in registry.systems or any(s.safe_name == safe_name(name) for s in registry.systems.values())

    return {name: seasons for name, seasons in stored_systems(warehouse_root).items() if not registered(name)}
