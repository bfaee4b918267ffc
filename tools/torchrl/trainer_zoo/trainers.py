"""One construction per trainer class: which tiny parts to build it from."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tools.torchrl.trainer_zoo.parts import (
    FRAMES_PER_BATCH,
    TOTAL_FRAMES,
    _mlp,
    _n_act,
    _n_obs,
    action_value,
    adam,
    cartpole_env,
    collector,
    deterministic_actor,
    pendulum_env,
    replay_buffer,
    state_value,
    stochastic_actor,
)


class NoConstruction(LookupError):
    """torchrl has a trainer (or hook) this module cannot build yet."""


COMMON = {"total_frames": TOTAL_FRAMES, "frame_skip": 1, "optim_steps_per_batch": 1}


@dataclass
class Construction:
    """How to build one trainer class: the class, its parts, and the knobs every build shares."""

    cls: Any
    parts: dict[str, Any]
    common: dict[str, Any] = field(default_factory=lambda: dict(COMMON))
    # Why a part differs from what the trainer is meant for (GRPO's LLM loss).
    stand_in: str = ""

    def build(self, *, omit: tuple[str, ...] = (), **overrides: Any) -> Any:
        kwargs = {**self.common, **{k: v for k, v in self.parts.items() if k not in omit}, **overrides}
        return self.cls(**kwargs)

    def given(self) -> dict[str, str]:
        """Plain description of the parts: parameter -> class name."""
        return {name: type(value).__name__ for name, value in self.parts.items()}


def construction(name: str) -> Construction:
    """The tiny parts for the trainer class ``name`` (raises NoConstruction for a class without one)."""
    try:
        make = CONSTRUCTIONS[name]
    except KeyError:
        raise NoConstruction(
            f"torchrl {_torchrl_version()} has a trainer class {name!r} that tools/torchrl/trainer_zoo/trainers.py "
            "cannot build; add a construction for it to CONSTRUCTIONS there"
        ) from None
    return make()


def _torchrl_version() -> str:
    from importlib.metadata import version

    return version("torchrl")


def _on_policy(trainer_cls: Any, loss_cls: Any) -> Construction:
    env = pendulum_env()
    actor, critic = stochastic_actor(env), state_value(env)
    loss = loss_cls(actor_network=actor, critic_network=critic)
    parts = {
        "collector": collector(env, actor),
        "loss_module": loss,
        "optimizer": adam(loss),
        "replay_buffer": replay_buffer(without_replacement=True),
    }
    return Construction(trainer_cls, parts)


def _off_policy(trainer_cls: Any, loss_factory: Callable[[Any, Any], Any], *, stochastic: bool) -> Construction:
    from torchrl.objectives import SoftUpdate

    env = pendulum_env()
    actor = stochastic_actor(env) if stochastic else deterministic_actor(env)
    loss = loss_factory(env, actor)
    parts = {
        "collector": collector(env, actor),
        "loss_module": loss,
        "optimizer": adam(loss),
        "replay_buffer": replay_buffer(),
        "target_net_updater": SoftUpdate(loss, tau=0.05),
    }
    return Construction(trainer_cls, parts)


def _base_trainer() -> Construction:
    from torchrl.objectives import ClipPPOLoss
    from torchrl.trainers import Trainer

    env = pendulum_env()
    actor, critic = stochastic_actor(env), state_value(env)
    loss = ClipPPOLoss(actor, critic)
    return Construction(Trainer, {"collector": collector(env, actor), "loss_module": loss, "optimizer": adam(loss)})


def _ppo() -> Construction:
    from torchrl.objectives import ClipPPOLoss
    from torchrl.trainers.algorithms import PPOTrainer

    return _on_policy(PPOTrainer, ClipPPOLoss)


def _a2c() -> Construction:
    from torchrl.objectives import A2CLoss
    from torchrl.trainers.algorithms import A2CTrainer

    return _on_policy(A2CTrainer, A2CLoss)


def _reinforce() -> Construction:
    from torchrl.objectives import ReinforceLoss
    from torchrl.trainers.algorithms import ReinforceTrainer

    return _on_policy(ReinforceTrainer, ReinforceLoss)


def _on_policy_base() -> Construction:
    from torchrl.objectives import ClipPPOLoss
    from torchrl.trainers.algorithms import OnPolicyTrainer

    return _on_policy(OnPolicyTrainer, ClipPPOLoss)


def _sac() -> Construction:
    from torchrl.objectives import SACLoss
    from torchrl.trainers.algorithms import SACTrainer

    return _off_policy(SACTrainer, lambda env, actor: SACLoss(actor, action_value(env)), stochastic=True)


def _td3() -> Construction:
    from torchrl.objectives import TD3Loss
    from torchrl.trainers.algorithms import TD3Trainer

    return _off_policy(
        TD3Trainer,
        lambda env, actor: TD3Loss(actor, action_value(env), action_spec=env.action_spec),
        stochastic=False,
    )


def _ddpg() -> Construction:
    from torchrl.objectives import DDPGLoss
    from torchrl.trainers.algorithms import DDPGTrainer

    return _off_policy(DDPGTrainer, lambda env, actor: DDPGLoss(actor, action_value(env)), stochastic=False)


def _iql() -> Construction:
    from torchrl.objectives import IQLLoss
    from torchrl.trainers.algorithms import IQLTrainer

    return _off_policy(
        IQLTrainer, lambda env, actor: IQLLoss(actor, action_value(env), state_value(env)), stochastic=True
    )


def _cql() -> Construction:
    from torchrl.objectives import CQLLoss
    from torchrl.trainers.algorithms import CQLTrainer

    return _off_policy(CQLTrainer, lambda env, actor: CQLLoss(actor, action_value(env)), stochastic=True)


def _dqn() -> Construction:
    from torchrl.modules import QValueActor
    from torchrl.objectives import DQNLoss, HardUpdate
    from torchrl.trainers.algorithms import DQNTrainer

    env = cartpole_env()
    qvalue = QValueActor(_mlp(_n_obs(env), _n_act(env)), in_keys=["observation"], spec=env.action_spec)
    loss = DQNLoss(qvalue, action_space=env.action_spec)
    parts = {
        "collector": collector(env, qvalue),
        "loss_module": loss,
        "optimizer": adam(loss),
        "replay_buffer": replay_buffer(),
        "target_net_updater": HardUpdate(loss, value_network_update_interval=10),
    }
    return Construction(DQNTrainer, parts)


def _offline_to_online() -> Construction:
    from torchrl.data import OfflineToOnlineReplayBuffer
    from torchrl.objectives import SACLoss, SoftUpdate
    from torchrl.trainers.algorithms import OfflineToOnlineTrainer

    env = pendulum_env()
    actor = stochastic_actor(env)
    offline = replay_buffer()
    offline.extend(env.rollout(FRAMES_PER_BATCH).exclude("next"))
    buffer = OfflineToOnlineReplayBuffer(offline, online_capacity=FRAMES_PER_BATCH, batch_size=4)
    loss = SACLoss(actor, action_value(env))
    parts = {
        "collector": collector(env, actor),
        "loss_module": loss,
        "optimizer": adam(loss),
        "replay_buffer": buffer,
        "target_net_updater": SoftUpdate(loss, tau=0.05),
    }
    return Construction(OfflineToOnlineTrainer, parts)


def _grpo() -> Construction:
    from torchrl.objectives import ClipPPOLoss
    from torchrl.trainers.algorithms import GRPOTrainer

    env = pendulum_env()
    actor, critic = stochastic_actor(env), state_value(env)
    loss = ClipPPOLoss(actor, critic)
    return Construction(
        GRPOTrainer,
        {"collector": collector(env, actor), "loss_module": loss, "optimizer": adam(loss)},
        common={"total_frames": TOTAL_FRAMES},
        stand_in="GRPOTrainer trains a language model with GRPOLoss, which needs an LLM stack; "
        "the hooks it registers do not depend on the loss, so a ClipPPOLoss on Pendulum stands in",
    )


CONSTRUCTIONS: dict[str, Callable[[], Construction]] = {
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
