"""Serve a local warehouse folder read-only over HTTP, for DuckDB (httpfs or fsspec) elsewhere.

What a reader of ``http://host:port`` as a warehouse root needs: GET with byte ranges
(Parquet readers fetch the footer, then column chunks), HEAD with Content-Length and
Last-Modified, and an HTML index per folder (the only way to list files over HTTP; the
views then name each file). Hidden entries (unfinished writes) are neither listed nor served.
No authentication: bind to 127.0.0.1 or a trusted network, or put a proxy in front.
"""

from __future__ import annotations

import functools
import html
import io
import os
import re
import threading
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import quote, unquote, urlsplit

_RANGE = re.compile(r"bytes=(\d*)-(\d*)")
COPY_CHUNK_BYTES = 1 << 16


class WarehouseHTTPHandler(SimpleHTTPRequestHandler):
    """GET/HEAD only, with single byte ranges; directory indexes list visible entries."""

    def log_message(self, format, *args):  # quiet: no request log on stderr
        pass

    def _hidden(self) -> bool:
        return any(p.startswith(".") for p in unquote(urlsplit(self.path).path).split("/") if p)

    def send_head(self):
        self._range_left = None
        if self._hidden():
            self.send_error(HTTPStatus.NOT_FOUND)
            return None
        path = self.translate_path(self.path)
        header = self.headers.get("Range")
        if os.path.isdir(path) or not header or not os.path.isfile(path):
            return super().send_head()
        m = _RANGE.fullmatch(header.strip())
        f = open(path, "rb")  # noqa: SIM115 - closed by the base class after copyfile
        size = os.fstat(f.fileno()).st_size
        if not m or (m.group(1) == "" and m.group(2) == ""):
            f.close()
            self.send_error(HTTPStatus.REQUESTED_RANGE_NOT_SATISFIABLE)
            return None
        first, last = m.groups()
        if first == "":  # suffix range: the last N bytes
            start, end = max(0, size - int(last)), size - 1
        else:
            start, end = int(first), min(size - 1, int(last) if last else size - 1)
        if start > end or start >= size:
            f.close()
            self.send_response(HTTPStatus.REQUESTED_RANGE_NOT_SATISFIABLE)
            self.send_header("Content-Range", f"bytes */{size}")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        self.send_response(HTTPStatus.PARTIAL_CONTENT)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Range", f"bytes {start}-{end}/{size}")
        self.send_header("Content-Length", str(end - start + 1))
        self.send_header("Last-Modified", self.date_time_string(int(os.fstat(f.fileno()).st_mtime)))
        self.end_headers()
        f.seek(start)
        self._range_left = end - start + 1
        return f

    def end_headers(self):
        self.send_header("Accept-Ranges", "bytes")
        super().end_headers()

    def copyfile(self, source, outputfile):
        left = getattr(self, "_range_left", None)
        try:
            if left is None:
                return super().copyfile(source, outputfile)
            while left > 0:
                chunk = source.read(min(left, COPY_CHUNK_BYTES))
                if not chunk:
                    break
                outputfile.write(chunk)
                left -= len(chunk)
        except (BrokenPipeError, ConnectionResetError):  # the reader had enough (e.g. a footer probe)
            self.close_connection = True

    def list_directory(self, path):
        """A bare index: one link per visible entry, ``=`` kept readable (hive folder names)."""
        try:
            names = sorted(n for n in os.listdir(path) if not n.startswith("."))
        except OSError:
            self.send_error(HTTPStatus.NOT_FOUND)
            return None
        links = []
        for name in names:
            shown = name + ("/" if os.path.isdir(os.path.join(path, name)) else "")
            links.append(f'<a href="{quote(shown, safe="/=")}">{html.escape(shown)}</a>')
        body = ("<!DOCTYPE html><html><body>\n" + "\n".join(links) + "\n</body></html>\n").encode()
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


def serve_warehouse(folder: Path, host: str = "127.0.0.1", port: int = 0) -> ThreadingHTTPServer:
    """A server for ``folder`` (not started); ``port=0`` picks a free port (``server.server_port``)."""
    handler = functools.partial(WarehouseHTTPHandler, directory=str(Path(folder).resolve()))
    return ThreadingHTTPServer((host, port), handler)


def serve_in_thread(folder: Path, host: str = "127.0.0.1", port: int = 0) -> tuple[ThreadingHTTPServer, str]:
    """Start ``serve_warehouse`` in a daemon thread; returns the server and its root URL."""
    server = serve_warehouse(folder, host, port)
    threading.Thread(target=server.serve_forever, name="warehouse-http", daemon=True).start()
    return server, f"http://{host}:{server.server_port}"


def serve_until_interrupted(server: ThreadingHTTPServer) -> int:
    """Serve in the foreground until Ctrl-C (the command's exit status: 0)."""
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0
