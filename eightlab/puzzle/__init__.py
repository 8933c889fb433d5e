"""The puzzle itself: boards and their notations, moves, parity, ranking, the state space, instances."""
