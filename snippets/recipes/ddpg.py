"""DDPG on Pendulum: Ornstein-Uhlenbeck exploration noise whose scale is annealed by the frames collected.

The knobs below are small so that the file runs in seconds; raise them for real
training (see the recipe page).
"""

import logging
import time

import torch
from tensordict.nn import TensorDictModule, TensorDictSequential
from torch import nn
from torchrl.collectors import Collector
from torchrl.data import LazyTensorStorage, ReplayBuffer
from torchrl.envs import GymEnv, InitTracker, RewardSum, TransformedEnv
from torchrl.modules import MLP, OrnsteinUhlenbeckProcessModule, TanhModule, ValueOperator
from torchrl.objectives import DDPGLoss, SoftUpdate

TOTAL_FRAMES = 2_000  # frames collected in all
FRAMES_PER_BATCH = 200  # one Pendulum episode (200 steps) per batch
INIT_RANDOM_FRAMES = 400  # random actions first, to fill the buffer
BUFFER_SIZE = 100_000  # replay capacity, in frames
BATCH_SIZE = 128  # frames per optimiser step
UPDATES_PER_BATCH = 32  # optimiser steps after each collected batch
LR = 3e-4  # Adam's learning rate, actor and critic
GAMMA = 0.99  # discount
TAU = 0.005  # SoftUpdate: fraction of the gap to the online weights closed per step
NOISE_SIGMA = 0.2  # scale of the Ornstein-Uhlenbeck process
NOISE_EPS_INIT, NOISE_EPS_END = 1.0, 0.1  # factor on the noise, annealed linearly ...
NOISE_ANNEALING_FRAMES = 1_600  # ... over this many collected frames
HIDDEN = 64  # units per hidden layer
SEED = 0  # torch and environment seed

# torchrl logs INFO lines (a storage's first allocation) to stdout; keep stdout to our log.
logging.getLogger("torchrl").setLevel(logging.WARNING)


def make_env(seed: int) -> TransformedEnv:
    # RewardSum writes ("next", "episode_reward"): the return of the episode so far.
    env = TransformedEnv(GymEnv("Pendulum-v1"), RewardSum())
    env.append_transform(InitTracker())  # writes "is_init": the noise restarts with each episode
    env.set_seed(seed)
    return env


def train(
    total_frames: int = TOTAL_FRAMES,
    frames_per_batch: int = FRAMES_PER_BATCH,
    batch_size: int = BATCH_SIZE,
    updates_per_batch: int = UPDATES_PER_BATCH,
    lr: float = LR,
    seed: int = SEED,
) -> list[dict]:
    """Train and return one log row per collected batch (after the random frames).

    ``episode_return`` is the mean return of the episodes that ended in the
    batch (NaN when none did), collected with exploration noise.
    """
    torch.manual_seed(seed)
    env = make_env(seed)
    n_obs = env.observation_spec["observation"].shape[-1]
    n_act = env.action_spec.shape[-1]

    # A deterministic actor: an MLP, then TanhModule scales its output into the action bounds.
    actor = TensorDictSequential(
        TensorDictModule(MLP(n_obs, n_act, num_cells=[HIDDEN, HIDDEN]), ["observation"], ["action"]),
        TanhModule(in_keys=["action"], spec=env.action_spec),
    )
    # DDPG's critic: a single Q-network, reading the observation and the action.
    value = ValueOperator(MLP(n_obs + n_act, 1, num_cells=[HIDDEN, HIDDEN]), in_keys=["observation", "action"])
    # Temporally correlated noise on collected actions, scaled by eps: eps goes from
    # NOISE_EPS_INIT to NOISE_EPS_END as exploration.step(frames) is called (below).
    exploration = OrnsteinUhlenbeckProcessModule(
        env.action_spec,
        eps_init=NOISE_EPS_INIT,
        eps_end=NOISE_EPS_END,
        annealing_num_steps=NOISE_ANNEALING_FRAMES,
        sigma=NOISE_SIGMA,
    )
    policy = TensorDictSequential(actor, exploration)

    loss_module = DDPGLoss(actor, value, delay_actor=True, delay_value=True)
    loss_module.make_value_estimator(gamma=GAMMA)
    target_updater = SoftUpdate(loss_module, tau=TAU)
    # Each term's gradient reaches only its own network, so one optimiser over the sum will do.
    optimizer = torch.optim.Adam(loss_module.parameters(), lr=lr)

    buffer = ReplayBuffer(storage=LazyTensorStorage(BUFFER_SIZE), batch_size=batch_size)
    collector = Collector(
        env,
        policy,
        frames_per_batch=frames_per_batch,
        total_frames=total_frames,
        init_random_frames=INIT_RANDOM_FRAMES,
        auto_register_policy_transforms=False,
    )

    log, start, frames = [], time.perf_counter(), 0
    for batch in collector:
        frames += batch.numel()
        buffer.extend(batch.reshape(-1))
        exploration.step(batch.numel())  # the noise schedule advances with the frames collected
        if frames < INIT_RANDOM_FRAMES:
            continue
        for _ in range(updates_per_batch):
            losses = loss_module(buffer.sample())
            optimizer.zero_grad()
            (losses["loss_actor"] + losses["loss_value"]).backward()
            optimizer.step()
            target_updater.step()  # after every optimiser step
        ended = batch["next", "done"].squeeze(-1)
        row = {
            "frames": frames,
            "episode_return": batch["next", "episode_reward"][ended].mean().item(),
            "episodes": int(ended.sum()),
            "loss_actor": losses["loss_actor"].item(),
            "loss_value": losses["loss_value"].item(),
            "noise_eps": exploration.eps.item(),
            "seconds": round(time.perf_counter() - start, 2),
        }
        log.append(row)
        print(
            f"frames {row['frames']:5d} | return {row['episode_return']:8.1f} "
            f"| actor {row['loss_actor']:+8.3f} value {row['loss_value']:8.3f} | noise eps {row['noise_eps']:.2f}"
        )
    collector.shutdown()
    return log


if __name__ == "__main__":
    train()
