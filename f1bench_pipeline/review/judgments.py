"""Read a judged review sheet back into judgments (pure: the warehouse's rows are passed in).

Every row is checked before anything is returned; a file with any problem raises
``ReviewImportError`` listing each one as ``FILE, row R (line L), column C (letter): what``
(``row`` as a spreadsheet numbers it, the header being row 1; ``line`` of the file when a
cell holding newlines makes them differ). The caller writes nothing then, so a bad file
never touches judgments imported earlier.

Checked, beyond the sheet's format (``review/sheet.py``):

* ``row_type`` is ``answer``, ``claim`` or ``missed`` (empty: ``missed``, a row the reviewer
  added); each label is one its row type allows;
* an answer or claim row's ``review_id`` is the hash of its key columns (a key edited by
  hand is caught), a claim or missed row's ``review_id`` names an answer row of the sheet,
  no answer or claim appears twice;
* the answer is in the warehouse, and each of its claim rows is the warehouse's claim of
  that ``claim_index`` (same ``type``, ``span_text`` and ``label``): judgments describe the
  claims as they are now scored, so a sheet exported before a re-scoring is refused
  (re-export it);
* an answer marked ``reviewed`` has every claim judged and none of its claims removed
  from the sheet; a missed claim belongs to an answer marked ``reviewed`` (the
  missed-claim rate needs whole answers), its ``type`` is a claim type, its ``span_text``
  an exact substring of the answer's text and its ``slots``, if any, a JSON object.

An answer counts as judged when it is marked ``reviewed`` or has a labelled claim or a
missed claim; the others are left out (a sheet can be imported part-done, and again when
finished). A sheet with no judgment at all (e.g. exported and imported unchanged) is an
error, so a forgotten save is not mistaken for an import.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from functools import cache

import polars as pl

from f1bench_pipeline.domains import all_domains

from f1bench_pipeline.review.sheet import (
    ANSWER,
    ANSWER_LABELS,
    CLAIM,
    CLAIM_LABELS,
    FACT,
    FACT_LABELS,
    KEY_COLUMNS,
    MISSED,
    MISSED_LABELS,
    REVIEWED,
    ROW_TYPES,
    SheetFormatError,
    SheetRow,
    column_letter,
    read_rows,
    review_id,
)


@cache
def claim_types() -> frozenset[str]:
    """Every domain's claim types: the ``type`` a reviewer may give a missed claim."""
    return frozenset(t for domain in all_domains() for t in domain.claim_types)

ANSWER_KEY = list(KEY_COLUMNS)
# The claim_reviews table: one row per judged answer (row_type answer), per judged extracted
# claim (claim) and per claim the reviewer added (missed). ``label``/``reason``/``matched_fact``
# are our verdict at import time; ``answer_reviewed`` is copied onto every row of the answer.
# A ``fact`` row is an oracle fact of the answer's instance (``claim_index`` its number, ``slots``
# its id, ``label`` ours: stated / not_stated), judged stated or not by the reviewer. ``sampling``
# (answer rows): random / not_random, as ``review/human_score.py`` defines it.
REVIEW_SCHEMA: dict[str, pl.DataType] = {
    "reviewer": pl.Utf8, "review_id": pl.Utf8, "model": pl.Utf8, "season": pl.Int64, "id": pl.Utf8,
    "decision_type": pl.Utf8, "lang": pl.Utf8, "variant": pl.Utf8, "extractor": pl.Utf8, "row_type": pl.Utf8,
    "claim_index": pl.Int64, "missed_index": pl.Int64, "type": pl.Utf8, "slots": pl.Utf8, "span_text": pl.Utf8,
    "label": pl.Utf8, "reason": pl.Utf8, "matched_fact": pl.Utf8, "human_label": pl.Utf8, "human_note": pl.Utf8,
    "answer_reviewed": pl.Boolean, "stratum_size": pl.Int64, "stratum_sampled": pl.Int64, "source": pl.Utf8,
    "imported_at": pl.Datetime("us", "UTC"), "sample_seed": pl.Int64, "sampling": pl.Utf8,
}
MAX_PROBLEMS = 200  # a wholly wrong file would otherwise list thousands of lines
_INVALID = "\x00invalid"  # a claim row whose human_label was reported as bad


@dataclass(frozen=True)
class Problem:
    row: int  # the spreadsheet's row (header = 1); 0 for a problem of the whole file
    line: int  # the file's line the row starts on
    column: str | None
    message: str


class ReviewImportError(ValueError):
    """The sheet cannot be imported; ``problems`` says where and why (nothing was written)."""

    def __init__(self, path: str | Path, problems: list[Problem], header: list[str] | None = None):
        self.path, self.problems, self.header = str(path), problems, header or []
        super().__init__("\n".join(self.lines()))

    def lines(self, limit: int | None = None) -> list[str]:
        out = []
        for p in self.problems[:limit]:
            if p.row:
                where = f"row {p.row}" + (f" (line {p.line})" if p.line != p.row else "")
            else:  # a problem of the file itself (encoding, header): a line, or nowhere in particular
                where = f"line {p.line}" if p.line else ""
            if p.column:
                letter = f" ({column_letter(self.header.index(p.column))})" if p.column in self.header else ""
                where += f", column {p.column}{letter}"
            out.append(f"{self.path}{', ' + where if where else ''}: {p.message}")
        if limit is not None and len(self.problems) > limit:
            out.append(f"… and {len(self.problems) - limit} more problems")
        return out


def normalise_label(text: str) -> str:
    """'Not a claim ' → 'not_a_claim' (spreadsheets capitalise, people type spaces)."""
    return "_".join(text.strip().lower().replace("-", " ").split())


def _int(text: str) -> int | None:
    """'3', ' 3 ' or '3.0' (a spreadsheet's number) → 3; '' → None; raises ValueError otherwise."""
    t = text.strip()
    if not t:
        return None
    f = float(t)
    if not f.is_integer():
        raise ValueError(t)
    return int(f)


@dataclass
class _Answer:
    row: SheetRow
    key: tuple
    reviewed: bool
    claims: list[tuple[SheetRow, int, str]]  # (row, claim_index, human label, '' or _INVALID)
    missed: list[tuple[SheetRow, str, str | None]]  # (row, human label, normalised slots)
    stratum: tuple[int | None, int | None]
    seed: int | None = None
    facts: list[tuple[SheetRow, int, str]] | None = None  # (row, fact index, human label)


class _Checker:
    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, row: SheetRow, column: str | None, message: str) -> None:
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(Problem(row.row, row.line, column, message))

    def key(self, r: SheetRow) -> tuple | None:
        """The row's answer key, with its review_id checked; None (and a problem) when broken."""
        ok = True
        for c in KEY_COLUMNS:
            if not r[c].strip():
                self.add(r, c, f"{c} is empty (it identifies the answer; leave the exported value)")
                ok = False
        try:
            season = _int(r["season"])
        except ValueError:
            self.add(r, "season", f"season {r['season']!r} is not a year")
            return None
        if not ok or season is None:
            return None
        key = (r["model"].strip(), season, r["id"].strip(), r["lang"].strip(), r["variant"].strip(), r["extractor"].strip())
        expected = review_id(*key)
        if r["review_id"].strip() != expected:
            self.add(r, "review_id", f"review_id {r['review_id']!r} does not belong to this row's "
                                     f"model/season/id/lang/variant/extractor (expected {expected}): was a key cell edited?")
            return None
        return key


def _slots(text: str) -> dict:
    obj = json.loads(text)
    if not isinstance(obj, dict):
        raise TypeError("not an object")
    return obj


def load_sheet(path: str | Path) -> tuple[list[str], list[SheetRow]]:
    """(header, rows) of the sheet; ``ReviewImportError`` when it is not a readable review sheet."""
    try:
        return read_rows(path)
    except SheetFormatError as exc:
        raise ReviewImportError(path, [Problem(0, exc.line, None, exc.message)]) from exc
    except OSError as exc:
        raise ReviewImportError(path, [Problem(0, 0, None, exc.strerror or str(exc))]) from exc


def parse_sheet(path: str | Path, claims: pl.DataFrame, generations: pl.DataFrame, *, reviewer: str,
                imported_at: datetime | None = None,
                sheet: tuple[list[str], list[SheetRow]] | None = None) -> pl.DataFrame:
    """The sheet's judgments as ``REVIEW_SCHEMA`` rows; raises ``ReviewImportError`` on any problem.

    ``claims`` (``CLAIM_SCHEMA`` with ``model``, ``season``) and ``generations`` (``model``,
    ``season``, ``id``, ``lang``, ``variant``, ``text``, ``decision_type``) are the warehouse's
    rows of at least the answers the sheet names; models decoded (``ollama/llama3.1:8b``).
    ``sheet``: the file already read by ``load_sheet``.
    """
    if not reviewer.strip():
        raise ValueError("reviewer must not be empty")
    header, rows = sheet or load_sheet(path)
    check = _Checker()
    answers: dict[str, _Answer] = {}
    broken: set[str] = set()  # review_ids of answer rows already reported: their rows need no second complaint
    pending: list[tuple[str, SheetRow]] = []  # claim and missed rows, attached once every answer row is known
    for r in rows:
        kind = normalise_label(r["row_type"]) or MISSED  # only rows the reviewer added have no row_type
        if kind not in ROW_TYPES:
            check.add(r, "row_type", f"row_type {r['row_type']!r} is not one of {', '.join(ROW_TYPES)}")
            continue
        if kind == ANSWER:
            key = check.key(r)
            label = normalise_label(r["human_label"])
            if label and label not in ANSWER_LABELS:
                check.add(r, "human_label", f"an answer row's human_label is empty or 'reviewed', not {r['human_label']!r}")
            try:
                stratum = (_int(r.get("stratum_size", "")), _int(r.get("stratum_sampled", "")))
                seed = _int(r.get("sample_seed", ""))
            except ValueError:
                check.add(r, "stratum_size", "stratum_size / stratum_sampled / sample_seed must be whole numbers "
                                             "(leave them as exported)")
                stratum, seed = (None, None), None
            rid = r["review_id"].strip()
            if key is None:
                broken.add(rid)
                continue
            if rid in answers:
                check.add(r, "review_id", f"answer {rid} appears twice (first on row {answers[rid].row.row})")
                continue
            answers[rid] = _Answer(r, key, label == REVIEWED, [], [], stratum, seed, [])
        else:
            pending.append((kind, r))
    seen_claims: dict[tuple[str, int], int] = {}
    for kind, r in pending:
        rid = r["review_id"].strip()
        label = normalise_label(r["human_label"])
        if not rid:
            check.add(r, "review_id", "review_id is empty: copy the review_id of the answer this row belongs to")
            continue
        answer = answers.get(rid)
        if answer is None and rid in broken:
            continue
        if kind == FACT:
            if answer is None:
                check.add(r, "review_id", f"unknown review_id {rid!r}: the sheet has no answer row with it")
                continue
            try:
                index = _int(r["claim_index"])
            except ValueError:
                index = None
            if index is None or index < 0 or not r["slots"].strip():
                check.add(r, "claim_index", "a fact row needs its claim_index and slots as exported")
                continue
            if label and label not in FACT_LABELS:
                check.add(r, "human_label", f"a fact row's human_label is {' or '.join(FACT_LABELS)}, not {r['human_label']!r}")
                continue
            assert answer.facts is not None
            answer.facts.append((r, index, label))
            continue
        if kind == CLAIM:
            key = check.key(r)
            if key is None:
                continue
            if answer is None:
                check.add(r, "review_id", f"unknown review_id {rid!r}: the sheet has no answer row with it")
                continue
            try:
                index = _int(r["claim_index"])
            except ValueError:
                index = None
            if index is None or index < 0:
                check.add(r, "claim_index", f"claim_index {r['claim_index']!r} is not a claim number (leave it as exported)")
                continue
            if (rid, index) in seen_claims:
                check.add(r, "claim_index", f"claim {index} of answer {rid} appears twice (first on row {seen_claims[(rid, index)]})")
                continue
            seen_claims[(rid, index)] = r.row
            if label and label not in CLAIM_LABELS:
                check.add(r, "human_label", f"human_label {r['human_label']!r} is not one of {', '.join(CLAIM_LABELS)}")
                label = _INVALID  # reported once, here; the answer's other checks still run
            answer.claims.append((r, index, label))
            continue
        # a missed claim, added by the reviewer
        if answer is None:
            check.add(r, "review_id", f"unknown review_id {rid!r}: the sheet has no answer row with it")
            continue
        for c, expected in zip(KEY_COLUMNS, answer.key):  # optional on an added row, but if filled the answer's
            value = r[c].strip()
            try:
                same = not value or (_int(value) == expected if c == "season" else value == expected)
            except ValueError:
                same = False
            if not same:
                check.add(r, c, f"{c} {value!r} is not that of answer {rid} ({expected})")
        if label not in MISSED_LABELS:
            check.add(r, "human_label", f"a missed claim needs human_label {', '.join(MISSED_LABELS)}"
                                        f"{'' if not label else f', not {label!r}'}")
        ctype = r["type"].strip()
        if ctype not in claim_types():
            check.add(r, "type", f"type {ctype!r} is not a claim type ({', '.join(sorted(claim_types()))})")
        if not r["span_text"]:
            check.add(r, "span_text", "a missed claim needs span_text: the words of the answer that make the claim")
        slots = None
        if r["slots"].strip():
            try:
                slots = json.dumps(_slots(r["slots"]), sort_keys=True, ensure_ascii=False)
            except (ValueError, TypeError):
                check.add(r, "slots", 'slots must be empty or a JSON object, e.g. {"driver": "VER", "lap": 12}')
        answer.missed.append((r, label, slots))
    out = _against_warehouse(check, answers, claims, generations)
    if check.problems:
        order = {c: i for i, c in enumerate(header)}
        problems = sorted(check.problems, key=lambda p: (p.row, order.get(p.column or "", -1)))
        raise ReviewImportError(path, problems, header)
    if not out:
        raise ReviewImportError(path, [Problem(0, 0, None, "no judgments: fill human_label on claim rows (and "
                                                          "'reviewed' on answer rows) before importing")], header)
    when = imported_at or datetime.now(UTC)
    frame = pl.DataFrame(out, schema={k: v for k, v in REVIEW_SCHEMA.items() if k not in ("reviewer", "source", "imported_at")})
    return frame.with_columns(pl.lit(reviewer.strip()).alias("reviewer"), pl.lit(Path(path).name).alias("source"),
                              pl.lit(when, REVIEW_SCHEMA["imported_at"]).alias("imported_at")).select(list(REVIEW_SCHEMA))


def _against_warehouse(check: _Checker, answers: dict[str, _Answer], claims: pl.DataFrame,
                       generations: pl.DataFrame) -> list[dict]:
    """Check the judged answers against the warehouse; their output rows (no reviewer/source/time)."""
    judged = {rid: a for rid, a in answers.items() if a.reviewed or a.missed or any(lab for _r, _i, lab in a.claims)}
    if not judged:
        return []
    wanted = pl.DataFrame([dict(zip(ANSWER_KEY, a.key)) for a in judged.values()],
                          schema={c: pl.Int64 if c == "season" else pl.Utf8 for c in ANSWER_KEY})
    gen_key = [c for c in ANSWER_KEY if c != "extractor"]
    texts: dict[tuple, tuple[str, str]] = {}
    if generations.height:
        g = generations.join(wanted.select(gen_key).unique(), on=gen_key, how="semi")
        texts = {tuple(r[:5]): (r[5] or "", r[6]) for r in g.select(*gen_key, "text", "decision_type").iter_rows()}
    ours: dict[tuple, dict[int, dict]] = {}
    if claims.height:
        for c in claims.join(wanted, on=ANSWER_KEY, how="semi").iter_rows(named=True):
            ours.setdefault(tuple(c[k] for k in ANSWER_KEY), {})[c["claim_index"]] = c
    out: list[dict] = []
    for rid, a in judged.items():
        if a.key[:5] not in texts:
            check.add(a.row, "id", "the warehouse has no answer for this model/season/id/lang/variant "
                                   "(was the model's partition removed?)")
            continue
        text, decision_type = texts[a.key[:5]]
        mine = ours.get(a.key, {})
        base = {"review_id": rid, **dict(zip(ANSWER_KEY, a.key)), "decision_type": decision_type,
                "answer_reviewed": a.reviewed, "stratum_size": a.stratum[0], "stratum_sampled": a.stratum[1],
                "sample_seed": a.seed}
        out.append({**base, "row_type": ANSWER, "human_label": REVIEWED if a.reviewed else None,
                    "human_note": a.row["human_note"].strip() or None})
        for r, index, label in a.claims:
            c = mine.get(index)
            if c is None:
                check.add(r, "claim_index", f"the warehouse has no claim {index} for this answer: the claims were "
                                            f"re-scored since the export; re-export the sheet")
                continue
            for col in ("type", "span_text", "label"):
                if (r[col] or "") != (c[col] or ""):
                    check.add(r, col, f"{col} {r[col]!r} is not the warehouse's {c[col]!r} for claim {index}: either "
                                      f"the cell was edited (only human_label and human_note are yours) or the claims "
                                      f"were re-scored since the export (re-export the sheet)")
                    break
            if a.reviewed and not label:
                check.add(r, "human_label", f"answer {rid} is marked reviewed (row {a.row.row}) but this claim has no human_label")
            if label and label != _INVALID:
                out.append({**base, "row_type": CLAIM, "claim_index": index, "type": c["type"], "slots": c["slots"],
                            "span_text": c["span_text"], "label": c["label"], "reason": c["reason"],
                            "matched_fact": c["matched_fact"], "human_label": label,
                            "human_note": r["human_note"].strip() or None})
        if a.reviewed:
            absent = sorted(set(mine) - {i for _r, i, _l in a.claims})
            if absent:
                check.add(a.row, "human_label", f"answer {rid} is marked reviewed but its claim(s) "
                                                f"{', '.join(map(str, absent))} are not in the sheet")
        for r, index, label in a.facts or []:
            out.append({**base, "row_type": FACT, "claim_index": index, "type": r["type"].strip() or None,
                        "slots": r["slots"].strip(), "label": r["label"].strip() or None, "human_label": label or None,
                        "human_note": r["human_note"].strip() or None})
        for n, (r, label, slots) in enumerate(a.missed):
            if not a.reviewed:
                check.add(r, "human_label", f"a missed claim of answer {rid}, whose answer row (row {a.row.row}) is not "
                                            f"marked reviewed: mark it once every claim of the answer is judged")
            if r["span_text"] and r["span_text"] not in text:
                check.add(r, "span_text", f"span_text {_short(r['span_text'])!r} is not in the answer's text "
                                          f"(copy the words exactly from answer_text)")
            out.append({**base, "row_type": MISSED, "missed_index": n, "type": r["type"].strip(), "slots": slots,
                        "span_text": r["span_text"], "human_label": label, "human_note": r["human_note"].strip() or None})
    return out


def _short(text: str, n: int = 60) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def sheet_partitions(rows: Iterable[SheetRow]) -> set[tuple[str, int]]:
    """(model, season) of every answer or claim row whose key reads; where the warehouse must look."""
    out = set()
    for r in rows:
        try:
            season = _int(r.get("season", ""))
        except ValueError:
            continue
        if r.get("model", "").strip() and season is not None:
            out.add((r["model"].strip(), season))
    return out


def merge_reviews(existing: pl.DataFrame, new: pl.DataFrame) -> pl.DataFrame:
    """``existing`` with every answer ``new`` judges (same reviewer and answer key) replaced by
    ``new``'s rows: re-importing a corrected sheet replaces, other answers are kept."""
    if existing.is_empty():
        return new.select(list(REVIEW_SCHEMA))
    keys = ["reviewer", *ANSWER_KEY]
    existing = existing.select([c for c in REVIEW_SCHEMA if c in existing.columns]).cast(
        {c: t for c, t in REVIEW_SCHEMA.items() if c in existing.columns})
    kept = existing.join(new.select(keys).unique(), on=keys, how="anti")
    return pl.concat([kept, new], how="diagonal_relaxed").select(list(REVIEW_SCHEMA)).sort(
        "reviewer", *ANSWER_KEY, "row_type", "claim_index", "missed_index", nulls_last=True)
