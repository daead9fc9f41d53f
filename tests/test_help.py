"""`--help` stays short and points to the reference, which names every option of every command.

The commands are found from the command group itself, so a new subcommand is held to the same sizes.
"""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from model.commands.cli import cli

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = (ROOT / "docs" / "reference.md").read_text(encoding="utf-8")
#: the most lines of a help screen (a terminal's height, with the options of two languages' spec files), of one
#: option's entry, and the widest line
MOST_LINES, OPTION_LINES, WIDTH = 64, 2, 80

COMMANDS = [None, *sorted(cli.commands)]


def help_text(name: str | None) -> str:
    args = [name, "--help"] if name else ["--help"]
    done = CliRunner().invoke(cli, args, terminal_width=WIDTH, prog_name="ttt-check", env={"COLUMNS": str(WIDTH)})
    assert done.exit_code == 0, done.output
    return done.output


def command(name: str | None) -> click.Command:
    return cli if name is None else cli.commands[name]


def options_section(text: str) -> list[str]:
    lines = text.splitlines()
    start = lines.index("Options:") + 1
    end = next((i for i in range(start, len(lines)) if not lines[i].startswith(" ") or not lines[i].strip()),
               len(lines))
    return lines[start:end]


@pytest.mark.parametrize("name", COMMANDS, ids=[name or "ttt-check" for name in COMMANDS])
def test_help_is_short_with_examples_first(name):
    text = help_text(name)
    lines = text.splitlines()
    assert len(lines) <= MOST_LINES, f"{len(lines)} lines"
    assert max(len(line) for line in lines) <= WIDTH
    if "Examples:" in text:
        assert text.index("Examples:") < text.index("Options:")
    assert "docs/reference.md" in text


@pytest.mark.parametrize("name", COMMANDS, ids=[name or "ttt-check" for name in COMMANDS])
def test_each_option_takes_at_most_two_lines(name):
    entries: list[list[str]] = []
    for line in options_section(help_text(name)):
        if re.match(r"  -", line):
            entries.append([line])
        else:
            entries[-1].append(line)
    assert len(entries) == sum(1 for p in command(name).params if isinstance(p, click.Option)) + 1  # + --help
    for entry in entries:
        assert len(entry) <= OPTION_LINES, "\n".join(entry)


def section(name: str | None) -> str:
    """The reference's section on a command: from its heading to the next `## `."""
    title = "## `ttt-check` (the check)" if name is None else f"## `ttt-check {name}`"
    assert title in REFERENCE, f"docs/reference.md has no section {title}"
    rest = REFERENCE.split(title, 1)[1]
    return rest.split("\n## ", 1)[0]


SHARED = REFERENCE.split("## Specs and .qnt files", 1)[1].split("\n## ", 1)[0]


@pytest.mark.parametrize("name", COMMANDS, ids=[name or "ttt-check" for name in COMMANDS])
def test_the_reference_explains_every_option(name):
    text = section(name)
    for param in command(name).params:
        if not isinstance(param, click.Option) or param.name in {"version"}:
            continue
        flags = [flag for flag in param.opts + param.secondary_opts if flag.startswith("--")]
        assert any(f"`{flag}" in text or f"`{flag}" in SHARED or f", {flag}" in text for flag in flags), (
            f"docs/reference.md does not explain {'/'.join(flags)} of {name or 'the check'}"
        )


def test_the_reference_lists_every_exit_code_the_help_gives():
    codes = set(re.findall(r"\b(\d{1,3}) [a-z]", " ".join(help_text(None).split()).split("Exit codes:")[1]))
    table = set(re.findall(r"^\| (\d+) \|", REFERENCE, re.M))
    assert codes <= table and {"0", "2", "3", "4", "11", "12", "13", "70", "74", "130"} <= table


def exit_codes(text: str) -> set[str]:
    """The codes an `Exit codes:` paragraph lists (`3 spec unreadable` -> 3)."""
    paragraph = " ".join(text.split()).split("Exit codes:", 1)[1].split(". ", 1)[0]
    return set(re.findall(r"(?:^|, )(\d{1,3}) ", " " + paragraph.strip())) | set(re.findall(r"^ ?(\d{1,3}) ", paragraph))


@pytest.mark.parametrize("name", sorted(cli.commands))
def test_each_command_lists_every_exit_code_it_can_return_in_its_help_and_the_reference(name):
    """From what the command takes: a spec (or, for learn, the random spec's file it checks in) can be
    unreadable (3); a search (--max-memory, or run's samples) can run out of memory (4); an option naming
    a file to write may fail to write it (74)."""
    from checker.cli.common import output_file

    params = command(name).params
    expected = {"2"}
    if any(p.name == "spec" for p in params) or name == "learn":
        expected.add("3")
    if any(p.name == "max_memory" for p in params) or name == "run":
        expected.add("4")
    if any(getattr(p, "callback", None) is output_file for p in params):
        expected.add("74")
    listed = exit_codes(help_text(name))
    assert expected <= listed, f"ttt-check {name} --help lists {sorted(listed)}, not {sorted(expected - listed)}"
    assert exit_codes(section(name)) == listed, f"docs/reference.md and --help of {name} list other exit codes"
