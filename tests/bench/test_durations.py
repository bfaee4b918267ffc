"""Reading pytest's --durations list and closing line, from a real pytest run."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from bench.durations import Duration, parse_closing_line, parse_durations, slowest

# The small suite's durations come from a fake clock: pytest reads every duration through
# _pytest.timing, whose MockTiming (pytest's own, for its tests) only advances when slept on.
# The list is then the same on a busy machine as on a quiet one (no test reads the wall clock).
SLEEPY_CONFTEST = textwrap.dedent(
    """
    from _pytest import timing

    _clock = timing.MockTiming()


    def pytest_configure(config):
        timing.sleep, timing.time, timing.perf_counter = _clock.sleep, _clock.time, _clock.time
    """
)

SLEEPY_TESTS = textwrap.dedent(
    """
    import pytest
    from _pytest import timing


    @pytest.fixture
    def slow_setup():
        timing.sleep(0.05)


    def test_slow_call():
        timing.sleep(0.2)


    def test_slow_setup(slow_setup):
        pass


    @pytest.mark.parametrize("n", [1, 2])
    def test_param(n):
        pass
    """
)


@pytest.fixture(scope="module")
def pytest_output(tmp_path_factory) -> str:
    """What pytest prints for a small suite with --durations (under xdist, as `make test` runs it,
    the controller prints the same list; one process keeps this test cheap)."""
    folder = tmp_path_factory.mktemp("sleepy")
    (folder / "conftest.py").write_text(SLEEPY_CONFTEST)
    (folder / "test_sleepy.py").write_text(SLEEPY_TESTS)
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "--durations=3",
            "--durations-min=0",
            "--rootdir",
            str(folder),
            str(folder),
        ],
        cwd=folder,
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTEST_ADDOPTS=""),
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def test_durations_are_read_slowest_first(pytest_output):
    entries = parse_durations(pytest_output)
    assert len(entries) == 3
    assert entries[0].test.endswith("test_sleepy.py::test_slow_call") and entries[0].phase == "call"
    assert entries[0].seconds == pytest.approx(0.2)
    assert ("test_sleepy.py::test_slow_setup", "setup") in {(e.test.rpartition("/")[2], e.phase) for e in entries}
    assert [e.seconds for e in entries] == sorted((e.seconds for e in entries), reverse=True)


def test_parametrized_ids_are_kept_whole():
    text = "=== slowest 1 durations ===\n0.50s call     tests/t.py::test_x[snippets/a b.py]\n=== 1 passed in 0.6s ===\n"
    assert parse_durations(text) == [Duration("tests/t.py::test_x[snippets/a b.py]", "call", 0.5)]


def test_closing_line(pytest_output):
    outcome, seconds = parse_closing_line(pytest_output)
    assert outcome == "4 passed"
    assert seconds > 0


def test_closing_line_with_failures_and_minutes():
    text = "====== 2 failed, 31 passed, 1 skipped in 125.31s (0:02:05) ======\n"
    assert parse_closing_line(text) == ("2 failed, 31 passed, 1 skipped", 125.31)


def test_output_without_durations_gives_nothing():
    assert parse_durations("===== 3 passed in 0.1s =====\n") == []
    assert parse_closing_line("make: *** [Makefile:37: test] Error 2\n") is None


def test_slowest_ranks_by_median_over_the_runs_that_listed_a_test():
    runs = [
        [Duration("a", "call", 3.0), Duration("b", "call", 1.0)],
        [Duration("a", "call", 1.0), Duration("c", "setup", 2.5)],
        [Duration("a", "call", 2.0), Duration("b", "call", 2.0)],
    ]
    rows = slowest(runs, count=2)
    assert [(r["test"], r["phase"]) for r in rows] == [("c", "setup"), ("a", "call")]
    assert rows[0]["runs"] == 1 and rows[0]["of"] == 3
    assert (rows[1]["median"], rows[1]["min"], rows[1]["max"], rows[1]["runs"]) == (2.0, 1.0, 3.0, 3)
