"""The explorer's server under careless and hostile clients: foreign Host names (DNS rebinding), malformed
request lines, clients that go away or say nothing, absurd indices, and a bounded burst of load.

The server runs as `ttt-check explore` in a child process, so that what it prints on its terminal is
seen too. Every request goes to 127.0.0.1 only, and every loop is bounded in count and time.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import random
import re
import socket
import subprocess
import threading
import time

import console
import pytest



@contextlib.contextmanager
def explorer():
    """`ttt-check explore` on a free port: (port, the process); stopped after."""
    process = subprocess.Popen(
        [str(console.TTT_CHECK), "explore", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        line = process.stdout.readline()
        yield int(re.search(r"http://127\.0\.0\.1:(\d+)/", line)[1]), process
    finally:
        if process.poll() is None:
            process.terminate()
            process.communicate(timeout=10)


@pytest.fixture(scope="module")
def server():
    with explorer() as running:
        yield running


def raw(port: int, data: bytes, timeout: float = 10) -> bytes:
    """Send `data` on a fresh connection; the whole answer (until the server closes)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as connection:
        connection.sendall(data)
        chunks = []
        while chunk := connection.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def get(port: int, path: str, host: str | None = "default") -> tuple[int, dict]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {} if host == "default" else {"Host": host} if host is not None else {}
    connection.putrequest("GET", path, skip_host=host != "default")
    for name, value in headers.items():
        connection.putheader(name, value)
    connection.endheaders()
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, json.loads(body) if response.headers.get_content_type() == "application/json" else {}


def paths(port: int, depth: int = 3) -> list[str]:
    """The paths of the states a page reaches in `depth` clicks from the first initial state."""
    found, frontier = [], ["0"]
    for _ in range(depth + 1):
        found += frontier
        following = []
        for path in frontier:
            status, state = get(port, f"/api/state/{path}")
            assert status == 200, path
            following += ["/".join(map(str, successor["path"])) for successor in state["successors"]]
        frontier = following
    return found


@pytest.mark.parametrize("host", ["127.0.0.1:{port}", "localhost:{port}", "[::1]:{port}", "localhost", "LOCALHOST:{port}"])
def test_loopback_names_are_answered(server, host):
    port, _ = server
    status, answer = get(port, "/api/spec", host.format(port=port))
    assert status == 200 and answer["name"] == "strategy"


@pytest.mark.parametrize(
    "host",
    ["evil.example", "evil.example:{port}", "127.0.0.1.evil.example:{port}", "localhost:1", "127.0.0.2:{port}",
     "[::1]:1", "", None, "localhost:{port}@evil.example"],
)
def test_any_other_host_is_refused_without_the_spec(server, host):
    """DNS rebinding: a page of evil.example that points its name at 127.0.0.1 must not read the spec."""
    port, _ = server
    for path in ("/api/spec", "/api/state/0", "/"):
        status, answer = get(port, path, None if host is None else host.format(port=port))
        assert status in (400, 421), (host, path)
        assert set(answer) == {"error"} and "tictactoe" not in json.dumps(answer)


@pytest.mark.parametrize(
    "line, status",
    [(b"GARBAGE", 400), (b"GET / HTTP/9.9", 505), (b"GET / FTP/1.0", 400), (b"GET", 400), (b"GET / HTTP/1.1 x", 400),
     (b"\x00\xff", 400), (b"GET /api/spec", 421), (b"x" * 70000, 414)],
    ids=["garbage", "http-9.9", "ftp", "no-path", "four-words", "binary", "http-0.9", "too-long"],
)
def test_a_malformed_request_line_gets_a_status_line(server, line, status):
    port, _ = server
    answer = raw(port, line + b"\r\n\r\n")
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.0 %d " % status), answer[:80]
    assert set(json.loads(body)) == {"error"}


def test_an_index_of_thousands_of_digits_is_a_bad_request(server):
    port, _ = server
    status, answer = get(port, "/api/state/0/" + "9" * 5000)
    assert status == 400 and set(answer) == {"error"}


def test_clients_that_go_away_leave_no_trace_on_the_terminal():
    with explorer() as (port, process):
        for _ in range(20):  # a reset in the middle of the answer: the browser moved on
            connection = socket.create_connection(("127.0.0.1", port), timeout=10)
            connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
            connection.sendall(b"GET /explorer.js HTTP/1.1\r\nHost: localhost\r\n\r\n")
            connection.close()
        for _ in range(5):  # gone before sending anything, or half a request
            with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
                connection.sendall(b"GET /api/sta")
        assert get(port, "/api/state/0")[0] == 200  # still serving
        process.terminate()
        _, err = process.communicate(timeout=10)
    assert err == "ttt-check: terminated\n", err  # SIGTERM's one line, and nothing of the clients


def test_a_silent_connection_is_closed():
    """Idle connections are closed after the server's timeout, so they cannot pile up threads."""
    from checker.web.server import TIMEOUT

    with explorer() as (port, process):
        idle = [socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT + 10) for _ in range(50)]
        started = time.monotonic()
        assert all(connection.recv(1) == b"" for connection in idle)  # closed by the server
        assert time.monotonic() - started < TIMEOUT + 5
        assert get(port, "/api/state/0")[0] == 200
        for connection in idle:
            connection.close()
        process.terminate()
        _, err = process.communicate(timeout=10)
    assert err == "ttt-check: terminated\n"


#: the bounded load: clients at once, requests each, the p99 latency state requests must stay under, and
#: how many bursts may try (the best counts: a shared machine may stall one burst, never three)
CLIENTS, REQUESTS, P99, BURSTS = 16, 40, 0.1, 3


def burst(port: int, walk: list[str]) -> tuple[float, list]:
    """16 clients at once, each opening a connection per request (as a page does): the p99 latency, and
    the errors."""
    latencies, errors = [], []

    def client(seed: int) -> None:
        chooser = random.Random(seed)
        for _ in range(REQUESTS):
            started = time.perf_counter()
            try:
                status, _ = get(port, "/api/state/" + chooser.choice(walk))
                if status != 200:
                    errors.append(status)
            except OSError as error:
                errors.append(repr(error))
            latencies.append(time.perf_counter() - started)

    threads = [threading.Thread(target=client, args=(seed,)) for seed in range(CLIENTS)]
    began = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=10)
    assert time.monotonic() - began < 10 and not any(thread.is_alive() for thread in threads)
    assert len(latencies) == CLIENTS * REQUESTS
    latencies.sort()
    return latencies[int(len(latencies) * 0.99)], errors


def test_a_burst_of_state_requests_is_answered_quickly_and_without_errors(server):
    """No error, and a p99 latency under 100 ms (a dropped connection costs 1 s, a SYN retry), in the
    best of at most three bursts; benchmarks/explorer_load.py measures the latencies."""
    port, _ = server
    walk = paths(port)
    assert len(walk) > 50
    p99s = []
    for _ in range(BURSTS):
        p99, errors = burst(port, walk)
        assert errors == []
        p99s.append(p99)
        if p99 < P99:
            break
    assert min(p99s) < P99, p99s


def test_a_port_in_use_is_said_in_one_line_with_the_way_out(ttt_check):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, out, err = ttt_check("explore", "--port", port)
    assert (code, out) == (2, "") and len(err.splitlines()) == 1
    assert f"cannot listen on 127.0.0.1:{port}: " in err and err.rstrip().endswith("--port 0 picks a free one")
