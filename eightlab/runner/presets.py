"""Named parameter sets of ``eightlab run --preset NAME`` (no imports: the command line
lists them in its help without loading the runner)."""

from __future__ import annotations

#: Named parameter sets: ``name -> (notebook, parameters)``.
PRESETS: dict[str, tuple[str, dict]] = {
    # AIMA 3rd ed., fig. 3.29: the textbook's tree-search IDDFS against A* with h1 and
    # h2, 100 boards per even depth; the tree search stops where its budget runs out
    # (skip_deeper) and shows as missing beyond.
    "textbook": (
        "compare_algorithms",
        {
            "sampling": "depths",
            "depths": list(range(2, 25, 2)),
            "per_depth": 100,
            "seed": 1,
            "algorithms": ["iddfs-tree", "astar"],
            "heuristics": ["misplaced", "manhattan"],
            "max_nodes": 2_000_000,
            "max_seconds": 30.0,
        },
    ),
    # Korf (1985): IDA* with Manhattan distance on all 100 instances
    "korf1985": ("korf100", {"heuristics": ["manhattan"], "instances": [], "workers": 2}),
    # Felner, Korf & Hanan (2004): additive pattern databases against Manhattan, each with
    # the reflected lookup and without (-single); 7-8 builds 0.6 GB of tables (3.8 GB and 14
    # CPU minutes, the first time)
    "felner2004": (
        "korf100",
        {
            "heuristics": ["manhattan"]
            + [f"pdb-{p}{s}" for p in ("5-5-5", "6-6-3", "7-8") for s in ("", "-single")],
            "instances": [],
            "workers": 2,
        },
    ),
    # Korf & Felner (2002): the 24-puzzle with 6-6-6-6 (opt-in: builds ~0.5 GB of tables)
    "korf24": ("korf24", {"max_seconds": 3600.0, "total_seconds": 86_400.0, "workers": 2}),
}
