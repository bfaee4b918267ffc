"""Tiny parts for every trainer: the smallest construction torchrl accepts, on CPU.

Measurement builds each trainer from these parts and reads what it wired up
(hooks, modules, checkpoint components).  A trainer class that appears in a
new torchrl without a recipe here stops the build with a message naming it.

Sizes are deliberately minute: one hidden layer of 8 units, batches of 8
frames.  Nothing here trains; the runnable examples under ``snippets/`` do.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

FRAMES_PER_BATCH = 8
TOTAL_FRAMES = 16
HIDDEN = 8


class NoRecipe(LookupError):
    """torchrl has a trainer (or hook) this module cannot build yet."""


def pendulum_env():
    """Gymnasium's pure-Python Pendulum-v1: 3 observations, 1 continuous action."""
    from torchrl.envs import GymEnv

    env = GymEnv("Pendulum-v1")
    env.set_seed(0)
    return env


def cartpole_env():
    """Gymnasium's pure-Python CartPole-v1: 4 observations, 2 discrete (one-hot) actions."""
    from torchrl.envs import GymEnv

    env = GymEnv("CartPole-v1")
    env.set_seed(0)
    return env


def _n_obs(env) -> int:
    return env.observation_spec["observation"].shape[-1]


def _n_act(env) -> int:
    return env.action_spec.shape[-1]


def _mlp(in_features: int, out_features: int):
    from torchrl.modules import MLP

    return MLP(in_features=in_features, out_features=out_features, num_cells=[HIDDEN])


def stochastic_actor(env):
    from tensordict.nn import NormalParamExtractor, TensorDictModule
    from torch import nn
    from torchrl.modules import ProbabilisticActor, TanhNormal

    net = nn.Sequential(_mlp(_n_obs(env), 2 * _n_act(env)), NormalParamExtractor())
    module = TensorDictModule(net, in_keys=["observation"], out_keys=["loc", "scale"])
    return ProbabilisticActor(
        module,
        in_keys=["loc", "scale"],
        spec=env.action_spec,
        distribution_class=TanhNormal,
        return_log_prob=True,
    )


def deterministic_actor(env):
    from torchrl.modules import Actor

    return Actor(_mlp(_n_obs(env), _n_act(env)), in_keys=["observation"], spec=env.action_spec)


def state_value(env):
    from torchrl.modules import ValueOperator

    return ValueOperator(_mlp(_n_obs(env), 1), in_keys=["observation"])


def action_value(env):
    from torchrl.modules import ValueOperator

    return ValueOperator(_mlp(_n_obs(env) + _n_act(env), 1), in_keys=["observation", "action"])


def collector(env, policy):
    from torchrl.collectors import Collector

    # False: keep the env as given (the pre-0.15 behaviour) without the
    # FutureWarning torchrl 0.14 emits when the flag is left unset.
    return Collector(
        env,
        policy,
        frames_per_batch=FRAMES_PER_BATCH,
        total_frames=TOTAL_FRAMES,
        auto_register_policy_transforms=False,
    )


def replay_buffer(*, without_replacement: bool = False, batch_size: int = 4):
    from torchrl.data import LazyTensorStorage, ReplayBuffer, SamplerWithoutReplacement

    sampler = SamplerWithoutReplacement() if without_replacement else None
    return ReplayBuffer(storage=LazyTensorStorage(FRAMES_PER_BATCH), sampler=sampler, batch_size=batch_size)


def adam(module):
    import torch

    return torch.optim.Adam(module.parameters(), lr=1e-3)


COMMON = {"total_frames": TOTAL_FRAMES, "frame_skip": 1, "optim_steps_per_batch": 1}


@dataclass
class Recipe:
    """How to build one trainer class: the class, its parts, and the knobs every build shares."""

    cls: Any
    parts: dict[str, Any]
    common: dict[str, Any] = field(default_factory=lambda: dict(COMMON))
    # Why a part differs from what the trainer is meant for (GRPO's LLM loss).
    stand_in: str = ""

    def build(self, *, omit: tuple[str, ...] = (), **overrides) -> Any:
        kwargs = {**self.common, **{k: v for k, v in self.parts.items() if k not in omit}, **overrides}
        return self.cls(**kwargs)

    def given(self) -> dict[str, str]:
        """Plain description of the parts: parameter -> class name."""
        return {name: type(value).__name__ for name, value in self.parts.items()}


def recipe(name: str) -> Recipe:
    """The tiny parts for the trainer class ``name`` (raises NoRecipe for a class without one)."""
    try:
        make = RECIPES[name]
    except KeyError:
        raise NoRecipe(
            f"torchrl {_torchrl_version()} has a trainer class {name!r} that tools/zoo.py "
            "cannot build; add a recipe for it to RECIPES there"
        ) from None
    return make()


def _torchrl_version() -> str:
    from importlib.metadata import version

    return version("torchrl")


def _on_policy(trainer_cls, loss_cls) -> Recipe:
    env = pendulum_env()
    actor, critic = stochastic_actor(env), state_value(env)
    loss = loss_cls(actor_network=actor, critic_network=critic)
    parts = dict(
        collector=collector(env, actor),
        loss_module=loss,
        optimizer=adam(loss),
        replay_buffer=replay_buffer(without_replacement=True),
    )
    return Recipe(trainer_cls, parts)


def _off_policy(trainer_cls, loss_factory, *, stochastic: bool) -> Recipe:
    from torchrl.objectives import SoftUpdate

    env = pendulum_env()
    actor = stochastic_actor(env) if stochastic else deterministic_actor(env)
    loss = loss_factory(env, actor)
    parts = dict(
        collector=collector(env, actor),
        loss_module=loss,
        optimizer=adam(loss),
        replay_buffer=replay_buffer(),
        target_net_updater=SoftUpdate(loss, tau=0.05),
    )
    return Recipe(trainer_cls, parts)


def _base_trainer() -> Recipe:
    from torchrl.objectives import ClipPPOLoss
    from torchrl.trainers import Trainer

    env = pendulum_env()
    actor, critic = stochastic_actor(env), state_value(env)
    loss = ClipPPOLoss(actor, critic)
    return Recipe(Trainer, dict(collector=collector(env, actor), loss_module=loss, optimizer=adam(loss)))


def _ppo() -> Recipe:
    from torchrl.objectives import ClipPPOLoss
    from torchrl.trainers.algorithms import PPOTrainer

    return _on_policy(PPOTrainer, ClipPPOLoss)


def _a2c() -> Recipe:
    from torchrl.objectives import A2CLoss
    from torchrl.trainers.algorithms import A2CTrainer

    return _on_policy(A2CTrainer, A2CLoss)


def _reinforce() -> Recipe:
    from torchrl.objectives import ReinforceLoss
    from torchrl.trainers.algorithms import ReinforceTrainer

    return _on_policy(ReinforceTrainer, ReinforceLoss)


def _on_policy_base() -> Recipe:
    from torchrl.objectives import ClipPPOLoss
    from torchrl.trainers.algorithms import OnPolicyTrainer

    return _on_policy(OnPolicyTrainer, ClipPPOLoss)


def _sac() -> Recipe:
    from torchrl.objectives import SACLoss
    from torchrl.trainers.algorithms import SACTrainer

    return _off_policy(SACTrainer, lambda env, actor: SACLoss(actor, action_value(env)), stochastic=True)


def _td3() -> Recipe:
    from torchrl.objectives import TD3Loss
    from torchrl.trainers.algorithms import TD3Trainer

    return _off_policy(
        TD3Trainer,
        lambda env, actor: TD3Loss(actor, action_value(env), action_spec=env.action_spec),
        stochastic=False,
    )


def _ddpg() -> Recipe:
    from torchrl.objectives import DDPGLoss
    from torchrl.trainers.algorithms import DDPGTrainer

    return _off_policy(DDPGTrainer, lambda env, actor: DDPGLoss(actor, action_value(env)), stochastic=False)


def _iql() -> Recipe:
    from torchrl.objectives import IQLLoss
    from torchrl.trainers.algorithms import IQLTrainer

    return _off_policy(
        IQLTrainer, lambda env, actor: IQLLoss(actor, action_value(env), state_value(env)), stochastic=True
    )


def _cql() -> Recipe:
    from torchrl.objectives import CQLLoss
    from torchrl.trainers.algorithms import CQLTrainer

    return _off_policy(CQLTrainer, lambda env, actor: CQLLoss(actor, action_value(env)), stochastic=True)


def _dqn() -> Recipe:
    from torchrl.modules import QValueActor
    from torchrl.objectives import DQNLoss, HardUpdate
    from torchrl.trainers.algorithms import DQNTrainer

    env = cartpole_env()
    qvalue = QValueActor(_mlp(_n_obs(env), _n_act(env)), in_keys=["observation"], spec=env.action_spec)
    loss = DQNLoss(qvalue, action_space=env.action_spec)
    parts = dict(
        collector=collector(env, qvalue),
        loss_module=loss,
        optimizer=adam(loss),
        replay_buffer=replay_buffer(),
        target_net_updater=HardUpdate(loss, value_network_update_interval=10),
    )
    return Recipe(DQNTrainer, parts)


def _offline_to_online() -> Recipe:
    from torchrl.data import OfflineToOnlineReplayBuffer
    from torchrl.objectives import SACLoss, SoftUpdate
    from torchrl.trainers.algorithms import OfflineToOnlineTrainer

    env = pendulum_env()
    actor = stochastic_actor(env)
    offline = replay_buffer()
    offline.extend(env.rollout(FRAMES_PER_BATCH).exclude("next"))
    buffer = OfflineToOnlineReplayBuffer(offline, online_capacity=FRAMES_PER_BATCH, batch_size=4)
    loss = SACLoss(actor, action_value(env))
    parts = dict(
        collector=collector(env, actor),
        loss_module=loss,
        optimizer=adam(loss),
        replay_buffer=buffer,
        target_net_updater=SoftUpdate(loss, tau=0.05),
    )
    return Recipe(OfflineToOnlineTrainer, parts)


def _grpo() -> Recipe:
    from torchrl.objectives import ClipPPOLoss
    from torchrl.trainers.algorithms import GRPOTrainer

    env = pendulum_env()
    actor, critic = stochastic_actor(env), state_value(env)
    loss = ClipPPOLoss(actor, critic)
    return Recipe(
        GRPOTrainer,
        dict(collector=collector(env, actor), loss_module=loss, optimizer=adam(loss)),
        common={"total_frames": TOTAL_FRAMES},
        stand_in="GRPOTrainer trains a language model with GRPOLoss, which needs an LLM stack; "
        "the hooks it registers do not depend on the loss, so a ClipPPOLoss on Pendulum stands in",
    )


RECIPES: dict[str, Callable[[], Recipe]] = {
    "Trainer": _base_trainer,
    "OnPolicyTrainer": _on_policy_base,
    "PPOTrainer": _ppo,
    "A2CTrainer": _a2c,
    "ReinforceTrainer": _reinforce,
    "SACTrainer": _sac,
    "TD3Trainer": _td3,
    "DDPGTrainer": _ddpg,
    "DQNTrainer": _dqn,
    "IQLTrainer": _iql,
    "CQLTrainer": _cql,
    "OfflineToOnlineTrainer": _offline_to_online,
    "GRPOTrainer": _grpo,
}


class LinearLoss:
    """The smallest loss a Trainer accepts: a callable returning ``loss_*`` entries.

    ``calls`` counts invocations; ``on_call(batch)`` lets a probe record the moment.
    """

    def __init__(self, in_features: int, on_call: Callable[[Any], None] | None = None):
        import torch

        self.linear = torch.nn.Linear(in_features, 1)
        self.on_call = on_call
        self.calls = 0

    def parameters(self):
        return self.linear.parameters()

    def __call__(self, batch):
        from tensordict import TensorDict

        self.calls += 1
        if self.on_call is not None:
            self.on_call(batch)
        value = self.linear(batch["observation"]).pow(2).mean()
        return TensorDict({"loss_probe": value}, [])


def probe_trainer(*, batches: int = 2, num_epochs: int = 1, optim_steps_per_batch: int = 1, **kwargs):
    """A base ``Trainer`` on a random policy and a linear loss: no network, no replay buffer.

    It collects ``batches`` batches of FRAMES_PER_BATCH frames, so ``train()``
    runs the whole loop in milliseconds.
    """
    import torch
    from torchrl.collectors import Collector, RandomPolicy
    from torchrl.trainers import Trainer

    env = pendulum_env()
    loss = kwargs.pop("loss_module", None) or LinearLoss(_n_obs(env))
    optimizer = kwargs.pop("optimizer", "sgd")
    if optimizer == "sgd":
        optimizer = torch.optim.SGD(loss.parameters(), lr=1e-3)
    data = Collector(
        env,
        RandomPolicy(env.action_spec),
        frames_per_batch=FRAMES_PER_BATCH,
        total_frames=batches * FRAMES_PER_BATCH,
    )
    return Trainer(
        collector=data,
        total_frames=batches * FRAMES_PER_BATCH,
        frame_skip=1,
        optim_steps_per_batch=optim_steps_per_batch,
        num_epochs=num_epochs,
        loss_module=loss,
        optimizer=optimizer,
        progress_bar=False,
        **kwargs,
    )


class Captured:
    """Warnings and torchrl log lines emitted inside ``captured()``: measured facts, not noise."""

    def __init__(self):
        self.warnings: list[str] = []
        self.log: list[str] = []

    def texts(self) -> list[str]:
        return list(dict.fromkeys([*self.warnings, *self.log]))


@contextmanager
def captured():
    """Record (instead of print) Python warnings and torchrl's log output.

    Measurement shows them on the pages as what torchrl said; the build output
    stays clean without filtering anything the site itself emits.
    """
    import logging

    import torchrl._utils  # noqa: F401  (torchrl installs its log handler on import: swap it after)

    record = Captured()
    torchrl_log = logging.getLogger("torchrl")

    class _Collect(logging.Handler):
        def emit(self, entry: logging.LogRecord) -> None:
            record.log.append(f"torchrl log ({entry.levelname}): {entry.getMessage()}")

    handlers, propagate = torchrl_log.handlers[:], torchrl_log.propagate
    torchrl_log.handlers, torchrl_log.propagate = [_Collect()], False
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            yield record
        record.warnings.extend(f"{w.category.__name__}: {w.message}" for w in caught)
    finally:
        torchrl_log.handlers, torchrl_log.propagate = handlers, propagate


def _hook_recipes() -> dict[str, Callable[[Any], Any]]:
    """Hook class name -> function(probe trainer) -> a hook instance built on tiny parts."""
    import torch

    def td3_loss():
        from torchrl.objectives import TD3Loss

        env = pendulum_env()
        return TD3Loss(deterministic_actor(env), action_value(env), action_spec=env.action_spec)

    def offline_to_online_buffer():
        from torchrl.data import OfflineToOnlineReplayBuffer

        offline = replay_buffer()
        offline.extend(pendulum_env().rollout(FRAMES_PER_BATCH).exclude("next"))
        return OfflineToOnlineReplayBuffer(offline, online_capacity=FRAMES_PER_BATCH, batch_size=4)

    def gae():
        from torchrl.objectives.value import GAE

        return GAE(gamma=0.99, lmbda=0.95, value_network=state_value(pendulum_env()))

    def hooks():
        import torchrl.trainers as T
        from torchrl.trainers.algorithms.offline_to_online import (
            OfflineToOnlineAnnealHook,
            OfflineToOnlineReplayBufferHook,
        )
        from torchrl.trainers.algorithms.td3 import TD3OptimizationStepper

        def two_optimizers(trainer):
            loss = td3_loss()
            return TD3OptimizationStepper(adam(loss.actor_network_params), adam(loss.qvalue_network_params))

        return {
            "BatchSubSampler": lambda trainer: T.BatchSubSampler(batch_size=4),
            "ClearCudaCache": lambda trainer: T.ClearCudaCache(interval=1),
            "CountFramesLog": lambda trainer: T.CountFramesLog(frame_skip=1),
            "DefaultOptimizationStepper": lambda trainer: T.DefaultOptimizationStepper(),
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
            "OfflineToOnlineReplayBufferHook": lambda trainer: OfflineToOnlineReplayBufferHook(offline_to_online_buffer()),
            "OptimizationStepper": lambda trainer: T.OptimizationStepper(),
            "OptimizerHook": lambda trainer: T.OptimizerHook(trainer.optimizer),
            "ReplayBufferTrainer": lambda trainer: T.ReplayBufferTrainer(replay_buffer()),
            "RewardNormalizer": lambda trainer: T.RewardNormalizer(),
            "SelectKeys": lambda trainer: T.SelectKeys(["observation"]),
            "TD3OptimizationStepper": two_optimizers,
            "TargetNetUpdaterHook": lambda trainer: T.TargetNetUpdaterHook(
                __import__("torchrl.objectives", fromlist=["SoftUpdate"]).SoftUpdate(td3_loss(), tau=0.05)
            ),
            "UTDRHook": lambda trainer: T.UTDRHook(trainer),
            "UpdateWeights": lambda trainer: T.UpdateWeights(trainer.collector),
            "ValueEstimatorHook": lambda trainer: T.ValueEstimatorHook(gae()),
        }

    return hooks()


# Hook classes whose constructor needs parts too large for a tiny build: their
# register() is measured on an instance made without running __init__, and
# the page says so.
UNBUILT_HOOKS = {
    "DreamerV3OptimizationStepper": "its constructor needs a DreamerV3Loss (a world model, an actor and a value model)",
}


def hook(name: str, trainer) -> tuple[Any, str]:
    """(hook instance, how it was made) for the hook class ``name``, registered into nothing yet."""
    if name in UNBUILT_HOOKS:
        cls = hook_classes()[name]
        return cls.__new__(cls), f"made without running `__init__`: {UNBUILT_HOOKS[name]}"
    recipes = _hook_recipes()
    if name not in recipes:
        raise NoRecipe(
            f"torchrl {_torchrl_version()} has a hook class {name!r} that tools/zoo.py cannot build; "
            "add it to _hook_recipes (or UNBUILT_HOOKS, with the reason) there"
        )
    return recipes[name](trainer), ""


def hook_classes() -> dict[str, type]:
    """Every subclass of TrainerHookBase torchrl defines (discovered, not listed)."""
    import torchrl.trainers.algorithms  # noqa: F401  (defines the algorithm-specific hooks)
    from torchrl.trainers import TrainerHookBase

    found: dict[str, type] = {}
    stack = [TrainerHookBase]
    while stack:
        for sub in stack.pop().__subclasses__():
            if sub.__module__.startswith("torchrl.") and sub.__name__ not in found:
                found[sub.__name__] = sub
                stack.append(sub)
    return found
