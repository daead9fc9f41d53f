"""The explorer's definitions and expression box, used as a person would, in a real headless Chromium.

The page serves the lecture's strategy spec. What it shows is checked against
the independent enumerator (tests/enumerator.py): the board read from the page
says whether the board is empty or full, the game over, a line won; the values
of `boardEmpty`, `gameOver` and of the expression `won(X)` typed in the box
must agree. A typo gets Quint's own message, with its caret.
"""

import os
import re
import subprocess
from pathlib import Path

import browser
import console
import pytest
from enumerator import has_won, is_full, is_over

from checker.quint.frontend import FrontEndError, find_quint

ROOT = Path(__file__).resolve().parents[1]
reason = browser.missing()
if reason and not os.environ.get("CI"):
    pytest.skip(reason, allow_module_level=True)


@pytest.fixture(scope="module")
def url():
    assert reason is None, reason  # in CI, a missing browser fails the test
    try:
        find_quint(None, ROOT / "specs/tictactoe.qnt")
    except FrontEndError:
        pytest.skip("needs the quint executable (QUINT, .quint/ or PATH)")
    server = subprocess.Popen(
        [str(console.TTT_CHECK), "explore", "--port", "0", "-i", "XHasNotWon"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
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


def open_state(page, url: str, path: str) -> None:
    page.get("about:blank")
    page.get(url + "#/" + path)
    until(page, lambda driver: driver.find_element("tag name", "body").get_attribute("data-path") == path)


def board(page) -> str:
    return "".join(cell.text or "." for cell in page.find_elements("css selector", "#state table.board td"))


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
        shown, squares = definitions(page), board(page)
        assert list(shown)[:4] == ["boardEmpty", "boardFull", "stalemate", "gameOver"]
        assert {"canWin", "canBlock", "canTakeCenter", "canSetupWin"} <= set(shown)
        assert shown["boardEmpty"] == ("true" if squares == "." * 9 else "false")
        assert shown["boardFull"] == ("true" if is_full(squares) else "false")
        assert shown["gameOver"] == ("true" if is_over(squares) else "false")
        assert shown["canTakeCenter"] == ("true" if squares[4] == "." else "false")


def test_the_expression_box_answers_at_the_state_shown_and_keeps_the_expression(page, url):
    open_state(page, url, "0")
    assert page.find_element("id", "expression").is_displayed()
    assert evaluate(page, "won(X)") == ("value", "false")
    assert evaluate(page, "canWinWithPattern(Set((1,1),(1,2),(1,3)))") == ("value", "false")
    # the end of the counterexample of XHasNotWon: X has won there, and the box says so again by itself
    link = page.find_element("css selector", "a[data-property=XHasNotWon]")
    evaluate(page, "won(X)")
    link.click()
    while page.find_element("id", "next").is_enabled():
        before = page.find_element("tag name", "body").get_attribute("data-path")
        page.find_element("id", "next").click()
        until(page, lambda driver: driver.find_element("tag name", "body").get_attribute("data-path") != before)
    until(page, lambda driver: driver.find_element("id", "eval-result").get_attribute("class") == "value", 30)
    assert has_won(board(page), "X")
    assert page.find_element("id", "eval-result").text == "true"


def test_a_typo_gets_quints_message_with_its_caret(page, url):
    open_state(page, url, "0")
    kind, text = evaluate(page, "won(Y)")
    assert kind == "error"
    assert "Name 'Y' not found" in text and "^" in text
    kind, text = evaluate(page, "won(X")
    assert kind == "error" and "')' is missing" in text
