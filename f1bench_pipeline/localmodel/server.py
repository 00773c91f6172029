"""A local open model behind an OpenAI-compatible HTTP server, and the context manager that
runs it as a subprocess for the generation engine.

The server (``python -m f1bench_pipeline.localmodel.server --weights SPEC``, or
``f1bench serve-model``) speaks the part of the OpenAI protocol litellm uses for
``openai/<name>`` with an ``api_base`` — the same shape as a vLLM, Ollama or LM Studio
endpoint, so one ``systems.yaml`` entry shape serves all of them:

* ``GET /health`` — 200 ``{"status": "ok"}`` once the model is loaded, 503 while loading.
* ``GET /v1/models`` — the one model served, under its ``--name``.
* ``POST /v1/chat/completions`` — non-streaming. The messages go through the tokenizer's
  chat template; ``temperature`` 0 or absent is greedy decoding, a positive one samples
  (with ``top_p``), seeded by ``seed`` when given. ``max_completion_tokens`` or
  ``max_tokens`` bound the new tokens (default 512, and never past the model's context).
  ``stop`` strings cut the text; ``min_tokens`` (vLLM's extension) holds off the end of turn,
  for benchmarks that need a fixed length. The answer carries ``finish_reason`` ``"length"`` when the
  budget ran out before the model ended, else ``"stop"``, and ``usage`` (prompt,
  completion — counting the end-of-turn token — and total tokens). A prompt longer than the
  context is a 400 worded like OpenAI's, so litellm reports a context-window error.
* ``GET /stats`` — requests, completions, tokens and generation seconds since start.

One generation runs at a time (a lock: a CPU has nothing to gain from two); other requests
wait their turn, and ``/health`` answers meanwhile. The model is loaded after the port is
bound, so the first stdout line (the base URL, ``http://HOST:PORT/v1``) comes at once and
``/health`` says when it is ready. A GGUF is loaded once from the file and then kept as a
safetensors checkpoint under ``--models-dir`` (default ``<data_dir>/models``), which loads
in seconds (``weights.cached_checkpoint``).

:func:`local_server` starts the server as a subprocess — the pipeline process never imports
torch — waits for ``/health`` and yields its base URL; it stops it (SIGTERM, then SIGKILL)
when the block ends, also on error. Failing to start raises :class:`LocalServerError` with
the tail of the server's stderr (a missing weights file, torch not installed, ...). The
server also exits when its parent does (it watches the pipe on its stdin), so a killed run
leaves no model in memory.

torch and transformers are imported when the model loads, never at import of this module.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING, Any

from f1bench_pipeline.localmodel.weights import (
    FINETUNE_EXTRA,
    ResolvedWeights,
    WeightsError,
    adapter_sha256,
    check_adapter,
    resolve_weights,
)

if TYPE_CHECKING:
    from f1bench_pipeline.generation.registry import LocalModel

# Part of every local call's cache key: bump it when a change here changes what a request
# answers (prompt construction, decoding, token accounting), so old answers are not reused.
SERVER_VERSION = 1
DEFAULT_MAX_TOKENS = 512
STDERR_TAIL_CHARS = 3000


class RequestError(Exception):
    """A request the server refuses (HTTP status and an OpenAI-style error body)."""

    def __init__(self, status: int, message: str, kind: str = "invalid_request_error", code: str | None = None):
        super().__init__(message)
        self.status, self.message, self.kind, self.code = status, message, kind, code

    def body(self) -> dict[str, Any]:
        return {"error": {"message": self.message, "type": self.kind, "param": None, "code": self.code}}


class LocalServerError(RuntimeError):
    """The local model server did not start (the message carries its stderr tail)."""


def cache_identity(local: LocalModel) -> dict[str, Any]:
    """What, besides model string, parameters and messages, decides a local system's answer:
    the weights' and the adapter's content digests and the server's version — never the port
    or the path. Raises :class:`WeightsError` (naming the spec) when the weights are missing
    or the adapter was trained on other weights."""
    w = resolve_weights(_abs_spec(local.weights))
    adapter = _abs_adapter(local.adapter)
    if adapter is not None:
        check_adapter(Path(adapter), w)
    return {"weights_sha256": w.sha256, "adapter_sha256": adapter_sha256(adapter), "server": SERVER_VERSION}


def _abs_spec(spec: str) -> str:
    """A path spec made absolute (the server may run in another folder); other specs as given."""
    if spec.startswith(("pkg:", "hf:")):
        return spec
    return str(Path(spec).expanduser().resolve())


def _abs_adapter(adapter: str | None) -> str | None:
    return str(Path(adapter).expanduser().resolve()) if adapter else None


def _text(content: Any) -> str:
    """Message content as text (OpenAI content parts joined)."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(str(p.get("text", "")) if isinstance(p, dict) else str(p) for p in content)
    return str(content)


def _positive_int(body: dict, *keys: str) -> int | None:
    for key in keys:
        value = body.get(key)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise RequestError(400, f"'{key}' must be a positive integer, not {value!r}")
        return value
    return None


class ChatModel:
    """One causal LM in memory; generations run one at a time (``self.lock``)."""

    def __init__(self, weights: str, adapter: str | None = None, name: str | None = None,
                 threads: int | None = None, models_dir: Path | None = None):
        self.weights = resolve_weights(_abs_spec(weights))
        self.adapter = _abs_adapter(adapter)
        if self.adapter is not None:
            check_adapter(Path(self.adapter), self.weights)  # before any heavy import: a clear, fast error
        self.name = name or (self.weights.label + ("+lora" if self.adapter else ""))
        self.threads = threads
        self.models_dir = models_dir
        self.model: Any = None
        self.tokenizer: Any = None
        self.context: int | None = None
        self.eos_ids: set[int] = set()
        self.ready = threading.Event()
        self.lock = threading.Lock()
        self.load_info: dict[str, Any] = {}
        self._stats_lock = threading.Lock()
        self.stats: dict[str, Any] = {"requests": 0, "completions": 0, "prompt_tokens": 0,
                                      "completion_tokens": 0, "generation_s": 0.0}

    # --- loading ---
    def load(self) -> dict[str, Any]:
        """Load tokenizer and model (from the checkpoint cache when there is one); returns
        ``{"seconds", "source", ...}``."""
        t0 = time.perf_counter()
        try:
            import torch
        except ImportError as exc:
            raise WeightsError(f"local models need torch and transformers: {FINETUNE_EXTRA} ({exc})") from exc
        from f1bench_pipeline.localmodel.weights import (
            cached_checkpoint,
            load_model,
            load_tokenizer,
            save_checkpoint,
        )

        if self.threads:
            torch.set_num_threads(self.threads)
        w: ResolvedWeights = self.weights
        source = w.source
        cached = cached_checkpoint(w, self.models_dir) if self.models_dir else None
        if cached is not None:
            w, source = cached, "checkpoint cache"
        tokenizer = load_tokenizer(w)
        saved_to = None
        if self.models_dir and cached is None and w.source == "gguf":
            model = load_model(w)  # the base alone, to be saved before an adapter wraps it
            t_save = time.perf_counter()
            try:
                saved = save_checkpoint(w, model, tokenizer, self.models_dir)
                saved_to = saved.folder
            except OSError as exc:  # a full or read-only disk: serve anyway, just without the cache
                print(f"f1bench local server: checkpoint cache not written: {exc}", file=sys.stderr, flush=True)
            self.load_info["save_s"] = round(time.perf_counter() - t_save, 2)
            if self.adapter is not None:
                model = _with_adapter(model, self.adapter)
        else:
            model = load_model(w, self.adapter)
        model.eval()
        self.model, self.tokenizer = model, tokenizer
        cfg = getattr(model, "config", None)
        self.context = getattr(cfg, "max_position_embeddings", None)
        eos = getattr(getattr(model, "generation_config", None), "eos_token_id", None)
        self.eos_ids = {int(e) for e in (eos if isinstance(eos, list) else [eos]) if e is not None}
        if tokenizer.eos_token_id is not None:
            self.eos_ids.add(int(tokenizer.eos_token_id))
        self.load_info.update({"seconds": round(time.perf_counter() - t0, 2), "source": source,
                               "weights": self.weights.spec, "sha256": self.weights.sha256,
                               "adapter": self.adapter, "threads": torch.get_num_threads(),
                               "checkpoint_saved_to": saved_to})
        self.ready.set()
        return self.load_info

    # --- one request ---
    def prompt_ids(self, messages: list[dict[str, Any]]) -> list[int]:
        convo = [{"role": str(m.get("role") or "user"), "content": _text(m.get("content"))} for m in messages]
        tok = self.tokenizer
        if getattr(tok, "chat_template", None):
            text = tok.apply_chat_template(convo, tokenize=False, add_generation_prompt=True)
        else:  # a base checkpoint without a template: a plain transcript ending on the assistant's turn
            text = "".join(f"{m['role']}: {m['content']}\n" for m in convo) + "assistant:"
        # The template already holds the special tokens (BOS, turn markers): add none.
        return list(tok(text, add_special_tokens=False)["input_ids"])

    def complete(self, body: dict[str, Any]) -> dict[str, Any]:
        """Answer one chat-completions request body (raises :class:`RequestError`)."""
        if not self.ready.is_set():
            raise RequestError(503, "the model is still loading", kind="server_error")
        messages = body.get("messages")
        if not isinstance(messages, list) or not messages or not all(isinstance(m, dict) for m in messages):
            raise RequestError(400, "'messages' must be a non-empty list of messages")
        if body.get("stream"):
            raise RequestError(400, "streaming is not supported by the f1bench local server; send stream=false")
        if (body.get("n") or 1) != 1:
            raise RequestError(400, "only n=1 is supported")
        budget = _positive_int(body, "max_completion_tokens", "max_tokens") or DEFAULT_MAX_TOKENS
        min_tokens = _positive_int(body, "min_tokens") or 0
        temperature = body.get("temperature")
        try:
            temperature = float(temperature) if temperature is not None else 0.0
            top_p = float(body["top_p"]) if body.get("top_p") is not None else None
        except (TypeError, ValueError):
            raise RequestError(400, "'temperature' and 'top_p' must be numbers") from None
        if temperature < 0:
            raise RequestError(400, "'temperature' must be >= 0")
        seed = body.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise RequestError(400, "'seed' must be an integer")
        stop = body.get("stop")
        stops = [stop] if isinstance(stop, str) else [s for s in (stop or []) if isinstance(s, str) and s]

        ids = self.prompt_ids(messages)
        if self.context and len(ids) >= self.context:
            raise RequestError(400, f"This model's maximum context length is {self.context} tokens. However, your "
                                    f"messages resulted in {len(ids)} tokens.", code="context_length_exceeded")
        max_new = min(budget, self.context - len(ids)) if self.context else budget
        new_ids, seconds = self._generate(ids, max_new, min(min_tokens, max_new), temperature, top_p, seed)
        ended = bool(new_ids) and new_ids[-1] in self.eos_ids
        finish = "stop" if ended or len(new_ids) < max_new else "length"
        text = self.tokenizer.decode(new_ids, skip_special_tokens=True)
        for s in stops:
            cut = text.find(s)
            if cut >= 0:
                text, finish = text[:cut], "stop"
        with self._stats_lock:
            st = self.stats
            st["completions"] += 1
            st["prompt_tokens"] += len(ids)
            st["completion_tokens"] += len(new_ids)
            st["generation_s"] = round(st["generation_s"] + seconds, 3)
        return {
            "id": f"chatcmpl-{uuid.uuid4().hex[:24]}", "object": "chat.completion", "created": int(time.time()),
            "model": self.name, "system_fingerprint": f"f1bench-local-{self.weights.sha256[:12]}",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text},
                         "finish_reason": finish, "logprobs": None}],
            "usage": {"prompt_tokens": len(ids), "completion_tokens": len(new_ids),
                      "total_tokens": len(ids) + len(new_ids)},
        }

    def _generate(self, ids: list[int], max_new: int, min_new: int, temperature: float, top_p: float | None,
                  seed: int | None) -> tuple[list[int], float]:
        import torch
        from transformers import GenerationConfig

        sample = temperature > 0
        # A fresh config: the checkpoint's own generation defaults (a temperature, a top_k)
        # must not turn greedy decoding into sampling behind the caller's back.
        cfg = GenerationConfig(max_new_tokens=max_new, min_new_tokens=min_new or None, do_sample=sample,
                               temperature=temperature if sample else None,
                               top_p=top_p if sample else None, top_k=None,
                               eos_token_id=sorted(self.eos_ids) or None,
                               pad_token_id=self.tokenizer.pad_token_id)
        input_ids = torch.tensor([ids], dtype=torch.long)
        with self.lock:
            t0 = time.perf_counter()
            if sample and seed is not None:
                torch.manual_seed(seed)  # under the lock: the global generator is this request's alone
            with torch.inference_mode():
                out = self.model.generate(input_ids=input_ids, attention_mask=torch.ones_like(input_ids),
                                          generation_config=cfg)
            seconds = time.perf_counter() - t0
        # One sequence, no padding: the new tokens end at the end-of-turn token (kept: it was generated).
        return out[0, len(ids):].tolist(), seconds


def _with_adapter(model: Any, adapter: str) -> Any:
    from peft import PeftModel

    return PeftModel.from_pretrained(model, adapter, is_trainable=False)


# --- HTTP ---------------------------------------------------------------------------------------


def make_handler(chat: ChatModel) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive: litellm's client reuses its connections
        server_version = "f1bench-local/1"

        def _send(self, status: int, payload: dict[str, Any]) -> None:
            data = json.dumps(payload, ensure_ascii=False).encode("utf-8")
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):  # the client gave up (a timeout): nothing to do
                self.close_connection = True

        def do_GET(self) -> None:  # noqa: N802 - http.server's naming
            path = self.path.split("?", 1)[0].rstrip("/")
            if path in ("/health", "/v1/health"):
                if chat.ready.is_set():
                    self._send(200, {"status": "ok", "model": chat.name})
                else:
                    self._send(503, {"status": "loading", "model": chat.name})
            elif path in ("/v1/models", "/models"):
                self._send(200, {"object": "list", "data": [
                    {"id": chat.name, "object": "model", "created": 0, "owned_by": "f1bench-local"}]})
            elif path in ("/stats", "/v1/stats"):
                with chat._stats_lock:
                    stats = {**chat.stats, "model": chat.name, "load": dict(chat.load_info)}
                self._send(200, stats)
            else:
                self._send(404, RequestError(404, f"no route GET {path}").body())

        def do_POST(self) -> None:  # noqa: N802
            path = self.path.split("?", 1)[0].rstrip("/")
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            if path not in ("/v1/chat/completions", "/chat/completions"):
                self._send(404, RequestError(404, f"no route POST {path}").body())
                return
            with chat._stats_lock:
                chat.stats["requests"] += 1
            try:
                try:
                    body = json.loads(raw or b"{}")
                except json.JSONDecodeError:
                    raise RequestError(400, "the request body is not JSON") from None
                if not isinstance(body, dict):
                    raise RequestError(400, "the request body must be a JSON object")
                self._send(200, chat.complete(body))
            except RequestError as exc:
                self._send(exc.status, exc.body())
            except Exception as exc:  # noqa: BLE001 - a failed generation is a 500 (the engine retries it)
                print(f"f1bench local server: generation failed: {type(exc).__name__}: {exc}",
                      file=sys.stderr, flush=True)
                self._send(500, RequestError(500, f"generation failed: {type(exc).__name__}: {exc}",
                                             kind="server_error").body())

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - quiet: no access log
            return

    return Handler


def serve(weights: str, adapter: str | None = None, host: str = "127.0.0.1", port: int = 0,
          name: str | None = None, threads: int | None = None, models_dir: Path | None = None,
          exit_with_stdin: bool = False, announce: Callable[[str], None] | None = None) -> int:
    """Bind, announce the base URL (first stdout line), load the model, serve until stopped."""
    try:
        chat = ChatModel(weights, adapter, name, threads, models_dir)
    except WeightsError as exc:
        print(f"f1bench local server: {exc}", file=sys.stderr, flush=True)
        return 2
    httpd = ThreadingHTTPServer((host, port), make_handler(chat))
    httpd.daemon_threads = True
    bound_host, bound_port = httpd.server_address[:2]
    url = f"http://{bound_host}:{bound_port}/v1"
    (announce or (lambda u: print(u, flush=True)))(url)
    threading.Thread(target=httpd.serve_forever, name="f1bench-local-http", daemon=True).start()
    if exit_with_stdin:
        threading.Thread(target=_exit_when_stdin_closes, name="f1bench-local-parent", daemon=True).start()
    try:
        info = chat.load()
    except (WeightsError, ImportError) as exc:
        hint = "" if FINETUNE_EXTRA in str(exc) else f" (local models need torch, transformers, gguf, peft: {FINETUNE_EXTRA})"
        print(f"f1bench local server: cannot load {chat.weights.spec!r}: {exc}{hint}", file=sys.stderr, flush=True)
        httpd.shutdown()
        return 1
    except Exception as exc:  # noqa: BLE001 - a corrupt file, an unsupported architecture, out of memory
        print(f"f1bench local server: cannot load {chat.weights.spec!r}: {type(exc).__name__}: {exc}",
              file=sys.stderr, flush=True)
        httpd.shutdown()
        return 1
    print(f"f1bench local server: {chat.name} ready at {url} (loaded from {info['source']} in {info['seconds']} s, "
          f"{info['threads']} torch threads)", file=sys.stderr, flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.shutdown()
    return 0


def _exit_when_stdin_closes() -> None:
    """The parent holds our stdin's write end: EOF means it is gone (or done with us)."""
    try:
        fd = sys.stdin.fileno()
        # The raw descriptor, not sys.stdin: a thread blocked inside the buffered reader holds its
        # lock and makes a normal interpreter exit abort ("could not acquire lock ... <stdin>").
        while os.read(fd, 65536):
            pass
    except (OSError, ValueError):
        pass
    os._exit(0)


def default_models_dir() -> Path:
    from f1bench_pipeline.settings import get_settings

    return get_settings().data_dir / "models"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--weights", required=True, help="a .gguf path, a checkpoint folder, pkg:<module>/<file> or hf:<id>")
    p.add_argument("--adapter", help="a PEFT LoRA adapter folder to apply")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=0, help="0: any free port (the URL is printed)")
    p.add_argument("--name", help="the served model name (default: from the weights file)")
    p.add_argument("--threads", type=int, help="torch CPU threads (default: torch's)")
    p.add_argument("--models-dir", type=Path, help="checkpoint cache of dequantized GGUFs (default: <data_dir>/models)")
    p.add_argument("--no-checkpoint-cache", action="store_true", help="always load the GGUF itself")


def run_from_args(args: argparse.Namespace, exit_with_stdin: bool = False) -> int:
    models_dir = None if args.no_checkpoint_cache else (args.models_dir or default_models_dir())
    return serve(args.weights, args.adapter, args.host, args.port, args.name, args.threads, models_dir,
                 exit_with_stdin=exit_with_stdin)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m f1bench_pipeline.localmodel.server",
                                description="OpenAI-compatible server over a local transformers model")
    add_arguments(p)
    p.add_argument("--exit-with-stdin", action="store_true", help="stop when stdin closes (used by local_server)")
    args = p.parse_args(argv)
    return run_from_args(args, exit_with_stdin=args.exit_with_stdin)


# --- the subprocess, for the engine -------------------------------------------------------------


def _tail(fh: Any) -> str:
    """The end of the server's stderr, progress bars (carriage returns) reduced to their last state."""
    fh.flush()
    fh.seek(0)
    data = fh.read().decode("utf-8", "replace")
    lines = [ln.rsplit("\r", 1)[-1] for ln in data.splitlines()]
    text = "\n".join(ln for ln in lines if ln.strip())
    return text[-STDERR_TAIL_CHARS:]


def _stop(proc: subprocess.Popen, grace_s: float = 10.0) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=grace_s)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=30)
    for stream in (proc.stdin, proc.stdout):
        try:
            if stream is not None:
                stream.close()
        except OSError:
            pass


def _health(url: str) -> int | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as resp:  # noqa: S310 - loopback URL we built
            return resp.status
    except urllib.error.HTTPError as exc:
        return exc.code
    except (urllib.error.URLError, OSError):
        return None


@contextmanager
def local_server(local: LocalModel, name: str, *, models_dir: Path | None = None, host: str = "127.0.0.1",
                 on_event: Callable[[str], None] | None = None) -> Iterator[str]:
    """Run a server for ``local`` (serving it as ``name``) while the block runs; yields its
    base URL ``http://127.0.0.1:<port>/v1``.

    The weights and the adapter are checked here first (no torch needed), so a missing file
    or an adapter trained on other weights fails at once with :class:`WeightsError`. The
    model loads in a subprocess; if it exits, or is not healthy within
    ``local.startup_timeout_s``, :class:`LocalServerError` says so with its stderr tail.
    ``models_dir`` is the checkpoint cache (default ``<data_dir>/models``; none when
    ``local.checkpoint_cache`` is off).
    """
    w = resolve_weights(_abs_spec(local.weights))
    adapter = _abs_adapter(local.adapter)
    if adapter is not None:
        check_adapter(Path(adapter), w)
    cmd = [sys.executable, "-m", "f1bench_pipeline.localmodel.server", "--weights", _abs_spec(local.weights),
           "--name", name, "--host", host, "--port", "0", "--exit-with-stdin"]
    if adapter is not None:
        cmd += ["--adapter", adapter]
    if local.threads:
        cmd += ["--threads", str(local.threads)]
    if local.checkpoint_cache:
        cmd += ["--models-dir", str(models_dir or default_models_dir())]
    else:
        cmd += ["--no-checkpoint-cache"]
    # The package must import in the child even when it is not installed (a checkout on PYTHONPATH).
    pkg_root = str(Path(__file__).resolve().parents[2])
    from f1bench_pipeline.settings import environment  # pydantic: not at import (the CLI's parser imports this module)

    inherited = environment()
    env = {**inherited, "PYTHONPATH": os.pathsep.join(p for p in (pkg_root, inherited.get("PYTHONPATH")) if p),
           "PYTHONUNBUFFERED": "1", "TOKENIZERS_PARALLELISM": "false"}
    label = f"local model server for {name!r} (weights {local.weights!r}" + (f", adapter {adapter}" if adapter else "") + ")"
    say = on_event or (lambda _m: None)
    say(f"starting the {label}")
    t0 = time.perf_counter()
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, env=env)
        try:
            base = _wait_ready(proc, err, label, local.startup_timeout_s)
            say(f"{label} ready at {base} in {time.perf_counter() - t0:.1f} s")
            yield base
        finally:
            _stop(proc)


def _wait_ready(proc: subprocess.Popen, err: Any, label: str, timeout_s: float) -> str:
    deadline = time.monotonic() + timeout_s
    first: dict[str, str] = {}
    reader = threading.Thread(target=lambda: first.setdefault("line", proc.stdout.readline().decode().strip()),
                              daemon=True)
    reader.start()
    reader.join(timeout=max(0.0, deadline - time.monotonic()))

    def fail(why: str) -> LocalServerError:
        _stop(proc)
        return LocalServerError(f"{label} did not start: {why}\n--- server stderr (tail) ---\n{_tail(err)}")

    base = first.get("line", "")
    if not base.startswith("http://"):
        if proc.poll() is not None:
            raise fail(f"it exited with code {proc.returncode}")
        raise fail(f"no URL within {timeout_s:.0f} s" if not base else f"unexpected first line {base!r}")
    health = base.rsplit("/v1", 1)[0] + "/health"
    while True:
        if proc.poll() is not None:
            raise fail(f"it exited with code {proc.returncode} while loading")
        if _health(health) == 200:
            return base
        if time.monotonic() > deadline:
            raise fail(f"not ready within {timeout_s:.0f} s (local.startup_timeout_s)")
        time.sleep(0.25)


if __name__ == "__main__":
    sys.exit(main())
