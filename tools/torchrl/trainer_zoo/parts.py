"""Environments, networks, collectors and buffers of the tiniest size torchrl accepts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # imported where it is used, to keep importing this module cheap
    import torch

# torchrl ships no type information: its environments, modules, collectors and buffers are Any here.

FRAMES_PER_BATCH = 8
TOTAL_FRAMES = 16
HIDDEN = 8


def pendulum_env() -> Any:
    """Gymnasium's pure-Python Pendulum-v1: 3 observations, 1 continuous action."""
    from torchrl.envs import GymEnv

    env = GymEnv("Pendulum-v1")
    env.set_seed(0)
    return env


def cartpole_env() -> Any:
    """Gymnasium's pure-Python CartPole-v1: 4 observations, 2 discrete (one-hot) actions."""
    from torchrl.envs import GymEnv

    env = GymEnv("CartPole-v1")
    env.set_seed(0)
    return env


def _n_obs(env: Any) -> int:
    return int(env.observation_spec["observation"].shape[-1])


def _n_act(env: Any) -> int:
    return int(env.action_spec.shape[-1])


def _mlp(in_features: int, out_features: int) -> Any:
    from torchrl.modules import MLP

    return MLP(in_features=in_features, out_features=out_features, num_cells=[HIDDEN])


def stochastic_actor(env: Any) -> Any:
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


def deterministic_actor(env: Any) -> Any:
    from torchrl.modules import Actor

    return Actor(_mlp(_n_obs(env), _n_act(env)), in_keys=["observation"], spec=env.action_spec)


def state_value(env: Any) -> Any:
    from torchrl.modules import ValueOperator

    return ValueOperator(_mlp(_n_obs(env), 1), in_keys=["observation"])


def action_value(env: Any) -> Any:
    from torchrl.modules import ValueOperator

    return ValueOperator(_mlp(_n_obs(env) + _n_act(env), 1), in_keys=["observation", "action"])


def collector(env: Any, policy: Any) -> Any:
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


def replay_buffer(*, without_replacement: bool = False, batch_size: int = 4) -> Any:
    from torchrl.data import LazyTensorStorage, ReplayBuffer, SamplerWithoutReplacement

    sampler = SamplerWithoutReplacement() if without_replacement else None
    return ReplayBuffer(storage=LazyTensorStorage(FRAMES_PER_BATCH), sampler=sampler, batch_size=batch_size)


def adam(module: Any) -> torch.optim.Adam:
    import torch

    return torch.optim.Adam(module.parameters(), lr=1e-3)
