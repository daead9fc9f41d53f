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
#: the most lines of a help screen, of one option's entry, and the widest line
MOST_LINES, OPTION_LINES, WIDTH = 60, 2, 80

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
