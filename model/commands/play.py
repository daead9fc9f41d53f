"""`ttt-check play`: a human against a player kind, in the terminal.

The game is a run of the model: the human's move must be a step of it (the
human plays as `any`), the computer's is one of the model's steps for its
player kind, picked at random among them from a seed (a random tie-break;
the checker covers every one of them). Moves are written as a row
letter and a column number, `A1` to `C3` on the lecture's board (`A1` to `D4`
on 4x4); Quint's `(2,2)` and `2,2` are accepted too. Every square the game
names is named both ways, `B2 = (2,2)` (see `model.spec.views`).
"""

from __future__ import annotations

import json
import random
import re
import shlex
import sys
from dataclasses import dataclass, field
from random import SystemRandom
from typing import Iterator

import click

from checker.cli.common import EXIT_FILE, Specs, output_file, refuse_same_file, report_error
from checker.cli.itf_out import states
from checker.cli.run import parse_seed
from checker.explore.trace import trace_through
from checker.files import ReadError, WriteError, read_bounded, write_atomically
from checker.model import Label
from model.spec.grid import Coordinate, Grid
from model.players.kinds import KINDS, LEARNED
from model.players.solver import OUTCOMES, position_values
from model.spec.state import O, X, State
from model.spec.tictactoe import TicTacToe
from model.spec.views import board_view, both_names, legend, moved_to, square_name

#: exit codes of `play` (bad usage and a bad move in --moves: 2, as every command)
EXIT_FINISHED, EXIT_UNFINISHED = 0, 1

QUINT_MOVE = re.compile(r"\(?\s*(\d+)\s*,\s*(\d+)\s*\)?", re.ASCII)  # digits 0-9 only
LETTER_MOVE = re.compile(r"([A-Za-z])(\d*)", re.ASCII)


class BadMove(ValueError):
    """A move that cannot be played; its message says why, in one line."""


def parse_move(text: str, grid: Grid) -> Coordinate:
    """The square `text` names: `B2`/`b2`, `(2,2)` or `2,2`; BadMove says what is wrong."""
    n, text = grid.size, text.strip()[:20]
    rows, columns = f"A to {chr(ord('A') + n - 1)}", f"1 to {n}"
    if quint := QUINT_MOVE.fullmatch(text):
        row, column = int(quint[1]), int(quint[2])
        if not 1 <= row <= n:
            raise BadMove(f"{text!r}: there is no row {row}: rows are {', '.join(map(str, range(1, n + 1)))}")
    elif letter := LETTER_MOVE.fullmatch(text):
        if not letter[2]:
            raise BadMove(f"{text!r} is not a move: type a row letter and a column number, like B2")
        row, column = ord(letter[1].upper()) - ord("A") + 1, int(letter[2])
        if not 1 <= row <= n:
            raise BadMove(f"{text!r}: there is no row {letter[1].upper()}: rows are {rows}")
    else:
        raise BadMove(f"{text!r} is not a move: type a row letter and a column number, like B2, or (2,2)")
    if not 1 <= column <= n:
        raise BadMove(f"{text!r}: there is no column {column}: columns are {columns}")
    return row, column


def how_to_move(grid: Grid) -> str:
    """How squares are named (`views.legend`), then how to type a move on `grid`, in two lines: `A1 to C3`,
    `or as Quint's (row,column): B2 = (2,2), the centre` (an even board has no centre)."""
    example = grid.center or (2, 3)
    centre = ", the centre" if grid.center else ""
    return (
        f"{legend(grid)}\n"
        f"Type a move as a row letter and a column number, A1 to {square_name((grid.size, grid.size))},\n"
        f"or as Quint's (row,column): {both_names(example)}{centre}. q quits."
    )


def status(game: TicTacToe, state: State) -> str:
    """The game's status: `X won`, `O won`, `Draw` or `Not Done`."""
    payoff = game.payoff(state)
    return {1: "X won", -1: "O won", 0: "Draw", None: "Not Done"}[payoff]


def explain(game: TicTacToe, kind: str, state: State, label: Label, choices: int) -> str:
    """Why the computer's player (of kind `kind`) chose the move of `label`, among `choices` distinct moves."""
    tied = f"one of {choices} moves it may choose, picked at random" if choices > 1 else "its only move"
    if kind == "strategy":
        rule = label.path[1]
        earlier = game.rules_not_taken(rule, name=both_names)
        lines = [f"Chosen by the strategy's rule {rule} ({tied})."]
        return "\n".join(lines + ["Earlier rules, not taken:"] * bool(earlier) + [f"  {why}" for why in earlier])
    if kind in ("minimax", "perfect"):
        notes = " ".join(f"{name}={value}" for name, value in label.notes)
        return f"Chosen by {kind}: {notes}, the best for {state.nextTurn} ({tied}).\n{other_values(game, state)}"
    if kind == "spec":
        return f"Chosen by the spec's own action {label.path[0]} ({tied})."
    if kind.startswith(LEARNED):
        value = dict(label.notes)["value"]
        return f"Chosen by the learned values: value={value}, the highest for {state.nextTurn} ({tied})."
    return f"Chosen as any empty square ({tied})."


def other_values(game: TicTacToe, state: State) -> str:
    """The value of every move of the side to move, for it: `Values: A1 draw, A2 loss, ...`."""
    values = position_values(game.grid.size, state)
    words = []
    for coordinate in game.grid.coordinates_of(game.empty(state.board)):
        after = next(s for _, s in game.free_game().next_steps(state) if (s.x | s.o) & game.grid.bit[coordinate])
        words.append(f"{square_name(coordinate)} {OUTCOMES[values.for_mover(state, values.values[after])]}")
    return f"Values of {state.nextTurn}'s moves here: {', '.join(words)}."


def tokens(line: str) -> list[str]:
    """The moves on a line, separated by spaces; `(2, 2)` is one move."""
    return re.sub(r"([(,])\s+|\s+([,)])", r"\1\2", line).split()


#: the largest --moves file read: a game has at most 100 moves (10x10), a line each with room for comments
MOVES_LIMIT = 64 << 10


def moves_from_file(path: str) -> list[tuple[int, str]]:
    """(line number, move) for each move in the file, then (the line after the last, "") for its end;
    UsageError, before the game starts, if the file cannot be read."""
    try:
        lines = read_bounded(path, MOVES_LIMIT).decode("utf-8").splitlines()
    except (ReadError, UnicodeDecodeError) as error:
        why = error if isinstance(error, ReadError) else "it is not UTF-8 text"
        raise click.UsageError(f"--moves {path}: {why}") from None
    moves = [(number, move) for number, line in enumerate(lines, 1) for move in tokens(line)]
    return moves + [(len(lines) + 1, "")]


#: the longest line of moves read at once from the terminal or a pipe (a longer one is read in pieces)
LINE_LIMIT = 4096


def terminal_moves() -> Iterator[tuple[int, str]]:
    """(line number, move) for each move typed or piped in (a line may hold several, an empty one gives "").

    A closed standard input (`0<&-`) is an input that has ended; bytes that are not UTF-8 are a bad
    move, said as such, not a crash."""
    stdin = sys.stdin
    if stdin is None:
        return
    try:
        stdin.reconfigure(errors="replace")
    except (AttributeError, ValueError, OSError):
        pass
    number = 0
    while True:
        try:
            line = stdin.readline(LINE_LIMIT)
        except OSError as error:
            raise click.UsageError(f"cannot read the moves from the standard input: {error.strerror or error}")
        if not line:
            return
        number += 1
        yield from ((number, move) for move in tokens(line) or [""])


@dataclass
class Game:
    """A game between the human and the computer, as a run of `model`."""

    model: TicTacToe
    human: str
    #: the computer's player kind
    kind: str
    rng: random.Random
    states: list[State] = field(default_factory=list)

    def __post_init__(self):
        self.states = [self.model.init()]

    @property
    def state(self) -> State:
        return self.states[-1]

    @property
    def over(self) -> bool:
        return self.model.payoff(self.state) is not None

    def show(self) -> str:
        """The board, the last move marked, and the game's status."""
        previous = self.states[-2] if len(self.states) > 1 else None
        board = board_view(self.model.grid, self.state, previous)
        return f"{board}\nStatus: {status(self.model, self.state)}"

    def human_move(self, text: str) -> str:
        """Play the human's move `text`; BadMove says why it cannot be played."""
        if self.over:
            raise BadMove(f"the game is over ({status(self.model, self.state)}): no more moves")
        coordinate = parse_move(text, self.model.grid)
        taken = self.model.square(self.state.board, coordinate)
        if taken is not None:
            raise BadMove(f"{both_names(coordinate)} is taken: {taken} is there")
        bit = self.model.grid.bit[coordinate]
        after = next(s for _, s in self.model.next_steps(self.state) if (s.x | s.o) & bit)
        self.states.append(after)
        return f"\nYou ({self.human}) play {both_names(coordinate)}.\n{self.show()}"

    def computer_move(self) -> str:
        """Let the computer's player kind move; the move, its reason and the board."""
        state = self.state
        steps: dict[State, Label] = {}
        for label, after in self.model.next_steps(state):
            steps.setdefault(after, label)
        after = self.rng.choice(list(steps))
        self.states.append(after)
        coordinate = moved_to(self.model.grid, state, after)
        return (
            f"The computer ({state.nextTurn}) plays {both_names(coordinate)}: {steps[after]}\n"
            f"{explain(self.model, self.kind, state, steps[after], len(steps))}\n{self.show()}"
        )

    def save(self, path: str, spec: TicTacToe) -> str:
        """Write the game to `path` as an ITF trace of `spec` if it is a behaviour of it, else of the random spec."""
        from checker.quint.itf import encode_trace

        pairs = list(zip(self.states, self.states[1:]))
        free = spec.free_game()
        for model in (spec, free):
            if all(b in {s for _, s in model.next_steps(a)} for a, b in pairs):
                break
        document = encode_trace(model, trace_through(model, self.states), "ok", "quint")
        write_atomically(path, lambda out: json.dump(document, out, separators=(",", ":")))
        board = model.grid
        options = "" if (board.size, board.k) == (3, 3) else f" --size {board.size}" + (
            f" --k {board.k}" if board.k != board.size else ""
        )
        return (
            f"Saved the game to {path} (ITF, {states(len(self.states))}, a behaviour of spec '{model.name}'; "
            f"replay it with: ttt-check replay{options} {shlex.quote(path)})."
        )


def play_command(specs: Specs) -> click.Command:
    """The `play` subcommand for the tic-tac-toe specs of `specs`."""

    @click.command(name="play", params=specs.params())
    @click.option(
        "--human",
        type=click.Choice([X, O], case_sensitive=False),
        default=O,
        help="The side you play (default O).",
    )
    @click.option("--moves", "moves_file", metavar="FILE",
                  help="Read your moves from FILE instead of typing them.")
    @click.option("--save", metavar="FILE", callback=output_file, help="Write the game to FILE as an ITF trace.")
    @click.option("--seed", metavar="SEED", help="Seed of the computer's choices (default: a fresh one).")
    @click.pass_context
    def play(ctx, human, moves_file, save, seed, **kwargs):
        """Play tic-tac-toe against the computer in the terminal.

        Type B2 or (2,2); q quits. Exit codes: 0 the game ended, 1 the input ended
        before it, 2 bad usage or a bad move in --moves, 3 spec unreadable, 74 --save
        not written.
        """
        human = human.upper()
        computer = O if human == X else X
        option = computer.lower()
        given = ctx.get_parameter_source(human.lower()) is click.core.ParameterSource.COMMANDLINE
        if given:
            raise click.UsageError(f"--{human.lower()}: you play {human} (--human {human}); the computer plays {computer}")
        refuse_same_file(ctx, ["save"], read=[("--moves", moves_file)], specs=specs)
        moves = moves_from_file(moves_file) if moves_file else None
        spec_name = kwargs["spec"]
        spec = specs.build({**kwargs, "x": None, "o": None})
        if not isinstance(spec, TicTacToe):
            raise click.UsageError(
                f"play needs a spec of the game's shape (var board: int -> int -> Square, var nextTurn: Player); "
                f"{spec.source} has other state"
            )
        kwargs[human.lower()] = KINDS["any"]
        if kwargs[option] is None and computer == O:
            # the perfect player knows the values of the lecture's board; elsewhere O plays anywhere
            on_lecture_board = (spec.grid.size, spec.grid.k) == (3, 3)
            kwargs[option] = KINDS["perfect" if on_lecture_board else "any"]
        model = specs.build(dict(kwargs))
        # without --x, X is the spec's own player: then `model` is the spec itself
        kind = kwargs[option].kind if kwargs[option] else model.players[0]
        start = parse_seed(seed)
        if start is None:
            start = SystemRandom().getrandbits(53)
        game = Game(model, human, kind, random.Random(start))
        shown = f"the spec's Move{computer}" if kind == "spec" else kind
        click.echo(
            f"Tic-tac-toe, spec '{spec_name}': you play {human}, the computer plays {computer} ({shown}); "
            f"seed 0x{start:x}.\n{how_to_move(model.grid)}\n\n{game.show()}"
        )
        if moves is not None:
            play_file(game, moves_file, moves)
        finished = game.over or play_typed(game)
        if save is not None:
            try:
                click.echo(game.save(save, spec))
            except WriteError as error:
                report_error(str(error))
                ctx.exit(EXIT_FILE)
        ctx.exit(EXIT_FINISHED if finished else EXIT_UNFINISHED)

    return play


def computer_turns(game: Game) -> None:
    """Let the computer move until it is the human's turn or the game is over."""
    while not game.over and game.state.nextTurn != game.human:
        click.echo("\n" + game.computer_move())


def play_typed(game: Game) -> bool:
    """Play the human's moves as typed (or piped in) until the input ends or `q`; whether the game ended.

    A bad move gets one line saying what is wrong, and the prompt again.
    """
    piped = sys.stdin is None or not sys.stdin.isatty()
    moves = terminal_moves()
    gap = "\n"
    computer_turns(game)
    while True:
        click.echo(gap + (f"Your move ({game.human}): " if not game.over else "The game is over; q quits: "), nl=False)
        _, text = next(moves, (0, None))
        if text is None:  # the end of the input
            click.echo("")
            break
        if piped:
            click.echo(text)  # as if typed
        if text.lower() in ("q", "quit"):
            break
        try:
            if text:
                click.echo(game.human_move(text))
        except BadMove as error:
            click.echo(str(error))
            gap = ""
        else:
            gap = "\n"
            computer_turns(game)
    if not game.over:
        click.echo("The game stopped before its end.")
    return game.over


def play_file(game: Game, path: str, moves: list[tuple[int, str]]) -> None:
    """Play the human's `moves`, read from the file at `path`; UsageError at the first bad or missing move.
    Moves left after the game's end are not played, and one line says so (the game is kept all the same)."""
    computer_turns(game)
    for number, text in moves:
        if game.over:
            if text:
                click.echo(f"\nThe game is over ({status(game.model, game.state)}): the moves of {path} from line "
                           f"{number} on were not played.")
            return
        if not text:  # the end of the file
            raise click.UsageError(
                f"{path} line {number}: a move of {game.human} is missing: the file ends before the game does"
            )
        click.echo(f"\nYour move ({game.human}): {text}")
        try:
            click.echo(game.human_move(text))
        except BadMove as error:
            raise click.UsageError(f"{path} line {number}: {error}") from None
        computer_turns(game)
