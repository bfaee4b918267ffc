"""Every hand-made reclassification in data/configs.yaml states something these tests re-check."""

from __future__ import annotations

import pytest

from tools.config_groups.facts import curated
from tools.parity import facts as parity
from tools.torchrl import trainer_zoo


def test_overrides_each_apply_somewhere():
    rows = parity.rows()
    for override in curated.load().overrides:
        applied = [(r.config, d.field) for r in rows for d in r.differences if d.reason == override.reason]
        assert applied, f"override {override.config}.{override.field} applies nowhere"


def test_soft_update_needs_eps_or_tau():
    from torchrl.objectives import SoftUpdate, TD3Loss

    env = trainer_zoo.pendulum_env()
    loss = TD3Loss(trainer_zoo.deterministic_actor(env), trainer_zoo.action_value(env), action_spec=env.action_spec)
    with pytest.raises(RuntimeError, match="Neither eps nor tau"):
        SoftUpdate(loss)
    SoftUpdate(loss, tau=0.001)


def test_optim_steps_none_runs_until_stop_iteration():
    steps_per_epoch = 3
    with trainer_zoo.captured():
        trainer = trainer_zoo.probe_trainer(batches=1, num_epochs=2, optim_steps_per_batch=None)
    served = {"n": 0}

    def sample(batch):
        served["n"] += 1
        if served["n"] > steps_per_epoch:
            served["n"] = 0
            raise StopIteration
        return batch

    steps = []
    trainer.register_op("process_optim_batch", sample)
    trainer.register_op("post_optim", lambda: steps.append(1))
    with trainer_zoo.captured():
        trainer.train()
    assert len(steps) == 2 * steps_per_epoch


def test_measured_instantiation_errors_reproduce():
    from hydra.utils import instantiate
    from omegaconf import OmegaConf

    from tools.config_groups.facts.introspect import config_dataclasses

    failing = [r for r in parity.rows() if r.instantiation]
    assert failing
    for row in failing[:3]:
        with pytest.raises(Exception) as info:
            instantiate(OmegaConf.structured(config_dataclasses()[row.config]))
        assert str(info.value.__cause__ or info.value) in row.instantiation
