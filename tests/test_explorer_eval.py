"""The explorer's expression box is the student's alone.

Through a server in this process, with an evaluator of the tests' own that counts its calls (no
Quint needed): a request that does not come from the page the server served (no token, another
origin, an `<img>` on another port) is refused before anything is evaluated; one evaluation runs at a
time, a bounded number wait, for a bounded time, and the others are answered "busy" at once, so a
slow request cannot make another wait without end. Then, with Quint's own REPL: a definition typed
in the box does not outlive its question, a string holding a bracket is answered (not waited on), and
an evaluation past its time bound is stopped, the next one answered.
"""

from __future__ import annotations

import http.client
import json
import re
import threading
import time
from contextlib import contextmanager

import console
import pytest
from conftest import ROOT, quint_or_skip

from checker.quint.repl import ExpressionError, Repl
from checker.web.api import Explorer, Turns
from checker.web.server import make_server
from model.spec.tictactoe import TicTacToe


class Evaluator:
    """Answers `n` at once and `slow` when released; counts the expressions it was asked."""

    def __init__(self):
        self.asked: list[str] = []
        self.release = threading.Event()
        self.started = threading.Event()

    def __call__(self, state, expression: str) -> str:
        self.asked.append(expression)
        if expression == "slow":
            self.started.set()
            self.release.wait(30)
        return f"value of {expression}"


@contextmanager
def serving(evaluate, turns=None):
    """An explorer server of the random spec in a thread: its port."""
    server = make_server(Explorer(TicTacToe(), [], evaluate, turns), 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


def get(port: int, path: str, headers: dict | None = None) -> tuple[int, dict | str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", path, headers=headers or {})
    response = connection.getresponse()
    body = response.read().decode()
    connection.close()
    return response.status, json.loads(body) if response.headers.get_content_type() == "application/json" else body


def page_token(port: int) -> str:
    """The token the page holds, read from the page as a browser loads it."""
    status, page = get(port, "/")
    assert status == 200
    return re.search(r'<meta name="explorer-token" content="([^"]+)">', page)[1]


def ask(port: int, expression: str, token: str | None, **headers) -> tuple[int, dict]:
    sent = {name.replace("_", "-"): value for name, value in headers.items()}
    if token is not None:
        sent["X-Explorer-Token"] = token
    return get(port, f"/api/eval/0?expr={expression}", sent)


def test_only_the_page_the_server_served_is_answered():
    evaluator = Evaluator()
    with serving(evaluator) as port:
        token = page_token(port)
        assert len(token) >= 24 and page_token(port) == token
        # an <img src="http://127.0.0.1:PORT/api/eval/0?expr=..."> on a page of another port
        image = {"Sec_Fetch_Site": "same-site", "Sec_Fetch_Dest": "image", "Sec_Fetch_Mode": "no-cors"}
        refused = [
            ask(port, "n", None),  # a plain GET, as from a browser too old to say where it comes from
            ask(port, "n", None, **image),
            ask(port, "n", token, **image),  # even knowing the token, a request from another origin
            ask(port, "n", token, Sec_Fetch_Site="cross-site"),
            ask(port, "n", token, Origin=f"http://127.0.0.1:{port + 1}"),
            ask(port, "n", token, Origin="http://evil.example"),
            ask(port, "n", token[:-1] + ("A" if token[-1] != "A" else "B")),
            ask(port, "n", ""),
        ]
        assert [status for status, _ in refused] == [403] * len(refused)
        assert all("answers only its own page" in answer["error"] for _, answer in refused)
        assert evaluator.asked == []  # nothing reached Quint
        # the page itself: its token, and the browser saying so, or saying nothing
        assert ask(port, "n", token, Sec_Fetch_Site="same-origin") == (200, {"expression": "n", "value": "value of n"})
        assert ask(port, "n", token, Origin=f"http://localhost:{port}")[0] == 200
        assert ask(port, "n", token)[0] == 200
        assert evaluator.asked == ["n", "n", "n"]
    with serving(evaluator) as other:  # another run of the server: another token
        assert page_token(other) != token and ask(other, "n", token)[0] == 403


def test_the_page_sends_its_token_with_each_expression():
    """explorer.js reads the token from the page and sends it in the header the server checks."""
    with serving(Evaluator()) as port:
        _, script = get(port, "/explorer.js")
    assert 'document.querySelector(\'meta[name="explorer-token"]\').content' in script
    assert re.search(r'getJSON\(`/api/eval/[^`]*`, \{ "X-Explorer-Token": token \}\)', script)


def test_a_slow_request_does_not_starve_another():
    """One runs, one may wait (here half a second), the rest are told "busy" at once; then all is well."""
    evaluator = Evaluator()
    with serving(evaluator, Turns(waiting=1, patience=0.5)) as port:
        token = page_token(port)
        answers = {}
        slow = threading.Thread(target=lambda: answers.setdefault("slow", ask(port, "slow", token)))
        slow.start()
        assert evaluator.started.wait(10)
        waiting = threading.Thread(target=lambda: answers.setdefault("waiting", ask(port, "n", token)))
        waiting.start()
        time.sleep(0.1)
        started = time.monotonic()
        status, answer = ask(port, "n", token)  # the queue is full: busy at once
        assert status == 503 and answer["error"].startswith("busy") and time.monotonic() - started < 0.4
        waiting.join(10)
        status, answer = answers["waiting"]  # waited its half second, then busy
        assert status == 503 and answer["error"].startswith("busy") and "after 0.5 s" in answer["error"]
        evaluator.release.set()
        slow.join(10)
        assert answers["slow"] == (200, {"expression": "slow", "value": "value of slow"})
        assert ask(port, "n", token) == (200, {"expression": "n", "value": "value of n"})
        assert evaluator.asked == ["slow", "n"]


# ---- with Quint's own REPL -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def repl():
    quint_or_skip()
    running = Repl(str(ROOT / "specs/tictactoe.qnt"), "tictactoe")
    yield running
    running.close()


def start_of_game():
    model = TicTacToe()
    return model.to_quint(next(iter(model.init_states())))


def test_a_definition_does_not_outlive_its_question(repl):
    state = start_of_game()
    with pytest.raises(ExpressionError, match="Only an expression is evaluated here"):
        repl.evaluate(state, "pure val gameOver = true")
    assert repl.evaluate(state, "gameOver") == "false"
    assert repl.evaluate(state, "val x = 40 x + 2") == "42"  # a definition within an expression is local to it
    with pytest.raises(ExpressionError, match="Name 'x' not found"):
        repl.evaluate(state, "x")


@pytest.mark.parametrize("expression, value", [('"("', '"("'), ('")"', '")"'), ('"{ /*"', '"{ /*"'), ('"(" + ")"', None)])
def test_a_string_holding_a_bracket_is_one_question(repl, expression, value):
    started = time.monotonic()
    if value is None:
        with pytest.raises(ExpressionError, match=r"Couldn't unify int and str"):
            repl.evaluate(start_of_game(), expression)
    else:
        assert repl.evaluate(start_of_game(), expression) == value
    assert time.monotonic() - started < 10
    assert repl.evaluate(start_of_game(), "nextTurn") == "X"  # the session is as it was


def test_quints_message_shows_the_expression_as_typed(repl):
    with pytest.raises(ExpressionError) as raised:
        repl.evaluate(start_of_game(), "won(Y)")
    lines = str(raised.value).splitlines()
    at = lines.index("  won(Y)")
    assert lines[at + 1] == "      ^" and re.fullmatch(r"  at <input-\d+>:0:5", lines[at - 1])


def test_an_evaluation_past_its_time_bound_is_stopped_and_the_next_is_answered():
    quint_or_skip()
    quick = Repl(str(ROOT / "specs/tictactoe.qnt"), "tictactoe", seconds=3)
    try:
        quick.evaluate(start_of_game(), "nextTurn")  # started
        started = time.monotonic()
        with pytest.raises(Exception, match="did not answer within 3 s"):
            quick.evaluate(start_of_game(), "1.to(10000000).map(i => i + 1).size()")
        assert time.monotonic() - started < 10
        assert quick.evaluate(start_of_game(), "nextTurn") == "X"
    finally:
        quick.close()


def test_eval_of_a_string_with_a_bracket_answers_at_once():
    quint_or_skip()
    done = console.run("eval", '"("', cwd=ROOT, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, '"("\n', "")
