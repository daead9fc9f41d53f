"""Every search is bounded by default: under a memory limit (`ulimit -v`) a growing search stops itself,
prints its figures so far and exits 4, never 70 with a MemoryError.

The endless models here are written in the tests: a binary tree of integers,
whose level d holds exactly 2^d states, so the figures a stopped search
prints can be checked against the tree itself.
"""

from __future__ import annotations

import os
import re
import resource
import signal
import subprocess
import sys
import textwrap

import console
import pytest
from test_fuzz_cli import assert_well_behaved

from checker.explore.memory import MemoryBound, parse_size

#: a child Python that explores the endless binary tree and prints what the search saw
TREE = textwrap.dedent(
    """
    import json, sys
    from checker.explore.bfs import explore
    from checker.explore.memory import MemoryBound
    from checker.model import Label, Model

    class Tree(Model):
        name = "tree"
        def init_states(self):
            return [0]
        def next_steps(self, n):
            yield Label(("left",)), 2 * n + 1
            yield Label(("right",)), 2 * n + 2

    bound = MemoryBound(int(sys.argv[1])) if len(sys.argv) > 1 else None
    result = explore(Tree(), check_deadlock=False, memory=bound)
    stats = result.stats
    print(json.dumps({"stopped": stats.stopped, "distinct": stats.distinct, "per_depth": stats.per_depth,
                      "memory": stats.memory}))
    """
)


def virtual_size_of(code: str) -> int:
    """The virtual size (bytes) of a child Python once it has run `code`."""
    probe = f"{code}\nprint(int(open('/proc/self/statm').read().split()[0]) * {resource.getpagesize()})"
    return int(subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout)


def limited_to(size: int):
    """A preexec_fn giving the child an address-space limit of `size` bytes (`ulimit -v`)."""
    return lambda: resource.setrlimit(resource.RLIMIT_AS, (size, size))


def explore_tree(limit: int, *bound: str) -> dict:
    import json

    done = subprocess.run([sys.executable, "-c", TREE, *bound], capture_output=True, text=True,
                          preexec_fn=limited_to(limit), timeout=120)
    assert done.returncode == 0 and "Error" not in done.stderr, done.stderr
    return json.loads(done.stdout)


def assert_tree_figures(seen: dict) -> None:
    """The figures of a search of the tree stopped part-way: every whole level has 2^d states."""
    levels = seen["per_depth"]
    assert levels[: len(levels) - 1] == [2**d for d in range(len(levels) - 1)]
    assert seen["distinct"] >= sum(levels) and seen["distinct"] < 2 ** (len(levels) + 1)


def test_under_ulimit_v_an_endless_search_stops_at_its_default_bound():
    base = virtual_size_of("import checker.explore.bfs")
    seen = explore_tree(base + (160 << 20))
    assert seen["stopped"] == "memory" and "half of the memory free" in seen["memory"]
    assert_tree_figures(seen)
    assert seen["distinct"] > 100_000  # it used the memory it had, not a token amount


def test_an_allocation_that_fails_below_the_bound_still_ends_with_the_figures():
    """A bound beyond the limit (--max-memory too large): the MemoryError is caught, the figures kept."""
    base = virtual_size_of("import checker.explore.bfs")
    seen = explore_tree(base + (120 << 20), str(1 << 40))
    assert seen["stopped"] == "memory" and "the end of the memory it could take" in seen["memory"]
    assert_tree_figures(seen)


def test_the_command_line_stops_a_growing_search_under_ulimit_v_with_exit_4():
    """A 5x5 board with 4 in a row has far too many states: under a limit the check stops itself."""
    base = virtual_size_of("import model.commands.cli")
    args = ["--spec", "random", "--size", "5", "--k", "4", "-i", "NotStalemate", "--no-deadlock"]
    done = console.run(*args, preexec_fn=limited_to(base + (24 << 20)), timeout=120)
    assert_well_behaved(done.returncode, done.stdout, done.stderr)
    assert done.returncode == 4, done.stderr
    assert "[unknown] invariant NotStalemate: no violation in the" in done.stdout
    found = re.search(r"(\S+) distinct states.*\(search stopped at the memory bound \(.*half of the memory free when "
                      r"it started\): the states beyond were not explored; --max-memory SIZE raises the bound\)",
                      done.stdout)
    assert found, done.stdout
    per_depth = [int(n.replace(",", "")) for n in done.stdout.split("States per depth: ")[1].split(", ")]
    # the first levels of the 5x5 game, counted apart: 25 first moves, then 25*24 boards, 25*24*23/2 ...
    assert per_depth[:4] == [1, 25, 25 * 24, 25 * 24 * 23 // 2]


def test_max_memory_sets_the_bound_and_says_how_to_raise_it():
    done = console.run("--spec", "random", "--size", "4", "--engine", "generic", "-i", "NotStalemate",
                       "--no-deadlock", "--max-memory", "4M", timeout=120)
    assert done.returncode == 4, done.stderr
    assert "(search stopped at the memory bound (4 MiB): the states beyond were not explored; --max-memory SIZE " \
           "raises the bound)" in done.stdout


def test_a_bound_too_small_for_the_packed_engine_is_one_line_and_exit_4():
    done = console.run("--spec", "random", "--size", "4", "--max-memory", "16M", timeout=120)
    assert done.returncode == 4 and done.stdout == ""
    table = f"{3**16 / 2**20:.3g} MiB"  # a byte for each of the 3^16 boards of 4x4
    assert done.stderr.startswith(f"ttt-check: error: the packed engine needs {table}") and done.stderr.count("\n") == 1


@pytest.mark.parametrize(
    "command",
    [["solve", "--size", "4"], ["explore", "--size", "4", "--port", "0", "-t", "GameEventuallyEnds"]],
    ids=["solve", "explore"],
)
def test_a_command_that_needs_every_state_says_the_bound_stopped_it(command):
    done = console.run(*command, "--max-memory", "2M", *(["--max-states", "10000000"] * (command[0] == "solve")),
                       timeout=120)
    assert_well_behaved(done.returncode, done.stdout, done.stderr)
    assert done.returncode == 4
    assert "stopped at the memory bound (2 MiB)" in done.stderr and "--max-memory SIZE raises the bound" in done.stderr


@pytest.mark.parametrize(
    "text, size",
    [("8G", 8 << 30), ("500M", 500 << 20), ("1.5GiB", 3 << 29), ("2048k", 2 << 20), ("1T", 1 << 40), ("3000000", 3000000)],
)
def test_sizes_are_read_as_people_write_them(text, size):
    assert parse_size(text) == size


@pytest.mark.parametrize("text", ["", "8X", "-1G", "nan", "inf", "1e400", "9" * 400, "100", "١G", "0"])
def test_a_size_that_is_none_is_refused(text):
    with pytest.raises(ValueError):
        parse_size(text)


def test_a_bound_looks_at_the_process_every_so_many_states():
    import mmap

    bound = MemoryBound(1 << 20)
    with mmap.mmap(-1, 8 << 20) as grown:  # a new mapping: the process grows by 8 MiB, whatever its heap holds
        grown.write(b"x" * (8 << 20))
        assert not bound.exceeded(10)  # too few states since the last look: no look at all
        assert bound.exceeded(1 << 20)


COUNTER = """module counter {
  var x: int
  action init = x' = 0
  action step = x' = x + 1
  val inv = x >= 0
}
"""


def test_an_endless_qnt_spec_stops_at_the_bound_with_its_figures(tmp_path):
    """`x' = x + 1` has no end: with --max-memory, then under ulimit -v (the IR from the cache, so that
    Quint, a Node program, does not run under the limit), the search stops, exit 4, its figures printed."""
    from test_quint_cli import quint_or_skip

    quint_or_skip()
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    spec = tmp_path / "counter.qnt"
    spec.write_text(COUNTER)
    first = console.run("--spec", spec, "-i", "inv", "--max-memory", "4M", env=env, timeout=120)
    assert first.returncode == 4, first.stderr
    assert "(search stopped at the memory bound (4 MiB)" in first.stdout
    base = virtual_size_of("import model.commands.cli, checker.quint.spec_model")
    second = console.run("--spec", spec, "-i", "inv", env=env, preexec_fn=limited_to(base + (24 << 20)), timeout=120)
    assert_well_behaved(second.returncode, second.stdout, second.stderr)
    assert second.returncode == 4, second.stderr
    assert "[unknown] invariant inv: no violation in the" in second.stdout
    stats = re.search(r"([\d,]+) distinct states, .* depth ([\d,]+);", second.stdout)
    distinct, depth = int(stats[1].replace(",", "")), int(stats[2].replace(",", ""))
    assert distinct > 1000 and depth in (distinct - 2, distinct - 1)  # one state per depth: 0, 1, 2, ...
    line = second.stdout.split("States per depth: ")[1].splitlines()[0]
    assert line.startswith("1, 1, 1") and "depths not shown" in line and len(line) < 400


def test_memory_that_runs_out_outside_a_search_is_one_line_and_exit_4(monkeypatch, capsys):
    """Past the searches' bound (networkx on a huge graph, say) a MemoryError is no internal error."""
    import click

    from checker.cli.guard import run_guarded

    @click.command()
    def greedy():
        raise MemoryError

    monkeypatch.setattr(sys, "argv", ["ttt-check"])
    previous = signal.getsignal(signal.SIGINT)
    try:
        with pytest.raises(SystemExit) as done:
            run_guarded(lambda: greedy, "ttt-check")
    finally:
        signal.signal(signal.SIGINT, previous)
    err = capsys.readouterr().err
    assert done.value.code == 4 and err.count("\n") == 1 and "memory ran out" in err and "internal" not in err
