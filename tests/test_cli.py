"""The command line: python -m eightlab solve, exit statuses, one-line errors, light imports."""

import ast
import contextlib
import errno
import io
import os
import subprocess
import sys

import pytest

from eightlab import Board, SearchResult, SearchStats, Status
from eightlab.cli import main


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
        (["solve", "123456780", "--algorithm", "dfs"], "unknown algorithm 'dfs'"),
        (["solve", "123456780", "--max-nodes", "-3"], "must be a whole number >= 0"),
        (["solve", "123456780", "--weight", "3"], "--weight applies only"),
        (["solve", "123456780", "-a", "weighted-astar", "--weight", "inf"], "a number from 1 to"),
        (["solve", "123456780", "--max-seconds", "nan"], "finite number"),
        (["solve", "123456780", "-a", "bfs", "--heuristic", "pdb"], "bfs uses no heuristic"),
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


# ------------------------------------------------ exit statuses, messages, unwritable output


def in_process(*args):
    """``main([...])`` in this process: (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(args))
    return status, out.getvalue(), err.getvalue()


def test_solve_help_lists_every_exit_status():
    text = eightlab("solve", "--help").stdout
    statuses = text[text.index("exit status:") :]
    for status in "01234":
        assert f"  {status}  " in statuses
    assert "budget exceeded" in statuses and "cutoff" in statuses and "--limit" in statuses
    assert "could not be written" in statuses
    assert "--check" in statuses[: statuses.index("  2  ")]  # a failed check exits 1


def test_a_cutoff_exits_3_and_says_no_goal_within_the_limit(monkeypatch):
    import eightlab.search

    def cut_off(start, goal, algorithm, heuristic, **options):
        start = Board.parse(start)
        return SearchResult(algorithm, None, start, goal, Status.CUTOFF, None, SearchStats())

    found = in_process("solve", "283104765", "--goal", "123804765", "-a", "dls", "--limit", "30")
    assert found[0] == 0 and "cutoff" not in found[1]  # a goal found within the limit
    monkeypatch.setattr(eightlab.search, "solve", cut_off)
    status, out, _ = in_process("solve", "283104765", "-a", "dls", "--limit", "3")
    assert status == 3
    assert "cutoff: no goal within the depth limit 3" in out


def test_weighted_astar_with_weight_1_and_an_admissible_heuristic_is_optimal():
    run = eightlab("solve", "867254301", "-a", "weighted-astar", "--weight", "1")
    assert run.returncode == 0 and "length: 31" in run.stdout
    assert "note:" not in run.stdout
    heavier = eightlab("solve", "867254301", "-a", "weighted-astar", "--weight", "1.5")
    assert "note: weighted-astar is not optimal" in heavier.stdout
    inadmissible = eightlab(
        "solve", "867254301", "-a", "weighted-astar", "--weight", "1", "--heuristic", "nilsson"
    )
    assert "(inadmissible)" in inadmissible.stdout


def test_a_byte_order_mark_at_the_start_of_problem_input_is_accepted():
    for name, text, answer in [
        ("min-moves", "283104765\n", "4\n"),
        ("shortest-path", "1 2 3 4 5 6 7 x 8\n", "r\n"),
        ("eight-ii", "1\n12X453786\n12345678X\n", "Case 1: 2\ndd\n"),
    ]:
        run = subprocess.run(
            [sys.executable, "-m", "eightlab", "problem", name, "--method", "idastar"],
            input="\ufeff".encode() + text.encode(),
            capture_output=True,
            timeout=120,
        )
        assert run.returncode == 0, run.stderr
        assert run.stdout.decode() == answer


def test_problem_input_that_is_not_utf8_is_one_line_and_exit_2():
    run = subprocess.run(
        [sys.executable, "-m", "eightlab", "problem", "min-moves"],
        input=b"\xff\xfe2831\x80",
        capture_output=True,
        timeout=120,
    )
    assert run.returncode == 2
    assert run.stderr.decode().count("\n") == 1 and b"not UTF-8" in run.stderr


def test_a_five_million_character_line_gets_a_short_message():
    run = subprocess.run(
        [sys.executable, "-m", "eightlab", "problem", "min-moves"],
        input=b"1" * 5_000_000 + b"\n",
        capture_output=True,
        timeout=120,
    )
    assert run.returncode == 2
    assert len(run.stderr) < 300 and run.stderr.count(b"\n") == 1, run.stderr[:400]
    assert b"(5000000 characters)" in run.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize(
    "args",
    [["--help"], ["solve", "--help"], ["problem", "--help"], ["solve", "283104765"]],
)
def test_output_that_cannot_be_written_exits_4(args):
    with open("/dev/full", "w") as full:
        run = subprocess.run(
            [sys.executable, "-m", "eightlab", *args],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    assert run.returncode == 4, run.stderr
    assert "Traceback" not in run.stderr and "cannot write the output" in run.stderr


class _Full(io.StringIO):
    def write(self, text):
        raise OSError(errno.ENOSPC, "No space left on device")


def test_a_usage_message_that_cannot_be_written_exits_4(monkeypatch):
    monkeypatch.setattr(sys, "stderr", _Full())
    assert main(["solve"]) == 4  # the usage error goes to the full standard error
    monkeypatch.setattr(sys, "stdout", _Full())
    assert main(["--help"]) == 4


@pytest.mark.parametrize("start", ["1 2 3\n4 5\n6 7 0 8", "123\n456\n78"])
def test_ragged_grids_are_bad_input(start):
    status, _, err = in_process("solve", start)
    assert status == 2 and "rows of different lengths" in err
    assert err.count("\n") == 1


def test_a_single_column_is_unsolvable_unless_its_tiles_keep_their_order():
    assert in_process("solve", "2\n3\n1\n0")[0] == 1  # was an AssertionError
    assert in_process("solve", "2\n3\n1\n0", "-a", "iddfs")[0] == 1  # never ended
    status, out, _ = in_process("solve", "0\n2\n3\n1", "--goal", "2\n3\n1\n0", "-a", "iddfs")
    assert status == 0 and "length: 3" in out


def test_long_arguments_are_quoted_briefly():
    status, _, err = in_process("solve", "1" * 100_000)
    assert status == 2 and len(err) < 300
    status, _, err = in_process("solve", "283104765", "--max-nodes", "x" * 100_000)
    assert status == 2 and len(err) < 400 and err.count("\n") == 1


# --- odd shapes, weights and budgets ------------------------------------------------------

SIX_BY_SIX = " ".join(map(str, range(1, 35))) + " 0 35"  # one move from the goal


@pytest.mark.parametrize("heuristic", ["manhattan", "linear-conflict"])
def test_auto_engine_falls_back_to_python_beyond_5x5(heuristic):
    run = eightlab("solve", SIX_BY_SIX, "--algorithm", "idastar", "--heuristic", heuristic)
    assert run.returncode == 0, run.stderr
    assert "length: 1" in run.stdout


def test_a_single_row_is_typed_with_shape():
    run = eightlab("solve", "1 2 0")
    assert run.returncode == 2
    assert "--shape ROWSxCOLS" in run.stderr and "rows and cols" not in run.stderr
    run = eightlab("solve", "1 0 2", "--shape", "1x3")
    assert run.returncode == 0, run.stderr
    assert "length: 1" in run.stdout and "path: r" in run.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (
            ["solve", "123456780", "--max-stored", "0"],
            "argument --max-stored: '0' must be a whole number >= 1",
        ),
        (["solve", "1"], "has 1 cell;"),
        (["solve", "120", "--shape", "1xthree"], "argument --shape"),
        (["solve", "283104765", "-a", "bfs", "--engine", "compiled"], "use --engine python"),
        (["solve", "283164705", "-a", "weighted-astar", "--weight", "1e308"], "--weight"),
    ],
)
def test_cli_words_in_one_line(args, message):
    run = eightlab(*args)
    assert run.returncode == 2
    assert message in run.stderr
    assert "engine='python'" not in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1, run.stderr


def test_the_largest_weight_still_gives_a_finite_f():
    from eightlab.cli import MAX_WEIGHT

    run = eightlab("solve", "283164705", "--goal", "123804765", "-a", "weighted-astar",
                   "--weight", f"{MAX_WEIGHT:g}")  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "inf" not in run.stdout


def test_the_blank_is_echoed_as_typed():
    run = eightlab("solve", "1x2753846")
    assert run.returncode == 0, run.stderr
    assert "start: 1x2753846  goal: 12345678x" in run.stdout
    run = eightlab("solve", "1X2753846")
    assert "start: 1X2753846  goal: 12345678X" in run.stdout


def test_a_budget_spent_before_the_search_says_which():
    from eightlab.search.budget import OutOfBudget

    assert "time budget" in OutOfBudget().reason


def test_solve_imports_only_the_search_and_the_heuristic_it_runs():
    code = (
        "import sys, runpy; sys.argv = ['eightlab', 'solve', '283104765']\n"
        "try:\n    runpy.run_module('eightlab', run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m.startswith(('eightlab.runner', "
        "'eightlab.heuristics.', 'eightlab.search.', 'sklearn', 'numba')) "
        "or m in ('tempfile', 'yaml', 'tqdm')))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    imported = ast.literal_eval(run.stdout.strip().splitlines()[-1])
    # A* and Manhattan, their harness and result type: no other search, no pattern
    # database, no learned heuristic, no runner
    assert imported == [
        "eightlab.heuristics.base",
        "eightlab.heuristics.pertile",
        "eightlab.search.bestfirst",
        "eightlab.search.budget",
        "eightlab.search.harness",
        "eightlab.search.registry",
        "eightlab.search.result",
    ]


# --- small promises: words of the command used, integral floats, memory as a budget ---------


def test_run_does_not_suggest_an_option_it_lacks():
    status, _, err = in_process("run", "--only", "compare_algorithms", "-p", "goal", "12345678")
    assert status == 2 and "has 8 cells" in err
    assert "--shape" not in err and "3x3 boards" in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("text, nodes", [("1e6", 1_000_000), ("2.0", 2), ("1_000", 1000)])
def test_a_node_budget_takes_a_whole_number_written_as_a_float(text, nodes):
    from eightlab.cli.parsing import positive_int

    assert positive_int(text) == nodes
    status, out, _ = in_process("solve", "123456708", "--max-nodes", text)
    assert status == 0 and "length: 1" in out


@pytest.mark.parametrize("text", ["1.5", "1e400", "nan", "1e-3"])
def test_a_node_budget_that_is_not_whole_is_refused(text):
    status, _, err = in_process("solve", "123456708", "--max-nodes", text)
    assert status == 2 and "is not a whole number" in err


def test_an_algorithm_given_as_a_list_is_an_eightlab_error_naming_it():
    from eightlab import solve
    from eightlab.errors import EightlabError

    with pytest.raises(EightlabError, match=r"unknown algorithm \['astar'\]"):
        solve("123456708", algorithm=["astar"])


def test_a_pattern_database_without_the_memory_exits_3(tmp_path, monkeypatch):
    from eightlab.heuristics.pdb import additive

    monkeypatch.setenv("EIGHTLAB_CACHE_DIR", str(tmp_path))  # nothing cached
    monkeypatch.setattr(additive, "available_bytes", lambda: 2**20)
    status, _, err = in_process("pdb", "build", "7-8")
    assert status == 3, err
    assert "needs about" in err and "of memory" in err
    assert len(err.strip().splitlines()) == 1


# --- names, minima and reasons said once and in full --------------------------------------


def test_an_unknown_heuristic_is_shortened_and_the_names_that_fit_are_listed_in_full():
    from eightlab.heuristics import HEURISTICS

    status, _, err = in_process("solve", "283104765", "--heuristic", "h" * 200)
    assert status == 2 and err.count("\n") == 1
    assert "h" * 41 not in err and "(200 characters)" in err
    fits = [h.name for h in HEURISTICS.values() if h.applies_to(Board.goal(3))]
    assert ", ".join(fits) in err and "characters)" not in err.replace("(200 characters)", "")
    status, _, err = in_process("solve", "1 2 0 3", "--shape", "1x4", "--heuristic", "foo")
    assert status == 2 and "'foo'" in err and "on 1x4 boards" in err
    assert "learned" not in err  # not defined on 1x4: not offered for it
    status, _, err = in_process("solve", "283104765", "-a", "a" * 200)
    assert status == 2 and "(200 characters)" in err and "bidirectional-astar-naive" in err


def test_a_single_row_that_reorders_its_tiles_says_they_never_pass_each_other():
    # 1 2 3 -> 2 3 1 is an even permutation: parity allows it, the row does not
    status, out, _ = in_process("solve", "1 2 3 0", "--shape", "1x4", "--goal", "2 3 1 0")
    assert status == 1 and "unsolvable (tile order" in out and "parity" not in out
    status, out, _ = in_process("solve", "1 2 3 4 5 6 8 7 x")
    assert status == 1 and "unsolvable (parity)" in out


@pytest.mark.parametrize(
    "option, values, bound",
    [
        ("--max-stored", ["-5", "0", "0.5", "x"], "a whole number >= 1"),
        ("--max-nodes", ["-5", "1.5"], "a whole number >= 0"),
        ("--weight", ["-1", "0", "0.5", "nan", "1e16"], "a number from 1 to 1e+15"),
    ],
)
def test_every_refused_value_of_an_option_names_the_same_bound(option, values, bound):
    for value in values:
        status, _, err = in_process("solve", "283104765", "-a", "weighted-astar", option, value)
        assert status == 2 and bound in err, (value, err)


def test_the_api_and_the_command_line_refuse_a_heuristic_for_an_uninformed_search():
    from eightlab.errors import EightlabError
    from eightlab.search import solve

    with pytest.raises(EightlabError, match="bfs uses no heuristic") as api:
        solve("283104765", "123804765", algorithm="bfs", heuristic="manhattan")
    status, _, err = in_process("solve", "283104765", "-a", "bfs", "--heuristic", "manhattan")
    assert status == 2 and str(api.value).replace("take heuristic", "take --heuristic") in err
    assert solve("283104765", "123804765", algorithm="bfs").length == 4
    assert solve("283104765", "123804765").heuristic == "manhattan"  # astar's default


def test_problem_honours_method_idastar_for_every_problem(monkeypatch):
    from eightlab.problems import judges

    calls = []
    real = judges.idastar_path
    monkeypatch.setattr(judges, "idastar_path", lambda a, b: calls.append(a) or real(a, b))
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"283104765\n")))
    status, out, _ = in_process("problem", "min-moves", "--method", "idastar")
    assert status == 0 and out == "4\n" and len(calls) == 1
    assert eightlab("problem", "min-moves", "--method", "bfs").returncode == 2


def test_a_reader_that_went_away_ends_quietly_with_the_status_of_sigpipe():
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the first byte: the write fails for sure
    run = subprocess.run([sys.executable, "-m", "eightlab", "solve", "283104765", "--json"],
                         stdout=write, stderr=subprocess.PIPE, text=True, timeout=120)  # fmt: skip
    os.close(write)
    assert run.returncode == 141 and run.stderr == ""  # no traceback, no "Broken pipe"


def test_pdb_build_help_gives_sizes_computed_from_the_groups_and_no_times():
    from eightlab.heuristics.pdb.additive import ALL_PARTITIONS

    run = eightlab("pdb", "build", "--help")
    assert run.returncode == 0
    assert all(name in run.stdout for name in ALL_PARTITIONS)
    assert "11.5 MB on disk" in run.stdout  # 6-6-3: 2 x 16!/10! + 16!/13! bytes
    assert 2 * 5_765_760 + 3_360 == 11_534_880
    assert (
        " s)" not in run.stdout and "~" not in run.stdout and "benchmarks/README.md" in run.stdout
    )


def test_pdb_list_verifies_each_file_and_calls_a_flipped_byte_invalid(tmp_path, monkeypatch):
    monkeypatch.setenv("EIGHTLAB_CACHE_DIR", str(tmp_path))
    status, _, err = in_process("pdb", "build", "5-5-5")
    assert status == 0 and "building the 5-5-5 pattern databases" in err and err.count("\n") == 1
    status, out, _ = in_process("pdb", "list")
    assert status == 0 and out.startswith("5-5-5") and "INVALID" not in out
    (path,) = (tmp_path / "pdb").glob("*.bin")
    raw = bytearray(path.read_bytes())
    raw[-10] ^= 0xFF
    path.write_bytes(bytes(raw))
    status, out, _ = in_process("pdb", "list")
    assert status == 1 and out.startswith("INVALID") and "checksum" in out  # a failed check


def test_pdb_build_says_not_cached_when_a_folder_holds_the_cache_files_place(tmp_path, monkeypatch):
    """A folder where the cache file goes: the build says it cannot write that file, and
    not that it cached it (hostile re-test, L1)."""
    from eightlab.heuristics.pdb import additive
    from eightlab.heuristics.pdb import cache as pdbcache
    from eightlab.puzzle.board import Board

    monkeypatch.setenv("EIGHTLAB_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(additive, "_MEMORY", type(additive._MEMORY)())  # built, not reused
    pdbcache._WARNED.clear()
    goal = Board.parse("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15")
    pdbcache.path_of(goal, "5-5-5").mkdir(parents=True)
    status, out, err = in_process("pdb", "build", "5-5-5")
    assert status == 0 and out.rstrip().endswith("not cached")
    assert f"cache file {pdbcache.path_of(goal, '5-5-5')}" in err


def test_pdb_help_gives_the_exit_status_of_an_invalid_database():
    from eightlab.cli.parsing import EXIT_CHECK_FAILED

    text = " ".join(eightlab("pdb", "--help").stdout.split())
    assert f"{EXIT_CHECK_FAILED} list found an INVALID database" in text
    assert "3 not enough memory to build" in text


def test_a_heuristic_that_does_not_fit_the_board_is_bad_input_before_its_parity():
    # 283104765 cannot reach the default goal (parity) and pdb-5-5-5 is a 4x4 heuristic:
    # the misfit of the input is told first, as bad input, whatever the board's parity
    for board in ("283104765", "283164705", "123456708"):
        status, out, err = in_process("solve", board, "--heuristic", "pdb-5-5-5")
        assert (status, out) == (2, ""), (board, out)
        assert err.count("\n") == 1 and "defined on 4x4 boards only" in err
    status, out, _ = in_process("solve", "283104765", "--heuristic", "manhattan")
    assert status == 1 and "unsolvable (parity)" in out
