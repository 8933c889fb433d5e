"""Every sentence true: the published values, the textbook note and the sentences of the
experiment notebooks and README checked against the committed tables they describe."""

import contextlib
import io
import json
import math
from pathlib import Path

import pandas as pd
import pytest

from eightlab.analysis.comparisons import (
    KORF_SUMMARY_COLUMNS,
    korf1985_comparison,
    korf1985_totals,
    korf_summary_published,
    textbook_published,
    tie_breaking_table,
)
from eightlab.analysis.published import AIMA_FIG_3_29, korf1985_table
from eightlab.analysis.summaries import textbook_table
from eightlab.analysis.textbook_note import ids_cutoff, successor_counts, textbook_note
from eightlab.cli import main
from eightlab.errors import EightlabError
from eightlab.heuristics import get_heuristic
from eightlab.puzzle.board import MOVES
from eightlab.puzzle.instances import KORF_GOAL, korf100
from eightlab.search import TIE_BREAKING, solve

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "results"
TEXTBOOK = RESULTS / "compare_algorithms--textbook"
FELNER = RESULTS / "korf100--felner2004"


def _textbook_runs():
    if not (TEXTBOOK / "runs.csv").exists():
        pytest.skip("no committed textbook run")
    runs = pd.read_csv(TEXTBOOK / "runs.csv", dtype={"start": str, "goal": str})
    runs["heuristic"] = runs["heuristic"].fillna("")
    return runs


# --- tie-breaking ---------------------------------------------------------------------


def test_default_tie_breaking_is_larger_g_and_unknown_rules_are_refused():
    board = "867254301"
    plain = solve(board, None, "astar", "manhattan", engine="python")
    named = solve(board, None, "astar", "manhattan", engine="python", tie_breaking="larger-g")
    assert plain.stats.generated == named.stats.generated and plain.path == named.path
    for rule in TIE_BREAKING:  # every rule stays optimal with a consistent heuristic
        assert solve(board, None, "astar", "manhattan", tie_breaking=rule).length == plain.length
    with pytest.raises(EightlabError, match="tie_breaking"):
        solve(board, None, "astar", "manhattan", tie_breaking="random")


def test_tie_breaking_table_reproduces_the_committed_counts_and_csv():
    runs = _textbook_runs()
    table = tie_breaking_table(runs, "manhattan", depths=[8, 12])
    committed = pd.read_csv(RESULTS / "textbook-tie-breaking.csv").set_index("depth")
    for _, row in table.iterrows():
        for rule in TIE_BREAKING:
            assert row[rule] == pytest.approx(committed.loc[int(row["depth"]), rule])
    by_depth = pd.read_csv(TEXTBOOK / "by_depth.csv").set_index("depth")
    assert committed["larger-g"].values == pytest.approx(by_depth["A* (manhattan): nodes"].values)


# --- the textbook table and note ------------------------------------------------------


def test_by_depth_csv_is_the_textbook_table_with_published_columns():
    runs = _textbook_runs()
    expected = textbook_published(textbook_table(runs), runs)
    committed = pd.read_csv(TEXTBOOK / "by_depth.csv")
    assert list(committed.columns) == list(expected.columns)
    numeric = [c for c in expected.columns if c != "published source"]
    pd.testing.assert_frame_equal(committed[numeric], expected[numeric], check_dtype=False)
    assert set(committed["published source"]) == {"AIMA 3rd ed. (Russell & Norvig 2010), fig. 3.29"}
    # the figures the note states: z of A*(h2) at d = 24, the range of A*(h1) from d = 12 on
    table = committed.set_index("depth")
    assert table.loc[24, "A* (manhattan): nodes z"] == pytest.approx(-8.27, abs=0.01)
    deep = table.loc[12:, "A* (misplaced): nodes z"].abs()
    assert (round(deep.min(), 1), round(deep.max(), 1)) == (3.5, 12.4)
    for label, values in AIMA_FIG_3_29.items():
        for depth, nodes in values["nodes"].items():
            assert table.loc[depth, f"{label}: nodes AIMA"] == nodes


def test_the_textbook_note_is_generated_from_the_committed_tables():
    runs = _textbook_runs()
    table = pd.read_csv(TEXTBOOK / "by_depth.csv")
    ties = pd.read_csv(RESULTS / "textbook-tie-breaking.csv")
    params = json.loads((TEXTBOOK / "provenance.json").read_text())["parameters"]
    cutoff = ids_cutoff(runs)
    note = textbook_note(
        table, ties, successor_counts(runs), cutoff, 100, params["seed"], params["goal"]
    )
    assert (RESULTS / "textbook-note.md").read_text() == note
    # the note's sentences on the branching factor and the counts, computed from the table
    assert "2.78 + 2.78^2 + ... + 2.78^12 = 3.33e+05" in note
    assert "by 2.3 % (d = 8) to 16.0 % (d = 22)" in note
    assert "+14.8 %" in note and "3,473,941" in note and "364,404" in note
    assert (
        cutoff["depth"] == 14
        and "At d = 14, 1 board(s) solved, 1 ran out of the budget (node budget)" in note
    )
    assert "10.8 at d = 2" in note and "| 24 | 100 | 2,692 | 3,280 | 5,201 | 5,260 |" in note


def test_small_depth_b_star_of_the_book_fits_n_equals_one_plus_the_powers():
    from eightlab.analysis.summaries import effective_branching_factor

    for n, d, printed in ((6, 2, 1.79), (12, 4, 1.45), (20, 6, 1.34)):
        assert round(effective_branching_factor(n - 1, d), 2) == printed


def test_readme_row_of_the_textbook_preset_states_the_table():
    table = pd.read_csv(TEXTBOOK / "by_depth.csv").set_index("depth")
    ratios = []
    for label in AIMA_FIG_3_29:
        column = table[f"{label}: nodes eightlab/AIMA"].dropna()
        ratios += [r for d, r in column.items() if not (label == "IDDFS (tree)" and d == 12)]
    ties = pd.read_csv(RESULTS / "textbook-tie-breaking.csv").set_index("depth")
    readme = (ROOT / "README.md").read_text()
    assert f"within 2x everywhere ({min(ratios):.2f}x to {max(ratios):.2f}x)" in readme
    assert max(ratios) < 2 and min(ratios) > 0.5
    assert f"at d = 24 by {ties.loc[24, 'spread']:.2f}x" in readme
    assert "3,644,035" in readme


def test_compare_algorithms_names_the_move_order_of_the_code():
    cells = json.loads((ROOT / "notebooks" / "compare_algorithms.ipynb").read_text())["cells"]
    text = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    assert f'`"{MOVES}"`' in text


# --- Korf 1985 --------------------------------------------------------------------------


def test_korf1985_table_is_shipped_with_its_checks():
    rows = korf1985_table()
    assert len(rows) == 100 and sum(r.generated for r in rows) == 35_911_891_875
    assert [r.generated for r in rows[:3]] == [276_361_933, 15_300_442, 565_994_203]
    assert rows[81].generated == 5_506_801_123
    manhattan = get_heuristic("manhattan")
    differ = [r.instance for r, b in zip(rows, korf100(), strict=True)
              if r.h_start != manhattan(b, KORF_GOAL)]  # fmt: skip
    assert differ == [89] and rows[88].h_start == 36 and manhattan(korf100()[88], KORF_GOAL) == 38
    header = (ROOT / "eightlab" / "data" / "korf1985_table1.txt").read_text()
    assert (
        "Artificial Intelligence 27(1), 1985, 97-109, Table 1" in header and "instance 89" in header
    )


def test_korf_comparison_of_the_committed_100_and_the_summary_columns():
    if not (FELNER / "runs.csv").exists():
        pytest.skip("no committed felner2004 run")
    runs = pd.read_csv(FELNER / "runs.csv")
    comparison = korf1985_comparison(runs)
    totals = korf1985_totals(comparison)
    assert totals["instances"] == 100 and totals["lengths_equal"] == 100
    assert totals["generated"] == 49_841_140_277 and totals["korf_generated"] == 35_911_891_875
    assert round(totals["ratio_of_totals"], 2) == 1.39 and round(totals["median_ratio"], 2) == 1.05
    assert totals["h_differ"] == [89] and totals["largest_excess"] == 82
    pd.testing.assert_frame_equal(
        pd.read_csv(FELNER / "korf1985.csv"), comparison, check_dtype=False
    )
    for folder in (FELNER, RESULTS / "korf100"):
        summary = pd.read_csv(folder / "summary.csv", keep_default_na=False, na_values=[""])
        expected = korf_summary_published(summary, pd.read_csv(folder / "runs.csv"))
        for column in KORF_SUMMARY_COLUMNS[:-1]:
            assert summary[column].values == pytest.approx(expected[column].values, nan_ok=True)
    row = pd.read_csv(FELNER / "summary.csv").set_index("heuristic").loc["manhattan"]
    assert row["published_mean_nodes"] == pytest.approx(359_118_918.75)
    assert round(row["nodes_vs_published"], 2) == 1.39 and "Korf (1985)" in row["published_source"]
    pdb = pd.read_csv(FELNER / "summary.csv").set_index("heuristic").loc["pdb-6-6-3"]
    assert pdb["published_mean_nodes"] == 617_555  # Felner, Korf & Hanan, their instances
    assert (
        round(pdb["nodes_vs_published"], 2) == 0.93 and "not Korf's 100" in pdb["published_source"]
    )
    assert math.isnan(pdb["median_ratio_vs_published"])  # no per-instance table for theirs


def test_the_felner2004_sentences_state_the_committed_summary():
    # the committed summary of --preset felner2004, and the sentences that state it
    if not (FELNER / "summary.csv").exists():
        pytest.skip("no committed felner2004 run")
    summary = pd.read_csv(FELNER / "summary.csv").set_index("heuristic")
    ratio = summary["nodes_vs_published"].round(2).to_dict()
    assert (ratio["pdb-6-6-3"], ratio["pdb-7-8"], ratio["pdb-7-8-single"]) == (0.93, 1.07, 1.04)
    assert (ratio["pdb-5-5-5-single"], ratio["pdb-5-5-5"]) == (0.86, 0.44)
    assert summary.loc["manhattan", "mean_h_start"] == pytest.approx(37.05)  # theirs: 36.942
    assert summary.loc["pdb-7-8-single", "published_mean_nodes"] == 136_288
    assert "max of regular and reflected" in summary.loc["pdb-7-8", "published_source"]
    assert "not stated" in summary.loc["pdb-5-5-5", "published_source"]
    provenance = json.loads((FELNER / "provenance.json").read_text())
    readme = (ROOT / "README.md").read_text()
    minutes, seconds = divmod(round(provenance["duration_seconds"]), 60)
    assert f"({minutes} min {seconds} s on 2 cores" in readme  # README's results layout
    # a text that states the comparison with the paper's table states these ratios
    from eightlab.heuristics.pdb import additive as module

    texts = {
        "eightlab/heuristics/pdb/additive.py": module.__doc__,
        "benchmarks/README.md": (ROOT / "benchmarks" / "README.md").read_text(),
    }
    for name, text in texts.items():
        text = " ".join(text.split())
        if "the paper's mean nodes" in text:
            assert "0.93 to 1.07 times" in text and "0.86 times" in text, name
            assert "0.44 with" in text, name
    assert min(ratio["pdb-6-6-3"], ratio["pdb-7-8"], ratio["pdb-7-8-single"]) == 0.93
    assert max(ratio["pdb-6-6-3"], ratio["pdb-7-8"], ratio["pdb-7-8-single"]) == 1.07


# --- the CLI on Korf's boards, and Nilsson's score ------------------------------------


def _cli(*args):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(list(args))
    return status, out.getvalue()


def test_cli_names_the_blank_first_goal_when_it_makes_a_4x4_pair_solvable():
    korf1 = " ".join(str(t) for t in korf100()[0].tiles)
    status, text = _cli("solve", korf1)
    assert status == 1 and "unsolvable (parity)" in text
    goal = " ".join(str(t) for t in range(16))
    assert f"with --goal '{goal}' (Korf's goal, blank first) it is solvable" in text
    status, text = _cli("solve", korf1, "--goal", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0")
    assert status == 1 and "blank first" not in text  # an explicit goal: no hint
    status, text = _cli("solve", "1 2 3 4 5 6 8 7 x")  # 3x3: blank first is no better
    assert status == 1 and "--goal" not in text


def test_nilsson_says_it_is_a_generalisation_off_its_goal():
    assert "generalisation" in get_heuristic("nilsson").description
    assert "123804765" in get_heuristic("nilsson").description


def test_korf100_iterations_add_up_to_the_runs():
    folder = RESULTS / "korf100"
    if not (folder / "iterations.csv").exists():
        pytest.skip("no iterations.csv in the committed korf100 run")
    passes = pd.read_csv(folder / "iterations.csv")
    runs = pd.read_csv(folder / "runs.csv").set_index(["instance", "heuristic"])
    sums = passes.groupby(["instance", "heuristic"])[["expanded", "generated"]].sum()
    committed = runs[["expanded", "generated", "iterations"]].add_suffix("_run")
    joined = sums.join(committed)
    assert len(joined) == len(runs)
    assert (joined["generated"] == joined["generated_run"]).all()
    assert (joined["expanded"] == joined["expanded_run"]).all()
    assert (passes.groupby(["instance", "heuristic"]).size() == joined["iterations_run"]).all()


# --- the sentences a reader would quote, each from the table it describes -------------


def _words(text: str) -> str:
    """Text with every run of whitespace as one space (sentences wrap anywhere)."""
    return " ".join(text.split())


def _markdown(name: str) -> str:
    cells = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text())["cells"]
    return _words(" ".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown"))


def _felner_summary():
    if not (FELNER / "summary.csv").exists():
        pytest.skip("no committed felner2004 run")
    return pd.read_csv(FELNER / "summary.csv").set_index("heuristic")


def test_nbs_is_within_twice_the_least_work_only_below_c_star_as_the_texts_say():
    runs = pd.read_csv(RESULTS / "bidirectional" / "runs.csv")
    nbs = runs[(runs.algorithm == "nbs") & (runs.status == "solved")]
    nbs = nbs[[get_heuristic(h).consistent for h in nbs.heuristic]]
    below = int((nbs.below_c_star <= 2 * nbs.cover).sum())
    over = int((nbs.expanded > 2 * nbs.cover).sum())
    assert below == len(nbs) == 96 and over == 50  # the bound holds below C* only
    readme = _words((ROOT / "README.md").read_text())
    assert "at most twice the least work among the pairs below C\\*" in readme
    assert f"more than twice on {over} of the {len(nbs)} committed runs" in readme
    assert "at most 2x the least work" not in readme
    text = _markdown("bidirectional")
    assert "at most twice the minimum any such algorithm must among the pairs whose lower bound is below the optimal cost C\\*" in text  # fmt: skip
    from eightlab.search import nbs as module

    assert "never expands more than twice" not in _words(module.__doc__)
    assert "among the pairs whose lower bound is below ``C*``" in _words(module.__doc__)


def test_korf24_is_said_to_run_in_the_published_order_and_its_table_does():
    from eightlab.analysis.published import korf_felner24_order

    said = "in the order of Korf & Felner's published node counts (fewest first)"
    for name in ("README.md", "results/README.md"):
        assert said in _words((ROOT / name).read_text()), name
    runs = pd.read_csv(RESULTS / "korf24" / "runs.csv")
    tried = runs["instance"].tolist()
    assert tried == korf_felner24_order()[: len(tried)]


def test_the_15_puzzle_tile_sets_are_said_to_match_the_paper_only_as_measured():
    ratio = _felner_summary()["nodes_vs_published"]

    def matches(heuristic):  # within a fifth of the paper's mean nodes, either way
        return abs(math.log(ratio[heuristic])) < math.log(1.25)

    # 5-5-5 matches only without the reflected lookup, 6-6-3 only with it
    assert matches("pdb-5-5-5-single") and not matches("pdb-5-5-5")
    assert matches("pdb-6-6-3") and not matches("pdb-6-6-3-single")
    single, reflected = f"{ratio['pdb-5-5-5-single']:.2f}", f"{ratio['pdb-6-6-3']:.2f}"
    assert (single, reflected, f"{ratio['pdb-6-6-3-single']:.2f}") == ("0.86", "0.93", "2.91")
    readme = _words((ROOT / "README.md").read_text())
    assert (
        f"5-5-5 generates {single} times the paper's mean nodes only without the reflected "
        f"lookup, 6-6-3 {reflected} times only with it" in readme
    )
    results = _words((RESULTS / "README.md").read_text())
    assert (
        f"5-5-5 comes to {single} times the paper's mean nodes only without the reflected "
        f"lookup, 6-6-3 to {reflected} times only with it" in results
    )
    from eightlab.heuristics.pdb import additive as module

    assert f"6-6-3 with the regular lookup alone: {ratio['pdb-6-6-3-single']:.2f}" in _words(
        module.__doc__
    )
    texts = {
        "README.md": readme,
        "results/README.md": results,
        "benchmarks/README.md": (ROOT / "benchmarks" / "README.md").read_text(),
        "additive.py": (ROOT / "eightlab" / "heuristics" / "pdb" / "additive.py").read_text(),
    }
    for name, text in texts.items():
        assert "literature's" not in text, name


def test_readme_states_the_committed_build_times_of_the_15_puzzle_databases():
    summary = _felner_summary().reset_index()
    timings = pd.read_csv(FELNER / "summary.timings.csv")
    build = dict(zip(summary.heuristic, timings.build_seconds, strict=True))
    readme = _words((ROOT / "README.md").read_text())
    assert (
        f"5-5-5 in {build['pdb-5-5-5']:.2f} s and 6-6-3 in {build['pdb-6-6-3']:.2f} s: "
        "`results/korf100--felner2004/summary.timings.csv`" in readme
    )
    assert "about 30 s" not in readme


def test_readme_cites_the_6_6_6_6_build_that_benchmarks_measured():
    import re

    bench = (ROOT / "benchmarks" / "README.md").read_text()
    row = next(line for line in bench.splitlines() if line.startswith("| build 6-6-6-6"))
    minutes = re.search(r"\*\*([\d.]+) CPU minutes\*\*", row).group(1)
    peak = re.search(r"peak RSS \*\*([\d.]+) GB\*\*", row).group(1)
    disk = int(re.search(r"(\d+) MB on disk", row).group(1))
    readme = _words((ROOT / "README.md").read_text())
    assert (
        f"opt-in ({disk / 1000:.1f} GB on disk; the build `benchmarks/README.md` measured took "
        f"{minutes} CPU minutes and {peak} GB at its peak)" in readme
    )
    assert "(4 CPU min, 1.6 GB)" not in readme and "about 4 CPU minutes" not in readme


def test_korf100_at_a_glance_says_the_default_run_cannot_compare_like_with_like():
    default = pd.read_csv(RESULTS / "korf100" / "summary.csv").set_index("heuristic")
    felner = _felner_summary()
    runs = pd.read_csv(FELNER / "runs.csv")
    manhattan = runs[runs.heuristic == "manhattan"].sort_values("generated")
    instances = json.loads((RESULTS / "korf100" / "provenance.json").read_text())
    instances = instances["parameters"]["instances"]
    # the default run's 15: those on which Manhattan does the least work of all 100
    assert set(instances) == set(manhattan.instance[: len(instances)]) and len(instances) == 15
    assert default.loc["pdb-5-5-5", "instances"] == len(instances)
    text = _markdown("korf100")
    assert f"default run's {len(instances)} instances are the ones on which Manhattan does the least work of all 100" in text  # fmt: skip
    assert "**cannot compare like with like**" in text
    assert (
        f"`pdb-5-5-5` at {default.loc['pdb-5-5-5', 'nodes_vs_published']:.2f} of the paper in "
        "the committed `results/korf100/summary.csv`" in text
    )
    assert (
        f"`pdb-5-5-5` comes to {felner.loc['pdb-5-5-5', 'nodes_vs_published']:.2f} of the "
        f"paper ({felner.loc['pdb-5-5-5-single', 'nodes_vs_published']:.2f} with the regular "
        "lookup alone)" in text
    )


def test_05_states_the_passes_of_the_board_it_prints():
    from eightlab.puzzle.instances import random_walk_instance

    folder = RESULTS / "05_fifteen_puzzle"
    parameters = json.loads((folder / "provenance.json").read_text())["parameters"]
    board = random_walk_instance(KORF_GOAL, parameters["walk_length"], parameters["seed"])
    result = solve(board, KORF_GOAL, "idastar", "manhattan")
    committed = pd.read_csv(folder / "fifteen_runs.csv").set_index(["board", "heuristic"])
    assert result.stats.expanded == committed.loc[("board 1", "Manhattan (h2)"), "expanded"]
    passes = [row["expanded"] for row in result.stats.per_iteration]
    growth = [b / a for a, b in zip(passes[:-2], passes[1:-1], strict=True)]  # complete passes
    last_complete = passes[-2] / sum(passes[:-2])
    last = passes[-1] / sum(passes[:-1])
    text = _markdown("05_fifteen_puzzle")
    assert (
        f"each complete pass expands {min(growth):.1f} to {max(growth):.1f} times the nodes of "
        f"the one before, so the last complete pass expands {last_complete:.1f} times all the "
        "passes before it together" in text
    )
    assert f"on that board it expands {last:.2f} times all the earlier ones together" in text
    assert "about as much as all the earlier ones" not in text
