"""Pattern databases: the small ones of the ``pdb`` heuristic, the 15- and 24-puzzle's additive ones."""
