"""The one way the project runs Python in a fresh interpreter (``tools/core/fresh_python.py``)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tools.core.fresh_python import fresh_environment, run_fresh_python, start_fresh_python, thread_limits
from tools.core.paths import ROOT

REPORT = "import json, os, sys; print(json.dumps({'cwd': os.getcwd(), 'files': os.listdir(), 'omp': os.environ.get('OMP_NUM_THREADS'), 'modules': sorted(sys.modules)}))"


def _report(done: subprocess.CompletedProcess) -> dict:
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_a_run_starts_in_an_empty_directory_it_removes_afterwards():
    seen = _report(run_fresh_python(["-c", REPORT], timeout=120))
    assert seen["files"] == [] and Path(seen["cwd"]) != ROOT
    assert not Path(seen["cwd"]).exists()


def test_a_run_in_a_named_directory_sees_its_files(tmp_path):
    (tmp_path / "here.txt").write_text("")
    seen = _report(run_fresh_python(["-c", REPORT], cwd=tmp_path, timeout=120))
    assert seen["files"] == ["here.txt"]


def test_the_interpreter_is_fresh():
    # This process has pytest imported; a fresh interpreter does not.
    assert "pytest" not in _report(run_fresh_python(["-c", REPORT], timeout=120))["modules"]


@pytest.mark.parametrize(
    ("threads", "parent", "expected"), [(1, "8", "1"), (3, None, "3"), (None, "8", "8"), (None, None, None)]
)
def test_threads_are_limited_one_way_and_none_keeps_the_parents_setting(threads, parent, expected):
    env = {"PATH": "/usr/bin:/bin", **({"OMP_NUM_THREADS": parent} if parent else {})}
    seen = _report(run_fresh_python(["-c", REPORT], env=env, threads=threads, timeout=120))
    assert seen["omp"] == expected


def test_a_thread_limit_below_one_is_refused():
    with pytest.raises(ValueError, match="at least 1"):
        thread_limits(0)


def test_extra_variables_go_over_the_limits_and_the_environment():
    env = fresh_environment({"A": "parent", "B": "kept"}, extra={"A": "child"})
    assert env == {"A": "child", "B": "kept", "OMP_NUM_THREADS": "1"}


def test_output_is_captured_apart_with_the_exit_status_and_input_is_passed():
    code = "import sys; print(sys.stdin.read().upper()); print('on stderr', file=sys.stderr); sys.exit(3)"
    done = run_fresh_python(["-c", code], input="hello", timeout=120)
    assert (done.returncode, done.stdout, done.stderr) == (3, "HELLO\n", "on stderr\n")


def test_a_run_past_its_timeout_is_stopped():
    # The child waits forever, so only the timeout can end it.
    with pytest.raises(subprocess.TimeoutExpired):
        run_fresh_python(["-c", "import threading; threading.Event().wait()"], timeout=1)


def test_a_background_child_is_limited_the_same_way_and_read_when_done(tmp_path):
    process = start_fresh_python(["-c", REPORT], cwd=tmp_path, env={"PATH": "/usr/bin:/bin"})
    stdout, stderr = process.communicate(timeout=120)
    assert process.returncode == 0, stderr
    seen = json.loads(stdout)
    assert (Path(seen["cwd"]), seen["omp"]) == (tmp_path, "1")


def test_the_thread_limit_is_spelled_in_one_place():
    spelled = [
        path.relative_to(ROOT).as_posix()
        for folder in ("tools", "bench", "tests")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if "OMP_NUM_THREADS" in path.read_text(encoding="utf-8")
    ]
    here = Path(__file__).relative_to(ROOT).as_posix()
    assert set(spelled) - {here} == {"tools/core/fresh_python.py"}, spelled
