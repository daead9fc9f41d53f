"""Player kinds: a match between the spec's own players is the spec, step for step."""

import pytest

from checker.explore.bfs import explore
from model.players.kinds import AnyPlayer, Match, StrategyPlayer
from model.spec.strategy import StrategyTicTacToe
from model.spec.tictactoe import TicTacToe


def labelled_graph(model):
    graph = explore(model, check_deadlock=False, keep_graph=True).graph
    return {state: sorted((str(label), successor) for label, successor in model.next_steps(state)) for state in graph}


@pytest.mark.parametrize(
    "spec, x, o, same_as",
    [
        (TicTacToe, StrategyPlayer(), AnyPlayer(), StrategyTicTacToe),
        (StrategyTicTacToe, AnyPlayer(), AnyPlayer(), TicTacToe),
    ],
)
def test_a_match_with_the_players_of_a_spec_has_its_steps_and_labels(spec, x, o, same_as):
    assert labelled_graph(Match(spec, x, o)) == labelled_graph(same_as())


def test_the_strategy_plays_x_only():
    with pytest.raises(ValueError, match="plays X only, not O"):
        Match(TicTacToe, AnyPlayer(), StrategyPlayer())


def test_player_options_on_the_command_line(ttt_check):
    code, out, _ = ttt_check("--x", "any", "-i", "OHasNotWon", "--continue")
    assert code == 12 and "5,478 distinct states" in out
    code, out, err = ttt_check("--o", "strategy")
    assert code == 2 and out == "" and err == "ttt-check: error: player kind 'strategy' plays X only, not O\n"
    code, _, err = ttt_check("--x", "nobody")
    assert code == 2 and "unknown player kind 'nobody'; valid kinds: any, strategy" in err


@pytest.mark.parametrize("spec", [TicTacToe, StrategyTicTacToe])
def test_a_match_names_the_file_of_its_spec_and_notes_no_change(ttt_check, spec):
    match = Match(spec, AnyPlayer(), AnyPlayer())
    assert (match.name, match.source) == (spec.name, spec.source)
    code, out, err = ttt_check("--spec", spec.name, "--o", "minimax", "-i", "inv")  # a Match of either spec
    assert err == "" and f"Checking spec '{spec.name}' ({spec.source})" in out


@pytest.mark.parametrize("symmetric", [True, False])
def test_symmetry_reduction_only_with_players_that_play_alike_on_rotated_boards(symmetric):
    from model.players.kinds import LearnedPlayer
    from model.players.policy import Policy

    learned = LearnedPlayer(Policy(values={"O": {}}, symmetry=symmetric), "p.json")
    assert (Match(TicTacToe, AnyPlayer(), learned).canonical is not None) == symmetric
    assert Match(TicTacToe, AnyPlayer(), AnyPlayer()).canonical is not None
