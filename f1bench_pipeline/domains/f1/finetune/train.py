"""The LoRA training loop: a plain torch loop over answer-only labels, resumable.

:func:`train` runs a :class:`~f1bench_pipeline.domains.f1.finetune.config.FinetuneConfig` on the
``finetune_export`` records and writes, under ``out_dir``:

* ``checkpoints/step-NNNNNN/`` every ``checkpoint_every`` steps and at the last step: the
  adapter (PEFT), the optimizer and RNG states and ``state.json`` (step, losses, the
  trajectory key). A checkpoint is written to a hidden folder and renamed into place, so a
  run killed while saving leaves the previous checkpoint whole.
* the adapter (``adapter_config.json``, ``adapter_model.safetensors``), ``train_log.jsonl``
  (loss, learning rate and tokens per step), ``loss.png`` and, last, ``f1bench_manifest.json``
  (:data:`~f1bench_pipeline.localmodel.weights.ADAPTER_MANIFEST`): base weights spec and
  sha256, data digest, config, git commit, steps, final loss, wall time, tokens/s.

**Resume.** Started again with the same settings, a run continues from its newest
checkpoint: the same records in the same order, the optimizer's moments, the dropout RNG.
``max_steps`` (or ``epochs``) may be raised to extend a finished run; the learning-rate
schedule then follows the new total. A checkpoint made with other trajectory settings
(:data:`~f1bench_pipeline.domains.f1.finetune.config.TRAJECTORY_FIELDS`, the base weights' digest or
the data's) is refused with the differing fields named; ``restart=True`` discards it. A run
whose manifest already records this key and step count is up to date and returns at once.

**Order of records.** Each epoch is a seeded permutation (``seed`` + epoch); step ``s``
reads positions ``s × batch × accumulation …`` of that stream, so a resumed run sees exactly
the records an uninterrupted one would have.

torch, transformers and peft are imported inside the functions.
"""

from __future__ import annotations

import json
import math
import os
import random
import shutil
import subprocess
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from f1bench_pipeline.domains.f1.finetune.config import TRAJECTORY_FIELDS, FinetuneConfig
from f1bench_pipeline.domains.f1.finetune.data import (
    Example,
    FinetuneDataError,
    export_path,
    read_records,
    records_digest,
    sample_examples,
    tokenize_records,
)
from f1bench_pipeline.localmodel.weights import (
    ADAPTER_MANIFEST,
    ResolvedWeights,
    WeightsError,
    cached_checkpoint,
    load_model,
    load_tokenizer,
    resolve_weights,
    save_checkpoint,
)
from f1bench_pipeline.settings import REPO_ROOT

CHECKPOINTS = "checkpoints"
TRAIN_LOG = "train_log.jsonl"
LOSS_PLOT = "loss.png"
_STATE = "state.json"
_TRAINER_STATE = "trainer_state.pt"
_ADAPTER_FILES = ("adapter_config.json", "adapter_model.safetensors", "README.md")


class FinetuneError(RuntimeError):
    """A run that cannot start or continue (a mismatched checkpoint, a diverged loss, a busy folder)."""


@dataclass
class TrainResult:
    adapter_dir: Path
    manifest_path: Path
    manifest: dict
    losses: list[float]      # per optimizer step, step 1 first (resumed steps included)
    resumed_from_step: int   # 0 = trained from scratch in this call
    steps_this_run: int      # optimizer steps taken by this call (0 when up to date)
    plot_path: Path | None

    @property
    def steps(self) -> int:
        return len(self.losses)


def train(cfg: FinetuneConfig, export_dir: str | Path, out_dir: str | Path, *, test_season: int,
          weights_cache: str | Path | None = None, log: Callable[[str], None] = lambda _m: None) -> TrainResult:
    """Train (or resume, or find up to date) the LoRA adapter of ``cfg`` into ``out_dir``.

    ``weights_cache`` is the folder of dequantized GGUF checkpoints the local server shares
    (``<data_dir>/models``, see ``weights.cached_checkpoint``): the base loads from there in a
    few seconds, and a GGUF loaded without one is saved there for the next run.

    Raises :class:`~f1bench_pipeline.localmodel.weights.WeightsError` (weights missing or not
    loadable), :class:`~f1bench_pipeline.domains.f1.finetune.data.FinetuneDataError` (export missing or
    empty, a test-season record: ``LeakageError``), :class:`FinetuneError` (anything else the
    user must decide about). Nothing in ``out_dir`` is touched before the inputs are checked.
    """
    t_call = time.perf_counter()
    out = Path(out_dir)
    w = resolve_weights(cfg.base_weights)  # a missing file fails here, before any heavy import
    records = read_records(export_dir, cfg.languages, test_season)
    cached = cached_checkpoint(w, weights_cache) if weights_cache else None
    tokenizer = load_tokenizer(cached or w)
    tokenized = tokenize_records(records, tokenizer, cfg.max_seq_len)
    if not tokenized.examples:
        raise FinetuneDataError(
            f"no record fits max_seq_len {cfg.max_seq_len}: {len(tokenized.too_long)} of {tokenized.n_records} "
            f"records are longer and {len(tokenized.empty_answer)} have no answer; raise max_seq_len")
    examples = sample_examples(tokenized.examples, cfg.max_records, cfg.seed)
    data = {
        "export_dir": str(export_dir), "files": [str(export_path(export_dir, la)) for la in cfg.languages],
        "languages": list(cfg.languages), "test_season": test_season, "records_read": tokenized.n_records,
        "records_too_long": len(tokenized.too_long), "records_empty_answer": len(tokenized.empty_answer),
        "records_used": len(examples), "tokens_per_epoch": sum(e.n_tokens for e in examples),
        "label_tokens_per_epoch": sum(e.n_label_tokens for e in examples),
    }
    key = {"base_sha256": w.sha256, "data_sha256": records_digest(e.record for e in examples), **cfg.trajectory()}
    total = cfg.total_steps(len(examples))
    log(f"{len(examples)} training records ({tokenized.n_records} read, {len(tokenized.too_long)} longer than "
        f"{cfg.max_seq_len} tokens left out); {total} steps of {cfg.records_per_step} record(s)")
    out.mkdir(parents=True, exist_ok=True)
    with _folder_lock(out):
        if cfg.restart:
            shutil.rmtree(out / CHECKPOINTS, ignore_errors=True)
        else:
            done = _up_to_date(out, key, total)
            if done is not None:
                log(f"{out} is up to date ({total} steps, same data and settings): nothing to train")
                return done
        ckpt = latest_checkpoint(out / CHECKPOINTS)
        state = _check_resumable(ckpt, key, total) if ckpt else None
        base = _load_base(w, cached, tokenizer, weights_cache, log)
        return _run(cfg, w, base, tokenizer, examples, data, key, total, out, ckpt, state, t_call, log)


def _load_base(w: ResolvedWeights, cached: ResolvedWeights | None, tokenizer: Any,
               weights_cache: str | Path | None, log: Callable[[str], None]) -> tuple[Any, float]:
    """The base model (from the checkpoint cache when there is one, else saved there) and its load time."""
    t0 = time.perf_counter()
    model = load_model(cached or w, trainable=True)
    if weights_cache and cached is None and w.source == "gguf":
        try:
            save_checkpoint(w, model, tokenizer, weights_cache)
        except OSError as exc:  # a full or read-only disk: train anyway, just without the cache
            log(f"checkpoint cache not written to {weights_cache}: {exc}")
    return model, time.perf_counter() - t0


def _run(cfg: FinetuneConfig, w: ResolvedWeights, base: tuple[Any, float], tokenizer: Any, examples: list[Example],
         data: dict, key: dict, total: int, out: Path, ckpt: Path | None, state: dict | None, t_call: float,
         log: Callable[[str], None]) -> TrainResult:
    import torch

    device = _device(cfg.device)
    threads_before = torch.get_num_threads()
    torch.set_num_threads(cfg.threads or _idle_cores(threads_before))
    try:
        return _loop(cfg, w, base, tokenizer, examples, data, key, total, out, ckpt, state, t_call, device, log)
    finally:
        torch.set_num_threads(threads_before)  # a process-wide setting: leave it as it was


def _loop(cfg: FinetuneConfig, w: ResolvedWeights, base: tuple[Any, float], tokenizer: Any, examples: list[Example],
          data: dict, key: dict, total: int, out: Path, ckpt: Path | None, state: dict | None, t_call: float,
          device: str, log: Callable[[str], None]) -> TrainResult:
    import torch

    t_load = time.perf_counter()
    model = _peft_model(cfg, w, base[0], device)
    params = [p for p in model.parameters() if p.requires_grad]
    optimizer = torch.optim.AdamW(params, lr=cfg.learning_rate, weight_decay=cfg.weight_decay)
    history: list[dict] = []
    start, train_s_before = 0, 0.0
    if ckpt is not None and state is not None:
        _restore(model, optimizer, ckpt, device)
        history, start, train_s_before = state["history"], state["step"], state["train_seconds"]
        log(f"resuming from {ckpt.name} (step {start} of {total})")
    load_s = base[1] + time.perf_counter() - t_load
    pad_id = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else tokenizer.eos_token_id
    order = _Order(len(examples), cfg.seed)
    every = 1 if total <= 200 else max(1, total // 100)
    model.train()
    t_train = time.perf_counter()
    tokens_run = 0
    for step in range(start, total):
        lr = lr_at(step, total, cfg)
        for group in optimizer.param_groups:
            group["lr"] = lr
        micro_losses, n_tokens = [], 0
        for a in range(cfg.gradient_accumulation):
            first = (step * cfg.gradient_accumulation + a) * cfg.batch_size
            batch = [examples[order[k]] for k in range(first, first + cfg.batch_size)]
            inputs = _collate(batch, pad_id, device)
            loss = model(**inputs).loss
            if not torch.isfinite(loss):
                raise FinetuneError(f"step {step + 1}: loss is {loss.item()} on {[e.record.id for e in batch]} "
                                    f"(lower learning_rate {cfg.learning_rate}?)")
            (loss / cfg.gradient_accumulation).backward()
            micro_losses.append(loss.item())
            n_tokens += sum(e.n_tokens for e in batch)
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        tokens_run += n_tokens
        elapsed = train_s_before + time.perf_counter() - t_train
        history.append({"step": step + 1, "loss": sum(micro_losses) / len(micro_losses), "lr": lr,
                        "tokens": n_tokens, "seconds": round(elapsed, 3)})
        if (step + 1) % every == 0 or step + 1 == total:
            log(f"step {step + 1}/{total}: loss {history[-1]['loss']:.4f}, lr {lr:.2e}, "
                f"{(time.perf_counter() - t_train) / (step + 1 - start):.2f} s/step")
        if (step + 1) % cfg.checkpoint_every == 0 or step + 1 == total:
            _save_checkpoint(model, optimizer, out / CHECKPOINTS, step + 1, key, history, elapsed, cfg.keep_checkpoints)
    train_s_run = time.perf_counter() - t_train
    timing = {"load_seconds": round(load_s, 2), "train_seconds_this_run": round(train_s_run, 2),
              "tokens_this_run": tokens_run, "wall_time_s": None}
    return _finish(cfg, w, model, out, key, data, history, start, timing, t_call, device, log)


def _finish(cfg: FinetuneConfig, w: ResolvedWeights, model: Any, out: Path, key: dict, data: dict,
            history: list[dict], start: int, timing: dict, t_call: float, device: str,
            log: Callable[[str], None]) -> TrainResult:
    """Write the adapter, the step log, the loss plot and, last, the manifest."""
    from f1bench_pipeline.plots import loss_curve_png

    losses = [h["loss"] for h in history]
    manifest_path = out / ADAPTER_MANIFEST
    manifest_path.unlink(missing_ok=True)  # the manifest is written last: present = complete
    tmp = out / ".adapter.tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    model.save_pretrained(str(tmp), save_embedding_layers=False)
    for name in _ADAPTER_FILES:
        if (tmp / name).is_file():
            os.replace(tmp / name, out / name)
    shutil.rmtree(tmp, ignore_errors=True)
    _write_text(out / TRAIN_LOG, "".join(json.dumps(h) + "\n" for h in history))
    png = loss_curve_png(losses, title=f"{cfg.adapter_name}: training loss")
    plot = out / LOSS_PLOT
    if png:
        plot.write_bytes(png)
    train_s = history[-1]["seconds"] if history else 0.0
    tokens = sum(h["tokens"] for h in history)
    tail = losses[-10:]
    timing["wall_time_s"] = round(time.perf_counter() - t_call, 2)
    manifest = {
        "format": 1,
        "name": cfg.adapter_name,
        "base_weights": w.spec,
        "base_sha256": w.sha256,
        "base_source": w.source,
        "data_sha256": key["data_sha256"],
        "data": data,
        "config": cfg.model_dump(mode="json"),
        "resume_key": key,
        "git": _git_state(),
        "steps": len(history),
        "resumed_from_step": start,
        "steps_this_run": len(history) - start,
        "first_loss": losses[0] if losses else None,
        "final_loss": losses[-1] if losses else None,
        "final_loss_mean_last10": sum(tail) / len(tail) if tail else None,
        "train_seconds": round(train_s, 2),
        "seconds_per_step": round(train_s / len(history), 3) if history else None,
        "tokens": tokens,
        "tokens_per_s": round(tokens / train_s, 1) if train_s else None,
        **timing,
        "device": device,
        "threads": _torch_threads(),
        "versions": _versions(),
        "created_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    _write_text(manifest_path, json.dumps(manifest, indent=1, ensure_ascii=False) + "\n")
    log(f"adapter written to {out} ({len(history)} steps, final loss {manifest['final_loss']:.4f}, "
        f"{timing['wall_time_s']:.0f} s)")
    return TrainResult(out, manifest_path, manifest, losses, start, len(history) - start, plot if png else None)


def lr_at(step: int, total: int, cfg: FinetuneConfig) -> float:
    """Learning rate of 0-based optimizer step ``step`` of ``total``: linear warmup, then the schedule."""
    if cfg.warmup_steps and step < cfg.warmup_steps:
        return cfg.learning_rate * (step + 1) / cfg.warmup_steps
    if cfg.lr_scheduler == "constant":
        return cfg.learning_rate
    progress = (step - cfg.warmup_steps) / max(1, total - cfg.warmup_steps)
    if cfg.lr_scheduler == "linear":
        return cfg.learning_rate * (1.0 - progress)
    return cfg.learning_rate * 0.5 * (1.0 + math.cos(math.pi * progress))


class _Order:
    """Position ``k`` of the record stream → record index: epoch ``k // n`` is a seeded permutation."""

    def __init__(self, n: int, seed: int) -> None:
        self.n, self.seed = n, seed
        self._perms: dict[int, list[int]] = {}

    def __getitem__(self, k: int) -> int:
        epoch = k // self.n
        if epoch not in self._perms:
            perm = list(range(self.n))
            random.Random(self.seed * 1_000_003 + epoch).shuffle(perm)
            self._perms = {epoch: perm}  # only the current epoch is needed
        return self._perms[epoch][k % self.n]


def _collate(batch: Sequence[Example], pad_id: int, device: str) -> dict:
    """Right-padded tensors; padding is masked out of attention and of the labels."""
    import torch

    width = max(e.n_tokens for e in batch)
    ids, labels, mask = [], [], []
    for e in batch:
        pad = width - e.n_tokens
        ids.append(e.input_ids + [pad_id] * pad)
        labels.append(e.labels + [-100] * pad)
        mask.append([1] * e.n_tokens + [0] * pad)
    return {"input_ids": torch.tensor(ids, device=device), "labels": torch.tensor(labels, device=device),
            "attention_mask": torch.tensor(mask, device=device)}


def _device(spec: str) -> str:
    import torch

    if spec == "auto":
        return "cuda" if torch.cuda.is_available() else "cpu"
    if spec.startswith("cuda") and not torch.cuda.is_available():
        raise FinetuneError(f"device {spec!r}: torch sees no CUDA device here (use device 'cpu' or 'auto')")
    return spec


def _peft_model(cfg: FinetuneConfig, w: ResolvedWeights, base: Any, device: str) -> Any:
    import torch

    try:
        from peft import LoraConfig, get_peft_model
    except ImportError as exc:
        raise WeightsError(f"fine-tuning needs peft: pip install -e '.[finetune]' ({exc})") from exc
    base.config.use_cache = False  # no KV cache while training (memory; it is unused)
    torch.manual_seed(cfg.seed)  # the LoRA A matrices' initialisation
    lora = LoraConfig(r=cfg.lora_r, lora_alpha=cfg.lora_alpha, lora_dropout=cfg.lora_dropout,
                      target_modules=list(cfg.target_modules), bias="none", task_type="CAUSAL_LM")
    try:
        model = get_peft_model(base, lora)
    except ValueError as exc:  # e.g. target modules the architecture does not have
        raise FinetuneError(f"LoRA on {w.spec!r}: {exc}") from exc
    return model.to(device)


def latest_checkpoint(folder: Path) -> Path | None:
    """The newest complete checkpoint (``step-NNNNNN`` with its state file), or None."""
    if not folder.is_dir():
        return None
    done = [p for p in folder.iterdir() if p.is_dir() and p.name.startswith("step-") and (p / _STATE).is_file()]
    return max(done, key=lambda p: int(p.name.split("-", 1)[1]), default=None)


def _check_resumable(ckpt: Path, key: dict, total: int) -> dict:
    state = json.loads((ckpt / _STATE).read_text(encoding="utf-8"))
    theirs = state.get("key", {})
    diff = sorted(k for k in set(key) | set(theirs) if key.get(k) != theirs.get(k))
    if diff:
        shown = ", ".join(f"{k}: checkpoint {_short(theirs.get(k))} ≠ now {_short(key.get(k))}" for k in diff)
        raise FinetuneError(f"checkpoint {ckpt} was made with other settings ({shown}); rerun with restart=true "
                            "to discard it, or give this run another name")
    if state["step"] > total:
        raise FinetuneError(f"checkpoint {ckpt} is at step {state['step']}, past this run's {total} steps: "
                            "raise max_steps, or restart=true")
    return state


def _short(v: object) -> str:
    s = json.dumps(v) if not isinstance(v, str) else v
    return s[:12] + "…" if len(s) == 64 else s  # digests shortened


def _up_to_date(out: Path, key: dict, total: int) -> TrainResult | None:
    path = out / ADAPTER_MANIFEST
    if not path.is_file() or not (out / "adapter_model.safetensors").is_file():
        return None
    manifest = json.loads(path.read_text(encoding="utf-8"))
    if manifest.get("resume_key") != key or manifest.get("steps") != total:
        return None
    log_path = out / TRAIN_LOG
    losses = ([json.loads(line)["loss"] for line in log_path.read_text(encoding="utf-8").splitlines() if line]
              if log_path.is_file() else [])
    plot = out / LOSS_PLOT
    return TrainResult(out, path, manifest, losses, total, 0, plot if plot.is_file() else None)


def _save_checkpoint(model: Any, optimizer: Any, folder: Path, step: int, key: dict, history: list[dict],
                     train_seconds: float, keep: int) -> Path:
    import torch

    final = folder / f"step-{step:06d}"
    tmp = folder / f".step-{step:06d}.tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    model.save_pretrained(str(tmp), save_embedding_layers=False)
    rng: dict[str, Any] = {"torch": torch.get_rng_state()}
    if torch.cuda.is_available():
        rng["cuda"] = torch.cuda.get_rng_state_all()
    torch.save({"optimizer": optimizer.state_dict(), "rng": rng}, tmp / _TRAINER_STATE)
    _write_text(tmp / _STATE, json.dumps({"step": step, "key": key, "train_seconds": train_seconds,
                                          "history": history}) + "\n")
    shutil.rmtree(final, ignore_errors=True)  # a stale folder of a discarded run
    os.replace(tmp, final)
    for old in sorted((p for p in folder.iterdir() if p.is_dir() and p.name.startswith("step-")),
                      key=lambda p: int(p.name.split("-", 1)[1]))[:-keep]:
        shutil.rmtree(old, ignore_errors=True)
    return final


def _restore(model: Any, optimizer: Any, ckpt: Path, device: str) -> None:
    import torch
    from peft import set_peft_model_state_dict
    from safetensors.torch import load_file

    result = set_peft_model_state_dict(model, load_file(str(ckpt / "adapter_model.safetensors"), device=device))
    unexpected = getattr(result, "unexpected_keys", None)
    if unexpected:
        raise FinetuneError(f"checkpoint {ckpt}: adapter weights the model does not have ({unexpected[:3]}…)")
    saved = torch.load(ckpt / _TRAINER_STATE, map_location=device, weights_only=False)
    optimizer.load_state_dict(saved["optimizer"])
    torch.set_rng_state(saved["rng"]["torch"].cpu())
    if "cuda" in saved["rng"] and torch.cuda.is_available():
        torch.cuda.set_rng_state_all(saved["rng"]["cuda"])


@contextmanager
def _folder_lock(out: Path) -> Iterator[None]:
    """One training run per adapter folder at a time (the OS drops the lock when a process dies)."""
    try:
        import fcntl
    except ImportError:  # not POSIX: no lock
        yield
        return
    with open(out / ".lock", "a+") as fh:
        try:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise FinetuneError(f"another run is training into {out} right now") from None
        try:
            yield
        finally:
            fcntl.flock(fh.fileno(), fcntl.LOCK_UN)


def _write_text(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def _git_state() -> dict:
    """The repository's commit and whether tracked files differ from it (None outside a checkout)."""
    def git(*args: str) -> str | None:
        try:
            done = subprocess.run(["git", "-C", str(REPO_ROOT), *args], capture_output=True, text=True, timeout=10)
        except (OSError, subprocess.SubprocessError):
            return None
        return done.stdout.strip() if done.returncode == 0 else None

    commit = git("rev-parse", "HEAD")
    status = git("status", "--porcelain", "--untracked-files=no") if commit else None
    return {"commit": commit, "dirty": bool(status) if status is not None else None}


def _idle_cores(default: int) -> int:
    """Cores not busy with other work when the run starts: oversubscribed torch threads wait on
    each other at every operation, so one thread per idle core is much faster than one per core."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    try:
        busy = os.getloadavg()[0]
    except (OSError, AttributeError):  # not available on this platform
        busy = 0.0
    return max(1, min(default, cores - int(busy + 0.5)))


def _torch_threads() -> int:
    import torch

    return torch.get_num_threads()


def _versions() -> dict:
    from importlib.metadata import PackageNotFoundError, version

    out: dict[str, str | None] = {}
    for dist in ("torch", "transformers", "peft", "gguf"):
        try:
            out[dist] = version(dist)
        except PackageNotFoundError:
            out[dist] = None
    return out


__all__ = ["TRAJECTORY_FIELDS", "FinetuneError", "TrainResult", "latest_checkpoint", "lr_at", "train"]
