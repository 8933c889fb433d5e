"""The learned heuristics: registry entries, claims computed by the exhaustive checks,
the seed's reproducibility, the disk cache, and A* with the shifted variant on oracle
boards. Every model here is a small one (a few hundred training boards)."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import oracle
import pytest

from eightlab import Board
from eightlab.analysis.admissibility import check_claims, evaluate_all
from eightlab.errors import BoardError, EightlabError
from eightlab.heuristics import HEURISTICS, learned_heuristics
from eightlab.heuristics.learned import cache as learncache
from eightlab.heuristics.learned.heuristic import VARIANTS, build_table, canonical_form, shift
from eightlab.puzzle import statespace
from eightlab.search import solve

SMALL = 400  # training boards of the small models


@pytest.fixture(scope="module")
def small():
    """The four variants of a small MLP, trained once (no disk cache)."""
    patch = pytest.MonkeyPatch()
    patch.setenv("EIGHTLAB_CACHE_DIR", "")
    heuristics = learned_heuristics("mlp", SMALL, seed=5)
    yield heuristics
    patch.undo()


def test_the_registry_holds_the_learned_variants_with_their_claims():
    for name in VARIANTS:
        heuristic = HEURISTICS[name]
        assert heuristic.applies_to(Board.goal(3)) and not heuristic.applies_to(Board.goal(4))
        assert heuristic.admissible == (name == "learned-shifted")
        assert not heuristic.consistent  # nothing learned claims consistency
    with pytest.raises(BoardError, match="at most 12 cells; the goal is 4x4$"):
        HEURISTICS["learned"]("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15")
    with pytest.raises(EightlabError, match="unknown model"):
        learned_heuristics("forest")
    with pytest.raises(EightlabError, match="training_size"):
        learned_heuristics("mlp", 181_440)
    with pytest.raises(EightlabError, match="seed"):
        learned_heuristics("mlp", 100, seed=-1)


def test_a_training_inside_a_search_honours_its_time_budget(monkeypatch, tmp_path):
    monkeypatch.setenv("EIGHTLAB_CACHE_DIR", str(tmp_path))
    heuristic = learned_heuristics("mlp", 200, seed=21)["learned-shifted"]
    stopped = solve("867254301", None, "astar", heuristic, max_seconds=0.001)
    assert stopped.status == "budget_exceeded" and stopped.reason.startswith("time budget: ")
    assert "is not trained" in stopped.reason and "train it once" in stopped.reason
    assert "(" not in stopped.reason  # the status line puts the reason in its parentheses
    first = stopped.summary().splitlines()[0]
    assert first.count("(") == 2 and first.endswith(f"({stopped.reason})")  # the heuristic's
    assert not (tmp_path / "learned").exists() or not any((tmp_path / "learned").iterdir())
    assert solve("867254301", None, "astar", heuristic).length == 31


def test_the_cache_file_names_the_model_trained_and_its_loss():
    from eightlab.heuristics.learned.heuristic import _key

    goal = Board.goal(3)
    quantile = learncache.path_of(_key(goal, "mlp", "quantile", 300, 0)).name
    assert "-hgb-quantile-" in quantile  # the quantile loss trains the gradient boosting
    assert learncache.path_of(_key(goal, "hgb", "quantile", 300, 0)).name == quantile
    assert "-mlp-squared-" in learncache.path_of(_key(goal, "mlp", "squared", 300, 0)).name
    assert "-hgb-penalty-" in learncache.path_of(_key(goal, "hgb", "penalty", 300, 0)).name
    readme = " ".join((Path(__file__).parents[1] / "README.md").read_text().split())
    assert f"`learned-quantile`'s is `learned-v{learncache.VERSION}-hgb-quantile-...`" in readme
    from math import factorial

    from eightlab.heuristics.learned.byrank import QUANTILE_MAX_CELLS, reachable_boards

    three_by_four = _key(Board.goal(3, 4), "mlp", "squared", 20_000, 0)
    named = learncache.path_of(three_by_four).name.split("goal")[0]
    assert named == f"learned-v{learncache.TABLE_VERSION}-mlp-squared-n20000-s0-3x4-"
    assert f"file named by the shape: `{named}...`" in readme
    assert f"({factorial(12) / 1e6:.0f} MB for a 3x4 goal" in readme
    assert f"(2x3: {reachable_boards(2, 3)})" in readme
    assert f"`learned-quantile` above {QUANTILE_MAX_CELLS} cells" in readme
    assert f"5 % quantile (up to {QUANTILE_MAX_CELLS} cells)" in readme


def test_importing_eightlab_and_solving_with_manhattan_do_not_import_scikit_learn():
    code = (
        "import sys, eightlab; from eightlab.search import solve; "
        "solve('867254301', algorithm='astar', heuristic='manhattan'); "
        "print(sorted(m for m in ('sklearn', 'scipy', 'threadpoolctl') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_claims_are_computed_by_the_exhaustive_check(small):
    plain = check_claims(small["learned"])
    assert plain["states"] == 181_440 and plain["goal_h"] == 0
    assert plain["overestimates"] > 0 and not plain["admissible"]  # it does overestimate
    safe = check_claims(small["learned-shifted"])
    assert safe["overestimates"] == 0 and safe["admissible"] and safe["worst_excess"] == 0
    evaluator = small["learned-shifted"].bind(Board.goal(3))
    assert evaluator.data["delta"] == plain["worst_excess"]  # delta is the worst overestimate


def test_the_shifted_variant_is_max_of_manhattan_and_learned_minus_delta(small):
    goal = Board.goal(3)
    delta = small["learned"].bind(goal).data["delta"]
    for board in statespace.boards_at(goal, 17)[:50]:
        expected = max(HEURISTICS["manhattan"](board), small["learned"](board) - delta)
        assert small["learned-shifted"](board) == expected


@pytest.mark.parametrize("blank", range(9))
def test_every_goal_maps_to_its_canonical_goal_with_the_same_distances(blank):
    rng = random.Random(blank)
    tiles = list(range(1, 9))
    rng.shuffle(tiles)
    tiles.insert(blank, 0)
    goal = Board(tiles, 3, 3)
    canonical, perm, rename = canonical_form(goal)
    assert canonical.blank in (4, 7, 8)
    to_goal = statespace.distance_table(goal)
    reachable = np.flatnonzero(to_goal >= 0)
    moved = rename[statespace.permutation_table()[reachable][:, perm]]
    to_canonical = statespace.distance_table(canonical)[statespace.rank_array(moved)]
    assert np.array_equal(to_goal[reachable], to_canonical)


def test_a_goal_other_than_the_canonical_one_keeps_the_claims(small):
    found = check_claims(small["learned-shifted"], "123804765")
    assert found["admissible"]


def test_a_rerun_with_the_same_seed_gives_the_same_bytes(monkeypatch):
    monkeypatch.setenv("EIGHTLAB_CACHE_DIR", "")
    goal = Board.goal(3)
    first = build_table(goal, "mlp", "squared", 300, seed=11, disk=False)
    again = build_table(goal, "mlp", "squared", 300, seed=11, disk=False)
    other = build_table(goal, "mlp", "squared", 300, seed=12, disk=False)
    assert first.prediction.tobytes() == again.prediction.tobytes()
    assert np.array_equal(first.training, again.training) and first.training.sum() == 300
    assert first.prediction.tobytes() != other.prediction.tobytes()


def test_the_disk_cache_round_trips_and_a_corrupt_file_is_rebuilt(monkeypatch, tmp_path):
    monkeypatch.setenv("EIGHTLAB_CACHE_DIR", str(tmp_path))
    goal = Board.goal(3)
    built = build_table(goal, "mlp", "squared", 300, seed=2)
    files = list((tmp_path / "learned").glob("learned-v*.bin"))
    assert len(files) == 1 and not built.cached
    read = build_table(goal, "mlp", "squared", 300, seed=2)
    assert read.cached and read.prediction.tobytes() == built.prediction.tobytes()
    assert read.train_seconds == pytest.approx(built.train_seconds, abs=0.01)
    assert read.train_cpu_seconds == pytest.approx(built.train_cpu_seconds, abs=0.01)
    raw = bytearray(files[0].read_bytes())
    raw[-1] ^= 0xFF  # one flipped byte of the predictions: the checksum fails
    files[0].write_bytes(bytes(raw))
    rebuilt = build_table(goal, "mlp", "squared", 300, seed=2)
    assert not rebuilt.cached and rebuilt.prediction.tobytes() == built.prediction.tobytes()
    assert build_table(goal, "mlp", "squared", 300, seed=2).cached  # written again
    files[0].write_bytes(b"eightlab learned v2 goal=nonsense\n")
    assert not build_table(goal, "mlp", "squared", 300, seed=2).cached
    key = {"goal": goal, "model": "mlp", "loss": "squared", "training": 300, "seed": 3,
           "settings": "00000000"}  # fmt: skip
    assert learncache.load(key, 181_440) is None  # another seed: another file, absent


def test_astar_with_the_shifted_variant_is_optimal_on_oracle_boards(small):
    goal = Board.goal(3)
    truth = oracle.board_distances(goal)
    boards = random.Random(3).sample(sorted(truth, key=str), 40)
    for board in boards:
        result = solve(board, goal, "astar", small["learned-shifted"])
        assert result.length == truth[board], board


def test_the_shift_is_the_largest_overestimate(small):
    table = small["learned"].bind(Board.goal(3)).data["table"]
    delta = shift(table)
    assert delta == int((table.h - table.distance).max())
    assert (table.h - delta <= table.distance).all()


def test_the_notebook_runs_with_small_parameters(monkeypatch, tmp_path):
    import pandas as pd

    from eightlab.cli import main

    monkeypatch.setenv("EIGHTLAB_CACHE_DIR", str(tmp_path / "cache"))
    notebooks = Path(__file__).resolve().parent.parent / "notebooks"
    small = {"training_size": "300", "seed": "4", "variants": "[learned, learned-shifted]",
             "depths": "[4, 10]", "per_depth": "1", "fifteen_boards": "12", "walk_length": "8",
             "figure_style": "slides"}  # fmt: skip
    monkeypatch.setenv("EIGHTLAB_CHECK_SLIDES", str(tmp_path / "slides.jsonl"))  # slides fit
    args = ["run", "--only", "learned_heuristic", "--notebooks", str(notebooks),
            "--results", str(tmp_path / "results")]  # fmt: skip
    for name, value in small.items():
        args += ["-p", name, value]
    assert main(args) == 0
    (folder,) = (tmp_path / "results").glob("learned_heuristic--custom-*")
    claims = pd.read_csv(folder / "claims.csv").set_index("heuristic")
    assert list(claims.index) == ["manhattan", "pdb", "learned", "learned-shifted"]
    assert claims["claims_hold"].all() and claims.loc["learned-shifted", "found_admissible"]
    assert claims.loc["learned", "overestimates"] > 0
    training = pd.read_csv(folder / "training.csv")
    assert set(training["boards"]) == {300, 181_140}
    for figure in ("overestimates_by_distance", "h_vs_hstar", "astar_by_depth", "fifteen_walks"):
        assert (folder / f"{figure}.png").exists()
    from test_slides_fit import assert_notebook_figures_fit

    assert_notebook_figures_fit(tmp_path / "slides.jsonl", {p.stem for p in folder.glob("*.png")})


@pytest.mark.parametrize("goal", ["123456780", "123804765", "548127036"])
def test_the_table_and_the_per_state_lookup_agree(small, goal):
    goal_board = Board.parse(goal)
    distance = statespace.distance_table(goal_board)
    ranks = np.random.default_rng(8).choice(np.flatnonzero(distance >= 0), 100, replace=False)
    for name in ("learned", "learned-shifted"):
        values = evaluate_all(small[name], goal_board)
        assert np.isnan(values[distance < 0]).all()
        evaluator = small[name].bind(goal_board)
        for r in ranks:
            assert values[r] == evaluator(statespace.board_of(r).packed), (name, r)


# --- a training says what it does, shows its steps and keeps to the search's budget -------


@pytest.mark.parametrize("model, loss", [("mlp", "squared"), ("mlp", "penalty"),
                                         ("hgb", "quantile"), ("hgb", "penalty")])  # fmt: skip
def test_watching_a_training_reports_every_step_and_changes_nothing(model, loss):
    from eightlab.heuristics.learned import model as learnmodel

    goal = Board.goal(3)
    distance = statespace.distance_table(goal)
    ranks = np.flatnonzero(distance >= 0)[:SMALL]
    tiles, y = statespace.permutation_table()[ranks], distance[ranks].astype(float)
    x = learnmodel.features(tiles, goal, learnmodel.feature_kind(model, loss))
    steps = []
    watched = learnmodel.fit(x, y, model, loss, 3, 9, progress=steps.append)
    plain = learnmodel.fit(x, y, model, loss, 3, 9)
    assert len(steps) == learnmodel.training_steps(model, loss)
    assert learnmodel.predict(watched, x).tobytes() == learnmodel.predict(plain, x).tobytes()
    assert "_get_loss" not in vars(watched) and "_update_no_improvement_count" not in vars(watched)


def test_a_training_announces_what_for_which_goal_and_where_in_one_line(monkeypatch, tmp_path,
                                                                        capsys):  # fmt: skip
    monkeypatch.setenv("EIGHTLAB_CACHE_DIR", str(tmp_path))
    build_table(Board.goal(3), "mlp", "squared", 300, seed=4)
    err = capsys.readouterr().err
    (path,) = (tmp_path / "learned").glob("*.bin")
    first = err.splitlines()[0]
    assert first.startswith("eightlab: training the learned heuristic's MLPRegressor")
    assert "300 boards" in first and "3x3 goal 123456780" in first and str(path) in first
    assert "60 epochs" in first and "about" in err  # the estimate, off a terminal
    build_table(Board.goal(3), "mlp", "squared", 300, seed=4)
    assert capsys.readouterr().err == ""  # read from the cache: nothing to say


def _fake_clock(monkeypatch, times):
    from eightlab.heuristics.learned import heuristic as learned

    ticks = iter(times)
    monkeypatch.setattr(learned, "perf_counter", lambda: next(ticks))


def test_a_training_that_cannot_finish_in_the_budget_stops_after_its_second_step(monkeypatch):
    from eightlab.heuristics.base import BuildTimeout, build_deadline
    from eightlab.heuristics.learned.heuristic import _training

    key = {"goal": Board.goal(3), "model": "mlp", "loss": "squared", "training": 20_000,
           "seed": 0, "settings": "0"}  # fmt: skip
    # a clock in seconds: started at 0, step 1 at 3 (scikit-learn loaded), step 2 at 4:
    # 58 steps left at 1 s each end at 62, past the deadline at 30
    _fake_clock(monkeypatch, [0.0, 0.0, 3.0, 4.0])
    with build_deadline(30.0), pytest.raises(BuildTimeout) as stopped:
        with _training(key, disk=False) as progress:
            progress(1)
            progress(1)
    assert "needs about 62 s, 30.0 s were left" in stopped.value.detail
    assert "python -m eightlab solve 123456780 --goal 123456780 --heuristic learned" in (
        stopped.value.detail
    )
    _fake_clock(monkeypatch, [0.0, 0.0, 3.0, 4.0])  # on time at step 2 (62 < 70), late at 3
    with build_deadline(70.0), pytest.raises(BuildTimeout, match="stopped at the time budget"):
        with _training(key, disk=False) as progress:
            progress(1)
            progress(1)
            _fake_clock(monkeypatch, [71.0])
            progress(1)
    _fake_clock(monkeypatch, [0.0, 0.0, 3.0, 4.0] + [5.0] * 58)  # no deadline: no stop
    with _training(key, disk=False) as progress:
        for _ in range(60):
            progress(1)


# --- every shape of up to 12 cells: a table by rank, trained for the goal itself ----------


TWO_BY_FOUR = Board.parse("1 2 3 4\n5 6 7 0")  # 20,160 boards reach it


@pytest.fixture(scope="module")
def two_by_four(tmp_path_factory):
    """The learned variants of a small MLP (1,000 boards) for 2x4, cached in a folder of
    their own."""
    patch = pytest.MonkeyPatch()
    patch.setenv("EIGHTLAB_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
    yield learned_heuristics("mlp", 1_000, seed=3)
    patch.undo()


def test_the_learned_shapes_are_those_of_up_to_12_cells_with_boards_to_spare():
    for name in VARIANTS:
        heuristic = HEURISTICS[name]
        assert heuristic.applies_to(Board.goal(3)) and heuristic.applies_to(TWO_BY_FOUR)
        assert not heuristic.applies_to(Board.parse("1 2 3\n4 5 0"))  # 360 < 20,000 boards
        assert heuristic.applies_to(Board.goal(3, 4)) == (name != "learned-quantile")
    assert learned_heuristics("mlp", 100)["learned"].applies_to(Board.parse("1 2 3\n4 5 0"))


@pytest.mark.parametrize("name, goal, message", [
    ("learned", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", "at most 12 cells; the goal is 4x4"),
    ("learned-shifted", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", "at most 12 cells"),
    ("learned-quantile", "1 2 3 4 5\n6 7 8 9 0", "at most 9 cells: its gradient boosting"),
    ("learned-penalty", "1 2 3\n4 5 0", "train on 20,000 boards but a 2x3 goal reaches only 360"),
])  # fmt: skip
def test_a_goal_a_learned_heuristic_cannot_learn_is_refused_in_one_line(name, goal, message):
    from eightlab.heuristics.learned.byrank import LearnedShapeError

    board = Board.parse(goal)
    with pytest.raises(LearnedShapeError, match=message) as refused:
        HEURISTICS[name].bind(board)
    assert "\n" not in str(refused.value)


def test_the_features_by_rank_are_the_models(two_by_four):
    from eightlab.heuristics.learned import byrank
    from eightlab.heuristics.learned import model as learnmodel
    from eightlab.puzzle.exhaustive import UNSEEN, goal_distances
    from eightlab.puzzle.ranking import unrank

    ranks = np.flatnonzero(goal_distances(TWO_BY_FOUR) != UNSEEN)[::7]
    tiles = np.array([unrank(int(r), 8) for r in ranks])
    home = byrank._homes(TWO_BY_FOUR)
    for kind in ("onehot", "cells"):
        x, h2 = byrank.rank_features(ranks, 8, 4, home, kind == "onehot")
        expected = learnmodel.features(tiles, TWO_BY_FOUR, kind)
        assert x.dtype == expected.dtype and np.array_equal(x, expected)
        assert np.array_equal(h2, expected[:, :7].sum(axis=1))


@pytest.mark.parametrize("variant", ["learned", "learned-penalty", "learned-quantile"])
def test_a_table_by_rank_holds_the_models_rounded_predictions(two_by_four, variant):
    from eightlab.heuristics.learned import model as learnmodel
    from eightlab.heuristics.learned.heuristic import LearnedTable, training_mask
    from eightlab.puzzle.exhaustive import UNSEEN, goal_distances
    from eightlab.puzzle.ranking import unrank

    values = two_by_four[variant].bind(TWO_BY_FOUR).data["by_rank"]
    dist = goal_distances(TWO_BY_FOUR)
    ranks = np.flatnonzero(dist != UNSEEN)
    assert (values[dist == UNSEEN] == -1).all()
    loss = VARIANTS[variant]  # the 3x3 way, by hand: sample, features, fit, predict, round
    kind = learnmodel.feature_kind("mlp", loss)
    tiles = np.array([unrank(int(r), 8) for r in ranks])
    mask = training_mask(len(ranks), 1_000, 3)
    x = learnmodel.features(tiles, TWO_BY_FOUR, kind)
    fitted = learnmodel.fit(x[mask], dist[ranks][mask].astype(float), "mlp", loss, 3, 8)
    table = LearnedTable(TWO_BY_FOUR, "mlp", loss, 1_000, 3, ranks, dist[ranks].astype(np.int8),
                         x[:, :7].sum(axis=1).astype(np.int16), learnmodel.predict(fitted, x),
                         mask, 0.0, 0.0, 0.0, False)  # fmt: skip
    assert np.array_equal(values[ranks], table.h)


def test_the_shifted_variant_is_admissible_on_every_2x4_board(two_by_four):
    from eightlab.puzzle.exhaustive import UNSEEN, goal_distances

    plain = two_by_four["learned"].bind(TWO_BY_FOUR)
    shifted = two_by_four["learned-shifted"].bind(TWO_BY_FOUR)
    dist = goal_distances(TWO_BY_FOUR)
    reach = dist != UNSEEN
    learned, safe = plain.data["by_rank"][reach], shifted.data["by_rank"][reach]
    delta = shifted.data["delta"]
    assert delta == plain.data["delta"] == (learned - dist[reach]).max() > 0  # it overestimates
    assert (safe <= dist[reach]).all()  # admissible, by exhaustion
    manhattan = HEURISTICS["manhattan"].bind(TWO_BY_FOUR).evaluate_tiles
    tiles = np.array([[1, 2, 3, 4, 0, 5, 6, 7], [0, 7, 6, 5, 4, 3, 2, 1]])
    expected = np.maximum(manhattan(tiles), plain.batch(tiles) - delta)
    assert np.array_equal(shifted.batch(tiles), expected)
    for row, value in zip(tiles, expected, strict=True):
        assert shifted(Board(tuple(row), 2, 4).packed) == value  # h(state) is batch's


def test_the_compiled_audit_of_a_table_by_rank_is_the_python_audit(two_by_four):
    import pandas as pd

    from eightlab.analysis.audit import audit

    heuristic = two_by_four["learned"]
    evaluator = heuristic.bind(TWO_BY_FOUR)
    compiled = audit(heuristic, goal=TWO_BY_FOUR)

    def learned(board):
        return evaluator(board.packed)

    python = audit(learned, goal=TWO_BY_FOUR)
    assert (compiled.method, python.method) == ("compiled", "python") and python.complete
    pd.testing.assert_frame_equal(compiled.table, python.table)
    assert (compiled.edges, compiled.inconsistent_edges) == (
        python.edges,
        python.inconsistent_edges,
    )
    assert compiled.overestimated > 0 and compiled.goal_h == python.goal_h == 0


def test_a_table_by_rank_is_trained_once_then_read_from_the_cache(monkeypatch, tmp_path, capsys):
    from eightlab.heuristics.learned import byrank

    monkeypatch.setenv("EIGHTLAB_CACHE_DIR", str(tmp_path))
    goal = Board.parse("1 2 3\n4 5 0")
    built = byrank.build_rank_table(goal, "mlp", "squared", 200, 1)
    err = capsys.readouterr().err.splitlines()
    (path,) = (tmp_path / "learned").glob("*.bin")
    assert "-2x3-" in path.name and not built.cached
    assert err[0].startswith("eightlab: training the learned heuristic's MLPRegressor")
    assert "2x3 goal 123450" in err[0] and str(path) in err[0]
    assert any(line.startswith("eightlab: predicting ") and str(path) in line for line in err)
    read = byrank.build_rank_table(goal, "mlp", "squared", 200, 1)
    assert capsys.readouterr().err == ""  # read, not trained
    assert read.cached and read.values.tobytes() == built.values.tobytes()
    assert read.delta == built.delta and read.seconds["train_cpu"] == pytest.approx(
        built.seconds["train_cpu"], abs=0.01)  # fmt: skip
    raw = bytearray(path.read_bytes())
    raw[-1] ^= 0x7F  # a flipped byte: the checksum fails, the table is built again
    path.write_bytes(bytes(raw))
    assert not byrank.build_rank_table(goal, "mlp", "squared", 200, 1).cached


def test_the_3x3_values_are_the_committed_ones():
    import pandas as pd

    claims = pd.read_csv(Path(__file__).parents[1] / "results/learned_heuristic/claims.csv")
    claims = claims.set_index("heuristic")
    for name in ("learned", "learned-shifted"):
        found = check_claims(HEURISTICS[name])
        for column in ("overestimates", "worst_excess", "inconsistent_edges"):
            assert found[column] == claims.loc[name, column], (name, column)


def test_how_to_train_a_3x4_table_first_is_a_command_that_names_the_shape():
    from eightlab.heuristics.learned.heuristic import _key, _train_first

    goal = '"1 2 3 4 5 6 7 8 9 10 11 x"'
    how = _train_first(_key(Board.goal(3, 4), "mlp", "squared", 20_000, 0))
    assert how.endswith(f"solve {goal} --goal {goal} --heuristic learned --shape 3x4")
    assert "(" not in how  # the search's status line puts the reason in parentheses
    other = _train_first(_key(Board.goal(3, 4), "mlp", "penalty", 500, 1))
    assert "eightlab.heuristics.learned.byrank.rank_table with the goal" in other


def test_benchmarks_readme_states_the_committed_3x4_audits_of_the_learned_heuristics():
    import csv

    root = Path(__file__).parents[1]
    audits = {
        a["heuristic"]: a for a in csv.DictReader(open(root / "results/exhaustive/audit.csv"))
    }
    readme = " ".join((root / "benchmarks" / "README.md").read_text().split())
    learned, shifted = audits["learned"], audits["learned-shifted"]
    share = 100 * float(learned["share_overestimated"])
    assert (f"NOT admissible: overestimates on {int(learned['overestimated']):,} boards "
            f"({share:.2f} %), by up to {float(learned['max_excess']):g} moves") in readme  # fmt: skip
    assert f"`learned` overestimates on {share:.2f} % of the boards" in readme
    assert f"by up to delta = {float(learned['max_excess']):g} moves" in readme
    assert f"mean h/h* {float(shifted['mean_ratio']):.4f}; delta" in readme
    assert f"keeps a mean h/h* of {float(shifted['mean_ratio']):.4f}" in readme
    assert shifted["admissible"] == "True" and learned["admissible"] == "False"
