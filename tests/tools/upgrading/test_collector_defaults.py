"""What the 0.13 -> 0.14 notes on the collector configs' defaults say, measured on the pinned release.

The notes classify by what the collectors do with a default, not by its value: a field whose default
became ``None`` changes nothing when the collector turns ``None`` back into the old value.  Each
collector class a config builds is measured, since they do not all resolve ``None`` alike.
"""

from __future__ import annotations

import pytest


def _env():
    from torchrl.envs import GymEnv

    return GymEnv("Pendulum-v1")


def _build(kind: str, **changes):
    from torchrl.collectors import Collector, MultiSyncCollector
    from torchrl.envs.utils import RandomPolicy

    policy = RandomPolicy(_env().action_spec)
    if kind == "Collector":
        return Collector(_env, policy, frames_per_batch=8, total_frames=16, **changes)
    return MultiSyncCollector([_env], policy, frames_per_batch=8, total_frames=16, **changes)


@pytest.mark.parametrize("kind", ["Collector", "MultiSyncCollector"])
def test_none_resolves_to_the_old_split_trajs_and_init_random_frames(kind):
    collector = _build(kind, split_trajs=None, init_random_frames=None)
    try:
        assert collector.split_trajs is False and collector.init_random_frames == 0
    finally:
        collector.shutdown()


@pytest.mark.parametrize("kind, trusted", [("Collector", True), ("MultiSyncCollector", False)])
def test_which_policy_a_collector_trusts_by_default(kind, trusted):
    collector = _build(kind, trust_policy=None)
    try:
        assert collector.trust_policy is trusted
    finally:
        collector.shutdown()


def test_the_old_extend_buffer_is_documented_as_deprecated():
    from torchrl.collectors import Collector

    doc = " ".join((Collector.__doc__ or "").split())
    assert "Setting this to `False` is deprecated" in doc


def _filled_buffer(**config_defaults):
    """A trainer's loop that fills its own replay buffer from what the collector yields."""
    import torch
    from tensordict.nn import TensorDictModule
    from torchrl.collectors import Collector
    from torchrl.data import LazyTensorStorage, ReplayBuffer

    policy = TensorDictModule(torch.nn.Linear(3, 1), in_keys=["observation"], out_keys=["action"])
    collector = Collector(_env, policy, frames_per_batch=8, total_frames=24, **config_defaults)
    buffer = ReplayBuffer(storage=LazyTensorStorage(100))
    shapes, keys = [], set()
    try:
        for batch in collector:
            shapes.append(tuple(batch.batch_size))
            keys |= {str(k) for k in batch.keys(True, True)}
            buffer.extend(batch)
    finally:
        collector.shutdown()
    return shapes, keys, len(buffer)


def test_a_trainer_filling_its_own_buffer_sees_the_same_batches_under_both_config_defaults():
    old = _filled_buffer(extend_buffer=False, trust_policy=True, use_buffers=False)
    new = _filled_buffer(extend_buffer=True, trust_policy=None, use_buffers=None)
    assert old == new
    assert old[2] == 24
