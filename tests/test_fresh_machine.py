"""The README's tests on a student's fresh machine: with no Quint, Java or Chromium in reach, every test
that needs one of them is skipped, saying which, and every other test passes.

`.ci/without_tools` makes such a machine: a copy of the project's tracked files, a PATH without quint,
java, chromium or chromedriver, no QUINT, a new HOME. CI runs the README's whole test command through it;
here, the test modules that mix tests needing those tools with tests needing none run there, with
this environment's Python (the README's command would install the same packages first).
"""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: modules whose tests need Quint (and one that gave a usage error only with Quint), Java, Chromium
MODULES = ["tests/test_quint_cli.py", "tests/test_file_is_truth.py", "tests/test_tla_lecture.py",
           "tests/test_explorer_browser.py"]  # fmt: skip


def readme_test_command() -> str:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    at = lines.index("Install and run the tests:")
    return next(line for line in lines[at + 1 : at + 3] if line.startswith("    python3 ")).strip()


def test_without_quint_java_or_chromium_the_tests_that_need_them_are_skipped_saying_which():
    command = readme_test_command()
    assert command.endswith("&& .venv/bin/python -m pytest")  # what runs below, after the install
    tests = f"{sys.executable} -m pytest -n 0 -p no:cacheprovider -rfs {' '.join(MODULES)}"
    done = subprocess.run([str(ROOT / ".ci" / "without_tools"), tests], capture_output=True, text=True, timeout=1200)
    failures = re.findall(r"^(?:FAILED|ERROR) .*$", done.stdout, re.M)
    assert done.returncode == 0, "\n".join(failures) + "\n" + done.stdout[-5000:] + done.stderr[-2000:]
    reasons = {reason for _, reason in re.findall(r"^SKIPPED \[\d+\] (\S+): (.+)$", done.stdout, re.M)}
    assert "needs the quint executable (QUINT, .quint/ or PATH)" in reasons
    assert "needs Java (java on PATH) for TLC" in reasons
    assert any(reason.startswith("needs Chromium: ") for reason in reasons), reasons
    passed = re.search(r"(\d+) passed", done.stdout)
    assert passed and int(passed[1]) > 20 and " failed" not in done.stdout
