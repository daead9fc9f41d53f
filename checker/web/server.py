"""The explorer's HTTP server: the page (package data in `static/`) and the JSON API.

The standard library's server is enough for one person's browser on this
machine; it listens on 127.0.0.1 only. Every error is answered with a status
line and a one-line JSON object `{"error": "..."}`, never a traceback, and
nothing reaches the terminal when a browser goes away mid-answer.

Hardened against other pages of the same browser and careless clients:
  * only requests naming this machine by a loopback name in their Host header
    (127.0.0.1, localhost, [::1], with the port or not) are answered, so a web
    page that points a name of its own at 127.0.0.1 (DNS rebinding) cannot
    read the spec or its states: 421 otherwise;
  * the expression box (`/api/eval`, which drives Quint's REPL) answers only
    the page this server served: a request must carry the token written in that
    page (which another site cannot read), and is refused when the browser says
    it comes from another origin (`Sec-Fetch-Site`, `Origin`): 403 otherwise, so
    that no other page, nor an `<img>` on another port, can use or tie up Quint;
  * a connection that sends nothing is closed after `TIMEOUT` seconds, so idle
    connections cannot pile up threads;
  * the listen backlog takes a burst of connections (a page loads several
    files at once) without dropping any.
"""

from __future__ import annotations

import hmac
import json
import mimetypes
import secrets
import sys
from functools import lru_cache
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from urllib.parse import parse_qs, unquote, urlsplit

from checker.web.api import Explorer, RequestError, parse_path

#: the page's files: URL path -> file in `static/`
PAGES = {"/": "index.html", "/explorer.js": "explorer.js", "/explorer.css": "explorer.css"}
#: the names a request may call this server by (the Host header, without the port)
LOOPBACK = {"127.0.0.1", "localhost", "[::1]"}
#: seconds a connection may stay silent before it is closed
TIMEOUT = 5
#: state answers kept, the most recent ones (some KB each)
ANSWERS_KEPT = 1024
#: connections waiting to be accepted before the kernel drops new ones (socketserver's default is 5)
BACKLOG = 128
#: the header in which the page sends back the token it was served with, and where the page holds it
TOKEN_HEADER = "X-Explorer-Token"
TOKEN_SLOT = b'<meta name="explorer-token" content="">'


def loopback_host(host: str | None, port: int) -> bool:
    """Whether a Host header names this server by a loopback name: `localhost`, `127.0.0.1:8000`, `[::1]:8000`."""
    if not host:
        return False
    host = host.strip().lower()
    if host.endswith("]") or ":" not in host:  # no port given
        name, given = host, str(port)
    else:
        name, _, given = host.rpartition(":")
    return name in LOOPBACK and given == str(port)


def static(name: str) -> bytes:
    return resources.files("checker.web").joinpath("static", name).read_bytes()


def foreign(headers, token: str, port: int) -> str | None:
    """Why a request does not come from the page this server served with `token` (None: it does)."""
    site = headers.get("Sec-Fetch-Site")
    if site is not None and site != "same-origin":
        return f"the expression box answers only its own page, not a request from another origin ({site})"
    origin = headers.get("Origin")
    if origin is not None and not (origin.startswith("http://") and loopback_host(origin[len("http://") :], port)):
        return "the expression box answers only its own page, not a request from another origin"
    if not hmac.compare_digest(headers.get(TOKEN_HEADER, "").encode(), token.encode()):
        return "the expression box answers only its own page, which sends the token it was served with"
    return None


def make_server(explorer: Explorer, port: int) -> ThreadingHTTPServer:
    """A server for `explorer` on 127.0.0.1:`port` (0 picks a free port); OSError if it cannot listen."""

    token = secrets.token_urlsafe(24)

    @lru_cache(maxsize=ANSWERS_KEPT)
    def state_answer(path: tuple[int, ...]) -> bytes:
        """The JSON answer for the state at `path`: the same every time, so a page's walk back and forth,
        or many tabs, cost one computation each."""
        return json.dumps(explorer.state(list(path))).encode()

    class Handler(BaseHTTPRequestHandler):
        server_version = "ttt-check-explorer"
        timeout = TIMEOUT
        #: an answer to a malformed request line still starts with a status line (not HTTP/0.9's bare body)
        default_request_version = "HTTP/1.0"

        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            try:
                if not loopback_host(self.headers.get("Host"), self.server.server_address[1]):
                    raise RequestError(421, "this server answers only to 127.0.0.1, localhost or [::1] with its port")
                self.route(urlsplit(self.path).path)
            except RequestError as error:
                self.send_json({"error": str(error)}, error.status)
            except Exception as error:  # a bug of ours: still one line, no traceback on the wire
                self.send_json({"error": f"internal error: {type(error).__name__}: {error}"}, 500)

        def route(self, path: str) -> None:
            if path in PAGES:
                name = PAGES[path]
                page = static(name).replace(TOKEN_SLOT, TOKEN_SLOT.replace(b'""', f'"{token}"'.encode()))
                self.send(page, mimetypes.guess_type(name)[0] or "application/octet-stream")
            elif path == "/api/spec":
                self.send_json(explorer.spec())
            elif path.startswith("/api/eval/"):
                refused = foreign(self.headers, token, self.server.server_address[1])
                if refused:
                    raise RequestError(403, refused)
                expression = parse_qs(urlsplit(self.path).query).get("expr", [""])[0]
                self.send_json(explorer.evaluate(parse_path(unquote(path[len("/api/eval") :])), expression))
            elif path == "/api/state" or path.startswith("/api/state/"):
                try:
                    steps = parse_path(unquote(path[len("/api/state") :]))
                except ValueError:  # an index of thousands of digits
                    raise RequestError(400, "malformed path: an index too large to be one") from None
                self.send(state_answer(tuple(steps)), "application/json")
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

    server = Server(("127.0.0.1", port), Handler)
    try:  # the first answer loads what every later one uses (a solver, libraries): once, before any request
        state_answer((0,))
    except RequestError:  # a spec without initial states: each request says so
        pass
    return server


class Server(ThreadingHTTPServer):
    """http.server's threading server, with a backlog for bursts and quiet about clients that go away."""

    request_queue_size = BACKLOG
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        """A client that closed its connection, or stayed silent, is no fault: say nothing. Anything else
        gets one line on stderr, never a traceback."""
        error = sys.exc_info()[1]
        if isinstance(error, (ConnectionError, TimeoutError)):
            return
        print(f"explorer: a request from {client_address[0]} failed: {type(error).__name__}: {error}", file=sys.stderr)
