"""explain_error reads a traceback from a file or standard input and names where the site answers it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import build_env
from tests.support.pasted_errors import READER_SCRIPT, READER_SITE_PACKAGES
from tools.core.paths import ROOT

SCRIPT = Path(sys.executable).with_name("explain_error")

TRACEBACK = f"""Traceback (most recent call last):
  File "{READER_SCRIPT}", line 31, in <module>
    loss_vals = loss(batch)
  File "{READER_SITE_PACKAGES}/torchrl/objectives/ppo.py", line 990, in forward
    log_weight, dist, kl_approx = self._log_weight(tensordict, adv_shape=advantage.shape[:-1])
  File "{READER_SITE_PACKAGES}/torchrl/objectives/ppo.py", line 854, in _log_weight
    raise KeyError(
KeyError: "Couldn't find the log-prob my_old_log_prob in the input data."
"""


@pytest.fixture(scope="module")
def warm(built_site):
    return built_site


def run(*args, stdin: str | None = None):
    return subprocess.run(
        [str(SCRIPT), *args], cwd=ROOT, env=build_env(), input=stdin, capture_output=True, text=True, timeout=300
    )


def test_a_traceback_from_standard_input(warm):
    result = run(stdin=TRACEBACK)
    assert result.returncode == 0, result.stderr
    first = result.stdout.splitlines()[1]
    assert first.startswith("1. [troubleshooting entry]") and "log-prob" in first


def test_a_file_and_json(warm, tmp_path):
    path = tmp_path / "error.txt"
    path.write_text(TRACEBACK.splitlines()[-1] + "\n")
    result = run(str(path), "--json", "--limit", "3")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert len(data["matches"]) == 3
    assert data["matches"][0]["id"] == "log-prob-under-the-old-name"
    assert {"kind", "id", "title", "url", "note", "score", "why"} == set(data["matches"][0])


def test_nothing_matches_exits_1(warm):
    result = run(stdin="zzzz qqqq wwww\n")
    assert result.returncode == 1 and "Nothing matches" in result.stdout


@pytest.mark.parametrize(
    "args, stdin, message",
    [
        (("missing-file.txt",), None, "no file 'missing-file.txt'"),
        ((), "   \n", "nothing to explain"),
        (("--limit", "0"), "KeyError: 'x'", "--limit must be at least 1"),
    ],
)
def test_bad_input_is_a_clear_error(args, stdin, message):
    result = run(*args, stdin=stdin)
    assert result.returncode == 2
    assert message in result.stderr and "Traceback" not in result.stderr
