"""The renderers: pure functions of the records (no torch needed)."""

from __future__ import annotations

from tools.wiring.facts.checks import CHECKS
from tools.wiring.facts.records import ExpectedKey, Fix, ForwardRun, KeyMap, Problem, WiringReport
from tools.wiring.views.render import render_checks, render_markdown, render_text


def _report(problems):
    key = ExpectedKey(
        ["next", "reward"],
        ["loss key reward"],
        "environment",
        True,
        [KeyMap("loss", "reward", ["next"])],
        effect="raises",
    )
    return WiringReport(
        "TD3Loss",
        "TD0Estimator",
        "data",
        [2, 4],
        "tools/torchrl/loss_zoo/constructions/TD3Loss.py",
        [key],
        problems,
        [],
        ForwardRun(False, "KeyError: 'reward'"),
        ForwardRun(True),
    )


def test_every_check_is_a_row_of_the_checks_table():
    table = render_checks(CHECKS)
    assert all(f"| `{check.name}` |" in table for check in CHECKS)
    assert len(table.strip().splitlines()) == len(CHECKS) + 2


def test_text_report_shows_the_fix_and_the_verdict():
    problem = Problem("missing", ["next", "reward"], '("next", "reward") is missing', fix=Fix("loss", "reward", ["r"]))
    text = render_text(_report([problem]))
    assert text.splitlines()[0] == "TD3Loss with TD0Estimator, checked on data of batch size [2, 4]"
    assert '     fix: loss.set_keys(reward="r")' in text
    assert "Forward pass with the set_keys fixes above applied: runs" in text
    assert text.endswith("Verdict: not ready (1 problem)")
    assert render_markdown(_report([problem])).startswith("```text\nTD3Loss")


def test_json_has_the_verdict_and_keys_as_lists():
    data = _report([]).to_json()
    assert data["verdict"] == "ready" and data["keys"][0]["key"] == ["next", "reward"]
