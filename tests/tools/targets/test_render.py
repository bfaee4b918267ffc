"""Renderers of the target-update page, on hand-made records."""

from __future__ import annotations

from tools.estimators.facts.records import Outcome
from tools.targets.facts.curated import Cadence, Cadences
from tools.targets.facts.records import HardCount, LossTargets, SoftMeasure, TargetsReference
from tools.targets.views import render


def _reference(hard) -> TargetsReference:
    soft = SoftMeasure(
        "DQNLoss",
        [(0.005, 0.995)],
        0.25,
        0.25,
        True,
        Outcome(False, "ValueError: one"),
        Outcome(False, "RuntimeError: none"),
        "",
    )
    losses = [
        LossTargets(
            "SACLoss",
            ["target_q_params"],
            {"delay_qvalue": "True"},
            soft_update=Outcome(True),
            optimizer_step=Outcome(True),
            sources_moved_by_optimizer=True,
            moved_without_updater=False,
            moved_by_updater={"target_q_params": True},
        ),
        LossTargets(
            "TD3Loss",
            ["target_a_params", "target_q_params"],
            {},
            soft_update=Outcome(True),
            optimizer_step=Outcome(True),
            sources_moved_by_optimizer=True,
            moved_without_updater=True,
            moved_by_updater={"target_a_params": True, "target_q_params": False},
        ),
        LossTargets("PPOLoss", [], {"delay_actor": "False"}, soft_update=Outcome(False, "RuntimeError: no targets")),
        LossTargets("GRPOLoss", [], {}, not_built="needs an LLM"),
    ]
    return TargetsReference([], soft, hard, "DQNLoss", losses)


def test_hard_rule_is_derived_from_the_counts():
    plus_one = _reference([HardCount(1, 2, 2, 12), HardCount(3, 4, 4, 20)])
    assert "`value_network_update_interval + 1`" in render.render_hard(plus_one)
    exact = _reference([HardCount(1, 1, 1, 12), HardCount(3, 3, 3, 20)])
    assert "every `value_network_update_interval` calls" in render.render_hard(exact)
    mixed = _reference([HardCount(1, 2, 2, 12), HardCount(3, 3, 3, 20)])
    assert "no single rule" in render.render_hard(mixed)


def test_loss_table_flags_what_did_not_behave():
    table = render.render_losses_with_targets(_reference([]))
    assert "| `SACLoss` | `target_q_params` | `delay_qvalue=True` | yes | yes |" in table
    assert "**no**: `target_q_params` did not move" in table
    assert "PPOLoss" not in table


def test_losses_without_targets_show_the_refusal_and_the_unbuilt():
    text = render.render_losses_without_targets(_reference([]))
    assert "- `PPOLoss` (switches: `delay_actor=False`)" in text
    assert "`RuntimeError: no targets`" in text
    assert "`GRPOLoss`" in text and "cannot build" in text


def test_soft_bullets_state_the_measurements():
    text = render.render_soft(_reference([]))
    assert "`tau=0.005` kept `eps=0.995`" in text
    assert "moved 0.25 of the way" in text
    assert "Passing both raises `ValueError: one`" in text


def test_cadences_link_the_script_at_the_commit_and_the_sota_entry():
    entry = Cadence("SoftUpdate", {"eps": 0.995}, "every step", "sota-implementations/sac/sac.py", "config.yaml", "sac")
    cadences = Cadences("pytorch/rl", "abc123", {"SACLoss": [entry], "DQNLoss": []})
    table = render.render_cadences(cadences)
    assert "`SoftUpdate(eps=0.995)`" in table
    assert "(https://github.com/pytorch/rl/blob/abc123/sota-implementations/sac/sac.py) (config.yaml)" in table
    assert "[`sac`](sota/index.md#dir-sac)" in table
    assert "| `DQNLoss` | — | no script in `sota-implementations/` builds this loss |" in table
