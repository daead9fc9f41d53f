"""The explorer's JSON API over HTTP (no browser): states by path, checked against
the independent enumerator (tests/enumerator.py), and bad requests answered with
a 4xx and one line of JSON."""

import json
import random
import re
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from boards import drawn
from enumerator import STRATEGY, is_stalemate

from checker.web.api import Explorer
from checker.web.server import make_server
from model.spec.strategy import StrategyTicTacToe

ROOT = Path(__file__).resolve().parents[1]


def squares(state: dict) -> tuple[str, str]:
    """`("X...O....", "X")` from a state's board view."""
    board = state["views"]["board"]
    return drawn(board), re.search(r"nextTurn: (\w+)", board)[1]


@pytest.fixture(scope="module")
def url():
    """A server on a free port, for the strategy spec with a counterexample to NotStalemate."""
    from checker.explore.bfs import explore

    model = StrategyTicTacToe()
    result = explore(model, [model.invariants["NotStalemate"]], check_deadlock=False)
    server = make_server(Explorer(model, [("NotStalemate", "invariant", result.violations["NotStalemate"])]), 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def get(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=10) as response:
        assert response.headers["Content-Type"].startswith("application/json")
        return json.load(response)


def names_the_square_taken(label: str, before: str, after: str) -> bool:
    """Whether a move's label names its square as traces do and as `play` does (`coordinate=(3,1) C1` is
    row 3, letter C, column 1); when it does, that is the one square the step filled."""
    named = re.search(r"\w+=\((\d),(\d)\) ([A-C])([1-3])", label)
    if named:
        row, column, letter, digit = named.groups()
        assert (int(row), int(column)) == (ord(letter) - ord("A") + 1, int(digit)), label
        filled = [i for i in range(9) if before[i] != after[i]]
        assert filled == [(int(row) - 1) * 3 + int(column) - 1], (label, before, after)
    return named is not None


def test_random_walks_follow_the_games_moves(url):
    successors = STRATEGY.explore().successors
    chooser = random.Random(7)
    named = 0
    for _ in range(5):
        state = get(url + "api/state/0")
        assert squares(state) == ("." * 9, "X") and state["label"] is None
        taken = []
        while not state["final"]:
            here = squares(state)
            shown = [squares(s) for s in state["successors"]]
            assert sorted(shown) == sorted(successors[here])  # distinct successors, as the game has them
            pick = chooser.choice(state["successors"])
            state = get(url + "api/state/" + "/".join(map(str, pick["path"])))
            taken.append(pick["label"])
            assert squares(state) == shown[pick["index"]] and state["label"] == pick["label"]
            named += names_the_square_taken(pick["label"], here[0], squares(state)[0])
            assert state["trail"] == taken and state["depth"] == len(taken)
        assert successors[squares(state)] == {squares(state)}  # final: only the stutter step
    assert named >= 10  # most moves pick their square


def test_the_counterexample_path_leads_to_a_shortest_stalemate(url):
    spec = get(url + "api/spec")
    assert spec["name"] == "strategy" and spec["views"] == ["board", "quint"]
    (found,) = spec["counterexamples"]
    assert (found["property"], found["kind"], found["loop"]) == ("NotStalemate", "invariant", None)
    state = get(url + "api/state/" + "/".join(map(str, found["path"])))
    assert is_stalemate(squares(state)[0])
    exploration = STRATEGY.explore()
    assert state["depth"] == exploration.shortest({s for s in exploration.states if is_stalemate(s[0])})
    assert {inv["name"]: inv["holds"] for inv in state["invariants"]}["NotStalemate"] is False


@pytest.mark.parametrize(
    "path, status, method",
    [
        ("api/state/0/99", 404, "GET"),
        ("api/state/7", 404, "GET"),
        ("api/state/0/x", 400, "GET"),
        ("api/state/0/-1", 400, "GET"),
        ("api/state/0//1", 400, "GET"),
        ("api/state", 400, "GET"),
        ("api/state/%FF", 400, "GET"),
        ("api/state/0/" + "9" * 19, 400, "GET"),  # too large to be a state's index
        ("api/state/" + "1" * 5000, 400, "GET"),
        ("nothing/here", 404, "GET"),
        ("api/state/0", 405, "POST"),
    ],
)
def test_bad_requests_get_a_client_error_as_one_line_of_json(url, path, status, method):
    request = urllib.request.Request(url + path, method=method, data=b"" if method == "POST" else None)
    with pytest.raises(urllib.error.HTTPError) as failed:
        urllib.request.urlopen(request, timeout=10)
    body = failed.value.read().decode()
    assert failed.value.code == status
    assert "\n" not in body.strip() and "Traceback" not in body
    assert set(json.loads(body)) == {"error"}


def test_the_checkers_own_invariants_are_marked():
    """The invariants the page marks as ttt-check's own are exactly those the .qnt file does not declare."""
    from model.players.keeps_value import ValuedStrategy

    explorer = Explorer(ValuedStrategy())
    declared = set(re.findall(r"^\s*val (\w+)", (ROOT / "specs/tictactoe.qnt").read_text(), re.M))
    marked = {inv["name"]: inv["own"] for inv in explorer.state([0])["invariants"]}
    assert "StrategyKeepsValue" in marked and "OHasNotWon" in marked
    assert marked == {name: name not in declared for name in marked}


def test_the_drawings_legend_is_given():
    legend = Explorer(StrategyTicTacToe()).spec()["legend"]
    assert legend.startswith("Squares: rows A to C, columns 1 to 3; C1 is row C, column 1")
    assert "(3,1)" in legend
