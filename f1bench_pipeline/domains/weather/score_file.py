"""Scoring weather answers made elsewhere (``f1bench weather score FILE``), as ``f1bench score``
does for F1: the import format (``id, model, lang, text`` or ``error``; optional ``variant``),
each line checked and numbered, then the same scoring loop and leaderboard query as the
pipeline (one row per prompt variant × system; 'all' pools languages, never variants)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import polars as pl

LANGS = ("en", "es", "pt")


def read_answers(path: str | Path, instance_ids: set[str], variants: set[str],
                 max_chars: int) -> tuple[pl.DataFrame, list[tuple[int, str]], int]:
    """(answers as generation rows, bad lines as (line number, reason), lines read)."""
    rows: list[dict[str, Any]] = []
    errors: list[tuple[int, str]] = []
    seen: dict[tuple, int] = {}
    n = 0
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as exc:
                errors.append((n, f"malformed JSON ({exc.msg} at column {exc.colno})"))
                continue
            if not isinstance(obj, dict):
                errors.append((n, "not a JSON object"))
                continue
            missing = [k for k in ("id", "model", "lang") if not isinstance(obj.get(k), str) or not obj.get(k)]
            if missing:
                errors.append((n, f"missing or non-string field(s): {', '.join(missing)}"))
                continue
            text, error = obj.get("text"), obj.get("error")
            if not isinstance(text, str) and error in (None, ""):
                errors.append((n, "needs 'text' (a string) or 'error'"))
                continue
            if isinstance(text, str) and len(text) > max_chars:
                errors.append((n, f"an answer of {len(text):,} characters, longer than the limit of {max_chars:,} "
                                  "(F1BENCH_MAX_ANSWER_CHARS)"))
                continue
            lang, variant = obj["lang"].lower(), obj.get("variant") or "default"
            if lang not in LANGS:
                errors.append((n, f"unknown lang {obj['lang']!r} (expected one of {', '.join(LANGS)})"))
                continue
            if obj["id"] not in instance_ids:
                errors.append((n, f"unknown instance id {obj['id']!r} (not in this batch's weather_instances)"))
                continue
            if variant not in variants:
                errors.append((n, f"unknown variant {variant!r} (expected one of {', '.join(sorted(variants))})"))
                continue
            key = (obj["model"], obj["id"], lang, variant)
            if key in seen:
                errors.append((n, f"duplicate of line {seen[key]}"))
                continue
            seen[key] = n
            body = text if isinstance(text, str) else ""
            status = "error" if not isinstance(text, str) else "ok" if body.strip() else "refused"
            rows.append({"model": obj["model"], "id": obj["id"], "lang": lang, "variant": variant, "text": body,
                         "status": status})
    frame = pl.DataFrame(rows, schema={"model": pl.Utf8, "id": pl.Utf8, "lang": pl.Utf8, "variant": pl.Utf8,
                                       "text": pl.Utf8, "status": pl.Utf8})
    return frame, errors, n


def score_answers(answers: pl.DataFrame, instances: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame]:
    """(claims, scores, leaderboard with bootstrap intervals) of the answers."""
    from f1bench_pipeline.domains import get_domain
    from f1bench_pipeline.domains.scoring import score_generations_parallel
    from f1bench_pipeline.scoring.leaderboard import Bootstrap, aggregate

    if answers.is_empty():
        return pl.DataFrame(), pl.DataFrame(), pl.DataFrame()
    claims, scores = score_generations_parallel(get_domain("weather"), answers, instances)
    board = aggregate(scores, ["variant", "model"], Bootstrap.from_settings(), levels=["lang"])
    return claims, scores, board
