"""What the tables say: heuristic claims checked, the least work of a bidirectional search, published values."""
