"""README.md and docs/ tell the truth: every example prints what the page shows, every link resolves,
the README stays short and leads to every page, and the Portuguese guide keeps step with the English one.

The examples run through `tests.docs_examples`: each page in its own copy of the project, with this
environment's `ttt-check` and `python` first on PATH, as a reader with the environment activated.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import quint_or_skip
from tests.docs_examples import ROOT, Example, Scratch, compare, examples, output_lines, unmarked_commands

README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = [README, *sorted(DOCS.rglob("*.md"))]
GUIDE, GUIA = DOCS / "guide.md", DOCS / "pt-BR" / "guia.md"
#: the README's two set-up commands, copied on a fresh machine (not run here: they install)
SET_UP = {
    "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/ttt-check --invariant OHasNotWon",
    "python3 -m venv .venv && .venv/bin/pip install '.[test]' && .venv/bin/python -m pytest",
}
#: pages written in another branch of the work, linked before they land (a link to them is checked once they exist)
PENDING: set = set()
README_LINES = 250

ALL = [example for page in PAGES for example in examples(page)]
#: run once: the Portuguese guide's examples must be the English guide's (a test below), which run
RUN = [example for example in ALL if not example.slow and example.page != GUIA]


class Pages:
    """Runs each page's examples in order, once, in the page's own scratch copy (an example may use a
    file an earlier one wrote); a block after a docs-test edit runs in its own copy."""

    def __init__(self, tmp_path_factory):
        self.factory = tmp_path_factory
        self.scratches: dict[tuple, Scratch] = {}
        self.results: dict[str, tuple] = {}

    def scratch(self, example: Example) -> Scratch:
        key = (example.page, example.edit)
        if key not in self.scratches:
            self.scratches[key] = Scratch(self.factory.mktemp("docs") / "project", example.edit)
        return self.scratches[key]

    def result(self, example: Example):
        for earlier in RUN:
            if earlier.page == example.page and earlier.name not in self.results:
                scratch = self.scratch(earlier)
                done = scratch.run(earlier.command, interrupt=earlier.interrupt)
                self.results[earlier.name] = (done, scratch.changed())
            if earlier is example:
                break
        return self.results[example.name]


def needs_quint(example: Example) -> bool:
    """Whether the example runs Quint: an edited spec, a .qnt file, `eval`, or Quint's installation."""
    return example.edit is not None or bool(re.search(r"\.qnt\b|\beval\b|install_quint", example.command))


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    return Pages(tmp_path_factory)


def test_the_docs_have_examples():
    assert len(RUN) >= 40
    assert {example.page for example in RUN} >= {README, GUIDE, DOCS / "reference.md"}
    assert len(examples(GUIA)) >= 19


@pytest.mark.parametrize("example", RUN, ids=[example.name for example in RUN])
def test_each_example_prints_what_its_page_shows(example, pages):
    if needs_quint(example):
        quint_or_skip()
    done, changed = pages.result(example)
    assert not changed, f"`{example.command}` wrote into tracked files: {changed}"
    # a page marks an exit code other than 0 with `# exit N`; a server stopped by Ctrl+C ends with 130
    expected = example.exit if example.exit is not None else 130 if example.interrupt else 0
    assert done.returncode == expected, (
        f"`{example.command}` exited {done.returncode}, the page says {expected}:\n{done.stdout}{done.stderr}"
    )
    difference = compare(example.shown, output_lines(done))
    assert difference is None, f"{example.name}: `{example.command}`\n{difference}"


def test_slow_examples_are_few_and_are_benchmarks_or_installs():
    slow = [example for example in ALL if example.slow]
    assert len(slow) <= 20
    for example in slow:
        assert example.page == DOCS / "benchmarks.md" or re.match(r"(pip|npm|mkdir -p \.quint) ", example.command), (
            f"{example.name}: only benchmarks and installs may be left out of the tests"
        )


@pytest.mark.parametrize("page", PAGES, ids=[str(page.relative_to(ROOT)) for page in PAGES])
def test_every_command_shown_is_an_example(page):
    assert unmarked_commands(page, SET_UP) == []


def test_the_references_command_table_lists_every_command_there_is():
    """One row per command `ttt-check --help` lists (and one for the check itself), each linking to its
    section; and the README names `ttt-check test`, which a student would not find otherwise."""
    from model.commands.cli import cli

    text = (DOCS / "reference.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| \[`ttt-check( \w+)?`\]\(#([\w-]+)\) \| .+ \|$", text, re.M)
    assert sorted(name.strip() for name, _ in rows) == sorted(["", *cli.commands])
    for name, anchor in rows:
        assert anchor == (f"ttt-check-{name.strip()}" if name else "ttt-check-the-check")
    assert "`ttt-check test FILE.qnt`" in README.read_text(encoding="utf-8")


# ---- links ------------------------------------------------------------------------------------------------

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def anchors(page: Path) -> set[str]:
    """The anchors GitHub gives a page's headings."""
    found, seen = set(), {}
    inside = False
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            inside = not inside
        if inside or not line.startswith("#"):
            continue
        title = line.lstrip("#").strip()
        slug = re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-")
        if slug in seen:
            seen[slug] += 1
            slug = f"{slug}-{seen[slug]}"
        else:
            seen[slug] = 0
        found.add(slug)
    return found


def links(page: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    text = re.sub(r"`[^`\n]*`", "", text)
    return LINK.findall(text)


@pytest.mark.parametrize("page", PAGES, ids=[str(page.relative_to(ROOT)) for page in PAGES])
def test_every_relative_link_resolves(page):
    for target in links(page):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if file in PENDING and not file.exists():
            continue
        assert file.exists(), f"{page.relative_to(ROOT)}: {target} does not exist"
        if anchor:
            assert file.suffix == ".md" and anchor in anchors(file), f"{page.relative_to(ROOT)}: no anchor {target}"


def test_the_readme_is_short_and_leads_to_every_page():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_LINES
    linked = {(README.parent / target.partition("#")[0]).resolve() for target in links(README)}
    for page in [*sorted(DOCS.rglob("*.md")), *PENDING]:
        assert page.resolve() in linked, f"README.md does not link {page.relative_to(ROOT)}"


def test_the_readme_holds_the_two_set_up_commands_ci_reads():
    """`.ci/run` takes the test command from the first line starting `    python3 ` after `Install and run the
    tests:`; the main job's command is the one before it."""
    lines = README.read_text(encoding="utf-8").splitlines()
    tests = lines.index("Install and run the tests:")
    command = next(line for line in lines[tests + 1: tests + 3] if line.startswith("    python3 "))
    assert command[4:] in SET_UP and "pytest" in command
    main = next(i for i, line in enumerate(lines) if line.startswith("Install and run the main job"))
    assert lines[main + 2][4:] in SET_UP and "OHasNotWon" in lines[main + 2]
    ci = (ROOT / ".ci/run").read_text(encoding="utf-8")
    assert "grep -A2 '^Install and run the tests:' README.md | grep -m1 '^    python3 '" in ci


def test_the_readme_uses_one_prefix():
    """Activate once, then plain `ttt-check`: no `.venv/bin/` outside the set-up commands."""
    text = README.read_text(encoding="utf-8")
    for line in text.splitlines():
        if ".venv/bin/" in line and line.strip() not in SET_UP:
            assert "activate" in line, f"README.md: {line}"
    for page in DOCS.rglob("*.md"):  # the guides repeat the set-up command, to stand on their own
        for line in page.read_text(encoding="utf-8").splitlines():
            assert ".venv/bin/ttt-check" not in line or line.strip() in SET_UP, f"{page}: {line}"


# ---- the Portuguese guide ------------------------------------------------------------------------------------


def headings(page: Path) -> list[str]:
    return [line.split(" ")[0] for line in page.read_text(encoding="utf-8").splitlines()
            if re.match(r"#+ ", line)]


def prose_figures(page: Path) -> list[int]:
    """The numbers of 10 or more in a page's prose (outside code), read the English or the Brazilian way."""
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    text = re.sub(r"`[^`\n]*`", "", text)
    text = re.sub(r"\]\([^)]*\)", "]", text)
    text = re.sub(r"^    .*$", "", text, flags=re.M)
    numbers = re.findall(r"(?<![\w.,])\d{1,3}(?:[.,]\d{3})+(?![\d])|(?<![\w.,])\d+(?![\d])", text)
    return sorted(int(re.sub(r"[.,]", "", n)) for n in numbers if int(re.sub(r"[.,]", "", n)) >= 10)


def written_numbers(text: str) -> set[int]:
    """Every number in `text`, `1,211` read as 1211."""
    return {int(n.replace(",", "")) for n in re.findall(r"\d{1,3}(?:,\d{3})+(?!\d)|\d+", text)}


def test_every_figure_the_guide_states_is_printed_by_one_of_its_examples(pages):
    """A figure the guide's prose states (a number of 10 or more) is one that a command of the page prints,
    or is given, when the page's examples run here; the Portuguese guide states the same figures (below).
    Without Quint, the examples that need it count by what the page shows (checked where Quint is)."""
    printed = set()
    for example in [example for example in RUN if example.page == GUIDE]:
        try:
            if needs_quint(example):
                quint_or_skip()
            done, _ = pages.result(example)
            text = done.stdout + done.stderr
        except pytest.skip.Exception:
            text = "\n".join(example.shown)
        printed |= written_numbers(f"{example.command}\n{text}")
    assert [figure for figure in prose_figures(GUIDE) if figure not in printed] == []


def test_the_portuguese_guide_runs_the_same_commands_and_shows_the_same_output():
    english, portuguese = examples(GUIDE), examples(GUIA)
    assert [(e.command, e.exit, e.shown, e.edit) for e in english] == [
        (e.command, e.exit, e.shown, e.edit) for e in portuguese]


def test_the_portuguese_guide_has_the_same_sections_and_figures():
    assert headings(GUIDE) == headings(GUIA)
    assert prose_figures(GUIDE) == prose_figures(GUIA)
    assert any("pt-BR/guia.md" in target for target in links(GUIDE))
    assert any("guide.md" in target for target in links(GUIA))


# ---- the harness itself ---------------------------------------------------------------------------------------


def test_an_example_that_writes_a_tracked_file_is_caught(tmp_path):
    scratch = Scratch(tmp_path / "project")
    scratch.run("ttt-check -i NotStalemate --out-itf trace.json")
    assert scratch.changed() == []
    scratch.run("ttt-check -i NotStalemate --out-itf docs/explorer.png")
    assert scratch.changed() == ["docs/explorer.png"]
    assert (ROOT / "docs/explorer.png").read_bytes()[:4] == b"\x89PNG"


def test_what_is_shown_must_be_printed_line_for_line():
    printed = ["a", "b", "c 0.03 s (27,056 states/s)", "d"]
    assert compare(["a", "b", "c 1.00 s (5 states/s)", "d"], printed) is None
    assert compare(["a", "...", "d"], printed) is None
    assert compare(["... (trimmed) ...", "b", "..."], printed) is None
    assert compare(["a", "c 0.03 s (27,056 states/s)", "d"], printed) is not None  # a line left out, unsaid
    assert compare(["a", "b"], printed) is not None  # the end left out, unsaid
    assert compare(["...", "d", "b"], printed) is not None  # out of order
    assert compare(["a", "b", "c", "d"], printed) is not None


#: names of documents outside the project ("seed 004's hash", "as in 002"), which a reader cannot open
FOREIGN_NAMES = re.compile(r"\b(?:seeds?|sementes?) 0\d\d\b|\bseeds/|\b0\d\d's\b|\bas in 0\d\d\b", re.IGNORECASE)


def test_the_docs_and_code_say_what_they_mean_not_where_it_came_from():
    files = [ROOT / "README.md", *DOCS.rglob("*.md"), *(ROOT / "model").rglob("*.py"), *(ROOT / "checker").rglob("*.py")]
    found = [f"{path.relative_to(ROOT)}: {line.strip()}" for path in files
             for line in path.read_text(encoding="utf-8").splitlines() if FOREIGN_NAMES.search(line)]
    assert not found, "\n".join(found)


def test_the_robustness_page_does_not_promise_that_a_mode_keeps_a_file_from_root():
    """Root writes a `chmod 444` file all the same: what is kept is a file the user may not write."""
    text = " ".join((DOCS / "robustness.md").read_text(encoding="utf-8").split())
    assert "(`chmod 444`) is never replaced" not in text
    assert "a file the user may not write" in text
