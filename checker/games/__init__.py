"""Models that are two-player games: game values by retrograde analysis over the state graph."""
