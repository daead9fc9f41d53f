"""The explorer's HTTP server: the page (package data in `static/`) and the JSON API.

The standard library's server is enough for one person's browser on this
machine; it listens on 127.0.0.1 only. Every error is answered with a status
and a one-line JSON object `{"error": "..."}`, never a traceback.
"""

from __future__ import annotations

import json
import mimetypes
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from urllib.parse import parse_qs, unquote, urlsplit

from checker.web.api import Explorer, RequestError, parse_path

#: the page's files: URL path -> file in `static/`
PAGES = {"/": "index.html", "/explorer.js": "explorer.js", "/explorer.css": "explorer.css"}


def static(name: str) -> bytes:
    return resources.files("checker.web").joinpath("static", name).read_bytes()


def make_server(explorer: Explorer, port: int) -> ThreadingHTTPServer:
    """A server for `explorer` on 127.0.0.1:`port` (0 picks a free port); OSError if it cannot listen."""

    class Handler(BaseHTTPRequestHandler):
        server_version = "ttt-check-explorer"

        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            try:
                self.route(urlsplit(self.path).path)
            except RequestError as error:
                self.send_json({"error": str(error)}, error.status)
            except Exception as error:  # a bug of ours: still one line, no traceback on the wire
                self.send_json({"error": f"internal error: {type(error).__name__}: {error}"}, 500)

        def route(self, path: str) -> None:
            if path in PAGES:
                name = PAGES[path]
                self.send(static(name), mimetypes.guess_type(name)[0] or "application/octet-stream")
            elif path == "/api/spec":
                self.send_json(explorer.spec())
            elif path.startswith("/api/eval/"):
                expression = parse_qs(urlsplit(self.path).query).get("expr", [""])[0]
                self.send_json(explorer.evaluate(parse_path(unquote(path[len("/api/eval") :])), expression))
            elif path == "/api/state" or path.startswith("/api/state/"):
                self.send_json(explorer.state(parse_path(unquote(path[len("/api/state") :]))))
            else:
                raise RequestError(404, f"no such page: {path}")

        def send_json(self, data: dict, status: int = 200) -> None:
            self.send(json.dumps(data).encode(), "application/json", status)

        def send(self, body: bytes, kind: str, status: int = 200) -> None:
            self.send_response(status)
            charset = "; charset=utf-8" if kind.startswith("text/") or kind.endswith("json") else ""
            self.send_header("Content-Type", kind + charset)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args) -> None:
            """Quiet: the terminal shows the address, not every request."""

        def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
            """http.server's own errors (malformed request line, unsupported method) as JSON too;
            a method other than GET is the client's error (405), not the server's (501)."""
            if code == HTTPStatus.NOT_IMPLEMENTED:
                code, message = HTTPStatus.METHOD_NOT_ALLOWED, f"method {self.command} is not allowed: use GET"
            self.send_json({"error": message or HTTPStatus(code).phrase}, code)

    return ThreadingHTTPServer(("127.0.0.1", port), Handler)
