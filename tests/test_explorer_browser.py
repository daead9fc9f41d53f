"""`ttt-check explore`, used as a person would: the installed command serves the
page, a real headless Chromium opens it, clicks through the counterexamples and
a successor, and reads what the page shows. What it shows is checked against
the independent enumerator (tests/enumerator.py): every step is a move of the
game, the counterexample is a shortest one and ends where the property fails;
the values of the spec's definitions shown (`boardEmpty`, `gameOver`...) and of
an expression typed in the box (`won(X)`, through Quint's REPL) agree with the
board shown, and a typo gets Quint's own message with its caret.

The README's picture is taken by docs/explorer_screenshot.py, run here too.

Runs in CI (CI set) always; elsewhere it is skipped when Chromium, chromedriver
or selenium is missing.
"""

import importlib.util
import os
import re
import subprocess
from pathlib import Path

import browser
import console
import pytest
from enumerator import STRATEGY, has_won, is_full, is_over, is_stalemate

from checker.quint.frontend import FrontEndError, find_quint

ROOT = Path(__file__).resolve().parents[1]
reason = browser.missing()
if reason and not os.environ.get("CI"):
    pytest.skip(reason, allow_module_level=True)


@pytest.fixture(scope="module")
def url():
    """The address `ttt-check explore` prints, for the strategy spec with three counterexamples."""
    assert reason is None, reason  # in CI, a missing browser fails the test
    server = subprocess.Popen(
        [str(console.TTT_CHECK), "explore", "--port", "0", "-i", "NotStalemate", "-i", "XHasNotWon",
         "-t", "XMustEventuallyWin"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = server.stdout.readline()
        found = re.search(r"at (http://127\.0\.0\.1:\d+/) ", line)
        assert found, line + server.stderr.read()
        yield found.group(1)
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture(scope="module")
def page():
    with browser.chromium() as driver:
        yield driver


def until(page, condition, seconds: float = 10) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(page, seconds).until(condition)


def wait_for(page, path: str) -> None:
    """Until the page shows the state at `path`."""
    until(page, lambda driver: driver.find_element("tag name", "body").get_attribute("data-path") == path)


def shown(page) -> dict:
    """What the page shows of the current state, read from the page."""
    cells = page.find_elements("css selector", "#state table.board td")
    caption = page.find_element("css selector", "#state table.board caption").text
    invariants = {
        row.get_attribute("data-invariant"): "holds" in row.get_attribute("class").split()
        for row in page.find_elements("css selector", "#invariants tr")
    }
    return {
        "state": ("".join(cell.text or "." for cell in cells), caption.removeprefix("nextTurn: ")),
        "label": page.find_element("id", "label").text,
        "invariants": invariants,
        "position": page.find_element("id", "trace-position").text,
        "path": page.find_element("tag name", "body").get_attribute("data-path"),
    }


def step_through(page, url: str, prop: str) -> list[dict]:
    """Open counterexample `prop` from the list and press Next until its end; what each state showed."""
    page.get(url)
    link = f"a[data-property={prop}]"
    until(page, lambda driver: driver.find_elements("css selector", link))
    page.find_element("css selector", link).click()
    until(page, lambda driver: driver.find_element("id", "trace-position").text.startswith(f"{prop}: state 0 "))
    seen = [shown(page)]
    while page.find_element("id", "next").is_enabled():
        page.find_element("id", "next").click()
        until(page, lambda driver: driver.find_element("tag name", "body").get_attribute("data-path") != seen[-1]["path"])
        seen.append(shown(page))
    return seen


def assert_a_behaviour(seen: list[dict]) -> None:
    """Each state shown follows from the one before by a move of the game, from the empty board."""
    exploration = STRATEGY.explore()
    assert seen[0]["state"] == ("." * 9, "X") and seen[0]["label"] == "init"
    for before, after in zip(seen, seen[1:]):
        assert after["state"] in exploration.successors[before["state"]], (before, after)


def test_a_counterexample_opens_step_by_step(page, url):
    seen = step_through(page, url, "NotStalemate")
    assert_a_behaviour(seen)
    exploration = STRATEGY.explore()
    stalemates = {s for s in exploration.states if is_stalemate(s[0])}
    assert len(seen) - 1 == exploration.shortest(stalemates)  # a shortest counterexample
    last = len(seen) - 1
    for depth, state in enumerate(seen):
        board = state["state"][0]
        assert state["position"].startswith(f"NotStalemate: state {depth} of {last}")
        assert state["invariants"]["NotStalemate"] == (not is_stalemate(board))
        assert state["invariants"]["XHasNotWon"] == (not has_won(board, "X"))
        assert state["label"].startswith("MoveX ›" if depth % 2 else "MoveO ›") or depth == 0
    assert is_stalemate(seen[-1]["state"][0]) and not page.find_element("id", "next").is_enabled()

    page.find_element("id", "prev").click()
    wait_for(page, seen[-2]["path"])
    assert shown(page)["state"] == seen[-2]["state"]


def test_a_lasso_ends_where_the_behaviour_stays_forever(page, url):
    seen = step_through(page, url, "XMustEventuallyWin")
    assert_a_behaviour(seen)
    board = seen[-1]["state"][0]
    assert is_over(board) and not has_won(board, "X")
    assert seen[-1]["position"].endswith("repeats forever")


def test_clicking_a_successor_shows_it_and_the_address_can_be_shared(page, url):
    page.get(url + "#/0")
    wait_for(page, "0")
    cards = page.find_elements("css selector", "a.successor")
    assert len(cards) == len(STRATEGY.explore().successors[("." * 9, "X")])
    label = cards[2].find_element("class name", "step").text
    cards[2].click()
    wait_for(page, "0/2")
    here = shown(page)
    assert here["label"] == label and here["state"] in STRATEGY.explore().successors[("." * 9, "X")]
    assert page.current_url.endswith("#/0/2")
    steps = [a.text for a in page.find_elements("css selector", "#path li a")]
    assert steps == ["init", label]

    page.get("about:blank")
    page.get(url + "#/0/2")  # the shared address shows the same state
    wait_for(page, "0/2")
    assert shown(page)["state"] == here["state"]


def test_an_address_with_no_state_says_so_on_the_page(page, url):
    page.get("about:blank")
    page.get(url + "#/0/99")
    until(page, lambda driver: driver.find_element("id", "error").is_displayed())
    assert page.find_element("id", "error").text == "Cannot show state 0/99: no state at 0/99: the state at 0 has 4 successors"
    page.get(url + "#0/1")  # typed without the leading slash: still understood
    until(page, lambda driver: driver.find_element("tag name", "body").get_attribute("data-path") == "0/1")
    assert not page.find_element("id", "error").is_displayed()


# ---- the definitions and the expression box (Quint's REPL) ----------------------


def open_state(page, url: str, path: str) -> None:
    page.get("about:blank")
    page.get(url + "#/" + path)
    until(page, lambda driver: driver.find_element("tag name", "body").get_attribute("data-path") == path)


def definitions(page) -> dict:
    rows = page.find_elements("css selector", "#definitions tr")
    return {row.get_attribute("data-definition"): row.find_element("css selector", "code").text for row in rows}


def evaluate(page, expression: str) -> tuple[str, str]:
    """Type `expression` in the box and press Evaluate: (the result's class, its text)."""
    box = page.find_element("id", "eval-input")
    box.clear()
    box.send_keys(expression)
    page.find_element("id", "eval-button").click()
    until(page, lambda driver: driver.find_element("id", "eval-result").get_attribute("class") in ("value", "error"), 60)
    result = page.find_element("id", "eval-result")
    return result.get_attribute("class"), result.text


def test_the_definitions_are_shown_with_their_values_at_each_state(page, url):
    for path in ("0", "0/1", "0/1/3"):
        open_state(page, url, path)
        values, squares = definitions(page), shown(page)["state"][0]
        assert list(values)[:4] == ["boardEmpty", "boardFull", "stalemate", "gameOver"]
        assert {"canWin", "canBlock", "canTakeCenter", "canSetupWin"} <= set(values)
        assert values["boardEmpty"] == ("true" if squares == "." * 9 else "false")
        assert values["boardFull"] == ("true" if is_full(squares) else "false")
        assert values["gameOver"] == ("true" if is_over(squares) else "false")
        assert values["canTakeCenter"] == ("true" if squares[4] == "." else "false")


def needs_quint() -> None:
    try:
        find_quint(None, ROOT / "specs/tictactoe.qnt")
    except FrontEndError:
        pytest.skip("needs the quint executable (QUINT, .quint/ or PATH)")


def test_the_expression_box_answers_at_the_state_shown_and_keeps_the_expression(page, url):
    needs_quint()
    open_state(page, url, "0")
    assert page.find_element("id", "expression").is_displayed()
    assert evaluate(page, "won(X)") == ("value", "false")
    assert evaluate(page, "canWinWithPattern(Set((1,1),(1,2),(1,3)))") == ("value", "false")
    # the end of the counterexample of XHasNotWon: X has won there, and the box says so again by itself
    link = page.find_element("css selector", "a[data-property=XHasNotWon]")
    evaluate(page, "won(X)")
    link.click()
    until(page, lambda driver: driver.find_element("id", "trace-position").text.startswith("XHasNotWon: state 0 "))
    while page.find_element("id", "next").is_enabled():
        before = page.find_element("tag name", "body").get_attribute("data-path")
        page.find_element("id", "next").click()
        until(page, lambda driver: driver.find_element("tag name", "body").get_attribute("data-path") != before)
    until(page, lambda driver: driver.find_element("id", "eval-result").get_attribute("class") == "value", 30)
    assert has_won(shown(page)["state"][0], "X")
    assert page.find_element("id", "eval-result").text == "true"


def test_a_typo_gets_quints_message_with_its_caret(page, url):
    needs_quint()
    open_state(page, url, "0")
    kind, text = evaluate(page, "won(Y)")
    assert kind == "error"
    assert "Name 'Y' not found" in text and "^" in text
    kind, text = evaluate(page, "won(X")
    assert kind == "error" and "')' is missing" in text


def test_the_board_names_its_squares_as_the_terminal_does_and_own_properties_are_marked(page, url):
    open_state(page, url, "0/1")
    board = page.find_element("css selector", "#state table.board")
    assert [th.text for th in board.find_elements("css selector", "th[scope=col]")] == ["1", "2", "3"]
    assert [th.text for th in board.find_elements("css selector", "th[scope=row]")] == ["A", "B", "C"]
    legend = page.find_element("id", "legend")
    assert legend.is_displayed() and "C1 is row C, column 1" in legend.text
    marked = {row.get_attribute("data-invariant"): bool(row.find_elements("css selector", ".own"))
              for row in page.find_elements("css selector", "#invariants tr")}
    assert marked["StrategyKeepsValue"] and not any(v for name, v in marked.items() if name != "StrategyKeepsValue")


def test_the_readmes_picture_is_taken_from_the_page(page, url, tmp_path):
    """docs/explorer_screenshot.py at state 4 of the shortest draw, as README.md shows it."""
    loaded = importlib.util.spec_from_file_location("explorer_screenshot", ROOT / "docs" / "explorer_screenshot.py")
    script = importlib.util.module_from_spec(loaded)
    loaded.loader.exec_module(script)
    out = tmp_path / "explorer.png"
    try:
        assert script.shoot(page, url, str(out)) == "NotStalemate: state 4 of 9"
        at = shown(page)["state"]
    finally:
        page.set_window_size(1280, 900)  # as the other tests see the page
    png = out.read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width = int.from_bytes(png[16:20], "big")
    assert width == script.WINDOW[0] == int.from_bytes((ROOT / "docs" / "explorer.png").read_bytes()[16:20], "big")
    assert STRATEGY.explore().distance[at] == 4  # the state the page showed, 4 moves in
