"""Learned policies: training is reproducible, and the checker's verdicts about a policy are right.

Reference values come from this file: a plain recursive minimax on
`tests.enumerator`'s string boards ("X.O......"), turned into policy files
by hand, and `tests.enumerator.Game` exploring the games those tables allow.
Nothing of `model/` computes an expected verdict, count or value.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checker.explore.bfs import explore
from model.players.learning import Settings, train
from model.players.kinds import LearnedPlayer, Match, player_kind
from model.players.policy import from_json, load_policy, save_policy
from model.spec.tictactoe import TicTacToe
from model.players.verification import Checkpoint, loses, never_loses_from, outcome_shares
from tests.console import TTT_CHECK
from tests.enumerator import OTHER, Game, any_square, empties, has_won, is_full, is_over, minimax, play

def reachable_boards() -> set[str]:
    seen, todo = {"." * 9}, ["." * 9]
    while todo:
        board = todo.pop()
        if is_over(board):
            continue
        turn = "X" if board.count("X") == board.count("O") else "O"
        for i in empties(board):
            after = play(board, i, turn)
            if after not in seen:
                seen.add(after)
                todo.append(after)
    return seen


def text(board: str) -> str:
    """The policy file's notation: rows separated by '/'."""
    return "/".join(board[i : i + 3] for i in (0, 3, 6))


def perfect_table(side: str) -> dict[str, float]:
    """The value for `side` of every board: 1 won, 0.5 drawn, 0 lost with best play from there."""
    table = {}
    for board in reachable_boards():
        turn = "X" if board.count("X") == board.count("O") else "O"
        value = minimax(board, turn) * (1 if side == "X" else -1)
        table[text(board)] = (value + 1) / 2
    return table


def policy_file(folder: Path, name: str, tables: dict, symmetry: bool = False) -> str:
    data = {"format": "ttt-check policy", "version": 1, "size": 3, "symmetry": symmetry, "values": tables}
    path = folder / name
    path.write_text(json.dumps(data))
    return str(path)


def string_board(state) -> str:
    return "".join("X" if state.x >> i & 1 else "O" if state.o >> i & 1 else "." for i in range(9))


def greedy(table: dict[str, float]):
    """A choice function for `Game`: every move to a board of the highest value in `table`."""

    def plays(board: str, mark: str) -> list:
        if is_over(board):
            return []
        values = {i: table[text(play(board, i, mark))] for i in empties(board)}
        top = max(values.values())
        return [(None, i) for i, v in values.items() if v == top]

    return plays


def assert_replays(model, trace, invariant: str) -> None:
    """The trace is a behaviour of `model` whose last state, and only it, breaks `invariant`."""
    states = trace.states
    assert states[0] in list(model.init_states())
    for source, target in zip(states, states[1:]):
        assert target in {s for _, s in model.next_steps(source)}
    holds = model.invariants[invariant].holds
    assert not holds(states[-1]) and all(map(holds, states[:-1]))


# ---- a flawed policy is caught, with the right counterexample -------------------------------

#: after X (1,1), O (2,2), X (3,3), O must take an edge; the corner (1,3) lets X fork with (3,1)
FLAW = "X.O.O...X"


@pytest.fixture(scope="module")
def flawed_o(tmp_path_factory):
    table = perfect_table("O")
    table[text(FLAW)] = 1.0
    return table, policy_file(tmp_path_factory.mktemp("policies"), "flawed.json", {"O": table})


def test_a_flawed_learned_o_is_caught_with_a_shortest_lost_game(flawed_o):
    table, path = flawed_o
    expected = Game(any_square, o_plays=greedy(table)).explore()
    shortest = expected.shortest(expected.violating("XHasNotWon"))
    assert shortest == 7

    model = Match(TicTacToe, player_kind("any"), player_kind(f"learned:{path}"))
    trace = loses(load_policy(path), "O", "any")
    assert len(trace) - 1 == shortest
    assert_replays(model, trace, "XHasNotWon")
    boards = [string_board(s) for s in trace.states]
    assert boards[3] == "X...O...X" and boards[4] == FLAW  # the flaw is the only way to lose
    assert str(trace.labels[4]) == "MoveO › learned  coordinate=(1,3) value=1.00"
    # the whole reachable graph is the one the independent exploration finds
    graph = explore(model, check_deadlock=False, keep_graph=True).graph
    assert {(string_board(s), s.nextTurn) for s in graph} == expected.states


def test_the_command_line_prints_the_shortest_lost_game(ttt_check, flawed_o):
    _, path = flawed_o
    code, out, _ = ttt_check("--spec", "random", "--x", "any", "--o", f"learned:{path}", "-i", "XHasNotWon")
    assert code == 12
    assert "[violation] invariant XHasNotWon is violated after 7 steps" in out
    assert "MoveO › learned  coordinate=(1,3) A3 value=1.00" in out


def images(board: str) -> set[str]:
    """The board under the 8 rotations and reflections (squares 3r + c)."""
    rotate = lambda b: "".join(b[3 * (2 - c) + r] for r in range(3) for c in range(3))  # noqa: E731
    reflect = lambda b: "".join(b[3 * r + 2 - c] for r in range(3) for c in range(3))  # noqa: E731
    found = {board}
    while True:
        more = found | {rotate(b) for b in found} | {reflect(b) for b in found}
        if more == found:
            return found
        found = more


def test_with_symmetry_the_flaw_is_in_every_symmetric_position(tmp_path):
    assert len(images(FLAW)) == 4  # it is its own mirror image in the anti-diagonal
    table = perfect_table("O")
    for board in images(FLAW):
        table[text(board)] = 1.0
    path = policy_file(tmp_path, "sym.json", {"O": table}, symmetry=True)
    policy = load_policy(path)
    assert len(policy.values["O"]) == 765  # the classes of the 5,478 positions
    expected = Game(any_square, o_plays=greedy(table)).explore()
    trace = loses(policy, "O", "any")
    assert len(trace) - 1 == expected.shortest(expected.violating("XHasNotWon")) == 7
    assert_replays(Match(TicTacToe, player_kind("any"), LearnedPlayer(policy, "sym.json")), trace, "XHasNotWon")
    assert string_board(trace.states[4]) in images(FLAW)


def test_with_symmetry_one_value_stands_for_every_image(tmp_path):
    mirrored = FLAW[2::-1] + FLAW[5:2:-1] + FLAW[8:5:-1]
    path = policy_file(tmp_path, "clash.json", {"O": {text(FLAW): 1.0, text(mirrored): 0.0}}, symmetry=True)
    with pytest.raises(ValueError, match="symmetric to another board of O with a different value"):
        load_policy(path)
    policy = load_policy(policy_file(tmp_path, "one.json", {"O": {text(mirrored): 0.25}}, symmetry=True))
    assert {policy.value("O", parse(board)) for board in images(FLAW)} == {0.25}
    assert LearnedPlayer(policy, "one.json").sides == ("O",)


def parse(board: str):
    from model.spec.state import Board

    return Board(*(sum(1 << i for i, m in enumerate(board) if m == mark) for mark in "XO"))


# ---- a perfect policy never loses -----------------------------------------------------------


@pytest.fixture(scope="module")
def perfect_policy(tmp_path_factory):
    tables = {side: perfect_table(side) for side in "XO"}
    return tables, policy_file(tmp_path_factory.mktemp("policies"), "perfect.json", tables)


@pytest.mark.parametrize("side, opponent", [("X", "any"), ("O", "any"), ("X", "perfect"), ("O", "perfect")])
def test_a_perfect_policy_never_loses(perfect_policy, side, opponent):
    _, path = perfect_policy
    assert loses(load_policy(path), side, opponent) is None


def test_a_perfect_policy_checked_on_the_command_line_reaches_the_states_an_independent_search_does(
    ttt_check, perfect_policy
):
    tables, path = perfect_policy
    expected = Game(any_square, o_plays=greedy(tables["O"])).explore()
    assert not expected.violating("XHasNotWon")
    code, out, _ = ttt_check("--spec", "random", "--x", "any", "--o", f"learned:{path}", "-i", "XHasNotWon")
    assert code == 0
    assert f"[ok] invariant XHasNotWon holds in all {len(expected.states):,} reachable states" in out


def random_shares(side: str, choose) -> tuple:
    """(won, drawn, lost) of `side` choosing uniformly among `choose`'s moves, against uniform random moves."""

    @lru_cache(maxsize=None)
    def shares(board: str) -> tuple:
        if has_won(board, side):
            return (1.0, 0.0, 0.0)
        if has_won(board, OTHER[side]):
            return (0.0, 0.0, 1.0)
        if is_full(board):
            return (0.0, 1.0, 0.0)
        mover = "X" if board.count("X") == board.count("O") else "O"
        squares = [i for _, i in choose(board, mover)] if mover == side else empties(board)
        after = [shares(play(board, i, mover)) for i in squares]
        return tuple(sum(c) / len(after) for c in zip(*after))

    return shares("." * 9)


def test_outcome_shares_against_a_random_player_are_exact(perfect_policy, tmp_path):
    tables, path = perfect_policy
    policy = load_policy(path)
    for side in "XO":
        got = outcome_shares(policy, side)
        assert got == pytest.approx(random_shares(side, greedy(tables[side])), abs=1e-12)
        assert got[2] == 0  # it never loses
    # every move tied: the learned side plays uniformly at random
    flat = load_policy(policy_file(tmp_path, "flat.json", {"X": {t: 0.5 for t in tables["X"]}}))
    assert outcome_shares(flat, "X") == pytest.approx(random_shares("X", any_square), abs=1e-12)


# ---- training -------------------------------------------------------------------------------


@pytest.mark.parametrize("symmetry", [False, True])
def test_training_is_deterministic_for_a_seed(symmetry):
    def values(seed):
        return train(Settings(300, seed, symmetry)).policy().to_json()

    assert values(7) == values(7)
    assert values(7)["values"] != values(8)["values"]


def test_the_same_seed_writes_the_same_file_in_separate_processes(tmp_path):
    files = []
    for hash_seed in ("1", "2"):
        out = tmp_path / f"p{hash_seed}.json"
        environment = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [str(TTT_CHECK), "learn", "--epochs", "200", "--seed", "5", "--symmetry", "--out", str(out)],
            capture_output=True, text=True, env=environment,
        )
        assert done.returncode == 0, done.stderr
        files.append(out.read_bytes())
    assert files[0] == files[1]
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no temporary file left


def pieces(board) -> int:
    return board.x.bit_count() + board.o.bit_count()


def test_one_greedy_game_backs_its_result_up_the_whole_game():
    """With epsilon 0 and every board at 0.5, after one game the board k moves before the end
    is worth 0.5 + 0.5 * alpha^k more for the winner and that much less for the loser; a draw
    changes nothing (its final board is worth 0.5 to both)."""
    seen = set()
    for seed in range(40):
        policy = train(Settings(1, seed, epsilon=0.0)).policy()
        changed = {
            side: sorted(((b, v) for b, v in policy.values[side].items() if v != 0.5 and not terminal(b)),
                         key=lambda item: pieces(item[0]))
            for side in "XO"
        }
        if not changed["X"]:
            assert not changed["O"]
            seen.add("draw")
            continue
        boards = [b for b, _ in changed["X"]]
        assert [b for b, _ in changed["O"]] == boards
        assert [pieces(b) for b in boards] == list(range(len(boards)))  # 0, 1, 2, ... pieces
        for before, after in zip(boards, boards[1:]):  # each one move on from the one before
            assert before.x & after.x == before.x and before.o & after.o == before.o
        moves = len(boards)
        winner = "X" if moves % 2 else "O"  # the last move wins
        for side in "XO":
            sign = 1 if side == winner else -1
            expected = [0.5 + sign * 0.5 * 0.1 ** (moves - k) for k in range(moves)]
            assert [v for _, v in changed[side]] == pytest.approx(expected, rel=1e-12)
        seen.add(winner)
        if {"X", "O", "draw"} <= seen:
            break
    assert {"X", "O"} <= seen


def terminal(board) -> bool:
    return is_over(string_board(board))


# ---- convergence and files ----------------------------------------------------------------


def test_never_loses_from_is_the_start_of_the_last_run_of_passing_checks():
    def points(verdicts):
        return [Checkpoint(100 * (i + 1), {("O", "any"): None if ok else 5}) for i, ok in enumerate(verdicts)]

    assert never_loses_from(points([False, True, False, True, True]), "O", "any") == 400
    assert never_loses_from(points([True, True]), "O", "any") == 100
    assert never_loses_from(points([True, False]), "O", "any") is None


#: the start of a valid policy file, up to its values
VALID = '{"format": "ttt-check policy", "version": 1, "size": 3, "symmetry": false, '


@pytest.mark.parametrize(
    "content, message",
    [
        ("{not json", "is not JSON"),
        ('{"players": 2}', "not a policy file"),
        ('{"format": "ttt-check policy", "version": 9}', "schema version 9 is not supported"),
        ('{"format": "ttt-check policy", "version": 1, "size": 4}', "board size 4"),
        (VALID + '"values": {"O": {"XX/...": 1}}}', "is not a 3x3 board"),
        (VALID + '"values": {"O": {"OO./.../...": 1}}}', "cannot happen in a game"),
        (VALID + '"values": {"O": {".../.../...": "high"}}}', "must be a finite number"),
    ],
)
def test_a_corrupt_or_foreign_policy_is_one_line_of_error(ttt_check, tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    code, out, err = ttt_check("--spec", "random", "--o", f"learned:{path}")
    assert code == 2 and out == ""
    assert err.startswith("ttt-check: error: ") and message in err and err.count("\n") == 1


def test_a_missing_policy_and_a_side_it_has_no_values_for(ttt_check, tmp_path, perfect_policy):
    code, _, err = ttt_check("--o", f"learned:{tmp_path / 'none.json'}")
    assert code == 2 and "cannot read policy" in err and err.count("\n") == 1
    path = policy_file(tmp_path, "x-only.json", {"X": {".../.../...": 0.5}})
    code, _, err = ttt_check("--spec", "random", "--o", f"learned:{path}")
    assert code == 2 and "plays X only, not O" in err


def test_a_policy_survives_a_round_trip(tmp_path):
    policy = train(Settings(200, 3, True)).policy()
    path = tmp_path / "p.json"
    path.write_text("old")
    save_policy(policy, str(path))
    again = load_policy(str(path))
    assert again.values == policy.values and again.symmetry and again.training == policy.training


# ---- the learn command ----------------------------------------------------------------------


def test_learn_reports_what_an_independent_search_finds_about_the_last_policy(ttt_check, tmp_path):
    out_file = tmp_path / "p.json"
    code, out, err = ttt_check("learn", "--epochs", "2000", "--seed", "3", "--verify-every", "1000", "--out", out_file)
    assert code == 0, err
    assert "2,000 games of self-play, TD(0) with alpha 0.1 and epsilon 0.1, every board has its own value" in out
    assert f"Wrote {out_file}: the values of 5,478 boards for X and for O" in out
    tables = json.loads(out_file.read_text())["values"]
    for side, invariant in (("X", "OHasNotWon"), ("O", "XHasNotWon")):
        plays = greedy(tables[side])
        game = Game(plays, o_plays=any_square) if side == "X" else Game(any_square, o_plays=plays)
        exploration = game.explore()
        lost = exploration.shortest(exploration.violating(invariant))
        line = next(line for line in out.splitlines() if f"learned {side} vs any" in line)
        if lost is None:
            assert "never loses from epoch" in line
        else:
            assert f"still loses at epoch 2,000: a shortest lost game has {lost} moves" in line


def test_the_commands_learn_prints_play_and_check_the_policy_it_wrote(tmp_path):
    """Run as printed (the path has a space and a quote), each play command gets the learned player's move,
    and each check's verdict is the independent search's: does the learned side lose to some opponent?"""
    folder, name = tmp_path / "a folder", "it's mine.json"
    folder.mkdir()
    learned = subprocess.run([str(TTT_CHECK), "learn", "--epochs", "1000", "--seed", "5", "--out", name],
                             cwd=folder, capture_output=True, text=True)
    assert learned.returncode == 0, learned.stderr
    ending = learned.stdout.split(f"Wrote {name}")[1]
    commands = [shlex.split(line) for line in ending.splitlines() if line.startswith("  ttt-check ")]
    tables = json.loads((folder / name).read_text())["values"]
    kinds = set()
    for words in commands:
        side = "X" if f"--x learned:{name}" in " ".join(words) else "O"
        assert words[0] == "ttt-check" and f"--{side.lower()}" in words and f"learned:{name}" in words
        if words[1] == "play":
            typed = "b2\nq\n" if side == "O" else "q\n"  # the learned side answers the human's move, or opens
            done = subprocess.run([str(TTT_CHECK), *words[1:]], cwd=folder, capture_output=True, text=True, input=typed)
            assert (done.returncode, done.stderr) == (1, ""), done.stdout
            assert f"The computer ({side}) plays" in done.stdout and "Chosen by the learned values" in done.stdout
        else:
            plays = greedy(tables[side])
            game = Game(plays, o_plays=any_square) if side == "X" else Game(any_square, o_plays=plays)
            exploration = game.explore()
            loses = exploration.shortest(exploration.violating("OHasNotWon" if side == "X" else "XHasNotWon"))
            done = subprocess.run([str(TTT_CHECK), *words[1:]], cwd=folder, capture_output=True, text=True)
            assert (done.returncode, done.stderr) == (0 if loses is None else 12, "")
        kinds.add((words[1] == "play", side))
    assert kinds == {(True, "X"), (True, "O"), (False, "X"), (False, "O")}


def test_learn_plot_draws_both_runs(ttt_check, tmp_path):
    pytest.importorskip("matplotlib")
    picture = tmp_path / "curve.png"
    code, out, err = ttt_check(
        "learn", "--epochs", "4", "--seed", "1", "--verify-every", "2",
        "--out", tmp_path / "p.json", "--plot", picture,
    )
    assert code == 0, err
    assert "symmetric boards share a value" in out and "every board has its own value" in out
    assert picture.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def synthetic_points(epochs: list[int], lost: list[float]) -> list[Checkpoint]:
    """Checkpoints whose shares lose `lost[i]` at `epochs[i]` (a fifth of the rest drawn) and whose checks alternate."""
    return [
        Checkpoint(e, {(side, o): (None if i % 2 else 5) for side in "XO" for o in ("any", "perfect")},
                   {side: ((1 - share) * 0.8, (1 - share) * 0.2, share) for side in "XO"})
        for i, (e, share) in enumerate(zip(epochs, lost))
    ]


@pytest.mark.parametrize("lost", [[0.3, 0.02, 0.004, 0.001], [0.0, 0.0, 0.0, 0.0], [0.001, 0.002, 0.0, 0.0]])
def test_the_plot_starts_at_epoch_0_and_scales_the_lost_axis_to_the_data(lost):
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt

    from model.commands.plot import early_epochs, figure

    # evenly spaced on the square-root scale, below the first regular check
    assert early_epochs(2000) == [0, 80, 320, 720, 1280] and early_epochs(1) == [0] and early_epochs(2) == [0, 1]
    early, regular = synthetic_points([0, 10], lost[:2]), synthetic_points([100, 200], lost[2:])
    picture = figure(Settings(200, 1), {"one run": (early, regular)})
    try:
        axes = picture.get_axes()
        shares = [ax for ax in axes if ax.get_ylabel() == "share of games"]
        losses = [ax for ax in axes if ax.get_ylabel() == "lost"]
        assert len(shares) == len(losses) == 2
        for ax in shares:
            assert ax.get_ylim() == (0, 1)
        for ax in losses:
            bottom, top = ax.get_ylim()
            # the largest lost share fills most of its axis, and an axis of nothing lost still reads 0 to 1%
            assert bottom == 0 and max(lost) <= top <= max(0.01, 1.25 * max(lost))
            assert ax.get_xlim()[0] == 0 and ax.get_xlim()[1] == 200 and ax.get_xscale() == "function"
            ticks = [t for t in ax.get_xticks() if 0 <= t <= 200]
            assert ticks[0] == 0 and ticks == sorted(set(ticks)) and len(ticks) >= 4
    finally:
        plt.close(picture)


def test_learn_plot_without_matplotlib_is_one_line_of_error(ttt_check, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    code, out, err = ttt_check("learn", "--epochs", "10", "--out", tmp_path / "p.json", "--plot", tmp_path / "c.png")
    assert code == 2 and out == ""
    assert err == "ttt-check: error: --plot needs matplotlib: pip install 'ttt-check[plot]'\n"
    assert not (tmp_path / "p.json").exists()


# ---- laws -----------------------------------------------------------------------------------

PLAYABLE = sorted(b for b in reachable_boards() if not is_over(b))


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(PLAYABLE), st.lists(st.sampled_from([0.0, 0.25, 0.5, 1.0]), min_size=9, max_size=9))
def test_the_learned_player_moves_to_exactly_the_squares_of_highest_value(board, values):
    mover = "X" if board.count("X") == board.count("O") else "O"
    table = {text(play(board, i, mover)): values[i] for i in empties(board)}
    data = {"format": "ttt-check policy", "version": 1, "size": 3, "symmetry": False, "values": {mover: table}}
    player = LearnedPlayer(from_json(data), "hand-made")
    chosen = {label.picks[0][1] for label, _ in player.moves(TicTacToe(), parse(board), mover)}
    top = max(values[i] for i in empties(board))
    assert chosen == {(i // 3 + 1, i % 3 + 1) for i in empties(board) if values[i] == top}


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(reachable_boards())), st.floats(0, 1))
def test_with_symmetry_a_value_stands_for_exactly_the_images_of_its_board(board, value):
    policy = from_json({"format": "ttt-check policy", "version": 1, "size": 3, "symmetry": True,
                        "values": {"X": {text(board): value}}})
    same = images(board)
    for other in reachable_boards():
        got = policy.value("X", parse(other))
        if other in same:
            assert got == value
        else:  # what a learner starts from
            assert got == (1.0 if has_won(other, "X") else 0.0 if has_won(other, "O") else 0.5)


def test_play_says_the_learned_value_chose_the_move(ttt_check, perfect_policy, tmp_path):
    tables, path = perfect_policy
    moves = tmp_path / "moves.txt"
    moves.write_text("B2\n")
    code, out, err = ttt_check("play", "--human", "X", "--o", f"learned:{path}", "--moves", moves, "--seed", "1")
    after_center = {i: tables["O"][text(play("....X....", i, "O"))] for i in empties("....X....")}
    best = max(after_center.values())
    tied = sum(v == best for v in after_center.values())
    assert f"Chosen by the learned values: value={best:.2f}, the highest for O (one of {tied} moves" in out


def test_training_runs_on_every_position_and_its_symmetry_classes():
    from model.players.learning import Positions

    plain, symmetric = Positions(), Positions(symmetry=True)
    assert len(plain.boards) == len(plain.keys) == 5478 == len(reachable_boards())
    assert sum(not moves for moves in plain.moves) == 958  # finished games
    assert len(symmetric.keys) == 765 == len({min(images(board)) for board in reachable_boards()})


def test_a_policy_that_cannot_be_written_is_one_line_and_exit_74(ttt_check, tmp_path):
    code, out, err = ttt_check("learn", "--epochs", "10", "--seed", "1", "--out", "/dev/full")
    assert code == 74 and err == "ttt-check: error: cannot write /dev/full: it is not a regular file\n"
    code, _, err = ttt_check("learn", "--epochs", "10", "--out", tmp_path / "missing" / "p.json")
    assert code == 2 and "the folder" in err and "does not exist" in err
