"""One construction per trainer hook class: a hook instance built on tiny parts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tools.torchrl import loss_zoo as zoo
from tools.torchrl.trainer_zoo.parts import (
    FRAMES_PER_BATCH,
    TOTAL_FRAMES,
    action_value,
    adam,
    deterministic_actor,
    pendulum_env,
    replay_buffer,
    state_value,
)
from tools.torchrl.trainer_zoo.trainers import NoConstruction, _torchrl_version
from tools.torchrl.trainers import hook_classes


def _hook_constructions() -> dict[str, Callable[[Any], Any]]:
    """Hook class name -> function(probe trainer) -> a hook instance built on tiny parts."""
    import torch

    def td3_loss() -> Any:
        from torchrl.objectives import TD3Loss

        env = pendulum_env()
        return TD3Loss(deterministic_actor(env), action_value(env), action_spec=env.action_spec)

    def offline_to_online_buffer() -> Any:
        from torchrl.data import OfflineToOnlineReplayBuffer

        offline = replay_buffer()
        offline.extend(pendulum_env().rollout(FRAMES_PER_BATCH).exclude("next"))
        return OfflineToOnlineReplayBuffer(offline, online_capacity=FRAMES_PER_BATCH, batch_size=4)

    def gae() -> Any:
        from torchrl.objectives.value import GAE

        return GAE(gamma=0.99, lmbda=0.95, value_network=state_value(pendulum_env()))

    def hooks() -> dict[str, Callable[[Any], Any]]:
        import torchrl.trainers as T
        from torchrl.objectives import SoftUpdate
        from torchrl.trainers.algorithms.offline_to_online import (
            OfflineToOnlineAnnealHook,
            OfflineToOnlineReplayBufferHook,
        )
        from torchrl.trainers.algorithms.td3 import TD3OptimizationStepper

        def dreamer_v3_stepper(trainer: Any) -> Any:
            from torchrl.trainers.algorithms import DreamerV3OptimizationStepper

            loss = zoo.build("DreamerV3Loss").loss
            return DreamerV3OptimizationStepper(loss, adam(loss))

        def two_optimizers(trainer: Any) -> Any:
            loss = td3_loss()
            return TD3OptimizationStepper(adam(loss.actor_network_params), adam(loss.qvalue_network_params))

        return {
            "BatchSubSampler": lambda trainer: T.BatchSubSampler(batch_size=4),
            "ClearCudaCache": lambda trainer: T.ClearCudaCache(interval=1),
            "CountFramesLog": lambda trainer: T.CountFramesLog(frame_skip=1),
            "DefaultOptimizationStepper": lambda trainer: T.DefaultOptimizationStepper(),
            "DreamerV3OptimizationStepper": dreamer_v3_stepper,
            "EarlyStopping": lambda trainer: T.EarlyStopping(),
            "LogScalar": lambda trainer: T.LogScalar(),
            "LogTiming": lambda trainer: T.LogTiming(),
            "LogValidationReward": lambda trainer: T.LogValidationReward(
                record_interval=1,
                record_frames=FRAMES_PER_BATCH,
                policy_exploration=deterministic_actor(pendulum_env()),
                environment=pendulum_env(),
            ),
            "LRSchedulerHook": lambda trainer: T.LRSchedulerHook(torch.optim.lr_scheduler.StepLR(trainer.optimizer, 1)),
            "MixedPrecisionOptimizationStepper": lambda trainer: T.MixedPrecisionOptimizationStepper(trainer.optimizer),
            "OfflineToOnlineAnnealHook": lambda trainer: OfflineToOnlineAnnealHook(
                trainer, offline_to_online_buffer(), anneal_frames=TOTAL_FRAMES
            ),
            "OfflineToOnlineReplayBufferHook": lambda trainer: OfflineToOnlineReplayBufferHook(
                offline_to_online_buffer()
            ),
            "OptimizationStepper": lambda trainer: T.OptimizationStepper(),
            "OptimizerHook": lambda trainer: T.OptimizerHook(trainer.optimizer),
            "ReplayBufferTrainer": lambda trainer: T.ReplayBufferTrainer(replay_buffer()),
            "RewardNormalizer": lambda trainer: T.RewardNormalizer(),
            "SelectKeys": lambda trainer: T.SelectKeys(["observation"]),
            "TD3OptimizationStepper": two_optimizers,
            "TargetNetUpdaterHook": lambda trainer: T.TargetNetUpdaterHook(SoftUpdate(td3_loss(), tau=0.05)),
            "UTDRHook": lambda trainer: T.UTDRHook(trainer),
            "UpdateWeights": lambda trainer: T.UpdateWeights(trainer.collector),
            "ValueEstimatorHook": lambda trainer: T.ValueEstimatorHook(gae()),
        }

    return hooks()


# Hook classes whose constructor needs parts too large for a tiny build: their
# register() is measured on an instance made without running __init__, and
# the page says so.
UNBUILT_HOOKS: dict[str, str] = {}


def hook(name: str, trainer: Any) -> tuple[Any, str]:
    """(hook instance, how it was made) for the hook class ``name``, registered into nothing yet."""
    if name in UNBUILT_HOOKS:
        cls: Any = hook_classes()[name]  # a torchrl class (untyped): its own __new__, not type.__new__
        return cls.__new__(cls), f"made without running `__init__`: {UNBUILT_HOOKS[name]}"
    constructions = _hook_constructions()
    if name not in constructions:
        raise NoConstruction(
            f"torchrl {_torchrl_version()} has a hook class {name!r} that tools/torchrl/trainer_zoo/hooks.py cannot build; "
            "add it to _hook_constructions (or UNBUILT_HOOKS, with the reason) there"
        )
    return constructions[name](trainer), ""
