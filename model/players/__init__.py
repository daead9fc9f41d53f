"""Who chooses the moves: player kinds (`kinds`), the game's values (`solver`, `keeps_value`), and the
learning agent (`learning`, `policy`, `verification`)."""
