"""`ttt-check solve`: the game value of every reachable state, by retrograde analysis."""

from __future__ import annotations

import time

import click

from checker.cli.common import MOST_STATES, Specs, max_memory_option, with_specs
from checker.explore.bfs import explore
from checker.games.game import Game
from checker.games.retrograde import Solution, solve
from checker.games.rules import slips

#: a payoff for the side it is paid to, as a word
WORDS = {1: "win", 0: "draw", -1: "loss"}


def word(payoff: int) -> str:
    return WORDS[(payoff > 0) - (payoff < 0)]


def a_value(payoff: int, side: str) -> str:
    """`a win for X`, `a draw`."""
    return "a draw" if payoff == 0 else f"a {word(payoff)} for {side}"


def move_values(solution: Solution, state) -> str:
    """The board of `state` with the value, for the side to move, of each of its moves."""
    marks = {after: word(solution.for_mover(state, solution.values[after])) for after in solution.moves.successors(state)}
    return solution.game.show_choices(state, marks)


def format_value(solution: Solution, initial) -> str:
    """The value of the initial state and of each first move."""
    game, value = solution.game, solution.values[initial]
    mover = game.to_move(initial)
    payoff = solution.for_mover(initial)
    return (
        f"Value of the initial state: {a_value(payoff, mover)} ({mover} to move). "
        f"With best play from both sides the game lasts {value.plies} moves.\n\n"
        f"The value of each first move, for {mover}:\n{move_values(solution, initial)}"
    )


def format_games(solution: Solution, initial) -> str:
    """How many complete games there are and how they end."""
    first, second = solution.game.sides
    ends = solution.games([initial])
    total = sum(ends.values())
    lines = [f"Complete games from the initial state: {total:,}"]
    for payoff, n in sorted(ends.items(), key=lambda item: (item[0] == 0, -item[0])):
        how = "drawn" if payoff == 0 else f"won by {first if payoff > 0 else second}"
        lines.append(f"  {how + ':':<12} {n:,}")
    return "\n".join(lines)


def format_states(solution: Solution) -> str:
    """How many reachable states are won, drawn and lost for the side to move."""
    counts = {1: 0, 0: 0, -1: 0}
    for state in solution.values:
        counts[(p := solution.for_mover(state)) and (1 if p > 0 else -1)] += 1
    return (
        f"Reachable states by their value for the side to move (final states included): "
        f"{counts[1]:,} won, {counts[0]:,} drawn, {counts[-1]:,} lost."
    )


def format_rules(game: Game, solution: Solution, initial) -> str | None:
    """Whether the side that moves freely can force a result against the one that follows a rule."""
    rules = game.rules()
    if not rules:
        return None
    lines = [f"{side} follows a rule: the player kind '{rule}'." for side, rule in rules.items()]
    lines.append("(Where a rule allows several moves, the value takes the best of them for its side.)")
    free = [side for side in game.sides if side not in rules]
    if not free:
        return "\n".join(lines)
    (side,) = free
    ruled = game.sides[1 - game.sides.index(side)]
    payoff = solution.values[initial].payoff * (1 if side == game.sides[0] else -1)
    if payoff > 0:
        lines.append(f"{side} can force a win against {ruled}'s {rules[ruled]} from the initial state.")
    elif payoff == 0:
        lines.append(f"{side} can force a draw against {ruled}'s {rules[ruled]} from the initial state, but not a win.")
    else:
        lines.append(f"{side} cannot force a draw against {ruled}'s {rules[ruled]} from the initial state.")
    if game.to_move(initial) == ruled:
        lines.append(f"The value of each reply of {side} to each first move of {ruled}, for {side}:")
        for after in solution.moves.successors(initial):
            lines.append(f"\nAfter {first_label(game, initial, after)}:\n{move_values(solution, after)}")
    return "\n".join(lines)


def first_label(game: Game, state, after) -> str:
    """The label of the first step from `state` to `after`."""
    return next(game.show_label(label) for label, target in game.next_steps(state) if target == after)


def format_slips(game: Game, solution: Solution, states) -> str | None:
    """The reachable positions where a rule may choose a move that throws away value."""
    if not game.rules():
        return None
    free_model = game.free_game()
    free = solve(free_model, explore(free_model, check_deadlock=False, keep_graph=True).whole().graph)
    found = slips(game, states, free_model, free)
    sides = " and ".join(game.rules())
    head = (
        f"Positions where a rule ({sides}) may choose a move that throws away value, judged by the "
        f"values of the game where both sides move freely: {len(found):,} positions, "
        f"{sum(len(s.losing) for s in found):,} moves."
    )
    blocks = [head]
    for number, slip in enumerate(found, 1):
        state = slip.state
        mover = game.to_move(state)
        value = a_value(free.for_mover(state), mover)
        losing = {after for _, after in slip.losing}
        marks = {
            after: word(free.for_mover(state, free.values[after])) + ("*" if after in losing else "")
            for after in free.moves.successors(state)
        }
        lines = [f"{number}. {mover} to move, {value} (* marks a move the rule may choose that loses it):"]
        lines.append(game.show_choices(state, marks))
        lines += [
            f"   {game.show_label(label)}: then {a_value(free.for_mover(state, free.values[after]), mover)}"
            for label, after in slip.losing
        ]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def solve_command(specs: Specs) -> click.Command:
    """The `solve` subcommand, offered the specs of `specs`."""

    @with_specs(specs)
    @click.command(name="solve")
    @max_memory_option
    @click.option("--slips/--no-slips", default=True,
                  help="List where a rule throws value away (default on).")
    @click.option("--max-states", type=click.IntRange(1, MOST_STATES), default=200_000, metavar="N",
                  help="Refuse a game with more states (default 200,000).")
    def solve_cmd(slips, max_states, **kwargs):
        """Solve the game: the value of every reachable state.

        Exit codes: 0 solved, 2 bad usage (or more states than --max-states), 3 spec
        unreadable, 4 stopped by the memory bound.
        """
        model = specs.build(kwargs)
        if not isinstance(model, Game):
            raise click.UsageError(f"spec '{model.name}' is not a two-player game: it cannot be solved")
        started = time.perf_counter()
        explored = explore(model, check_deadlock=False, keep_graph=True, max_states=max_states).whole()
        if not explored.stats.complete:
            raise click.UsageError(
                f"spec '{model.name}' has more than {max_states:,} reachable states: too many to solve in memory "
                f"(raise --max-states to try)"
            )
        graph = explored.graph
        try:
            solution = solve(model, graph)
        except ValueError as error:
            raise click.UsageError(str(error)) from None
        seconds = time.perf_counter() - started
        (initial, *_) = model.init_states()
        legend = model.legend("board")  # the drawings of moves' values name squares as the board's drawing
        click.echo(
            f"Solving spec '{model.name}' ({model.source}): {model.description}\n"
            f"{len(graph):,} reachable states, solved by retrograde analysis in {seconds:.2f} s.\n"
            + (f"{legend}\n" if legend else "")
        )
        parts = [format_value(solution, initial), format_games(solution, initial), format_states(solution)]
        parts.append(format_rules(model, solution, initial))
        if slips:
            parts.append(format_slips(model, solution, graph))
        click.echo("\n\n".join(part for part in parts if part))

    return solve_cmd
