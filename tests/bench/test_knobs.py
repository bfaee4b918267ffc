"""The environment variables of `make bench`, and the message for a wrong one."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from bench.knobs import DEFAULT_RUNS, Knobs, read_knobs
from tools.cli.errors import UsageError
from tools.paths import ROOT


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


def run_bench(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bench.run", *args], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, **env}, timeout=120)


@pytest.mark.parametrize(
    "env, args, message",
    [
        ({"BENCH_RUNS": "x"}, (), "make bench: error: BENCH_RUNS='x' is not a number of runs"),
        ({"BENCH_PAGE": "indx.md"}, (), "unknown page under docs/ (BENCH_PAGE) 'indx.md'; did you mean index.md"),
        ({"BENCH_SNIPPET": "snippets/nope.py"}, (), "unknown snippet file (BENCH_SNIPPET) 'snippets/nope.py'"),
        ({}, ("--runs", "3"), "make bench takes no arguments"),
    ],
    ids=["runs-not-a-number", "unknown-page", "unknown-snippet", "arguments"],
)
def test_the_bench_stops_before_measuring_on_a_wrong_knob(env, args, message):
    result = run_bench(env, *args)
    assert result.returncode == 2
    assert message in result.stderr
    assert len(result.stderr.splitlines()) == 1  # no traceback, and no progress line: nothing was measured
