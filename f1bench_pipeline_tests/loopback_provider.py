"""A real HTTP server on loopback that speaks the OpenAI chat-completions protocol.

asyncio, HTTP/1.1 with keep-alive, bound to 127.0.0.1 on a random port; it runs on its own
event loop in a thread of the test (``LoopbackProvider``) or as its own process (``main``),
and a standalone server stops by itself after ``--max-seconds``.

Used by the generation tests and ``benchmarks/generation_bench.py``: nothing here is
mocked below the HTTP layer, so litellm's real OpenAI client, its error mapping and our
retry/caching code are what is exercised.

* ``POST /v1/chat/completions`` answers according to a *script*: a function of the
  request body and how many times that exact conversation (hash of ``messages``) has
  been asked before, returning a behaviour name:

  ``ok``                 200, a deterministic answer, ``finish_reason: stop``
  ``rate_limit``         429 with ``Retry-After`` (whole seconds) and ``retry-after-ms``
  ``rate_limit_slow``    429 with ``Retry-After: 1`` only (tests the whole-second header)
  ``server_error``       500
  ``slow``               holds the answer until the client gives up and closes the
                         connection (its timeout), at most ``slow_s``, then 200
  ``content_filter``     200, empty content, ``finish_reason: content_filter``
  ``filter_400``         400 carrying an Azure-style content-filter body (DeepSeek on Azure)
  ``length``             200, a partial answer, ``finish_reason: length``
  ``empty``              200, empty content, ``finish_reason: stop`` (a refusal)
  ``malformed``          200, a body that is not JSON
  ``echo_auth``          401 whose message echoes the request's Authorization header (a
                         badly behaved provider; the secret must not reach our storage)

  Any request carrying ``max_tokens`` while ``reject_max_tokens`` is set gets the
  OpenAI 400 "Unsupported parameter: 'max_tokens' ... Use 'max_completion_tokens'".
* ``GET /stats`` returns the counters as JSON (for a server in another process);
  ``POST /reset`` clears them.

Run standalone (prints ``PORT <n>`` on its first line)::

    python -m f1bench_pipeline_tests.loopback_provider --latency 0.1
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable

Script = Callable[[dict, int], str]

# Behaviours whose answer reaches the client (what a provider would bill); "slow" answers
# only after the client has given up, so it is not among them.
FINAL_BEHAVIOURS = {"ok", "content_filter", "filter_400", "length", "empty"}


def conversation_hash(body: dict) -> str:
    """Identity of a conversation: the messages only (not the parameters)."""
    return hashlib.sha256(json.dumps(body.get("messages"), sort_keys=True).encode()).hexdigest()[:16]


def always_ok(_body: dict, _n: int) -> str:
    return "ok"


class LoopbackState:
    def __init__(self, script: Script = always_ok, latency_s: float = 0.0, slow_s: float = 3.0,
                 reject_max_tokens: bool = False, content_fn: Callable[[dict], str] | None = None):
        self.script = script
        # What an ``ok`` answer says (default: ``answer_text``); e.g. a JSON claim list.
        self.content_fn = content_fn or answer_text
        self.latency_s = latency_s
        self.slow_s = slow_s
        self.reject_max_tokens = reject_max_tokens
        self.lock = threading.Lock()
        self.requests = 0
        self.by_conversation: Counter[str] = Counter()
        # Responses that a paying client would have been billed for, per conversation.
        self.answered: Counter[str] = Counter()
        self.behaviours: Counter[str] = Counter()
        self.auth_headers: set[str] = set()
        self.times: dict[str, list[float]] = {}  # conversation → arrival times (time.monotonic)

    def reset(self) -> None:
        with self.lock:
            self.requests = 0
            self.by_conversation.clear()
            self.answered.clear()
            self.behaviours.clear()
            self.times.clear()

    def stats(self) -> dict:
        with self.lock:
            return {
                "requests": self.requests,
                "conversations": len(self.by_conversation),
                "answered": sum(self.answered.values()),
                "answered_twice": sum(1 for v in self.answered.values() if v > 1),
                "behaviours": dict(self.behaviours),
            }


def _completion(body: dict, content: str | None, finish_reason: str) -> dict:
    prompt_chars = sum(len(str(m.get("content") or "")) for m in body.get("messages", []))
    completion_tokens = max(1, len(content or "") // 4) if content else 0
    return {
        "id": "chatcmpl-loopback-" + conversation_hash(body),
        "object": "chat.completion",
        "created": int(time.time()),
        "model": body.get("model", "loopback"),
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": finish_reason}],
        "usage": {"prompt_tokens": max(1, prompt_chars // 4), "completion_tokens": completion_tokens,
                  "total_tokens": max(1, prompt_chars // 4) + completion_tokens},
    }


def answer_text(body: dict) -> str:
    """The deterministic 'model answer' for a conversation."""
    last = str((body.get("messages") or [{}])[-1].get("content") or "")
    return f"Loopback answer {conversation_hash(body)}: " + " ".join(last.split()[:12])


_REASONS = {200: "OK", 400: "Bad Request", 401: "Unauthorized", 404: "Not Found", 429: "Too Many Requests",
            500: "Internal Server Error"}


class _Response(Exception):
    """Raised inside a handler to answer (keeps the behaviour table flat)."""

    def __init__(self, status: int, payload: dict | bytes, headers: dict[str, str] | None = None):
        super().__init__(status)
        self.status, self.payload, self.headers = status, payload, headers or {}


def _encode(status: int, payload: dict | bytes, headers: dict[str, str]) -> bytes:
    data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    head = [f"HTTP/1.1 {status} {_REASONS.get(status, 'Status')}", "Content-Type: application/json",
            f"Content-Length: {len(data)}", "Connection: keep-alive"]
    head += [f"{k}: {v}" for k, v in headers.items()]
    return ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + data


class LoopbackServer:
    """asyncio HTTP/1.1 server (keep-alive, Content-Length bodies): enough of HTTP for the
    OpenAI clients, and fast enough that the benchmark measures the client, not the server."""

    def __init__(self, state: LoopbackState):
        self.state = state

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                line = await reader.readline()
                if not line:
                    break
                method, path, _version = line.decode("latin-1").split(" ", 2)
                headers: dict[str, str] = {}
                while True:
                    h = await reader.readline()
                    if h in (b"\r\n", b"\n", b""):
                        break
                    k, _, v = h.decode("latin-1").partition(":")
                    headers[k.strip().lower()] = v.strip()
                n = int(headers.get("content-length") or 0)
                raw = await reader.readexactly(n) if n else b""
                try:
                    await self.route(method, path, headers, raw, reader)
                    resp = _Response(500, {"error": {"message": "no response"}})
                except _Response as r:
                    resp = r
                except asyncio.CancelledError:
                    raise
                writer.write(_encode(resp.status, resp.payload, resp.headers))
                await writer.drain()
        except (ConnectionError, asyncio.IncompleteReadError, ValueError):
            pass
        except asyncio.CancelledError:  # server shutting down
            pass
        finally:
            try:
                writer.close()
            except Exception:  # noqa: BLE001 - the peer is gone already
                pass

    async def route(self, method: str, path: str, headers: dict[str, str], raw: bytes,
                    reader: asyncio.StreamReader) -> None:
        state = self.state
        path = path.split("?", 1)[0].rstrip("/")
        if method == "GET" and path == "/stats":
            raise _Response(200, state.stats())
        if method == "POST" and path == "/reset":
            state.reset()
            raise _Response(200, {"ok": True})
        if method != "POST" or not path.endswith("/chat/completions"):
            raise _Response(404, {"error": {"message": f"no route {method} {path}"}})
        try:
            body = json.loads(raw or b"{}")
        except json.JSONDecodeError:
            raise _Response(400, {"error": {"message": "request body is not JSON"}}) from None
        conv = conversation_hash(body)
        with state.lock:
            state.requests += 1
            n = state.by_conversation[conv]
            state.by_conversation[conv] += 1
            state.times.setdefault(conv, []).append(time.monotonic())
            if headers.get("authorization"):
                state.auth_headers.add(headers["authorization"])
        if state.reject_max_tokens and "max_tokens" in body:
            behaviour = "reject_max_tokens"
        else:
            behaviour = state.script(body, n)
        if state.latency_s:
            await asyncio.sleep(state.latency_s)
        if behaviour == "slow":
            await _until_client_leaves(reader, state.slow_s)
        with state.lock:
            state.behaviours[behaviour] += 1
            if behaviour in FINAL_BEHAVIOURS:
                state.answered[conv] += 1
        respond(behaviour, body, headers, state.content_fn)


async def _until_client_leaves(reader: asyncio.StreamReader, cap_s: float) -> None:
    """Wait until the client closes the connection (it timed out), at most ``cap_s``.

    A fixed sleep answered 200 to a client starved of CPU for longer than the sleep, which then
    took the late answer as its first attempt's (a flake under load); waiting for the close
    makes the timeout certain. A keep-alive client sends nothing while it awaits an answer,
    so the only thing the read can see is the end of the stream."""
    try:
        data = await asyncio.wait_for(reader.read(1), cap_s)
    except TimeoutError:
        return  # a provider that answers late: the 200 follows
    if not data:
        raise ConnectionResetError("the client gave up")


def respond(behaviour: str, body: dict, headers: dict[str, str], content_fn: Callable[[dict], str] = None) -> None:
    """Raise the scripted response for ``behaviour``."""
    if behaviour in ("ok", "slow"):
        raise _Response(200, _completion(body, (content_fn or answer_text)(body), "stop"))
    if behaviour == "rate_limit":
        raise _Response(429, {"error": {"message": "Rate limit reached for requests", "type": "requests",
                                        "code": "rate_limit_exceeded"}},
                        {"Retry-After": "1", "retry-after-ms": "50"})
    if behaviour == "rate_limit_slow":
        raise _Response(429, {"error": {"message": "Rate limit reached", "code": "RateLimitReached"}},
                        {"Retry-After": "1"})
    if behaviour == "server_error":
        raise _Response(500, {"error": {"message": "The server had an error while processing your request.",
                                        "type": "server_error"}})
    if behaviour == "content_filter":
        raise _Response(200, _completion(body, "", "content_filter"))
    if behaviour == "filter_400":
        raise _Response(400, {"error": {"message": "The response was filtered due to the prompt triggering the "
                                                   "content management policy. ResponsibleAI result indicated block",
                                        "type": None, "param": "prompt", "code": "content_filter", "status": 400}})
    if behaviour == "length":
        text = answer_text(body)
        raise _Response(200, _completion(body, text[: max(8, len(text) // 2)], "length"))
    if behaviour == "empty":
        raise _Response(200, _completion(body, "", "stop"))
    if behaviour == "malformed":
        raise _Response(200, b'{"id": "chatcmpl-broken", "choices": [{"index": 0, "message": ')
    if behaviour == "echo_auth":
        raise _Response(401, {"error": {"message": f"Invalid credentials in header: {headers.get('authorization')}",
                                        "type": "invalid_request_error", "code": "invalid_api_key"}})
    if behaviour == "reject_max_tokens":
        raise _Response(400, {"error": {"message": "Unsupported parameter: 'max_tokens' is not supported with this "
                                                   "model. Use 'max_completion_tokens' instead.",
                                        "type": "invalid_request_error", "param": "max_tokens",
                                        "code": "unsupported_parameter"}})
    raise _Response(500, {"error": {"message": f"unknown scripted behaviour {behaviour}"}})


class LoopbackProvider:
    """The server on its own event loop in a background thread (a context manager)."""

    def __init__(self, script: Script = always_ok, latency_s: float = 0.0, slow_s: float = 3.0,
                 reject_max_tokens: bool = False, port: int = 0, content_fn: Callable[[dict], str] | None = None):
        self.state = LoopbackState(script, latency_s, slow_s, reject_max_tokens, content_fn)
        self._port = port
        self._loop = asyncio.new_event_loop()
        self._server: asyncio.base_events.Server | None = None
        self._thread = threading.Thread(target=self._loop.run_forever, name="loopback-provider", daemon=True)

    @property
    def port(self) -> int:
        assert self._server is not None
        return self._server.sockets[0].getsockname()[1]

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def __enter__(self) -> LoopbackProvider:
        self._thread.start()
        handler = LoopbackServer(self.state).handle
        fut = asyncio.run_coroutine_threadsafe(
            asyncio.start_server(handler, "127.0.0.1", self._port, backlog=512), self._loop)
        self._server = fut.result(timeout=10)
        return self

    def __exit__(self, *_exc) -> None:
        async def _stop() -> None:
            assert self._server is not None
            self._server.close()
            for task in asyncio.all_tasks():
                if task is not asyncio.current_task():
                    task.cancel()

        asyncio.run_coroutine_threadsafe(_stop(), self._loop).result(timeout=10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="OpenAI-compatible loopback server (tests and benchmarks)")
    p.add_argument("--port", type=int, default=0)
    p.add_argument("--latency", type=float, default=0.0, help="seconds added to every request")
    p.add_argument("--fail-every", type=int, default=0,
                   help="the first attempt of every Nth conversation gets a 429, then succeeds")
    p.add_argument("--max-seconds", type=float, default=600.0, help="stop by itself after this long")
    args = p.parse_args(argv)

    def script(body: dict, n: int) -> str:
        if args.fail_every and n == 0 and int(conversation_hash(body), 16) % args.fail_every == 0:
            return "rate_limit"
        return "ok"

    with LoopbackProvider(script, latency_s=args.latency, port=args.port) as server:
        print(f"PORT {server.port}", flush=True)
        try:
            time.sleep(args.max_seconds)
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
