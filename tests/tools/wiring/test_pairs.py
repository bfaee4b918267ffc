"""A correct and a broken wiring per loss family: the broken one is reported, and the suggested fix makes it run.

The correct wiring is the zoo's construction (tools/torchrl/loss_zoo/constructions/); each broken one
changes one thing a user gets wrong.  Where the fix is a ``set_keys`` call, the
test runs the very code the report prints.
"""

from __future__ import annotations

import warnings

import pytest
import torch

from tools.torchrl import loss_zoo as zoo
from tools.wiring import check_wiring


def check(loss, data):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return check_wiring(loss, data)


def build(name: str, replacements: dict[str, str] | None = None):
    """The zoo's construction, with some of its text replaced (each replacement must apply)."""
    text = zoo.source(name)
    for old, new in (replacements or {}).items():
        assert old in text, f"the construction {name}.py no longer contains {old!r}: update this test"
        text = text.replace(old, new)
    namespace = {"__name__": "__main__"}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        exec(compile(text, f"{name}.py", "exec"), namespace)
    return namespace["loss"], namespace["batch"]


def apply_printed_fixes(report, loss):
    for fix in report.fixes:
        exec(fix.code, {"loss": loss})  # the line the report prints, as a user would paste it


def renamed(batch, old, new):
    batch = batch.clone()
    batch.rename_key_(old, new)
    return batch


# name, how it is broken -> (loss, batch), the problem kind expected
SET_KEYS_CASES = {
    "ClipPPOLoss, log-prob stored under another name": (
        lambda: (lambda loss, batch: (loss, renamed(batch, ("agent", "action_log_prob"), "sample_log_prob")))(
            *build("ClipPPOLoss")
        ),
        "missing",
    ),
    "SACLoss, Q-network writes q_value": (
        lambda: build("SACLoss", {'out_keys=["state_action_value"]': 'out_keys=["q_value"]'}),
        "network_output",
    ),
    "TD3Loss, reward stored as ('next', 'r')": (
        lambda: (lambda loss, batch: (loss, renamed(batch, ("next", "reward"), ("next", "r"))))(*build("TD3Loss")),
        "missing",
    ),
    "IQLLoss, value network writes v": (
        lambda: build(
            "IQLLoss", {'in_keys=["observation"])  # writes "state_value"': 'in_keys=["observation"], out_keys=["v"])'}
        ),
        "network_output",
    ),
    "MAPPOLoss, nested critic value key not wired": (
        lambda: build("MAPPOLoss", {"loss.set_keys(value=VALUE, ": "loss.set_keys("}),
        "network_output",
    ),
}


@pytest.mark.parametrize(
    "name", ["ClipPPOLoss", "A2CLoss", "SACLoss", "TD3Loss", "DQNLoss", "IQLLoss", "CQLLoss", "MAPPOLoss"]
)
def test_correct_wiring_is_ready(name):
    report = check(*build(name))
    assert report.ready, str(report)


@pytest.mark.parametrize("case", list(SET_KEYS_CASES))
def test_broken_wiring_is_reported_and_the_printed_set_keys_fix_makes_it_run(case):
    make, kind = SET_KEYS_CASES[case]
    loss, batch = make()
    report = check(loss, batch)
    assert not report.ready and [p.kind for p in report.problems] == [kind], str(report)
    assert report.fixes and report.fixed_forward is not None and report.fixed_forward.ok, str(report)
    apply_printed_fixes(report, loss)
    after = check(loss, batch)
    assert after.ready, str(after)


def test_dqn_index_actions_for_a_one_hot_loss():
    loss, batch = build("DQNLoss")
    broken = batch.clone()
    broken["action"] = batch["action"].argmax(-1, keepdim=True)  # indices where the loss reads one-hot
    report = check(loss, broken)
    assert [p.kind for p in report.problems] == ["action_encoding"], str(report)
    assert report.forward.ok, "torchrl raises nothing here: the checker is the only one to tell"
    assert "one_hot(" in report.problems[0].advice and 'action_space="categorical"' in report.problems[0].advice
    fixed = broken.clone()
    fixed["action"] = torch.nn.functional.one_hot(broken["action"].squeeze(-1), 4)  # the advice, applied
    assert check(loss, fixed).ready


def test_a2c_index_actions_for_a_one_hot_actor():
    loss, batch = build("A2CLoss")
    broken = batch.clone()
    broken["agent", "action"] = batch["agent", "action"].argmax(-1)
    report = check(loss, broken)
    assert [p.kind for p in report.problems] == ["action_encoding"], str(report)
    assert "OneHotCategorical" in report.problems[0].message
    fixed = broken.clone()
    fixed["agent", "action"] = torch.nn.functional.one_hot(
        broken["agent", "action"], batch["agent", "action"].shape[-1]
    )
    assert check(loss, fixed).ready


def test_cql_done_without_trailing_dimension():
    loss, batch = build("CQLLoss")
    broken = batch.clone()
    broken["next", "done"] = batch["next", "done"].squeeze(-1)
    broken["next", "terminated"] = batch["next", "terminated"].squeeze(-1)
    report = check(loss, broken)
    assert {p.kind for p in report.problems} == {"trailing_dim"} and len(report.problems) == 2, str(report)
    assert "unsqueeze(-1)" in report.problems[0].advice
    fixed = broken.clone()
    for flag in ("done", "terminated"):
        fixed["next", flag] = broken["next", flag].unsqueeze(-1)
    assert check(loss, fixed).ready


def test_terminated_without_done_log_prob_with_gradient_and_no_time_dimension():
    loss, batch = build("ClipPPOLoss")
    flags = batch.clone()
    flags["next", "terminated"][0, 1] = True
    assert [p.kind for p in check(loss, flags).problems] == ["done_terminated"]

    graded = batch.clone()
    graded["agent", "action_log_prob"] = batch["agent", "action_log_prob"].clone().requires_grad_()
    assert "log_prob_grad" in [p.kind for p in check(loss, graded).problems]

    one_step = batch[0, 0]
    assert "time_dim" in [p.kind for p in check(loss, one_step).problems]


def test_never_ready_when_the_forward_pass_raises():
    loss, batch = build("ClipPPOLoss")
    wrong_size = batch.clone()
    wrong_size["observation"] = torch.randn(*batch.batch_size, 5)  # the networks take 3 features
    report = check(loss, wrong_size)
    assert not report.ready and [p.kind for p in report.problems] == ["forward"], str(report)
    assert "forward pass raised" in report.problems[0].message


def test_env_and_policy_take_a_short_rollout():
    from torchrl.envs import GymEnv

    from tools.wiring.facts.check import ROLLOUT_STEPS

    loss, _ = build("DQNLoss", {"OBS, N_ACTIONS = 3, 4": "OBS, N_ACTIONS = 4, 2"})  # CartPole's sizes
    env = GymEnv("CartPole-v1")
    env.set_seed(0)
    report = check_wiring(loss, env=env, policy=loss.value_network)
    assert report.source == f"a rollout of {ROLLOUT_STEPS} steps" and report.batch_size == [ROLLOUT_STEPS]
    assert report.ready, str(report)
