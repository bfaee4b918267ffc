"""check_wiring FILE.py:FUNCTION: exit 0 ready, 1 problems, 2 bad input with a one-line message and no traceback."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.conftest import build_env
from tools.cli.check_wiring import main
from tools.core.errors import run

SCRIPT = Path(sys.executable).parent / "check_wiring"
WIRINGS = textwrap.dedent(
    """
    from tools.torchrl import loss_zoo as zoo

    def ready():
        case = zoo.build("DQNLoss")
        return case.loss, case.batch

    def broken():
        case = zoo.build("DQNLoss")
        batch = case.batch.clone()
        batch.rename_key_(("next", "reward"), ("next", "rew"))
        return {"loss": case.loss, "data": batch}

    def raises():
        return 1 / 0

    def returns_loss_only():
        return zoo.build("DQNLoss").loss

    def returns_no_loss():
        return "not a loss", None
    """
)


@pytest.fixture
def wirings(tmp_path):
    path = tmp_path / "wirings.py"
    path.write_text(WIRINGS)
    return path


def _run(argv, capsys):
    code = run(main, argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_ready_exits_0_and_prints_json(wirings, capsys):
    code, out, err = _run([f"{wirings}:ready", "--json"], capsys)
    assert code == 0, err
    data = json.loads(out)
    assert data["verdict"] == "ready" and data["loss"] == "DQNLoss" and data["problems"] == []
    assert ["next", "reward"] in [k["key"] for k in data["keys"]]


@pytest.mark.parametrize(
    "target, message",
    [
        ("nowhere.py:ready", "no file 'nowhere.py'"),
        ("{path}", "give FILE.py:FUNCTION"),
        ("{path}:redy", "unknown function in wirings.py 'redy'; did you mean ready?"),
        ("{path}:raises", "raises() raised ZeroDivisionError: division by zero (at wirings.py:15)"),
        ("{path}:returns_loss_only", "returns_loss_only() returned DQNLoss; return (loss, data)"),
        ("{path}:returns_no_loss", "needs a torchrl loss module first, got str"),
    ],
)
def test_bad_input_exits_2_with_one_line_and_no_traceback(wirings, capsys, target, message):
    code, out, err = _run([target.format(path=wirings)], capsys)
    assert code == 2 and out == ""
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1, err


def test_console_script_reports_problems_with_exit_1(wirings, tmp_path):
    result = subprocess.run(
        [str(SCRIPT), f"{wirings.name}:broken"],
        cwd=tmp_path,
        env=build_env(),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 1, result.stderr
    assert 'fix: loss.set_keys(reward="rew")' in result.stdout
    assert result.stdout.rstrip().endswith("Verdict: not ready (1 problem)")
