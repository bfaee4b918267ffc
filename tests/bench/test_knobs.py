"""The environment variables of `make bench`, and the message for a wrong one."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from bench import run as bench_run
from bench.knobs import DEFAULT_RUNS, Knobs, read_knobs
from tools.core.errors import UsageError
from tools.core.paths import ROOT


def test_defaults():
    assert read_knobs({}) == Knobs(runs=DEFAULT_RUNS, test_runs=DEFAULT_RUNS, page=None, snippet=None)


def test_test_runs_follow_runs_unless_set():
    assert read_knobs({"BENCH_RUNS": "5"}).test_runs == 5
    assert read_knobs({"BENCH_RUNS": "5", "BENCH_TEST_RUNS": "1"}).test_runs == 1


def test_skipping_the_tests():
    assert read_knobs({"BENCH_SKIP_TESTS": "1"}).test_runs == 0
    assert read_knobs({"BENCH_SKIP_TESTS": "0"}).test_runs == DEFAULT_RUNS


def test_page_and_snippet():
    knobs = read_knobs({"BENCH_PAGE": "tools.md", "BENCH_SNIPPET": "snippets/index.py"})
    assert (knobs.page, knobs.snippet) == ("tools.md", "snippets/index.py")


@pytest.mark.parametrize(
    "env, message",
    [
        ({"BENCH_RUNS": "three"}, "BENCH_RUNS='three' is not a number of runs"),
        ({"BENCH_RUNS": "0"}, "BENCH_RUNS='0' is not a number of runs"),
        ({"BENCH_TEST_RUNS": "-1"}, "BENCH_TEST_RUNS='-1'"),
        ({"BENCH_SKIP_TESTS": "maybe"}, "BENCH_SKIP_TESTS='maybe' is neither on nor off"),
    ],
)
def test_wrong_values_name_the_variable_and_the_fix(env, message):
    with pytest.raises(UsageError, match=message):
        read_knobs(env)


def test_the_command_stops_with_exit_2_and_one_line_before_measuring():
    result = subprocess.run(
        [sys.executable, "-m", "bench.run"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "BENCH_RUNS": "x"},
        timeout=120,
    )
    assert result.returncode == 2
    # One line, no traceback, and no progress line: nothing was measured.
    assert result.stderr.splitlines() == [
        "make bench: error: BENCH_RUNS='x' is not a number of runs; set it to a whole number such as BENCH_RUNS=3"
    ]


@pytest.mark.parametrize(
    "env, args, message",
    [
        ({"BENCH_PAGE": "indx.md"}, [], "unknown page under docs/ (BENCH_PAGE) 'indx.md'; did you mean index.md"),
        ({"BENCH_SNIPPET": "snippets/nope.py"}, [], "unknown snippet file (BENCH_SNIPPET) 'snippets/nope.py'"),
        ({}, ["--runs", "3"], "make bench takes no arguments"),
    ],
    ids=["unknown-page", "unknown-snippet", "arguments"],
)
def test_wrong_files_or_arguments_are_refused_before_measuring(env, args, message, monkeypatch):
    for name in ("BENCH_PAGE", "BENCH_SNIPPET", "BENCH_RUNS", "BENCH_TEST_RUNS", "BENCH_SKIP_TESTS"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(bench_run, "floor_and_cold_build", _must_not_measure)
    monkeypatch.chdir(ROOT)  # main() moves to the project root; put the working directory back after
    with pytest.raises(UsageError) as refused:
        bench_run.main(args)
    assert message in str(refused.value)


def _must_not_measure(*_args):
    raise AssertionError("the bench started measuring")
