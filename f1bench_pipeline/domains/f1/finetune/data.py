"""The fine-tuning data: ``finetune_export`` chat records → tokenized training examples.

* :func:`read_records` reads ``train_<lang>.jsonl`` and refuses (raises
  :class:`LeakageError`) any record of the test season or of a split other than ``train``:
  a test instance must never reach training, so a broken export stops the run instead of
  being filtered quietly. Instance ids start with their season (``2025_Abu_Dhabi_Grand_Prix::…``).
* :func:`tokenize_records` applies the tokenizer's chat template; the labels are the
  assistant answer only (the prompt is ``-100``). A record longer than ``max_seq_len`` is
  left out and counted, never cut: a cut answer has no end-of-turn token (or no label at
  all, and a NaN loss).
* :func:`sample_examples` applies ``max_records`` (seeded); :func:`records_digest` is the
  data digest recorded in the adapter's manifest.

No torch import: the tokenizer is passed in (anything with ``apply_chat_template`` and
``__call__`` returning ``input_ids``).
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

IGNORE_INDEX = -100  # the label torch's cross-entropy skips: prompt tokens are not trained on
_SEASON = re.compile(r"^(\d{4})_")


class FinetuneDataError(ValueError):
    """The export cannot be trained on (missing, malformed, empty); the message names the file."""


class LeakageError(FinetuneDataError):
    """A record of the test season (or not of the train split) is in the training data."""


@dataclass(frozen=True)
class ChatRecord:
    id: str
    lang: str
    messages: tuple[dict[str, str], ...]
    source: str  # "<file>:<line>", for error messages


@dataclass(frozen=True)
class Example:
    record: ChatRecord
    input_ids: list[int]
    labels: list[int]  # IGNORE_INDEX on the prompt, the token ids on the answer

    @property
    def n_tokens(self) -> int:
        return len(self.input_ids)

    @property
    def n_label_tokens(self) -> int:
        return sum(1 for t in self.labels if t != IGNORE_INDEX)


@dataclass
class TokenizedSet:
    examples: list[Example]
    n_records: int
    max_seq_len: int
    too_long: list[str] = field(default_factory=list)      # "<lang>:<id>" left out: longer than max_seq_len
    empty_answer: list[str] = field(default_factory=list)  # "<lang>:<id>" left out: no answer token


def export_path(export_dir: str | Path, lang: str) -> Path:
    return Path(export_dir) / f"train_{lang}.jsonl"


def season_of(instance_id: str) -> int:
    """The season an instance id starts with (``2024_Italian_Grand_Prix::stint::LEC`` → 2024)."""
    m = _SEASON.match(instance_id or "")
    if not m:
        raise FinetuneDataError(f"instance id {instance_id!r} does not start with its season (YYYY_…)")
    return int(m.group(1))


def read_records(export_dir: str | Path, languages: Sequence[str], test_season: int) -> list[ChatRecord]:
    """Every record of ``train_<lang>.jsonl`` for ``languages``, in file order.

    Raises :class:`LeakageError` for a record of ``test_season`` or with a ``split`` other than
    ``train``; :class:`FinetuneDataError` for a missing file, a malformed line, or no record at all.
    """
    out: list[ChatRecord] = []
    files = [export_path(export_dir, lang) for lang in languages]
    for lang, path in zip(languages, files):
        if not path.is_file():
            raise FinetuneDataError(f"{path} does not exist: materialize the `finetune_export` asset first "
                                    f"(it writes train_<lang>.jsonl for en, es and pt)")
        with open(path, encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                if line.strip():
                    out.append(_parse(line, lang, f"{path}:{n}", test_season))
    if not out:
        raise FinetuneDataError(f"no training records for languages {list(languages)} in "
                                f"{', '.join(str(f) for f in files)}: the train split is empty (are seasons "
                                f"other than the test season {test_season} built?)")
    return out


def _parse(line: str, lang: str, where: str, test_season: int) -> ChatRecord:
    try:
        rec = json.loads(line)
    except json.JSONDecodeError as exc:
        raise FinetuneDataError(f"{where}: not JSON ({exc.msg})") from None
    if not isinstance(rec, dict) or not isinstance(rec.get("id"), str) or not isinstance(rec.get("messages"), list):
        raise FinetuneDataError(f"{where}: expected an object with 'id' and 'messages'")
    rid = rec["id"]
    try:
        season = season_of(rid)
    except FinetuneDataError as exc:
        raise FinetuneDataError(f"{where}: {exc}") from None
    if season == test_season:
        raise LeakageError(f"{where}: {rid} is an instance of the test season {test_season}; the fine-tuning "
                           f"data must hold the train split only (rebuild `finetune_export`)")
    if rec.get("split", "train") != "train":
        raise LeakageError(f"{where}: {rid} is in split {rec['split']!r}, not 'train'")
    msgs = rec["messages"]
    if (len(msgs) < 2 or not all(isinstance(m, dict) and isinstance(m.get("content"), str) for m in msgs)
            or msgs[-1].get("role") != "assistant" or msgs[-2].get("role") != "user"):
        raise FinetuneDataError(f"{where}: messages must end with a user turn and then the assistant answer")
    return ChatRecord(rid, lang, tuple({"role": m["role"], "content": m["content"]} for m in msgs), where)


def tokenize_records(records: Iterable[ChatRecord], tokenizer: Any, max_seq_len: int) -> TokenizedSet:
    """Chat-template token ids with answer-only labels; records over ``max_seq_len`` are left out.

    The prompt is tokenized as generation sees it (the template with ``add_generation_prompt``)
    and the answer (with its end-of-turn token) separately after it, so training and inference
    share the prompt's tokens exactly.
    """
    records = list(records)
    out = TokenizedSet([], len(records), max_seq_len)
    for rec in records:
        msgs = [dict(m) for m in rec.messages]
        prompt_text = tokenizer.apply_chat_template(msgs[:-1], tokenize=False, add_generation_prompt=True)
        full_text = tokenizer.apply_chat_template(msgs, tokenize=False)
        if not full_text.startswith(prompt_text):
            raise FinetuneDataError(f"{rec.source}: the tokenizer's chat template does not render the prompt "
                                    "as a prefix of the conversation; cannot tell the answer's tokens apart")
        prompt_ids = list(tokenizer(prompt_text, add_special_tokens=False)["input_ids"])
        answer_ids = list(tokenizer(full_text[len(prompt_text):], add_special_tokens=False)["input_ids"])
        key = f"{rec.lang}:{rec.id}"
        if not rec.messages[-1]["content"].strip() or not answer_ids:
            out.empty_answer.append(key)
        elif len(prompt_ids) + len(answer_ids) > max_seq_len:
            out.too_long.append(key)
        else:
            out.examples.append(Example(rec, prompt_ids + answer_ids,
                                        [IGNORE_INDEX] * len(prompt_ids) + answer_ids))
    return out


def sample_examples(examples: Sequence[Example], max_records: int | None, seed: int) -> list[Example]:
    """At most ``max_records`` examples, a seeded sample kept in the input order (all when None)."""
    if max_records is None or max_records >= len(examples):
        return list(examples)
    keep = set(random.Random(seed).sample(range(len(examples)), max_records))
    return [e for i, e in enumerate(examples) if i in keep]


def records_digest(records: Iterable[ChatRecord]) -> str:
    """sha256 of the records (language, id, messages), independent of their order."""
    h = hashlib.sha256()
    for line in sorted(json.dumps([r.lang, r.id, list(r.messages)], ensure_ascii=False, sort_keys=True)
                       for r in records):
        h.update(line.encode("utf-8"))
        h.update(b"\n")
    return h.hexdigest()
