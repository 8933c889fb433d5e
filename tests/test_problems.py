"""The three source problems: samples byte for byte, errors, and agreement with an oracle.

The oracle is independent of the per-blank BFS tables of
:mod:`eightlab.problems.lexicographic`: exact distances to B from
``eightlab.puzzle.statespace.distance_table(B)``, then from A greedily the smallest move (d < l <
r < u) whose successor is one step closer to B. Every step of a shortest path must go one
step closer, and taking the smallest such move at each step gives the lexicographically
smallest shortest path.
"""

import io
import os
import subprocess
import sys
from collections import deque
from pathlib import Path

import numpy as np
import pytest

import eightlab
import eightlab.puzzle
from eightlab import files as cache
from eightlab import problems
from eightlab.errors import BoardError, UnknownNameError
from eightlab.problems import (
    UnsolvablePairError,
    lexicographic,
    lexicographic_bfs_table,
    lexicographic_shortest_path,
    run_problem,
    tablecache,
)
from eightlab.puzzle import statespace
from eightlab.puzzle.board import INVERSE, Board

ROOT = Path(__file__).resolve().parent.parent
SAMPLE_INPUT = "2\n12X453786\n12345678X\n564178X23\n7568X4123\n"
SAMPLE_OUTPUT = "Case 1: 2\ndd\nCase 2: 8\nurrulldr\n"


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory, monkeypatch):
    """Keep the tests' disk cache away from the user's cache directory."""
    directory = tmp_path_factory.getbasetemp() / "eightlab-cache"
    monkeypatch.setenv("EIGHTLAB_CACHE_DIR", str(directory))
    return directory


def answer(name, text, method="table"):
    out, err = io.StringIO(), io.StringIO()
    status = run_problem(name, io.StringIO(text), out, err, method=method)
    return status, out.getvalue(), err.getvalue()


def command(name, text, *options, env=None):
    """``python -m eightlab problem NAME`` on ``text``; stdout and stderr as bytes."""
    environment = dict(os.environ, PYTHONPATH=str(ROOT), **(env or {}))
    return subprocess.run(
        [sys.executable, "-m", "eightlab", "problem", name, *options],
        input=text.encode(),
        capture_output=True,
        cwd=ROOT,
        env=environment,
        timeout=300,
    )


# ------------------------------------------------------------------ the oracle
def oracle_path(a: Board, b: Board, distance: np.ndarray) -> str:
    """Greedy descent of ``distance`` (exact distances to b) from a, smallest move first."""
    path = []
    board = a
    d = int(distance[statespace.rank_of(board)])
    assert d >= 0
    while d:
        for move, child in board.successors():
            if distance[statespace.rank_of(child)] == d - 1:
                path.append(move)
                board, d = child, d - 1
                break
        else:
            raise AssertionError("no successor is one step closer")
    assert board == b
    return "".join(path)


def oracle_pairs(n_goals, per_goal, seed):
    """Seeded pairs (A, B, oracle path): random goals, A uniform among the boards that
    reach B, plus A == B and every A at the largest distance (30 or 31) and some at 30."""
    rng = np.random.default_rng(seed)
    goals = [Board.goal(3), Board.parse("X12345678"), Board.parse("1234X5678")]
    while len(goals) < n_goals:
        goals.append(Board(tuple(int(t) for t in rng.permutation(9))))
    pairs = []
    for b in goals:
        distance = statespace.distance_table(b)
        reachable = np.flatnonzero(distance >= 0)
        deepest = int(distance.max())
        chosen = [statespace.rank_of(b)]
        chosen += list(np.flatnonzero(distance == deepest)[:4])
        chosen += list(rng.choice(np.flatnonzero(distance == 30), size=3, replace=False))
        chosen += list(rng.choice(reachable, size=per_goal - len(chosen), replace=False))
        for r in chosen:
            a = statespace.board_of(int(r))
            pairs.append((a, b, oracle_path(a, b, distance)))
    return pairs


@pytest.fixture(scope="module")
def pairs():
    return oracle_pairs(n_goals=10, per_goal=205, seed=20261130)


def eight_ii_text(chunk):
    lines = [str(len(chunk))]
    for a, b, _ in chunk:
        lines += [a.format("X"), b.format("X")]
    return "\n".join(lines) + "\n"


def eight_ii_expected(chunk):
    return "".join(f"Case {k}: {len(p)}\n{p}\n" for k, (_, _, p) in enumerate(chunk, 1))


# --------------------------------------------------------------------- samples
def test_eight_ii_sample_byte_for_byte_through_the_command():
    run = command("eight-ii", SAMPLE_INPUT)
    assert run.returncode == 0, run.stderr
    assert run.stdout == SAMPLE_OUTPUT.encode()
    assert run.stderr == b""


@pytest.mark.parametrize("method", ["table", "idastar"])
def test_eight_ii_sample_through_run_problem(method):
    assert answer("eight-ii", SAMPLE_INPUT, method) == (0, SAMPLE_OUTPUT, "")


def test_eight_ii_same_board_prints_zero_and_an_empty_line():
    text = "2\n12X453786\n12X453786\n564178X23\n7568X4123\n"
    assert answer("eight-ii", text) == (0, "Case 1: 0\n\nCase 2: 8\nurrulldr\n", "")


def test_eight_ii_tolerates_blank_lines_trailing_spaces_and_crlf():
    text = "2\r\n\r\n12X453786  \r\n12345678X\r\n\n564178X23\r\n7568X4123\r\n\n"
    assert answer("eight-ii", text) == (0, SAMPLE_OUTPUT, "")


def test_eight_ii_with_zero_cases_prints_nothing():
    assert answer("eight-ii", "0\n") == (0, "", "")


@pytest.mark.parametrize(
    "board, moves", [("283104765", "4\n"), ("123804765", "0\n"), ("531408627", "30\n")]
)
def test_min_moves_through_the_command(board, moves):
    run = command("min-moves", board + "\n")
    assert (run.returncode, run.stdout, run.stderr) == (0, moves.encode(), b"")


@pytest.mark.parametrize("method", ["table", "idastar"])
def test_min_moves_through_run_problem(method):
    assert answer("min-moves", "283104765\n", method) == (0, "4\n", "")
    assert answer("min-moves", "123804765", method) == (0, "0\n", "")


def test_min_moves_30_moves_away_and_several_lines():
    assert answer("min-moves", "531408627\n283104765\n123804765\n") == (0, "30\n4\n0\n", "")


def test_shortest_path_through_the_command():
    run = command("shortest-path", "2  3  4  1  5  x  7  6  8\n")
    assert run.returncode == 0 and run.stderr == b""
    path = run.stdout.decode()
    assert path.endswith("\n") and path.count("\n") == 1
    start = Board.parse("2 3 4 1 5 x 7 6 8")
    assert len(path.strip()) == statespace.exact_distance(start, Board.goal(3)) == 19
    assert start.apply(path.strip()) == Board.goal(3)
    assert run.stdout == (lexicographic_shortest_path(start, Board.goal(3)) + "\n").encode()


@pytest.mark.parametrize("method", ["table", "idastar"])
def test_shortest_path_unsolvable_and_solved(method):
    assert answer("shortest-path", "1 2 3 4 5 6 8 7 x\n", method) == (0, "unsolvable\n", "")
    assert answer("shortest-path", "1 2 3\t4 5 6 7 8 x\n", method) == (0, "\n", "")
    status, out, _ = answer("shortest-path", "2  3  4  1  5  x  7  6  8", method)
    assert status == 0 and out == lexicographic_shortest_path("23415X768", "12345678X") + "\n"


# ---------------------------------------------------------------------- errors
GOOD_CASE = "12X453786\n12345678X\n"


@pytest.mark.parametrize(
    "text, answered, words",
    [
        ("", "", ["empty input"]),
        ("two\n" + GOOD_CASE, "", ["line 1", "T must be", "'two'"]),
        ("201\n" + GOOD_CASE, "", ["T = 201", "0..200"]),
        ("-1\n" + GOOD_CASE, "", ["T = -1"]),
        ("2\n" + GOOD_CASE, "Case 1: 2\ndd\n", ["case 2", "ends before board A", "T = 2"]),
        ("2\n" + GOOD_CASE + "12X453786\n", "Case 1: 2\ndd\n", ["case 2", "board B"]),
        ("1\n" + GOOD_CASE + GOOD_CASE, "Case 1: 2\ndd\n", ["T = 1", "goes on", "line 4"]),
        ("2\n" + GOOD_CASE + "12X45378\n12345678X\n", "Case 1: 2\ndd\n",
         ["case 2", "board A", "has 8 cells"]),
        ("2\n" + GOOD_CASE + "12X453786\n123456789X\n", "Case 1: 2\ndd\n",
         ["case 2", "board B", "has 10 cells"]),
        ("2\n" + GOOD_CASE + "12X453766\n12345678X\n", "Case 1: 2\ndd\n",
         ["case 2", "board A", "tile 6 appears 2 times"]),
        ("2\n" + GOOD_CASE + "12X453786\n12345687X\n", "Case 1: 2\ndd\n",
         ["case 2", "cannot be reached", "odd"]),
        ("3\n" + GOOD_CASE + GOOD_CASE + "12X4?3786\n12345678X\n", "Case 1: 2\ndd\nCase 2: 2\ndd\n",
         ["case 3", "board A", "unknown character '?'"]),
    ],
)  # fmt: skip
def test_eight_ii_malformed_input(text, answered, words):
    status, out, err = answer("eight-ii", text)
    assert status == 2
    assert out == answered
    assert err.endswith("\n") and len(err.splitlines()) == 1, err
    assert err.startswith("eightlab: eight-ii: ")
    for word in words:
        assert word in err


def test_eight_ii_error_through_the_command_answers_earlier_cases():
    run = command("eight-ii", "2\n" + GOOD_CASE + "12X453786\n12345687X\n")
    assert run.returncode == 2
    assert run.stdout == b"Case 1: 2\ndd\n"
    assert len(run.stderr.splitlines()) == 1 and b"case 2" in run.stderr
    assert b"Traceback" not in run.stderr


@pytest.mark.parametrize(
    "name, text, answered, words",
    [
        ("min-moves", "", "", ["empty input"]),
        ("min-moves", "283104765\n28310476\n", "4\n", ["case 2", "line 2", "has 8 cells"]),
        ("min-moves", "283104765\n283104766\n", "4\n", ["case 2", "tile 6 appears 2 times"]),
        ("min-moves", "213804765\n", "", ["case 1", "cannot reach 123804765"]),
        ("shortest-path", "1 2 3 4 5 6 7 8\n", "", ["case 1", "has 8 cells"]),
        (
            "shortest-path",
            "1 2 3 4 5 6 7 8 x\n1 2 3 4 5 6 7 7 x",
            "\n",
            ["case 2", "tile 7 appears 2 times"],
        ),
    ],
)
def test_min_moves_and_shortest_path_malformed_input(name, text, answered, words):
    status, out, err = answer(name, text)
    assert (status, out) == (2, answered)
    assert len(err.splitlines()) == 1 and err.startswith(f"eightlab: {name}: ")
    for word in words:
        assert word in err


def test_unknown_problem_or_method():
    with pytest.raises(UnknownNameError, match="eight-iii"):
        answer("eight-iii", "")
    with pytest.raises(UnknownNameError, match="dijkstra"):
        answer("eight-ii", SAMPLE_INPUT, method="dijkstra")
    with pytest.raises(UnknownNameError):
        lexicographic_shortest_path("12X453786", "12345678X", method="bfs")


def test_lexicographic_shortest_path_errors():
    with pytest.raises(UnsolvablePairError, match="odd"):
        lexicographic_shortest_path("12X453786", "12345687X")
    with pytest.raises(BoardError):
        lexicographic_shortest_path("12X45378", "12345678X")
    with pytest.raises(ValueError):
        lexicographic_bfs_table(9)


# ------------------------------------------------- why the BFS starts from A
def backward_bfs_path(a: Board, b: Board, order: str) -> str:
    """BFS from b over predecessors, trying the forward move letters in ``order``,
    each board keeping the first-found next step: the path it reads from a."""
    step = {b: None}
    queue = deque([b])
    while queue:
        board = queue.popleft()
        for move in order:
            try:
                predecessor = board.apply(INVERSE[move])
            except ValueError:
                continue
            if predecessor not in step:
                step[predecessor] = (move, board)
                queue.append(predecessor)
        if a in step:
            break
    path, board = [], a
    while step[board] is not None:
        move, board = step[board]
        path.append(move)
    return "".join(path)


@pytest.mark.parametrize(
    "a, order, backward, answer_",
    [
        # BFS from B moving its blank d, l, r, u = forward letters u, r, l, d.
        ("1X2753846", "urld", "rdldlurrd", "ddlururdd"),
        # BFS from B ordered by the forward letters d, l, r, u.
        ("1234X8765", "dlru", "rdlurd", "druldr"),
    ],
)
def test_a_bfs_from_b_does_not_give_the_lexicographic_answer(a, order, backward, answer_):
    a, b = Board.parse(a), Board.goal(3)
    distance = statespace.distance_table(b)
    assert oracle_path(a, b, distance) == answer_
    assert lexicographic_shortest_path(a, b) == answer_
    assert backward_bfs_path(a, b, order) == backward
    assert len(backward) == len(answer_) and backward > answer_


# ------------------------------------------------------------ oracle agreement
def test_table_method_agrees_with_the_oracle(pairs):
    assert len(pairs) >= 2000
    lengths = [len(p) for _, _, p in pairs]
    assert 0 in lengths and 30 in lengths and 31 in lengths
    assert {a.blank for a, _, _ in pairs} == set(range(9))
    for a, b, path in pairs:
        assert lexicographic_shortest_path(a, b) == path


def test_eight_ii_answers_the_oracle_pairs_in_files_of_200(pairs):
    for i in range(0, len(pairs), problems.MAX_CASES):
        chunk = pairs[i : i + problems.MAX_CASES]
        assert answer("eight-ii", eight_ii_text(chunk)) == (0, eight_ii_expected(chunk), "")


def test_idastar_method_agrees_with_the_oracle(pairs):
    # IDA* with Manhattan distance is fast enough here to check every pair.
    for a, b, path in pairs:
        assert lexicographic_shortest_path(a, b, method="idastar") == path


def test_eight_ii_idastar_method_answers_a_file(pairs):
    chunk = pairs[-200:]
    assert answer("eight-ii", eight_ii_text(chunk), "idastar") == (0, eight_ii_expected(chunk), "")


# ------------------------------------------------------------------ the tables
def test_tables_are_per_blank_and_relabelling_is_consistent():
    for blank in range(9):
        table = lexicographic_bfs_table(blank)
        assert len(table) == 362880
        assert table.count(problems.UNREACHED) == 181440
        root = statespace.rank_of(Board(problems.canonical_tiles(blank)))
        assert table[root] == problems.ROOT
    a, b = Board.parse("564178X23"), Board.parse("7568X4123")
    relabelled = problems.relabel(a.tiles, b.tiles)
    canonical = Board(problems.canonical_tiles(a.blank))
    assert canonical.apply("urrulldr") == Board(relabelled)
    assert a.apply("urrulldr") == b


def test_disk_cache_is_written_validated_and_optional(tmp_path, monkeypatch):
    monkeypatch.setattr(lexicographic, "_TABLES", {})
    monkeypatch.setenv("EIGHTLAB_CACHE_DIR", str(tmp_path / "cache"))
    assert cache.cache_directory() == tmp_path / "cache"
    expected = lexicographic_shortest_path("564178X23", "7568X4123")
    written = sorted(p.name for p in (tmp_path / "cache").iterdir())
    assert written == ["lexbfs-v1-blank6.bin"]
    file = tmp_path / "cache" / written[0]
    good = file.read_bytes()
    assert tablecache.load_table(6, lexicographic.check_table) == lexicographic._TABLES[6]

    # A corrupted file is refused, rebuilt and rewritten.
    damaged = bytearray(good)
    damaged[-5] ^= 1
    file.write_bytes(bytes(damaged))
    assert tablecache.load_table(6, lexicographic.check_table) is None
    monkeypatch.setattr(lexicographic, "_TABLES", {})
    assert lexicographic_shortest_path("564178X23", "7568X4123") == expected
    assert file.read_bytes() == good

    # Deleting the cache is safe; the cache can be turned off or be unwritable.
    file.unlink()
    monkeypatch.setattr(lexicographic, "_TABLES", {})
    assert lexicographic_shortest_path("564178X23", "7568X4123") == expected
    assert file.exists()
    monkeypatch.setenv("EIGHTLAB_CACHE_DIR", "")
    assert cache.cache_directory() is None
    monkeypatch.setattr(lexicographic, "_TABLES", {})
    assert lexicographic_shortest_path("12X453786", "12345678X") == "dd"
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("")
    monkeypatch.setenv("EIGHTLAB_CACHE_DIR", str(blocker / "cache"))
    monkeypatch.setattr(lexicographic, "_TABLES", {})
    assert lexicographic_shortest_path("12X453786", "12345678X") == "dd"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "not-a-directory"]


def test_warm_cache_answers_without_statespace(tmp_path, monkeypatch):
    monkeypatch.setenv("EIGHTLAB_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(lexicographic, "_TABLES", {})
    assert answer("eight-ii", SAMPLE_INPUT) == (0, SAMPLE_OUTPUT, "")
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "lexbfs-v1-blank2.bin",
        "lexbfs-v1-blank6.bin",
    ]
    # Warm: the tables come from disk; building them (statespace) is not possible now.
    monkeypatch.setattr(lexicographic, "_TABLES", {})
    monkeypatch.setitem(sys.modules, "eightlab.puzzle.statespace", None)
    monkeypatch.delattr(eightlab.puzzle, "statespace", raising=False)
    assert answer("eight-ii", SAMPLE_INPUT) == (0, SAMPLE_OUTPUT, "")
    monkeypatch.setattr(lexicographic, "_TABLES", {})
    with pytest.raises(ImportError):
        lexicographic_shortest_path("X12345678", "12345678X")
