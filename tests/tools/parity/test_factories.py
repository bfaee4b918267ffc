"""The loss config factories, measured by instantiating each config."""

from __future__ import annotations

from tools.parity import facts as parity


def _row(config: str):
    return next(r for r in parity.rows() if r.config == config)


def test_ppo_config_is_compared_with_the_class_its_defaults_build():
    row = _row("PPOLossConfig")
    assert row.target.endswith("ClipPPOLoss") and "builds ClipPPOLoss (measured" in row.via
    built = {tuple(run.selectors.items()): run.builds for run in row.factory.runs}
    assert built[(("loss_type", "'kl'"),)] == "KLPENPPOLoss"
    assert built[(("loss_type", "'ppo'"),)] == "PPOLoss"


def test_a2c_factory_turns_hydra_lists_into_tuple_keys_and_makes_the_estimator():
    runs = _row("A2CLossConfig").factory.runs
    probe = next(run for run in runs if "gamma" in run.selectors)
    assert probe.set_keys_calls == ["set_keys(advantage=('group', 'probe'), value_target=('group', 'probe'))"]
    assert probe.estimator_calls == ["make_value_estimator(gamma=0.9)"]
    assert "gamma" in probe.not_passed


def test_base_configs_without_target_pair_with_their_class():
    row = _row("OnPolicyTrainerConfig")
    assert row.target.endswith("OnPolicyTrainer") and "without `_target_`" in row.via
