"""The command line: python -m eightlab solve, exit statuses, one-line errors, light imports."""

import subprocess
import sys

import pytest


def eightlab(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "eightlab", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_solve_prints_length_path_and_counts():
    run = eightlab("solve", "283104765", "--goal", "123804765")
    assert run.returncode == 0, run.stderr
    assert "length: 4" in run.stdout
    assert "path: " in run.stdout and "expanded: " in run.stdout and "generated: " in run.stdout


def test_solve_default_goal_is_12345678x():
    run = eightlab("solve", "2 3 4 1 5 x 7 6 8", "--algorithm", "bfs")
    assert run.returncode == 0
    assert "goal: 1 2 3 4 5 6 7 8 x" in run.stdout and "length: 19" in run.stdout
    run = eightlab("solve", "283104765")
    assert "start: 283104765  goal: 123456780" in run.stdout  # the start's notation
    assert "12345678x" in eightlab("solve", "--help").stdout


def test_unsolvable_pair_exits_1():
    run = eightlab("solve", "1 2 3 4 5 6 8 7 x")
    assert run.returncode == 1
    assert "unsolvable" in run.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (["solve", "12345678"], "has 8 cells"),
        (["solve", "123456788"], "has no blank"),
        (["solve", "123456780", "--goal", "12345678"], "has 8 cells"),
        (["solve", "123456780", "--algorithm", "dfs"], "invalid choice: 'dfs'"),
        (["solve", "123456780", "--max-nodes", "-3"], "must be >= 0"),
        (["solve", "123456780", "--weight", "3"], "--weight applies only"),
        (["solve", "123456780", "-a", "weighted-astar", "--weight", "inf"], "finite number"),
        (["solve", "123456780", "--max-seconds", "nan"], "finite number"),
        (["solve", "123456780", "-a", "bfs", "--heuristic", "pdb"], "does not apply to"),
        (["solve", "123456780", "--limit", "3"], "--limit applies only to --algorithm dls"),
        (["solve", "123 456 78x"], "cell 3 of board '123 456 78x' is '78x'"),
        (["solve"], "required: START"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_input_gets_one_line_and_exit_2(args, message):
    run = eightlab(*args)
    assert run.returncode == 2
    assert message in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1, run.stderr
    assert "Traceback" not in run.stderr


def test_budget_exceeded_exits_3():
    run = eightlab("solve", "8 6 7 2 5 4 3 x 1", "--algorithm", "bfs", "--max-nodes", "10")
    assert run.returncode == 3
    assert "budget_exceeded" in run.stdout


def test_solve_does_not_import_the_heavy_libraries():
    code = (
        "import sys; from eightlab.cli import main; main(['solve', '283104765']); "
        "print(sorted(m for m in ('pandas', 'matplotlib', 'papermill', 'numpy') if m in sys.modules))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    imported = run.stdout.strip().splitlines()[-1]
    for heavy in ("pandas", "matplotlib", "papermill"):
        assert heavy not in imported


def test_a_path_that_need_not_be_shortest_says_so():
    greedy = eightlab("solve", "867254301", "--algorithm", "greedy")
    assert greedy.returncode == 0 and "note: greedy is not optimal" in greedy.stdout
    inadmissible = eightlab("solve", "867254301", "--heuristic", "nilsson")
    assert "note: astar with nilsson (inadmissible)" in inadmissible.stdout
    assert "note:" not in eightlab("solve", "867254301").stdout


def test_depth_limit_reaches_dls():
    run = eightlab("solve", "283104765", "--goal", "123804765", "-a", "dls", "--limit", "4")
    assert run.returncode == 0 and "length: 4" in run.stdout
    cut = eightlab("solve", "283104765", "--goal", "123804765", "-a", "dls", "--limit", "3")
    assert cut.returncode == 3


def test_a_start_that_is_the_goal_needs_no_budget():
    run = eightlab("solve", "123456780", "--max-nodes", "0")
    assert run.returncode == 0 and "length: 0" in run.stdout


def test_a_closed_pipe_is_not_a_traceback():
    code = subprocess.run(
        f"printf '2\\n12X453786\\n12345678X\\n564178X23\\n7568X4123\\n' | "
        f"{sys.executable} -m eightlab problem eight-ii | head -c 1",
        shell=True,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "Traceback" not in code.stderr
