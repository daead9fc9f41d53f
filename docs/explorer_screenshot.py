"""Take the README's picture of the explorer, docs/explorer.png, from the real page.

    python docs/explorer_screenshot.py [OUT.png]

Runs the README's command, `ttt-check explore -i NotStalemate` (on a free port), opens the page in a
headless Chromium (the system's chromium and chromedriver, driven by Selenium: `pip install
'.[browser]'`, `apt-get install chromium chromium-driver`), opens the counterexample, steps to its
state 4, evaluates `won(X)` in the expression box when Quint is installed, and saves the page.
Prints what the page showed, or exits 1 saying why it could not.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import browser  # noqa: E402 (the tests' headless Chromium, from the project's tests/)

#: the counterexample shown, and the state of it the picture is taken at
PROPERTY, DEPTH, EXPRESSION = "NotStalemate", 4, "won(X)"
#: the browser window's size when the picture is taken
WINDOW = (1280, 1500)


def ttt_check() -> str:
    """The `ttt-check` beside this Python (in its environment), else the one on PATH."""
    beside = Path(sys.executable).parent / "ttt-check"
    return str(beside) if beside.exists() else shutil.which("ttt-check") or "ttt-check"


def until(page, condition, seconds: float = 30) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(page, seconds).until(condition)


def shoot(page, url: str, out: str) -> str:
    """Open the counterexample at `url`, step to state DEPTH, evaluate EXPRESSION if the page offers the
    box, and save the page to `out`; what the trace bar said there."""
    page.get(url)
    link = f"a[data-property={PROPERTY}]"
    until(page, lambda driver: driver.find_elements("css selector", link))
    page.find_element("css selector", link).click()
    for depth in range(1, DEPTH + 1):
        until(page, lambda driver: driver.find_element("id", "trace-position").text.startswith(f"{PROPERTY}: state {depth - 1} "))
        page.find_element("id", "next").click()
    until(page, lambda driver: driver.find_element("id", "trace-position").text.startswith(f"{PROPERTY}: state {DEPTH} "))
    if page.find_element("id", "expression").is_displayed():
        page.find_element("id", "eval-input").send_keys(EXPRESSION)
        page.find_element("id", "eval-button").click()
        until(page, lambda driver: driver.find_element("id", "eval-result").get_attribute("class") in ("value", "error"), 60)
    page.set_window_size(*WINDOW)
    page.execute_script("window.scrollTo(0, 0)")
    page.save_screenshot(out)
    return page.find_element("id", "trace-position").text


def main(out: str = str(ROOT / "docs" / "explorer.png")) -> int:
    missing = browser.missing()
    if missing:
        print(f"explorer_screenshot: {missing}", file=sys.stderr)
        return 1
    server = subprocess.Popen([ttt_check(), "explore", "-i", PROPERTY, "--port", "0"], cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
    try:
        line = server.stdout.readline()
        found = re.search(r"at (http://127\.0\.0\.1:\d+/) ", line)
        if not found:
            print(f"explorer_screenshot: ttt-check explore did not start: {line}{server.stderr.read()}", file=sys.stderr)
            return 1
        with browser.chromium() as page:
            shown = shoot(page, found.group(1), out)
    finally:
        server.terminate()
        server.wait(timeout=10)
    print(f"{out}: {shown}")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:2]))
