"""The audit web page: a small read-only HTTP server over the warehouse (`make serve`).

Standard library only; the requests share one in-memory DuckDB over the Parquet files
(``api.Warehouse``), so the page works on the `make demo` warehouse offline and never blocks
the pipeline. The leaderboards are computed once per state of the scores and kept in memory
(and, with ``answers_dir``, on disk: a restarted server answers at once); from start-up one
background thread computes every season × prompt variant's, the page's first view first, so
the first load and a change of selector answer from memory.
"""

from __future__ import annotations

import json
import logging
import math
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlparse

from f1bench_pipeline.audit import api
from f1bench_pipeline.package_data import AUDIT_STATIC_DIR, require

STATIC = AUDIT_STATIC_DIR  # package data (pyproject.toml)
log = logging.getLogger(__name__)


def _clean(x):
    if isinstance(x, float) and (math.isnan(x) or math.isinf(x)):
        return None
    if isinstance(x, dict):
        return {k: _clean(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_clean(v) for v in x]
    return x


def make_handler(warehouse_dir: Path | str, answers_dir: Path | None = None):
    require(STATIC / "index.html", "the audit page (audit/static/index.html)")  # at start-up, not per request
    w = api.Warehouse(warehouse_dir, answers_dir=answers_dir)
    warming = threading.Lock()

    def warm() -> None:
        """Every selector's leaderboard, in one background thread (none while one runs)."""
        if not warming.acquire(blocking=False):
            return

        def run() -> None:
            try:
                api.warm_leaderboards(w)
            except Exception:  # noqa: BLE001 - a request computes it then, and reports its own error
                log.exception("precomputing the leaderboards failed")
            finally:
                warming.release()

        threading.Thread(target=run, name="warm-leaderboards", daemon=True).start()

    warm()  # from start-up: the page's first load finds its leaderboard computed, or being computed

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, fmt, *args):  # route the access log through logging
            log.debug(fmt, *args)

        def _send(self, status: int, body: bytes, ctype: str) -> None:
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def _json(self, payload) -> None:
            self._send(200, json.dumps(_clean(payload), default=str).encode(), "application/json")

        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            url = urlparse(self.path)
            q = {k: v[0] for k, v in parse_qs(url.query).items()}
            try:
                if url.path in ("/", "/index.html"):
                    self._send(200, (STATIC / "index.html").read_bytes(), "text/html; charset=utf-8")
                elif url.path == "/api/options":
                    self._json(api.options(w))
                    warm()
                elif url.path == "/api/instances":
                    self._json(api.instances(w, int(q["season"]), int(q["round"])))
                elif url.path == "/api/generation":
                    self._json(api.generation(w, q["id"], q["model"], q["lang"], q.get("variant", "default")))
                elif url.path == "/api/rounds":
                    self._json(api.rounds(w, q["id"], q["model"], q["lang"], q.get("variant", "default")))
                elif url.path == "/api/leaderboard":
                    season = int(q["season"]) if q.get("season") else None
                    self._json(api.leaderboard(w, season, q.get("variant", "default")))
                    warm()
                elif url.path.startswith("/api/figure."):  # the precision–recall figure: svg, png, pdf
                    fmt = url.path.rsplit(".", 1)[1]
                    season = int(q["season"]) if q.get("season") else None
                    body = api.figure(w, season, q.get("variant", "default"), fmt)
                    if body is None:
                        self._send(404, f"no scores for season {season or 'latest'}, {q.get('variant', 'default')} "
                                        "prompt".encode(), "text/plain")
                    else:
                        self._send(200, body, api.FIGURE_TYPES[fmt])
                else:
                    self._send(404, b"not found", "text/plain")
            except (KeyError, ValueError) as exc:
                self._send(400, f"bad request: {exc}".encode(), "text/plain")

    return Handler


def serve(warehouse_dir: Path | str, host: str = "127.0.0.1", port: int = 8765,
          answers_dir: Path | None = None) -> ThreadingHTTPServer:
    """A server bound to ``host:port`` (port 0 picks a free one); call ``serve_forever``.
    ``answers_dir``: where computed leaderboards are kept across restarts (``audit/answers.py``)."""
    return ThreadingHTTPServer((host, port), make_handler(warehouse_dir, answers_dir))
