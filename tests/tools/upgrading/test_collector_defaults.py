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
