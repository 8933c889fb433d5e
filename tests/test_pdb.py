"""Pattern databases: the compiled build equals the readable BFS and an independent
brute force; the 4x4 databases are admissible (and, as documented, not consistent);
the disk cache, the partitions, the reflection, the deadline and Korf's 100.

No test builds 6-6-3 or 7-8: the 4x4 tests use 5-5-5 (seconds), in a private cache."""

from __future__ import annotations

import heapq
import random
from itertools import permutations

import numpy as np
import pytest

from eightlab import Board, solve
from eightlab.errors import BoardError
from eightlab.heuristics import HEURISTICS, get_heuristic
from eightlab.heuristics.pdb import additive as pdb
from eightlab.heuristics.pdb import cache as pdbcache
from eightlab.heuristics.pdb.build import build_table, reference_table
from eightlab.puzzle.instances import KORF_GOAL, korf100, random_walk_instance
from eightlab.puzzle.ranking import placements, rank_cells, unrank_cells
from eightlab.puzzle.solvability import is_solvable

SMALL = [
    (Board((0, 1, 2, 3, 4, 5), 2, 3), (1, 2, 3)),
    (Board((1, 2, 3, 4, 5, 0), 2, 3), (5, 1)),
    (Board((0, 1, 2, 3, 4, 5), 2, 3), (1, 2, 3, 4, 5)),
    (Board.goal(3), (1, 2, 3, 4)),
    (Board.parse("123804765"), (8, 1, 2)),
    (Board.parse("123804765"), (4, 7, 6, 5)),
    (Board((0, 1, 2, 3, 4, 5, 6, 7), 2, 4), (7, 3, 5)),
]


@pytest.fixture(scope="module", autouse=True)
def private_cache(tmp_path_factory):
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("EIGHTLAB_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
        pdb._MEMORY.clear()
        yield
        pdb._MEMORY.clear()


@pytest.fixture(scope="module")
def korf555():
    return pdb.additive_pdb(KORF_GOAL, "5-5-5", progress=False)


def brute_force_table(goal: Board, pattern) -> np.ndarray:
    """Independent of eightlab's builders: Dijkstra over whole boards whose other tiles
    are erased (one label), costing 1 per pattern-tile move; then the minimum over
    the boards of each placement."""
    erased = tuple(t if t in pattern or t == 0 else -1 for t in goal.tiles)
    rows, cols = goal.rows, goal.cols
    best = {erased: 0}
    heap = [(0, erased)]
    while heap:
        d, cells = heapq.heappop(heap)
        if d > best[cells]:
            continue
        b = cells.index(0)
        r, c = divmod(b, cols)
        for q, ok in ((b - cols, r > 0), (b + cols, r < rows - 1), (b - 1, c > 0),
                      (b + 1, c < cols - 1)):  # fmt: skip
            if not ok:
                continue
            child = list(cells)
            child[b], child[q] = child[q], 0
            child = tuple(child)
            cost = d + (cells[q] != -1)
            if cost < best.get(child, 1 << 30):
                best[child] = cost
                heapq.heappush(heap, (cost, child))
    table = np.full(placements(goal.size, len(pattern)), 255, dtype=np.uint8)
    for cells, d in best.items():
        idx = rank_cells([cells.index(t) for t in pattern], goal.size)
        table[idx] = min(table[idx], d)
    return table


# ------------------------------------------------------------------ the index
def test_rank_is_the_agreed_dense_index_and_unrank_inverts_it():
    n, k = 5, 3
    ranks = [rank_cells(cells, n) for cells in permutations(range(n), k)]
    assert ranks == list(range(placements(n, k)))  # lexicographic, dense
    rng = random.Random(3)
    for _ in range(300):
        k = rng.randint(1, 8)
        cells = tuple(rng.sample(range(16), k))
        assert unrank_cells(rank_cells(cells, 16), 16, k) == cells


# ----------------------------------------------------------- build = reference
@pytest.mark.parametrize("goal, pattern", SMALL, ids=str)
def test_compiled_build_equals_the_readable_bfs_and_a_brute_force(goal, pattern):
    compiled = build_table(goal, pattern)
    assert compiled.dtype == np.uint8 and len(compiled) == placements(goal.size, len(pattern))
    assert np.array_equal(compiled, reference_table(goal, pattern))
    assert np.array_equal(compiled, brute_force_table(goal, pattern))


def test_a_pattern_of_every_tile_gives_the_true_distance():
    goal = Board((0, 1, 2, 3, 4, 5), 2, 3)
    table = build_table(goal, (1, 2, 3, 4, 5))
    for cells in permutations(range(6)):
        board = Board(cells, 2, 3)
        d = table[rank_cells([board.tiles.index(t) for t in (1, 2, 3, 4, 5)], 6)]
        if is_solvable(board, goal):
            assert d == len(solve(board, goal, "bfs").path)
        else:
            assert d == 255  # the placement of all tiles fixes the blank's cell


# ---------------------------------------------------------------- partitions
@pytest.mark.parametrize("name", list(pdb.ALL_PARTITIONS))
def test_partitions_split_every_tile(name):
    groups = pdb.ALL_PARTITIONS[name]
    rows, cols = pdb.shape_of(name)
    n = rows * cols
    assert sorted(t for g in groups for t in g) == list(range(1, n))
    assert [len(g) for g in groups] == [int(s) for s in name.split("-") if s.isdigit()]
    other = Board((1, 2, 3, 4, 5, 6, 0, *range(7, n)), rows, cols)
    for goal in (Board(tuple(range(n)), rows, cols), Board.goal(rows, cols), other):
        tiles = pdb.partition_patterns(goal, name)
        assert sorted(t for g in tiles for t in g) == list(range(1, n))


def test_the_literature_partitions_are_the_defaults():
    # 6-6-3 of other solvers for the goal with the blank last ({1,5,6,9,10,13},
    # {7,8,11,12,14,15}, {2,3,4}), turned by 180 degrees to Korf's goal; 5-5-5 likewise
    turned = {t: 16 - t for t in range(1, 16)}  # tile t (cell t - 1) lands on cell 16 - t
    blank_last = [{1, 5, 6, 9, 10, 13}, {7, 8, 11, 12, 14, 15}, {2, 3, 4}]
    assert [set(g) for g in pdb.PARTITIONS["6-6-3"]] == [
        {turned[t] for t in g} for g in sorted(blank_last, key=lambda g: min(turned[t] for t in g))
    ]
    assert [set(g) for g in pdb.PARTITIONS["5-5-5"]] == [
        {turned[t] for t in g} for g in ({8, 11, 12, 14, 15}, {5, 6, 9, 10, 13}, {1, 2, 3, 4, 7})
    ]
    assert list(pdb.PARTITIONS) == ["5-5-5", "6-6-3", "7-8"]  # the 15-puzzle's (05 draws them)
    assert pdb.ALL_PARTITIONS["6-6-6-6"] == (  # Korf & Felner 2002, the blank on cell 0
        (1, 5, 6, 10, 11, 12), (2, 3, 4, 7, 8, 9), (15, 16, 17, 20, 21, 22),
        (13, 14, 18, 19, 23, 24),
    )  # fmt: skip


GOAL_5X5 = Board(tuple(range(25)), 5, 5)


@pytest.mark.parametrize(
    "goal, patterns",
    [
        (GOAL_5X5, [(2, 3, 4), (22, 21, 20), (14, 19, 24), (10, 15, 20)]),
        (GOAL_5X5, [(2, 7), (10, 11), (22, 17), (14, 13)]),
        (KORF_GOAL, [(1, 2, 4), (4, 8, 1), (14, 11, 13), (2, 3)]),
        (Board.goal(4), [(1, 2, 5), (14, 15, 11), (4, 8, 3)]),
    ],
    ids=["5x5-corner-blocks", "5x5-pairs", "4x4-korf", "4x4-blank-last"],
)
def test_a_table_derived_by_symmetry_equals_the_built_one(goal, patterns):
    from eightlab.heuristics.pdb.build import derive_table, symmetric_source

    built = [build_table(goal, p) for p in patterns]
    derived = 0
    for g in range(len(patterns)):
        source = symmetric_source(goal, patterns, g)
        if source is not None:
            j, inverse, order = source
            assert np.array_equal(derive_table(built[j], goal.size, inverse, order), built[g])
            derived += 1
    assert derived >= 1


def test_the_six_six_six_six_partition_needs_two_builds():
    from eightlab.heuristics.pdb.build import symmetric_source

    patterns = pdb.partition_patterns(GOAL_5X5, "6-6-6-6")
    sources = [symmetric_source(GOAL_5X5, patterns, g) for g in range(4)]
    assert [s is None for s in sources] == [True, True, False, False]
    assert sources[2][0] == sources[3][0] == 1  # both from the 2x3 block {2,3,4,7,8,9}
    assert pdb.build_bytes("6-6-6-6") < 3 * 2**30


def test_reflection_applies_when_the_goal_blank_is_on_the_diagonal():
    cell, tile = pdb.mirror_of(KORF_GOAL)
    assert list(cell[:5]) == [0, 4, 8, 12, 1] and np.array_equal(cell, tile)
    assert pdb.mirror_of(Board.goal(4))[0] is not None  # blank bottom-right: on it
    assert pdb.mirror_of(Board.parse("1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15")) == (None, None)
    assert pdb.mirror_of(Board((0, 1, 2, 3, 4, 5), 2, 3)) == (None, None)


def test_wrong_sizes_and_names_are_refused():
    with pytest.raises(pdb.PatternDatabaseError, match="4x4"):
        pdb.additive_pdb(Board.goal(3), "5-5-5")
    with pytest.raises(pdb.PatternDatabaseError, match="unknown partition"):
        pdb.additive_pdb(KORF_GOAL, "4-4-4-3")
    with pytest.raises(BoardError, match="4x4"):
        get_heuristic("pdb-6-6-3")("123456780")


def test_memory_estimate_refuses_seven_eight_when_memory_is_short(monkeypatch):
    assert pdb.build_bytes("7-8") > 3 * 2**30 > pdb.build_bytes("6-6-3")
    monkeypatch.setattr(pdb, "available_bytes", lambda: 2 * 2**30)
    with pytest.raises(pdb.PatternDatabaseError, match="GB"):
        pdb.additive_pdb(Board.goal(4), "7-8")  # refused before any allocation
    monkeypatch.setattr(pdb, "available_bytes", lambda: 1 * 2**30)
    with pytest.raises(pdb.PatternDatabaseError, match="GB"):
        pdb.additive_pdb(GOAL_5X5, "6-6-6-6")


# ------------------------------------------------------------- 4x4 databases
def test_five_five_five_is_admissible_and_dominates_manhattan(korf555):
    assert korf555.nbytes == 3 * 524_160
    assert korf555.h(KORF_GOAL.packed) == 0
    manhattan = get_heuristic("manhattan").bind(KORF_GOAL)
    rng = random.Random(5)
    for _ in range(40):
        board = random_walk_instance(KORF_GOAL, rng.randint(1, 24), rng)
        value = korf555.h(board.packed)
        assert manhattan(board.packed) <= value
        if value <= 14:  # cheap enough to solve optimally here
            assert value <= solve(board, KORF_GOAL, "idastar", "manhattan").length


def test_batch_and_single_evaluations_agree(korf555):
    boards = korf100()[:20]
    many = korf555.evaluate_tiles(np.array([b.tiles for b in boards]))
    assert list(many) == [korf555.h(b.packed) for b in boards]
    evaluator = get_heuristic("pdb-5-5-5").bind(KORF_GOAL)
    assert evaluator.data is not None
    assert [evaluator(b.packed) for b in boards] == list(many)


def test_the_reflection_never_lowers_h_and_sometimes_raises_it(korf555):
    plain = pdb.AdditivePDB(KORF_GOAL, "5-5-5", korf555.patterns, korf555.tables, None, None)
    pairs = [(plain.h(b.packed), korf555.h(b.packed)) for b in korf100()]
    assert all(a <= b for a, b in pairs) and any(a < b for a, b in pairs)


def test_the_single_lookup_heuristic_is_the_regular_lookup(korf555):
    plain = pdb.AdditivePDB(KORF_GOAL, "5-5-5", korf555.patterns, korf555.tables, None, None)
    single = get_heuristic("pdb-5-5-5-single").bind(KORF_GOAL)
    boards = korf100()[:20]
    assert [single(b.packed) for b in boards] == [plain.h(b.packed) for b in boards]
    assert list(single.data.evaluate_tiles(np.array([b.tiles for b in boards]))) == [
        plain.h(b.packed) for b in boards
    ]
    assert {f"pdb-{p}-single" for p in pdb.PARTITIONS} <= set(HEURISTICS)
    assert "pdb-6-6-6-6-single" not in HEURISTICS  # offered for the 15-puzzle's partitions


def test_the_documented_inconsistency_is_real(korf555):
    plain = pdb.AdditivePDB(KORF_GOAL, "5-5-5", korf555.patterns, korf555.tables, None, None)
    board = Board.parse("14 10 9 4 13 6 5 8 2 12 7 0 1 3 11 15", 4, 4)  # Korf's instance 32
    assert (plain.h(board.packed), plain.h(board.move("u").packed)) == (47, 44)
    assert not HEURISTICS["pdb-5-5-5"].consistent and HEURISTICS["pdb-5-5-5"].admissible


def test_optimal_lengths_with_pdb_equal_those_with_manhattan():
    for board in [random_walk_instance(KORF_GOAL, 30, seed) for seed in range(4)]:
        with_pdb = solve(board, KORF_GOAL, "idastar", "pdb-5-5-5")
        with_manhattan = solve(board, KORF_GOAL, "idastar", "manhattan")
        assert with_pdb.length == with_manhattan.length
        assert with_pdb.stats.expanded <= with_manhattan.stats.expanded


# --------------------------------------------------------------------- cache
def test_the_cache_is_validated_on_read(korf555, tmp_path):
    path = pdbcache.path_of(KORF_GOAL, "5-5-5")
    assert path.exists() and path.stat().st_mode & 0o044 == 0o044
    loaded, seconds = pdbcache.load(KORF_GOAL, "5-5-5", korf555.patterns)
    assert all(np.array_equal(a, b) for a, b in zip(loaded, korf555.tables, strict=True))
    rows = pdbcache.listing()
    assert [r["partition"] for r in rows] == ["5-5-5"] and rows[0]["bytes"] > 3 * 524_160
    good = path.read_bytes()
    try:
        damaged = bytearray(good)
        damaged[-1] ^= 1
        path.write_bytes(bytes(damaged))
        assert pdbcache.load(KORF_GOAL, "5-5-5", korf555.patterns) is None  # checksum
        path.write_bytes(good[:-1])
        assert pdbcache.load(KORF_GOAL, "5-5-5", korf555.patterns) is None  # length
        assert pdbcache.load(Board.goal(4), "5-5-5", korf555.patterns) is None  # other goal
    finally:
        path.write_bytes(good)


def test_a_second_builder_waits_for_the_first_and_honours_its_deadline():
    from time import perf_counter

    with pdbcache.build_lock(KORF_GOAL, "6-6-3"):
        with pytest.raises(TimeoutError), pdbcache.build_lock(KORF_GOAL, "6-6-3", perf_counter()):
            pass
    with pdbcache.build_lock(KORF_GOAL, "6-6-3", perf_counter()):  # free again
        pass


def test_a_build_out_of_memory_is_refused_in_one_line(monkeypatch):
    import eightlab.heuristics.pdb.additive as module

    def exhausted(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(module, "build_table", exhausted)
    pdb._MEMORY.clear()
    with pytest.raises(pdb.PatternDatabaseError, match="ran out of memory"):
        pdb.additive_pdb(KORF_GOAL, "5-5-5-rows", progress=False)
    lock = pdbcache.path_of(KORF_GOAL, "5-5-5-rows").with_suffix(".lock")
    assert not lock.exists()


def test_no_lock_file_is_left_beside_the_databases(korf555):
    lock = pdbcache.path_of(KORF_GOAL, "6-6-3").with_suffix(".lock")
    with pdbcache.build_lock(KORF_GOAL, "6-6-3"):
        assert lock.exists()
    assert not lock.exists()
    assert not list(pdbcache.directory().glob("*.lock"))  # nor from the 5-5-5 build


def test_pdb_list_marks_truncated_and_junk_files(korf555, capsys):
    from eightlab.cli import main

    folder = pdbcache.directory()
    good = pdbcache.path_of(KORF_GOAL, "5-5-5")
    truncated = folder / "pdb-v1-4x4-5-5-5-goal00000000.bin"
    junk = folder / "pdb-v1-4x4-junk.bin"
    truncated.write_bytes(good.read_bytes()[:-100])
    junk.write_bytes(b"hello\n")
    try:
        rows = {r["path"]: r for r in pdbcache.listing()}
        assert rows[str(good)]["valid"]
        assert not rows[str(truncated)]["valid"] and "truncated" in rows[str(truncated)]["problem"]
        assert not rows[str(junk)]["valid"] and "header" in rows[str(junk)]["problem"]
        assert main(["pdb", "list"]) == 1  # a failed check: two files are invalid
        out = capsys.readouterr().out.splitlines()
        assert sum(line.startswith("INVALID") for line in out) == 2
    finally:
        truncated.unlink()
        junk.unlink()


def test_an_unwritable_cache_warns_once_in_one_line(korf555, monkeypatch, capsys):
    import eightlab.heuristics.pdb.cache as cache

    def refuse(path, *contents):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(cache, "write_arrays", refuse)
    monkeypatch.setattr(cache, "_WARNED", set())
    for _ in range(3):
        assert cache.save(KORF_GOAL, "5-5-5", korf555.patterns, korf555.tables, 1.0) is None
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot write" in err and "Permission denied" in err


def test_the_small_pdb_refuses_boards_too_large_for_pure_python():
    from eightlab.heuristics.pdb.small import MAX_STATES, default_patterns

    with pytest.raises(pdb.PatternDatabaseError, match="6x6.*up to 5x5"):
        get_heuristic("pdb").bind(Board.goal(6))
    assert sum(25 ** (len(p) + 1) for p in default_patterns(Board.goal(5))) <= MAX_STATES


def test_cli_refuses_the_small_pdb_on_6x6_in_one_line(capsys):
    from eightlab.cli import main

    board = " ".join(map(str, [*range(1, 35), 0, 35]))
    assert main(["solve", board, "--heuristic", "pdb", "--algorithm", "astar"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "5x5" in err


def test_no_cache_when_the_directory_is_empty(monkeypatch):
    monkeypatch.setenv("EIGHTLAB_CACHE_DIR", "")
    assert pdbcache.path_of(KORF_GOAL, "5-5-5") is None and pdbcache.listing() == []


def test_a_build_stops_at_the_search_deadline(monkeypatch, tmp_path):
    monkeypatch.setenv("EIGHTLAB_CACHE_DIR", str(tmp_path))
    pdb._MEMORY.clear()
    goal = Board.parse("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", 4, 4)
    start = random_walk_instance(goal, 40, 1)
    result = solve(start, goal, "idastar", "pdb-6-6-3", max_seconds=0.05)
    assert str(result.status) == "budget_exceeded"
    assert not list(tmp_path.rglob("*.bin"))  # nothing half-built was cached
    assert (goal, "6-6-3") not in pdb._MEMORY


def test_the_small_pdb_build_stops_at_the_search_deadline_too():
    # `--heuristic pdb --max-seconds 0.1` on 4x4: the pure-Python build checks the clock
    goal = Board.goal(4)
    result = solve(random_walk_instance(goal, 40, 2), goal, "idastar", "pdb", max_seconds=0.05)
    assert str(result.status) == "budget_exceeded" and result.stats.expanded == 0


# --------------------------------------------------------------- Korf's 100
@pytest.mark.parametrize("number", [12, 79])  # two of the easiest of Korf's 100
def test_korf_instances_have_the_same_optimal_length_with_pdb_and_manhattan(number, korf555):
    engine = pytest.importorskip("eightlab.search.compiled")
    board = korf100()[number - 1]
    manhattan = engine.solve_compiled(board, KORF_GOAL, "manhattan")
    with_pdb = engine.solve_compiled(board, KORF_GOAL, "pdb-5-5-5")
    assert with_pdb.length == manhattan.length and board.apply(with_pdb.path) == KORF_GOAL
    assert with_pdb.stats.expanded < manhattan.stats.expanded


def test_korf100_is_shipped_with_its_goal():
    boards = korf100()
    assert len(boards) == 100 and len(set(boards)) == 100
    assert boards[0] == Board.parse("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", 4, 4)
    assert all(is_solvable(b, KORF_GOAL) for b in boards)
    assert KORF_GOAL.tiles == tuple(range(16))


# ---------------------------------------------------------------- the command
def test_pdb_build_and_list_commands(korf555, capsys):
    from eightlab.cli import main

    assert main(["pdb", "build", "5-5-5"]) == 0
    out = capsys.readouterr().out
    assert "5-5-5" in out and "1.6 MB" in out and "cached in" in out
    assert main(["pdb", "list"]) == 0
    assert "5-5-5" in capsys.readouterr().out
    assert main(["pdb", "build", "5-5-5", "--goal", "123456780"]) == 2
    assert "4x4" in capsys.readouterr().err


# ---------------------------------------------------------------- tutorial 05
def test_tutorial_05_runs_on_tiny_parameters(tmp_path, monkeypatch):
    import os
    from pathlib import Path

    import nbformat
    import papermill

    root = Path(__file__).resolve().parents[1]
    path = os.environ.get("PYTHONPATH")
    monkeypatch.setenv("PYTHONPATH", str(root) + (os.pathsep + path if path else ""))
    monkeypatch.setenv("MPLCONFIGDIR", str(tmp_path / "mpl"))
    notebook = root / "notebooks" / "05_fifteen_puzzle.ipynb"
    source = nbformat.read(notebook, as_version=4)
    assert all(c.outputs == [] for c in source.cells if c.cell_type == "code")
    out = tmp_path / "out"
    monkeypatch.setenv("EIGHTLAB_CHECK_SLIDES", str(tmp_path / "slides.jsonl"))  # slides fit
    papermill.execute_notebook(
        str(notebook),
        str(tmp_path / "05.ipynb"),
        parameters={
            "output_dir": str(out),
            "walk_length": 16,
            "n_boards": 1,
            "astar_nodes": 500,
            "figure_style": "slides",
        },
        kernel_name="python3",
        progress_bar=False,
        cwd=str(tmp_path),
    )
    executed = nbformat.read(tmp_path / "05.ipynb", as_version=4)
    text = "".join(
        o.get("text", "") for c in executed.cells if c.cell_type == "code" for o in c.outputs
    )
    assert "False" not in text and text.count("True") >= 4
    assert {p.stem for p in out.glob("*.png")} == {
        "partitions",
        "expanded_by_heuristic",
        "korf100_start_h",
    }
    assert (out / "korf100_start_h.csv").is_file() and (out / "fifteen_runs.csv").is_file()
    from test_slides_fit import assert_notebook_figures_fit

    assert_notebook_figures_fit(tmp_path / "slides.jsonl", {p.stem for p in out.glob("*.png")})
