"""The review sheet: the CSV a person judges in a spreadsheet (written by ``export``, read by ``judgments``).

One file per review batch, UTF-8 with a byte-order mark (so Excel opens it as UTF-8;
LibreOffice and Google Sheets do anyway), comma-separated, one header row. A sampled
answer is a block of rows, in this order:

* one ``answer`` row: the answer's key (``model, season, id, decision_type, lang, variant,
  extractor``), its ``answer_text`` and the instance's ``context_text`` (what the model was
  given; on this row only, to keep the sheet readable), and the sampling record
  ``stratum_size`` / ``stratum_sampled`` (answers in its model × language stratum, and how
  many of them the sample took: the sampling weight is their ratio) and ``sample_seed``
  (the seed of the sample's order: with it the import checks that the judged answers are
  a random sample of their stratum, ``review/export.py``).
* one ``claim`` row per extracted claim, in ``claim_index`` order: ``type``, ``slots``
  (JSON), ``span_text`` (the words of the answer the claim was read from), and our
  verdict: ``label`` (supported / contradicted / unverifiable), ``reason``,
  ``matched_fact`` (the context fact it matched) and ``expected_facts`` (JSON: what the
  context says instead, for a contradicted claim).
* one ``fact`` row per oracle fact of the instance (the key facts recall counts):
  ``claim_index`` its number, ``type`` the fact's type, ``slots`` its id
  (``pit_lap(driver=LEC, lap=15)``), ``label`` ours (``stated`` when a supported claim
  covers it, else ``not_stated``).

Every row starts with ``review_id``, the answer's id in the review (``rv-`` and ten hex
digits of a hash of its key, so it also tells when a key column was edited).

What the reviewer fills in (nothing else is read back; the other columns are checked
against the warehouse):

* ``human_label`` on each claim row: ``supported``, ``contradicted``, ``unverifiable``
  (against the context, as the verifier judges) or ``not_a_claim`` (the extractor read a
  claim the answer does not make).
* a new row per claim the extractor missed: ``row_type`` ``missed`` (or left empty),
  the ``review_id`` of its answer, ``type`` (a claim type, ``other`` when none fits),
  ``span_text`` (copied exactly from the answer), ``human_label`` (supported /
  contradicted / unverifiable) and optionally ``slots`` (a JSON object). Anywhere in the
  sheet; the import groups by ``review_id``.
* ``human_label`` on each fact row: ``stated`` (the answer states this fact correctly) or
  ``not_stated``; with every fact row of an answer judged, the answer has a human recall
  (``review/human_score.py``).
* ``human_label`` ``reviewed`` on the answer row once every claim row of the answer is
  judged and every missed claim added: only such answers count towards the missed-claim
  rate (an answer without claims is reviewed by this mark alone).
* ``human_note`` anywhere, free text.

Labels are read case-insensitively, surrounding spaces ignored. A spreadsheet may save
the file with ``;`` or tab separators (the import accepts them). A cell that would start
with ``=``, ``+``, ``-`` or ``@`` is written with a leading ``'`` so a spreadsheet shows it
as text instead of running it as a formula; the import removes that ``'``.
"""

from __future__ import annotations

import csv
import hashlib
import io
from collections.abc import Iterable, Mapping
from pathlib import Path

ANSWER, CLAIM, MISSED, FACT = "answer", "claim", "missed", "fact"
ROW_TYPES = (ANSWER, CLAIM, MISSED, FACT)

SUPPORTED, CONTRADICTED, UNVERIFIABLE, NOT_A_CLAIM = "supported", "contradicted", "unverifiable", "not_a_claim"
REVIEWED = "reviewed"
CLAIM_LABELS = (SUPPORTED, CONTRADICTED, UNVERIFIABLE, NOT_A_CLAIM)  # human_label on a claim row
MISSED_LABELS = (SUPPORTED, CONTRADICTED, UNVERIFIABLE)  # a missed claim is a claim by definition
ANSWER_LABELS = (REVIEWED,)
STATED, NOT_STATED = "stated", "not_stated"
FACT_LABELS = (STATED, NOT_STATED)  # human_label on a fact row: does the answer state this oracle fact?

KEY_COLUMNS = ("model", "season", "id", "lang", "variant", "extractor")
COLUMNS = (
    "review_id", "row_type", "model", "season", "id", "decision_type", "lang", "variant", "extractor",
    "claim_index", "type", "slots", "span_text", "label", "human_label", "human_note",
    "reason", "matched_fact", "expected_facts", "answer_text", "context_text",
    "stratum_size", "stratum_sampled", "sample_seed",
)
HUMAN_COLUMNS = ("human_label", "human_note")
# Every column the import needs in the header (the rest may be deleted by the reviewer).
REQUIRED_COLUMNS = ("review_id", "row_type", *KEY_COLUMNS, "claim_index", "type", "slots", "span_text", "label",
                    "human_label", "human_note")

_FORMULA_START = ("=", "+", "-", "@")
ENCODING = "utf-8-sig"


def review_id(model: str, season: int, id_: str, lang: str, variant: str, extractor: str) -> str:
    """The answer's id in a review: stable across exports and seeds (a hash of its key)."""
    key = "\x1f".join([model, str(season), id_, lang, variant, extractor])
    return "rv-" + hashlib.sha1(key.encode("utf-8")).hexdigest()[:10]


def column_letter(index: int) -> str:
    """0 → A, 25 → Z, 26 → AA: the column as a spreadsheet shows it."""
    out = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        out = chr(65 + rem) + out
    return out


def _cell_out(value: object) -> str:
    if value is None:
        return ""
    text = str(value)
    return "'" + text if text.startswith(_FORMULA_START) else text


def cell_in(text: str | None) -> str:
    """A cell as read back: the ``'`` that kept a spreadsheet from reading a formula removed."""
    text = text or ""
    if text.startswith("'") and text[1:2] in _FORMULA_START:
        return text[1:]
    return text


def write_rows(rows: Iterable[Mapping[str, object]], path: str | Path) -> int:
    """Write the sheet (``COLUMNS`` in order; missing keys are empty cells); returns the row count."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    n = 0
    # newline="" lets the csv module write \r\n record ends and keep newlines inside quoted cells.
    with open(path, "w", encoding=ENCODING, newline="") as fh:
        w = csv.writer(fh, quoting=csv.QUOTE_MINIMAL)
        w.writerow(COLUMNS)
        for r in rows:
            w.writerow([_cell_out(r.get(c)) for c in COLUMNS])
            n += 1
    return n


class SheetRow(dict):
    """One data row read back: column → cell text ('' when empty), plus where it was."""

    row: int  # the spreadsheet's row number (the header is row 1)
    line: int  # the line of the file the row starts on (differs when a cell holds newlines)


class SheetFormatError(ValueError):
    """The file is not a readable review sheet at all (encoding, header); ``line`` 0 = the whole file."""

    def __init__(self, path: str | Path, line: int, message: str):
        self.path, self.line, self.message = str(path), line, message
        super().__init__(f"{path}{f', line {line}' if line else ''}: {message}")


def read_rows(path: str | Path) -> tuple[list[str], list[SheetRow]]:
    """(header, data rows) of a sheet; fully empty rows are skipped. Raises ``SheetFormatError``
    naming the file when it is not UTF-8 or its header lacks a required column."""
    path = Path(path)
    raw = path.read_bytes()
    try:
        text = raw.decode(ENCODING)
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise SheetFormatError(path, line, f"not UTF-8 (byte {exc.start}); save the sheet as 'CSV UTF-8' (Excel) "
                                           f"or with the Unicode (UTF-8) character set") from exc
    first = text.split("\n", 1)[0]
    delimiter = max((",", ";", "\t"), key=lambda d: sum(c in REQUIRED_COLUMNS for c in first.split(d)))
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        header = [h.strip() for h in next(reader)]
    except StopIteration:
        raise SheetFormatError(path, 0, "the file is empty") from None
    missing = [c for c in REQUIRED_COLUMNS if c not in header]
    if missing:
        raise SheetFormatError(path, 1, f"the header lacks column(s) {', '.join(missing)} "
                                        f"(a review sheet from `f1bench review export` has them)")
    rows: list[SheetRow] = []
    start_line = reader.line_num + 1
    for n, cells in enumerate(reader, start=2):
        if any(c.strip() for c in cells):
            row = SheetRow({h: cell_in(cells[i]) if i < len(cells) else "" for i, h in enumerate(header) if h})
            row.row, row.line = n, start_line
            rows.append(row)
        start_line = reader.line_num + 1
    return header, rows
