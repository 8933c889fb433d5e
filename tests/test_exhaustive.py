"""The complete breadth-first search of boards of up to 12 cells against the oracle and OEIS."""

from __future__ import annotations

import csv
from itertools import permutations
from math import factorial
from pathlib import Path

import numpy as np
import pytest

from eightlab.errors import BoardError, EightlabError
from eightlab.heuristics import get_heuristic
from eightlab.puzzle import exhaustive, statespace
from eightlab.puzzle.exhaustive import (
    UNSEEN,
    StateSpaceError,
    distance_table,
    goal_board,
    layer_counts,
    manhattan_histogram,
    published_layer_counts,
    reference_layer_counts,
    table_bytes,
)
from eightlab.puzzle.ranking import rank

PUBLISHED = published_layer_counts()


@pytest.mark.parametrize("blank_cell", range(9))
def test_8_puzzle_layers_equal_the_oracle_from_every_blank_cell(blank_cell):
    goal = goal_board((3, 3), blank_cell)
    layers = layer_counts((3, 3), blank_cell)
    assert list(layers.counts) == list(statespace.depth_distribution(goal))
    assert layers.farthest == tuple(statespace.hardest_boards(goal))


def test_8_puzzle_distance_table_equals_the_oracle_board_by_board():
    table = distance_table((3, 3))
    oracle = statespace.distance_table(None)
    expected = np.where(oracle < 0, UNSEEN, oracle.astype(np.int16))
    assert np.array_equal(table.astype(np.int16), expected)


@pytest.mark.parametrize("number", ["A089473", "A089474", "A090034", "A090035", "A090036"])
def test_small_shapes_equal_the_published_sequence_and_its_transpose(number):
    entry = PUBLISHED[number]
    rows, cols = entry["shape"]
    counts = layer_counts((rows, cols), entry["blank_cell"]).counts
    assert list(counts) == entry["counts"]
    r, c = divmod(entry["blank_cell"], cols)
    transposed = layer_counts((cols, rows), c * rows + r).counts
    assert list(transposed) == entry["counts"]


def test_published_radii_are_the_known_ones():
    radii = {number: len(entry["counts"]) - 1 for number, entry in PUBLISHED.items()}
    assert radii["A090034"] == 21
    assert radii["A090035"] == 36
    assert radii["A090036"] == 55
    assert radii["A089473"] == 31
    assert radii["A090166"] == 53
    complete = [e for e in PUBLISHED.values() if e["complete"]]
    for entry in complete:
        rows, cols = entry["shape"]
        assert sum(entry["counts"]) == factorial(rows * cols) // 2


@pytest.mark.parametrize("shape", [(2, 2), (2, 3), (3, 2), (2, 4), (1, 5), (4, 1)])
def test_compiled_search_equals_the_python_reference_from_every_blank_cell(shape):
    for blank_cell in range(shape[0] * shape[1]):
        compiled = layer_counts(shape, blank_cell).counts
        assert list(compiled) == reference_layer_counts(shape, blank_cell)


def test_2x4_farthest_board_is_the_published_one():
    # OEIS A090035: from 1234/567- the one board 36 moves away is -721/4365
    layers = layer_counts((2, 4))
    assert layers.radius == 36
    assert [b.tiles for b in layers.farthest] == [(0, 7, 2, 1, 4, 3, 6, 5)]


def test_distance_table_marks_the_other_parity_class_unseen():
    table = distance_table((2, 3), 0)
    assert table.shape == (factorial(6),)
    assert table[rank(goal_board((2, 3), 0).tiles)] == 0
    assert int((table == UNSEEN).sum()) == factorial(6) // 2
    assert int(table[table != UNSEEN].max()) == 21


def test_search_refuses_in_one_line_when_memory_is_short(monkeypatch):
    monkeypatch.setattr(exhaustive, "available_memory", lambda: 100 << 20)
    with pytest.raises(StateSpaceError, match=r"3x4 state space needs 546 MB") as caught:
        layer_counts((3, 4))
    assert "\n" not in str(caught.value)
    assert isinstance(caught.value, EightlabError)


def test_a_cached_table_is_read_into_one_array_at_the_peak_of_one_table(monkeypatch, tmp_path):
    import tracemalloc

    monkeypatch.setenv("EIGHTLAB_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(exhaustive, "CACHED_FROM", 9)  # the 8-puzzle's 362,880 bytes cached
    goal = goal_board((3, 3))
    searched = exhaustive.goal_distances(goal)
    assert exhaustive.cache_path(goal).exists()
    tracemalloc.start()
    try:
        read = exhaustive.goal_distances(goal)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert not read.flags.writeable and np.array_equal(read, searched)
    # the table and the reader's small objects (a file object, the header), not the file
    # read into bytes and then copied once more
    assert read.nbytes <= peak < read.nbytes + 64_000, peak


def test_a_table_searched_for_the_cache_is_announced_once(monkeypatch, tmp_path, capfd):
    """A 3x4 table takes minutes: its search says so in one line (hostile re-test, L2)."""
    monkeypatch.setenv("EIGHTLAB_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(exhaustive, "CACHED_FROM", 9)
    goal = goal_board((3, 3))
    exhaustive.goal_distances(goal)
    said = capfd.readouterr().err
    assert said.count("searching every board of the 3x3 goal") == 1 and "cached in" in said
    exhaustive.goal_distances(goal)  # read from the cache: nothing said
    assert "searching" not in capfd.readouterr().err


def test_benchmarks_readme_computes_the_read_peaks_from_the_measured_sizes():
    import re

    readme = " ".join((Path(__file__).parents[1] / "benchmarks" / "README.md").read_text().split())
    table = factorial(12)
    assert f"A table is 12! = {table:,} bytes ({table // 1024:,} kB of 1,024 bytes)" in readme
    imports = int(re.search(r"the imports alone \(([\d,]+) kB\)", readme)[1].replace(",", ""))
    rows = re.findall(r"\| ([\d,]+) \| ([\d,]+) kB = ([\d.]+) tables? \|", readme)
    assert len(rows) == 2
    for peak, beyond, tables in rows:
        extra = int(peak.replace(",", "")) - imports
        assert (beyond, tables) == (f"{extra:,}", f"{extra * 1024 / table:.2f}")


def test_table_bytes_counts_a_byte_per_permutation():
    assert table_bytes((3, 4)) == factorial(12) + exhaustive.OVERHEAD


@pytest.mark.parametrize(
    ("shape", "message"),
    [((4, 4), "at most 12 cells"), ((0, 3), "at least one row"), ("3x4", "two whole numbers")],
)
def test_bad_shapes_are_refused(shape, message):
    with pytest.raises(StateSpaceError, match=message):
        layer_counts(shape)


def test_one_cell_board_is_its_own_farthest_board_and_numpy_cells_are_accepted():
    assert list(layer_counts((1, 1)).counts) == [1]
    assert layer_counts((3, 3), np.int64(4)).radius == 30  # OEIS A089474: blank in the centre


@pytest.mark.parametrize("blank_cell", [9, -1, 2.0, True])
def test_blank_cell_outside_the_board_is_refused(blank_cell):
    with pytest.raises(BoardError, match="blank_cell is a cell 0..8"):
        goal_board((3, 3), blank_cell)


@pytest.mark.parametrize(("shape", "blank_cell"), [((3, 3), 8), ((3, 3), 4), ((2, 4), 0)])
def test_manhattan_histogram_equals_manhattan_of_every_board_against_h_star(shape, blank_cell):
    rows, cols = shape
    n = rows * cols
    goal = goal_board(shape, blank_cell)
    boards = np.array(list(permutations(range(n))), dtype=np.int64)  # in rank order
    hstar = distance_table(shape, blank_cell)
    reachable = hstar != UNSEEN
    h = get_heuristic("manhattan").bind(goal).evaluate_tiles(boards[reachable])
    expected = np.zeros((hstar[reachable].max() + 1, int(h.max()) + 1), dtype=np.int64)
    np.add.at(expected, (hstar[reachable].astype(np.int64), h.astype(np.int64)), 1)
    hist = manhattan_histogram(shape, blank_cell)
    assert np.array_equal(hist, expected)
    assert np.triu(hist, k=1).sum() == 0  # admissible: no board with h > h*


RESULTS = Path(__file__).resolve().parents[1] / "results" / "exhaustive_search"


@pytest.mark.parametrize(
    ("shape", "number", "radius"), [("3x4", "A090166", 53), ("2x6", "A090167", 80)]
)
def test_committed_12_cell_layers_equal_the_published_terms(shape, number, radius):
    with open(RESULTS / f"layers_{shape}.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    boards = [int(row["boards"]) for row in rows]
    terms = PUBLISHED[number]["counts"]
    assert len(boards) == radius + 1
    assert sum(boards) == factorial(12) // 2
    assert boards[: len(terms)] == terms
    assert all(row["equal"] == "true" for row in rows[: len(terms)])
    farthest = (RESULTS / f"farthest_{shape}.txt").read_text().splitlines()[1:]
    assert len(farthest) == boards[-1]


def test_committed_3x4_audit_finds_manhattan_admissible():
    with open(RESULTS / "manhattan_3x4.csv", newline="") as f:
        rows = [
            (int(r["distance"]), int(r["manhattan"]), int(r["boards"])) for r in csv.DictReader(f)
        ]
    assert sum(c for _, _, c in rows) == factorial(12) // 2
    assert not [row for row in rows if row[1] > row[0]]


def test_benchmarks_readme_states_the_committed_12_cell_tables():
    readme = (RESULTS.parents[1] / "benchmarks" / "README.md").read_text()
    with open(RESULTS / "manhattan_3x4.csv", newline="") as f:
        rows = [
            (int(r["distance"]), int(r["manhattan"]), int(r["boards"])) for r in csv.DictReader(f)
        ]
    boards = sum(c for _, _, c in rows)
    over = sum(c for d, h, c in rows if h > d)
    ratio = sum(c * h / d for d, h, c in rows if d > 0) / (boards - 1)
    assert f"({over} of {boards:,})" in readme
    assert f"the goal is {ratio:.4f}" in readme
    with open(RESULTS / "layers_3x4.csv", newline="") as f:
        layers = list(csv.DictReader(f))
    assert f"| 3x4 | {factorial(12) // 2:,} | {len(layers) - 1} |" in readme
    assert f"all {len(layers)} terms equal" in readme


# --- the notebook: notebooks/exhaustive.ipynb and its committed results ------------------

NOTEBOOK_RESULTS = RESULTS.parent / "exhaustive"


def test_the_notebook_runs_on_small_shapes_and_prints_its_sentences(tmp_path):
    import subprocess
    import sys

    notebook = RESULTS.parents[1] / "notebooks" / "exhaustive.ipynb"
    done = subprocess.run(
        [sys.executable, "-m", "papermill", "--no-progress-bar", "-k", "python3", str(notebook),
         str(tmp_path / "executed.ipynb"), "-p", "output_dir", str(tmp_path / "out"),
         "-p", "shapes", "[2x3, 3x3]", "-p", "audit_shape", "2x4",
         "-p", "audit_heuristics", "[manhattan, weighted-manhattan]", "-p", "astar_boards", "3"],
        capture_output=True, text=True, timeout=1200, cwd=tmp_path,
        env={**__import__("os").environ, "PYTHONPATH": str(RESULTS.parents[1])},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    out = tmp_path / "out"
    radii = {row["shape"]: row for row in csv.DictReader(open(out / "radii.csv"))}
    assert radii["2x3"]["radius"] == "21" and radii["3x3"]["radius"] == "31"
    assert all(row["all_equal"] == "True" for row in radii.values())
    audits = {row["heuristic"]: row for row in csv.DictReader(open(out / "audit.csv"))}
    assert audits["manhattan"]["admissible"] == "True"
    assert audits["weighted-manhattan"]["admissible"] == "False"
    text = (tmp_path / "executed.ipynb").read_text()
    boards = int(audits["weighted-manhattan"]["overestimated"])
    assert f"weighted-manhattan overestimates on {boards:,} boards" in text
    assert "54 published terms of 2 shapes compared: all equal" in text


def test_the_committed_notebook_results_equal_the_published_sequences():
    radii = {row["shape"]: row for row in csv.DictReader(open(NOTEBOOK_RESULTS / "radii.csv"))}
    assert {s: int(r["radius"]) for s, r in radii.items()} == {
        "2x3": 21, "2x4": 36, "3x3": 31, "2x5": 55, "2x6": 80, "3x4": 53}  # fmt: skip
    assert all(row["all_equal"] == "True" for row in radii.values())
    rows = list(csv.DictReader(open(NOTEBOOK_RESULTS / "distribution.csv")))
    for shape in radii:
        counts = [int(r["boards"]) for r in rows if r["shape"] == shape]
        rows_, cols_ = (int(x) for x in shape.split("x"))
        assert sum(counts) == factorial(rows_ * cols_) // 2
    audits = list(csv.DictReader(open(NOTEBOOK_RESULTS / "audit.csv")))
    assert {a["heuristic"] for a in audits} == {"manhattan", "linear-conflict", "pdb", "learned",
                                                "learned-shifted"}  # fmt: skip
    for a in audits:  # learned overestimates; learned-shifted is admissible, not consistent
        assert int(a["boards"]) == factorial(12) // 2 and a["complete"] == "True"
        assert a["admissible"] == str(a["heuristic"] != "learned")
        assert a["consistent"] == str(not a["heuristic"].startswith("learned"))
    astar = list(csv.DictReader(open(NOTEBOOK_RESULTS / "astar.csv")))
    for row in astar:  # admissible heuristics: every path found is a shortest one
        if (row["audited"], row["with"]) != ("learned", "h"):
            assert row["optimal"] == row["solved"] == row["boards"]
        assert float(row["vs_exact"]) >= 1 or row["with"] == "h*"


def test_benchmarks_readme_states_the_committed_3x4_audit():
    readme = (RESULTS.parents[1] / "benchmarks" / "README.md").read_text()
    audits = {a["heuristic"]: a for a in csv.DictReader(open(NOTEBOOK_RESULTS / "audit.csv"))}
    manhattan = audits["manhattan"]
    row = (
        f"| audit of Manhattan, 3x4 | {int(manhattan['boards']):,} | {int(manhattan['edges']):,} |"
    )
    assert row in readme
    assert f"{manhattan['overestimated']} boards overestimated" in readme
    assert f"{manhattan['inconsistent_edges']} inconsistent moves" in readme
    assert f"mean h/h* {float(manhattan['mean_ratio']):.4f}" in readme
