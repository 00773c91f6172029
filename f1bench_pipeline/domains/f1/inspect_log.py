"""``f1bench import-inspect LOG``: an Inspect AI log's answers into ``generations``.

Each sample of the log (run with ``evaluation/inspect_task.py``) becomes one line of the import
format (``importer.py``) — ``id``, ``lang``, ``variant`` from the sample id
``<instance id>|<lang>|<variant>`` (else its metadata), ``model`` the log's model (``--model``
overrides), ``text`` the completion or ``error`` the sample's error, and ``messages`` the
sample's input, so the importer checks the context each answer was given (provenance) — written
to ``<data_dir>/imports/inspect/<log name>.jsonl`` and imported by ``import-generations``'s own
code (``generation_commands.cmd_import``): the same checks, report, Dagster record, scoring (the
``score_only`` job and the system's leaderboard row; ``--no-score`` prints the command instead)
and exit codes.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from f1bench_pipeline.domains.f1.generation_commands import cmd_import
from f1bench_pipeline.errors import UserError
from f1bench_pipeline.evaluation.samples import SAMPLE_ID_SEP
from f1bench_pipeline.settings import get_settings


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    return "".join(getattr(c, "text", "") or "" for c in content or [])


def sample_line(sample: Any, model: str) -> dict[str, Any]:
    """One import line of an Inspect ``EvalSample``."""
    meta = sample.metadata or {}
    parts = str(sample.id).split(SAMPLE_ID_SEP)
    iid, lang, variant = parts if len(parts) == 3 else (meta.get("instance_id") or str(sample.id),
                                                       meta.get("lang", ""), meta.get("variant", "default"))
    messages = ([{"role": "user", "content": sample.input}] if isinstance(sample.input, str)
                else [{"role": m.role, "content": _text(m.content)} for m in sample.input])
    line: dict[str, Any] = {"id": iid, "lang": lang, "variant": variant, "model": model, "messages": messages}
    if sample.error is not None:
        line["error"] = getattr(sample.error, "message", None) or str(sample.error)
    else:
        line["text"] = sample.output.completion if sample.output is not None else ""
    return line


def log_lines(log: Any, model: str | None = None) -> list[dict[str, Any]]:
    """The import lines of an Inspect ``EvalLog`` (its samples in log order)."""
    name = model or log.eval.model
    return [sample_line(s, name) for s in log.samples or []]


def cmd_import_inspect(args: argparse.Namespace) -> int:
    try:
        from inspect_ai.log import read_eval_log
    except ImportError:
        raise UserError("import-inspect needs Inspect AI: pip install 'f1bench_pipeline[inspect]'") from None
    path = Path(args.log)
    if not path.exists():
        raise UserError(f"{path}: no such Inspect log")
    try:
        log = read_eval_log(str(path))
    except Exception as exc:  # noqa: BLE001 - Inspect raises several types for an unreadable log
        raise UserError(f"{path}: not an Inspect log ({type(exc).__name__}: {str(exc)[:200]})") from None
    lines = log_lines(log, args.model)
    if not lines:
        raise UserError(f"{path}: the log holds no samples (status {log.status})")
    out = get_settings().data_dir / "imports" / "inspect" / f"{path.stem}.jsonl"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), encoding="utf-8")
    print(f"{path.name}: {len(lines)} sample(s) of {log.eval.model} (log status {log.status}) -> {out}")
    args.file = str(out)
    return cmd_import(args)
